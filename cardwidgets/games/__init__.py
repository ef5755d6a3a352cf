"""The three games, by name: ``GAMES["nimby"]`` is the ``Game`` class of Nimby.

Importing this package registers the games in core's registry (``core/registry.py``),
in the order a learner meets them.
"""

from __future__ import annotations

import random
from typing import Any

from cardwidgets.core.registry import GAMES, get_game, register_game
from cardwidgets.core.state import GameState
from cardwidgets.games.nestors import Nestors
from cardwidgets.games.nimby import Nimby
from cardwidgets.games.tumbochka import Tumbochka

for _game in (Nimby, Tumbochka, Nestors):
    register_game(_game)

__all__ = ["GAMES", "Nestors", "Nimby", "Tumbochka", "get_game", "new_game"]


def new_game(
    name: str, seed: int | random.Random | None = None, dealer: int = 0, rules: dict[str, Any] | None = None
) -> GameState:
    """A new deal of game ``name``, shuffled from ``seed``."""
    game = get_game(name)
    return game.new_state(game.random_deal(seed), dealer, rules)
