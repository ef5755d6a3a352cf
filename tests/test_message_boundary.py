"""The message boundary never hides a bug (issue 20, part 2; ``widgets/base.py``).

Only the check of what the browser sent becomes a refusal. A fault inside cardwidgets —
here injected into the bots and the engine at random points — is logged with its
traceback, the learner reads that something went wrong inside, and the widget is left
exactly as the engine is: the whole reaction to a click happens, or none of it does.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT, send_message, send_update, synced

from cardwidgets import GAMES, Drill, HandReplay, Table, TrickExplorer
from cardwidgets.core.explain import Explanation

INTERNAL = Explanation("", "widget.internal_error").text("en")
FAULTS = [KeyError, TypeError, IndexError, ValueError, RuntimeError, AssertionError, AttributeError, ZeroDivisionError]


def without_error(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "error"}


def assert_matches_engine(table: Table) -> None:
    """What the browser holds is what the engine says now: re-syncing from the engine changes nothing."""
    shown = without_error(synced(table))
    table._sync()
    assert without_error(synced(table)) == shown
    assert table.legal == (table.state.legal_strings() if table.state.to_act == table.seat else [])


class Faults:
    """Raise a chosen exception at the n-th call of the patched functions (n drawn at random)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.countdown = -1
        self.kind: type[Exception] = KeyError

    def arm(self) -> None:
        self.countdown = self.rng.randint(0, 6)
        self.kind = self.rng.choice(FAULTS)

    def tick(self) -> None:
        if self.countdown == 0:
            self.countdown = -1
            raise self.kind("injected fault")
        if self.countdown > 0:
            self.countdown -= 1


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000))
def test_a_fault_in_the_bots_or_the_engine_leaves_the_table_as_the_engine_is(
    game: str, seed: int, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(seed)
    faults = Faults(rng)
    state_class = GAMES[game].state_class
    real_apply = state_class.apply

    def apply(self: Any, action: Any) -> Any:
        faults.tick()
        return real_apply(self, action)

    monkeypatch.setattr(state_class, "apply", apply)
    table = Table(game, seat=rng.randrange(GAMES[game].num_players), bots="heuristic", seed=seed, pace=0)
    for bot in table.bots:
        real_choose = bot.choose

        def choose(state: Any, real: Any = real_choose) -> Any:
            faults.tick()
            return real(state)

        monkeypatch.setattr(bot, "choose", choose)
    for _ in range(40):
        if table.state.is_done:
            break
        before, history = without_error(synced(table)), list(table.state.history)
        if rng.random() < 0.5:
            faults.arm()
        caplog.clear()
        send_message(table, {"action": rng.choice(table.legal)})
        fault = any(r.levelno == logging.ERROR for r in caplog.records)
        if fault:
            assert table.error["text"] == INTERNAL
            assert "injected fault" in caplog.text  # the traceback is in the log
            assert table.state.history == history  # none of the reaction happened
            assert without_error(synced(table)) == before
        else:
            assert table.error == {}
        faults.countdown = -1
        assert_matches_engine(table)


def test_a_bot_raising_key_error_is_an_internal_error_not_a_bad_message(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table("nimby", seat=0, bots="heuristic", seed=3, pace=0)
    before, history = synced(table), list(table.state.history)

    def broken(state: Any) -> Any:
        raise KeyError("inside a bot")

    monkeypatch.setattr(table.bots[1], "choose", broken)
    send_message(table, {"action": table.legal[0]})
    assert table.error["text"] == INTERNAL
    assert "KeyError" in caplog.text
    assert table.state.history == history  # the learner's move is undone with the bots' failed answer
    assert without_error(synced(table)) == without_error(before)
    assert_matches_engine(table)


def test_a_number_too_large_for_a_float_is_refused_with_a_reason() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0.5)
    send_update(table, {"pace": 10**400})
    assert table.pace == 0.5
    assert "pace" in table.error["text"]


@pytest.mark.parametrize("seat", [False, True, 1.0, "1", None])
def test_a_seat_must_be_a_whole_number_not_a_boolean(seat: Any) -> None:
    table = Table("nimby", seat=0, bots="random", seed=3, pace=0)
    levels = list(table.bot_levels)
    send_message(table, {"bot": [seat, "search"]})
    assert table.bot_levels == levels
    assert table.error["text"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Table("tumbochka", seat=1, seed=2, pace=0),
        lambda: HandReplay(ROOT / "notebooks" / "records" / "nestors" / "nes8-made.json"),
        lambda: TrickExplorer(trump="J"),
        lambda: Drill("nimby-may-play", seed=1),
    ],
)
def test_every_widget_undoes_a_fault_and_says_so(
    make: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    widget = make()
    before = synced(widget)
    unset = [getattr(widget, name) is None for name in widget._transactional]

    def broken(content: Any) -> None:
        widget.__dict__.update(dict.fromkeys(widget._transactional))  # half a change …
        raise RuntimeError("a bug")  # … then the bug

    monkeypatch.setattr(widget, "_apply_message", broken)
    send_message(widget, {"command": "anything"})
    assert widget.error["text"] == INTERNAL
    assert "a bug" in caplog.text
    assert without_error(synced(widget)) == without_error(before)
    assert [getattr(widget, name) is None for name in widget._transactional] == unset


#: What a browser can send a TrickExplorer in predict mode that is not a good answer now (case W3: B and D win).
BAD_PREDICT_MESSAGES = [
    {"command": "predict"},
    {"command": "predict", "value": 3},
    {"command": "predict", "value": None},
    {"command": "predict", "value": ["W1"]},
    {"command": "predict", "value": "W4"},
    {"command": "predict", "value": "W" * 100_000},
    {"command": "guess"},
    {"command": "guess", "value": "AC"},
    {"command": "guess", "field": "winners"},
    {"command": "guess", "field": "winners", "value": 1},
    {"command": "guess", "field": "winners", "value": None},
    {"command": "guess", "field": "winners", "value": True},
    {"command": "guess", "field": "winners", "value": {"side": "AC"}},
    {"command": "guess", "field": "winners", "value": ["AC"]},
    {"command": "guess", "field": "winners", "value": "A and C"},  # a label, not a value
    {"command": "guess", "field": "winners", "value": "ZZ"},
    {"command": "guess", "field": "winners", "value": "AC" * 100_000},
    {"command": "guess", "field": "winners", "value": "AC\x00\n"},
    {"command": "guess", "field": 3, "value": "AC"},
    {"command": "guess", "field": ["winners"], "value": "AC"},
    {"command": "guess", "field": "who", "value": "AC"},
    {"command": "guess", "field": "W" * 100_000, "value": "AC"},
    {"command": "guess", "field": "leave", "value": "KC"},  # not asked in this case
    {"command": "guess", "field": "collector", "value": "D"},  # D sits out: not offered
    {"command": "guess", "field": "collector", "value": "B"},  # asked after who wins: not open yet
    {"command": "Guess", "field": "winners", "value": "AC"},
    {"command": None, "field": "winners", "value": "AC"},
    ["guess", "winners", "AC"],
    "guess winners AC",
]


@pytest.mark.parametrize("message", BAD_PREDICT_MESSAGES, ids=range(len(BAD_PREDICT_MESSAGES)))
def test_a_bad_predict_mode_message_gets_one_clear_error_and_changes_nothing(message: Any) -> None:
    explorer = TrickExplorer(locale="en")
    explorer.predict("W3")
    before = synced(explorer)
    send_message(explorer, message)
    text = explorer.error["text"]
    assert text
    assert text != INTERNAL
    assert "\n" not in text
    assert len(text) < 600, text[:200]
    assert without_error(synced(explorer)) == without_error(before)


def test_predict_mode_messages_the_browser_sends_are_heard() -> None:
    explorer = TrickExplorer(locale="ru")
    send_message(explorer, {"command": "guess", "field": "winners", "value": "AC"})  # nothing to predict yet
    assert "predict" in explorer.error["text"]
    send_message(explorer, {"command": "predict", "value": "leave"})
    assert explorer.error == {}
    send_message(explorer, {"command": "guess", "field": "leave", "value": "9D"})  # two questions before it
    assert "сначала" in explorer.error["text"]
    for field, value in (("winners", "BD"), ("winners", "AC"), ("collector", "C"), ("leave", "hand"), ("leave", "9D")):
        send_message(explorer, {"command": "guess", "field": field, "value": value})
        assert explorer.error == {}, (field, value, explorer.error)
    assert [q["guess"]["tries"] for q in explorer.quiz["questions"]] == [2, 1, 2]
    assert explorer.quiz["done"] is True
    assert explorer.result["trick"]["collector"] == "C"
