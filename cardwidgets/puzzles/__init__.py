"""Puzzles found and proved by the judge and the solver (``docs/puzzles.md``).

``format``: a puzzle as plain JSON and its loader; ``generate``: the generator
(``python -m cardwidgets.puzzles build``); ``prove``: the proof a shipped puzzle must pass again;
``mistakes``: puzzles from a learner's own deal.
"""

from __future__ import annotations

from cardwidgets.puzzles.format import (
    FORMAT,
    MAX_DECISIONS,
    Decision,
    Puzzle,
    PuzzleError,
    PuzzleWarning,
    Values,
    load_puzzles,
    read_puzzle,
    theme_names,
    write_puzzles,
)

__all__ = [
    "FORMAT",
    "MAX_DECISIONS",
    "Decision",
    "Puzzle",
    "PuzzleError",
    "PuzzleWarning",
    "Values",
    "load_puzzles",
    "read_puzzle",
    "theme_names",
    "write_puzzles",
]
