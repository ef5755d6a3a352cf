"""Puzzles (``docs/puzzles.md``): the format's loader refuses bad input one clear message at a time, and the shipped
sets are proved again by the current engine — a puzzle it does not prove is a failing test.

The proof of every shipped puzzle is split to stay within about a minute on two cores: the face-up half
(the solver: the solution best with all cards face up, every other action worse) and the line (the
opponents' replies) for **all** puzzles; the sampled half (the judge on the seat's information) for
every ``SAMPLED_EVERY``-th puzzle of each set, and the whole proof of a few in the fast tests.
``python -m cardwidgets.puzzles check`` proves every puzzle whole.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from cardwidgets.bots import make_bot
from cardwidgets.core.records import load_record, record_of, replay_deal
from cardwidgets.core.registry import SPECS, get_game
from cardwidgets.i18n import LOCALES
from cardwidgets.i18n import puzzles as puzzle_words
from cardwidgets.puzzles import PuzzleError, PuzzleWarning, load_puzzles, read_puzzle, theme_names, write_puzzles
from cardwidgets.puzzles.generate import find_puzzles
from cardwidgets.puzzles.mistakes import mistake_puzzles
from cardwidgets.puzzles.prove import examine, prove
from cardwidgets.puzzles.shipped import shipped

GAMES = [name for name in SPECS if SPECS[name].has("puzzle_themes")]
#: Each shipped set holds at least this many puzzles (Nestors: the solver and its bids make it the slowest to generate).
AT_LEAST = {"nimby": 300, "tumbochka": 300, "nestors": 300}
#: The sampled half of the proof for every this-many-th shipped puzzle in the slow check.
SAMPLED_EVERY = 5


def _entry(**changes: Any) -> dict[str, Any]:
    """A well-formed entry: a Nimby deal, seat to act's first decision (its values made up: the loader reads them)."""
    record = load_record({"game": "nimby", "dealer": 0, "seed": 5, "actions": []})
    state = replay_deal(record)  # type: ignore[arg-type]
    legal = state.legal_strings()
    values = {"samples": 8, "mc": dict.fromkeys(legal, 0.0), "error": dict.fromkeys(legal, 0.0), "dd": None,
              "cost": 2.0, "dd_cost": None}  # fmt: skip
    seat, line = state.to_act, state.clone()
    line.apply(legal[0])
    replies = []
    while line.to_act != seat:
        replies.append(line.legal_strings()[0])
        line.apply(replies[-1])
    entry = {
        "id": "test-1", "game": "nimby", "record": record_of(state).to_json(), "seat": seat,
        "decisions": [{"step": 0, "solution": [legal[0]], "replies": replies, "values": values},
                      {"step": len(line.history), "solution": [line.legal_strings()[0]], "replies": [],
                       "values": values}],
        "themes": ["trump_call", "line"], "rating": None, "source": "generated",
    }  # fmt: skip
    entry.update(changes)
    return entry


