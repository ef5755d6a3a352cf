"""The built-in games, by name: ``GAMES["nimby"]`` is the ``Game`` class of Nimby.

Each game is a package here (``cardwidgets/games/<game>/``) that registers its
``GameSpec`` in core's registry (``core/registry.py``) when imported; importing
this package imports the built-in ones, in the order a learner meets them.
"""

from __future__ import annotations

import random
from typing import Any

from cardwidgets.core.registry import GAMES, SPECS, get_game, register_game
from cardwidgets.core.state import GameState

# Each package registers its game as it is imported: this is the order a learner meets them.
# isort: off
from cardwidgets.games.nimby import Nimby
from cardwidgets.games.tumbochka import Tumbochka
from cardwidgets.games.nestors import Nestors

# isort: on

__all__ = ["GAMES", "SPECS", "Nestors", "Nimby", "Tumbochka", "get_game", "new_game", "register_game"]


def new_game(
    name: str, seed: int | random.Random | None = None, dealer: int = 0, rules: dict[str, Any] | None = None
) -> GameState:
    """A new deal of game ``name``, shuffled from ``seed``."""
    game = get_game(name)
    return game.new_state(game.random_deal(seed), dealer, rules)
