"""Duel's rules of thumb (bots layer): lead high; second, take the trick as cheaply as you can, else play low."""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots.base import Decision
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from fifth_game.engine import DuelState, trick_winner

#: The search bot's budget per decision (cards played in all the playouts together).
BUDGET = 2000
#: The eleven cards left face down never come into play.
UNDEALT = 0


def _strength(state: DuelState, action: Action) -> tuple[bool, int]:
    card = action.cards[0]
    return card.suit is state.trump, int(card.rank)


def decide(state: GameState) -> Decision:
    """The rule of thumb's card, and why (DUE-2)."""
    assert isinstance(state, DuelState)
    legal = state.legal_actions()
    if not state.tricks or len(state.tricks[-1].plays) == 2:
        best = max(legal, key=lambda action: _strength(state, action))
        return Decision(best, Explanation("DUE-2", "duel.rule_lead", {}))
    lead = state.tricks[-1].plays[0][1]
    winning = [action for action in legal if trick_winner(lead, action.cards[0], state.trump)[0] == 1]
    if winning:
        cheapest = min(winning, key=lambda action: _strength(state, action))
        return Decision(cheapest, Explanation("DUE-2", "duel.rule_win", {}))
    lowest = min(legal, key=lambda action: _strength(state, action))
    return Decision(lowest, Explanation("DUE-2", "duel.rule_cheap", {}))


def candidates(state: GameState) -> Sequence[Action]:
    """Every legal card."""
    return state.legal_actions()
