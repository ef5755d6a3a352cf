"""The seat views' boundary and the public APIs' arguments, attacked once more.

- A seat's view before Reveal shows only the notes a record marks ``"public": true``: a note
  naming a hidden card in any of 25 notations never reaches the browser (nor a seat's slides).
- What a seat's view sends is filtered before it is set: every state the widget sends over
  its comm is recorded, and no intermediate value names a hidden card.
- Every numeric argument of the analysis, replay, drill and review APIs is checked one way:
  type (not a bool), finite, range; one error in the learner's language, a huge number never
  echoed in full.
- A record given as a string is JSON when it parses as JSON, a path otherwise.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import ROOT, send_message, synced

from cardwidgets import Drill, HandReplay, Table
from cardwidgets.analysis import AnalysisError, DoubleDummy, double_dummy, post_mortem
from cardwidgets.core.errors import RecordError
from cardwidgets.core.records import load_record, save_record
from cardwidgets.games import new_game
from cardwidgets.i18n import LOCALES
from cardwidgets.i18n.names import cards_named
from cardwidgets.i18n.tools import tool_text
from cardwidgets.widgets.snapshot import to_html, to_slides

RECORDS = ROOT / "notebooks" / "records"
NIMBY = RECORDS / "nimby" / "nim-5-follow-trumps.json"  # seat 0 holds 2♣ and leads it at step 5

#: Ways a person may write the two of clubs in a note.
NOTATIONS = [
    "2c", "2C", "2♣", "♣2", "♣ 2", "2 ♣", "2 of clubs", "two of clubs", "Two of Clubs", "deuce of clubs",
    "the 2 of clubs", "2 of ♣", "club two", "clubs 2", "2-c", "C2", "2 треф", "двойка треф", "двойку треф",
    "двойкой треф", "трефовая двойка", "трефовую двойку", "2 трефы", "двойка ♣", "Двойка Треф",
]  # fmt: skip


class Wire:
    """A front-end's end of the comm: every message the widget sends, in order."""

    kernel = object()
    comm_id = "wire"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: dict[str, Any] | None = None, buffers: Any = None) -> None:
        self.sent.append(json.loads(json.dumps(data)))

    def on_msg(self, _callback: Any) -> None:
        pass

    def close(self) -> None:
        pass


def wired(widget: Any) -> Wire:
    """Attach a recording comm to ``widget`` (its state so far counts as sent too)."""
    wire = Wire()
    widget.comm = wire
    wire.sent.append({"method": "update", "state": synced(widget)})
    return wire


def sent_text(wire: Wire) -> str:
    """Everything ``wire`` carried, but the ``ui`` words (the same for every deal; their examples name cards)."""
    states = [{**m["state"], "ui": m["state"].get("ui", {}).get("deal_note", "")} for m in wire.sent]
    return json.dumps(states, ensure_ascii=False)


def nimby(note: Any) -> dict[str, Any]:
    source = json.loads(NIMBY.read_text(encoding="utf-8"))
    source["notes"] = {"0": note}
    return source


# ----- notes in a seat's view ---------------------------------------------------------------------------------
@pytest.mark.parametrize("notation", NOTATIONS)
def test_an_unmarked_note_never_reaches_a_seat_view_before_reveal(notation: str) -> None:
    secret = f"Seat 0 holds {notation}!"
    for locale in LOCALES:
        widget = HandReplay(nimby({"en": secret, "ru": secret}), seat=1, locale=locale)
        wire = wired(widget)
        for step in range(widget.steps + 1):
            widget.go(step)
        send_message(widget, {"command": "start"})
        assert secret not in json.dumps(wire.sent, ensure_ascii=False)
        assert widget.note == tool_text("note_withheld", locale, seat=1)
        assert secret not in to_slides(nimby(secret), seat=1, locale=locale)
        widget.reveal()
        assert widget.note == secret  # Reveal: the instructor's view shows it


