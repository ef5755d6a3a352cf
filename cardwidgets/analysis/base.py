"""What the three games' fast positions share: hands, live cards, merging equal cards, keys.

Cards are their ``Card.index`` (0-51). Each position keeps, per card, a *code*:
``GONE`` once the card has left the play (taken in a closed trick),
``IN_TRICK`` while it lies in the open trick, else who holds it plus 8 times
its point class. The codes of the live cards, suit by suit from the strongest
card down, make the transposition key.

Why that is enough: in all three games a card only ever matters through its
play suit, its points, whether it is a trump, and how it compares with the
other *live* cards of its suit (cards taken in closed tricks never meet it
again). Two positions whose live cards have, rank by rank in every suit, the
same holders and points are the same game with the cards renamed, so they
have the same future value — given what the codes do not show, which each
game adds to its key (the seat to lead, the trump, an open combination, the
trick number, cards that count for a bonus). For the same
reason two cards of one hand with the same suit and points and no live card
between them are one move. ``tests/test_analysis.py`` checks both claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

GONE = 255
#: A card played to the trick that is not yet closed (still live for comparisons).
IN_TRICK = 254
#: Separator between play suits in a key (never a holder's code).
SEPARATOR = 253
GONE_BYTE = bytes([GONE])


class CardTable:
    """Per game and trump: each card's play suit, strength and points, and the suit orders."""

    def __init__(self, suit_of: dict[int, int], strength: dict[int, int], points: dict[int, int]) -> None:
        self.suit_of = [0] * 53
        self.strength = [0] * 53
        self.points = [0] * 53
        for card, suit in suit_of.items():
            self.suit_of[card] = suit
            self.strength[card] = strength[card]
            self.points[card] = points[card]
        suits = sorted(set(suit_of.values()))
        #: Per play suit, its cards from the strongest down.
        self.orders = {s: sorted((c for c in suit_of if suit_of[c] == s), key=lambda c: -strength[c]) for s in suits}
        self.place = [0] * 53
        for order in self.orders.values():
            for i, card in enumerate(order):
                self.place[card] = i
        #: All cards, suit by suit (strongest first), with -1 (a separator) after each suit.
        self.key_order: list[int] = []
        for s in suits:
            self.key_order.extend(self.orders[s])
            self.key_order.append(-1)
        #: ``codes`` -> the codes in ``key_order`` (one C call instead of a loop).
        self.key_codes = itemgetter(*self.key_order)
        point_values = sorted(set(points.values()))
        self.point_class = [0] * 53
        for card, value in points.items():
            self.point_class[card] = point_values.index(value)

    def sort_hand(self, cards: Sequence[int]) -> list[int]:
        """A hand in suit order, strongest first within each play suit."""
        return sorted(cards, key=lambda c: (self.suit_of[c], -self.strength[c]))


def merge_equal(cards: list[int], table: CardTable, codes: Sequence[int], keep: set[int] | None = None) -> list[int]:
    """``cards`` (one hand's, in hand order) without those equal to the card before them.

    Two cards are equal when they have the same play suit and points and no
    live card lies between them in that suit: whatever happens next, either
    one wins, loses and scores exactly as the other. ``keep`` lists cards never
    merged (e.g. the cards of a combination).
    """
    out: list[int] = []
    suit_of, points, place = table.suit_of, table.points, table.place
    prev = -1
    for card in cards:
        if (
            prev >= 0
            and suit_of[prev] == suit_of[card]
            and points[prev] == points[card]
            and (keep is None or (card not in keep and prev not in keep))
        ):
            order = table.orders[suit_of[card]]
            a, b = place[prev], place[card]
            lo, hi = (a, b) if a < b else (b, a)
            if all(codes[x] == GONE for x in order[lo + 1 : hi]):
                prev = card
                continue
        out.append(card)
        prev = card
    return out


def live_key(table: CardTable, codes: Sequence[int]) -> bytes:
    """The codes of the live cards, suit by suit in strength order (``codes[-1]`` is ``SEPARATOR``)."""
    return bytes(table.key_codes(codes)).replace(GONE_BYTE, b"")
