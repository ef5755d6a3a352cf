"""Duel's position for the solver (analysis layer): the engine's own states, cloned per move (six tricks: enough)."""

from __future__ import annotations

from typing import Any

from cardwidgets.analysis.position import EnginePosition
from fifth_game.engine import PLAY, PLAYERS, DuelState

PLAY_PHASES = (PLAY,)


def position(state: DuelState) -> EnginePosition:
    """The position of ``state`` (in the play); values: the declarer's tricks (DUE-3)."""
    return EnginePosition(state, points=points_so_far, declaring=declaring_seats, most_to_gain=_most_to_gain)


def _most_to_gain(state: Any) -> int:
    """The tricks the declarer can still take: one per card in hand, and the trick under way."""
    return len(state.hands[state.declarer]) + (1 if state.tricks and len(state.tricks[-1].plays) == 1 else 0)


def points_so_far(state: Any) -> int:
    """The declarer's tricks so far."""
    return int(state.tricks_won[state.declarer])


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Only the declarer."""
    return tuple(seat == state.declarer for seat in range(PLAYERS))
