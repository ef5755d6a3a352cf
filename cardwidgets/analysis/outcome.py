"""A deal's result for one seat, in the game's own score unit: what the judge's costs are counted in.

The one place the analysis reads each game's scoring (``docs/analysis.md``, "The judge"):
in partnerships, the seat's side's score for the deal minus the other side's; where each
plays for himself, the seat's own score for the deal. Each game package's ``scoring``
module (found through the registry) offers

- ``score_of_points(state, seat, points)``: the deal's score (one entry per side) when the
  declaring side ends the deal with ``points``, or None when it depends on more;
- ``THRESHOLDS``: a cost below the first figure is never a mistake, however sure; at the
  second it is a mistake, below it an inaccuracy (in the game's score units).
"""

from __future__ import annotations

from cardwidgets.core.registry import get_game, spec_of
from cardwidgets.core.state import GameState


def result_of_score(score: list[int], game: str, seat: int) -> int:
    """The deal's score (one entry per side) as the result for ``seat``: own side less the other, or own alone."""
    sides = get_game(game).sides
    side = sides[seat]
    if len(set(sides)) == len(sides):  # each player for himself: his own score
        return score[side]
    return score[side] - sum(s for i, s in enumerate(score) if i != side)


def result_of(state: GameState, seat: int) -> int:
    """The finished deal's result for ``seat`` (see the module docstring)."""
    score = state.score()
    if score is None:
        raise ValueError("the deal is not finished")
    return result_of_score(score, state.game_name, seat)


def result_of_points(state: GameState, seat: int, points: int) -> int | None:
    """The result for ``seat`` when the declaring side ends the deal with ``points`` (a double-dummy value).

    None when the result depends on more than those points (a player's own tricks, where each
    plays for himself: the judge then plays the solver's line to the end and reads the score).
    """
    score = spec_of(state.game_name).scoring().score_of_points(state, seat, points)
    return None if score is None else result_of_score(score, state.game_name, seat)


def thresholds(game: str) -> tuple[float, float]:
    """(the least cost that may be called an inaccuracy, the least that is a mistake), in score units."""
    low, high = spec_of(game).scoring().THRESHOLDS
    return float(low), float(high)