def test_no_note_reaches_a_table_or_a_seat_views_snapshot() -> None:
    secret = "Seat 0 holds двойку треф!"
    table = Table.from_record(nimby({"en": secret, "ru": secret}), seat=1, bots="heuristic", pace=0)
    wire = wired(table)
    table.act(table.legal[0])
    assert secret not in json.dumps(wire.sent, ensure_ascii=False) + json.dumps(synced(table), ensure_ascii=False)
    widget = HandReplay(nimby(secret), step=2, seat=1)
    assert secret not in to_html(widget)
    widget.reveal()
    assert secret not in to_html(widget)  # step 2: the note belongs to step 0
    widget.go(0)
    assert secret in to_html(widget)


def test_a_public_note_is_shown_from_every_seat_and_keeps_its_mark() -> None:
    text = "Seat 0 leads the top trump."
    source = nimby({"en": text, "ru": "Игрок 0 ходит старшим козырем.", "public": True})
    for seat in range(4):
        assert HandReplay(source, seat=seat).note == text
    assert HandReplay(nimby(text), seat=1).note == tool_text("note_withheld", "en", seat=1)
    assert load_record(source).to_json()["notes"]["0"]["public"] is True


def test_the_mark_survives_save_and_a_branch_drops_it_with_the_note(tmp_path: Path) -> None:
    widget = HandReplay(nimby({"en": "Deal.", "public": True}), step=2)
    widget.add_note("Seat 2 passes.", public=True)
    widget.add_note("Seat 1 agrees.", step=1)
    widget.save(tmp_path / "line.json")
    notes = json.loads((tmp_path / "line.json").read_text(encoding="utf-8"))["notes"]
    assert notes == {"0": {"en": "Deal.", "public": True}, "1": "Seat 1 agrees.",
                     "2": {"en": "Seat 2 passes.", "public": True}}  # fmt: skip
    widget.go(1)
    widget.play(next(a for a in widget.state.legal_strings() if a != widget._line.line[1]))
    assert widget._line.public == {0}
    with pytest.raises(ValueError, match="public"):
        widget.add_note("x", public="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("mark", ["yes", 1, None, [True]])
def test_a_mark_other_than_true_or_false_is_refused(mark: Any) -> None:
    with pytest.raises(RecordError, match='"0" must be an action index'):
        load_record(nimby({"en": "x", "public": mark}))
    with pytest.raises(RecordError, match='"0" must be an action index'):
        load_record(nimby({"public": True}))  # a mark without a text


def test_a_record_written_before_the_mark_still_loads(tmp_path: Path) -> None:
    for path in sorted(RECORDS.glob("*/*.json")):
        record = load_record(path)
        save_record(record, tmp_path / "again.json")
        assert load_record(tmp_path / "again.json").to_json() == record.to_json()


# ----- texts are filtered before they are set -------------------------------------------------------------------
def test_a_refusal_in_a_seat_view_is_reworded_before_it_is_sent() -> None:
    widget = HandReplay(RECORDS / "nestors" / "e10-both-reach-1000-bidders-win.json", 24, seat=3)
    hidden = widget._line.hidden_from(3, 24)
    wire = wired(widget)
    send_message(widget, {"action": "play 1H"})
    errors = [m["state"]["error"] for m in wire.sent if "error" in m["state"]]
    assert errors[-1]["text"] == tool_text("err_view_hidden", "en", seat=3)
    for error in errors:
        assert not cards_named(json.dumps(error, ensure_ascii=False)) & hidden, error


# ----- numeric arguments: one check -------------------------------------------------------------------------------
NESTORS = RECORDS / "nestors" / "e10-both-reach-1000-bidders-win.json"
HUGE = 10**400


def in_play() -> Any:
    state = new_game("nimby", seed=1)
    while state.phase != "play":
        state.apply(state.legal_strings()[0])
    return state


#: Each call with one bad argument: (what it is called, the call, the argument's name).
CALLS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "double_dummy max_nodes": (lambda v: double_dummy(in_play(), max_nodes=v), "max_nodes"),
    "double_dummy seconds": (lambda v: double_dummy(in_play(), seconds=v), "seconds"),
    "double_dummy workers": (lambda v: double_dummy(in_play(), workers=v), "workers"),
    "post_mortem nodes": (lambda v: post_mortem(NIMBY, 0, nodes=v), "nodes"),
    "post_mortem total_seconds": (lambda v: post_mortem(NIMBY, 0, total_seconds=v), "total_seconds"),
    "post_mortem samples": (lambda v: post_mortem(NIMBY, 0, samples=v), "samples"),
    "DoubleDummy workers": (lambda v: DoubleDummy(workers=v), "workers"),
    "DoubleDummy max_nodes": (lambda v: DoubleDummy(max_nodes=v), "max_nodes"),
    "DoubleDummy seconds": (lambda v: DoubleDummy(seconds=v), "seconds"),
    "HandReplay analysis_seconds": (lambda v: HandReplay(NESTORS, analysis_seconds=v), "analysis_seconds"),
    "Drill.from_mistakes seconds": (lambda v: Drill.from_mistakes(NIMBY, 0, seconds=v), "seconds"),
}
#: Values no numeric argument takes (``None`` is "no limit" where a budget allows it, so not here).
BAD = ["5", "x", True, False, math.nan, math.inf, -math.inf, -1, HUGE, -HUGE, [1], 1e300]


