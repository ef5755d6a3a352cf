"""One validation for every entry point.

Every way a record comes in — ``load_record`` from a path, a JSON text and a dict,
``replay``, ``Table.from_record``, ``HandReplay`` with and without a seat,
``post_mortem``, ``to_html`` and the command line — reads through ``load_record``, so
they accept and refuse exactly the same records, with the same message. The malformed
set: the hardening suite's broken texts, every record test that expects an error, the
cases the attack found, and seeded mutations of good records that break them.
And the analysis checks its arguments and its state before it starts.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import ROOT, load_record_test, record_tests
from test_records_hardening import BROKEN, GOOD

from cardwidgets import GAMES, HandReplay, IllegalActionError, RecordError, Table, load_record, replay
from cardwidgets.analysis import AnalysisError, DoubleDummy, double_dummy, post_mortem
from cardwidgets.analysis.position import play_phases
from cardwidgets.cli import main
from cardwidgets.games import new_game
from cardwidgets.widgets.snapshot import to_html

SHIPPED = ROOT / "notebooks" / "records"


def _won_match_and_one_more_deal() -> str:
    data = json.loads((SHIPPED / "nimby" / "nim-7-match-won-at-10.json").read_text(encoding="utf-8"))
    data["deals"].append({"seed": 1, "actions": []})
    return json.dumps(data)


def _good(game: str = "nimby") -> dict[str, Any]:
    return copy.deepcopy(next(record for record in GOOD if record["game"] == game and "deal" in record))


def _with(record: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**record, **changes})  # ASCII: a lone surrogate stays a JSON escape, the file UTF-8


NIMBY = _good("nimby")
#: The malformed inputs an attack on the entry points tries, as JSON texts.
FOUND: dict[str, str] = {
    "lone surrogate in a note": _with(NIMBY, notes={"0": "\ud800"}),
    "lone surrogate in a bilingual note": _with(NIMBY, notes={"0": {"en": "x", "ru": "\udfff"}}),
    "lone surrogate in a field name": json.dumps({**NIMBY, "\ud800": 1}),
    "a deal after the match was won": _won_match_and_one_more_deal(),
    "duplicate key": _with(NIMBY)[:-1] + ', "dealer": 1}',
    "duplicate key inside the deal": json.dumps(NIMBY).replace('"turnup":', '"stock": [], "turnup":'),
    "turnup as a one-card list": _with(NIMBY, deal={**NIMBY["deal"], "turnup": [NIMBY["deal"]["turnup"]]}),
    "tab between action words": _with(NIMBY, actions=[NIMBY["actions"][0] + "\t"] if NIMBY["actions"] else ["pass\t"]),
    "tab inside an action": _with(NIMBY, actions=["exchange\t2S"]),
    "double space in an action": _with(_good("tumbochka"), actions=["bid  4"]),
    "leading space in an action": _with(NIMBY, actions=[" pass"]),
    "empty deals": json.dumps({"game": "nimby", "deals": []}),
}
ERROR_TESTS = {
    path.stem: json.dumps(case["record"], ensure_ascii=False)
    for game in GAMES
    for path in record_tests(game)
    if "error" in (case := load_record_test(path))
}


def _mutations(count: int) -> dict[str, str]:
    """Good records broken by one seeded change each (kept only if it does break them)."""
    rng, found = random.Random(20), {}
    breaks = [
        lambda r: r.update(dealer=rng.choice([-1, 9, "0", 1.5, None, True])),
        lambda r: r.update(actions=[*r.get("actions", []), rng.choice(["play 2X", "bid", "give", "nonsense"])]),
        lambda r: r.update(rules={"no_such_option": 1}),
        lambda r: r["deal"].update(hands=r["deal"]["hands"][:-1]),
        lambda r: r.update(notes={str(len(r.get("actions", [])) + 1): "late"}),
        lambda r: r.update(seed=rng.choice(["1", 1.0, [1]])),
        lambda r: r.update(extra_field=1),
    ]
    while len(found) < count:
        record = copy.deepcopy(rng.choice([r for r in GOOD if "deal" in r]))
        rng.choice(breaks)(record)
        text = json.dumps(record)
        try:
            load_record(text)
        except RecordError:
            found[f"mutation {len(found)}"] = text
    return found


MALFORMED = {**{f"broken: {k}": v[0] for k, v in BROKEN.items()}, **FOUND, **ERROR_TESTS, **_mutations(30)}


def _no_constant(name: str) -> float:
    raise ValueError(name)


def _cli(path: Path) -> str:
    """The command line's one line on stderr, less the file name."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["replay", str(path)]) == 2
    return err.getvalue().removeprefix(f"{path}: ").rstrip("\n")


ENTRY_POINTS: dict[str, Callable[[Path, str], object]] = {
    "load_record(path)": lambda path, _text: load_record(path),
    "load_record(text)": lambda _path, text: load_record(text),
    "replay": lambda path, _text: replay(path),
    "Table.from_record": lambda path, _text: Table.from_record(path, pace=0),
    "HandReplay": lambda path, _text: HandReplay(path),
    "HandReplay(seat=0)": lambda path, _text: HandReplay(path, seat=0),
    "post_mortem": lambda path, _text: post_mortem(path, 0, samples=1),
    "to_html": lambda path, _text: to_html(path),
}


