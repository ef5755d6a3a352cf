"""``HeuristicBot``: each game's documented rules of thumb (``games/<game>/bot.py``).

Each game package's ``bot`` module (found through the registry) offers one small surface, ``Strategy``:

- ``decide(state)`` → ``Decision``: the rule of thumb's move and its reason
  (asked only when the seat has a choice: ``decide`` here answers forced moves);
- ``candidates(state)`` → the legal actions worth comparing by search (all of
  them, except that long runs of bids and of cards to pass are cut to a few).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from cardwidgets.bots.base import Decision, Player, only_move
from cardwidgets.core.actions import Action
from cardwidgets.core.registry import BotPart, spec_of
from cardwidgets.core.state import GameState

#: The contract of a game's bot module (``core/registry.py``).
Strategy: TypeAlias = BotPart[GameState]

#: The rules of thumb by game, as first looked up (the playouts ask at every move).
_FOUND: dict[str, Strategy] = {}


def strategy(game: str) -> Strategy:
    """The rules of thumb of ``game`` (its package's ``bot`` module, through the registry)."""
    found = _FOUND.get(game)
    if found is None:
        found = _FOUND[game] = spec_of(game).bot()
    return found


def decide(state: GameState) -> Decision:
    """The rule of thumb's move for the seat to act, and why (a forced move says so)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return Decision(legal[0], only_move(legal[0], state.game_name))
    return strategy(state.game_name).decide(state)


def policy(state: GameState) -> Action:
    """The rule of thumb's move alone (the search bot's playouts)."""
    return decide(state).action


def candidates(state: GameState) -> Sequence[Action]:
    """The legal moves the search bot compares."""
    return strategy(state.game_name).candidates(state)


class HeuristicBot(Player):
    """Plays each game's rules of thumb; needs no randomness (``seed`` is accepted for ``make_bot``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, state: GameState) -> Decision:
        """The rule of thumb's move for the seat to act, and its reason."""
        return decide(state)