def ident(value: Any) -> str:
    """A test id that does not write out 10**400."""
    return {HUGE: "10**400", -HUGE: "-10**400"}.get(value, repr(value)) if not isinstance(value, list) else repr(value)


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("value", BAD, ids=ident)
def test_every_numeric_argument_is_refused_with_one_clear_error(call: str, value: Any) -> None:
    function, name = CALLS[call]
    if value == 1e300 and name in {"max_nodes", "nodes", "samples", "workers"}:
        value = 1.5  # a float where a whole number is due
    with pytest.raises(AnalysisError) as info:
        function(value)
    for locale in LOCALES:
        text = info.value.explanation.text(locale)
        assert text.startswith(f"{name} "), text
        assert len(text) < 200, text
        assert "0" * 50 not in text, text  # a huge number is never written out
        assert ("must be" if locale == "en" else "а не") in text


@pytest.mark.parametrize("value", ["1", True, math.nan, -1, HUGE, 1.0], ids=ident)
def test_the_replays_and_drills_other_numbers_are_refused_too(value: Any) -> None:
    checks: list[tuple[Callable[[], Any], str]] = [
        (lambda: HandReplay(NIMBY, 3).finish(seed=value), "seed must be a whole number from 0 to"),
        (lambda: Drill("nimby-may-play", seed=value), "seed must be a whole number from 0 to"),
        (lambda: HandReplay(NIMBY, deal=value), "deal: expected 0 to 0"),
        (lambda: HandReplay(NIMBY).trick(value), "no trick"),
        (lambda: HandReplay(NIMBY).go(value), "no step"),
    ]
    for call, message in checks:
        with pytest.raises(ValueError, match=message) as info:
            call()
        assert "0" * 50 not in str(info.value)


def test_workers_none_and_analysis_seconds_none_are_refused_too() -> None:
    with pytest.raises(AnalysisError, match="workers must be a whole number from 1 to"):
        DoubleDummy(workers=None)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="analysis_seconds must be a number of seconds"):
        HandReplay(NESTORS, analysis_seconds=None)  # type: ignore[arg-type]


def test_a_huge_number_is_named_by_its_digits_in_both_languages() -> None:
    with pytest.raises(AnalysisError) as info:
        double_dummy(in_play(), max_nodes=HUGE)
    assert info.value.explanation.text("en").endswith("not a number of 401 digits")
    assert info.value.explanation.text("ru").endswith("а не число из 401 цифры")
    with pytest.raises(AnalysisError, match="no seat a number of 401 digits: seats are 0 to 3"):
        post_mortem(NIMBY, HUGE)
    with pytest.raises(ValueError, match="no step a number of 401 digits"):
        HandReplay(NIMBY, HUGE)
    with pytest.raises(ValueError, match="no trick a number of 401 digits"):
        HandReplay(NIMBY).trick(HUGE)


