"""The learner's own mistakes as puzzles, in the shipped sets' format (``docs/puzzles.md``).

``mistake_puzzles(record, seat)`` replays the deal and, at each decision of ``seat`` the Review
calls a mistake (the judge's verdict on the action taken, on what the seat could see: the coach's
and the Review's word), makes a one-decision puzzle: the position, the judge's best action with
those equivalent to it as the solution, every legal action's values (face up too in the card play,
when the solver finishes) and the themes of the decision with ``own_mistake``. Unlike a generated
puzzle it need not pass the whole proof: the learner's mistake makes it worth asking again.
``from_review(record, seat, rows)`` does the same for the rows a Review already has (``post_mortem``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardwidgets.analysis.judge import _face_up, default_nodes, judge
from cardwidgets.analysis.position import play_phases
from cardwidgets.analysis.postmortem import seat_decisions
from cardwidgets.core.records import DealRecord, record_of
from cardwidgets.core.state import GameState
from cardwidgets.puzzles.format import Decision, Puzzle
from cardwidgets.puzzles.generate import decision_themes
from cardwidgets.puzzles.prove import measure

Source = GameState | DealRecord | dict[str, Any] | str | Path


def mistake_puzzles(source: Source, seat: int, *, nodes: int | None = None) -> list[Puzzle]:
    """One puzzle per decision of ``seat`` in the deal that the judge calls a mistake (see the module docstring)."""
    return _puzzles(source, seat, None, nodes)


def from_review(
    source: Source, seat: int, rows: Iterable[Mapping[str, Any]], *, nodes: int | None = None
) -> list[Puzzle]:
    """The puzzles of a Review's rows (``post_mortem``'s: ``number`` and ``verdict``): one per row that is a mistake."""
    numbers = {row["number"] for row in rows if row.get("verdict") == "mistake"}
    return _puzzles(source, seat, numbers, nodes)


def _puzzles(source: Source, seat: int, numbers: set[int] | None, nodes: int | None) -> list[Puzzle]:
    """The puzzles at the decisions ``numbers`` (None: every decision the judge calls a mistake)."""
    found = []
    for state, number, action in seat_decisions(source, seat, copies=True):
        if numbers is not None and number not in numbers:
            continue
        judgement = judge(state, seat, dd=False)
        if numbers is None and judgement.assess(action).verdict != "mistake":
            continue
        legal = list(state.legal_strings())
        for other in legal:
            judgement.value(other)
        in_play = state.phase in play_phases(state.game_name)
        if in_play:  # face up too, when the solver finishes within its budget
            judgement.dd, judgement.dd_status = _face_up(state, seat, nodes or default_nodes(state))
        face_up = in_play and judgement.dd is not None and judgement.dd_status == "done"
        solution, values = measure(judgement, legal, face_up=face_up)
        if action in solution:  # the action taken was as good as the best after all: no puzzle
            continue
        record = record_of(state).to_json()
        themes = (*dict.fromkeys(decision_themes(state, solution)), "own_mistake")
        decision = Decision(len(state.history), solution, (), values)
        pid = f"{state.game_name}-mistake-{zlib.crc32(repr(record).encode()):08x}-{seat}-{len(state.history)}"
        rules = dict(record.get("rules", {}))
        found.append(Puzzle(pid, state.game_name, seat, record, (decision,), themes, rules, None, "mistake"))
    return found