def test_the_malformed_set_is_large_and_each_is_refused() -> None:
    assert len(MALFORMED) >= 100


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_every_entry_point_refuses_a_malformed_record_with_the_same_message(name: str, tmp_path: Path) -> None:
    text = MALFORMED[name]
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    messages = {}
    for entry, call in ENTRY_POINTS.items():
        with pytest.raises(RecordError) as info:
            call(path, text)
        messages[entry] = info.value.args[0]
    messages["cli"] = _cli(path)
    try:  # the same record as Python data, where JSON has it (no NaN, no duplicate keys)
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and name not in ("duplicate key", "duplicate key inside the deal"):
        with pytest.raises(RecordError) as info:
            load_record(data)
        messages["load_record(dict)"] = info.value.args[0]
    assert len(set(messages.values())) == 1, messages


def test_a_lone_surrogate_is_named_in_both_languages() -> None:
    with pytest.raises(RecordError) as info:
        load_record(FOUND["lone surrogate in a note"])
    assert "U+D800" in info.value.explanation.text("en")
    assert "U+D800" in info.value.explanation.text("ru")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("a deal after the match was won", "over"),
        ("duplicate key", '"dealer" is given twice'),
        ("turnup as a one-card list", "turnup"),
        ("tab inside an action", "single spaces"),
        ("double space in an action", "single spaces"),
        ("empty deals", "at least one deal"),
    ],
)
def test_each_case_the_attack_found_says_what_is_wrong(name: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(FOUND[name])
    assert words in str(info.value)


def test_an_action_with_two_spaces_is_refused_by_the_engine_too() -> None:
    state = new_game("tumbochka", seed=1)
    with pytest.raises(IllegalActionError) as info:
        state.apply("bid  4")
    assert "single spaces" in str(info.value)
    assert state.history == []


# ----- the analysis checks its arguments and its state first --------------------------------------------------
def _in_play(game: str, seed: int = 2) -> Any:
    from cardwidgets.bots import make_bot

    state, bot = new_game(game, seed=seed), make_bot("heuristic", seed)
    while not state.is_done and state.phase not in play_phases(game):
        state.apply(bot.choose(state))
    if state.is_done:
        return _in_play(game, seed + 1)
    return state


@pytest.mark.parametrize("samples", [0, -3, 1.5, "4", True, 10**6])
def test_post_mortem_refuses_a_bad_number_of_samples(samples: Any) -> None:
    with pytest.raises(AnalysisError) as info:
        post_mortem(_in_play("nimby"), 0, samples=samples)
    assert "samples" in str(info.value)


@pytest.mark.parametrize(
    ("name", "value"),
    [("seconds", "1"), ("seconds", math.nan), ("seconds", -1), ("seconds", True), ("seconds", math.inf),
     ("max_nodes", 1.5), ("max_nodes", "9")],
)
def test_double_dummy_refuses_a_bad_budget(name: str, value: Any) -> None:
    with pytest.raises(AnalysisError) as info:
        double_dummy(_in_play("nimby"), **{name: value})
    assert name in str(info.value)


@pytest.mark.parametrize("value", [math.nan, "2", -0.5])
def test_post_mortem_refuses_a_bad_budget(value: Any) -> None:
    with pytest.raises(AnalysisError):
        post_mortem(_in_play("nimby"), 0, nodes=value)
    with pytest.raises(AnalysisError):
        post_mortem(_in_play("nimby"), 0, total_seconds=value)


def _to_act_out_of_range(state: Any) -> None:
    state.to_act = 7


def _foreign_card(state: Any) -> None:
    from cardwidgets.cards import parse_card

    state.hands[state.to_act][0] = parse_card("9S")  # no 9 in a Nimby or Tumbochka deck


def _emptied_hand(state: Any) -> None:
    state.hands[(state.to_act + 1) % len(state.hands)] = []


def _unknown_game(state: Any) -> None:
    state.game_name = "whist"


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("spoil", [_to_act_out_of_range, _foreign_card, _emptied_hand, _unknown_game])
def test_a_state_that_is_not_a_position_of_its_game_is_refused(game: str, spoil: Callable[[Any], None]) -> None:
    state = _in_play(game)
    spoil(state)
    with pytest.raises(AnalysisError):
        double_dummy(state, seconds=5)
    with pytest.raises(AnalysisError):
        post_mortem(state, 0, samples=1)


def test_a_progress_callback_that_changes_the_state_does_not_change_the_solve() -> None:
    state = _in_play("nimby")
    expected = double_dummy(state)

    def meddle(_done: int, _total: int) -> None:
        if not state.is_done:
            state.apply(state.legal_strings()[0])

    assert DoubleDummy(progress=meddle).values(state) == expected


def test_a_note_with_a_lone_surrogate_cannot_be_added_from_python_either(tmp_path: Path) -> None:
    widget = HandReplay(SHIPPED / "nimby" / "nim-5-follow-trumps.json")
    with pytest.raises(RecordError):
        widget.add_note("\ud800", step=1)
    assert 1 not in widget.notes
    widget.save(tmp_path / "line.json")  # nothing unsaveable was kept
    assert load_record(tmp_path / "line.json")
