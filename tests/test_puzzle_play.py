"""Playing a puzzle at the table (``widgets/puzzle.py``): right, wrong, the retry, the solution shown,
a line of several moves, refusals in words, the ratings and the choice of the next puzzle; the solution
never reaches the browser before the learner moves.

The puzzles are small sets made by the generator (``tests/puzzles/``): Nimby's one-move decisions and
Tumbochka's line of three moves.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from support import send_message, synced

from cardwidgets import Puzzle, Table
from cardwidgets.drills.progress import Progress
from cardwidgets.drills.rating import LEARNER, PUZZLE, START
from cardwidgets.i18n.names import cards_named
from cardwidgets.puzzles import PuzzleError, load_puzzles
from cardwidgets.puzzles.choose import RECENT

SETS = Path(__file__).parent / "puzzles"
NIMBY = load_puzzles(SETS / "nimby.json")
TUMBOCHKA = load_puzzles(SETS / "tumbochka.json")
LINE = next(p for p in TUMBOCHKA if len(p.decisions) == 3)


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now


def play(puzzle_id: str = "nimby-3-0-1", *, pool: list | None = None, locale: str = "en", **kwargs: object) -> Puzzle:
    chosen = [p for p in (pool or NIMBY) if p.id == puzzle_id]
    kwargs.setdefault("progress", Progress(False))
    return Puzzle(chosen[0].game, locale=locale, puzzles=chosen, pace=0, **kwargs)  # type: ignore[arg-type]


def shown_text(widget: Puzzle) -> str:
    """Every text and value the browser holds but the ``ui`` words (every card's name, the same for every deal)."""
    state = synced(widget)
    state.pop("ui")
    return json.dumps(state, ensure_ascii=False)


def wrong_action(widget: Puzzle) -> str:
    decision = widget._current.decisions[widget._index]
    return next(a for a in widget.legal if a not in decision.solution and a in decision.values.mc)


def solution(widget: Puzzle) -> str:
    return widget._current.decisions[widget._index].solution[0]


def test_the_puzzle_is_the_tables_seat_view_with_the_task_in_words() -> None:
    widget = play()
    assert widget.seat == widget._current.seat
    assert widget.legal
    assert widget.feedback["verdict"] == "task"
    assert "Find the best move" in widget.feedback["text"]
    assert widget.ui["verdict_solved"] == "Solved"
    assert widget.ui["puzzle"] is True
    assert widget.bot_levels == []
    widget.locale = "ru"
    assert "Найдите лучший ход" in widget.feedback["text"]
    assert widget.ui["verdict_solved"] == "Решено"


def test_right_ends_solved_with_the_why_the_next_best_and_the_rating_up() -> None:
    store = Progress(False)
    widget = play(progress=store)
    assert send_message(widget, {"action": solution(widget)}) is None
    assert widget.feedback["verdict"] == "solved"
    assert widget.solved
    text = widget.feedback["text"]
    assert "The next best, agree, costs 3.4 points on what you can see" in text
    assert "Your rating: 1500 →" in text
    assert "(+" in text
    rating = store.rating(LEARNER, "nimby")
    assert rating is not None
    assert rating.rating > START.rating
    assert rating.won == 1
    assert store.rating(PUZZLE, "nimby-3-0-1").rating < START.rating  # type: ignore[union-attr]
    assert widget.ui["puzzle_over"] is True
    assert widget.legal == []
    widget.locale = "ru"
    assert "Следующий по силе ход, согласиться, стоит 3,4 балла" in widget.feedback["text"]
    assert "Ваш рейтинг: 1500 →" in widget.feedback["text"]


def test_wrong_says_what_it_costs_then_one_retry_then_right_counts_as_missed() -> None:
    store = Progress(False)
    widget = play(progress=store)
    before = len(widget.state.history)
    widget.act(wrong_action(widget))
    assert widget.feedback["verdict"] == "wrong"
    assert widget.feedback["text"].startswith("Not this: Agree costs 3.4 points: on average over 200 deals")
    assert widget.feedback["text"].endswith("Try once more.")
    assert len(widget.state.history) == before
    assert widget.legal
    widget.act(solution(widget))
    assert widget.feedback["verdict"] == "solved"
    assert not widget.solved
    assert "Your rating: 1500 →" in widget.feedback["text"]
    assert "(−" in widget.feedback["text"]
    rating = store.rating(LEARNER, "nimby")
    assert rating is not None
    assert rating.attempts == 1
    assert rating.won == 0


def test_a_second_miss_shows_the_solution_step_by_step_in_both_languages() -> None:
    widget = play()
    wrong = wrong_action(widget)
    right = solution(widget)
    widget.act(wrong)
    widget.act(wrong)
    assert widget.feedback["verdict"] == "shown"
    assert "The solution, step by step: 1. " in widget.feedback["text"]
    assert str(widget.state.history[-1]) == right  # the solution is played on the table
    assert widget.ui["puzzle_over"] is True
    widget.locale = "ru"
    assert "Решение, ход за ходом: 1. " in widget.feedback["text"]
    assert not widget.act(right)
    assert "задача закончена" in widget.error["text"]


def test_a_line_of_three_moves_plays_the_opponents_replies_between() -> None:
    widget = play(LINE.id, pool=TUMBOCHKA)
    for number, decision in enumerate(LINE.decisions):
        assert len(widget.state.history) == decision.step
        widget.act(decision.solution[0])
        if number < 2:
            assert widget.feedback["verdict"] == "right"
            assert "The line goes on" in widget.feedback["text"]
            played = [e["action"] for e in widget.events]
            assert played == [decision.solution[0], *decision.replies]  # the replies are animated as events
    assert widget.feedback["verdict"] == "solved"
    assert widget.solved
    assert "face up" in widget.feedback["text"]


def test_an_equivalent_card_of_the_solution_is_right() -> None:
    widget = play(LINE.id, pool=TUMBOCHKA)
    other = LINE.decisions[0].solution[1]
    widget.act(other)
    assert widget.feedback["verdict"] in ("right", "solved")


def test_a_miss_in_the_middle_of_a_line_shows_the_rest_of_it() -> None:
    widget = play(LINE.id, pool=TUMBOCHKA)
    widget.act(LINE.decisions[0].solution[0])
    decision = LINE.decisions[1]
    wrong = next(a for a in widget.legal if a not in decision.solution)
    widget.act(wrong)
    widget.act(wrong)
    text = widget.feedback["text"]
    assert widget.feedback["verdict"] == "shown"
    assert " 1. " in text
    assert " 2. " in text
    assert len(widget.state.history) == LINE.decisions[2].step + 1


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ({"command": "review"}, "did not understand the message"),
        ({"solution": True}, "did not understand the message"),
        ({"command": "hint"}, "A puzzle gives no hint"),
        ({"command": "next_deal"}, "did not understand the message"),
        ({"action": "play 2S"}, "play 2♠"),
        ({"action": 7}, "did not understand the message"),
    ],
)
def test_a_bad_message_from_the_browser_is_refused_in_words_and_changes_nothing(message: object, words: str) -> None:
    widget = play()
    before = synced(widget)
    send_message(widget, message)
    assert words in widget.error["text"]
    after = synced(widget)
    assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}


