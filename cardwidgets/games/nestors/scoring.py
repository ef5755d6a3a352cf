"""Nestors' scoring for the judge (``analysis/outcome.py``): partnerships, the deal score of NES-8 (E-9)."""

from __future__ import annotations

from typing import Any

from cardwidgets.games.nestors.engine import TEAM, deal_score

#: Deal scores move in card points: a cost under 5 is never a mistake; 20 or more is one.
THRESHOLDS = (5.0, 20.0)


def score_of_points(state: Any, seat: int, points: int) -> list[int]:
    """The deal's score per team when the bidders end the deal with ``points`` (NES-8)."""
    contract = state.contract
    return list(deal_score(TEAM[contract.bidder], contract.bid, [points, points], state.rules["made_opponents"]))
