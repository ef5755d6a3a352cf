"""A puzzle as plain JSON, and its loader (``docs/puzzles.md`` is the contract).

A puzzle is one seat's decisions in one deal: the deal's record (``docs/records.md``) up to
the first decision, the seat, and up to ``MAX_DECISIONS`` decisions, each with its step, its
solution (one action, or a set of equivalent ones), the replies played after it up to the
next decision, and the values that prove it. ``read_puzzle`` checks one entry whole (its
shape, its game and themes, and that its line replays); ``load_puzzles`` reads a file of
them, skipping each bad entry with one message.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwidgets.core.errors import Refusal
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import DealRecord, load_record, replay_deal
from cardwidgets.core.registry import SPECS
from cardwidgets.core.state import GameState
from cardwidgets.i18n import puzzles as words

#: The format's version (a file's ``"format"``).
FORMAT = 1
#: At most this many decisions in one puzzle (the learner's moves of its line).
MAX_DECISIONS = 3
#: The keys of an entry, of a decision and of a decision's values.
ENTRY_KEYS = {"id", "game", "rules", "record", "seat", "decisions", "themes", "rating", "source"}
REQUIRED_KEYS = {"id", "game", "record", "seat", "decisions", "themes"}
DECISION_KEYS = {"step", "solution", "replies", "values"}
VALUE_KEYS = {"samples", "mc", "error", "dd", "cost", "dd_cost"}
RATING_KEYS = {"rating", "rd", "vol"}
#: Where a puzzle comes from: made by the generator, or from a learner's own deal.
SOURCES = ("generated", "mistake")
#: An id: short, printable, no spaces.
MAX_ID = 80


class PuzzleError(Refusal):
    """A puzzle file or entry refused: malformed, an unknown game or theme, or a line that does not replay.

    ``str()`` is the text in the default locale; ``explanation`` renders in any locale.
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.explanation = Explanation("", key, params)
        super().__init__(self.explanation.text("en"))

    def __str__(self) -> str:
        return self.explanation.text()


class PuzzleWarning(UserWarning):
    """A puzzle skipped by ``load_puzzles`` (its message says which and why)."""


@dataclass(frozen=True)
class Values:
    """What proves one decision, in the deal's score units for the seat (``analysis/outcome.py``).

    ``mc``: each valued action's mean over the judge's ``samples`` deals dealt from what the seat
    has seen; ``error``: the standard error of each action's difference from the solution's;
    ``dd``: each action's value with all cards face up (None outside the play); ``cost``: what
    the next best action loses on the seat's information, ``dd_cost`` face up (None: not valued).
    """

    samples: int
    mc: dict[str, float]
    error: dict[str, float]
    dd: dict[str, int] | None
    cost: float
    dd_cost: int | None

    def to_json(self) -> dict[str, Any]:
        """The values as JSON data."""
        return {"samples": self.samples, "mc": self.mc, "error": self.error, "dd": self.dd,
                "cost": self.cost, "dd_cost": self.dd_cost}  # fmt: skip


