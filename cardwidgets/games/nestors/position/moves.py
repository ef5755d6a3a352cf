"""The moves of Nestors' fast position: the legal ones, and of those the ones worth trying.

``moves(merge=False)`` is exactly the engine's legal actions (NES-6a, NES-6
with C's duties, NES-7); ``moves()`` leaves out moves that cannot do better
than one kept (each rule of thumb below says why, and ``tests/test_analysis.py``
checks it against plain search) and puts the rest in the search order
(``order.py``).
"""

from __future__ import annotations

from cardwidgets.analysis.base import IN_TRICK, CardTable
from cardwidgets.games.nestors.engine import LEAVE, PLAY, SPADE_MAJORITY
from cardwidgets.games.nestors.position.order import SearchOrder

OPEN_MOVE = 1 << 18
LEAVE_MOVE = 1 << 19
NOT_A_CARD = OPEN_MOVE | LEAVE_MOVE


class MoveGeneration(SearchOrder):
    """``moves``: the bidder's trick (NES-6a), the cards to play (NES-6) and the card to leave (NES-7)."""

    # The position's state that the moves read (``NestorsPosition`` keeps it).
    phase: str
    order: tuple[int, ...]
    bidder: int
    face_up: list[int]
    pending: list[int]
    spades: int
    live_spades: int
    #: Per card: 1 for a spade (NES-2 counts them), else 0.
    _spade: list[int]

    def _init_moves(self, table: CardTable, side: list[bool]) -> None:
        """The per-card tables the moves read; ``side``: per card code of a held card, whether a bidder holds it."""
        #: Per card, its suit and points in one number (cards alike share it); -1 for "no card" (index -1).
        self._group = [table.suit_of[c] * 64 + table.points[c] for c in range(52)] + [-1]
        #: Per side (bidders or not), per card code: whether it is a card held by the other side.
        self._rival_codes = tuple(
            [code < IN_TRICK and side[code] != mine for code in range(256)] for mine in (False, True)
        )
        #: Per hand (its cards' bytes; only subsets of the hands dealt): whether two of its cards are of one
        #: suit and points (``_plays``).
        self._has_alike: dict[bytes, bool] = {}

    def moves(self, merge: bool = True) -> list[int]:
        """The legal moves; ``merge`` drops equal cards and orders the rest for the search."""
        phase = self.phase
        if phase == PLAY:
            return self._plays(merge)
        if phase == LEAVE:
            cards = self._leaves() if merge else self.table.sort_hand(self.pending)
            return [c | LEAVE_MOVE for c in cards]
        return self._opens()

    def _spades_open(self) -> bool:
        """Whether the bidders may still reach the spade majority and do not have it yet (NES-2)."""
        return self.spades < SPADE_MAJORITY <= self.spades + self.live_spades

    # ----- NES-6a: the bidder's trick -------------------------------------------------------------
    def _opens(self) -> list[int]:
        """NES-6a: a highest card of the bidder beside two of the three face-up cards."""
        hand = self.hands[self.bidder]
        strength = self.table.strength
        top = max(strength[c] for c in hand)
        first, second, third = self.face_up
        pairs = ((first, second), (first, third), (second, third))
        return [c | (x << 6) | (y << 12) | OPEN_MOVE for c in hand if strength[c] == top for x, y in pairs]

    # ----- NES-7: the card to leave ------------------------------------------------------------
    def _leaves(self) -> list[int]:
        """The cards worth leaving (NES-7): the cheapest, or (spade bonus open) the cheapest spade and other card.

        The table card is never played again: only its points and, while the
        spade bonus is open, whether it is a spade still matter. With those
        fixed, a card worth ``d`` more on the table changes the final points
        by 0 (the other side takes it) up to ``d`` (the collector's side does),
        so leaving it never beats taking it and leaving a cheaper one. While
        the bonus is open, the cheapest spade and the cheapest other card are
        left to choose from; the other card alone when it is worth no more
        than that spade: whichever side later takes the table card, leaving
        the spade instead would only move the spade (and its points, at least
        as many) from the collector's side to that side — for the bidders'
        points (NES-2: cards and the spade majority) no better if the collector
        is a bidder, no worse if not. ``test_leaving_the_cheapest_card_is_exact``
        and ``test_leaving_a_spade_is_tried_only_when_it_is_cheaper``.
        """
        return self._leaves_of(self.pending)

    def _leaves_of(self, pending: list[int]) -> list[int]:
        """``_leaves`` of the four cards ``pending`` (the trick's and the table card)."""
        rank = self._ranks[2]  # points, then strength
        if not self._spades_open():  # the spade bonus is decided
            return [min(pending, key=rank.__getitem__)]
        is_spade = self._spade
        spade = other = -1  # the cheapest spade and the cheapest other card (the first of equals)
        for c in pending:
            if is_spade[c]:
                if spade < 0 or rank[c] < rank[spade]:
                    spade = c
            elif other < 0 or rank[c] < rank[other]:
                other = c
        if spade < 0 or other < 0:
            return [max(spade, other)]
        points = self.table.points
        return [other] if points[other] <= points[spade] else [spade, other]

    # ----- NES-6: the cards to play ------------------------------------------------------------
    def _plays(self, merge: bool) -> list[int]:
        """The cards the seat to act may play (NES-6: C's duties); with ``merge``, those worth trying, ordered."""
        hand = self.hands[self.to_act]
        trick = self.trick
        third = len(trick) == 2  # C (the last trick has no C)
        if third:  # NES-6: C's duties (``tricks.binds_c``)
            suit_of = self.table.suit_of
            hand = self.rules.c_allowed(hand, suit_of[trick[0][1]], suit_of[trick[1][1]])
        if not merge:
            return list(hand)
        # Most often no two cards are of one suit and points: then none is merged or left out.
        raw = bytes(hand)
        alike = self._has_alike.get(raw)
        if alike is None:
            alike = self._has_alike[raw] = len(set(map(self._group.__getitem__, hand))) < len(hand)
        if len(self.order) == 2:  # the last trick (NES-7)
            return self._order(self._merged(hand) if alike else list(hand))
        if third:
            return self._c_choices(hand) if alike else self._order(list(hand))
        return self._order(self._lowest_alike(hand) if alike else list(hand))

    def _lowest_alike(self, hand: list[int]) -> list[int]:
        """A's or B's cards worth trying: of the cards left by ``_merged``, the lowest of cards alike in this trick.

        Alike: one suit and points, and no card of an opponent still to play
        (or already played) in this trick between them. Those cards win and
        lose this trick alike whatever the others play (W2 and the A-or-B rule
        compare ranks; C's duties look at suits), so playing the lowest and
        keeping the higher is never worse (see ``_c_choices``). ``test_a_and_b_try_the_lowest_of_cards_alike``.
        """
        # B's rivals: A's card (the only one in the trick) and C's hand; A's: B's hand (C is A's partner).
        rival = self.order[2] if self.trick else self.order[1]
        table, codes, group_of, equal = self.table, self.codes, self._group, self._equal
        suit_of, place, orders = table.suit_of, table.place, table.orders
        kept: dict[int, int] = {}  # per suit and points, the place of the last card kept
        out: list[int] = []
        for i in range(len(hand) - 1, -1, -1):  # the lowest of each suit first (place counts from the top)
            card = hand[i]
            group = group_of[card]
            if i and group == group_of[hand[i - 1]] and equal(hand[i - 1], card):
                continue  # one move with the card before it (_merged)
            low = kept.get(group)
            here = place[card]
            if low is not None:
                for x in orders[suit_of[card]][here + 1 : low]:
                    code = codes[x]
                    if code == IN_TRICK or code & 7 == rival:
                        break
                else:
                    continue
            kept[group] = here
            out.append(card)
        out.reverse()
        return out

    def _c_choices(self, hand: list[int]) -> list[int]:
        """C's cards worth trying (ordered): per suit and points, the lowest winning for C's side and the lowest losing.

        (Of the cards ``_merged`` leaves.)

        C plays last, so his card decides the trick at once (NES-6). Two cards
        of one suit and points that give the trick to the same side leave the
        same points, spades and choice of leave (NES-7); they differ only in
        the card C keeps, and keeping the higher is never worse: leads do not
        follow the winner (E-6), and a higher card of the same suit only turns
        comparisons (W2, the A-or-B rule) towards its side, while a trick won
        is worth at least a trick lost (the winners may leave the very card the
        others would have left). ``test_c_tries_one_card_per_outcome``.
        """
        row = self.rules.winner_row(self.trick[0][1], self.trick[1][1])
        group_of, equal = self._group, self._equal
        seen: set[int] = set()
        out = []
        for i in range(len(hand) - 1, -1, -1):  # the lowest of each suit first
            card = hand[i]
            group = group_of[card]
            if i and group == group_of[hand[i - 1]] and equal(hand[i - 1], card):
                continue  # one move with the card before it (_merged)
            group = group * 2 + (row[card] == 1)  # B collects: C's side loses
            if group not in seen:
                seen.add(group)
                out.append(card)
        out.reverse()
        return self._order(out)

    def _merged(self, cards: list[int]) -> list[int]:
        """``cards`` (in hand order) without those equal to the card before them.

        Equal here: the same suit and points, and no live card of the *other*
        side between them. Partners' cards only meet as A and C (B's partner
        sits the trick out, NES-6) or in the last trick; whichever of the two
        wins, their side takes the trick and leaves the same card (NES-7), so
        how a card ranks against a partner's card never changes the points.
        ``test_merged_and_keyed_up_to_the_partner_s_cards``.
        """
        group, equal = self._group, self._equal
        out: list[int] = []
        prev = -1
        for card in cards:
            if group[prev] != group[card] or not equal(prev, card):
                out.append(card)
            prev = card
        return out

    def _equal(self, prev: int, card: int) -> bool:
        """Whether two cards of one suit and points are one move: no live card of the other side between them."""
        table, codes, declarers = self.table, self.codes, self.declarers
        mine = declarers[self.to_act]
        rival = self._rival_codes[mine]  # per code: a card held by the other side
        a, b = table.place[prev], table.place[card]
        lo, hi = (a, b) if a < b else (b, a)
        for x in table.orders[table.suit_of[card]][lo + 1 : hi]:
            code = codes[x]
            if rival[code] or (code == IN_TRICK and any(c == x and declarers[s] != mine for s, c in self.trick)):
                return False
        return True
