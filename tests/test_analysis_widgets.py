"""The solver in the widgets: the Analysis switch, Review, Drill.from_mistakes."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from support import send_message, send_update

import cardwidgets
from cardwidgets import GAMES, Drill, HandReplay, Table
from cardwidgets.analysis import AnalysisError, DoubleDummy, double_dummy, post_mortem
from cardwidgets.analysis import judge as judge_module
from cardwidgets.analysis.dd import declaring_points
from cardwidgets.analysis.judge import judge
from cardwidgets.analysis.outcome import result_of_points
from cardwidgets.analysis.position import declaring_seats
from cardwidgets.analysis.postmortem import start_and_actions
from cardwidgets.bots import make_bot
from cardwidgets.core.records import record_of
from cardwidgets.drills import DrillError
from cardwidgets.games import new_game
from cardwidgets.i18n import Points
from cardwidgets.i18n.names import number_text
from cardwidgets.widgets.analysis_view import analyse, legend

RECORDS = Path(__file__).parent.parent / "notebooks" / "records"


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's verdicts (Review, Analysis) with few sampled deals: the same code, CI-fast."""
    monkeypatch.setattr(judge_module, "sample_count", lambda state, actions: 6)
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")


def played(game: str, seed: int) -> Any:
    """A whole deal of ``game`` played by random bots (their mistakes make good reviews)."""
    state = new_game(game, seed=seed)
    bot = make_bot("random", seed)
    while not state.is_done:
        state.apply(bot.choose(state))
    return state


def first_play_step(replay: HandReplay) -> int:
    """The first step of the line at which the play has begun."""
    return next(k for k in range(replay.steps + 1) if replay._line.state(k).phase == "play")


# ----- HandReplay: the Analysis switch ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["nimby", "tumbochka"])
def test_analysis_shows_the_solver_value_of_every_legal_action(game: str) -> None:
    replay = HandReplay(played(game, 3), analysis=True)
    for step in range(first_play_step(replay), replay.steps):
        replay.go(step)
        state = replay.state
        exact = double_dummy(state)
        view = replay.analysis_view
        assert view["status"] == "done"
        assert {a["action"]: a["value"] for a in view["actions"]} == exact
        scores = judge(state, dd=True, samples=2).dd  # marks: the deal's score for the seat to act (the judge's)
        if game == "nimby" or state.to_act == state.declarer:
            assert scores == {a: result_of_points(state, state.to_act, v) for a, v in exact.items()}
        best_score = max(scores.values())
        for entry in view["actions"]:
            assert entry["best"] == (scores[entry["action"]] == best_score)
            assert entry["mark"] == ("✓" if entry["best"] else f"−{best_score - scores[entry['action']]}")
        maximize = declaring_seats(state)[state.to_act]
        top = max(exact.values()) if maximize else min(exact.values())
        tops = [a for a, v in exact.items() if v == top]
        expected = "any" if len(tops) == len(exact) else "only" if len(tops) == 1 else "some"
        assert view["kind"] == expected


def test_only_card_and_any_card_are_told_apart() -> None:
    kinds = set()
    for seed in range(6):
        replay = HandReplay(played("nimby", seed), analysis=True)
        for step in range(first_play_step(replay), replay.steps):
            replay.go(step)
            kinds.add(replay.analysis_view["kind"])
    assert {"only", "any"} <= kinds


@pytest.mark.parametrize("game", ["nimby", "tumbochka"])
def test_the_best_line_keeps_the_value_and_plays_to_the_end(game: str) -> None:
    replay = HandReplay(played(game, 5), analysis=True)
    replay.go(first_play_step(replay))
    view = replay.analysis_view
    assert view["line_complete"] is True
    state = replay.state.clone()
    target = max(a["value"] for a in view["actions"] if a["best"])
    for entry in view["line"]:
        assert entry["seat"] == state.to_act
        assert double_dummy(state)[entry["action"]] == target  # each step of the line keeps the best value
        state.apply(entry["action"])
    assert state.is_done
    assert declaring_points(state) == target  # the line ends with the declaring side on the value shown


