"""Nestors' fast position for the solver: NES-6a, NES-6, NES-7 (see ``solver.Position``).

It mirrors the engine's play rules exactly on card indices instead of ``Card``
objects, with ``play``/``undo`` instead of ``clone``; ``tests/test_analysis.py``
checks it against the engine. Values are the bidders' card, trick and spade
points (NES-2); ``analysis/position.py`` says what a game's position module offers.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.analysis.base import GONE, GONE_BYTE, IN_TRICK, SEPARATOR, CardTable
from cardwidgets.analysis.position import SUIT_NUMBER, TEXT, TrickPosition
from cardwidgets.cards import ALL_CARDS, SUITS
from cardwidgets.games.nestors import compiled as compiled_core
from cardwidgets.games.nestors import engine as nes
from cardwidgets.games.nestors.engine import (
    DONE,
    LEAVE,
    NUM_TRICKS,
    OPEN,
    PLAY,
    SPADE_BONUS,
    SPADE_MAJORITY,
    TRICK_ORDER,
    TRICK_POINTS,
)
from cardwidgets.games.nestors.tricks import POWER

#: The phases the solver analyses: the bidder's trick, the play and the table card.
PLAY_PHASES = ("open", "play", "leave")

OPEN_MOVE = 1 << 18
LEAVE_MOVE = 1 << 19
NOT_A_CARD = OPEN_MOVE | LEAVE_MOVE
#: Added to the sort key of a card that loses the trick for one's side: after every card that wins it.
LOSERS_LAST = 10**6
SPADES = SUIT_NUMBER[SUITS[0]]
SUIT_END = bytes([SEPARATOR])
#: Per suit (``SUIT_NUMBER``), the index of its first card: ``Card.index`` counts 13 cards per suit.
SUIT_STARTS = tuple(min(c.index for c in ALL_CARDS if c.suit is suit) for suit in SUITS)
#: The most suits ``NestorsPosition._runs`` remembers (then it starts afresh).
MAX_RUNS = 100_000
#: The most keys ``NestorsPosition._keys`` remembers per state of the spade bonus (then it starts afresh).
MAX_KEYS = 100_000
#: Heads an undo entry of a card that ended a trick together with the leave made with it.
TRICK_AND_LEAVE = "trick-and-leave"


class NestorsPosition(TrickPosition):
    """NES-6a (the bidder's trick), NES-6 (tricks of three, C's duties, W1-W3b), NES-7 (table card)."""

    step = 5
    compiled = compiled_core  # wasm_core searches it (analysis/core/nestors.c is its port; issue 24)
    use_killers = True
    #: Whether the card that ends a trick also makes the leave when only one card is worth leaving
    #: (``_leaves``): the search then skips a node per trick. Off for the engine's one-action view.
    auto_leave = False

    def __init__(self, state: nes.NestorsState) -> None:
        trump = state.trump
        assert trump is not None
        deck = nes.NESTORS_DECK
        points = nes.CARD_POINTS[trump]
        table = CardTable(
            {c.index: SUIT_NUMBER[c.suit] for c in deck},
            {c.index: POWER[trump][c] for c in deck},
            {c.index: points[c] for c in deck},
        )
        trick = state.tricks[-1].plays if state.phase == PLAY else []
        self._init_cards(table, state.hands, trick)
        self.is_trump = [False] * 53
        for c in deck:
            self.is_trump[c.index] = c.rank is trump
        bidder = state.bidder
        assert bidder is not None  # NES-6a: the play follows the bidding
        self.bidder = bidder
        team = nes.TEAM[self.bidder]
        self.declarers = tuple(nes.TEAM[s] == team for s in range(4))
        self._deck = [c.index for c in deck]
        self._init_lookups(table)
        self.phase = state.phase
        self.to_act = state.actor
        self.order = state.order
        self.number = len(state.tricks) if state.phase != OPEN else 1
        self.face_up = [c.index for c in state.face_up]
        self.table_card = -1 if state.table is None else state.table.index
        self.pending = [c.index for c in state.pending]
        self.collector = state.tricks[-1].collector if state.phase == LEAVE else None
        self.spades = sum(1 for c in state.taken[team] if c.suit is SUITS[0])
        # Cards out of the tricks for good (face-up, table, a collected trick's four) keep the
        # code GONE: they are never played again, so they never compare with a card (NES-7).
        live = [c for c in range(52) if self.codes[c] != GONE] + self._off_play()
        self.live_points = sum(table.points[c] for c in live)
        self.live_spades = sum(1 for c in live if table.suit_of[c] == SPADES)

    def _init_lookups(self, table: CardTable) -> None:
        """Tables per card, code or trick that the search reads instead of working things out again.

        The ``_known_*`` ones and ``_keys``, ``_runs``, ``_has_alike`` fill up as the search meets
        their questions; each answer depends only on what it is keyed by.
        """
        #: Per card: 1 for a spade (NES-2 counts them), else 0.
        self._spade = [int(table.suit_of[c] == SPADES) for c in range(53)]
        #: Per card, its suit and points in one number (cards alike share it); -1 for "no card" (index -1).
        self._group = [table.suit_of[c] * 64 + table.points[c] for c in range(52)] + [-1]
        #: ``_duties`` per suit of A's card and of B's (4 * a + b).
        self._c_duties = [self._duties(a, b) for a in range(4) for b in range(4)]
        #: Sort keys per card: leads (strongest first), winners (most points, then weakest), losers.
        self._ranks = (
            [-x for x in table.strength],
            [-p * 1000 + x for p, x in zip(table.points, table.strength, strict=True)],
            [p * 1000 + x for p, x in zip(table.points, table.strength, strict=True)],
        )
        #: Per card code of a held card (seat + 8 * point class): whether its holder is a bidder.
        self._side = [self.declarers[code & 3] for code in range(256)]
        self._side_bytes = bytes(self._side)
        #: Per side (bidders or not), per card code: whether it is a card held by the other side.
        self._rival_codes = tuple(
            [code < IN_TRICK and self._side[code] != mine for code in range(256)] for mine in (False, True)
        )
        #: The places of a suit's cards among its 13 codes, strongest first (alike in every suit, NES-1).
        self._rank_order = [card - SUIT_STARTS[SPADES] for card in table.orders[SPADES]]
        assert all([c - SUIT_STARTS[s] for c in table.orders[s]] == self._rank_order for s in range(4))
        #: ``_runs_sorted`` per suit's 13 codes met so far (a suit's codes recur in many keys).
        self._runs: dict[bytes, bytes] = {}
        #: ``_suits_key`` per card codes (``bytes(codes)``), spade bonus decided (0) or open (1).
        self._keys: tuple[dict[bytes, bytes], dict[bytes, bytes]] = ({}, {})
        #: Per hand (its cards' bytes; only subsets of the hands dealt): whether two of its cards are of one
        #: suit and points (``_plays``).
        self._has_alike: dict[bytes, bool] = {}
        #: ``_b_rank`` per card of A.
        self._known_b_ranks: dict[int, list[int]] = {}
        #: ``_c_rows`` per pair of A's and B's cards (64 * a + b).
        self._known_c_rows: dict[int, tuple[list[int], list[int]]] = {}

    def _off_play(self) -> list[int]:
        """The cards still to be taken that no one will play: face-up, the table card, pending."""
        if self.phase == OPEN:
            return list(self.face_up)
        if self.phase == LEAVE:
            return list(self.pending)
        return [self.table_card] if self.table_card >= 0 else []

    def context(self) -> Any:
        """What the table's keys assume (game, trump, declaring side)."""
        return ("nestors", self.bidder, tuple(self.table.points[:52]), tuple(self.table.strength[:52]))

    def done(self) -> bool:
        """Whether the deal is over."""
        return self.phase == DONE

    def slot(self) -> int | None:
        """Where in the deal the position is (trick number and cards played to it): killer moves per slot.

        None for B's card: no killer there (``_fastest_cut_first`` orders B's cards).
        """
        return None if len(self.trick) == 1 else self.number * 4 + len(self.trick)

    def text(self, move: int) -> str:
        """The engine's action string of ``move``."""
        if move & OPEN_MOVE:
            return f"open {TEXT[move & 63]} {TEXT[(move >> 6) & 63]} {TEXT[(move >> 12) & 63]}"
        if move & LEAVE_MOVE:
            return "leave " + TEXT[move & 63]
        return "play " + TEXT[move]

    # ----- moves ---------------------------------------------------------------------------------
    def moves(self, merge: bool = True) -> list[int]:
        """The legal moves; ``merge`` drops equal cards and orders the rest for the search."""
        phase = self.phase
        if phase == PLAY:
            return self._plays(merge)
        if phase == LEAVE:
            cards = self._leaves() if merge else self.table.sort_hand(self.pending)
            return [c | LEAVE_MOVE for c in cards]
        return self._opens()

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

    def _spades_open(self) -> bool:
        """Whether the bidders may still reach the spade majority and do not have it yet (NES-2)."""
        return self.spades < SPADE_MAJORITY <= self.spades + self.live_spades

    def _opens(self) -> list[int]:
        """NES-6a: a highest card of the bidder beside two of the three face-up cards."""
        hand = self.hands[self.bidder]
        strength = self.table.strength
        top = max(strength[c] for c in hand)
        first, second, third = self.face_up
        pairs = ((first, second), (first, third), (second, third))
        return [c | (x << 6) | (y << 12) | OPEN_MOVE for c in hand if strength[c] == top for x, y in pairs]

    def _plays(self, merge: bool) -> list[int]:
        """The cards the seat to act may play (NES-6: C's duties); with ``merge``, those worth trying, ordered."""
        hand = self.hands[self.to_act]
        trick = self.trick
        third = len(trick) == 2  # C (the last trick has no C)
        if third:  # NES-6: C's duties
            suit_of = self.table.suit_of
            bound, allowed = self._c_duties[suit_of[trick[0][1]] * 4 + suit_of[trick[1][1]]]
            if any(map(bound.__getitem__, hand)):
                hand = [c for c in hand if allowed[c]]
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

    def _duties(self, a: int, b: int) -> tuple[list[bool], list[bool]]:
        """NES-6, C's duties after A's card of suit ``a`` and B's of suit ``b``, per card of C.

        Which cards bind C (the suit led by both; else a third suit) and, if
        he holds one, which he may play (that suit or a trump; a third suit
        or a trump). Without one, any card.
        """
        suit_of, is_trump = self.table.suit_of, self.is_trump
        if a == b:
            bound = [suit_of[c] == a for c in range(53)]
        else:
            bound = [suit_of[c] != a and suit_of[c] != b for c in range(53)]
        return bound, [bound[c] or is_trump[c] for c in range(53)]

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
        row = self._c_rows(self.trick[0][1], self.trick[1][1])[0]
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

    def _order(self, cards: list[int]) -> list[int]:
        """Leads strongest first; B and C: cheap winners for one's side first, then cheap losers.

        (Winners with the most points first, then the weakest; losers the
        cheapest first, then the weakest: ``_ranks``.) B's winners beat A's
        card (the A-or-B rule, W3); C's are those with which A (the partner)
        or C collects. One sort, by a key remembered per trick so far
        (``_b_rank``, ``_c_rows``).
        """
        trick = self.trick
        if not trick:
            cards.sort(key=self._ranks[0].__getitem__)
            return cards
        if len(trick) == 2:  # C: A (the partner) or C collects for one's side, B does not
            cards.sort(key=self._c_rows(trick[0][1], trick[1][1])[1].__getitem__)
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
        must try every distinct reply of C (``_c_replies``), so among B's
        winners (and among its losers) the card with the fewest is tried
        first. B's card has no killer move (``slot``): the killer, found after
        another card of A, would come before this order and cost more than it
        saves (docs/analysis.md, the fourth round).
        """
        a = self.trick[0][1]
        rank = self._b_rank(a)
        replies = self._c_replies
        cards.sort(key=lambda b: (rank[b] >= LOSERS_LAST, replies(a, b), rank[b]))

    def _c_replies(self, a: int, b: int) -> int:
        """C's distinct replies after A's ``a`` and B's ``b`` (NES-6 duties).

        Distinct: per suit and points, and whether A or C collects with it.
        """
        hand = self.hands[self.order[2]]
        suit_of = self.table.suit_of
        bound, allowed = self._c_duties[suit_of[a] * 4 + suit_of[b]]
        if any(map(bound.__getitem__, hand)):
            hand = [c for c in hand if allowed[c]]
        row, group = self._c_rows(a, b)[0], self._group
        return len({group[c] * 2 + (row[c] == 1) for c in hand})

    def _b_rank(self, a: int) -> list[int]:
        """Per card B may play after A's ``a`` (an opponent's): its sort key in ``_order`` (remembered per a)."""
        rank = self._known_b_ranks.get(a)
        if rank is None:
            rank = self._reply_rank([self._a_or_b(a, b) == 1 for b in range(53)])
            self._known_b_ranks[a] = rank
        return rank

    def _reply_rank(self, wins: list[bool]) -> list[int]:
        """Sort keys per card: the cards that win for one's side (per ``wins``) first, as ``_order`` says."""
        _, win_rank, lose_rank = self._ranks
        return [win_rank[c] if wins[c] else LOSERS_LAST + lose_rank[c] for c in range(53)]

    # ----- play and undo -------------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.phase,
            self.to_act,
            self.order,
            self.number,
            self.table_card,
            self.pending,
            self.collector,
            self.face_up,
            self.spades,
            self.live_points,
            self.live_spades,
            tuple(self.trick),
        )

    def play(self, move: int) -> int:
        """Make ``move``; return the points the declaring side gains by it."""
        if move & NOT_A_CARD:
            snap = self._snapshot()
            if move & OPEN_MOVE:
                return self._open(move, snap)
            return self._leave(move & 63, snap)
        trick, order = self.trick, self.order
        count = len(trick) + 1
        seat = self.to_act
        if count < len(order):  # only a card that ends the trick changes more than the hand, trick and seat
            hand = self.hands[seat]
            at = hand.index(move)
            del hand[at]
            self.codes[move] = IN_TRICK
            trick.append((seat, move))
            self.to_act = order[count]
            self.undo_stack.append((seat, move, at))
            return 0
        if count == 3 and self.auto_leave:
            (_, a), (_, b) = trick
            leaves = self._leaves_of([a, b, move, self.table_card])
            if len(leaves) == 1:  # the only card worth leaving: leave it now (one search node less)
                return self._trick_and_leave(move, leaves[0])
        snap = self._snapshot()
        hand = self.hands[seat]
        at = hand.index(move)
        del hand[at]
        self.codes[move] = IN_TRICK
        trick.append((seat, move))
        self.undo_stack.append(("play", seat, move, at, snap))
        if count == 3:
            self.collector = self._collector()
            self.pending = [c for _, c in self.trick] + [self.table_card]
            for c in self.pending:
                self.codes[c] = GONE
            self.phase = LEAVE
            self.to_act = self.collector
            return 0
        # NES-7: the last trick, two cards; the collector takes both and the table card.
        (seat_a, a), (seat_b, b) = self.trick
        collector = seat_a if self._a_or_b(a, b) == 0 else seat_b
        self.collector = collector
        self.phase = DONE
        return self._take([a, b, self.table_card], collector)

    def _trick_and_leave(self, move: int, leave: int) -> int:
        """C's ``move`` ends the trick (NES-6) and its collector leaves ``leave``, the only card worth it (NES-7).

        One undo entry restores both (``_undo_trick_and_leave``).
        """
        trick, seat = self.trick, self.to_act
        (seat_a, a), (seat_b, b) = trick
        position = self._c_rows(a, b)[0][move]
        collector = seat if position == 2 else (seat_b if position else seat_a)
        hand = self.hands[seat]
        at = hand.index(move)
        del hand[at]
        table_card = self.table_card
        self.undo_stack.append(
            (
                TRICK_AND_LEAVE,
                seat,
                move,
                at,
                trick,
                self.collector,
                table_card,
                self.order,
                self.spades,
                self.live_points,
                self.live_spades,
            )
        )
        self.collector = collector
        self.table_card = leave
        codes = self.codes
        codes[a] = codes[b] = codes[move] = GONE  # the table card is GONE already, and so is the card left
        self.trick = []
        points, spade = self.table.points, self._spade
        gain = self._gain(
            points[a] + points[b] + points[move] + points[table_card] - points[leave],
            spade[a] + spade[b] + spade[move] + spade[table_card] - spade[leave],
            collector,
        )
        self._start_trick(self.number + 1)
        return gain

    def _open(self, move: int, snap: tuple[Any, ...]) -> int:
        card, x, y = move & 63, (move >> 6) & 63, (move >> 12) & 63
        bidder = self.bidder
        at = self.hands[bidder].index(card)
        del self.hands[bidder][at]
        self.undo_stack.append(("open", bidder, card, at, snap))
        self.table_card = next(c for c in self.face_up if c not in (x, y))
        self.face_up = []
        self.collector = bidder
        gain = self._take([card, x, y], bidder)
        self._start_trick(2)
        return gain

    def _leave(self, card: int, snap: tuple[Any, ...]) -> int:
        """NES-7 (E-8): the collector takes three of the four cards and leaves one."""
        self.undo_stack.append(("leave", None, card, 0, snap))
        taken = [c for c in self.pending if c != card]
        self.pending = []
        self.table_card = card
        collector = self.collector
        assert collector is not None  # set when the trick closed (NES-7)
        gain = self._take(taken, collector)
        self._start_trick(self.number + 1)
        return gain

    def _take(self, cards: list[int], collector: int) -> int:
        """Cards leave the play to ``collector``'s side; the bidders' gain (NES-2)."""
        points_of, spade, codes = self.table.points, self._spade, self.codes
        points = spades = 0
        for c in cards:
            points += points_of[c]
            spades += spade[c]
            codes[c] = GONE
        self.trick = []
        return self._gain(points, spades, collector)

    def _gain(self, points: int, spades: int, collector: int) -> int:
        """Cards worth ``points`` with ``spades`` spades are taken by ``collector``: the bidders' gain (NES-2)."""
        self.live_points -= points
        self.live_spades -= spades
        if not self.declarers[collector]:
            return 0
        before = self.spades
        self.spades += spades
        bonus = SPADE_BONUS if before < SPADE_MAJORITY <= self.spades else 0
        return points + TRICK_POINTS + bonus

    def _start_trick(self, number: int) -> None:
        """E-6: trick k is led by seat (bidder + k - 1) mod 4; NES-7: the last by the two with cards."""
        self.number = number
        leader = (self.bidder + number - 1) % 4
        if number < NUM_TRICKS:
            self.order = TRICK_ORDER[leader]
        else:
            self.order = tuple(s for s in ((leader + i) % 4 for i in range(4)) if self.hands[s])
        self.phase = PLAY
        self.to_act = self.order[0]

    def undo(self) -> None:
        """Take back the last move (a card and the leave made with it count as one)."""
        entry = self.undo_stack.pop()
        if len(entry) == 3:  # a card that did not end the trick: (seat, card, place in the hand)
            seat, card, at = entry
            self.trick.pop()
            self.hands[seat].insert(at, card)
            self.codes[card] = seat + 8 * self.table.point_class[card]
            self.to_act = seat
        elif entry[0] is TRICK_AND_LEAVE:
            self._undo_trick_and_leave(entry)
        else:
            self._undo(entry)

    def _undo_trick_and_leave(self, entry: tuple[Any, ...]) -> None:
        """Take back a card that ended a trick and the leave made with it (``_trick_and_leave``)."""
        (
            _,
            seat,
            card,
            at,
            trick,
            self.collector,
            self.table_card,
            self.order,
            self.spades,
            self.live_points,
            self.live_spades,
        ) = entry
        self.number -= 1
        self.phase = PLAY
        self.to_act = seat
        self.trick = trick
        codes = self.codes
        for _, c in trick:
            codes[c] = IN_TRICK
        self.hands[seat].insert(at, card)
        codes[card] = seat + 8 * self.table.point_class[card]

    def _undo(self, entry: tuple[Any, ...]) -> None:
        """Take back an opening, a leave or a card that ended a trick (restored from the snapshot)."""
        kind, seat, card, at, snap = entry
        codes, point_class = self.codes, self.table.point_class
        (
            self.phase,
            self.to_act,
            self.order,
            self.number,
            self.table_card,
            self.pending,
            self.collector,
            self.face_up,
            self.spades,
            self.live_points,
            self.live_spades,
            trick,
        ) = snap
        self.trick = list(trick)
        for _, c in trick:
            codes[c] = IN_TRICK
        if kind == "leave":
            for c in self.pending:
                codes[c] = GONE
            return
        self.hands[seat].insert(at, card)
        codes[card] = seat + 8 * point_class[card]

    # ----- NES-6: who collects ------------------------------------------------------------------
    def _c_rows(self, a: int, b: int) -> tuple[list[int], list[int]]:
        """Per card C may play after A's ``a`` and B's ``b``: ``_position_winning``, and its sort key.

        The key orders ``_c_choices``: the cards with which A or C collects
        first. Both are remembered per a and b.
        """
        rows = self._known_c_rows.get(a * 64 + b)
        if rows is None:
            winning = self._position_winning
            row = [0] * 53
            for c in self._deck:
                row[c] = winning(a, b, c)
            rows = self._known_c_rows[a * 64 + b] = (row, self._reply_rank([w != 1 for w in row]))
        return rows

    def _collector(self) -> int:
        """NES-6 W1-W3b (Decision E-7): the seat that collects the three-card trick."""
        (_, a), (_, b), (_, c) = self.trick
        return self.trick[self._position_winning(a, b, c)][0]

    def _position_winning(self, a: int, b: int, c: int) -> int:
        """The position (0 A, 1 B, 2 C) that collects the trick A ``a``, B ``b``, C ``c``."""
        suit_of, is_trump = self.table.suit_of, self.is_trump
        suit = suit_of[a]
        if suit_of[b] == suit and suit_of[c] == suit:
            return self._one_suit_winner(a, b, c)
        if not is_trump[b]:
            if is_trump[a] or is_trump[c]:
                return 2  # W3a
        elif is_trump[c] and suit_of[c] != suit and suit_of[c] != suit_of[b]:
            return 2  # W3b
        return self._a_or_b(a, b)  # W3

    def _one_suit_winner(self, a: int, b: int, c: int) -> int:
        """W1: the trump among three cards of one suit; W2: else the highest."""
        cards = (a, b, c)
        for position, card in enumerate(cards):
            if self.is_trump[card]:
                return position
        strength = self.table.strength
        return max(range(3), key=lambda position: strength[cards[position]])

    def _a_or_b(self, a: int, b: int) -> int:
        """W3's A-or-B rule: 0 for A, 1 for B."""
        is_trump = self.is_trump
        if is_trump[a] != is_trump[b]:
            return 0 if is_trump[a] else 1
        if is_trump[a]:
            return 0
        if self.table.suit_of[a] == self.table.suit_of[b]:
            return 0 if self.table.strength[a] > self.table.strength[b] else 1
        return 0

    def key(self) -> Any:
        """The transposition key at a trick boundary, else None.

        The bidders' spades matter only while the spade bonus is still open
        (NES-2: they have fewer than 5 and can still reach 5).
        """
        if self.phase != PLAY or self.trick or self.number == NUM_TRICKS:
            return None  # the last trick (two cards, NES-7) is quicker to play than to look up
        spades_open = self._spades_open()
        spades = self.spades if spades_open else -1
        table_card = self.table_card
        token = self.table.points[table_card] * 2 + (spades_open and self.table.suit_of[table_card] == SPADES)
        return (self.number, spades, token, self._suits_key(spades_open))

    def node(self) -> tuple[Any, int, int | None] | None:
        """``(key(), upper_bound(), slot())``, None once the deal is over (one call per search node)."""
        phase = self.phase
        if phase == DONE:
            return None
        number, trick, spades = self.number, self.trick, self.spades
        spades_open = spades < SPADE_MAJORITY <= spades + self.live_spades
        high = self.live_points + TRICK_POINTS * (NUM_TRICKS + 1 - number) + spades_open * SPADE_BONUS
        if phase != PLAY or trick or number == NUM_TRICKS:
            return None, high, None if len(trick) == 1 else number * 4 + len(trick)
        table_card = self.table_card
        token = self.table.points[table_card] * 2 + (spades_open and self.table.suit_of[table_card] == SPADES)
        suits = self._keys[spades_open].get(bytes(self.codes))  # _suits_key, remembered
        if suits is None:
            suits = self._suits_key(spades_open)
        return (number, spades if spades_open else -1, token, suits), high, number * 4

    def _suits_key(self, spades_open: bool) -> bytes:
        """The live key with the suits in a canonical order (NES-1: suits are alike but for spades).

        No rule tells hearts, diamonds and clubs apart (trump is a rank), so
        positions that differ only by renaming them have the same value; spades
        differ only while the spade bonus is open (NES-2). A search meets the
        same codes again and again (each null-window test walks the tree anew),
        so the answer is remembered per codes (``_keys``).
        """
        raw = bytes(self.codes)
        known = self._keys[spades_open]
        key = known.get(raw)
        if key is None:
            if len(known) >= MAX_KEYS:
                known.clear()
            known[raw] = key = self._canonical_suits(raw, spades_open)
        return key

    def _canonical_suits(self, raw: bytes, spades_open: bool) -> bytes:
        """``_suits_key`` worked out from the codes ``raw``, suit by suit (``_runs_sorted``)."""
        runs = self._runs
        suits = []
        for start in SUIT_STARTS:
            codes = raw[start : start + 13]
            canonical = runs.get(codes)
            suits.append(self._runs_sorted(codes) if canonical is None else canonical)
        if spades_open:  # spades first, the others in a fixed order
            spades = suits.pop(SPADES)
            return spades + b"".join(sorted(suits))
        return b"".join(sorted(suits))

    def _runs_sorted(self, codes: bytes) -> bytes:
        """One suit's live codes, strongest first, each run of one side's cards in a fixed order; then ``SUIT_END``.

        ``codes`` are the suit's 13 codes in card index order. A card's
        strength and points depend on its rank only (NES-1: the trump is a
        rank), so equal ``codes`` of two suits give the same answer, which
        ``_runs`` remembers. Cards of one side with no card of the other side
        between them only ever meet each other as partners (see ``_merged``):
        their order among themselves never changes the points, so it is left
        out of the key.
        """
        suit = bytes(map(codes.__getitem__, self._rank_order)).replace(GONE_BYTE, b"")
        sides = suit.translate(self._side_bytes)
        out: list[int] = []
        start = 0
        for i in range(1, len(suit) + 1):
            if i == len(suit) or sides[i] != sides[start]:
                out.extend(sorted(suit[start:i]))
                start = i
        if len(self._runs) >= MAX_RUNS:
            self._runs.clear()
        out.append(SEPARATOR)
        self._runs[codes] = result = bytes(out)
        return result

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain."""
        tricks_left = NUM_TRICKS - self.number + 1
        bonus = SPADE_BONUS if self.spades < SPADE_MAJORITY <= self.spades + self.live_spades else 0
        return self.live_points + TRICK_POINTS * tricks_left + bonus


def position(state: nes.NestorsState) -> NestorsPosition:
    """The fast position of ``state`` (in the bidder's trick, the play or the leave)."""
    return NestorsPosition(state)


def points_so_far(state: Any) -> int:
    """The bidders' card, trick and spade points counted so far (NES-2)."""
    team = nes.TEAM[state.bidder]
    taken = state.taken[team]
    tricks = sum(1 for t in state.tricks if t.collector is not None and nes.TEAM[t.collector] == team)
    if state.phase == nes.LEAVE and nes.TEAM[state.tricks[-1].collector] == team:
        tricks -= 1  # its cards and its 5 points come with the leave (NES-7)
    spades = sum(1 for c in taken if c.suit is SUITS[0])
    bonus = nes.SPADE_BONUS if spades >= nes.SPADE_MAJORITY else 0
    return nes.card_points(taken, state.trump) + nes.TRICK_POINTS * tricks + bonus


def declaring_seats(state: Any) -> tuple[bool, ...]:
    """Per seat, whether it is one of the bidders."""
    return tuple(nes.TEAM[s] == nes.TEAM[state.bidder] for s in range(4))
