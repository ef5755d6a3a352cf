"""Troika's scoring for the judge (analysis layer): each for himself, one point per trick (TRO-3)."""

from __future__ import annotations

from typing import Any

THRESHOLDS = (0.5, 1.0)


def score_of_points(state: Any, seat: int, points: int) -> list[int] | None:
    """The declarer's tricks are his score; a defender's result depends on more than the declarer's points."""
    if seat != state.declarer:
        return None
    score = [0, 0, 0]
    score[seat] = points
    return score
