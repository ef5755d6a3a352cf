"""The search order of Nestors' fast position: which of the moves worth trying comes first.

The order never changes which moves are tried, so it never changes a value;
it changes how soon alpha-beta cuts off, so it changes the node counts, which
``core/nestors.c`` matches move for move (``tests/test_wasm_core.py``). A
change to the search order belongs here, and in the C core.

Leads: those with the fewest sure beaters in B's hand first (B's cards beating
the lead by the A-or-B rule that no card C may play takes back), then the
strongest. B and C: the cards that win the trick for their
side first (most points, then the weakest), then those that lose it (the
cheapest, then the weakest). B's winners beat A's card by the A-or-B rule (W3);
C's are those with which A (his partner) or he collects (NES-6 W1-W3b). B,
with C still to play, puts first in each of the two the card that leaves C the
fewest distinct replies (fastest cut first).
"""

from __future__ import annotations

from cardwidgets.analysis.base import CardTable
from cardwidgets.analysis.position import TrickPosition
from cardwidgets.games.nestors.position.rules import INDICES, RuleTables

#: Added to the sort key of a card that loses the trick for one's side: after every card that wins it.
LOSERS_LAST = 10**6


class SearchOrder(TrickPosition):
    """The order of the moves worth trying (``_order``); sort keys per card, remembered per trick so far."""

    rules: RuleTables
    order: tuple[int, ...]
    #: Per card: its suit and points in one number (set by ``MoveGeneration``).
    _group: list[int]

    def _init_order(self, table: CardTable) -> None:
        """The sort keys per card (``_ranks``) and the remembered keys per trick so far (empty)."""
        points, strength = table.points, table.strength
        #: Sort keys per card: leads (strongest first), winners (most points, then weakest), losers.
        self._ranks = (
            [-x for x in strength],
            [-p * 1000 + x for p, x in zip(points, strength, strict=True)],
            [p * 1000 + x for p, x in zip(points, strength, strict=True)],
        )
        #: ``_b_rank`` per card of A.
        self._known_b_ranks: dict[int, list[int]] = {}
        #: ``_c_rank`` per pair of A's and B's cards (64 * a + b).
        self._known_c_ranks: dict[int, list[int]] = {}

    def _order(self, cards: list[int]) -> list[int]:
        """``cards`` sorted in place for the search: leads strongest first; B and C: winners, then losers."""
        trick = self.trick
        if not trick:
            lead = self._ranks[0]
            if len(self.order) == 3:  # fewest sure beaters in B's hand first, then strongest: the fastest cut
                beaters = self._sure_beaters
                cards.sort(key=lambda a: (beaters(a), lead[a]))
            else:
                cards.sort(key=lead.__getitem__)
            return cards
        if len(trick) == 2:  # C: A (the partner) or C collects for one's side, B does not
            cards.sort(key=self._c_rank(trick[0][1], trick[1][1]).__getitem__)
            return cards
        # B (or the second card of the last trick): the A-or-B rule (W3)
        seat_a, a = trick[0]
        if self.declarers[seat_a] == self.declarers[self.to_act]:
            cards.sort(key=self._ranks[1].__getitem__)  # all win for one's side
        elif len(self.order) == 3:
            self._fastest_cut_first(cards)
        else:
            cards.sort(key=self._b_rank(a).__getitem__)
        return cards

    def _fastest_cut_first(self, cards: list[int]) -> None:
        """B before C: ``_b_rank``'s winners, then its losers; within each, the card leaving C the fewest replies first.

        Fastest cut first (Furtak & Buro): when B's card cuts off, its proof
        must try every distinct reply of C (``_c_replies``), so of the cards
        alike likely to cut off, the one with the fewest is tried first. B's
        card has no killer move (``slot``): the killer, found after another
        A's card, would come before this order and cost more than it saves.
        """
        a = self.trick[0][1]
        rank = self._b_rank(a)
        replies = self._c_replies
        cards.sort(key=lambda b: (rank[b] >= LOSERS_LAST, replies(a, b), rank[b]))

    def _sure_beaters(self, a: int) -> int:
        """B's cards that beat A's lead ``a`` by the A-or-B rule (W3) and that no card C may then play takes back.

        A lead that B cannot surely beat is the likeliest to cut off for A's side,
        and one B can is the likeliest to be refuted fast: fastest cut first at the lead.
        """
        rules, suit_of = self.rules, self.table.suit_of
        beats, c_hand = rules.b_beats_a[a], self.hands[self.order[2]]
        count = 0
        for b in self.hands[self.order[1]]:
            if beats[b]:
                row = rules.winner_row(a, b)
                count += all(row[c] == 1 for c in rules.c_allowed(c_hand, suit_of[a], suit_of[b]))
        return count

    def _c_replies(self, a: int, b: int) -> int:
        """C's distinct replies after A's ``a`` and B's ``b`` (NES-6 duties, ``tricks.binds_c``).

        Distinct: per suit and points, and whether A or C collects with it.
        """
        suit_of = self.table.suit_of
        hand = self.rules.c_allowed(self.hands[self.order[2]], suit_of[a], suit_of[b])
        row, group = self.rules.winner_row(a, b), self._group
        return len({group[c] * 2 + (row[c] == 1) for c in hand})

    def _b_rank(self, a: int) -> list[int]:
        """Per card B may play after A's ``a`` (an opponent's): its sort key (remembered per a)."""
        rank = self._known_b_ranks.get(a)
        if rank is None:
            rank = self._known_b_ranks[a] = self._reply_rank(self.rules.b_beats_a[a])
        return rank

    def _c_rank(self, a: int, b: int) -> list[int]:
        """Per card C may play after A's ``a`` and B's ``b``: its sort key, A or C collecting first (remembered)."""
        rank = self._known_c_ranks.get(a * 64 + b)
        if rank is None:
            row = self.rules.winner_row(a, b)
            rank = self._known_c_ranks[a * 64 + b] = self._reply_rank([w != 1 for w in row])
        return rank

    def _reply_rank(self, wins: list[bool]) -> list[int]:
        """Sort keys per card: the cards that win for one's side (per ``wins``) first, as ``_order`` says."""
        _, win_rank, lose_rank = self._ranks
        return [win_rank[c] if wins[c] else LOSERS_LAST + lose_rank[c] for c in range(INDICES)]
