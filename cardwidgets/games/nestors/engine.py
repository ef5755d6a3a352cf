"""Nestors (Несторс): the rules of ``docs/rules/nestors.md``, section by section.

Four players, partners opposite (seats 0+2 are team 0, 1+3 team 1), seats
numbered in (anticlockwise) turn order. A deal goes through the phases

``bidding`` (NES-4) → ``trump`` (NES-5) → ``open`` (the bidder's trick, NES-6a)
→ ``play`` / ``leave`` alternating (tricks 2–11 of three players, NES-6, and
the table card, NES-7) → ``play`` (the two-card last trick) → ``done``.

Who wins a trick, and what C may play, are pure functions in
``cardwidgets.games.nestors.tricks``; this module keeps the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from cardwidgets.cards import SUITS, Card, Rank, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import RecordError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, DealPart, Game, MatchPosition
from cardwidgets.core.knowledge import Knowledge, Placement, Slot, suit_cards
from cardwidgets.core.state import DONE, GameState
from cardwidgets.core.tricks import Trick
from cardwidgets.games.nestors.tricks import (
    NESTORS_DECK,
    POSITIONS,
    POWER,
    TRUMP_RANKS,
    TrickResult,
    a_or_b,
    c_allowed,
    c_may_play,
    resolve_last_trick,
    resolve_trick,
    third_suits,
    trick_winner,
)
from cardwidgets.games.nestors.words import TRUMP_NAMES, who
from cardwidgets.i18n import ActionList, phase_name

if TYPE_CHECKING:
    from cardwidgets.core.match import Match

BIDDING = "bidding"
TRUMP = "trump"
OPEN = "open"
PLAY = "play"
LEAVE = "leave"
TEAM = (0, 1, 0, 1)
#: ``Rank.ACE`` as a module constant: reading a member from its Enum class costs more than a global.
RANK_ACE = Rank.ACE

#: NES-2 and NES-8: every deal is worth 190 points in all.
TOTAL_POINTS = 190
#: NES-4, Decision E-2: bids are multiples of 5, at most 190.
BID_STEP = 5
MAX_BID = TOTAL_POINTS
TRICK_POINTS = 5  # NES-2: each trick taken
SPADE_BONUS = 10  # NES-2: the majority (5 or more of 9) of the spades
SPADE_MAJORITY = 5
NUM_TRICKS = 12

PASS = Action.make("pass")
BID = {n: Action.make("bid", n) for n in range(BID_STEP, MAX_BID + 1, BID_STEP)}
NAME_TRUMP = {rank: Action.make("trump", rank) for rank in TRUMP_RANKS}
PLAY_CARD = {card: Action.make("play", card) for card in NESTORS_DECK}
LEAVE_CARD = {card: Action.make("leave", card) for card in NESTORS_DECK}
#: A card's ``play`` and ``leave`` actions, as functions made once (the hot path maps hands through them).
_play_of = PLAY_CARD.__getitem__
_leave_of = LEAVE_CARD.__getitem__

#: The phase of each verb, and the rule that governs the phase (for explanations).
PHASE_VERBS = {BIDDING: ("bid", "pass"), TRUMP: ("trump",), OPEN: ("open",), PLAY: ("play",), LEAVE: ("leave",)}
PHASE_RULE = {BIDDING: "NES-4", TRUMP: "NES-5", OPEN: "NES-6a", PLAY: "NES-6", LEAVE: "NES-7"}
#: ``TRICK_ORDER[leader]``: the seats A, B, C of a trick led by ``leader`` (NES-6).
TRICK_ORDER = tuple(tuple((leader + i) % 4 for i in range(3)) for leader in range(4))


def _card_points(trump: Rank) -> dict[Card, int]:
    """NES-2: trumps 15; with Aces trump J 10 and 10 5; with Jacks A 10 and 10 5; with Tens A 10 and J 5."""
    ten_pointer, five_pointer = {
        Rank.ACE: (Rank.JACK, Rank.TEN),
        Rank.JACK: (Rank.ACE, Rank.TEN),
        Rank.TEN: (Rank.ACE, Rank.JACK),
    }[trump]
    values = {trump: 15, ten_pointer: 10, five_pointer: 5}
    return {card: values.get(card.rank, 0) for card in NESTORS_DECK}


#: ``CARD_POINTS[trump][card]`` (NES-2).
CARD_POINTS: dict[Rank, dict[Card, int]] = {trump: _card_points(trump) for trump in TRUMP_RANKS}


def _bidding_lists() -> dict[tuple[int, bool], tuple[Action, ...]]:
    """Precomputed legal lists: (lowest allowed bid, may pass) -> [pass?, bid …, bid 190]."""
    lists = {}
    for low in range(BID_STEP, MAX_BID + BID_STEP * 2, BID_STEP):
        bids = [BID[n] for n in range(low, MAX_BID + 1, BID_STEP)]
        lists[(low, True)] = (PASS, *bids)
        lists[(low, False)] = tuple(bids)
    return lists


BIDDING_LEGAL = _bidding_lists()


# ----- NES-2, NES-8: pure scoring functions --------------------------------------
def card_points(cards: Sequence[Card], trump: Rank) -> int:
    """NES-2: the card points of ``cards`` (15 per trump, 10 and 5 for the next two ranks)."""
    table = CARD_POINTS[trump]
    return sum(table[card] for card in cards)


def partnership_points(taken: Sequence[Sequence[Card]], tricks: Sequence[int], trump: Rank) -> list[int]:
    """NES-2: per partnership, card points + 5 per trick + 10 for 5 or more of the 9 spades."""
    points = []
    for cards, count in zip(taken, tricks, strict=True):
        spades = sum(1 for card in cards if card.suit is Suit.S)
        bonus = SPADE_BONUS if spades >= SPADE_MAJORITY else 0
        points.append(card_points(cards, trump) + TRICK_POINTS * count + bonus)
    return points


def deal_score(bidder_team: int, bid: int, points: Sequence[int], made_opponents: str = "own_points") -> list[int]:
    """NES-8: made (p ≥ bid) → bidders +p; failed → bidders −p; opponents +(190 − p) either way (E-9).

    ``made_opponents`` (option, E-9's other reading): ``"nothing"`` → the opponents of a made bid score 0.

    >>> deal_score(0, 120, [115, 75])  # the seed's example: bid 120, took 115
    [-115, 75]
    >>> deal_score(0, 60, [95, 95], "nothing")
    [95, 0]
    """
    p = points[bidder_team]
    out = [0, 0]
    out[bidder_team] = p if p >= bid else -p
    out[1 - bidder_team] = 0 if p >= bid and made_opponents == "nothing" else TOTAL_POINTS - p
    return out


@dataclass(frozen=True, slots=True)
class Contract:
    """NES-4: the bidder and his bid, fixed when the bidding ends."""

    bidder: int
    bid: int


class NestorsState(GameState):
    """One Nestors deal; see the module docstring for the phases."""

    game_name = "nestors"
    num_players = 4
    deck = NESTORS_DECK
    syntax: ClassVar[dict[str, str]] = {
        "bid": "bid N",
        "pass": "pass",
        "trump": "trump RANK",
        "open": "open CARD CARD CARD",
        "play": "play CARD",
        "leave": "leave CARD",
    }

    high_bid: int | None
    high_bidder: int | None
    passed: list[bool]
    #: NES-4: present once the bidding ends (read ``bidder`` and ``bid`` before that: None).
    contract: Contract | None
    #: NES-5: present once the bidder names it.
    trump: Rank | None
    face_down: Card | None
    face_up: list[Card]
    table: Card | None
    order: tuple[int, ...]
    pending: list[Card]
    taken: list[list[Card]]
    _points: list[int] | None

    def __init__(self, deal: Deal, dealer: int, rules: dict[str, Any] | None = None) -> None:
        if not (type(dealer) is int and 0 <= dealer < 4):
            raise RecordError("record.nes_dealer")
        self.rules = Nestors.make_rules(rules)
        self.deal = deal
        self.dealer = dealer
        self.hands = [sorted(hand, key=_card_index) for hand in deal["hands"]]
        # NES-3: the row of four; the first card lies face down.
        self.face_down = deal["row"][0]
        self.face_up = list(deal["row"][1:])
        self.table = None
        # NES-4: bidding.
        self.high_bid = None
        self.high_bidder = None
        self.passed = [False] * 4
        self.contract = None
        self.trump = None
        self.order = ()
        self.pending = []
        self.taken = [[], []]
        self._points = None
        self.history = []
        self.tricks = []
        self.phase = BIDDING
        self.to_act = (dealer + 1) % 4  # NES-4: the seat after the dealer speaks first
        self._legal_cache = None

    def parse(self, text: str) -> Action:
        """Read an action; ``open`` also accepts the two face-up cards in either order."""
        action = super().parse(text)
        if action.verb == "open" and self.phase == OPEN:
            own, first, second = action.cards
            row = self.face_up
            if first in row and second in row and row.index(first) > row.index(second):
                action = Action.find("open", own, second, first)
        return action

    # ----- NES-4: bidding ------------------------------------------------------------------
    def _lowest_bid(self) -> int:
        """NES-4: higher than the current bid; at least ``min_bid`` (E-2)."""
        if self.high_bid is None:
            return self.rules["min_bid"]
        return self.high_bid + BID_STEP

    def must_bid(self) -> bool:
        """Decision E-4: the first three passed without a bid, so the fourth must bid."""
        return self.high_bid is None and sum(self.passed) == 3

    def _legal_bidding(self) -> Sequence[Action]:
        if not self.rules["partner_raise"] and self._partner_holds_the_bid():  # the option's default asks no more
            return (PASS,)
        high_bid = self.high_bid  # ``_lowest_bid()`` and ``must_bid()``, inline: a call each costs more than them
        if high_bid is None:
            low, may_pass = self.rules["min_bid"], sum(self.passed) != 3
        else:
            low, may_pass = high_bid + BID_STEP, True
        return BIDDING_LEGAL[(low, may_pass)]  # shared and never changed: a tuple

    def _partner_holds_the_bid(self) -> bool:
        """Option ``partner_raise: false`` (NES-4's other reading): no bid over one's own partner, only a pass."""
        seat = self.to_act
        return not self.rules["partner_raise"] and seat is not None and self.high_bidder == (seat + 2) % 4

    def _apply_bidding(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if action is PASS:
            self.passed[seat] = True  # Decision E-3: a pass is final
        else:
            self.high_bid = action.arg(int)
            self.high_bidder = seat
            if not self.rules["pass_final"]:  # E-3's other reading: a pass holds until the next bid
                self.passed = [False] * 4
        if sum(self.passed) == 3 and self.high_bidder is not None:
            self._end_bidding()
            return
        nxt = (seat + 1) % 4
        while self.passed[nxt]:
            nxt = (nxt + 1) % 4
        self.to_act = nxt

    def _end_bidding(self) -> None:
        """NES-4: three have passed; the remaining player is the bidder at his last bid."""
        assert self.high_bidder is not None
        assert self.high_bid is not None
        self.contract = Contract(self.high_bidder, self.high_bid)
        self.phase = TRUMP
        self.to_act = self.high_bidder

    # ----- phase-dependent facts ------------------------------------------------------------
    @property
    def bidder(self) -> int | None:
        """The bidder once the bidding has ended (NES-4), else None."""
        contract = self.contract
        return None if contract is None else contract.bidder

    @property
    def bid(self) -> int | None:
        """The bid to make once the bidding has ended (NES-4), else None."""
        contract = self.contract
        return None if contract is None else contract.bid

    def _settled(self) -> Contract:
        """The contract, in the phases after the bidding (NES-5 on), where it always exists."""
        contract = self.contract
        assert contract is not None, "no contract before the bidding ends"
        return contract

    def _trump(self) -> Rank:
        """The trump rank, in the phases after it is named (NES-6a on), where it always exists."""
        trump = self.trump
        assert trump is not None, "no trump before the bidder names it"
        return trump

    # ----- NES-5: trump and the second deal -------------------------------------------------
    def trump_choices(self) -> list[Rank]:
        """NES-5, Decision E-5: trump ranks the bidder holds among his 5 cards, else all three."""
        if self.bidder is None or self.phase != TRUMP:
            return []
        held = {card.rank for card in self.hands[self.bidder]}
        return [rank for rank in TRUMP_RANKS if rank in held] or list(TRUMP_RANKS)

    def _legal_trump(self) -> list[Action]:
        # ``trump_choices()`` inline (the bidder is known in this phase): one deal in each asks this.
        contract = self.contract
        assert contract is not None  # the bidding is over (inline: the hot path)
        held = set(map(_card_rank, self.hands[contract.bidder]))
        return [NAME_TRUMP[rank] for rank in TRUMP_RANKS if rank in held] or list(NAME_TRUMP.values())

    def _apply_trump(self, action: Action) -> None:
        contract = self.contract
        assert contract is not None  # the bidding is over (inline: the hot path)
        bidder = contract.bidder
        assert self.face_down is not None
        self.trump = action.arg(Rank)
        self.hands[bidder].append(self.face_down)  # NES-5: he takes the face-down card
        self.face_down = None
        for seat, cards in enumerate(self.deal["extra"]):  # NES-5: 3 more cards each
            hand = self.hands[seat]
            hand.extend(cards)
            hand.sort(key=_card_index)
        self.phase = OPEN

    # ----- NES-6a: the bidder's trick ----------------------------------------------------------
    def highest_cards(self) -> list[Card]:
        """NES-6a: the bidder's cards of the highest rank he holds under NES-1 (any trump first).

        Option ``open_order: "printed"`` (NES-6a's other reading): by the seed's printed order «…, К, Т»,
        whatever the trump — the order of a suit when Aces are trump.
        """
        if self.bidder is None or self.trump is None:
            return []
        hand = self.hands[self.bidder]
        power = POWER[Rank.ACE if self.rules["open_order"] == "printed" else self.trump]
        top = max(map(power.__getitem__, hand))
        return [card for card in hand if power[card] == top]

    def _legal_open(self) -> list[Action]:
        # ``highest_cards()`` inline (the bidder and the trump are known in this phase), and each
        # action looked up in the table of those made before: one deal in each asks this.
        contract, trump = self.contract, self.trump
        assert contract is not None  # the bidding is over (inline: the hot path)
        assert trump is not None  # named before this phase
        hand = self.hands[contract.bidder]
        power = POWER[RANK_ACE if self.rules["open_order"] == "printed" else trump]
        top = max(map(power.__getitem__, hand))
        first, second, third = self.face_up
        pairs = ((first, second), (first, third), (second, third))
        made = _OPEN_ACTIONS.get
        return [made((card, x, y)) or _open_action(card, x, y) for card in hand if power[card] == top for x, y in pairs]

    def _apply_open(self, action: Action) -> None:
        card, first, second = action.cards
        contract = self.contract
        assert contract is not None  # the bidding is over (inline: the hot path)
        bidder = contract.bidder
        self.hands[bidder].remove(card)
        for table in self.face_up:  # the face-up card he did not take
            if table is not first and table is not second:
                break
        trick = Trick([(bidder, card), (None, first), (None, second)], bidder)
        params = {"seat": bidder, "card": card, "taken": [first, second], "table": table}
        trick.why = partial(Explanation, "NES-6a", "nestors.open_trick", params)  # made when first read
        self.tricks.append(trick)
        self.taken[TEAM[bidder]].extend((card, first, second))
        self.face_up = []
        self.table = table  # NES-6a: the third face-up card is the table card
        self._start_trick()

    # ----- NES-6: tricks 2-11 of three players; NES-7: the last trick ------------------------------
    def _start_trick(self) -> None:
        """E-6: trick k (2 ≤ k ≤ 11) is led by seat (bidder + k − 1) mod 4, whoever won."""
        tricks = self.tricks
        number = len(tricks) + 1
        contract = self.contract
        assert contract is not None  # the bidding is over (inline: the hot path)
        leader = (contract.bidder + number - 1) % 4
        if number < NUM_TRICKS:
            order = TRICK_ORDER[leader]
        else:  # NES-7: the two players with a card left, in turn order from the scheduled leader
            in_turn = ((leader + i) % 4 for i in range(4))
            order = tuple(seat for seat in in_turn if self.hands[seat])
        self.order = order
        tricks.append(Trick([]))
        self.phase = PLAY
        self.to_act = order[0]

    def position(self) -> str | None:
        """The position (A, B or C) of the seat to act in the current trick."""
        if self.phase != PLAY:
            return None
        return POSITIONS[len(self.tricks[-1].plays)]

    def sitting_out(self) -> list[int]:
        """NES-6: the seat that sits out the current trick (D); in the last trick the two without cards."""
        if self.phase not in (PLAY, LEAVE):
            return []
        return [seat for seat in range(4) if seat not in self.order]

    def _legal_play(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None  # a seat is to act in the play (inline, not ``actor``: the hot path)
        hand = self.hands[seat]
        plays = self.tricks[-1].plays
        if len(plays) == 2:  # NES-6: C's obligations (the last trick has no C)
            trump = self.trump
            assert trump is not None  # named before play (inline: the hot path)
            allowed = c_allowed(plays[0][1], plays[1][1], hand, trump)
            if allowed is not None:
                return tuple([PLAY_CARD[card] for card in hand if card in allowed])
        if len(hand) > 1:  # an ``itemgetter`` of the hand looks all its cards up at once, into a tuple
            return itemgetter(*hand)(PLAY_CARD)
        return tuple(map(_play_of, hand))

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        card = action.cards[0]
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        plays = trick.plays
        plays.append((seat, card))
        count = len(plays)
        order = self.order
        if count < len(order):
            self.to_act = order[count]
        elif count == 3:
            self._close_trick(trick)
        else:
            self._close_last_trick(trick)

    def _close_trick(self, trick: Trick) -> None:
        """NES-6 W1-W3b decide; the collector then chooses the table card (NES-7)."""
        plays = trick.plays
        (_, a), (_, b), (_, c) = plays
        trump = self.trump
        assert trump is not None  # named before play (inline: the hot path)
        collector = plays[trick_winner(a, b, c, trump)[0]][0]  # the position that collects: 0 A, 1 B, 2 C
        table = self.table
        assert collector is not None  # A, B and C play from their hands
        assert table is not None  # NES-6a: a table card lies from the bidder's trick on
        trick.collector = collector
        trick.why = partial(_trick_why_of, a, b, c, trump, collector)  # the result and its words made when first read
        self.pending = [a, b, c, table]
        self.phase = LEAVE
        self.to_act = collector

    def _legal_leave(self) -> tuple[Action, ...]:
        return itemgetter(*self.pending)(LEAVE_CARD)  # the four cards: their actions, as a tuple

    def _apply_leave(self, action: Action) -> None:
        """NES-7 (Decision E-8): the collector takes three of the four cards and leaves one."""
        card = action.cards[0]
        trick = self.tricks[-1]
        pending = self.pending
        pending.remove(card)
        collector = trick.collector
        assert collector is not None  # set when the trick closed (inline: the hot path)
        self.taken[TEAM[collector]].extend(pending)
        self.pending = []
        trick.left = card
        self.table = card
        self._start_trick()

    def _close_last_trick(self, trick: Trick) -> None:
        """NES-7: the A-or-B rule decides; the collector takes both cards and the table card."""
        (seat_a, a), (seat_b, b) = trick.plays
        trump = self._trump()
        collector = seat_b if a_or_b(a, b, trump)[0] else seat_a  # ``resolve_last_trick`` decides by this rule
        table = self.table
        assert collector is not None  # both play from their hands
        assert table is not None
        trick.plays.append((None, table))
        trick.collector = collector
        trick.why = partial(_last_trick_why_of, a, b, trump, collector)  # the result and its words made when first read
        self.taken[TEAM[collector]].extend((a, b, table))
        self.table = None
        self.order = ()
        self.phase = DONE
        self.to_act = None

    # ----- explanations of illegal actions -----------------------------------------------------
    def _why_illegal(self, action: Action) -> Explanation | None:
        phase = self.phase
        if action.verb not in PHASE_VERBS[phase]:
            rule = PHASE_RULE[phase]
            params = {
                "text": self.shown(action.text),
                "phase": phase_name(phase),
                "rule": rule,
                "legal": self._legal_text(),
            }
            return Explanation(rule, "nestors.wrong_phase", params)
        if phase == BIDDING:
            return self._why_not_bid(action)
        if phase == TRUMP:
            return self._why_not_trump(action.arg(Rank))
        if phase == OPEN:
            return self._why_not_open(*action.cards)
        if phase == PLAY:
            return self._why_not_play(action.arg(Card))
        return Explanation("NES-7", "nestors.leave_not_among", {"card": action.args[0], "pending": self.pending})

    def _legal_text(self) -> ActionList:
        """The legal actions, with a run of bids shortened to ``bid 65 … bid 190``."""
        legal = self.legal_strings()
        bids = [text for text in legal if text.startswith("bid ")]
        if len(bids) > 3:
            legal = [text for text in legal if not text.startswith("bid ")] + [f"{bids[0]} … {bids[-1]}"]
        return self.shown_list(legal)

    def _why_not_bid(self, action: Action) -> Explanation:
        seat = self.to_act
        lowest = self.rules["min_bid"]
        if action is PASS:
            return Explanation("E-4", "nestors.must_bid", {"seat": seat, "min": lowest})
        bid = action.arg(int)
        if bid % BID_STEP:
            return Explanation("NES-4", "nestors.bid_step", {"bid": bid})
        if self._partner_holds_the_bid():
            return Explanation("NES-4", "nestors.no_partner_raise", {"partner": self.high_bidder})
        if bid > MAX_BID:
            return Explanation("E-2", "nestors.bid_max", {"bid": bid})
        if bid < lowest:
            return Explanation("E-2", "nestors.bid_min", {"bid": bid, "min": lowest})
        return Explanation("NES-4", "nestors.bid_higher", {"bid": bid, "high": self.high_bid})

    def _why_not_trump(self, rank: Rank) -> Explanation:
        if rank not in TRUMP_RANKS:
            return Explanation("NES-5", "nestors.trump_rank", {"rank": rank})
        held = list(self.trump_choices())
        return Explanation("E-5", "nestors.trump_not_held", {"seat": self.to_act, "held": held, "rank": rank})

    def _why_not_open(self, card: Card, first: Card, second: Card) -> Explanation:
        bidder = self._settled().bidder
        if card not in self.hands[bidder]:
            return Explanation("NES-6a", "nestors.not_in_hand", {"seat": bidder, "card": card, "rule": "NES-6a"})
        highest = self.highest_cards()
        if card not in highest:
            return Explanation("NES-6a", "nestors.open_highest", {"card": card, "highest": highest})
        return Explanation("NES-6a", "nestors.open_face_up", {"taken": [first, second], "face_up": self.face_up})

    def _why_not_play(self, card: Card) -> Explanation:
        seat = self.actor
        hand = self.hands[seat]
        if card not in hand:
            return Explanation("NES-6", "nestors.not_in_hand", {"seat": seat, "card": card, "rule": "NES-6"})
        plays = self.tricks[-1].plays
        a, b = plays[0][1], plays[1][1]
        params: dict[str, Any] = {"seat": seat, "a_suit": a.suit, "b_suit": b.suit, "trump": TRUMP_NAMES[self._trump()]}
        if a.suit is b.suit:
            params.update(suit=a.suit, held=[c for c in hand if c.suit is a.suit])
            return Explanation("NES-6", "nestors.c_must_same", params)
        third = third_suits(a, b)
        params["held"] = [c for c in hand if c.suit in third]
        return Explanation("NES-6", "nestors.c_must_third", params)

    # ----- NES-2, NES-8: points and score ----------------------------------------------------
    def tricks_won(self) -> list[int]:
        """Tricks collected so far per partnership."""
        won = [0, 0]
        for trick in self.tricks:
            if trick.collector is not None:
                won[TEAM[trick.collector]] += 1
        return won

    def points(self) -> list[int] | None:
        """NES-2: card points + 5 per trick + spade bonus per partnership, once the deal is done."""
        if self.phase != DONE:
            return None
        if self._points is None:
            self._points = partnership_points(self.taken, self.tricks_won(), self._trump())
        return list(self._points)

    def made(self) -> bool | None:
        """NES-8: whether the bidders took at least their bid (None before the deal is done)."""
        points = self.points()
        if points is None:
            return None
        contract = self._settled()
        return points[TEAM[contract.bidder]] >= contract.bid

    def score(self) -> list[int] | None:
        """NES-8: what the deal adds to each partnership's match score, once done."""
        points = self.points()
        if points is None:
            return None
        contract = self._settled()
        return deal_score(TEAM[contract.bidder], contract.bid, points, self.rules["made_opponents"])

    def score_explanation(self) -> Explanation | None:
        """Why the deal scored as it did (NES-8), once done."""
        points = self.points()
        if points is None:
            return None
        team = TEAM[self._settled().bidder]
        key = "nestors.score_made" if self.made() else "nestors.score_failed"
        if self.made() and self.rules["made_opponents"] == "nothing":
            key = "nestors.score_made_alone"  # option made_opponents, E-9's other reading
        params = {"team": team, "bid": self.bid, "p": points[team], "q": TOTAL_POINTS - points[team]}
        return Explanation("NES-8", key, params)

    def c_explanation(self) -> Explanation | None:
        """When C is to play: which cards he may play and why (NES-6)."""
        if self.phase != PLAY or len(self.tricks[-1].plays) != 2 or len(self.order) != 3:
            return None
        plays = self.tricks[-1].plays
        return c_may_play(plays[0][1], plays[1][1], self.hands[self.actor], self._trump())[1]

    def notices(self, seat: int) -> list[Explanation]:
        """NES-6: tell C which cards he may play and why."""
        why = self.c_explanation() if seat == self.to_act else None
        return [why] if why is not None else []

    def current_trump(self) -> Rank | None:
        """The trump rank once the declarer names it, else None."""
        return self.trump

    def table_card(self) -> Card | None:
        """The table card (NES-6a, NES-7) while it lies on the table, else None."""
        return self.table

    def is_trump(self, card: Card) -> bool:
        """NES-1: the four cards of the trump rank."""
        return self.trump is not None and card.rank is self.trump

    # ----- what a seat knows ------------------------------------------------------------------
    def seen_cards(self) -> set[Card]:
        """NES-3..NES-7: the cards played, the face-up row, the table card, the cards taken (all face up once)."""
        seen = super().seen_cards()
        seen.update(self.face_up, self.pending, *self.taken)
        if self.table is not None:
            seen.add(self.table)
        return seen

    def knowledge(self, seat: int) -> Knowledge:
        """NES-3..NES-7: the face-up row, table and taken cards; C's voids; the bidder's highest card."""
        before_second_deal = self.trump is None
        sizes: dict[Slot, int] = {s: len(hand) for s, hand in enumerate(self.hands) if s != seat}
        if before_second_deal:
            sizes["down"] = 1  # NES-3: the row's face-down card
            for s in range(4):
                sizes[f"extra{s}"] = 3  # NES-5: three more cards each, not dealt yet
        known = Knowledge.of_places(seat, sizes)
        if not before_second_deal:
            self._ban_voids(known)
            self._ban_above_opening(known)
        return known.finish(self.unseen_cards(seat))

    def _ban_voids(self, known: Knowledge) -> None:
        """NES-6: C who played neither the suit asked for nor a trump holds none of that suit."""
        trump = self.trump
        for trick in self.tricks:
            plays = trick.plays
            if len(plays) != 3 or plays[1][0] is None:
                continue  # the bidder's trick, a trick in progress, or the last trick
            (_, a), (_, b), (c_seat, c) = plays
            if c_seat is None or c_seat == known.seat or c.rank is trump:  # (None: the last trick's table card)
                continue
            asked = {a.suit} if a.suit is b.suit else set(SUITS) - {a.suit, b.suit}
            if c.suit not in asked:
                known.ban(c_seat, suit_cards(NESTORS_DECK, asked))

    def _ban_above_opening(self, known: Knowledge) -> None:
        """NES-6a: the bidder opened with his highest card, so he holds nothing higher."""
        bidder = self.bidder
        if bidder is None or bidder == known.seat or not self.tricks:
            return
        power = POWER[self._trump()]
        top = power[self.tricks[0].plays[0][1]]
        known.ban(bidder, (card for card in NESTORS_DECK if power[card] > top))

    def placed(self, known: Knowledge, placement: Placement) -> NestorsState:
        """A Nestors deal like this one with the hidden hands, face-down and undealt cards replaced."""
        world = self.clone()
        for slot, cards in placement.items():
            if isinstance(slot, int):
                world.hands[slot] = sorted(cards, key=_card_index)
        if "down" in placement:
            down = placement["down"][0]
            world.face_down = down
            extra = [placement[f"extra{s}"] for s in range(4)]
            world.deal = {"row": [down, *self.face_up], "hands": [], "extra": extra}
        else:
            world.deal = {"row": [], "hands": [], "extra": []}
        world._legal_cache = None
        return world

    # ----- summary and view ------------------------------------------------------------------
    def trump_json(self) -> str | None:
        return self.trump.text if self.trump is not None else None

    def contract_json(self) -> dict[str, int] | None:
        contract = self.contract
        if contract is None:
            return None
        return {"seat": contract.bidder, "bid": contract.bid}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        everything = seat is None
        # NES-3: the row; its first card lies face down (shown only in the instructor's view).
        row: list[str | None] = [c.text for c in self.face_up]
        if self.face_down is not None:
            row.insert(0, self.face_down.text if everything else None)
        data: dict[str, Any] = {
            "bidding": {
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "passed": list(self.passed),
                "must_bid": self.phase == BIDDING and self.must_bid(),
            },
            # The bidder and his bid, once bidding ends, are the view's ``contract`` (``contract_json``).
            "row": row,
            "table": self.table.text if self.table else None,
            "pending": [c.text for c in self.pending],
            "position": self.position(),
            "sitting_out": self.sitting_out(),
            # NES-6: the seats playing as A, B, C in the current trick.
            "order": list(self.order) if self.phase in (PLAY, LEAVE) else [],
            "tricks_won": self.tricks_won(),
            # Cards each partnership has collected (all were face up once, so everyone may see them).
            "taken": [[c.text for c in cards] for cards in self.taken],
            "undealt": len(self.deal["extra"]) * 3 if self.trump is None else 0,
        }
        if everything and self.trump is None:
            data["extra"] = [[c.text for c in cards] for cards in self.deal["extra"]]
        if everything or seat == self.to_act:
            why = self.c_explanation()
            data["c_rule"] = why.to_json() if why else None
        return data

    #: The phases' rules: phase -> (legal actions, apply one).
    phase_rules: ClassVar[dict[str, Any]] = {
        BIDDING: (_legal_bidding, _apply_bidding),  # NES-4
        TRUMP: (_legal_trump, _apply_trump),  # NES-5
        OPEN: (_legal_open, _apply_open),  # NES-6a
        PLAY: (_legal_play, _apply_play),  # NES-6
        LEAVE: (_legal_leave, _apply_leave),  # NES-7
    }


def _trick_why(result: TrickResult, collector: int) -> Explanation:
    """Why ``collector`` took the trick (NES-6, NES-7), naming him by seat and position."""
    return result.explain(who(collector, result.collector))


def _trick_why_of(a: Card, b: Card, c: Card, trump: Rank, collector: int) -> Explanation:
    """Why ``collector`` took the trick A ``a``, B ``b``, C ``c`` played (NES-6: ``resolve_trick``)."""
    return _trick_why(resolve_trick(a, b, c, trump), collector)


def _last_trick_why_of(a: Card, b: Card, trump: Rank, collector: int) -> Explanation:
    """Why ``collector`` took the last trick A ``a`` and B ``b`` played (NES-7: ``resolve_last_trick``)."""
    return _trick_why(resolve_last_trick(a, b, trump), collector)


#: The sort key of a hand: the canonical card order.
_card_index = attrgetter("index")
_card_rank = attrgetter("rank")
#: ``open`` actions made so far, by their three cards (at most one per card and pair of the row).
_OPEN_ACTIONS: dict[tuple[Card, Card, Card], Action] = {}


def _open_action(card: Card, first: Card, second: Card) -> Action:
    """NES-6a: the action ``open card first second``, made once."""
    key = (card, first, second)
    action = _OPEN_ACTIONS.get(key)
    if action is None:
        action = _OPEN_ACTIONS[key] = Action.make("open", card, first, second)
    return action


class Nestors(Game):
    """Nestors' deck, deal layout, options and match rules (NES-3, NES-9)."""

    name = "nestors"
    num_players = 4
    deck = NESTORS_DECK
    layout = (DealPart("row", 0, 4), DealPart("hands", 4, 5), DealPart("extra", 4, 3))
    state_class = NestorsState
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "dealer": ("rotate", "bidder"),
        "min_bid": (BID_STEP, int),
        "target": (1000, int),
        # NES-9: the seed's aim is «первыми с партнером набрать +1000 или -1000 очков». By default (E-10)
        # reaching −target loses; read word for word, reaching it first wins like +target.
        "minus_target": ("loses", "wins"),
        # NES-4: a player may bid over his own partner; read the other way, only a pass is left to him then.
        "partner_raise": (True, False),
        # E-9: the opponents of a made bid score their own points; read the other way, nothing.
        "made_opponents": ("own_points", "nothing"),
        # NES-6a: "the highest of all his cards" by NES-1 (trump rank first); the other reading: the printed order.
        "open_order": ("trump_first", "printed"),
        # E-3: a pass is final; read the other way, it holds until the next bid (three passes in a row end it).
        "pass_final": (True, False),
    }
    sides = TEAM
    clockwise = False  # play is anticlockwise (docs/rules/nestors.md, opening)

    @classmethod
    def make_rules(cls, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """Options as in the base class; ``min_bid`` a multiple of 5 from 5 to 190, ``target`` positive."""
        merged = super().make_rules(rules)
        low = merged["min_bid"]
        if low % BID_STEP or not BID_STEP <= low <= MAX_BID:
            raise RecordError("record.nes_min_bid", value=low)
        if merged["target"] <= 0:
            raise RecordError("record.nes_target", value=merged["target"])
        return merged

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> NestorsState:
        return NestorsState(deal, dealer, rules)

    @classmethod
    def check_start(cls, start: dict[str, Any], rules: dict[str, Any]) -> MatchPosition:
        """NES-9: a start position may not have a partnership at or beyond ±target."""
        position = super().check_start(start, rules)
        target = rules["target"]
        if any(abs(score) >= target for score in position.scores):
            raise RecordError("record.nes_start_at_target", target=target)
        return position

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """NES-9: +target wins, −target loses (option ``minus_target``); both: the most recent successful bidders."""
        assert isinstance(state, NestorsState)
        for team, points in enumerate(state.score() or [0, 0]):
            match.scores[team] += points
        target = match.rules["target"]
        scores = match.scores
        if match.rules["minus_target"] == "wins":  # the seed word for word: +target or −target first
            winners = [t for t in (0, 1) if abs(scores[t]) >= target]
        else:
            winners = [t for t in (0, 1) if scores[t] >= target or scores[1 - t] <= -target]
        if len(winners) == 1:
            match.winner = winners[0]
        elif winners:  # both at +target (E-10): this deal's bidders, who made their bid
            last = last_successful_bidders(match)
            match.winner = TEAM[state._settled().bidder] if last is None else last

    @classmethod
    def next_dealer(cls, match: Match, state: GameState) -> int:
        """E-1: the deal passes to the next seat; option ``dealer: "bidder"``: the last bidder deals."""
        assert isinstance(state, NestorsState)
        if match.rules["dealer"] == "bidder" and state.bidder is not None:
            return state.bidder
        return (state.dealer + 1) % 4

    @classmethod
    def draw_ritual(cls, rng: random.Random) -> dict[str, Any]:
        """NES-3: deal face up one card at a time in turn order from seat 0 until a 6; he deals first.

        Returns ``{"dealer": seat, "draws": [[seat, card], …]}``.
        """
        deck = list(NESTORS_DECK)
        rng.shuffle(deck)
        draws: list[list[Any]] = []
        seat = 0
        while True:
            card = deck.pop()
            draws.append([seat, card.text])
            if card.rank == Rank.SIX:
                return {"dealer": seat, "draws": draws}
            seat = (seat + 1) % 4


def last_successful_bidders(match: Match) -> int | None:
    """NES-9: the partnership that most recently made its bid (None if none has)."""
    for state in reversed(match.deals):
        if isinstance(state, NestorsState) and state.made():
            return TEAM[state._settled().bidder]
    return None
