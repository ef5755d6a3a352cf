"""Bad records and action strings: one clear ``RecordError`` line, never a traceback, bounded cost.

Every way in is checked: ``replay`` (file, JSON text, dict), the command line,
``HandReplay``, ``Table.from_record`` and ``to_html`` (``docs/records.md``, *Limits*).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import RECORDS, load_record_test

from cardwidgets import HandReplay, IllegalActionError, RecordError, Table, load_record, replay, summary
from cardwidgets.cli import main
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import echo
from cardwidgets.core.limits import (
    ECHO_CHARS,
    MAX_ACTION_CHARS,
    MAX_ACTION_DIGITS,
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DEPTH,
    MAX_NOTE_CHARS,
    MAX_NUMBER_DIGITS,
    MAX_RECORD_BYTES,
)
from cardwidgets.games import new_game
from cardwidgets.widgets.snapshot import to_html

NIMBY = {"game": "nimby", "dealer": 0, "seed": 1}
TUMBOCHKA = {"game": "tumbochka", "dealer": 0, "seed": 1}
THROWN_IN = ["pass", "pass", "pass", "pass"]  # Nimby: all four disagree, the hand is thrown in (N-3)

#: Broken records (as JSON text) and a part of the one-line error each must give.
BROKEN: dict[str, tuple[str, str]] = {
    "game is a list": ('{"game": ["nestors"]}', "game: expected one of"),
    "game is an object": ('{"game": {"a": 1}, "dealer": 0, "seed": 1}', "game: expected one of"),
    "empty object": ("{}", "game: expected one of nimby, tumbochka, nestors, missing"),
    "note key superscript two": (json.dumps({**NIMBY, "notes": {"²": "x"}}), 'notes: "²" must be an action index'),
    "note key Arabic digit": (json.dumps({**NIMBY, "notes": {"٣": "x"}}), "must be an action index"),
    "note key leading zero": (json.dumps({**NIMBY, "actions": ["pass"], "notes": {"01": "x"}}), "action index"),
    "note past the last action": (json.dumps({**NIMBY, "actions": ["pass"], "notes": {"2": "x"}}), "past the last"),
    "note too long": (
        json.dumps({**NIMBY, "notes": {"0": "x" * (MAX_NOTE_CHARS + 1)}}),
        f"the limit is {MAX_NOTE_CHARS:,} characters",
    ),
    "5000-digit seed": (
        '{"game": "nimby", "dealer": 0, "seed": ' + "9" * 5000 + "}",
        f"the limit is {MAX_NUMBER_DIGITS} digits",
    ),
    "5000-digit number anywhere": ('{"x": [' + "1" * 5000 + '], "game": "nimby"}', "a number is too long"),
    "negative 5000-digit number": ('{"game": "nimby", "dealer": -' + "7" * 5000 + ', "seed": 1}', "too long"),
    "5000-digit rule value": (
        '{"game": "nimby", "dealer": 0, "seed": 1, "rules": {"target": ' + "9" * 5000 + "}}",
        "a number is too long",
    ),
    "100k-deep list": ('{"game": "nimby", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    "100k-deep object": ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    "NaN": ('{"game": "nimby", "dealer": 0, "seed": NaN}', "NaN is not a JSON number"),
    "Infinity": ('{"game": "nimby", "dealer": 0, "seed": -Infinity}', "-Infinity is not a JSON number"),
    "superscript digit in a bid": (json.dumps({**TUMBOCHKA, "actions": ["bid ⁴"]}), 'malformed action "bid ⁴"'),
    "Arabic digit in a bid": (json.dumps({**TUMBOCHKA, "actions": ["bid ٤"]}), 'malformed action "bid ٤"'),
    "fullwidth digit in a seat": (
        json.dumps({**TUMBOCHKA, "actions": ["bid 4", "pass", "pass", "give 7H １"]}),
        "malformed action",
    ),
    "too many actions": (
        json.dumps({**NIMBY, "actions": ["pass"] * (MAX_ACTIONS + 1)}),
        f"the limit is {MAX_ACTIONS} per deal",
    ),
    "too many deals": (
        json.dumps({"game": "nimby", "deals": [{"dealer": 0, "seed": 1, "actions": THROWN_IN}] * (MAX_DEALS + 1)}),
        f"the limit is {MAX_DEALS}",
    ),
    "unknown field with a newline": (json.dumps({**NIMBY, "a\nb": 1}), 'unknown field "a\\nb"'),
}


def deep_dict(depth: int) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "nimby", "dealer": 0, "seed": 1}
    for _ in range(depth):
        data = {"x": data}
    return data


def assert_one_short_line(message: str) -> None:
    assert "\n" not in message
    assert len(message) < 300, message[:300]


# ----- each broken record, every way in --------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_broken_text_gives_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(text)
    assert message in str(info.value)
    assert_one_short_line(str(info.value))


@pytest.mark.parametrize(("text", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_broken_file_exits_2_with_one_line(text: str, message: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert message in err


WAYS_IN: dict[str, Callable[[Any], object]] = {
    "replay": replay,
    "HandReplay": HandReplay,
    "Table.from_record": lambda source: Table.from_record(source, pace=0),
    "to_html": to_html,
}


@pytest.mark.parametrize("way", WAYS_IN.values(), ids=WAYS_IN.keys())
@pytest.mark.parametrize(("text", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_every_way_in_raises_record_error(way: Callable[[Any], object], text: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        way(text)
    assert message in str(info.value)


@pytest.mark.parametrize("way", WAYS_IN.values(), ids=WAYS_IN.keys())
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": ["nestors"]}, "game: expected one of"),
        ({}, "game: expected one of"),
        ({**NIMBY, "notes": {"²": "x"}}, "must be an action index"),
        ({**NIMBY, "notes": {1: "x"}}, "keys must be strings"),
        ({**NIMBY, "seed": 10**5000}, "a number is too long"),
        ({**NIMBY, "rules": {"target": [10**5000]}}, "a number is too long"),
        (deep_dict(100_000), "nested too deeply"),
        (deep_dict(MAX_DEPTH), "nested too deeply"),
        ({**NIMBY, "actions": ("pass",)}, "actions: expected a list"),
    ],
    ids=["game list", "empty", "note ²", "int key", "huge seed", "huge rule", "100k deep", "just too deep", "tuple"],
)
def test_broken_dicts_give_record_error(way: Callable[[Any], object], data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        way(data)
    assert message in str(info.value)


def test_the_depth_limit_leaves_room_for_real_records() -> None:
    assert MAX_DEPTH >= 6  # match -> deals -> deal -> "deal" -> hands -> a hand
    with pytest.raises(RecordError, match="game: expected one of"):
        replay(deep_dict(MAX_DEPTH - 1))  # deep, but within the limit: the usual checks speak
    text = json.dumps({"game": "nimby", "x": "[" * 50 + "{" * 50, "dealer": 0, "seed": 1})
    with pytest.raises(RecordError, match='unknown field "x"'):
        replay(text)  # brackets inside strings do not count


# ----- files: size, encoding, names ------------------------------------------------------------------
def test_latin1_file_gives_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps({**NIMBY, "notes": {"0": "déjà vu"}}, ensure_ascii=False).encode("latin-1"))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert "not UTF-8 text: byte" in err
    for way in WAYS_IN.values():
        with pytest.raises(RecordError, match="not UTF-8"):
            way(path)


def test_utf8_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(NIMBY).encode())
    assert load_record(path).dealer == 0


def test_dev_zero_is_refused_at_the_size_limit(capsys) -> None:
    code = main(["replay", "/dev/zero"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert f"record too large: the limit is {MAX_RECORD_BYTES:,} bytes" in err
    with pytest.raises(RecordError, match="record too large"):
        HandReplay(Path("/dev/zero"))


def test_thrown_in_match_over_the_limits_is_refused(tmp_path: Path, capsys) -> None:
    """The 11 MB record of 180k thrown-in Nimby deals: refused by the size cap, unparsed."""
    deal = json.dumps({"dealer": 0, "seed": 1, "actions": THROWN_IN})
    path = tmp_path / "big.json"
    path.write_text('{"game": "nimby", "deals": [' + ", ".join([deal] * 180_000) + "]}", encoding="utf-8")
    assert path.stat().st_size > 10_000_000
    assert main(["replay", str(path)]) == 2
    assert "record too large" in capsys.readouterr().err
    with pytest.raises(RecordError, match="record too large"):
        replay(path.read_text(encoding="utf-8"))  # the same text passed as a string


def test_longest_legal_thrown_in_match_replays() -> None:
    """A match of MAX_DEALS thrown-in deals is within every limit and replays."""
    deals = [{"dealer": 0, "seed": 1, "actions": THROWN_IN}]
    deals += [{"seed": n, "actions": THROWN_IN} for n in range(1, MAX_DEALS)]
    text = json.dumps({"game": "nimby", "deals": deals})
    assert len(text) < MAX_RECORD_BYTES
    assert len(replay(text).deals) == MAX_DEALS


@pytest.mark.parametrize("name", ["a\0b", ""])
def test_bad_file_names(name: str) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(name)


@pytest.mark.parametrize("source", [42, None, b"{}", ["nimby"]])
def test_other_sources_are_refused(source: object) -> None:
    with pytest.raises(RecordError, match="a record is a file path, JSON text or a dict"):
        load_record(source)  # type: ignore[arg-type]


# ----- action strings: digits, echo, interning -------------------------------------------------------
@pytest.mark.parametrize("text", ["bid ²", "bid ٥", "bid ５", "bid 𝟓", "bid 00005", "bid 5 5"])
def test_actions_take_only_short_ascii_numbers(text: str) -> None:
    state = new_game("tumbochka", seed=1)
    with pytest.raises(IllegalActionError, match="malformed action"):
        state.apply(text)
    assert state.history == []


def test_a_10_mb_action_gives_a_short_error() -> None:
    state = new_game("nestors", seed=1)
    huge = "bid " + "9" * 10_000_000
    with pytest.raises(IllegalActionError) as info:
        state.apply(huge)
    assert len(str(info.value)) < 120
    assert len(info.value.action) <= ECHO_CHARS + 1
    assert info.value.explanation.text("ru").count("9") <= ECHO_CHARS
    assert state.history == []


def test_a_10_mb_card_word_gives_a_short_error() -> None:
    state = new_game("nimby", seed=1)
    with pytest.raises(IllegalActionError) as info:
        state.apply("play " + "Q" * 10_000_000)
    assert len(str(info.value)) < 200


def test_a_long_bad_action_in_a_record_is_echoed_short() -> None:
    with pytest.raises(RecordError) as info:
        replay({**NIMBY, "actions": ["play " + "x" * 1_000_000]})
    assert str(info.value).startswith(f'action 1 "play {"x" * (ECHO_CHARS - 5)}…": ')
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("short", "short"),
        ("x" * 100, "x" * ECHO_CHARS + "…"),
        ("two\nlines", "two\\nlines"),
        ("\x1b[31m", "\\x1b[31m"),
        (10**5000, "<a number of 16610 bits>"),
        ([10**5000], "<list>"),
        (None, "None"),
    ],
    ids=["short", "long", "newline", "escape", "huge int", "huge int in a list", "None"],
)
def test_echo(value: object, shown: str) -> None:
    assert echo(value) == shown


def test_refused_actions_are_not_interned() -> None:
    state = new_game("nestors", seed=3)
    state.apply("bid 60")  # the legal actions exist now, like every engine-made one
    before = len(Action._interned)
    legal = state.legal_strings()
    for n in range(10_000):
        for text in (f"bid {n}", f"open {n}", f"trump {n}", f"play {n}S"):
            if text in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply(text)
    assert len(Action._interned) == before
    assert state.history == ["bid 60"]


def test_a_parsed_legal_action_is_the_engines_own_object() -> None:
    state = new_game("nestors", seed=3)
    for text in ("bid 60", "pass", "pass", "pass"):
        state.apply(text)
    state.apply(state.legal_strings()[0])  # trump
    own, first, second = state.legal_actions()[0].cards
    spelled = f"open {own} {second} {first}"  # the face-up cards in the other order
    assert state.parse(spelled) is state.legal_actions()[0]


# ----- mutated records: load and replay, or RecordError, nothing else --------------------------------
GOOD = [
    case["record"] for path in sorted(RECORDS.glob("*/*.json")) if "expect" in (case := load_record_test(path))
]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.sampled_from([0, 1, 2, 3, 4, -1, 10**18])
    | st.just(0).map(lambda _: 10**5000)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["²", "٥", "10H", "play 7S", "bid 60", "pass", "nimby", "", "\n", "0", "1", "deals"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (keys and list indices)."""
    found = [prefix]
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found.extend(paths(value, (*prefix, key)))
    return found


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """A good record with a few values replaced, removed or added."""
    record = copy.deepcopy(draw(st.sampled_from(GOOD)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(record)))
        if not path:
            record = draw(JSON_VALUES)
            continue
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(JSON_VALUES)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["game", "rules", "dealer", "deal", "seed", "actions", "notes", "x"]))] = draw(
                JSON_VALUES
            )
        else:
            parent.append(draw(JSON_VALUES))
    return record


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_mutated_records_replay_or_give_record_error(record: Any) -> None:
    try:
        text = json.dumps(record)
    except ValueError:  # a 5000-digit int has no JSON text here either
        text = "{}"
    for source in (record, text):
        try:
            result = replay(source)
        except RecordError as exc:
            assert_one_short_line(str(exc))
            continue
        json.dumps(summary(result))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_mutated_records_in_the_widgets(record: Any) -> None:
    for way in (HandReplay, to_html):
        try:
            way(record)
        except RecordError as exc:
            assert_one_short_line(str(exc))


