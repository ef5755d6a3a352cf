"""Duel's scoring for the judge (analysis layer): one point per trick, each for himself (DUE-3)."""

from __future__ import annotations

from typing import Any

from fifth_game.engine import HAND

THRESHOLDS = (0.5, 1.0)


def score_of_points(state: Any, seat: int, points: int) -> list[int] | None:
    """The declarer's tricks are his score; the other player took the rest."""
    score = [0, 0]
    score[state.declarer] = points
    score[1 - state.declarer] = HAND - points
    return score