# ----- the loader ----------------------------------------------------------------------------------------------
def test_a_well_formed_entry_reads_and_writes_back_the_same() -> None:
    puzzle = read_puzzle(_entry())
    assert read_puzzle(puzzle.to_json()) == puzzle
    assert [len(state.history) for state, _ in puzzle.positions()] == [d.step for d in puzzle.decisions]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": 9}, "malformed: seat 9"),
        ({"seat": True}, "malformed: seat True"),
        ({"id": "two words"}, "malformed: id two words"),
        ({"extra": 1}, "unknown extra"),
        ({"themes": "trump_call"}, "malformed: themes"),
        ({"rating": {"rating": 1500}}, "missing rd, vol"),
        ({"source": "elsewhere"}, "malformed: source elsewhere"),
        ({"decisions": []}, "a list of 1 to 3"),
        ({"game": "chess"}, "the game chess is not one of"),
        ({"themes": ["no_such_theme"]}, "the theme no_such_theme is not one of nimby's themes"),
    ],
)
def test_a_bad_entry_is_one_clear_error(change: dict[str, Any], message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        read_puzzle(_entry(**change))


def test_an_entry_that_no_longer_replays_is_refused() -> None:
    entry = _entry()
    entry["decisions"][0]["solution"] = ["play 2S"]  # not legal while the trump is being made
    with pytest.raises(PuzzleError, match="play 2S is not legal at step 0"):
        read_puzzle(entry)
    entry = _entry()
    entry["record"]["actions"] = ["play 2S"]
    with pytest.raises(PuzzleError, match="it does not replay"):
        read_puzzle(entry)
    entry = _entry()
    entry["decisions"][1]["step"] += 1
    with pytest.raises(PuzzleError, match=r"decision 2 is at step [0-9]+, but the line before it reaches step"):
        read_puzzle(entry)


def test_a_file_skips_each_bad_entry_with_one_message_and_loads_the_rest() -> None:
    good = _entry()
    data = {"format": 1, "game": "nimby", "puzzles": [
        good, _entry(id="bad-theme", themes=["nope"]), "not an object", _entry(id="test-1"),
        _entry(id="other", game="tumbochka"),
    ]}  # fmt: skip
    with pytest.warns(PuzzleWarning) as caught:
        puzzles = load_puzzles(data)
    assert [p.id for p in puzzles] == ["test-1"]
    messages = [str(w.message) for w in caught]
    assert messages == [
        "puzzle bad-theme skipped: the theme nope is not one of nimby's themes",
        "puzzle #3 skipped: malformed: the entry is not an object",
        "puzzle test-1 skipped: the id test-1 is used twice",
        "puzzle other skipped: a puzzle of tumbochka in a file of nimby",
    ]


def test_what_is_not_a_puzzle_file_is_refused_at_once(tmp_path: Any) -> None:
    with pytest.raises(PuzzleError, match="the puzzle file cannot be read"):
        load_puzzles("{not json")
    with pytest.raises(PuzzleError, match=re.escape('not {"format": 1')):
        load_puzzles({"puzzles": {}})
    with pytest.raises(PuzzleError, match="the game chess is not one of"):
        load_puzzles({"format": 1, "game": "chess", "puzzles": []})
    path = tmp_path / "set.json"
    write_puzzles(path, "nimby", [read_puzzle(_entry())])
    assert load_puzzles(path) == [read_puzzle(_entry())]
    assert json.loads(path.read_text("utf-8"))["game"] == "nimby"


def test_the_messages_and_the_themes_are_in_every_language() -> None:
    for table in (puzzle_words.MESSAGES, puzzle_words.THEMES):
        for texts in table.values():
            assert set(texts) == set(LOCALES)
            assert all(texts.values())
    for game in GAMES:
        for theme, names in theme_names(game).items():
            assert set(names) == set(LOCALES), (game, theme)
            assert all(names.values()), (game, theme)
    error = PuzzleError("puzzle.unknown_theme", theme="x", game="nimby")
    assert error.explanation.text("ru") == "темы x нет среди тем игры nimby"


# ----- the shipped sets ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_its_set_and_every_entry_loads(game: str) -> None:
    puzzles = shipped(game)  # a skipped entry would be a PuzzleWarning: an error under the test settings
    assert len(puzzles) >= AT_LEAST[game]
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(p.game == game and p.source == "generated" and p.themes for p in puzzles)
    played = {len(p.decisions) for p in puzzles}
    assert played <= {1, 2, 3}


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_of_each_set_is_proved_again_whole(game: str) -> None:
    puzzles = shipped(game)
    sample = random.Random(game).sample(puzzles, min(3, len(puzzles)))
    for puzzle in sample:
        assert prove(puzzle) == [], puzzle.id


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_puzzle_is_proved_face_up_and_a_fifth_on_the_seat_s_information(game: str) -> None:
    problems = []
    for number, puzzle in enumerate(shipped(game)):
        problems += prove(puzzle, sampled=number % SAMPLED_EVERY == 0)
    assert problems == []


def test_a_puzzle_the_engine_does_not_prove_fails() -> None:
    puzzle = next(p for p in shipped(GAMES[0]) if len(p.decisions) == 1)
    state, decision = next(puzzle.positions())
    wrong = next(a for a in state.legal_strings() if a not in decision.solution)
    data = puzzle.to_json()
    data["decisions"][0]["solution"] = [wrong]
    problems = prove(read_puzzle(data))
    assert problems
    assert "the solution is now" in problems[0]
    data = copy.deepcopy(puzzle.to_json())
    data["decisions"][0]["solution"] = [*decision.solution, wrong]
    assert prove(read_puzzle(data), sampled=False) != []


# ----- the generator and the learner's own mistakes -------------------------------------------------------------
def test_the_generator_is_reproducible_and_keeps_only_proved_decisions() -> None:
    first, tally = find_puzzles(GAMES[0], 2, seed=7)
    again, _ = find_puzzles(GAMES[0], 2, seed=7)
    assert first == again
    assert len(first) == 2
    assert tally.candidates >= tally.kept == 2
    assert 0 < tally.share <= 1
    for puzzle in first:
        assert prove(puzzle) == []


def test_a_learner_s_mistakes_become_puzzles_in_the_same_format() -> None:
    game = get_game(GAMES[0])
    state = game.new_state(game.random_deal(random.Random(7)), 0)
    learner, others = make_bot("random", 1), make_bot("heuristic")
    while not state.is_done:
        state.apply((learner if state.to_act == 0 else others).decide(state).action)
    puzzles = mistake_puzzles(state, 0)
    assert puzzles
    for puzzle in puzzles:
        assert read_puzzle(puzzle.to_json()) == puzzle
        assert puzzle.source == "mistake"
        assert "own_mistake" in puzzle.themes
        start, decision = next(puzzle.positions())
        taken = state.history[decision.step]
        assert taken not in decision.solution
        assert examine(start, 0, face_up=False).judgement is not None
