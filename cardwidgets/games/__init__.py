"""The three games, by name: ``GAMES["nimby"]`` is the ``Game`` class of Nimby."""

from __future__ import annotations

import random
from typing import Any

from cardwidgets.core.game import Game
from cardwidgets.core.state import GameState
from cardwidgets.games.nestors import Nestors
from cardwidgets.games.nimby import Nimby
from cardwidgets.games.tumbochka import Tumbochka

GAMES: dict[str, type[Game]] = {"nimby": Nimby, "tumbochka": Tumbochka, "nestors": Nestors}


def get_game(name: str) -> type[Game]:
    """The ``Game`` class called ``name``; a clear ``ValueError`` otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f'unknown game "{name}": expected one of {", ".join(GAMES)}') from None


def new_game(
    name: str, seed: int | random.Random | None = None, dealer: int = 0, rules: dict[str, Any] | None = None
) -> GameState:
    """A new deal of game ``name``, shuffled from ``seed``."""
    game = get_game(name)
    return game.new_state(game.random_deal(seed), dealer, rules)