@pytest.mark.parametrize("value", ["5", math.nan, math.inf, -1, True, HUGE], ids=ident)
def test_the_review_refuses_a_bad_total_seconds_and_changes_nothing(value: Any) -> None:
    table = Table("nimby", seed=3, bots="heuristic", pace=0)
    while not table.state.is_done:
        table.act(table.legal[0])
    assert table.review(total_seconds=value) is None
    assert table.error["text"].startswith("total_seconds must be a number of seconds from 0 to 86400, not ")
    assert table.review_rows == []
    assert table.review(samples=HUGE) is None
    assert table.error["text"] == "samples must be a whole number from 1 to 1000, not a number of 401 digits"


def test_good_numbers_still_pass() -> None:
    assert double_dummy(in_play(), max_nodes=10**6, seconds=30.0, workers=1)
    assert DoubleDummy(max_nodes=None, seconds=None, workers=1).workers == 1
    assert HandReplay(NESTORS, analysis_seconds=0).analysis_seconds == 0


# ----- a record given as a string -----------------------------------------------------------------------------------
TEXT = NIMBY.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["\ufeff" + TEXT, "\n\t  " + TEXT, "\ufeff \n" + TEXT], ids=["bom", "space", "both"])
def test_json_text_is_read_as_json_whatever_it_starts_with(text: str) -> None:
    assert load_record(text).to_json() == load_record(NIMBY).to_json()


@pytest.mark.parametrize("text", ["[1, 2]", "null", "  null", "\ufeff[]", '"nimby"', "42", " [" + TEXT + "]"])
def test_json_that_is_not_an_object_is_refused_as_json_not_as_a_path(text: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert str(info.value) == "a record must be a JSON object"


@pytest.mark.parametrize("text", ['{"game": ', "[[[", ' {"game": "nimby",}'])
def test_broken_json_says_it_was_read_as_json(text: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert str(info.value).startswith("not valid JSON: line 1")
    assert str(info.value).endswith("(the text was read as JSON; no file has that name either)")
    assert "too long" not in str(info.value)


def test_a_path_is_read_as_a_path_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "null").write_text(TEXT, encoding="utf-8")
    assert load_record(str(NIMBY)).to_json() == load_record(NIMBY).to_json()
    assert load_record(tmp_path / "null").game.name == "nimby"  # a Path is always a file
    with pytest.raises(RecordError) as info:
        load_record(str(tmp_path / "missing.json"))
    assert str(info.value).endswith("(the text is not JSON, so it was read as a file path)")
    assert info.value.explanation.text("ru").endswith("(текст — не JSON, поэтому он прочитан как путь к файлу)")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_nothing_a_seat_view_sends_names_a_hidden_card_whatever_the_browser_sends(seat: int) -> None:
    widget = HandReplay(RECORDS / "nestors" / "e10-both-reach-1000-bidders-win.json", 24, seat=seat)
    junk = ["play 1H", "play 10", "open 1H 2H 3H", "bid 1000", "play AS AS", "leave 1H", "trump 2"]
    actions = [*junk, *(f"play {card}" for card in widget.state.deck), *(f"leave {card}" for card in widget.state.deck)]
    messages: list[Any] = [{"action": a} for a in actions]
    messages += [{"command": "forward"}, {"command": "go", "step": 10**400}, {"nonsense": "AS"}, ["10H"]]
    for message in messages:
        wire = wired(widget)
        send_message(widget, message)
        hidden = widget._line.hidden_from(seat, widget.step)
        leaked = cards_named(sent_text(wire)) & hidden
        assert not leaked, (message, sorted(map(str, leaked)))
