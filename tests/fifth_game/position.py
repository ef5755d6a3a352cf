"""Duel's position for the solver (analysis layer): the engine's own state, cloned per move (six tricks: enough)."""

from __future__ import annotations

from typing import Any

from fifth_game.engine import PLAY, PLAYERS, DuelState

PLAY_PHASES = (PLAY,)


class DuelPosition:
    """A deal in the play, searched move by move on engine states (values: the declarer's tricks, DUE-3)."""

    step = 1
    auto_leave = False
    compiled = None
    use_killers = False

    def __init__(self, state: DuelState) -> None:
        self.states = [state.clone()]
        self.declarer = state.declarer

    @property
    def now(self) -> DuelState:
        return self.states[-1]

    def moves(self, merge: bool = True) -> list[str]:
        return self.now.legal_strings()

    def play(self, move: str) -> int:
        before = self.now.tricks_won[self.declarer]
        after = self.now.clone()
        after.apply(move)
        self.states.append(after)
        return after.tricks_won[self.declarer] - before

    def undo(self) -> None:
        self.states.pop()

    def maximizing(self) -> bool:
        return self.now.to_act == self.declarer

    def done(self) -> bool:
        return self.now.is_done

    def key(self) -> Any:
        return None

    def upper_bound(self) -> int:
        return len(self.now.hands[self.declarer]) + (
            1 if self.now.tricks and len(self.now.tricks[-1].plays) == 1 else 0
        )

    def slot(self) -> int | None:
        return None

    def node(self) -> tuple[Any, int, int | None] | None:
        return None if self.done() else (self.key(), self.upper_bound(), self.slot())

    def context(self) -> object:
        return ("duel", id(self))

    def text(self, move: str) -> str:
        return move


def position(state: DuelState) -> DuelPosition:
    """The position of ``state`` (in the play)."""
    return DuelPosition(state)


def points_so_far(state: Any) -> int:
    """The declarer's tricks so far."""
    return int(state.tricks_won[state.declarer])


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Only the declarer."""
    return tuple(seat == state.declarer for seat in range(PLAYERS))
