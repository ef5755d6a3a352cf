"""The Table's **Hint**: the search bot's move for a seat, with a reason a learner can follow.

    hint(state, seat, locale=None) -> {"action": "play AD", "reason": "…"}

``action`` is a canonical action string, legal for ``seat`` now; ``reason``
is one or two sentences in ``locale`` (``en`` or ``ru``; None: ``cardwidgets.get_locale()``): the rule of thumb
behind the move ("the higher 2s (2♣, 2♠) are out, so your 2♥ is now the top
trump …") and what the search found ("in 30 simulated deals this averaged
+1.2 points, 0.8 more than play 3♠"). Only what ``seat`` may see is used. The
same state, seat and ``seed`` always give the same hint. It raises
``ValueError`` when it is not ``seat``'s turn.
"""

from __future__ import annotations

from cardwidgets.bots.base import Decision
from cardwidgets.bots.search import SearchBot
from cardwidgets.core.state import GameState
from cardwidgets.i18n import resolve


def hint(state: GameState, seat: int, locale: str | None = None, seed: int = 0) -> dict[str, str]:
    """The search bot's suggestion for ``seat`` and why, in ``locale``."""
    locale = resolve(locale)
    decision = hint_decision(state, seat, seed)
    return {"action": decision.action.text, "reason": decision.text(locale)}


def hint_decision(state: GameState, seat: int, seed: int = 0) -> Decision:
    """The search bot's decision for ``seat`` (its reason renders in either language)."""
    if state.is_done or state.to_act != seat:
        raise ValueError(f"no hint: it is not seat {seat}'s turn")
    return SearchBot(seed).decide(state)