def test_one_table_serves_every_step_of_a_replay() -> None:
    replay = HandReplay(played("tumbochka", 2), analysis=True)
    replay.go(first_play_step(replay))
    solver = replay._solver
    entries = len(solver.solver.table)
    assert entries > 0
    replay.forward()
    assert replay._solver is solver
    assert len(solver.solver.table) >= entries  # kept, not cleared, from one step to the next


def test_a_solve_out_of_time_says_not_finished_and_keeps_only_exact_values() -> None:
    state = played("tumbochka", 2)
    replay = HandReplay(state)
    replay.go(first_play_step(replay))
    position = replay.state
    exact = double_dummy(position)
    view = analyse(position, DoubleDummy(max_nodes=40), "en", 5.0)
    assert view["status"] == "unfinished"
    assert "Not finished" in view["message"]
    assert view["line"] == []
    assert view["kind"] == ""
    given = {a["action"]: a["value"] for a in view["actions"] if a["value"] is not None}
    assert len(given) < len(exact)
    assert all(exact[action] == value for action, value in given.items())  # never a wrong value
    assert all(a["mark"] == "?" for a in view["actions"] if a["value"] is None)


def test_a_step_outside_the_play_says_so() -> None:
    replay = HandReplay(played("nimby", 1), analysis=True, locale="ru")
    replay.go(0)
    assert replay.analysis_view["status"] == "none"
    assert replay.analysis_view["message"] == "Решатель анализирует только розыгрыш, а здесь идёт выбор козыря."
    replay.end()
    assert replay.analysis_view["message"] == "Сдача окончена: анализировать нечего."


def test_the_switch_from_the_front_end_and_the_legend() -> None:
    replay = HandReplay(played("nimby", 3))
    replay.go(first_play_step(replay))
    assert replay.analysis_view == {}
    send_message(replay, {"command": "analysis", "on": True})
    assert replay.analysis is True
    assert replay.error == {}
    assert len(replay.analysis_view["legend"]) == 3
    assert "Analysis with all cards face up" in replay.text()
    send_message(replay, {"command": "analysis", "on": "yes"})  # not a true/false: refused, nothing changes
    assert replay.error["text"]
    assert replay.analysis is True
    send_message(replay, {"command": "analysis", "on": False})
    assert replay.analysis is False
    assert replay.analysis_view == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_legend_says_how_every_game_counts_a_loss(game: str) -> None:
    """The same loss line for every game (the partnership rule, then Tumbochka's note from its own words)."""
    english, russian = legend(game, "en"), legend(game, "ru")
    assert english[2] == (
        "−3 (red): it loses 3 against the best choice in the deal's score of the seat to act "
        "(its side's score less the other side's; in Tumbochka his own score, the contract in full)."
    )
    assert russian[2] == (
        "−3 (красным): ход на 3 хуже лучшего по итогу сдачи для того, кто делает ход "
        "(счёт его стороны минус счёт другой; в Тумбочке — его собственный счёт, заказ целиком)."
    )
    assert len(english) == len(russian) == (4 if game == "tumbochka" else 3)  # who plays for whom, in Tumbochka


def test_the_browser_may_not_write_the_analysis_trait() -> None:
    replay = HandReplay(played("nimby", 3))
    send_update(replay, {"analysis": True})
    assert replay.analysis is False
    assert replay.error["text"]


def synced_cards(widget: HandReplay) -> set[str]:
    state = json.loads(json.dumps({k: v for k, v in widget.get_state().items() if not k.startswith("_")}))
    state.pop("ui")
    return set(CARD.findall(json.dumps(state)))


def test_no_analysis_in_a_seat_view_before_reveal() -> None:
    record = record_of(played("tumbochka", 2))
    replay = HandReplay(record, seat=1)
    replay.go(first_play_step(replay) + 1)
    allowed = set(CARD.findall(json.dumps(replay.state.view(1))))
    send_message(replay, {"command": "analysis", "on": True})
    assert replay.analysis is False
    assert "Reveal" in replay.error["text"]
    assert replay.analysis_view == {}
    assert synced_cards(replay) <= allowed  # nothing hidden reached the browser
    with pytest.raises(ValueError, match="Reveal"):
        replay.set_analysis(True)
    with pytest.raises(Exception, match="Reveal"):
        replay.analysis = True
    with pytest.raises(ValueError, match="Reveal"):
        HandReplay(record, seat=1, analysis=True)
    replay.reveal()
    replay.set_analysis(True)
    assert replay.analysis_view["actions"]
    replay.hide()  # back to the seat's view: the analysis goes off with the hands
    assert replay.analysis is False
    assert replay.analysis_view == {}
    assert synced_cards(replay) <= allowed
    replay.reveal()
    replay.set_analysis(True)
    replay.seat = 2  # another seat's view (revealed stays): still every hand shown, analysis may stay
    assert replay.analysis is True


