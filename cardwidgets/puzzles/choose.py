"""Which puzzle to serve next: a due review first, else one rated near the learner, never one just played.

``choose`` is a pure function of the puzzles, the learner's rating, the puzzles due for review (FSRS's,
``Progress.due_items``, longest due first), the puzzles served lately and a seed: the same arguments give
the same puzzle. Like lichess, it serves within ``WINDOW`` of the learner's rating (±100); when no
puzzle is rated there the window doubles until one is.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardwidgets.puzzles.calibrate import START
from cardwidgets.puzzles.format import Puzzle

#: How far from the learner's rating a puzzle is served.
WINDOW = 100.0
#: A puzzle served among the last this many is not served again (unless there is nothing else).
RECENT = 10


def rating_of(puzzle: Puzzle, ratings: Mapping[str, float] | None = None) -> float:
    """A puzzle's rating: the learner's own record of it (``ratings``, by id) if any, else its calibrated one."""
    if ratings is not None and puzzle.id in ratings:
        return ratings[puzzle.id]
    return puzzle.rating["rating"] if puzzle.rating else START[0]


def choose(
    puzzles: Sequence[Puzzle],
    rating: float,
    *,
    due: Sequence[str] = (),
    recent: Sequence[str] = (),
    ratings: Mapping[str, float] | None = None,
    seed: int = 0,
    window: float = WINDOW,
) -> Puzzle | None:
    """The next puzzle for a learner rated ``rating`` (None: no puzzles at all).

    ``due``: ids whose review is due, longest due first; the first of them that is among ``puzzles`` and
    not among the last ``RECENT`` of ``recent`` (ids served, oldest first) is served. Otherwise one of the
    puzzles rated within ``window`` of ``rating`` (``rating_of``, with the learner's own ``ratings`` of
    puzzles) and not served lately, drawn with ``seed``; the window doubles until it holds one. When every
    puzzle was served lately, the one served longest ago is served again.
    """
    if not puzzles:
        return None
    lately = set(recent[-RECENT:])
    by_id = {p.id: p for p in puzzles}
    for pid in due:
        if pid in by_id and pid not in lately:
            return by_id[pid]
    fresh = [p for p in puzzles if p.id not in lately]
    if not fresh:
        order = {pid: n for n, pid in enumerate(recent)}
        return min(puzzles, key=lambda p: order.get(p.id, -1))
    distance = {p.id: abs(rating_of(p, ratings) - rating) for p in fresh}
    width = window
    for _ in range(40):
        near = [p for p in fresh if distance[p.id] <= width]
        if near:
            return random.Random(seed).choice(near)
        width *= 2
    return min(fresh, key=lambda p: distance[p.id])  # a rating that is not a number: the nearest there is