@dataclass(frozen=True)
class Decision:
    """One of the learner's moves in a puzzle: at ``step`` (actions played before it) play one of ``solution``.

    ``replies``: the actions played after the solution's first action, up to the next decision (the
    other seats' moves, and the seat's own forced ones).
    """

    step: int
    solution: tuple[str, ...]
    replies: tuple[str, ...]
    values: Values

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON data."""
        return {"step": self.step, "solution": list(self.solution), "replies": list(self.replies),
                "values": self.values.to_json()}  # fmt: skip


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (``docs/puzzles.md``): a deal, a seat and its decisions with their proof."""

    id: str
    game: str
    seat: int
    record: dict[str, Any]
    decisions: tuple[Decision, ...]
    themes: tuple[str, ...]
    rules: dict[str, Any] = field(default_factory=dict)
    #: The puzzle's Glicko-2 rating (``rating``, ``rd``, ``vol``), None until calibrated.
    rating: dict[str, float] | None = None
    source: str = "generated"

    def start(self) -> GameState:
        """The position of the first decision (a fresh state, the deal's record replayed)."""
        loaded = load_record(self.record)
        assert isinstance(loaded, DealRecord)
        return replay_deal(loaded)

    def positions(self) -> Iterator[tuple[GameState, Decision]]:
        """Each decision with the state before it (one state, moved on: copy it to keep it)."""
        state = self.start()
        for decision in self.decisions:
            yield state, decision
            state.apply(decision.solution[0])
            for reply in decision.replies:
                state.apply(reply)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as JSON data (what ``read_puzzle`` reads back)."""
        data: dict[str, Any] = {"id": self.id, "game": self.game}
        if self.rules:
            data["rules"] = dict(self.rules)
        data.update({
            "record": self.record, "seat": self.seat, "decisions": [d.to_json() for d in self.decisions],
            "themes": list(self.themes), "rating": self.rating, "source": self.source,
        })  # fmt: skip
        return data


def theme_names(game: str) -> dict[str, Mapping[str, str]]:
    """Every theme a puzzle of ``game`` may carry, by id, with its name in each language."""
    found: dict[str, Mapping[str, str]] = dict(words.THEMES)
    spec = SPECS[game]
    if spec.has("puzzle_themes"):
        found.update(spec.puzzle_themes().THEMES)
    return found


# ----- reading -----------------------------------------------------------------------------------
def read_puzzle(data: Any, game: str | None = None) -> Puzzle:
    """One entry as a ``Puzzle``, checked whole, or ``PuzzleError`` (``game``: the file's game, if any)."""
    entry = _object(data, "the entry", ENTRY_KEYS, REQUIRED_KEYS)
    pid = entry["id"]
    if not isinstance(pid, str) or not pid or len(pid) > MAX_ID or not pid.isprintable() or " " in pid:
        raise _malformed(f"id {_short(pid)}")
    name = entry["game"]
    if not isinstance(name, str) or name not in SPECS:
        raise PuzzleError("puzzle.unknown_game", game=_short(name), games=", ".join(SPECS))
    if game is not None and name != game:
        raise PuzzleError("puzzle.other_game", game=name, file_game=game)
    rules = entry.get("rules", {})
    if not isinstance(rules, dict):
        raise _malformed("rules")
    record = entry["record"]
    if not isinstance(record, dict) or record.get("game") != name or record.get("rules", {}) != rules:
        raise _malformed("record (a deal record of the same game and rules)")
    seat = entry["seat"]
    if not _whole(seat) or not 0 <= seat < SPECS[name].game.num_players:
        raise _malformed(f"seat {_short(seat)}")
    themes = entry["themes"]
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise _malformed("themes (a list of theme ids)")
    known = theme_names(name)
    for theme in themes:
        if theme not in known:
            raise PuzzleError("puzzle.unknown_theme", theme=_short(theme), game=name)
    rating, source = _rating(entry.get("rating")), entry.get("source", "generated")
    if source not in SOURCES:
        raise _malformed(f"source {_short(source)}")
    items = entry["decisions"]
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_DECISIONS:
        raise _malformed(f"decisions (a list of 1 to {MAX_DECISIONS})")
    decisions = tuple(_decision(item) for item in items)
    puzzle = Puzzle(pid, name, seat, record, decisions, tuple(themes), dict(rules), rating, source)
    _check_line(puzzle)
    return puzzle


def load_puzzles(source: str | Path | Mapping[str, Any], *, game: str | None = None) -> list[Puzzle]:
    """The puzzles of a file (a path, JSON text or parsed data): each bad entry skipped with one message.

    A file is ``{"format": 1, "game": …, "puzzles": [entry, …]}`` (``docs/puzzles.md``). Each entry
    refused (``read_puzzle``) is left out with a ``PuzzleWarning`` naming it and why; a file that is
    not such an object at all raises ``PuzzleError``.
    """
    data = _file_data(source)
    file_game = data.get("game") if game is None else game
    if file_game is not None and file_game not in SPECS:
        raise PuzzleError("puzzle.unknown_game", game=_short(file_game), games=", ".join(SPECS))
    found: list[Puzzle] = []
    seen: set[str] = set()
    for number, entry in enumerate(data["puzzles"], 1):
        where = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else f"#{number}"
        try:
            puzzle = read_puzzle(entry, file_game)
            if puzzle.id in seen:
                raise PuzzleError("puzzle.duplicate", id=puzzle.id)
        except PuzzleError as error:
            skipped = Explanation("", "puzzle.skipped", {"where": _short(where), "why": error.explanation})
            warnings.warn(skipped.text(), PuzzleWarning, stacklevel=2)
            continue
        seen.add(puzzle.id)
        found.append(puzzle)
    return found


def puzzle_file(game: str, puzzles: list[Puzzle]) -> dict[str, Any]:
    """A file of ``puzzles`` (all of ``game``) as JSON data."""
    return {"format": FORMAT, "game": game, "puzzles": [p.to_json() for p in puzzles]}


def write_puzzles(path: str | Path, game: str, puzzles: list[Puzzle]) -> None:
    """Write a file of puzzles: one entry a line, so that a change shows as a few lines in a diff."""
    lines = [json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    body = ",\n".join(lines)
    text = f'{{"format": {FORMAT}, "game": {json.dumps(game)}, "puzzles": [\n{body}\n]}}\n'
    Path(path).write_text(text, encoding="utf-8")


def _file_data(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """The file's JSON object, checked to be a puzzle file, or ``PuzzleError``."""
    if isinstance(source, Mapping):
        data: Any = dict(source)
    else:
        try:
            text = Path(source).read_text("utf-8") if isinstance(source, Path) else source
            data = json.loads(text)
        except (OSError, ValueError) as error:
            raise PuzzleError("puzzle.file", why=_short(str(error), 200)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("puzzles"), list):
        raise PuzzleError("puzzle.file", why=f'not {{"format": {FORMAT}, "game": …, "puzzles": […]}}')
    return data


def _rating(data: Any) -> dict[str, float] | None:
    """A rating slot: None, or ``{"rating", "rd", "vol"}`` numbers."""
    if data is None:
        return None
    rating = _object(data, "rating", RATING_KEYS, RATING_KEYS)
    if not all(_number(v) for v in rating.values()):
        raise _malformed("rating (numbers rating, rd and vol)")
    return rating


def _decision(data: Any) -> Decision:
    """One decision entry, its shape checked (its legality is ``_check_line``'s)."""
    item = _object(data, "a decision", DECISION_KEYS, DECISION_KEYS)
    if not _whole(item["step"]) or item["step"] < 0:
        raise _malformed("a decision's step")
    solution, replies = item["solution"], item["replies"]
    if not isinstance(solution, list) or not solution or not all(isinstance(a, str) for a in solution):
        raise _malformed("a decision's solution (a list of actions)")
    if not isinstance(replies, list) or not all(isinstance(a, str) for a in replies):
        raise _malformed("a decision's replies (a list of actions)")
    v = _object(item["values"], "a decision's values", VALUE_KEYS, VALUE_KEYS)
    if not _whole(v["samples"]) or not _number(v["cost"]) or not (v["dd_cost"] is None or _whole(v["dd_cost"])):
        raise _malformed("a decision's values")
    mc, error, dd = v["mc"], v["error"], v["dd"]
    if not _table(mc, _number) or not _table(error, _number) or not (dd is None or _table(dd, _whole)):
        raise _malformed("a decision's values (mc, error, dd by action)")
    values = Values(v["samples"], dict(mc), dict(error), None if dd is None else dict(dd), v["cost"], v["dd_cost"])
    return Decision(item["step"], tuple(solution), tuple(replies), values)


def _check_line(puzzle: Puzzle) -> None:
    """The record replays, and every decision is the seat's turn with its solution and replies legal."""
    try:
        state = puzzle.start()
    except Refusal as error:
        raise PuzzleError("puzzle.no_replay", why=getattr(error, "explanation", str(error))) from None
    for number, decision in enumerate(puzzle.decisions, 1):
        if decision.step != len(state.history):
            raise PuzzleError("puzzle.bad_step", number=number, step=decision.step, reached=len(state.history))
        if state.is_done or state.to_act != puzzle.seat:
            raise PuzzleError("puzzle.not_to_act", step=decision.step, seat=puzzle.seat)
        legal = set(state.legal_strings())
        for action in decision.solution:
            if action not in legal:
                raise PuzzleError("puzzle.not_legal", action=_short(action), step=decision.step)
        for step, action in enumerate((decision.solution[0], *decision.replies), decision.step):
            if state.is_done or action not in state.legal_strings():
                raise PuzzleError("puzzle.not_legal", action=_short(action), step=step)
            state.apply(action)


def _object(data: Any, what: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    """``data`` as an object with only ``allowed`` keys and every ``required`` one, or ``PuzzleError``."""
    if not isinstance(data, dict):
        raise _malformed(f"{what} is not an object")
    unknown = sorted(set(data) - allowed)
    missing = sorted(required - set(data))
    if unknown or missing:
        raise _malformed(f"{what}: " + "; ".join(
            ([f"unknown {', '.join(map(_short, unknown))}"] if unknown else [])
            + ([f"missing {', '.join(missing)}"] if missing else [])
        ))  # fmt: skip
    return data


def _table(data: Any, check: Any) -> bool:
    """Whether ``data`` is ``{action: value}`` with each value passing ``check``."""
    return isinstance(data, dict) and all(isinstance(k, str) and check(v) for k, v in data.items())


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e9


def _short(value: Any, limit: int = 40) -> str:
    """A value as a short text for a message."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _malformed(what: str) -> PuzzleError:
    return PuzzleError("puzzle.malformed", what=what)
