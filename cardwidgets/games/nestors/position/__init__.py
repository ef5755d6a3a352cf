"""Nestors' fast position for the solver: NES-6a, NES-6, NES-7 (see ``solver.Position``).

It mirrors the engine's play rules exactly on card indices instead of ``Card``
objects, with ``play``/``undo`` instead of ``clone``; ``tests/test_analysis.py``
checks it against the engine, and ``core/nestors.c`` is its port. Values are
the bidders' card, trick and spade points (NES-2); ``analysis/position.py``
says what a game's position module offers. Its units:

- ``play.py``: ``NestorsPosition``, its state, ``play`` and ``undo`` (one ``Undo`` entry per move);
- ``moves.py``: the legal moves and those worth trying;
- ``order.py``: the search order of those moves;
- ``keys.py``: the transposition keys (suits in a canonical order);
- ``rules.py``: NES-6 (C's duties, the trick's winner) as tables made from ``games/nestors/tricks.py``.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.cards import SUITS
from cardwidgets.games.nestors import engine as nes
from cardwidgets.games.nestors.position.keys import SPADES
from cardwidgets.games.nestors.position.play import NestorsPosition

__all__ = ["PLAY_PHASES", "SPADES", "NestorsPosition", "declaring_seats", "points_so_far", "position"]

#: The phases the solver analyses: the bidder's trick, the play and the table card.
PLAY_PHASES = ("open", "play", "leave")


def position(state: nes.NestorsState) -> NestorsPosition:
    """The fast position of ``state`` (in the bidder's trick, the play or the leave)."""
    return NestorsPosition(state)


def points_so_far(state: Any) -> int:
    """The bidders' card, trick and spade points counted so far (NES-2)."""
    team = nes.TEAM[state.bidder]
    taken = state.taken[team]
    tricks = sum(1 for t in state.tricks if t.collector is not None and nes.TEAM[t.collector] == team)
    if state.phase == nes.LEAVE and nes.TEAM[state.tricks[-1].collector] == team:
        tricks -= 1  # its cards and its 5 points come with the leave (NES-7)
    spades = sum(1 for c in taken if c.suit is SUITS[0])
    bonus = nes.SPADE_BONUS if spades >= nes.SPADE_MAJORITY else 0
    return nes.card_points(taken, state.trump) + nes.TRICK_POINTS * tricks + bonus


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Per seat, whether it is one of the bidders."""
    return tuple(nes.TEAM[s] == nes.TEAM[state.bidder] for s in range(4))
