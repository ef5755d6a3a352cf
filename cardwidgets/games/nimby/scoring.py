"""Nimby's scoring for the judge (``analysis/outcome.py``): partnerships, the makers' 2s taken (NIM-6)."""

from __future__ import annotations

from typing import Any

from cardwidgets.games.nimby.engine import SCORE_TABLE, TEAM

#: A cost under half a point is never a mistake; two points or more is one (score units are whole numbers).
THRESHOLDS = (0.5, 2.0)


def score_of_points(state: Any, seat: int, points: int) -> list[int]:
    """The deal's score per team when the makers end the deal with ``points`` 2s taken (NIM-6)."""
    team = TEAM[state.maker]
    makers, defenders = SCORE_TABLE[points]
    return [makers, defenders] if team == 0 else [defenders, makers]
