"""What every bot shares: the ``Decision`` it returns, the ``Bot`` protocol, ``RandomBot``.

A bot looks at a state only through what its seat may see (``state.view(seat)``
or the same facts read directly: its own hand, the cards played, the public
fields such as the trump or the contract). The helpers here read exactly
those public facts, so the game strategies (``games/<game>/bot.py``) can stay short.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cardwidgets.cards import Card
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, ActionText, CardText, format_value


@dataclass(frozen=True)
class Decision:
    """An action and why: ``reason.text("en")`` / ``reason.text("ru")``."""

    action: Action
    reason: Explanation

    def text(self, locale: str | None = None) -> str:
        """The reason in ``locale``."""
        return self.reason.text(locale)


class Bot(Protocol):
    """Anything that picks one legal action for the seat to act."""

    def choose(self, state: GameState) -> Action:
        """The action to take in ``state`` (for ``state.to_act``)."""
        ...


class Player:
    """Base class of the bots here: ``choose`` is ``decide(state).action``."""

    def decide(self, state: GameState) -> Decision:
        """The action for ``state.to_act`` and the reason for it."""
        raise NotImplementedError

    def choose(self, state: GameState) -> Action:
        """The action for ``state.to_act`` (what the ``Table`` calls)."""
        return self.decide(state).action


class RandomBot(Player):
    """Picks uniformly among the legal actions, reproducibly from its seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, state: GameState) -> Decision:
        """A random legal action."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], only_move(legal[0], state.game_name))
        return Decision(self.rng.choice(legal), Explanation("BOT", "bot.random", {}))


def only_move(action: Action, game: str = "") -> Explanation:
    """The reason for a forced move (the action shown in ``game``'s words)."""
    return Explanation("BOT", "bot.only", {"action": ActionText(action.text, game)})


# ----- public facts a strategy may read ------------------------------------------------------
def seat_to_act(state: GameState) -> int:
    """The seat whose decision it is (a bot is only asked on its turn)."""
    seat = state.to_act
    if seat is None:
        raise ValueError("the deal is over: no seat is to act")
    return seat


def own_hand(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` holds: the one hand it may look at."""
    return state.hands[seat]


def hand_sizes(state: GameState) -> list[int]:
    """How many cards each seat holds (public: ``view(seat)["hand_sizes"]``)."""
    return [len(hand) for hand in state.hands]


def pass_and_bids(legal: Sequence[Action], count: int) -> list[Action]:
    """The lowest ``count`` legal bids, and ``pass`` if it is legal (the bids search compares)."""
    bids = [action for action in legal if action.verb == "bid"][:count]
    return bids + [action for action in legal if action.verb == "pass"]


def sym(card: Card) -> CardText:
    """A card as a learner reads it in a reason: ``A♦`` / «Т♦»."""
    return CardText(card)


def syms(cards: list[Card]) -> dict[str, str]:
    """Cards listed in a reason, per locale: ``2♠, 2♣`` / «Т♠, К♠»."""
    return {locale: ", ".join(format_value(sym(card), locale) for card in cards) for locale in LOCALES}
