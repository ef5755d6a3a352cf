"""The browser changes only what it may (docs/widget-protocol.md, "What the browser may write").

ipywidgets applies a browser ``update`` message by calling ``Widget.set_state``;
custom messages go to the ``on_msg`` callbacks. These tests deliver both exactly
as ipywidgets does — random trait updates (every synced trait, wrong types,
out-of-range values) and random custom messages, through whole deals — and check
after every message that:

(a) no synced trait holds a card hidden from the learner's seat,
(b) a refused update or message leaves the widget's state as it was (but ``error``),
(c) the widget still plays to the end, and
(d) the record it saves still replays.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import send_message, send_update, synced

from cardwidgets import GAMES, HandReplay, Table, TrickExplorer, load_record, replay
from cardwidgets.core.explain import Explanation
from cardwidgets.i18n import LOCALES

RECORDS = Path(__file__).parent.parent / "notebooks" / "records"
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
#: Values a curious student would try on purpose, beside random JSON.
TEMPTING = st.sampled_from([True, False, 0, 1, 2, 3, 7, -5, 10**6, 0.5, 2.0, 99.0, -1.0, "ru", "xx", "", None, [], {}])
BOGUS_NAMES = ["bogus", "__class__", "_esm", "comm", "state", "match"]


def without_error(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "error"}


def assert_no_hidden_card(table: Table, sent: Any = None) -> None:
    """(a) Every card code the browser holds is one the engine shows this seat.

    Not counted: the deck's names in ``ui`` (no secret) and cards the browser itself just sent
    (an error quotes the refused input back).
    """
    state = synced(table)
    state.pop("ui")
    allowed = set(CARD.findall(json.dumps(table.state.view(table.seat))))
    allowed |= set(CARD.findall(json.dumps(sent, default=str)))
    leaked = set(CARD.findall(json.dumps(state))) - allowed
    assert not leaked, f"hidden cards reached the browser: {sorted(leaked)}"


#: What the learner reads after a fault inside cardwidgets: no browser input may cause one.
INTERNAL_ERROR = Explanation("", "widget.internal_error").text("en")


def update_strategy(widget: Any) -> st.SearchStrategy[Any]:
    """A browser update: one or two traits (real or not) with random or tempting values, or no dict at all."""
    names = st.sampled_from(sorted(widget.keys) + BOGUS_NAMES)
    values = JSON | TEMPTING
    return st.dictionaries(names, values, min_size=1, max_size=2) | JSON


def check_update(widget: Any, update: Any) -> None:
    """Send ``update``; if the widget refused it, (b) nothing but ``error`` changed."""
    before = synced(widget)
    send_update(widget, update)
    assert widget.error.get("text") != INTERNAL_ERROR, f"{update!r} caused a fault inside cardwidgets"
    after = synced(widget)
    writable = isinstance(update, dict) and set(update) <= widget.browser_writable
    if not writable:
        assert without_error(after) == without_error(before)
        assert widget.error["text"]
    elif widget.error:
        assert without_error(after) == without_error(before)


def check_message(widget: Any, content: Any) -> None:
    """Send ``content``; if refused, (b) nothing but ``error`` changed, and it was a refusal, not a fault."""
    before = synced(widget)
    send_message(widget, content)
    assert widget.error.get("text") != INTERNAL_ERROR, f"{content!r} caused a fault inside cardwidgets"
    if widget.error:
        assert without_error(synced(widget)) == without_error(before)


# ----- Table ------------------------------------------------------------------------------------------------
def table_message(table: Table) -> st.SearchStrategy[Any]:
    """A custom message: protocol-shaped with random values, a legal action, or random JSON."""
    legal = table.legal or ["pass"]
    return st.one_of(
        st.fixed_dictionaries({"action": st.sampled_from(legal)}),
        st.fixed_dictionaries({"action": JSON | st.text(max_size=30)}),
        st.fixed_dictionaries({"command": st.sampled_from(["next_deal", "hints", "", "reveal"]) | JSON}),
        st.fixed_dictionaries({"bot": st.lists(JSON | TEMPTING, max_size=3)}),
        JSON,
    )


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), seat=st.integers(0, 2), seed=st.integers(0, 10_000))
def test_table_survives_any_browser_input(game: str, data: st.DataObject, seat: int, seed: int) -> None:
    table = Table(game, seat=seat, bots="random", seed=seed, pace=0)
    for _ in range(60):
        if table.state.is_done:
            break
        kind = data.draw(st.sampled_from(["update", "message", "play"]))
        sent = None
        if kind == "update":
            sent = data.draw(update_strategy(table))
            check_update(table, sent)
        elif kind == "message":
            sent = data.draw(table_message(table))
            check_message(table, sent)
        else:
            assert table.act(data.draw(st.sampled_from(table.legal)))
        assert (table.seat, table.reveal, table.game) == (seat, False, game)
        assert table.locale in LOCALES
        assert_no_hidden_card(table, sent)
    while not table.state.is_done:  # (c) it still plays to the end
        assert table.act(table.legal[0]), table.error
    assert replay(load_record(table.record))  # (d) the record still replays


@pytest.mark.parametrize(
    "update",
    [{"reveal": True}, {"seat": 2}, {"view": {"hands": []}}, {"legal": ["play AS"]}, {"game": "nestors"},
     {"bot_levels": ["", "", "", ""]}, {"locale": "xx"}, {"seat": 7}, {"pace": "fast"}, {"pace": float("nan")},
     {"pace": -1}, {"pace": True}, {"hint": {"action": "x"}}, {"error": {}}, {"_esm": "alert(1)"}, ["pace"]],
)
def test_table_refuses_each_update_outside_the_protocol(update: Any) -> None:
    table = Table("nimby", seat=0, seed=3, pace=0.5)
    before = synced(table)
    send_update(table, update)
    assert without_error(synced(table)) == without_error(before)
    assert table.error["text"]
    assert table.act(table.legal[0])  # the table still plays: the refusal did not stick


def test_a_refused_update_sends_the_kernels_value_back() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0.5)
    sent: list[dict[str, Any]] = []
    table._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    send_update(table, {"reveal": True})
    restored = [m["state"] for m in sent if m["method"] == "update" and "reveal" in m["state"]]
    assert restored == [{"reveal": False}]
    assert "reveal" in table.error["text"]
    assert "pace" in table.error["text"]


def test_the_pace_slider_may_write_pace() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0.5)
    send_update(table, {"pace": 1.5})
    assert table.pace == 1.5
    assert table.error == {}


def test_python_may_still_set_seat_reveal_and_locale() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    table.reveal = True
    assert all(hand is not None for hand in table.view["hands"])
    table.locale = "ru"
    table.seat = 2
    assert table.view["seat"] is None or table.seat == 2
    with pytest.raises(Exception, match="locale"):
        table.locale = "xx"
    with pytest.raises(Exception, match="seat"):
        table.seat = 7
    assert (table.locale, table.seat) == ("ru", 2)


# ----- HandReplay ---------------------------------------------------------------------------------------------
REPLAY_COMMANDS = ["start", "back", "forward", "back_trick", "forward_trick", "end", "original", "finish"]


def replay_message(widget: HandReplay) -> st.SearchStrategy[Any]:
    legal = widget.state.legal_strings() or ["pass"]
    return st.one_of(
        st.fixed_dictionaries({"command": st.sampled_from(REPLAY_COMMANDS)}),
        st.fixed_dictionaries({"command": st.just("go"), "step": st.integers(-10, 10**6) | JSON}),
        st.fixed_dictionaries({"command": st.just("trick"), "trick": st.integers(-3, 20) | JSON}),
        st.fixed_dictionaries({"action": st.sampled_from(legal) | st.text(max_size=20) | JSON}),
        JSON,
    )


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*/*.json"))[::6], ids=lambda p: p.stem)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_hand_replay_survives_any_browser_input(path: Path, data: st.DataObject, tmp_path_factory: Any) -> None:
    widget = HandReplay(path)
    for _ in range(25):
        if data.draw(st.booleans()):
            check_update(widget, data.draw(update_strategy(widget)))
        else:
            check_message(widget, data.draw(replay_message(widget)))
        assert 0 <= widget.step <= widget.steps == len(widget.line)
    widget.end()
    widget.finish(seed=1)  # (c) bots play the line to the end
    saved = tmp_path_factory.mktemp("replay") / "line.json"
    widget.save(saved)
    assert replay(load_record(saved))  # (d)


@pytest.mark.parametrize("update", [{"step": -5}, {"step": 10**6}, {"record": {}}, {"line": []}, {"board": {}}])
def test_hand_replay_refuses_updates_and_keeps_its_line(update: dict[str, Any], tmp_path: Path) -> None:
    widget = HandReplay(RECORDS / "nestors" / "seed-example-1-club-jack.json")
    widget.go(3)
    record = widget.branch_record
    send_update(widget, update)
    assert widget.step == 3
    assert widget.error["text"]
    widget.forward()  # one click after the refused update: nothing is dropped
    assert widget.step == 4
    assert widget.branch_record == record
    widget.save(tmp_path / "line.json")
    assert load_record(tmp_path / "line.json").to_json() == load_record(record).to_json()


def test_hand_replay_step_is_validated_from_python_too() -> None:
    widget = HandReplay(RECORDS / "nestors" / "seed-example-1-club-jack.json")
    with pytest.raises(Exception, match="step"):
        widget.step = -5
    assert widget.step == 0


# ----- TrickExplorer --------------------------------------------------------------------------------------------
def explorer_message() -> st.SearchStrategy[Any]:
    cards = st.sampled_from(["10S", "JD", "JC", "AH", "9D", "2C", "", "XX"]) | JSON
    return st.one_of(
        st.fixed_dictionaries({"command": st.sampled_from(["trump", "example", "clear"]), "value": cards}),
        st.fixed_dictionaries({"command": st.just("card"), "position": st.sampled_from(["a", "b", "c", "hand", "d"]),
                               "value": cards}),
        JSON,
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_trick_explorer_survives_any_browser_input(data: st.DataObject) -> None:
    explorer = TrickExplorer(trump="J")
    for _ in range(15):
        if data.draw(st.booleans()):
            check_update(explorer, data.draw(update_strategy(explorer)))
        else:
            check_message(explorer, data.draw(explorer_message()))
        assert explorer.text()  # the result always describes itself
    explorer.load_example("1")
    assert explorer.result["trick"]["rule"] == "W3b"


def test_trick_explorer_refuses_an_overwritten_result() -> None:
    explorer = TrickExplorer(trump="J")
    explorer.load_example("1")
    text = explorer.text()
    send_update(explorer, {"result": {"trump": "nonsense"}})
    assert explorer.text() == text
    assert explorer.error["text"]


# ----- HandReplay from one seat's view (the instructor's "what would you play here?") ------------------------------
def assert_replay_hides_cards(widget: HandReplay, sent: Any = None) -> None:
    """Nothing synced names a card hidden from ``widget.seat`` at the step shown (notes are the instructor's words)."""
    state = synced(widget)
    state.pop("ui")
    for entry in state["line"]:
        entry.pop("note")
    allowed = set(CARD.findall(json.dumps(widget.state.view(widget.seat))))
    allowed |= set(CARD.findall(json.dumps(sent, default=str)))
    leaked = set(CARD.findall(json.dumps(state))) - allowed
    assert not leaked, f"hidden cards reached the browser at step {widget.step}: {sorted(leaked)}"


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*/*.json"))[1::5], ids=lambda p: p.stem)
def test_a_seat_view_replay_shows_no_other_hand_at_any_step(path: Path) -> None:
    players = len(HandReplay(path).state.hands)
    for seat in range(players):
        widget = HandReplay(path, seat=seat)
        for step in range(widget.steps + 1):
            widget.go(step)
            assert_replay_hides_cards(widget)
            assert len(widget.line) == step  # no later action is shown
            assert widget.record == {}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_seat_view_replay_survives_any_browser_input_without_revealing(data: st.DataObject) -> None:
    widget = HandReplay(RECORDS / "nestors" / "nes7-whole-deal-and-last-trick.json", seat=1)
    for _ in range(20):
        if data.draw(st.booleans()):
            sent = data.draw(update_strategy(widget))
            check_update(widget, sent)
        else:
            sent = data.draw(replay_message(widget).filter(lambda m: m != {"command": "reveal"}))
            check_message(widget, sent)
        assert widget.revealed is False
        assert widget.seat == 1
        assert_replay_hides_cards(widget, sent)


def test_reveal_shows_every_hand_and_the_whole_line() -> None:
    widget = HandReplay(RECORDS / "nestors" / "nes7-whole-deal-and-last-trick.json", seat=0)
    widget.go(5)
    send_update(widget, {"revealed": True})
    assert widget.revealed is False  # the browser may not write it ...
    send_message(widget, {"command": "reveal"})  # ... but the Reveal button may ask for it
    assert widget.revealed is True
    assert len(widget.line) == widget.steps
    assert widget.record["actions"]
    for seat in widget.board_facts().seats:
        assert seat["hand"] is not None
    assert all(seat["hand"] is not None for seat in widget.board["seats"])


def test_a_huge_message_is_not_echoed_back() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    huge = "bid " + "9" * 10_000_000
    send_message(table, {"action": huge})
    send_message(table, {"nonsense": huge})
    send_update(table, {huge: 1})
    assert len(json.dumps(table.get_state(["error", "view", "legal", "events"]))) < 5_000
    assert len(table.error["text"]) < 300
