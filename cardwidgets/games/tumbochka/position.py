"""Tumbochka's fast position for the solver (TUM-5 with troyans and trilyazhes, Decision T-4).

The values are the declarer's tricks plus trilyazh bonuses (TUM-6);
``analysis/position.py`` says what a game's position module offers.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.analysis.base import GONE, IN_TRICK, CardTable, live_key, merge_equal
from cardwidgets.analysis.position import SUIT_NUMBER, TEXT, TrickPosition
from cardwidgets.cards import SUITS
from cardwidgets.games.tumbochka import engine as tum

#: The phases the solver analyses.
PLAY_PHASES = ("play",)


#: Move flags: a plain card, a trilyazh announced with its J, a troyan shown with its 6 (TUM-5).
PLAIN, TRILYAZH, TROYAN = 0, 64, 128
KQJ = [tuple(c.index for c in reversed(tum.TRILYAZH_LEADS[s])) for s in SUITS]  # K, Q, J per suit
EIGHT76 = [tuple(c.index for c in tum.TROYAN_CARDS[s]) for s in SUITS]  # 8, 7, 6 per suit


class TumbochkaPosition(TrickPosition):
    """TUM-5: follow suit, else trump, else any; troyans change trump; trilyazhes (T-4) score 3.

    A combination (K-Q-J or 8-7-6 of a suit in one hand) can only break during
    the play, never form, so the position lists those held at the start and
    counts, per combination, its cards played (``broken``).
    """

    def __init__(self, state: tum.TumbochkaState) -> None:
        deck = tum.TUMBOCHKA_DECK
        table = CardTable(
            {c.index: SUIT_NUMBER[c.suit] for c in deck},
            {c.index: int(c.rank) for c in deck},
            {c.index: 0 for c in deck},
        )
        self._init_cards(table, state.hands, state.tricks[-1].plays)
        declarer = state.declarer
        assert declarer is not None  # TUM-5: the play follows the bidding
        self.to_act = state.actor
        self.declarer = declarer
        self.declarers = tuple(s == declarer for s in range(3))
        self.trump = -1 if state.trump is None else SUIT_NUMBER[state.trump]
        #: The trilyazh being played: (seat, suit, index of the card to lead next), or None (T-4).
        trilyazh = state.trilyazh
        self.trilyazh = None if trilyazh is None else (trilyazh[0], SUIT_NUMBER[trilyazh[1]], trilyazh[2])
        self.tricks_left = 9 - len(state.tricks)
        #: Combinations held whole: (seat, suit, TRILYAZH or TROYAN, its three cards).
        self.combos: list[tuple[int, int, int, tuple[int, ...]]] = []
        for seat in range(3):
            for s in range(4):
                for kind, cards in ((TRILYAZH, KQJ[s]), (TROYAN, EIGHT76[s])):
                    if all(self.codes[c] == seat for c in cards):
                        self.combos.append((seat, s, kind, cards))
        self.combo_of = {card: i for i, combo in enumerate(self.combos) for card in combo[3]}
        self.broken = [0] * len(self.combos)

    def context(self) -> Any:
        """What the table's keys assume (game, trump, declaring side)."""
        return ("tumbochka", self.declarer)

    def done(self) -> bool:
        """Whether the deal is over."""
        return self.tricks_left == 0

    def text(self, move: int) -> str:
        """The engine's action string of ``move``."""
        card = move & 63
        if move & TRILYAZH:
            return f"play {TEXT[card]} trilyazh"
        if move & TROYAN:
            return f"play {TEXT[card]} troyan"
        return "play " + TEXT[card]

    def moves(self, merge: bool = True) -> list[int]:
        """The legal moves; ``merge`` drops equal cards and orders the rest for the search."""
        seat = self.to_act
        hand = self.hands[seat]
        suit_of = self.table.suit_of
        if not self.trick:
            trilyazh = self.trilyazh
            if trilyazh is not None:  # T-4: the next card of the trilyazh must be led
                return [KQJ[trilyazh[1]][2 - trilyazh[2]]]
            announce = []
            for i, (owner, s, kind, cards) in enumerate(self.combos):
                if owner == seat and not self.broken[i] and (kind == TRILYAZH or s != self.trump):
                    announce.append(cards[2] | kind)  # the J or the 6 is led (TUM-5)
            if not merge:
                return list(hand) + announce
            return announce + self._order(self._merged(hand, seat))
        led = suit_of[self.trick[0][1]]
        legal = [c for c in hand if suit_of[c] == led]
        if not legal and self.trump >= 0:
            legal = [c for c in hand if suit_of[c] == self.trump]
        if not legal:
            legal = hand
        return self._order(self._merged(legal, seat)) if merge else list(legal)

    def _beats(self, card: int, best: int) -> bool:
        suit_of = self.table.suit_of
        if suit_of[card] == suit_of[best]:
            return self.table.strength[card] > self.table.strength[best]
        return suit_of[card] == self.trump

    def _merged(self, cards: list[int], seat: int) -> list[int]:
        """Equal cards merged, except a combination's cards while its holder has all three."""
        keep: set[int] | None = None
        for i, (owner, _, _, combo) in enumerate(self.combos):
            if owner == seat and not self.broken[i]:
                keep = (keep or set()) | set(combo)
        return merge_equal(cards, self.table, self.codes, keep)

    def play(self, move: int) -> int:
        """Make ``move``; return the points the declaring side gains by it."""
        seat = self.to_act
        card = move & 63
        saved = (self.trump, self.trilyazh)
        if move & TROYAN:
            self.trump = self.table.suit_of[card]  # TUM-5: trump from this trick on
        elif move & TRILYAZH:
            self.trilyazh = (seat, self.table.suit_of[card], 0)
        at = self._take_card(seat, card)
        combo = self.combo_of.get(card)
        if combo is not None:
            self.broken[combo] += 1
        if len(self.trick) < 3:
            self.to_act = (seat + 1) % 3
            self.undo_stack.append((seat, card, at, None, saved))
            return 0
        trick = list(self.trick)
        winner = self._winner(trick)
        for _, c in trick:
            self.codes[c] = GONE
        self.trick = []
        self.tricks_left -= 1
        self.to_act = winner
        gain = 1 if winner == self.declarer else 0
        trilyazh = self.trilyazh
        if trilyazh is not None:  # Decision T-4: go on, complete (+3) or break
            owner, suit, index = trilyazh
            if winner != owner:
                self.trilyazh = None
            elif index == 2:
                self.trilyazh = None
                if owner == self.declarer:
                    gain += tum.TRILYAZH_BONUS
            else:
                self.trilyazh = (owner, suit, index + 1)
        self.undo_stack.append((seat, card, at, trick, saved))
        return gain

    def _winner(self, trick: list[tuple[int, int]]) -> int:
        """TUM-5: the highest trump, else the highest card of the suit led."""
        suit_of, strength, trump = self.table.suit_of, self.table.strength, self.trump
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if suit_of[card] == suit_of[best]:
                if strength[card] > strength[best]:
                    best_seat, best = seat, card
            elif suit_of[card] == trump:
                best_seat, best = seat, card
        return best_seat

    def undo(self) -> None:
        """Take back the last move."""
        seat, card, at, trick, saved = self.undo_stack.pop()
        if trick is not None:
            for _, c in trick:
                self.codes[c] = IN_TRICK
            self.trick = trick
            self.tricks_left += 1
        self._return_card(seat, card, at)
        combo = self.combo_of.get(card)
        if combo is not None:
            self.broken[combo] -= 1
        self.trump, self.trilyazh = saved
        self.to_act = seat

    def key(self) -> Any:
        """The transposition key at a trick boundary, else None."""
        if self.trick:
            return None
        combos = tuple(
            (owner, suit, kind) for i, (owner, suit, kind, _) in enumerate(self.combos) if not self.broken[i]
        )
        return (self.to_act, self.trump, self.trilyazh, combos, live_key(self.table, self.codes))

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain."""
        bound = self.tricks_left
        trilyazh = self.trilyazh
        if trilyazh is not None and trilyazh[0] == self.declarer:
            bound += tum.TRILYAZH_BONUS
        for i, (owner, _, kind, _) in enumerate(self.combos):
            if owner == self.declarer and kind == TRILYAZH and not self.broken[i]:
                bound += tum.TRILYAZH_BONUS
        return bound


def position(state: tum.TumbochkaState) -> TumbochkaPosition:
    """The fast position of ``state`` (in the play)."""
    return TumbochkaPosition(state)


def points_so_far(state: Any) -> int:
    """The declarer's tricks and trilyazh bonuses so far (TUM-6)."""
    return int(state.tricks_won[state.declarer] + state.bonuses[state.declarer])


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Per seat, whether it is the declarer."""
    return tuple(s == state.declarer for s in range(3))
