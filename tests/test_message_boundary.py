"""The message boundary never hides a bug (``widgets/base.py``).

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


# ----- the Review's messages: open an entry, step its replay, close it, ask for the Review, cancel it -----------
REVIEW_ENTRY_MESSAGES = [
    {"review": 0},  # entries are numbered from 1
    {"review": 99},
    {"review": -1},
    {"review": "1"},
    {"review": 1.0},
    {"review": True},
    {"review": None},
    {"review": [1]},
    {"review": {"entry": 1}},
    {"review": 10**400},
    {"review": 1, "review_step": 1},
    {"review_step": 2},
    {"review_step": -2},
    {"review_step": True},
    {"review_step": "1"},
    {"review_step": 1.0},
    {"review_step": None},
    {"command": "review_open"},
    {"command": ["review"]},
]


@pytest.fixture(scope="module")
def reviewed() -> Table:
    """A finished Tumbochka deal (seat 0: gifts, a raise, card play) with its Review worked out, one entry open."""
    from cardwidgets.analysis import judge as judge_module

    table = Table("tumbochka", seat=0, bots="heuristic", seed=5, pace=0)
    while not table.state.is_done:  # the King of hearts given away: a mistake the Review lists
        table.act("give KH 1" if "give KH 1" in table.legal else table.legal[0])
    budget = judge_module.DD_NODES_COMPILED
    judge_module.DD_NODES_COMPILED = 20_000
    try:
        table.review(samples=4)
    finally:
        judge_module.DD_NODES_COMPILED = budget
    assert table.review_rows
    assert table.open_review_entry(1)
    return table


@pytest.mark.parametrize("message", REVIEW_ENTRY_MESSAGES, ids=repr)
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_bad_review_entry_message_is_one_clear_error_and_changes_nothing(
    reviewed: Table, message: Any, locale: str
) -> None:
    reviewed.locale = locale
    reviewed.error = {}
    before = without_error(synced(reviewed))
    opened = reviewed._review_open
    send_message(reviewed, message)
    text = reviewed.error["text"]
    assert text
    assert text != INTERNAL
    assert "Traceback" not in text
    assert len(text) < 400
    assert "\n" not in text
    assert without_error(synced(reviewed)) == before
    assert reviewed._review_open is opened


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ({"review": 1}, "no review entry 1"),  # no Review yet: the deal is on
        ({"review_step": 1}, "no review entry is open"),
        ({"review_step": 0}, "no review entry is open"),
        ({"command": "review"}, "the review comes when the deal is over"),
    ],
)
def test_a_review_message_out_of_turn_is_refused_and_changes_nothing(message: Any, why: str) -> None:
    table = Table("tumbochka", seat=0, bots="heuristic", seed=5, pace=0)
    table.act(table.legal[0])
    before = without_error(synced(table))
    send_message(table, message)
    assert why in table.error["text"]
    assert without_error(synced(table)) == before


def test_the_review_s_own_messages_open_step_and_close_an_entry(reviewed: Table) -> None:
    reviewed.locale = "en"
    send_message(reviewed, {"review": 1})
    assert reviewed.error == {}
    step = reviewed.review_view["step"]
    send_message(reviewed, {"review_step": 1})
    assert reviewed.review_view["step"] == step + 1
    send_message(reviewed, {"review_step": -1})
    assert reviewed.review_view["step"] == step
    send_message(reviewed, {"review_step": 0})
    assert reviewed.review_view == {}
    assert reviewed.error == {}
    send_message(reviewed, {"review": 1})  # left open, as the other tests expect


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


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_pages_heartbeat_changes_nothing_at_a_single_table(game: str) -> None:
    """Every table's page says it is open (js/seat.ts); a table that is no seat at a room takes no notice."""
    table = Table(game, seat=0, seed=3, pace=0)
    before = synced(table)
    send_message(table, {"kind": "page_alive"})
    assert synced(table) == before
    assert table.error == {}
    send_message(table, {"kind": "page_alive", "extra": 1})  # anything else stays a bad message
    assert "did not understand" in table.error["text"]
