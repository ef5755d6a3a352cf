"""The judge (analysis/judge.py): one verdict per decision, whichever tool asks, in the game's score."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwidgets import GAMES, Table, new_game
from cardwidgets.analysis import AnalysisError, double_dummy, post_mortem
from cardwidgets.analysis import judge as judge_module
from cardwidgets.analysis.coach import coach, hint_decision
from cardwidgets.analysis.judge import VERDICTS, Judgement, judge
from cardwidgets.analysis.outcome import result_of, thresholds
from cardwidgets.analysis.position import play_phases
from cardwidgets.bots import make_bot
from cardwidgets.core.state import GameState
from cardwidgets.games.nimby import SCORE_TABLE


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Few sampled deals and a small face-up budget: the same judge, CI-fast."""
    monkeypatch.setattr(judge_module, "sample_count", lambda state, actions: 6)
    monkeypatch.setattr(judge_module, "DD_NODES", 30_000)
    monkeypatch.setattr(judge_module, "DD_NODES_COMPILED", 30_000)


def in_play(game: str, seed: int, tricks: int = 0) -> GameState:
    """A deal of ``game`` (from ``seed`` on) played by the rules-of-thumb bots to a decision after ``tricks`` tricks."""
    bot = make_bot("heuristic")
    for tried in range(seed, seed + 50):
        state = new_game(game, seed=tried)
        while not state.is_done and (
            state.phase not in play_phases(game) or len(state.legal_actions()) < 2 or len(state.tricks) <= tricks
        ):
            state.apply(bot.choose(state))
        if not state.is_done:
            return state
    raise AssertionError("no such decision")


# ----- the same verdict from every tool ----------------------------------------------------------------------
def coached_deal(game: str, seed: int, late: int) -> tuple[Table, dict[int, str]]:
    """A coached table (learner seat 0 playing at random from trick ``late``, rules of thumb before) to the end.

    Returns the table and the coach's verdict on each of the learner's decisions in the play, by action number.
    """
    table = Table(game, seat=0, seed=seed, pace=0, coach=False)
    rng, bot = random.Random(seed), make_bot("heuristic")
    verdicts: dict[int, str] = {}
    while not table.state.is_done:
        state = table.state
        live = state.phase in play_phases(game) and len(state.tricks) > late
        table.coach = live
        action = rng.choice(state.legal_strings()) if live else bot.choose(state).text
        choice = len(state.legal_actions()) > 1
        number = len(state.history) + 1
        assert table.act(action)
        if live and choice:
            verdicts[number] = table.feedback["verdict"]
    return table, verdicts


#: Per game, a deal (seed) and the trick from which the learner plays at random, chosen to give him choices.
COACHED = {"nimby": (4, 0), "tumbochka": (2, 2), "nestors": (1, 7)}


@pytest.mark.parametrize(("game", "seed", "late"), [(game, *COACHED.get(game, (1, 0))) for game in sorted(GAMES)])
def test_coach_review_post_mortem_hint_and_replay_agree_decision_by_decision(
    game: str, seed: int, late: int, fast: None
) -> None:
    table, coached = coached_deal(game, seed, late)
    assert coached  # the learner had choices: the test can fail
    rows = {row["number"]: row for row in post_mortem(table.state, 0)}
    for number, verdict in coached.items():
        assert rows[number]["verdict"] == verdict, number  # the coach during the deal = the post-mortem after it
    table.review()
    listed = {entry["number"]: entry for entry in table.review_rows}
    for number, row in rows.items():
        costly = row["verdict"] in ("inaccuracy", "mistake") or bool(row["dd_cost"])
        assert (number in listed) == costly
        if number in listed:
            assert listed[number]["verdict"] == row["verdict"]
            assert listed[number]["text"] == row["text"]
    for entry in table.review_rows:  # the replay opened from the Review shows the same verdict
        replay = table.review_replay(entry["index"])
        assert replay.analysis_view["verdict"]["verdict"] == entry["verdict"]
        assert replay.analysis_view["verdict"]["text"] == entry["text"].split(": ", 1)[1]
        hint = hint_decision(replay.state, 0)
        assert judge(replay.state).assess(hint.action).verdict in ("best", "no_choice")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_asking_twice_or_in_another_order_gives_the_same_answer(game: str, fast: None) -> None:
    state = in_play(game, 3, tricks={"nestors": 8}.get(game, 2))
    history = list(state.history)
    legal = state.legal_strings()
    first = [judge(state).assess(a) for a in legal]
    second = [judge(state).assess(a) for a in reversed(legal)][::-1]
    assert first == second
    assert [coach(state, a).verdict for a in legal] == [a.verdict for a in first]
    assert state.history == history  # nothing changed


# ----- what the figures mean ---------------------------------------------------------------------------------
def test_sampled_values_use_the_same_deals_for_every_action(fast: None) -> None:
    state = in_play("tumbochka", 5, tricks=3)
    judgement = judge(state)
    seat = state.to_act
    for action in state.legal_strings():
        for world, value in zip(judgement.worlds, judgement.value(action), strict=True):
            line = world.clone()
            line.apply(action)
            while not line.is_done:
                line.apply(make_bot("heuristic").choose(line))
            assert result_of(line, seat) == value
            assert world.hands[seat] == state.hands[seat]  # the seat's own cards are never resampled