def test_the_solution_never_reaches_the_browser_before_the_learner_moves() -> None:
    """Two puzzles at the same position with different solutions sync the same traits."""
    real = next(p for p in NIMBY if p.id == "nimby-3-7-15")
    state, decision = next(real.positions())
    other = next(a for a in state.legal_strings() if a not in decision.solution)
    moved = dataclasses.replace(decision, solution=(other,), replies=())
    fake = dataclasses.replace(real, decisions=(moved,))
    first = Puzzle("nimby", puzzles=[real], progress=Progress(False), pace=0)
    second = Puzzle("nimby", puzzles=[fake], progress=Progress(False), pace=0)
    assert {k: v for k, v in synced(first).items() if k != "layout"} == {
        k: v for k, v in synced(second).items() if k != "layout"
    }
    assert not cards_named(shown_text(first)) & state.knowledge(real.seat).hidden()
    assert "solution" not in shown_text(first)
    assert "replies" not in shown_text(first)


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_no_hidden_card_is_synced_through_a_whole_line(locale: str) -> None:
    widget = play(LINE.id, pool=TUMBOCHKA, locale=locale)
    for decision in LINE.decisions:
        wrong = next((a for a in widget.legal if a not in decision.solution), None)
        for action in ([wrong] if wrong else []) + [decision.solution[0]]:
            widget.act(action)
            hidden = widget.state.knowledge(widget.seat).hidden()
            assert not cards_named(shown_text(widget)) & hidden
        if widget._over:
            break


