"""Tumbochka's scoring for the judge (``analysis/outcome.py``): each for himself (TUM-6, T-5)."""

from __future__ import annotations

from typing import Any

#: A cost under half a point is never a mistake; two points or more is one (score units are whole numbers).
THRESHOLDS = (0.5, 2.0)


def score_of_points(state: Any, seat: int, points: int) -> list[int] | None:
    """The declarer's contract in full (made: +contract, failed: −contract) when he ends with ``points``.

    None for a defender: his result is his own tricks and trilyazh bonuses, not the declarer's points.
    """
    declared = state.declared
    if seat != declared.declarer:
        return None
    score = [0, 0, 0]
    score[seat] = declared.contract if points >= declared.contract else -declared.contract
    return score