def test_analysis_in_russian_has_no_latin_words() -> None:
    from test_i18n import latin_words

    replay = HandReplay(played("tumbochka", 2), analysis=True, locale="ru")
    replay.go(first_play_step(replay))
    view = replay.analysis_view
    texts = [view["side"], view["summary"], *view["legend"], *(a["label"] for a in view["actions"])]
    texts += [entry["label"] for entry in view["line"]]
    for text in texts:
        assert not latin_words(text), text


# ----- Table: the Review after a deal ---------------------------------------------------------------------------
def played_table(game: str, seed: int, **kwargs: Any) -> Table:
    """A table whose deal the learner (seat 0, playing at random) has just finished."""
    table = Table(game, seat=0, seed=seed, pace=0, bots="random", **kwargs)
    learner = make_bot("random", seed)
    while not table.state.is_done:
        assert table.act(learner.choose(table.state).text)
    return table


def test_review_is_refused_before_the_end_of_the_deal() -> None:
    table = Table("nimby", seat=0, seed=1, pace=0)
    assert table.review() is None
    assert table.error["text"] == "the review comes when the deal is over"
    assert table.review_rows == []
    assert table.reviewed is False


def test_review_lists_the_costly_decisions_with_both_costs() -> None:
    table = played_table("nimby", 1)
    send_message(table, {"command": "review"})
    table._reviews.thread.join(60)  # worked out off the message handler
    assert table.reviewed is True
    assert table.error == {}
    rows = post_mortem(table.state, 0)
    costly = [row for row in rows if row["verdict"] in ("inaccuracy", "mistake") or row["dd_cost"]]
    assert costly  # this deal has some: the test can fail
    fields = ("number", "verdict", "dd_cost", "mc_cost", "mc_error", "text")
    assert [tuple(r[f] for f in fields) for r in table.review_rows] == [tuple(r[f] for f in fields) for r in costly]
    assert [entry["index"] for entry in table.review_rows] == list(range(1, len(costly) + 1))  # numbered from 1
    for entry in table.review_rows:
        assert entry["step"] == entry["number"] - 1
        assert entry["dd"] == ("?" if entry["dd_cost"] is None else Points(entry["dd_cost"], "nimby").text("en"))
        assert entry["mc"] == Points(entry["mc_cost"], "nimby", decimals=1).text("en")  # the sentence's rounding
    assert table.review() == table.review_rows  # asked again: the same rows, not solved anew


def test_review_follows_the_locale_and_clears_at_the_next_deal() -> None:
    from test_i18n import latin_words

    table = played_table("nimby", 1)
    table.review()
    assert table.review_rows
    table.locale = "ru"
    for entry in table.review_rows:
        assert not latin_words(entry["text"]), entry["text"]
        assert "," in entry["mc"]  # a decimal comma in Russian
        assert entry["mc"].endswith(("балл", "балла", "баллов"))  # Nimby's points, the seed's «баллы»
    table.next_deal()
    assert table.review_rows == []
    assert table.reviewed is False


def test_review_replay_opens_the_decision_with_analysis_on() -> None:
    table = played_table("nimby", 1)
    rows = table.review()
    assert rows
    solved = 0
    for row in rows:
        replay = table.review_replay(row["index"])
        assert replay.step == row["number"] - 1
        assert replay.state.to_act == 0
        assert replay._line.line[replay.step] == row["action"]  # the decision reviewed is the next action
        assert replay.analysis is True
        if replay.state.phase == "play":  # the solver values the card play only
            values = {a["action"]: a["value"] for a in replay.analysis_view["actions"]}
            assert values == double_dummy(replay.state)
            solved += 1
    assert solved
    with pytest.raises(ValueError, match="no review entry 99"):
        table.review_replay(99)


