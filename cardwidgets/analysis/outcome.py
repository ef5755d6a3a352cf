"""A deal's result for one seat, in the game's own score unit: what the judge's costs are counted in (issue 21).

The one place the analysis reads each game's scoring (``docs/analysis.md``, "The judge"):

- Nimby (NIM-6) and Nestors (NES-8, E-9), partnerships: the seat's side's
  score for the deal minus the other side's;
- Tumbochka (TUM-6, T-5), each for himself: the seat's own score for the
  deal — the declarer's contract in full (made: +contract, failed:
  −contract), a defender's own tricks and trilyazh bonuses.
"""

from __future__ import annotations

from cardwidgets.core.state import GameState
from cardwidgets.games import get_game
from cardwidgets.games import nestors as nes
from cardwidgets.games import nimby as nim
from cardwidgets.games import tumbochka as tum

#: Per game: a cost below the first figure is never a mistake, however sure (score units are
#: whole numbers; Nestors' deal scores move in card points); at the second it is a mistake, below it an inaccuracy.
THRESHOLDS = {"nimby": (0.5, 2.0), "tumbochka": (0.5, 2.0), "nestors": (5.0, 20.0)}


def result_of_score(score: list[int], game: str, seat: int) -> int:
    """The deal's score (one entry per side) as the result for ``seat``: own side less the other, or own alone."""
    sides = get_game(game).sides
    side = sides[seat]
    if len(set(sides)) == len(sides):  # each player for himself (Tumbochka): his own score
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

    None when the result depends on more than those points: a Tumbochka defender's own tricks
    (the judge then plays the solver's line to the end and reads the score).
    """
    game = state.game_name
    if isinstance(state, nim.NimbyState):
        maker = state.maker
        assert maker is not None  # the play follows the trump call
        team = nim.TEAM[maker]
        makers, defenders = nim.SCORE_TABLE[points]
        score = [makers, defenders] if team == 0 else [defenders, makers]
    elif isinstance(state, nes.NestorsState):
        contract = state.contract
        assert contract is not None  # the play follows the auction
        team = nes.TEAM[contract.bidder]
        score = nes.deal_score(team, contract.bid, [points, points])
    else:
        assert isinstance(state, tum.TumbochkaState), game
        declared = state.declared
        assert declared is not None  # the play follows the declaration
        if seat != declared.declarer:
            return None
        return declared.contract if points >= declared.contract else -declared.contract
    return result_of_score(score, game, seat)


def thresholds(game: str) -> tuple[float, float]:
    """(the least cost that may be called an inaccuracy, the least that is a mistake), in score units."""
    return THRESHOLDS[game]
