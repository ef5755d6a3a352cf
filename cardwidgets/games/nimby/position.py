"""Nimby's fast position for the solver (NIM-5), and how the solver counts Nimby's points (NIM-6).

The values are the makers' 2s taken (NIM-6); ``analysis/position.py`` says what a
game's position module offers.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.analysis.base import GONE, IN_TRICK, CardTable, live_key, merge_equal
from cardwidgets.analysis.position import SUIT_NUMBER, TEXT, TrickPosition
from cardwidgets.cards import Rank
from cardwidgets.games.nimby import engine as nim

#: The phases the solver analyses.
PLAY_PHASES = ("play",)


class NimbyPosition(TrickPosition):
    """NIM-5: follow the play suit led (2s and the trump suit are one suit); highest trump wins."""

    def __init__(self, state: nim.NimbyState) -> None:
        trump = state.trump
        assert trump is not None
        play_suit = nim.PLAY_SUIT[trump]
        strength = state.strength_table()
        suit_of = {c.index: (4 if play_suit[c] == nim.TRUMPS else SUIT_NUMBER[c.suit]) for c in nim.NIMBY_DECK}
        table = CardTable(
            suit_of,
            {c.index: strength[c] for c in nim.NIMBY_DECK},
            {c.index: int(c.rank == Rank.TWO) for c in nim.NIMBY_DECK},
        )
        self._init_cards(table, state.hands, state.tricks[-1].plays)
        self.to_act = state.actor
        maker = state.maker
        assert maker is not None  # NIM-5: the play follows the making of trump
        team = nim.TEAM[maker]
        self.declarers = tuple(nim.TEAM[s] == team for s in range(4))
        self.tricks_left = 7 - len(state.tricks)
        self.twos_left = sum(1 for c in range(52) if self.codes[c] != GONE and table.points[c])
        self.trump = trump

    def context(self) -> Any:
        """What the table's keys assume (game, trump, declaring side)."""
        return ("nimby", self.trump, self.declarers)

    def done(self) -> bool:
        """Whether the deal is over."""
        return self.tricks_left == 0

    def moves(self, merge: bool = True) -> list[int]:
        """The legal moves; ``merge`` drops equal cards and orders the rest for the search."""
        hand = self.hands[self.to_act]
        if self.trick:
            led = self.table.suit_of[self.trick[0][1]]
            suit_of = self.table.suit_of
            following = [c for c in hand if suit_of[c] == led]
            if following:
                hand = following
        return self._order(merge_equal(hand, self.table, self.codes)) if merge else list(hand)

    def _beats(self, card: int, best: int) -> bool:
        suit_of = self.table.suit_of
        if suit_of[card] == suit_of[best]:
            return self.table.strength[card] > self.table.strength[best]
        return suit_of[card] == 4

    def text(self, move: int) -> str:
        """The engine's action string of ``move``."""
        return "play " + TEXT[move]

    def play(self, move: int) -> int:
        """Make ``move``; return the points the declaring side gains by it."""
        seat = self.to_act
        at = self._take_card(seat, move)
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            self.undo_stack.append((seat, move, at, None))
            return 0
        trick = list(self.trick)
        winner = self._winner(trick)
        twos = 0
        for _, card in trick:
            self.codes[card] = GONE
            twos += self.table.points[card]
        self.trick = []
        self.tricks_left -= 1
        self.twos_left -= twos
        self.to_act = winner
        self.undo_stack.append((seat, move, at, trick))
        return twos if self.declarers[winner] else 0

    def _winner(self, trick: list[tuple[int, int]]) -> int:
        """NIM-5: every play suit other than the led one loses, except trumps (suit 4)."""
        suit_of, strength = self.table.suit_of, self.table.strength
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            suit = suit_of[card]
            if suit == suit_of[best]:
                if strength[card] > strength[best]:
                    best_seat, best = seat, card
            elif suit == 4:
                best_seat, best = seat, card
        return best_seat

    def undo(self) -> None:
        """Take back the last move."""
        seat, move, at, trick = self.undo_stack.pop()
        if trick is not None:
            for _, card in trick:
                self.codes[card] = IN_TRICK
                self.twos_left += self.table.points[card]
            self.trick = trick
            self.tricks_left += 1
        self._return_card(seat, move, at)
        self.to_act = seat

    def key(self) -> Any:
        """The transposition key at a trick boundary, else None."""
        if self.trick:
            return None
        return (self.to_act, live_key(self.table, self.codes))

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain."""
        return self.twos_left


def position(state: nim.NimbyState) -> NimbyPosition:
    """The fast position of ``state`` (in the play)."""
    return NimbyPosition(state)


def points_so_far(state: Any) -> int:
    """The makers' 2s taken so far (NIM-6)."""
    return int(state.twos_taken[nim.TEAM[state.maker]])


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Per seat, whether it is one of the makers."""
    return tuple(nim.TEAM[s] == nim.TEAM[state.maker] for s in range(4))
