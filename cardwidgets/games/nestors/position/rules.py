"""NES-6 on card indices, for the solver: C's duties, the A-or-B rule and the trick's winner as tables.

The rules themselves are written once, in ``games/nestors/tricks.py``
(``binds_c``, ``a_or_b``, ``trick_winner``), for the engine; these tables are
made from them, once per trump, so that the search reads a list instead of
working a rule out again (``tests/test_nestors_position_rules.py`` checks them
against the rule text, ``tests/test_analysis.py`` against ``resolve_trick``).
"""

from __future__ import annotations

from functools import cache

from cardwidgets.cards import ALL_CARDS, SUITS, Rank
from cardwidgets.games.nestors.tricks import NESTORS_DECK, a_or_b, binds_c, trick_winner

#: Card indices: 0-51 (``Card.index``) and 52, the "no card" index of the position's tables.
INDICES = 53
#: The index stride of the pair tables: ``64 * a + b`` for A's card ``a`` and B's ``b``.
PAIR = 64


class RuleTables:
    """NES-6 for one trump rank, per card index (0 for the indices of cards not in the deck)."""

    def __init__(self, trump: Rank) -> None:
        deck = NESTORS_DECK
        #: Per suit number of A's card and of B's (``4 * a + b``): per card, whether it binds C
        #: (``binds_c``), and whether C may play it when he holds a binding card (it binds, or a trump).
        self.c_duties: list[tuple[list[bool], list[bool]]] = []
        for a_suit in SUITS:
            for b_suit in SUITS:
                bound = [False] * INDICES
                allowed = [False] * INDICES
                for card in deck:
                    bound[card.index] = binds_c(a_suit, b_suit, card.suit)
                    allowed[card.index] = bound[card.index] or card.rank is trump
                self.c_duties.append((bound, allowed))
        #: Per A's card: per B's card, whether B's wins by the A-or-B rule (W3, and the last trick, NES-7).
        self.b_beats_a: list[list[bool]] = [[False] * INDICES for _ in range(INDICES)]
        for a in deck:
            row = self.b_beats_a[a.index]
            for b in deck:
                row[b.index] = a != b and a_or_b(a, b, trump)[0] == 1
        self._trump = trump
        #: ``winner_row`` per pair of A's and B's cards (``PAIR * a + b``), made when first asked.
        self._winners: dict[int, list[int]] = {}

    def c_allowed(self, hand: list[int], a_suit: int, b_suit: int) -> list[int]:
        """The cards of C's ``hand`` NES-6 lets him play after A's card of suit number ``a_suit`` and B's of ``b_suit``.

        A card that binds him (``binds_c``) or a trump if he holds a binding card, else any card (``hand`` itself).
        """
        bound, allowed = self.c_duties[a_suit * 4 + b_suit]
        if any(map(bound.__getitem__, hand)):
            return [c for c in hand if allowed[c]]
        return hand

    def winner_row(self, a: int, b: int) -> list[int]:
        """Per C's card after A's ``a`` and B's ``b``: the position that collects (0 A, 1 B, 2 C: ``trick_winner``)."""
        row = self._winners.get(PAIR * a + b)
        if row is None:
            row = [0] * INDICES
            card_a, card_b, trump = ALL_CARDS[a], ALL_CARDS[b], self._trump
            for c in NESTORS_DECK:
                row[c.index] = trick_winner(card_a, card_b, c, trump)[0]
            self._winners[PAIR * a + b] = row
        return row


@cache
def rule_tables(trump: Rank) -> RuleTables:
    """The tables of ``trump`` (made once per process and trump)."""
    return RuleTables(trump)


assert all(card.index == i for i, card in enumerate(ALL_CARDS))  # the tables' indices are ``Card.index``
