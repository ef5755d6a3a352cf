"""The shipped puzzle sets: ``data/<game>.json`` in this package, made by ``python -m cardwidgets.puzzles build``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cardwidgets.puzzles.format import Puzzle, load_puzzles

#: The folder of the shipped sets.
DATA = Path(__file__).parent / "data"


def set_path(game: str) -> Path:
    """Where ``game``'s shipped set is."""
    return DATA / f"{game}.json"


@cache
def _shipped(game: str) -> tuple[Puzzle, ...]:
    path = set_path(game)
    return tuple(load_puzzles(path, game=game)) if path.is_file() else ()


def shipped(game: str) -> list[Puzzle]:
    """``game``'s shipped puzzles (none when it has no set); a bad entry is skipped with a ``PuzzleWarning``."""
    return list(_shipped(game))
