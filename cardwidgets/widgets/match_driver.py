"""``MatchDriver``: a match played from one learner's seat — the learner's moves, the bots' turns, the deals.

It knows no widget: ``Table`` (``widgets/table.py``) holds one, asks it to move, and turns
what it records into synced traits. Each move leaves an *event* for the front-end's
animation, seen from the learner's seat: ``{"seat", "action", "trick", "done"}``, where
``done`` is ``None`` or ``{"collector", "why"}`` with ``why`` the ``Explanation`` (or None)
of the trick the move completed — the table words it in the learner's language.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.bots import Bot, make_bot
from cardwidgets.core.match import Match
from cardwidgets.core.state import GameState
from cardwidgets.service.frame import completed_tricks, move_event

__all__ = ["MatchDriver", "completed_tricks", "make_bots", "move_event"]


class MatchDriver:
    """The match, its deal in play, one bot per seat and the events of the last reaction."""

    def __init__(self, match: Match) -> None:
        self.match = match
        #: The deal in play (``start()`` deals one when the match has none in progress).
        self.state: GameState | None = match.current
        self.bots: list[Bot] = []
        #: What happened since the learner last acted (their move, the bots' answers).
        self.events: list[dict[str, Any]] = []

    def start(self) -> GameState:
        """The deal in progress, dealt now if there is none."""
        if self.state is None:
            self.state = self.match.new_deal()
        return self.state

    def play(self, seat: int, action: str) -> None:
        """Apply the learner's ``action`` (raises ``IllegalActionError``, nothing changed) and record it."""
        state = self.start()
        completed = completed_tricks(state)
        state.apply(action)
        self.events = []
        self.record(seat, completed, seat)

    def new_deal(self) -> GameState:
        """Deal the match's next deal (the caller checks that this one is over)."""
        self.state = self.match.new_deal()
        self.events = []
        return self.state

    def let_bots_play(self, seat: int) -> None:
        """Bots act until it is ``seat``'s turn or the deal is over; a finished deal is scored."""
        state = self.start()
        while not state.is_done and state.to_act != seat:
            mover = state.to_act
            assert mover is not None
            completed = completed_tricks(state)
            state.apply(self.bots[mover].choose(state))
            self.record(mover, completed, seat)
        if state.is_done and len(self.match.deal_scores) < len(self.match.deals):
            self.match.end_deal()

    def record(self, seat: int, completed_before: int, viewer: int) -> None:
        """Remember the move ``seat`` just made, as ``viewer`` may see it, for the animation."""
        self.events.append(move_event(self.start(), seat, completed_before, viewer))


def make_bots(bots: str | Bot | list[str | Bot], players: int, seed: int | None) -> tuple[list[Bot], list[str]]:
    """One bot per seat (the learner's is never asked), and each one's level name (or "custom")."""
    chosen = bots if isinstance(bots, list) else [bots] * players
    if len(chosen) != players:
        raise ValueError(f"bots: expected {players} bots (one per seat; the learner's is unused)")
    made = [
        make_bot(bot, None if seed is None else seed * 10 + s) if isinstance(bot, str) else bot
        for s, bot in enumerate(chosen)
    ]
    return made, [bot if isinstance(bot, str) else "custom" for bot in chosen]
