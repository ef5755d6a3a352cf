"""The games registry, owned by core: each game module registers its ``Game`` class (the OpenSpiel pattern).

Core code (matches, records) finds a game by name here without importing any game
module; ``cardwidgets.games`` imports the three games, which register themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardwidgets.core.game import Game

#: Every registered game by name, in the order they registered (``"nimby"`` -> the ``Game`` class).
GAMES: dict[str, type[Game]] = {}


def register_game(game: type[Game]) -> type[Game]:
    """Add ``game`` to the registry under ``game.name`` (a class decorator); a name may register once."""
    if GAMES.get(game.name, game) is not game:
        raise ValueError(f'a game called "{game.name}" is registered already')
    GAMES[game.name] = game
    return game


def get_game(name: str) -> type[Game]:
    """The ``Game`` class called ``name``; a clear ``ValueError`` otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f'unknown game "{name}": expected one of {", ".join(GAMES)}') from None
