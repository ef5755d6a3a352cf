"""Troika's rule of thumb (bots layer): play the lowest card you may (it wins when all three follow, TRO-2)."""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots.base import Decision
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState

#: The search bot's default budget per decision (cards played in all the playouts together).
BUDGET = 2000
#: No cards come into play after the deal.
UNDEALT = 0


def decide(state: GameState) -> Decision:
    """The lowest legal card, and why."""
    action = min(state.legal_actions(), key=lambda a: (a.cards[0].rank, a.cards[0].suit.value))
    return Decision(action, Explanation("TRO-2", "troika.rule_play", {}))


def candidates(state: GameState) -> Sequence[Action]:
    """Every legal card."""
    return state.legal_actions()