def test_review_stays_within_its_total_time() -> None:
    rows = post_mortem(played("tumbochka", 2), 0, samples=4, total_seconds=0.0)
    assert rows
    assert all(row["verdict"] is None and row["dd_cost"] is None and row["mc_cost"] is None for row in rows)
    assert all("not valued" in row["text"] for row in rows)


# ----- Drill.from_mistakes: "find the best card" from the learner's own deal -----------------------------------------
def costly_decisions(state: Any, seat: int) -> list[tuple[int, Any, dict[str, int]]]:
    """(number, position, exact values) of each decision of ``seat`` that lost points with all cards face up."""
    start, actions = start_and_actions(state)
    found = []
    for number, action in enumerate(actions, start=1):
        if start.phase == "play" and start.to_act == seat and len(start.legal_actions()) > 1:
            values = double_dummy(start)
            sign = 1 if declaring_seats(start)[seat] else -1
            if sign * values[action] < max(sign * v for v in values.values()):
                found.append((number, start.clone(), values))
        start.apply(action)
    return found


@pytest.mark.parametrize(("game", "seed"), [("tumbochka", 2), ("nimby", 4), ("nimby", 7)])
def test_from_mistakes_asks_each_costly_decision_graded_by_the_solver(game: str, seed: int) -> None:
    state = played(game, seed)
    costly = costly_decisions(state, 0)
    assert costly  # the deal has mistakes: the test can fail
    drill = Drill.from_mistakes(record_of(state), 0, locale="en")
    assert drill.topic == "mistakes"
    for number, position, values in costly:
        item = drill.item
        assert str(number) in drill.question["text"]
        sign = 1 if declaring_seats(position)[0] else -1
        top = max(sign * v for v in values.values())
        assert len(item.choices) == len(values)
        for choice, (action, value) in zip(item.choices, values.items(), strict=True):
            assert choice.correct == (sign * value == top), action
        assert drill.question["position"]["hand"] == [card.text for card in position.hands[0]]
        right = next(i for i, choice in enumerate(item.choices) if choice.correct)
        wrong = next(i for i, choice in enumerate(item.choices) if not choice.correct)
        assert drill.answer(wrong)["correct"] is False
        assert "loses" in drill.feedback["text"]
        assert drill.answer(right)["correct"] is True
        send_message(drill, {"command": "next"})
    assert drill.score == {"asked": len(costly), "right": 0}


def test_from_mistakes_shows_no_hidden_card() -> None:
    state = played("tumbochka", 2)
    drill = Drill.from_mistakes(state, 0, locale="ru")
    for number, position, _values in costly_decisions(state, 0):
        seen = set(CARD.findall(json.dumps(position.view(0)))) | {c.text for c in position.hands[0]}
        sent = {k: v for k, v in drill.get_state().items() if k in ("question", "options", "feedback", "tried")}
        assert set(CARD.findall(json.dumps(sent))) <= seen, number
        drill.next()


def test_from_mistakes_refuses_a_deal_without_mistakes_and_bad_input() -> None:
    clean = next(s for s in range(20) if not costly_decisions(played("nimby", s), 1))
    with pytest.raises(DrillError, match="no question from this deal"):
        Drill.from_mistakes(played("nimby", clean), 1)
    with pytest.raises(DrillError, match="из этой сдачи вопросов нет"):
        Drill.from_mistakes(played("nimby", clean), 1, locale="ru")
    with pytest.raises(AnalysisError, match="no seat 7"):
        Drill.from_mistakes(played("nimby", 1), 7)
    with pytest.raises(AnalysisError, match="never reached the play"):
        Drill.from_mistakes(new_game("nimby", seed=1), 0)