def test_due_reviews_come_first_then_puzzles_near_the_learners_rating() -> None:
    clock = Clock()
    store = Progress(False, clock=clock)
    widget = Puzzle("nimby", progress=store, seed=3, pace=0)  # the shipped set: more puzzles than RECENT
    missed = widget.puzzle_id
    widget.act(wrong_action(widget))
    widget.act(wrong_action(widget) if widget.legal else solution(widget))
    widget.next_puzzle()
    assert widget.puzzle_id != missed  # not due yet
    clock.now += timedelta(minutes=5)
    served = []
    for _ in range(RECENT):
        widget.next_puzzle()
        served.append(widget.puzzle_id)
    assert served[-1] == missed  # due again: served first once it is not among the last RECENT served
    assert missed not in served[:-1]
    far = [dataclasses.replace(p, rating={"rating": 2400.0, "rd": 60.0, "vol": 0.06}) for p in NIMBY[1:]]
    near = Puzzle("nimby", puzzles=[NIMBY[0], *far], progress=Progress(False), seed=1, pace=0)
    assert near.puzzle_id == NIMBY[0].id  # within 100 of the learner's 1500


def test_progress_shows_rating_solved_streak_and_due_in_both_languages() -> None:
    clock = Clock()
    widget = Puzzle("nimby", puzzles=NIMBY, progress=Progress(False, clock=clock), seed=2, pace=0)
    assert "not rated yet" in str(widget.progress())
    widget.act(solution(widget))
    widget.next_puzzle()
    widget.act(wrong_action(widget))
    clock.now += timedelta(minutes=5)
    text = str(widget.progress())
    assert "Puzzles of Nimby: rating" in text
    assert "(2 attempts)" in text
    assert "solved 1 of 2 · streak 0 · due for review: " in text
    widget.locale = "ru"
    text = str(widget.progress())
    assert "Задачи по игре Нимби: рейтинг" in text
    assert "решено 1 из 2 · серия 0" in text
    assert "<h4>" in widget.progress()._repr_html_()


def test_the_streak_is_kept_with_the_learners_progress(tmp_path: Path) -> None:
    """The run of right first attempts is in the progress file: a new kernel's Puzzle goes on counting it."""
    widget = Puzzle("nimby", puzzles=NIMBY, progress=Progress(tmp_path / "progress.sqlite"), seed=2, pace=0)
    widget.act(solution(widget))
    widget.next_puzzle()
    widget.act(solution(widget))
    assert "streak 2" in str(widget.progress())
    again = Puzzle("nimby", puzzles=NIMBY, progress=Progress(tmp_path / "progress.sqlite"), seed=5, pace=0)
    assert "streak 2" in str(again.progress())  # read back from the file
    again.act(wrong_action(again))
    assert "streak 0" in str(again.progress())
    assert Progress(tmp_path / "progress.sqlite").streak(PUZZLE, "nimby") == 0
    assert Progress(tmp_path / "progress.sqlite").streak(PUZZLE, "nestors") == 0  # each game its own


def test_no_puzzle_to_play_and_an_unknown_theme_are_said_in_words() -> None:
    with pytest.raises(PuzzleError, match="No puzzles of nimby on the theme"):
        Puzzle("nimby", theme="line", puzzles=NIMBY, progress=Progress(False))
    with pytest.raises(PuzzleError, match="the theme nope is not one of nimby's themes"):
        Puzzle("nimby", theme="nope", puzzles=NIMBY, progress=Progress(False))
    widget = Puzzle("nimby", theme="duck", puzzles=NIMBY, progress=Progress(False), pace=0)
    assert "duck" in widget._current.themes


def test_practise_this_makes_a_puzzle_of_the_learners_own_mistake() -> None:
    table = Table("nimby", bots=["random"] * 4, seed=1, pace=0)
    assert table.practise() is None
    assert "No mistake of yours" in table.error["text"]
    while not table.state.is_done:
        table.act(table.legal[0])
    rows = table.review()
    assert rows is not None
    assert [row["verdict"] for row in rows] == ["inaccuracy", "mistake"]
    assert table.practise(1) is None  # an inaccuracy is not practised
    puzzle = table.practise(2)
    assert isinstance(puzzle, Puzzle)
    assert "From your own deal" in puzzle.text()
    puzzle.act(puzzle._current.decisions[0].solution[0])
    assert puzzle.feedback["verdict"] == "solved"
