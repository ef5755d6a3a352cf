"""A seat's view keeps its secrets on the kernel's side.

``HandReplay(source, seat=k)`` before Reveal is the instructor's "what would you play
here?": whatever the browser sends, the kernel accepts only seat k's own actions on its
turn (the other seats move as recorded, or by the bots), and no synced text — the board,
the line, notes, headings, errors — names a card whose place seat k does not know at
the step shown (``Knowledge.hidden``), in any notation (``2C``, ``2♣``, «Т♠», "two of
clubs"). The property tests walk whole deals of every game with random browser
messages; the ``Table`` (the other seat view) is checked the same way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT, send_message, send_update, synced

from cardwidgets import GAMES, HandReplay, Table
from cardwidgets.bots import make_bot
from cardwidgets.cards import Card
from cardwidgets.games import new_game
from cardwidgets.i18n import LOCALES
from cardwidgets.i18n.names import cards_named
from cardwidgets.i18n.tools import tool_text

RECORDS = ROOT / "notebooks" / "records"
COMMANDS = ["start", "back", "forward", "back_trick", "forward_trick", "end", "original", "finish"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def shown_text(widget: Any) -> str:
    """Every text and value the browser holds, with the notes (the ``ui`` words are the same for every deal)."""
    state = synced(widget)
    ui = state.pop("ui")
    return json.dumps(state, ensure_ascii=False) + ui.get("deal_note", "")


def hidden(widget: HandReplay) -> set[Card]:
    assert widget.seat is not None
    return widget._line.state(widget.step).knowledge(widget.seat).hidden()


def assert_keeps_secrets(widget: HandReplay) -> None:
    leaked = cards_named(shown_text(widget)) & hidden(widget)
    assert not leaked, f"seat {widget.seat}, step {widget.step}: {sorted(map(str, leaked))} reached the browser"


def whole_deal(game: str, seed: int) -> Any:
    """A deal played to its end by random bots (a state: ``HandReplay`` takes it as its record)."""
    state, bot = new_game(game, seed=seed), make_bot("random", seed)
    while not state.is_done:
        state.apply(bot.choose(state))
    return state


def seat_message(widget: HandReplay) -> st.SearchStrategy[Any]:
    """What a curious student's browser may send: any seat's legal action, any card, commands, junk."""
    state = widget.state
    actions = [*state.legal_strings(), "pass", "agree", "keep"]
    actions += [f"play {card}" for card in state.deck]
    return st.one_of(
        st.fixed_dictionaries({"action": st.sampled_from(actions)}),
        st.fixed_dictionaries({"command": st.sampled_from(COMMANDS)}),
        st.fixed_dictionaries({"command": st.just("go"), "step": st.integers(-2, widget.steps + 2)}),
        st.fixed_dictionaries({"command": st.just("trick"), "trick": st.integers(0, 12)}),
        st.fixed_dictionaries({"command": st.just("analysis"), "on": st.booleans()}),
        JSON,
    )


def check_one_message(widget: HandReplay, message: Any) -> None:
    """Send ``message``; another seat's action is refused unchanged; nothing hidden is synced."""
    seat, state = widget.seat, widget.state
    line_before, step_before = list(widget._line.line), widget.step
    send_message(widget, message)
    if isinstance(message, dict) and set(message) == {"action"} and state.to_act != seat:
        assert widget.error["text"] == tool_text("err_not_your_turn", widget.locale, seat=seat)
        assert (widget._line.line, widget.step) == (line_before, step_before)
    assert widget.revealed is False
    assert widget.analysis is False
    assert_keeps_secrets(widget)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_seat_view_keeps_its_secrets_through_a_whole_random_deal(game: str, data: st.DataObject, seed: int) -> None:
    source = whole_deal(game, seed)
    seat = data.draw(st.integers(0, GAMES[game].num_players - 1))
    widget = HandReplay(source, seat=seat, locale=data.draw(st.sampled_from(LOCALES)))
    for _ in range(widget.steps + 5):
        check_one_message(widget, data.draw(seat_message(widget)))
        if data.draw(st.integers(0, 3)) == 0:  # walk on through the deal as recorded
            send_message(widget, {"command": "forward"})
            assert_keeps_secrets(widget)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*/*.json")), ids=lambda p: p.stem)
def test_every_shipped_record_keeps_every_seats_secrets_at_every_step(path: Path) -> None:
    players = len(HandReplay(path).state.hands)
    for seat in range(players):
        widget = HandReplay(path, seat=seat)
        for step in range(widget.steps + 1):
            if widget.branched_at is not None:  # the seat's own card below branched the line
                widget.original()
            widget.go(step)
            for locale in LOCALES:
                widget.locale = locale
                assert_keeps_secrets(widget)
            if step % 2 == 0:  # every other step is enough to meet each seat's turn and the others'
                for message in ({"action": "pass"}, {"action": "play 2C"}, {"action": "play AS"}):
                    check_one_message(widget, message)


# ----- the cases the attack found -------------------------------------------------------------------------------
def test_a_refusal_does_not_list_another_seats_hand() -> None:
    widget = HandReplay(RECORDS / "nimby" / "bots-deal-makers-take-two.json", step=4, seat=0)
    assert widget.state.to_act != 0
    send_message(widget, {"action": "pass"})
    assert widget.error["text"] == tool_text("err_not_your_turn", "en", seat=0)
    assert_keeps_secrets(widget)


def test_the_browser_cannot_play_another_seats_hidden_cards() -> None:
    widget = HandReplay(RECORDS / "nimby" / "bots-deal-makers-take-two.json", step=4, seat=0)
    to_act = widget.state.to_act
    assert to_act is not None
    for action in widget.state.legal_strings():  # seat 1's own legal cards: each refused the same way
        send_message(widget, {"action": action})
        assert widget.error["text"] == tool_text("err_not_your_turn", "en", seat=0)
        assert widget.step == 4
        assert widget.branched_at is None
    widget.reveal()  # after Reveal the instructor may branch any seat from the browser
    send_message(widget, {"action": widget.state.legal_strings()[0]})
    assert widget.error == {}
    assert widget.step == 5


def test_the_seat_plays_its_own_card_on_its_turn() -> None:
    path = RECORDS / "nimby" / "bots-deal-makers-take-two.json"
    widget = HandReplay(path, seat=0)
    step = next(k for k in range(widget.steps) if widget._line.state(k).to_act == 0)
    widget.go(step)
    mine = widget.state.legal_strings()[-1]
    send_message(widget, {"action": mine})
    assert widget.error == {}
    assert widget.step == step + 1


def test_a_public_note_naming_a_hidden_card_waits_until_the_card_is_public() -> None:
    source = json.loads((RECORDS / "nimby" / "nim-5-follow-trumps.json").read_text(encoding="utf-8"))
    # marked public by mistake: seat 0 leads 2♣ only at step 5
    source["notes"]["0"] = {"en": "Seat 0 holds 2♣.", "ru": "У игрока 0 есть 2♣.", "public": True}
    for locale in LOCALES:
        withheld = tool_text("note_withheld", locale, seat=1)
        widget = HandReplay(source, seat=1, locale=locale)
        assert widget.ui["deal_note"] == withheld
        assert widget.note == withheld
        widget.go(5)
        assert widget.ui["deal_note"] != withheld  # 2♣ is on the table: the note is public now
        widget.go(3)
        widget.reveal()
        assert "2♣" in widget.ui["deal_note"]
        assert "2♣" in HandReplay(source, locale=locale).note  # the instructor's view: as written


def test_the_shipped_public_notes_name_no_card_hidden_from_a_seat_at_their_step() -> None:
    withheld = [
        (path.stem, number, seat, locale)
        for path in sorted(RECORDS.glob("*/*.json"))
        for widget in [HandReplay(path)]
        for seat in range(len(widget.state.hands))
        for number in widget._line.public
        for locale in LOCALES
        if widget._line.note(number, locale, seat) == tool_text("note_withheld", locale, seat=seat)
    ]
    assert withheld == []


# ----- the Table is a seat view too -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_table_names_no_hidden_card_in_any_notation(game: str, data: st.DataObject, seed: int) -> None:
    seat = data.draw(st.integers(0, GAMES[game].num_players - 1))
    table = Table(game, seat=seat, bots="heuristic", seed=seed, pace=0, locale=data.draw(st.sampled_from(LOCALES)))
    for _ in range(80):
        if table.state.is_done:
            break
        actions = [*table.legal, *(f"play {card}" for card in table.state.deck), "pass"]
        message = data.draw(st.sampled_from([{"action": a} for a in actions] + [{"command": "hint"}]))
        send_message(table, message)
        if data.draw(st.booleans()):
            send_update(table, data.draw(st.dictionaries(st.sampled_from(["pace", "seat", "reveal"]), JSON)))
        known_to_browser = cards_named(json.dumps(message, ensure_ascii=False))  # an error may quote it back
        leaked = cards_named(shown_text(table)) & (table.state.knowledge(seat).hidden() - known_to_browser)
        assert not leaked, f"{sorted(map(str, leaked))} reached the browser"
        if table.legal and data.draw(st.booleans()):
            table.act(data.draw(st.sampled_from(table.legal)))