@pytest.mark.parametrize("game", ["nimby", "nestors"])
def test_face_up_costs_are_the_deal_score_own_side_less_the_other(game: str, fast: None) -> None:
    state = in_play(game, 6, tricks={"nestors": 9}.get(game, 4))
    seat = state.to_act
    points = double_dummy(state)
    judgement = judge(state)
    assert judgement.dd_status == "done"
    for action, value in points.items():
        if game == "nimby":
            makers, defenders = SCORE_TABLE[value]
            own_makers = seat % 2 == state.maker % 2
            expected = makers - defenders if own_makers else defenders - makers
        else:
            bid, bidders = state.contract.bid, state.contract.bidder % 2 == seat % 2
            made = value if value >= bid else -value
            expected = (made - (190 - value)) * (1 if bidders else -1)
        assert judgement.dd[action] == expected


def test_tumbochka_face_up_costs_count_the_contract_in_full(fast: None) -> None:
    for seed in range(40):
        state = in_play("tumbochka", seed, tricks=2)
        if state.to_act != state.declarer:
            continue
        judgement = judge(state)
        contract = state.declared.contract
        points = double_dummy(state)
        assert judgement.dd == {a: contract if v >= contract else -contract for a, v in points.items()}
        if len(set(judgement.dd.values())) > 1:
            worst = min(judgement.dd, key=judgement.dd.get)
            text = judge_module.explain(judgement.assess(worst), state, state.to_act).text("en")
            assert f"cost {2 * contract} points: the contract of {contract} fails (-{contract} points)" in text
            return
    pytest.fail("no declarer's decision that makes or breaks the contract")


def test_a_tumbochka_defenders_face_up_value_is_his_own_score(fast: None) -> None:
    state = in_play("tumbochka", 2, tricks=4)
    while state.to_act == state.declarer or len(state.legal_actions()) < 2:
        state.apply(make_bot("heuristic").choose(state))
    seat = state.to_act
    judgement = judge(state)
    for action, value in judgement.dd.items():
        # the line the judge assumes: the declarer maximises his points, the defenders minimise them
        line = state.clone()
        line.apply(action)
        while not line.is_done:
            values = double_dummy(line)
            pick = max if line.to_act == line.declarer else min
            line.apply(pick(values, key=values.get))
        assert value == line.score()[seat] == line.deal_points()[seat]


# ----- verdicts that respect noise ---------------------------------------------------------------------------
def synthetic(results: dict[str, list[float]], game: str = "tumbochka") -> Judgement:
    """A judgement over hand-made per-deal results (the verdict rule alone)."""
    state = in_play(game, 1)
    legal = state.legal_strings()
    named = {legal[i]: values for i, values in enumerate(results.values())}
    judgement = Judgement(state, state.to_act, [state] * len(next(iter(results.values()))), None, "none")
    judgement.results = named
    return judgement


def test_a_worse_verdict_needs_a_difference_beyond_two_standard_errors_and_the_games_minimum() -> None:
    floor, mistake = thresholds("tumbochka")
    n = 10
    best = [4.0] * n
    noisy = [4.0 + (8.0 if i % 2 else -8.0) for i in range(n)]  # mean 4 - 0: equal on average, very noisy
    noisy[0] -= 10  # mean 1 below the best, but the standard error is larger than that
    small = [4.0 - floor / 2] * n  # sure, but under the game's least cost
    clear = [4.0 - mistake] * n  # sure and at the mistake threshold
    between = [4.0 - (floor + mistake) / 2] * n
    judgement = synthetic({"best": best, "noisy": noisy, "small": small, "clear": clear, "between": between})
    legal = list(judgement.results)
    verdicts = [judgement.assess(a).verdict for a in legal]
    assert verdicts == ["best", "good", "good", "mistake", "inaccuracy"]
    assessment = judgement.assess(legal[1])
    assert assessment.mc_cost == pytest.approx(1.0)
    assert assessment.mc_cost < 2 * assessment.mc_error


def test_when_no_action_changes_the_result_the_verdict_says_so() -> None:
    """Every card gives the same result: the sentence says "any card does" and counts them (not "no choice")."""
    legal = in_play("tumbochka", 1).legal_strings()
    assert len(legal) > 1
    judgement = synthetic({a: [-4.0, -4.0, -4.0] for a in legal})
    assert {judgement.assess(a).verdict for a in judgement.results} == {"no_choice"}
    text = judge_module.explain(judgement.assess(legal[0]), judgement.state, judgement.seat)
    assert f"any card does here — all {len(legal)} you could play give the same result" in text.text("en")
    assert f"здесь годится любая карта — какую из {len(legal)} ни сыграй" in text.text("ru")
    assert "nothing" not in text.text("en")


def test_every_verdict_is_one_of_the_words() -> None:
    assert VERDICTS == ("best", "good", "inaccuracy", "mistake", "no_choice")


# ----- bad input ---------------------------------------------------------------------------------------------
def bad_calls(state: GameState) -> list[tuple[Any, dict[str, Any]]]:
    other = (state.to_act + 1) % state.num_players
    return [
        ("not a state", {}),
        (state, {"seat": other}),
        (state, {"seat": 9}),
        (state, {"nodes": 0}),
        (state, {"samples": -1}),
        (state, {"nodes": 1.5}),
    ]


def test_bad_input_is_one_clear_error_and_changes_nothing() -> None:
    state = in_play("nimby", 2)
    history = list(state.history)
    for source, kwargs in bad_calls(state):
        with pytest.raises(AnalysisError) as caught:
            judge(source, **kwargs)  # type: ignore[arg-type]
        assert caught.value.explanation.text("ru")
        assert state.history == history
    done = in_play("nimby", 2)
    while not done.is_done:
        done.apply(done.legal_actions()[0])
    with pytest.raises(AnalysisError, match="not to act"):
        judge(done)
    with pytest.raises(AnalysisError, match="legal actions only"):
        judge(state, samples=2, dd=False).assess("play ZZ")