# ----- saving: what is written loads back ----------------------------------------------------------
def test_a_note_over_the_limit_is_not_saved(tmp_path: Path) -> None:
    widget = HandReplay({**NIMBY, "actions": ["pass"]})
    widget.add_note("x" * (MAX_NOTE_CHARS + 1), step=1)
    with pytest.raises(RecordError, match=f'note "1" is too long: the limit is {MAX_NOTE_CHARS:,}'):
        widget.save(tmp_path / "line.json")
    assert not (tmp_path / "line.json").exists()
    widget.add_note("x" * MAX_NOTE_CHARS, step=1)
    widget.save(tmp_path / "line.json")
    assert load_record(tmp_path / "line.json").notes == {1: "x" * MAX_NOTE_CHARS}


def test_the_docs_state_the_limits_in_force() -> None:
    docs = (Path(__file__).parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    limits = docs.split("## Limits", 1)[1]
    for stated in (
        f"| {MAX_RECORD_BYTES:,} bytes",
        f"| {MAX_DEPTH} levels",
        f"| {MAX_NUMBER_DIGITS} digits",
        f"| {MAX_DEALS} |",
        f"| {MAX_ACTIONS} (",
        f"| {MAX_NOTE_CHARS:,} characters |",
        f"| {MAX_ACTION_CHARS} characters; numbers in it {MAX_ACTION_DIGITS} ASCII digits |",
    ):
        assert stated in limits, stated
    assert f"cut to {ECHO_CHARS} characters" in docs


def test_a_file_name_with_a_newline_still_gives_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "two\nlines.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "two\\nlines.json: a record must be a JSON object" in err


# ----- every field of every game, each wrong JSON type -------------------------------------------------
SYSTEMATIC = [
    "nimby/n-5-completing-hands.json",
    "nimby/nim-7-match-won-at-10.json",
    "tumbochka/tum-8-arrival-knocks-off-sitter.json",
    "nestors/nes9-match-goes-on.json",
    "nestors/seed-example-1-club-jack.json",
]
WRONG_VALUES = [None, True, 0, -1, 7, 10**18, 2.5, "", "²", "x" * 100, [], [None], {}, {"a": 1}, ["nestors"]]


def replaced(good: dict, path: tuple, wrong: object) -> dict:
    """A copy of the record ``good`` with the value at ``path`` (keys and indexes) replaced by ``wrong``."""
    record = copy.deepcopy(good)
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = wrong
    return record


@pytest.mark.parametrize("name", SYSTEMATIC)
def test_each_field_with_each_wrong_type(name: str) -> None:
    """Every value in a good record, replaced in turn by each wrong JSON type: it replays or is a RecordError."""
    good = load_record_test(RECORDS / name)["record"]
    checked = 0
    for path in paths(good)[1:]:
        for wrong in WRONG_VALUES:
            record = replaced(good, path, wrong)
            try:
                summary(replay(json.dumps(record)))
            except RecordError as exc:
                assert_one_short_line(str(exc))
            checked += 1
    assert checked > 100
