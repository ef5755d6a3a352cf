"""Players that speak only the State protocol: they look at ``legal_actions()``.

``make_bot("random", seed)`` gives a bot by name; stronger bots come later.
"""

from __future__ import annotations

import random
from typing import Protocol

from cardwidgets.core.actions import Action
from cardwidgets.core.state import GameState


class Bot(Protocol):
    """Anything that picks one legal action for the seat to act."""

    def choose(self, state: GameState) -> Action:
        """The action to take in ``state`` (for ``state.to_act``)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, reproducibly from its seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """A random legal action."""
        return self.rng.choice(state.legal_actions())


BOTS: dict[str, type[RandomBot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``); a clear ``ValueError`` for an unknown name."""
    if name not in BOTS:
        raise ValueError(f'unknown bot "{name}": expected one of {", ".join(BOTS)}')
    return BOTS[name](seed)