def test_progress_reaches_the_front_end_while_a_step_is_solved() -> None:
    replay = HandReplay(played("tumbochka", 2))
    replay.go(first_play_step(replay))
    sent: list[list[int]] = []
    replay.observe(lambda change: sent.append(list(change["new"])), names="analysis_progress")
    original = replay.send_state
    pushed: list[Any] = []
    replay.send_state = lambda key=None: (pushed.append(key), original(key))  # type: ignore[method-assign]
    replay.set_analysis(True)
    total = len(replay.state.legal_strings())
    assert sent[:total] == [[done, total] for done in range(1, total + 1)]
    assert sent[-1] == []  # cleared once the step is solved
    assert any(key in ({"analysis_progress"}, "analysis_progress") for key in pushed)  # sent at once


def test_post_mortem_in_russian_writes_actions_and_decimals_the_russian_way() -> None:
    from test_i18n import latin_words

    rows = post_mortem(played_table("nimby", 1).state, 0, samples=8, locale="ru")
    costly = [row for row in rows if row["mc_cost"] and row["mc_cost"] != int(row["mc_cost"])]
    assert costly
    for row in rows:
        assert not latin_words(row["text"]), row["text"]
    assert number_text(costly[0]["mc_cost"], "ru", decimals=1) in costly[0]["text"]


def test_post_mortem_follows_the_default_locale() -> None:
    """``cardwidgets.set_locale("ru")`` makes the post-mortem's sentences Russian, as every other text."""
    state = new_game("nimby", seed=3)
    rng = random.Random(3)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    english = post_mortem(state, 0, samples=2)
    cardwidgets.set_locale("ru")
    russian = post_mortem(state, 0, samples=2)
    assert [row["text"] for row in russian] == [row["text"] for row in post_mortem(state, 0, samples=2, locale="ru")]
    assert russian[0]["text"] != english[0]["text"]
    assert re.search("[а-я]", russian[0]["text"])


# ----- the Review button: worked out off the message handler, entries open in the table -------------------------------
def test_the_review_button_works_in_the_background_with_progress_and_a_busy_refusal() -> None:
    table = played_table("nimby", 1)
    seen: list[list[int]] = []
    table.observe(lambda change: seen.append(list(change["new"])), names="review_progress")
    send_message(table, {"command": "review"})
    send_message(table, {"command": "review"})  # a second click while it runs: refused, or already done
    assert table.error == {} or "being worked out" in table.error["text"]
    table._reviews.thread.join(60)
    assert table.reviewed is True
    assert table.review_progress == []
    assert seen[0] == [0, 0]
    decisions = len(post_mortem(table.state, 0))
    assert [decisions, decisions] in seen  # progress reached the end
    assert table.review_rows == table.review()  # the same rows as from Python


def test_cancel_stops_the_review_and_keeps_nothing() -> None:
    table = played_table("nimby", 1)
    send_message(table, {"command": "review_cancel"})  # nothing running: nothing happens
    assert table.error == {}
    cancelled = threading.Event()
    cancelled.set()
    assert table._work_out_review(None, 30.0, cancel=cancelled) is False
    assert table.reviewed is False
    send_message(table, {"command": "review"})
    assert table.cancel_review() in (True, False)  # True while it runs
    table._reviews.thread.join(60)
    assert table.reviewed is (not table._reviews.cancel_event.is_set())


def test_a_review_entry_opens_right_in_the_table_at_its_step() -> None:
    table = played_table("nimby", 1)
    table.review()
    entries = table.review_rows
    assert entries
    send_message(table, {"review": entries[0]["index"]})
    opened = table.review_view
    assert opened["entry"] == 1
    assert opened["step"] == entries[0]["step"]
    assert opened["analysis_view"]["verdict"]["verdict"] == entries[0]["verdict"]
    assert opened["board"]["legal"]
    send_message(table, {"review_step": 1})
    assert table.review_view["step"] == entries[0]["step"] + 1
    send_message(table, {"review_step": -1})
    assert table.review_view["step"] == entries[0]["step"]
    table.locale = "ru"
    assert "Пункт обзора 1" in table.review_view["heading"]
    send_message(table, {"review_step": 0})
    assert table.review_view == {}
    send_message(table, {"review": 0})
    assert "numbered from 1" in table.error["text"] or "номера с 1" in table.error["text"]
    send_message(table, {"review_step": 5})
    assert table.error  # refused: not a message the table knows
