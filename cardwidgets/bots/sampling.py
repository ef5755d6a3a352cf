"""Determinization for the search: the possible worlds a seat imagines.

Each game owns what a seat knows (``state.knowledge(seat)``) and how a possible
world is built (``state.world(known, rng)``); the common record and the dealing
live in ``core/knowledge.py``. These two functions are the same calls in the
form the search and the post-mortem (``analysis/postmortem.py``) import.
"""

from __future__ import annotations

import random

from cardwidgets.core.knowledge import Knowledge
from cardwidgets.core.state import GameState


def knowledge(state: GameState, seat: int) -> Knowledge:
    """What ``seat`` knows about the hidden cards of ``state``: ``state.knowledge(seat)``."""
    return state.knowledge(seat)


def world(state: GameState, known: Knowledge, rng: random.Random) -> GameState:
    """One full deal consistent with ``known``: ``state.world(known, rng)``."""
    return state.world(known, rng)
