"""Tumbochka (Тумбочка): the rules of ``docs/rules/tumbochka.md``, section by section.

Three players, each for himself, seats 0-2 in clockwise turn order. A deal is
bidding (TUM-3), the talon and the cards given away (TUM-4), then eight
tricks with trilyazhes and troyans (TUM-5), scored by TUM-6. The match is
won only on the tumbochka (TUM-8), handled by ``Tumbochka.end_deal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from cardwidgets.cards import SUITS, Card, Rank, Suit, make_deck
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import RecordError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, DealPart, Game, MatchPosition
from cardwidgets.core.knowledge import Either, Knowledge, Placement, Slot, suit_cards
from cardwidgets.core.state import DONE, GameState
from cardwidgets.core.tricks import Trick
from cardwidgets.games.tumbochka.words import ANNOUNCEMENTS, GOLDEN_BAGEL, TRILYAZH_NEXT, TRILYAZH_WON, removal_words
from cardwidgets.i18n import ActionList, phase_name

#: Tumbochka (TUM-1): K, Q, J, 8, 7, 6 of each suit — 24 cards.
TUMBOCHKA_DECK = make_deck((Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.JACK, Rank.QUEEN, Rank.KING))

if TYPE_CHECKING:
    from cardwidgets.core.match import Match

BIDDING = "bidding"
TALON = "talon"
PLAY = "play"
PLAYERS = 3
TRICKS = 8

MIN_BID = 4  # TUM-3: first hand opens with exactly 4
MAX_BID = 14  # TUM-3, TUM-6: eight tricks and two trilyazhes
SITTER_MIN_BID = 7  # TUM-8: a sitter bids 7 or more; others need 1 point to bid 7+
TRILYAZH_BONUS = 3  # TUM-5
WIN_ON_TUMBOCHKA = 7  # TUM-8 step 1, Decision T-7
TUMBOCHKA = 20  # TUM-8: arrive at 20 or more; the sitter's score stays 20 (T-8)
KNOCKED_OFF = 10  # TUM-8: score after a first removal (0 from the second on)
SIT_LIMIT = 3  # TUM-8 step 3: three deals on the tumbochka without winning

#: The verbs of each phase, and the rule that governs the phase (for explanations).
PHASE_VERBS = {BIDDING: ("bid", "pass"), TALON: ("give", "raise", "keep"), PLAY: ("play",)}
PHASE_RULE = {BIDDING: "TUM-3", TALON: "TUM-4", PLAY: "TUM-5"}

BID = {n: Action.make("bid", n) for n in range(MIN_BID, MAX_BID + 1)}
PASS = Action.make("pass")
KEEP = Action.make("keep")
RAISE = {n: Action.make("raise", n) for n in range(MIN_BID + 1, MAX_BID + 1)}
GIVE = {(card, seat): Action.make("give", card, seat) for card in TUMBOCHKA_DECK for seat in range(PLAYERS)}
PLAY_CARD = {card: Action.make("play", card) for card in TUMBOCHKA_DECK}
#: A card's ``play`` action, as a function made once (the hot path maps hands through it).
_play_of = PLAY_CARD.__getitem__
#: The bidding's legal lists, made once: (lowest bid, highest bid, may pass) -> (bid low, …, bid high[, pass]).
BIDDING_LEGAL = {
    (low, high, may_pass): (*(BID[n] for n in range(low, high + 1)), *((PASS,) if may_pass else ()))
    for low in range(MIN_BID, MAX_BID + 2)
    for high in range(MIN_BID, MAX_BID + 1)
    for may_pass in (False, True)
}

# TUM-5: a trilyazh is K, Q, J of a suit, led J, then Q, then K (Decision T-4);
# a troyan is 8, 7, 6 of a suit, shown by leading the 6.
TRILYAZH_LEADS = {s: (Card.of(Rank.JACK, s), Card.of(Rank.QUEEN, s), Card.of(Rank.KING, s)) for s in SUITS}
TROYAN_CARDS = {s: (Card.of(Rank.EIGHT, s), Card.of(Rank.SEVEN, s), Card.of(Rank.SIX, s)) for s in SUITS}
TRILYAZH = {s: Action.make("play", TRILYAZH_LEADS[s][0], "trilyazh") for s in SUITS}
TROYAN = {s: Action.make("play", TROYAN_CARDS[s][2], "troyan") for s in SUITS}
#: Announcing actions -> what they announce (TUM-5).
ANNOUNCES = {**{TRILYAZH[s]: "trilyazh" for s in SUITS}, **{TROYAN[s]: "troyan" for s in SUITS}}
#: The led card of an announcement -> the other two cards the leader must hold.
TRILYAZH_REST = {TRILYAZH_LEADS[s][0]: TRILYAZH_LEADS[s][1:] for s in SUITS}
TROYAN_REST = {TROYAN_CARDS[s][2]: TROYAN_CARDS[s][:2] for s in SUITS}
#: The J or 6 that is led -> (the announcing action, the two other cards the leader must hold).
ANNOUNCE_WITH = {
    **{lead: (TRILYAZH[lead.suit], rest) for lead, rest in TRILYAZH_REST.items()},
    **{lead: (TROYAN[lead.suit], rest) for lead, rest in TROYAN_REST.items()},
}


@dataclass
class TumbochkaPosition(MatchPosition):
    """TUM-8: where a Tumbochka match stands between deals (record form: ``docs/records.md`` ``start``)."""

    #: The seat on the tumbochka, or None.
    sitting: int | None = None
    #: Deals the sitter has sat through without winning (the third knocks him off).
    sat_deals: int = 0
    #: Times each seat was knocked off the tumbochka.
    removals: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    #: Whether each seat holds the golden bagel (T-9: from the second removal on).
    bagels: list[bool] = field(default_factory=lambda: [False] * PLAYERS)


@dataclass(frozen=True, slots=True)
class Declaration:
    """TUM-3, TUM-4: the declarer and his contract, fixed when the bidding ends (a raise replaces it)."""

    declarer: int
    contract: int


class TumbochkaState(GameState):
    """One Tumbochka deal: bidding (TUM-3), talon (TUM-4), play (TUM-5), scoring (TUM-6).

    ``sitter`` and ``scores`` give the match position at the start of the deal
    (TUM-8: the sitter's floor of 7 and the 1-point rule); ``Tumbochka.new_state``
    reads them from the match. Without them nobody sits.
    """

    game_name = "tumbochka"
    num_players = PLAYERS
    deck = TUMBOCHKA_DECK
    syntax: ClassVar[dict[str, str]] = {
        "bid": "bid N",
        "pass": "pass",
        "give": "give CARD SEAT",
        "raise": "raise N",
        "keep": "keep",
        "play": "play CARD [trilyazh|troyan]",
    }

    #: TUM-8: the seat on the tumbochka during this deal (from the match), or None.
    sitter: int | None
    #: TUM-8: may each seat bid 7 or more while someone sits (running score >= 1)?
    high_bid_ok: tuple[bool, ...]
    first_hand: int
    bid: int
    bidder: int | None
    passed: list[bool]
    #: TUM-3: present once the bidding ends (read ``declarer`` and ``contract`` before that: None).
    declared: Declaration | None
    #: TUM-4: the card given to each seat by the declarer (None: nothing given).
    given: list[Card | None]
    trump: Suit | None
    #: TUM-5: troyans shown, in order: (seat, suit).
    troyans: list[tuple[int, Suit]]
    #: Decision T-4: the trilyazh being played: (seat, suit, index of the card to lead 0-2).
    trilyazh: tuple[int, Suit, int] | None
    #: Every trilyazh announced: (seat, suit, "open" | "made" | "broken").
    trilyazhes: list[tuple[int, Suit, str]]
    tricks_won: list[int]
    bonuses: list[int]
    #: What the match made of this deal (TUM-8), filled in by ``Tumbochka.end_deal``.
    match_events: list[Explanation]

    def __init__(
        self,
        deal: Deal,
        dealer: int,
        rules: dict[str, Any] | None = None,
        sitter: int | None = None,
        scores: list[int] | None = None,
    ) -> None:
        self.rules = Tumbochka.make_rules(rules)
        self.deal = deal
        self.dealer = dealer
        self.hands = [list(h) for h in deal["hands"]]
        self.sitter = sitter
        if sitter is None:  # TUM-8: nobody sits, so every seat may bid 7 or more
            self.high_bid_ok = (True,) * PLAYERS
        else:
            scores = scores or [0] * PLAYERS
            self.high_bid_ok = tuple(seat == sitter or scores[seat] >= 1 for seat in range(PLAYERS))
        self.first_hand = (dealer + 1) % PLAYERS  # TUM-3: the player on the dealer's left
        self.bid = 0
        self.bidder = None
        self.passed = [False] * PLAYERS
        self.declared = None
        self.given = [None] * PLAYERS
        self.trump = None  # TUM-1: no trump until a troyan is shown
        self.troyans = []
        self.trilyazh = None
        self.trilyazhes = []
        self.tricks_won = [0] * PLAYERS
        self.bonuses = [0] * PLAYERS
        self.match_events = []
        self.history = []
        self.tricks = []
        self.phase = BIDDING
        self.to_act = self.first_hand
        self._legal_cache = None

    def keep_match_limits(self, later: GameState) -> None:
        """The sitter and whether the high bid is allowed come from the match (TUM-8)."""
        if isinstance(later, TumbochkaState):
            self.sitter, self.high_bid_ok = later.sitter, later.high_bid_ok

    # ----- explanations of illegal actions -----------------------------------------------
    def _why_illegal(self, action: Action) -> Explanation | None:
        if action.verb not in PHASE_VERBS[self.phase]:
            rule = PHASE_RULE[self.phase]
            params = {
                "text": self.shown(action.text),
                "phase": phase_name(self.phase),
                "rule": rule,
                "legal": self._legal_text(),
            }
            return Explanation(rule, "tumbochka.wrong_phase", params)
        if self.phase == BIDDING:
            return self._why_illegal_bidding(action)
        if self.phase == TALON:
            return self._why_illegal_talon(action)
        return self._why_illegal_play(action)

    def _legal_text(self) -> ActionList:
        """The legal actions, a run of bids or raises shortened to ``bid 5 … bid 14``."""
        texts = self.legal_strings()
        run = [t for t in texts if t.startswith(("bid ", "raise "))]
        if len(run) > 3:
            at = texts.index(run[0])
            texts = [*texts[:at], f"{run[0]} … {run[-1]}", *texts[at + len(run) :]]
        return self.shown_list(texts)

    # ----- TUM-3 and TUM-8: bidding ----------------------------------------------
    def bid_range(self, seat: int) -> tuple[int, int]:
        """The lowest and highest bid ``seat`` may make now (empty when low > high)."""
        if self.bid == 0 and seat != self.sitter:
            return MIN_BID, MIN_BID  # TUM-3: first hand opens with exactly 4
        low = max(self.bid + 1, MIN_BID)
        high = MAX_BID
        if seat == self.sitter:
            low = max(low, SITTER_MIN_BID)  # TUM-8: the sitter bids 7+, also as first hand
        elif not self.high_bid_ok[seat]:
            high = SITTER_MIN_BID - 1  # TUM-8: 7+ only with a running score of at least 1
        return low, high

    def _legal_bidding(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None
        low, high = self.bid_range(seat)
        # TUM-3: first hand may not pass, except a sitter (TUM-8); the lists are made once (``BIDDING_LEGAL``).
        return BIDDING_LEGAL[(low, high, self.bid > 0 or seat == self.sitter)]

    def _apply_bidding(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if action is PASS:
            self.passed[seat] = True  # Decision T-1: a pass is final
            if self.bid == 0:
                # Decision T-10: the sitter passed as first hand; the next seat opens with 4.
                self.first_hand = (seat + 1) % PLAYERS
        else:
            self.bid = action.arg(int)
            self.bidder = seat
        if self.bid > 0 and sum(self.passed) == PLAYERS - 1:
            self._end_bidding()
            return
        nxt = (seat + 1) % PLAYERS
        while self.passed[nxt]:
            nxt = (nxt + 1) % PLAYERS
        self.to_act = nxt

    def _end_bidding(self) -> None:
        """TUM-3: the one left is declarer at his bid; TUM-4: he takes the talon."""
        declarer = self.bidder
        assert declarer is not None
        self.declared = Declaration(declarer, self.bid)
        self.hands[declarer].extend(self.deal["talon"])
        self.phase = TALON
        self.to_act = declarer

    def _why_illegal_bidding(self, action: Action) -> Explanation | None:
        seat = self.to_act
        assert seat is not None
        if self.bid == 0 and seat != self.sitter:
            return Explanation("TUM-3", "tumbochka.open_with_four", {"seat": seat})
        if action is PASS:
            return None
        return self._why_illegal_bid(seat, action.number or 0)

    def _why_illegal_bid(self, seat: int, number: int) -> Explanation:
        """Why ``bid number`` is not allowed to ``seat`` (TUM-3, TUM-8)."""
        if not MIN_BID <= number <= MAX_BID:
            return Explanation("TUM-3", "tumbochka.bid_range", {"bid": number})
        if seat == self.sitter and number < SITTER_MIN_BID:
            return Explanation("TUM-8", "tumbochka.sitter_floor", {"seat": seat})
        if number <= self.bid:
            return Explanation("TUM-3", "tumbochka.bid_higher", {"bid": self.bid})
        return Explanation("TUM-8", "tumbochka.need_a_point", {"sitter": self.sitter, "seat": seat})

    # ----- phase-dependent facts -------------------------------------------------------
    @property
    def declarer(self) -> int | None:
        """The declarer once the bidding has ended (TUM-3), else None."""
        declared = self.declared
        return None if declared is None else declared.declarer

    @property
    def contract(self) -> int | None:
        """The contract (his bid, or the raise of TUM-4) once the bidding has ended, else None."""
        declared = self.declared
        return None if declared is None else declared.contract

    def _settled(self) -> Declaration:
        """The declaration, in the phases after the bidding (TUM-4 on), where it always exists."""
        declared = self.declared
        assert declared is not None, "no declarer before the bidding ends"
        return declared

    # ----- TUM-4: talon, cards given, raise ------------------------------------------
    def opponents(self) -> tuple[int, int]:
        """The two defenders (once the declarer is known)."""
        declarer = self._settled().declarer
        return (declarer + 1) % PLAYERS, (declarer + 2) % PLAYERS

    def _legal_talon(self) -> tuple[Action, ...]:
        declared = self._settled()  # once: ``opponents()`` would ask again
        declarer, contract = declared.declarer, declared.contract
        given = self.given
        waiting = [seat for seat in ((declarer + 1) % PLAYERS, (declarer + 2) % PLAYERS) if given[seat] is None]
        if waiting:
            return tuple([GIVE[(card, seat)] for card in self.hands[declarer] for seat in waiting])
        return (KEEP, *[RAISE[n] for n in range(contract + 1, self._raise_top(declarer) + 1)])

    def _raise_top(self, declarer: int) -> int:
        """The highest raise (TUM-4): 14; under option ``raise_limited``, the bidding's limit of TUM-8 too.

        By default the raise («перезаказать», after the bidding) is no bid, so the rule that a bid of 7 or
        more needs a running score of at least 1 while someone sits does not limit it; the option reads it as one.
        """
        if self.rules["raise_limited"] and not self.high_bid_ok[declarer]:
            return SITTER_MIN_BID - 1
        return MAX_BID

    def _apply_talon(self, action: Action) -> None:
        declarer = self._settled().declarer
        if action.verb == "give":
            card, seat = action.arg(Card), action.arg(int, 1)
            self.hands[declarer].remove(card)
            self.hands[seat].append(card)
            self.given[seat] = card
            return
        if action.verb == "raise":
            raised = action.number
            assert raised is not None
            self.declared = Declaration(declarer, raised)  # TUM-4: the raise replaces the contract
        self.phase = PLAY
        # Decision T-3: the declarer leads the first trick (option first_lead "first_hand": the dealer's left does).
        self.to_act = (self.dealer + 1) % PLAYERS if self.rules["first_lead"] == "first_hand" else declarer
        self.tricks.append(Trick([]))

    def _why_illegal_talon(self, action: Action) -> Explanation | None:
        giving = any(self.given[seat] is None for seat in self.opponents())
        if action.verb == "give":
            return self._why_illegal_give(action) if giving else Explanation("TUM-4", "tumbochka.gifts_done", {})
        if action.verb in ("raise", "keep") and giving:
            return Explanation("TUM-4", "tumbochka.give_first", {})
        raised, contract = action.number, self.contract
        if action.verb == "raise" and raised is not None and contract is not None and contract < raised <= MAX_BID:
            return Explanation("TUM-8", "tumbochka.raise_needs_a_point", {"sitter": self.sitter})  # raise_limited
        if action.verb == "raise":
            return Explanation("TUM-4", "tumbochka.raise_range", {"bid": self.contract})
        return None

    def _why_illegal_give(self, action: Action) -> Explanation:
        """Why a ``give`` is not allowed while cards are still to be given (TUM-4)."""
        declarer = self._settled().declarer
        seat = action.number
        if action.card not in self.hands[declarer]:
            return Explanation("TUM-4", "core.not_in_hand", {"seat": declarer, "card": action.card})
        if seat not in self.opponents():
            return Explanation("TUM-4", "tumbochka.give_to_opponent", {"to": seat})
        return Explanation("TUM-4", "tumbochka.given_already", {"to": seat})

    # ----- TUM-5: play ----------------------------------------------------------------
    def obligation(self) -> Card | None:
        """Decision T-4: the card the leader must lead to go on with his trilyazh, if any."""
        trilyazh = self.trilyazh
        if trilyazh is None or self.tricks[-1].plays:
            return None
        return TRILYAZH_LEADS[trilyazh[1]][trilyazh[2]]

    def _obligation_explanation(self) -> Explanation | None:
        """T-4: why the leader must lead the next card of his trilyazh, if he must."""
        forced = self.obligation()
        if forced is None:
            return None
        index = TRILYAZH_LEADS[forced.suit].index(forced)
        params = {"won": TRILYAZH_WON[index - 1], "next": TRILYAZH_NEXT[index], "card": forced}
        return Explanation("T-4", "tumbochka.trilyazh_obligation", params)

    def notices(self, seat: int) -> list[Explanation]:
        """T-4: remind the trilyazh leader what he must lead."""
        forced = self._obligation_explanation() if seat == self.to_act and self.phase == PLAY else None
        return [forced] if forced is not None else []

    def _legal_play(self) -> Sequence[Action]:
        seat = self.to_act
        assert seat is not None  # a seat is to act in the play (inline, not ``actor``: the hot path)
        hand = self.hands[seat]
        plays = self.tricks[-1].plays
        if not plays:
            return self._legal_lead(hand)
        led = plays[0][1].suit
        following = tuple([PLAY_CARD[c] for c in hand if c.suit is led])
        if following:
            return following  # TUM-5: follow suit
        trump = self.trump
        if trump is not None:
            trumps = tuple([PLAY_CARD[c] for c in hand if c.suit is trump])
            if trumps:
                return trumps  # TUM-5: else trump if you can
        return tuple(map(_play_of, hand))

    def _legal_lead(self, hand: list[Card]) -> tuple[Action, ...]:
        """Any card; a trilyazh J or a troyan 6 may be announced (TUM-5); T-4 may force a lead."""
        trilyazh = self.trilyazh
        if trilyazh is not None:  # ``obligation()``, inline (the hot path): the trick has no card yet
            return (PLAY_CARD[TRILYAZH_LEADS[trilyazh[1]][trilyazh[2]]],)
        legal = [PLAY_CARD[c] for c in hand]
        held: set[Card] | None = None
        for card in filter(ANNOUNCE_WITH.__contains__, hand):  # only the Js and the 6s
            if held is None:
                held = set(hand)  # a set asks by identity: the two other cards are looked up at once
            action, rest = ANNOUNCE_WITH[card]
            if rest[0] in held and rest[1] in held and not (action is TROYAN[card.suit] and card.suit is self.trump):
                legal.append(action)
        return tuple(legal)

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        card = action.cards[0]
        flag = ANNOUNCES.get(action)
        if flag is None:  # most cards announce nothing: asked first (the hot path)
            pass
        elif flag == "troyan":
            self.trump = card.suit  # TUM-5: trump from this trick on, replacing any earlier one
            self.troyans.append((seat, card.suit))
        elif flag == "trilyazh":
            self.trilyazh = (seat, card.suit, 0)
            self.trilyazhes.append((seat, card.suit, "open"))
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        plays = trick.plays
        plays.append((seat, card))
        if len(plays) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            return
        self._close_trick(trick)

    def _close_trick(self, trick: Trick) -> None:
        """TUM-5: the highest trump wins, else the highest card of the suit led."""
        trump = self.trump
        plays = trick.plays
        best_seat, best = plays[0]
        led = best.suit
        for seat, card in plays[1:]:
            if card.suit is best.suit:
                if card.rank > best.rank:  # TUM-1: K > Q > J > 8 > 7 > 6
                    best_seat, best = seat, card
            elif card.suit is trump:
                best_seat, best = seat, card
        assert best_seat is not None
        trick.collector = best_seat
        self.tricks_won[best_seat] += 1
        progress = self._trilyazh_progress(best_seat, best) if self.trilyazh is not None else None
        if progress is not None:
            trick.explanation = progress
        else:  # made when first read
            trick.why = partial(_trick_explanation, best_seat, best, best.suit is trump, led)
        if len(self.tricks) == TRICKS:
            self.phase = DONE
            self.to_act = None
        else:
            self.to_act = best_seat  # Decision T-3: the winner leads the next trick
            self.tricks.append(Trick([]))

    def _trilyazh_progress(self, winner: int, card: Card) -> Explanation | None:
        """Decision T-4: go on with, complete (+3) or break the trilyazh being played."""
        trilyazh = self.trilyazh
        if trilyazh is None:
            return None
        seat, suit, index = trilyazh
        if winner != seat:
            self.trilyazh = None
            self._settle_trilyazh(seat, suit, "broken")
            return Explanation(
                "T-4", "tumbochka.trilyazh_broken", {"winner": winner, "card": card, "seat": seat, "suit": suit}
            )
        if index == 2:
            self.trilyazh = None
            self.bonuses[seat] += TRILYAZH_BONUS
            self._settle_trilyazh(seat, suit, "made")
            return Explanation("T-4", "tumbochka.trilyazh_made", {"seat": seat, "card": card, "suit": suit})
        self.trilyazh = (seat, suit, index + 1)
        params = {"seat": seat, "card": card, "next": TRILYAZH_LEADS[suit][index + 1]}
        return Explanation("T-4", "tumbochka.trilyazh_next", params)

    def _settle_trilyazh(self, seat: int, suit: Suit, status: str) -> None:
        """Mark the open trilyazh (always the last announced) as made or broken."""
        self.trilyazhes[-1] = (seat, suit, status)

    def _why_illegal_play(self, action: Action) -> Explanation | None:
        seat = self.to_act
        assert seat is not None
        card = action.card
        if card is None:
            return None
        hand = self.hands[seat]
        if card not in hand:
            return Explanation("TUM-5", "core.not_in_hand", {"seat": seat, "card": card})
        plays = self.tricks[-1].plays
        if not plays:
            return self._why_illegal_lead(seat, card, action.flag)
        if action.flag is not None:
            return Explanation("TUM-5", "tumbochka.announce_on_lead", {"what": _announcement(action.flag)})
        led = plays[0][1].suit
        held = [c for c in hand if c.suit is led]
        if held:
            return Explanation("TUM-5", "tumbochka.must_follow", {"seat": seat, "suit": led, "held": held})
        trumps = [c for c in hand if c.suit is self.trump]
        return Explanation("TUM-5", "tumbochka.must_trump", {"seat": seat, "suit": led, "held": trumps})

    def _why_illegal_lead(self, seat: int, card: Card, flag: str | None) -> Explanation | None:
        forced = self._obligation_explanation()
        if forced is not None:
            return forced
        hand = self.hands[seat]
        if flag == "trilyazh":
            return Explanation("TUM-5", "tumbochka.trilyazh_needs", {"card": card})
        if flag == "troyan":
            rest = TROYAN_REST.get(card)
            if rest is not None and rest[0] in hand and rest[1] in hand:
                return Explanation("TUM-5", "tumbochka.troyan_in_trump", {"suit": card.suit})
            return Explanation("TUM-5", "tumbochka.troyan_needs", {"card": card})
        return None

    # ----- TUM-6: scoring ----------------------------------------------------------------
    def deal_points(self) -> list[int]:
        """Each player's deal points so far: tricks taken + trilyazh bonuses (TUM-6)."""
        return [t + b for t, b in zip(self.tricks_won, self.bonuses, strict=True)]

    def points(self) -> list[int] | None:
        if self.phase != DONE:
            return None
        return self.deal_points()

    def score(self) -> list[int] | None:
        """TUM-6: declarer +/-contract; each defender his own deal points (Decision T-5, option ``defenders_score``)."""
        if self.phase != DONE:
            return None
        points = self.deal_points()
        declarer, contract = self._settled().declarer, self._settled().contract
        if self.rules["defenders_score"] == "nothing":  # T-5 read as "only the declarer's points count"
            points = [0] * PLAYERS
        points[declarer] = contract if self.deal_points()[declarer] >= contract else -contract
        return points

    def score_explanation(self) -> Explanation | None:
        """Why the deal scored as it did (TUM-6), once done."""
        if self.phase != DONE:
            return None
        declarer, contract = self._settled().declarer, self._settled().contract
        made = self.deal_points()[declarer] >= contract
        key = "tumbochka.score_made" if made else "tumbochka.score_failed"
        params = {"seat": declarer, "points": self.deal_points()[declarer], "contract": contract}
        return Explanation("TUM-6", key, params)

    # ----- what a seat knows --------------------------------------------------------------
    def knowledge(self, seat: int) -> Knowledge:
        """TUM-2..TUM-5: the talon once shown, gifts seen, troyans and trilyazhes shown, voids."""
        sizes: dict[Slot, int] = {s: len(hand) for s, hand in enumerate(self.hands) if s != seat}
        if self.phase == BIDDING:
            sizes["talon"] = 3  # TUM-2: face down until the bidding ends
        known = Knowledge.of_places(seat, sizes)
        placed: set[Card] = set(self.hands[seat]) | self.seen_cards()

        def place(card: Card, holder: int) -> None:
            if holder != seat and card not in placed:
                known.fixed[holder].append(card)
                placed.add(card)

        for holder, suit in self.troyans:  # TUM-5: the 8 and 7 were shown with the led 6
            for card in TROYAN_CARDS[suit][:2]:
                place(card, holder)
        for holder, suit, _status in self.trilyazhes:  # TUM-5: the J was led, so he holds the Q and K
            for card in TRILYAZH_LEADS[suit][1:]:
                place(card, holder)
        for receiver, gift in enumerate(self.given):  # TUM-4: gifts this seat saw
            if gift is not None and self.gift_visible(seat, receiver):
                place(gift, receiver)
        if self.declarer is not None and self.talon_visible(seat):
            self._place_talon(known, placed)
        self._ban_voids(known)
        return known.finish(self.unseen_cards(seat))

    def _place_talon(self, known: Knowledge, placed: set[Card]) -> None:
        """TUM-4: shown talon cards are with the declarer, or one was his face-down gift to the other defender."""
        seat = known.seat
        talon = self.deal["talon"]
        declarer = self._settled().declarer
        loose = [card for card in talon if card not in placed]
        if not loose or declarer == seat:
            return
        other = next(s for s in self.opponents() if s != seat)
        gift_hidden = self.given[other] is not None and not self.gift_visible(seat, other)
        gift_played = any(s == other and card in talon for trick in self.tricks for s, card in trick.plays)
        if gift_hidden and not gift_played:
            # The gift was one of the declarer's cards then: his hand now plus that one.
            chance = len(loose) / (len(self.hands[declarer]) + 1)
            known.either = Either(loose, other, declarer, chance)
        else:
            known.fixed[declarer].extend(loose)

    def _ban_voids(self, known: Knowledge) -> None:
        """TUM-5: not following the suit led shows a void; not trumping then shows no trump either."""
        trump: Suit | None = None
        troyans = set(self.troyans)
        for trick in self.tricks:
            if not trick.plays:
                continue
            leader, lead = trick.plays[0]
            if lead.rank == Rank.SIX and (leader, lead.suit) in troyans:
                trump = lead.suit  # this trick showed the troyan: trump from here on
            for seat, card in trick.seated_plays()[1:]:
                if seat == known.seat or card.suit is lead.suit:
                    continue
                void = {lead.suit}
                if trump is not None and card.suit is not trump:
                    void.add(trump)
                known.ban(seat, suit_cards(TUMBOCHKA_DECK, void))

    def placed(self, known: Knowledge, placement: Placement) -> TumbochkaState:
        """A Tumbochka deal like this one with the hidden hands, talon and gifts replaced."""
        world = self.clone()
        for slot, cards in placement.items():
            if isinstance(slot, int):
                world.hands[slot] = list(cards)
        talon = placement.get("talon")
        if talon is None and self.talon_visible(known.seat):
            talon = list(self.deal["talon"])  # shown (T-2): public
        world.deal = {"hands": [], "talon": talon or []}
        for receiver, gift in enumerate(self.given):
            if gift is not None and not self.gift_visible(known.seat, receiver):
                # An unseen gift (TUM-4): any card the receiver holds in this world will do, or one it has
                # played once its hand is empty (a gift stays given: the view shows it face down).
                played = [card for trick in world.tricks for s, card in trick.plays if s == receiver]
                held = world.hands[receiver] or played
                world.given[receiver] = held[0] if held else gift
        world._legal_cache = None
        return world

    # ----- summary and view --------------------------------------------------------------
    def trump_json(self) -> str | None:
        return self.trump.value if self.trump else None

    def current_trump(self) -> Suit | None:
        """The trump suit since the last troyan shown, else None."""
        return self.trump

    def is_trump(self, card: Card) -> bool:
        return card.suit is self.trump

    def contract_json(self) -> dict[str, int] | None:
        declared = self.declared
        if declared is None:
            return None
        return {"seat": declared.declarer, "bid": declared.contract}

    def talon_visible(self, seat: int | None) -> bool:
        """TUM-4, Decision T-2: the talon is turned up once bidding ends (option ``talon_shown``)."""
        if seat is None:
            return True
        if self.phase == BIDDING:
            return False
        return bool(self.rules["talon_shown"]) or seat == self.declarer

    def gift_visible(self, seat: int | None, receiver: int) -> bool:
        """TUM-4: a card given face down is known to the declarer and its receiver only."""
        return seat is None or seat in (self.declarer, receiver)

    def _public_history(self, seat: int | None) -> list[str]:
        if seat is None:
            return list(self.history)
        out = []
        for text in self.history:
            receiver = int(text.rsplit(" ", 1)[1]) if text.startswith("give ") else None
            if receiver is not None and not self.gift_visible(seat, receiver):
                out.append(f"give ? {receiver}")
            else:
                out.append(text)
        return out

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        talon = self.deal["talon"]
        return {
            "talon": [c.text for c in talon] if self.talon_visible(seat) else None,
            "talon_size": len(talon) if self.phase == BIDDING else 0,
            "sitter": self.sitter,
            "first_hand": self.first_hand,
            # TUM-3: the auction, under the same keys as Nestors' (the contract, once declared, is ``contract``).
            "bidding": {"high_bid": self.bid or None, "high_bidder": self.bidder, "passed": list(self.passed)},
            "declarer": self.declarer,
            "given": [
                None if card is None else (card.text if self.gift_visible(seat, receiver) else "?")
                for receiver, card in enumerate(self.given)
            ],
            "troyans": [
                {"seat": s, "suit": suit.value, "cards": [c.text for c in TROYAN_CARDS[suit]]}
                for s, suit in self.troyans
            ],
            "trilyazhes": [{"seat": s, "suit": suit.value, "status": status} for s, suit, status in self.trilyazhes],
            "must_lead": _text_or_none(self.obligation()) if self.phase == PLAY else None,
            "tricks_won": list(self.tricks_won),
            "bonuses": list(self.bonuses),
        }

    #: The phases' rules: phase -> (legal actions, apply one).
    phase_rules: ClassVar[dict[str, Any]] = {
        BIDDING: (_legal_bidding, _apply_bidding),  # TUM-3
        TALON: (_legal_talon, _apply_talon),  # TUM-4
        PLAY: (_legal_play, _apply_play),  # TUM-5
    }


def _text_or_none(card: Card | None) -> str | None:
    return card.text if card is not None else None


def _announcement(flag: str) -> dict[str, str]:
    return ANNOUNCEMENTS["troyan" if flag == "troyan" else "trilyazh"]


def _trick_explanation(seat: int, card: Card, by_trump: bool, led: Suit) -> Explanation:
    if by_trump:
        return Explanation("TUM-5", "tumbochka.trick_trump", {"seat": seat, "card": card})
    return Explanation("TUM-5", "tumbochka.trick_suit", {"seat": seat, "card": card, "suit": led})


class Tumbochka(Game):
    """Tumbochka's deck, deal layout, options and match rules (TUM-2, TUM-7, TUM-8)."""

    name = "tumbochka"
    num_players = PLAYERS
    deck = TUMBOCHKA_DECK
    layout = (DealPart("hands", PLAYERS, 7), DealPart("talon", 0, 3))
    state_class = TumbochkaState
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "talon_shown": (True, False),
        "defenders_score": ("own_points", "nothing"),  # Decision T-5
        "first_lead": ("declarer", "first_hand"),  # Decision T-3
        "win_on_tumbochka": ("deal_score", "deal_points"),  # Decision T-7
        "arrivals_first": (False, True),  # Decision T-6
        "timeout_removal": (True, False),  # Decision T-9: the time-out counts as a removal
        "raise_limited": (False, True),  # TUM-4: the raise is not a bid under TUM-8's 1-point rule
        "max_deals": (None, int),
    }
    sides = (0, 1, 2)

    @classmethod
    def make_rules(cls, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """The base check, plus: ``max_deals`` is null or a positive whole number."""
        rules = dict(rules or {})
        limit = rules.pop("max_deals", None)
        merged = super().make_rules(rules)
        if limit is not None and not (type(limit) is int and limit >= 1):
            shown = echo(limit, quote=True)
            raise RecordError("record.tum_max_deals", value=shown)
        merged["max_deals"] = limit
        return merged

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> TumbochkaState:
        """A new deal; with ``match``, its sitter and scores set the bidding limits of TUM-8."""
        if match is None:
            return TumbochkaState(deal, dealer, rules)
        position = _position(match)
        return TumbochkaState(deal, dealer, rules, position.sitting, position.scores)

    # ----- match positions (TUM-7, TUM-8) ----------------------------------------------------
    @classmethod
    def check_start(cls, start: dict[str, Any], rules: dict[str, Any]) -> TumbochkaPosition:
        """A start position the match can reach: see the checks in ``_check_position``."""
        known = {"scores", "sitting", "sat_deals", "removals", "bagels"}
        extra = set(start) - known
        if extra:
            names = ", ".join(sorted(known))
            raise RecordError("record.tum_start_unknown_field", name=echo(sorted(extra)[0]), known=names)
        scores = super().check_start({k: v for k, v in start.items() if k == "scores"}, rules).scores
        position = TumbochkaPosition(
            scores,
            start.get("sitting"),
            start.get("sat_deals", 0),
            _list_of_three(start.get("removals", [0] * PLAYERS), "removals"),
            _list_of_three(start.get("bagels", [False] * PLAYERS), "bagels"),
        )
        _check_position(position)
        return position

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """TUM-7: add the deal's scores; TUM-8: then win, arrivals, time-out, in that order (T-6).

        Option ``arrivals_first``: arrivals come before the sitter's win (the other reading of T-6).
        Option ``timeout_removal: false``: the time-out is no removal (the other reading of T-9).
        """
        assert isinstance(state, TumbochkaState)
        position = _position(match)
        sitter = position.sitting
        deal_score = state.score() or [0] * PLAYERS
        for seat, points in enumerate(deal_score):
            if seat != sitter:  # Decision T-8: the sitter's score stays 20
                position.scores[seat] += points
        arrivals_first = bool(state.rules["arrivals_first"])
        if not arrivals_first and _sitter_wins(match, state, sitter):
            return
        if _arrivals(match, position, sitter, state.match_events):
            return
        if arrivals_first and position.sitting == sitter and _sitter_wins(match, state, sitter):
            return
        # TUM-8 step 3: a sitter who sat through this whole deal counts it; three is the limit.
        if sitter is not None and position.sitting == sitter:
            position.sat_deals += 1
            if position.sat_deals >= SIT_LIMIT and state.rules["timeout_removal"]:
                _knock_off(position, sitter, state.match_events, "tumbochka.timed_out")
            elif position.sat_deals >= SIT_LIMIT:
                _climb_down(position, sitter, state.match_events)

    @classmethod
    def match_summary_extra(cls, match: Match) -> dict[str, Any]:
        """The ``tumbochka`` part of the match summary (``docs/records.md``)."""
        position = _position(match)
        return {
            "tumbochka": {
                "sitting": position.sitting,
                "removals": list(position.removals),
                "bagels": list(position.bagels),
            }
        }

    @classmethod
    def next_dealer(cls, match: Match, state: GameState) -> int:
        """TUM-2: the deal passes clockwise."""
        return (state.dealer + 1) % PLAYERS


def _position(match: Match) -> TumbochkaPosition:
    """The match's position, as Tumbochka's ``check_start`` made it."""
    position = match.position
    assert isinstance(position, TumbochkaPosition)
    return position


def _sitter_wins(match: Match, state: TumbochkaState, sitter: int | None) -> bool:
    """TUM-8 step 1, Decision T-7: the sitter wins with 7 or more in this deal.

    "7 or more" is his score for the deal (a made contract of 7+ as declarer); under option
    ``win_on_tumbochka: "deal_points"`` it is the tricks and trilyazhes he took, even in a failed contract.
    """
    if sitter is None:
        return False
    if state.rules["win_on_tumbochka"] == "deal_points":
        taken, key = state.deal_points()[sitter], "tumbochka.won_sitting_points"
    else:
        taken, key = (state.score() or [0] * PLAYERS)[sitter], "tumbochka.won_sitting"
    if taken < WIN_ON_TUMBOCHKA:
        return False
    match.winner = sitter
    state.match_events.append(Explanation("T-7", key, {"seat": sitter, "score": taken}))
    return True


def _arrivals(match: Match, position: TumbochkaPosition, sitter: int | None, events: list[Explanation]) -> bool:
    """TUM-8 step 2: players at 20 or more arrive; True if one wins with the golden bagel."""
    scores = position.scores
    arrivals = [s for s in range(PLAYERS) if s != sitter and scores[s] >= TUMBOCHKA]
    if len(arrivals) == 1:
        seat = arrivals[0]
        if position.bagels[seat]:
            match.winner = seat
            events.append(Explanation("TUM-8", "tumbochka.won_bagel", {"seat": seat}))
            return True
        if sitter is not None:
            _knock_off(position, sitter, events, "tumbochka.knocked_by_arrival")
        position.sitting = seat
        position.sat_deals = 0
        scores[seat] = TUMBOCHKA
        events.append(Explanation("TUM-8", "tumbochka.sits", {"seat": seat}))
    elif arrivals:
        for seat in arrivals:
            _knock_off(position, seat, events, "tumbochka.knocked_together")
        if sitter is not None:
            _knock_off(position, sitter, events, "tumbochka.knocked_by_arrival")
    return False


def _knock_off(position: TumbochkaPosition, seat: int, events: list[Explanation], key: str) -> None:
    """TUM-8: one more removal; score 10, or 0 and the golden bagel from the second on (T-9)."""
    position.removals[seat] += 1
    if position.removals[seat] >= 2:
        position.scores[seat] = 0
        position.bagels[seat] = True  # Decision T-9: one bagel at most
    else:
        position.scores[seat] = KNOCKED_OFF
    if position.sitting == seat:
        position.sitting = None
        position.sat_deals = 0
    bagel = position.removals[seat] >= 2
    params = {
        "seat": seat,
        "score": position.scores[seat],
        "removals": removal_words(position.removals[seat]),  # which removal: "1"; Russian in words
        "bagel": GOLDEN_BAGEL if bagel else "",
    }
    events.append(Explanation("T-9" if bagel else "TUM-8", key, params))


def _climb_down(position: TumbochkaPosition, seat: int, events: list[Explanation]) -> None:
    """Option ``timeout_removal: false`` (T-9 read word for word): the time-out is no removal.

    After three deals the sitter «слезает» ("climbs down") to 10; the seed's «снят» ("taken off") is
    said of arrivals only, so no removal is counted and no bagel given.
    """
    position.scores[seat] = KNOCKED_OFF
    position.sitting = None
    position.sat_deals = 0
    events.append(Explanation("T-9", "tumbochka.climbs_down", {"seat": seat, "score": KNOCKED_OFF}))


def _list_of_three(value: Any, name: str) -> list[Any]:
    """A copy of a start field that must be a list of three values."""
    if not (isinstance(value, list) and len(value) == PLAYERS):
        raise RecordError("record.tum_three_values", name=name)
    return list(value)


def _check_position(position: TumbochkaPosition) -> None:
    """Raise ``RecordError`` unless a Tumbochka match can reach this position (TUM-8)."""
    scores, sitting, sat_deals = position.scores, position.sitting, position.sat_deals
    removals, bagels = position.removals, position.bagels
    if sitting is not None and not (type(sitting) is int and 0 <= sitting < PLAYERS):
        raise RecordError("record.tum_sitting")
    if not (type(sat_deals) is int and 0 <= sat_deals < SIT_LIMIT):
        raise RecordError("record.tum_sat_deals")
    if sitting is None and sat_deals:
        raise RecordError("record.tum_sat_nobody")
    if not all(type(r) is int and r >= 0 for r in removals):
        raise RecordError("record.tum_removals")
    if not all(type(b) is bool for b in bagels):
        raise RecordError("record.tum_bagels")
    for seat in range(PLAYERS):
        if bagels[seat] != (removals[seat] >= 2):
            value = "true" if removals[seat] >= 2 else "false"
            raise RecordError("record.tum_bagel_mismatch", seat=seat, removals=removals[seat], value=value)
        if seat == sitting:
            if scores[seat] != TUMBOCHKA:
                raise RecordError("record.tum_sitter_score", score=scores[seat])
            if bagels[seat]:
                raise RecordError("record.tum_sitter_bagel", seat=seat)
        elif scores[seat] >= TUMBOCHKA:
            raise RecordError("record.tum_would_sit", seat=seat, score=scores[seat])
