"""Nestors' fast position: its state, ``play`` and ``undo``, and what the search asks at each node.

The rules of a move live beside it: the moves in ``moves.py`` (their search
order in ``order.py``), NES-6's tables in ``rules.py``, the keys in ``keys.py``.
Every move fills one ``Undo`` entry, whichever it is.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.analysis.base import GONE, IN_TRICK, CardTable
from cardwidgets.analysis.position import SUIT_NUMBER, TEXT
from cardwidgets.cards import SUITS
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
from cardwidgets.games.nestors.position.keys import SPADES, SuitKeys
from cardwidgets.games.nestors.position.moves import LEAVE_MOVE, NOT_A_CARD, OPEN_MOVE, MoveGeneration
from cardwidgets.games.nestors.position.rules import rule_tables
from cardwidgets.games.nestors.tricks import POWER

#: The most moves a position makes from the start of its play: at most three cards and a leave per trick.
MAX_MOVES = 4 * NUM_TRICKS


class Undo:
    """What ``undo`` needs to take back one move: one shape for every move, with named fields.

    ``seat`` played ``card`` from place ``at`` of his hand (``at`` -1: a leave,
    no card left a hand). A card within its trick changes nothing else
    (``saved`` False). Any other move — a trick's last card, the bidder's
    trick, a leave — also changes the fields after ``saved``, which then hold
    their values from before the move (``NestorsPosition._save``). ``trick`` is
    the trick's list itself: such a move gives the position a new list, so
    the saved one is never changed after.

    The position keeps one per depth of play and fills it again at each move
    (``undo_stack``): the search's hot loop makes no object per move.
    """

    __slots__ = (
        "at", "card", "collector", "face_up", "live_points", "live_spades", "number", "order", "pending",
        "phase", "saved", "seat", "spades", "table_card", "to_act", "trick",
    )  # fmt: skip
    seat: int
    card: int
    at: int
    saved: bool
    phase: str
    to_act: int
    order: tuple[int, ...]
    number: int
    table_card: int
    pending: list[int]
    collector: int | None
    face_up: list[int]
    spades: int
    live_points: int
    live_spades: int
    trick: list[tuple[int, int]]


class NestorsPosition(MoveGeneration):
    """NES-6a (the bidder's trick), NES-6 (tricks of three, C's duties, W1-W3b), NES-7 (table card)."""

    step = 5
    compiled = compiled_core  # wasm_core searches it (the game's core/nestors.c is its port)
    use_killers = True
    #: Whether the card that ends a trick also makes the leave when only one card is worth leaving
    #: (``_leaves``): the search then skips a node per trick. Off for the engine's one-action view.
    auto_leave = False
    #: The moves made, to take back: the first ``depth`` are in use, the others wait to be filled again.
    undo_stack: list[Undo]
    depth: int

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
        self.undo_stack = [Undo() for _ in range(MAX_MOVES)]
        self.depth = 0
        self.rules = rule_tables(trump)
        #: Per card: whether it is a trump (NES-1); the compiled core reads it (its ``deal_ints``).
        self.is_trump = [False] * 53
        for c in deck:
            self.is_trump[c.index] = c.rank is trump
        bidder = state.bidder
        assert bidder is not None  # NES-6a: the play follows the bidding
        self.bidder = bidder
        team = nes.TEAM[self.bidder]
        self.declarers = tuple(nes.TEAM[s] == team for s in range(4))
        self._deck = [c.index for c in deck]
        #: Per card: 1 for a spade (NES-2 counts them), else 0.
        self._spade = [int(table.suit_of[c] == SPADES) for c in range(53)]
        #: Per card code of a held card (seat + 8 * point class): whether its holder is a bidder.
        side = [self.declarers[code & 3] for code in range(256)]
        self._init_order(table)
        self._init_moves(table, side)
        self._suit_keys = SuitKeys(table, side)
        self._known_keys = self._suit_keys.known
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

        None for B's card: no killer there (``SearchOrder._fastest_cut_first`` orders B's cards).
        """
        return None if len(self.trick) == 1 else self.number * 4 + len(self.trick)

    def text(self, move: int) -> str:
        """The engine's action string of ``move``."""
        if move & OPEN_MOVE:
            return f"open {TEXT[move & 63]} {TEXT[(move >> 6) & 63]} {TEXT[(move >> 12) & 63]}"
        if move & LEAVE_MOVE:
            return "leave " + TEXT[move & 63]
        return "play " + TEXT[move]

    # ----- play ----------------------------------------------------------------------------------
    def _save(self, seat: int, card: int, at: int) -> None:
        """Fill the next ``Undo`` for a move that changes more than a hand, the trick and the seat to act."""
        entry = self.undo_stack[self.depth]
        self.depth += 1
        entry.seat = seat
        entry.card = card
        entry.at = at
        entry.saved = True
        entry.phase = self.phase
        entry.to_act = self.to_act
        entry.order = self.order
        entry.number = self.number
        entry.table_card = self.table_card
        entry.pending = self.pending
        entry.collector = self.collector
        entry.face_up = self.face_up
        entry.spades = self.spades
        entry.live_points = self.live_points
        entry.live_spades = self.live_spades
        entry.trick = self.trick

    def play(self, move: int) -> int:
        """Make ``move``; return the points the declaring side gains by it."""
        if move & NOT_A_CARD:
            if move & OPEN_MOVE:
                return self._open(move)
            return self._leave(move & 63)
        trick, order = self.trick, self.order
        count = len(trick) + 1
        seat = self.to_act
        hand = self.hands[seat]
        at = hand.index(move)
        if count < len(order):  # only a card that ends the trick changes more than the hand, trick and seat
            del hand[at]
            self.codes[move] = IN_TRICK
            trick.append((seat, move))
            self.to_act = order[count]
            entry = self.undo_stack[self.depth]  # nothing else changes (``_save`` inline: the hot path)
            self.depth += 1
            entry.seat = seat
            entry.card = move
            entry.at = at
            entry.saved = False
            return 0
        if count == 3:
            return self._end_trick(move, at)
        return self._end_last_trick(move, at)

    def _end_trick(self, move: int, at: int) -> int:
        """C's ``move`` ends the trick: NES-6 W1-W3b decide who collects, who then leaves a card (NES-7).

        With ``auto_leave`` and only one card worth leaving (``_leaves_of``),
        the collector leaves it at once: the search skips a node.
        """
        seat, trick = self.to_act, self.trick
        (seat_a, a), (seat_b, b) = trick
        del self.hands[seat][at]
        self._save(seat, move, at)
        position = self.rules.winner_row(a, b)[move]
        self.collector = collector = seat if position == 2 else (seat_b if position else seat_a)
        codes = self.codes
        codes[a] = codes[b] = codes[move] = GONE  # the table card is GONE already (NES-7)
        table_card = self.table_card
        if self.auto_leave:
            leaves = self._leaves_of([a, b, move, table_card])
            if len(leaves) == 1:  # the only card worth leaving: leave it now (one search node less)
                leave = leaves[0]
                self.table_card = leave
                self.trick = []
                points, spade = self.table.points, self._spade
                gain = self._gain(
                    points[a] + points[b] + points[move] + points[table_card] - points[leave],
                    spade[a] + spade[b] + spade[move] + spade[table_card] - spade[leave],
                    collector,
                )
                self._start_trick(self.number + 1)
                return gain
        self.trick = [*trick, (seat, move)]  # a new list: the saved one stays as it was (``Undo``)
        self.pending = [a, b, move, table_card]
        self.phase = LEAVE
        self.to_act = collector
        return 0

    def _end_last_trick(self, move: int, at: int) -> int:
        """NES-7: the last trick, two cards; the A-or-B rule decides, the collector takes both and the table card."""
        seat, trick = self.to_act, self.trick
        del self.hands[seat][at]
        self._save(seat, move, at)
        seat_a, a = trick[0]
        collector = seat if self.rules.b_beats_a[a][move] else seat_a
        self.collector = collector
        self.phase = DONE
        return self._take([a, move, self.table_card], collector)

    def _open(self, move: int) -> int:
        """NES-6a: the bidder takes his card and two face-up cards; the third becomes the table card."""
        card, x, y = move & 63, (move >> 6) & 63, (move >> 12) & 63
        bidder = self.bidder
        at = self.hands[bidder].index(card)
        del self.hands[bidder][at]
        self._save(bidder, card, at)
        self.table_card = next(c for c in self.face_up if c not in (x, y))
        self.face_up = []
        self.collector = bidder
        gain = self._take([card, x, y], bidder)
        self._start_trick(2)
        return gain

    def _leave(self, card: int) -> int:
        """NES-7 (E-8): the collector takes three of the four cards and leaves one."""
        collector = self.collector
        assert collector is not None  # set when the trick closed (NES-7)
        self._save(collector, card, -1)
        taken = [c for c in self.pending if c != card]
        self.pending = []
        self.table_card = card
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

    def _position_winning(self, a: int, b: int, c: int) -> int:
        """NES-6 W1-W3b (Decision E-7): the position (0 A, 1 B, 2 C) collecting the trick A ``a``, B ``b``, C ``c``."""
        return self.rules.winner_row(a, b)[c]

    # ----- undo ----------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last move (a card and the leave made with it count as one)."""
        self.depth -= 1
        entry = self.undo_stack[self.depth]
        seat, card, at = entry.seat, entry.card, entry.at
        if entry.saved:
            self._restore(entry)
        else:  # a card within its trick
            self.trick.pop()
            self.to_act = seat
        if at >= 0:
            self.hands[seat].insert(at, card)
            self.codes[card] = seat + 8 * self.table.point_class[card]

    def _restore(self, entry: Undo) -> None:
        """The state saved in ``entry`` again; the open trick's cards are live again (in a leave they stay GONE)."""
        self.phase = entry.phase
        self.to_act = entry.to_act
        self.order = entry.order
        self.number = entry.number
        self.table_card = entry.table_card
        self.pending = entry.pending
        self.collector = entry.collector
        self.face_up = entry.face_up
        self.spades = entry.spades
        self.live_points = entry.live_points
        self.live_spades = entry.live_spades
        self.trick = entry.trick
        if self.phase == PLAY:
            codes = self.codes
            for _, c in self.trick:
                codes[c] = IN_TRICK

    # ----- what the search asks at each node ---------------------------------------------------
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
        return (self.number, spades, token, self._suit_keys.key(bytes(self.codes), spades_open))

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
        raw = bytes(self.codes)
        suits = self._known_keys[spades_open].get(raw)  # SuitKeys.key's memo, read here first (the hot path)
        if suits is None:
            suits = self._suit_keys.key(raw, spades_open)
        return (number, spades if spades_open else -1, token, suits), high, number * 4

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain."""
        tricks_left = NUM_TRICKS - self.number + 1
        bonus = SPADE_BONUS if self.spades < SPADE_MAJORITY <= self.spades + self.live_spades else 0
        return self.live_points + TRICK_POINTS * tricks_left + bonus
