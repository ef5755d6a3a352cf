"""Nimby (Нимби): the rules of ``docs/rules/nimby.md``, section by section.

Four players, partners opposite (seats 0+2 are team 0, 1+3 team 1), seats
numbered in clockwise turn order. The 2s are permanent trumps; a trump suit
is made by agreeing with the face-up card or exchanging a 2 for it; only the
2s taken in tricks score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from cardwidgets.cards import SUITS, Card, Rank, Suit, make_deck, parse_card
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import RecordError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, DealPart, Game, MatchPosition
from cardwidgets.core.knowledge import Knowledge, Placement, Slot
from cardwidgets.core.state import DONE, GameState
from cardwidgets.core.tricks import Trick
from cardwidgets.games.nimby.words import TRUMPS_NAME

#: Nimby (NIM-1): 2, 3, 4, 5, 6, A of each suit — 24 cards.
NIMBY_DECK = make_deck((Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.ACE))

if TYPE_CHECKING:
    from cardwidgets.core.match import Match

TRUMP = "trump"
PLAY = "play"
TEAM = (0, 1, 0, 1)

#: The rank of the permanent trumps, as a module constant: the hot paths read it per card, and reading an
#: Enum member from its class is a slow lookup each time.
RANK_TWO = Rank.TWO
# NIM-1: the 2s rank 2♣ > 2♠ > 2♥ > 2♦ whatever the trump suit.
TWO_ORDER = {Suit.D: 1, Suit.H: 2, Suit.S: 3, Suit.C: 4}
TWOS = tuple(Card.of(Rank.TWO, s) for s in SUITS)
# NIM-1: outside the 2s, A > 6 > 5 > 4 > 3 (natural rank order with A = 14).
TRUMPS = "trumps"  # the play suit of all trumps (NIM-5)

AGREE = Action.make("agree")
PASS = Action.make("pass")
EXCHANGE = {two: Action.make("exchange", two) for two in TWOS}
PLAY_CARD = {card: Action.make("play", card) for card in NIMBY_DECK}
#: A card's ``play`` action, as a function made once (the hot path maps hands through it).
_play_of = PLAY_CARD.__getitem__

# Scoring table of NIM-6 (Decision N-7): 2s taken by the makers -> (makers, defenders).
SCORE_TABLE = {4: (4, 0), 3: (2, 0), 2: (-2, 0), 1: (-2, 3), 0: (-2, 6)}


def _play_suit_table(trump: Suit) -> dict[Card, Suit | str]:
    """NIM-5: the play suit of every card — trumps for 2s and trump-suit cards."""
    return {c: TRUMPS if c.rank == Rank.TWO or c.suit is trump else c.suit for c in NIMBY_DECK}


def _strength_table(trump: Suit, trump_suit_rank: str = "below_twos") -> dict[Card, int]:
    """NIM-1: 2s above trump-suit cards above plain cards; higher number wins.

    With ``trump_suit_rank="above_twos"`` (the seed's sentence read word for word) the
    trump suit's A, 6, 5, 4, 3 rank above 2♣ instead.
    """
    suit_base = 300 if trump_suit_rank == "above_twos" else 100
    strength = {}
    for card in NIMBY_DECK:
        if card.rank == Rank.TWO:
            strength[card] = 200 + TWO_ORDER[card.suit]
        elif card.suit is trump:
            strength[card] = suit_base + card.rank
        else:
            strength[card] = int(card.rank)
    return strength


PLAY_SUIT = {trump: _play_suit_table(trump) for trump in SUITS}
#: NIM-1, the default reading: the four 2s above the trump suit.
STRENGTH = {trump: _strength_table(trump) for trump in SUITS}
#: NIM-1 by the option ``trump_suit_rank``: its value -> trump suit -> card -> strength.
STRENGTH_BY_RANK = {
    ranking: {trump: _strength_table(trump, ranking) for trump in SUITS} for ranking in ("below_twos", "above_twos")
}


@dataclass(frozen=True, slots=True)
class Contract:
    """NIM-4, Decision N-4: the maker and the trump suit, fixed when trump is made."""

    maker: int
    trump: Suit


class NimbyState(GameState):
    """One Nimby deal: making trump (NIM-4), then six tricks (NIM-5)."""

    game_name = "nimby"
    num_players = 4
    deck = NIMBY_DECK
    syntax: ClassVar[dict[str, str]] = {
        "agree": "agree",
        "pass": "pass",
        "exchange": "exchange CARD",
        "play": "play CARD",
    }

    display: Card
    #: NIM-4: present once trump is made (read ``trump`` and ``maker`` before that: None).
    contract: Contract | None
    first_agreer: int | None
    last_exchanger: int | None
    spoken: int
    twos_taken: list[int]
    thrown_in: bool

    def __init__(self, deal: Deal, dealer: int, rules: dict[str, Any] | None = None) -> None:
        self.rules = Nimby.make_rules(rules)
        self.deal = deal
        self.dealer = dealer
        self.hands = [list(h) for h in deal["hands"]]
        self.display = deal["turnup"]  # NIM-3: the turn-up proposes the trump suit
        self.contract = None
        self.first_agreer = None
        self.last_exchanger = None
        self.spoken = 0
        self.twos_taken = [0, 0]
        self.thrown_in = False
        self.history = []
        self.tricks = []
        self.phase = TRUMP
        self.to_act = (dealer + 1) % 4  # NIM-4: eldest speaks first
        self._legal_cache = None

    # ----- NIM-4: making trump ----------------------------------------------
    def _legal_trump(self) -> list[Action]:
        hand = self.hands[self.actor]
        return [AGREE, PASS, *[EXCHANGE[c] for c in hand if c.rank is RANK_TWO and self._may_exchange(c)]]

    def _may_exchange(self, two: Card) -> bool:
        """Decision N-2: over a displayed 2 only a higher 2; otherwise any 2."""
        if self.display.rank is not RANK_TWO:
            return True
        return TWO_ORDER[two.suit] > TWO_ORDER[self.display.suit]

    def _apply_trump(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if action is AGREE and self.first_agreer is None:
            self.first_agreer = seat
        elif action.verb == "exchange":
            two = action.arg(Card)
            hand = self.hands[seat]
            hand.remove(two)
            hand.append(self.display)  # he takes the old display card
            self.display = two
            self.last_exchanger = seat
        self.spoken += 1
        if self.spoken < 4:
            self.to_act = (seat + 1) % 4
        else:
            self._end_trump_making()

    def _end_trump_making(self) -> None:
        """After four have spoken: throw in (N-3) or fix trump and maker (N-4), complete hands (N-5)."""
        exchange_saves = self.rules["throw_in_if"] == "nobody_agreed_or_exchanged"
        if self.first_agreer is None and (self.last_exchanger is None or not exchange_saves):
            self.thrown_in = True
            self.phase = DONE
            self.to_act = None
            return
        # Decision N-4: the last exchanger, else the first who agreed.
        maker = self.last_exchanger if self.last_exchanger is not None else self.first_agreer
        assert maker is not None
        self.contract = Contract(maker, self.display.suit)
        # Decision N-5: the dealer takes the display; the stock goes one each from eldest.
        self.hands[self.dealer].append(self.display)
        for i, card in enumerate(self.deal["stock"]):
            self.hands[(self.dealer + 1 + i) % 4].append(card)
        self.phase = PLAY
        self.to_act = maker  # NIM-5: the maker leads the first trick
        self.tricks.append(Trick([]))

    # ----- NIM-5: play --------------------------------------------------------
    def _legal_play(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None  # a seat is to act in the play (inline, not ``actor``: the hot path)
        hand = self.hands[seat]
        plays = self.tricks[-1].plays
        if plays:
            contract = self.contract
            assert contract is not None  # trump is made before play (inline: the hot path)
            play_suit = PLAY_SUIT[contract.trump]
            led = play_suit[plays[0][1]]
            following = tuple([PLAY_CARD[c] for c in hand if play_suit[c] is led])
            if following:
                return following
        return tuple(map(_play_of, hand))

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        card = action.cards[0]
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        trick.plays.append((seat, card))
        if len(trick.plays) < 4:
            self.to_act = (seat + 1) % 4
            return
        self._close_trick(trick)

    def _close_trick(self, trick: Trick) -> None:
        """The highest trump wins, else the highest card of the suit led (NIM-5)."""
        contract = self.contract
        assert contract is not None  # trump is made before play (inline: the hot path)
        trump = contract.trump
        play_suit = PLAY_SUIT[trump]
        ranking = self.rules["trump_suit_rank"]
        strength = STRENGTH_BY_RANK[ranking][trump]  # ``strength_table()``, inline: the hot path
        plays = trick.plays
        best_seat, best = plays[0]
        led = play_suit[best]
        best_is_trump = led is TRUMPS  # a play suit is a Suit or this very string
        twos = 1 if best.rank is RANK_TWO else 0  # NIM-6: the 2s in the trick go to its winner
        for seat, card in plays[1:]:
            if card.rank is RANK_TWO:
                twos += 1
            suit = play_suit[card]
            if suit is TRUMPS:
                if not best_is_trump or strength[card] > strength[best]:
                    best_seat, best, best_is_trump = seat, card, True
            elif not best_is_trump and suit is led and strength[card] > strength[best]:
                best_seat, best = seat, card
        assert best_seat is not None  # NIM-5: every card of a trick is played from a hand
        trick.collector = best_seat
        twos_on_top = ranking == "below_twos"
        trick.why = partial(_trick_explanation, best_seat, best, best_is_trump, led, twos_on_top)  # made when read
        self.twos_taken[TEAM[best_seat]] += twos
        if len(self.tricks) == 6:
            self.phase = DONE
            self.to_act = None
        else:
            self.to_act = best_seat  # the winner leads the next trick
            self.tricks.append(Trick([]))

    def strength_table(self) -> dict[Card, int]:
        """NIM-1: every card's strength in this deal's trump (higher wins), by the option ``trump_suit_rank``."""
        assert self.contract is not None  # trump is made before play
        return STRENGTH_BY_RANK[self.rules["trump_suit_rank"]][self.contract.trump]

    # ----- explanations of illegal actions -----------------------------------------
    def _why_illegal(self, action: Action) -> Explanation | None:
        seat = self.actor
        card = action.card
        expected = "exchange" if self.phase == TRUMP else "play"
        if action.verb != expected or card is None:
            return None  # a verb of the other phase: the generic reason says so
        if card not in self.hands[seat]:
            rule = "NIM-5" if action.verb == "play" else "NIM-4"
            return Explanation(rule, "core.not_in_hand", {"seat": seat, "card": card})
        if action.verb == "exchange":
            if card.rank != Rank.TWO:
                return Explanation("NIM-4", "nimby.exchange_only_two", {"card": card})
            return Explanation("N-2", "nimby.exchange_higher", {"card": card, "display": self.display})
        play_suit = PLAY_SUIT[self._settled().trump]
        led = play_suit[self.tricks[-1].plays[0][1]]
        held = [c for c in self.hands[seat] if play_suit[c] == led]
        params = {"seat": seat, "suit": play_suit_name(led), "held": held, "card": card}
        if card.rank == Rank.TWO and led != TRUMPS:  # the decisive fact first: a 2 is a trump, not of its suit (NIM-1)
            return Explanation("NIM-5", "nimby.two_not_follow", params)
        key = "nimby.must_follow_trumps" if led == TRUMPS else "nimby.must_follow"  # «положить козырь» (NIM-5)
        return Explanation("NIM-5", key, params)

    # ----- NIM-6: scoring -----------------------------------------------------------
    def points(self) -> list[int] | None:
        """2s taken per partnership once the deal is done (None for a thrown-in hand)."""
        if self.phase != DONE or self.thrown_in:
            return None
        return list(self.twos_taken)

    def score(self) -> list[int] | None:
        """Match points this deal adds per partnership (NIM-6, Decision N-7)."""
        if self.phase != DONE:
            return None
        if self.thrown_in:
            return [0, 0]
        maker_team = TEAM[self._settled().maker]
        makers, defenders = SCORE_TABLE[self.twos_taken[maker_team]]
        out = [0, 0]
        out[maker_team] = makers
        out[1 - maker_team] = defenders
        return out

    def score_explanation(self) -> Explanation | None:
        """Why the deal scored as it did (NIM-6), once done."""
        if self.phase != DONE:
            return None
        if self.thrown_in and self.last_exchanger is not None:  # option throw_in_if: "nobody_agreed"
            return Explanation("N-3", "nimby.thrown_in_nobody_agreed", {"dealer": self.dealer})
        if self.thrown_in:
            return Explanation("N-3", "nimby.thrown_in", {"dealer": self.dealer})
        maker_team = TEAM[self._settled().maker]
        taken = self.twos_taken[maker_team]
        makers, defenders = SCORE_TABLE[taken]
        key = {1: "nimby.score_nimby", 0: "nimby.score_double_nimby"}.get(taken, "nimby.score_makers")
        return Explanation("NIM-6", key, {"team": maker_team, "taken": taken, "makers": makers, "defenders": defenders})

    # ----- phase-dependent facts ------------------------------------------------------
    @property
    def trump(self) -> Suit | None:
        """The trump suit once made (NIM-4), else None."""
        contract = self.contract
        return None if contract is None else contract.trump

    @property
    def maker(self) -> int | None:
        """The maker once trump is made (Decision N-4), else None."""
        contract = self.contract
        return None if contract is None else contract.maker

    def _settled(self) -> Contract:
        """The contract, in the phases after trump is made (NIM-5 on), where it always exists."""
        contract = self.contract
        assert contract is not None, "no trump made yet"
        return contract

    def maker_explanation(self) -> Explanation | None:
        """Why trump and maker are what they are (Decision N-4), once known."""
        if self.maker is None:
            return None
        if self.last_exchanger is not None:
            return Explanation("N-4", "nimby.maker_exchanged", {"seat": self.maker, "suit": self.trump})
        return Explanation("N-4", "nimby.maker_agreed", {"seat": self.maker, "suit": self.trump})

    # ----- what a seat knows ---------------------------------------------------------
    def seen_cards(self) -> set[Card]:
        """The cards played, and the display card while it lies face up (NIM-3)."""
        seen = super().seen_cards()
        if self.phase == TRUMP:
            seen.add(self.display)
        return seen

    def knowledge(self, seat: int) -> Knowledge:
        """NIM-3..NIM-5: the display and exchanged cards, the stock, the voids shown in play."""
        sizes: dict[Slot, int] = {s: len(hand) for s, hand in enumerate(self.hands) if s != seat}
        if self.phase == TRUMP:
            sizes["stock"] = 3  # NIM-3: three cards face down until the hands are completed (N-5)
        known = Knowledge.of_places(seat, sizes)
        seen = self.seen_cards()
        for card, holder in self._known_holders().items():
            if holder != seat and card not in seen:
                known.fixed[holder].append(card)
        if self.trump is not None:
            self._ban_voids(known)
        return known.finish(self.unseen_cards(seat))

    def _known_holders(self) -> dict[Card, int]:
        """NIM-4: each exchanger took the card on display; N-5: the dealer took the last display."""
        display = self.deal["turnup"]  # it lay face up: public
        holders: dict[Card, int] = {}
        for i, text in enumerate(self.history[:4]):  # four speak once each, from eldest
            if text.startswith("exchange"):
                holders[display] = (self.dealer + 1 + i) % 4
                display = parse_card(text.split()[1])
        if self.phase != TRUMP and not self.thrown_in:
            holders[display] = self.dealer
        return holders

    def _ban_voids(self, known: Knowledge) -> None:
        """NIM-5: a player who did not follow the play suit led holds none of it."""
        play_suit = PLAY_SUIT[self._settled().trump]
        for trick in self.tricks:
            if not trick.plays:
                continue
            led = play_suit[trick.plays[0][1]]
            for seat, card in trick.seated_plays()[1:]:
                if seat != known.seat and play_suit[card] != led:
                    known.ban(seat, (c for c in NIMBY_DECK if play_suit[c] == led))

    def placed(self, known: Knowledge, placement: Placement) -> NimbyState:
        """A Nimby deal like this one with the hidden hands and stock replaced."""
        world = self.clone()
        for slot, cards in placement.items():
            if isinstance(slot, int):
                world.hands[slot] = list(cards)
        world.deal = {"hands": [], "turnup": self.deal["turnup"], "stock": placement.get("stock", [])}
        world._legal_cache = None
        return world

    # ----- summary and view ------------------------------------------------------------
    def current_trump(self) -> Suit | None:
        """The trump suit once made, else None."""
        return self.trump

    def is_trump(self, card: Card) -> bool:
        """NIM-1: the 2s always; the trump suit once it is made."""
        return card.rank == Rank.TWO or card.suit is self.trump

    def trump_json(self) -> str | None:
        return self.trump.value if self.trump else None

    def contract_json(self) -> dict[str, int] | None:
        return {"seat": self.maker} if self.maker is not None else None

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        in_trump_phase = self.phase == TRUMP
        return {
            "display": self.display.text if in_trump_phase else None,
            "stock_size": 3 if in_trump_phase else 0,
            "maker": self.maker,
            "twos_taken": list(self.twos_taken),
            "tricks_won": _tricks_won(self.tricks),
            "thrown_in": self.thrown_in,
        }

    #: The phases' rules: phase -> (legal actions, apply one).
    phase_rules: ClassVar[dict[str, Any]] = {
        TRUMP: (_legal_trump, _apply_trump),  # NIM-4
        PLAY: (_legal_play, _apply_play),  # NIM-5
    }


def _tricks_won(tricks: list[Trick]) -> list[int]:
    won = [0, 0]
    for trick in tricks:
        if trick.collector is not None:
            won[TEAM[trick.collector]] += 1
    return won


def play_suit_name(play_suit: Suit | str) -> Suit | dict[str, str]:
    """A play suit as said (NIM-5): its suit, or «trumps» for the 2s and the trump suit together."""
    return play_suit if isinstance(play_suit, Suit) else TRUMPS_NAME


def _trick_explanation(seat: int, card: Card, by_trump: bool, led: Suit | str, twos_on_top: bool) -> Explanation:
    if by_trump:
        key = "nimby.trick_two" if card.rank == Rank.TWO and twos_on_top else "nimby.trick_trump"
        return Explanation("NIM-5", key, {"seat": seat, "card": card})
    return Explanation("NIM-5", "nimby.trick_suit", {"seat": seat, "card": card, "suit": led})


class Nimby(Game):
    """Nimby's deck, deal layout, options and match rules (NIM-2, NIM-7)."""

    name = "nimby"
    num_players = 4
    deck = NIMBY_DECK
    layout = (DealPart("hands", 4, 5), DealPart("turnup", 0, 1), DealPart("stock", 0, 3))
    state_class = NimbyState
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "throw_in": ("same_dealer", "next_dealer"),
        # N-3: the seed throws the hand in "if all 4 players disagreed", and calls an exchange a way to
        # disagree; by default an exchange sets a trump (it is not thrown in), the other reading throws in
        # whenever nobody agreed, exchanges or not.
        "throw_in_if": ("nobody_agreed_or_exchanged", "nobody_agreed"),
        # NIM-1: the seed lists the 2s low to high, then says the trump suit's cards rank «после 2 треф»;
        # by default (the author's game, pagat's example) they rank below the 2s, the other reading above 2♣.
        "trump_suit_rank": ("below_twos", "above_twos"),
        "target": (10, int),
    }
    sides = TEAM

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> NimbyState:
        return NimbyState(deal, dealer, rules)

    @classmethod
    def check_start(cls, start: dict[str, Any], rules: dict[str, Any]) -> MatchPosition:
        """NIM-7: a start position may not have a partnership already at the target."""
        position = super().check_start(start, rules)
        if max(position.scores) >= rules["target"]:
            raise RecordError("record.nim_start_at_target", target=rules["target"])
        return position

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """NIM-7: add the deal's score; 10 or more wins (only one side gains per deal)."""
        for team, points in enumerate(state.score() or [0, 0]):
            match.scores[team] += points
        for team, total in enumerate(match.scores):
            if total >= match.rules["target"]:
                match.winner = team

    @classmethod
    def next_dealer(cls, match: Match, state: GameState) -> int:
        """NIM-3: the deal passes clockwise; Decision N-3: a throw-in is redealt by the same dealer."""
        assert isinstance(state, NimbyState)
        if state.thrown_in and match.rules["throw_in"] == "same_dealer":
            return state.dealer
        return (state.dealer + 1) % 4

    @classmethod
    def draw_ritual(cls, rng: random.Random) -> dict[str, Any]:
        """NIM-2: highest and lowest draw are partners; Decision N-1: highest is eldest."""
        return draw_partnerships(rng)


def draw_key(card: Card) -> int:
    """NIM-2: draw order 3 < 4 < 5 < 6 < A < 2, a 2 by its trump order."""
    if card.rank == Rank.TWO:
        return 20 + TWO_ORDER[card.suit]
    return int(card.rank)


def draw_partnerships(rng: random.Random) -> dict[str, Any]:
    """Run the NIM-2 draw for players 0-3 and seat them.

    Returns ``draws`` (each round: ``[[player, card], …]``), ``highest``,
    ``lowest``, ``seating`` (the player at each seat: the highest at seat 0,
    his partner the lowest at seat 2) and ``dealer`` (seat 3, so the highest
    drawer is eldest hand, Decision N-1).
    """
    deck = list(NIMBY_DECK)
    rng.shuffle(deck)
    rounds: list[list[list[Any]]] = []

    def draw(players: list[int]) -> dict[int, Card]:
        if len(deck) < len(players):
            deck.extend(NIMBY_DECK)
            rng.shuffle(deck)
        cards = {p: deck.pop() for p in players}
        rounds.append([[p, c.text] for p, c in cards.items()])
        return cards

    def resolve(group: list[int], pick: Any) -> int:
        while len(group) > 1:  # players tied draw again
            cards = draw(group)
            best = pick(draw_key(c) for c in cards.values())
            group = [p for p, c in cards.items() if draw_key(c) == best]
        return group[0]

    while True:
        first = draw([0, 1, 2, 3])
        keys = {p: draw_key(c) for p, c in first.items()}
        if len(set(keys.values())) > 1:
            break
    highest = resolve([p for p in keys if keys[p] == max(keys.values())], max)
    lowest = resolve([p for p in keys if keys[p] == min(keys.values())], min)
    others = [p for p in range(4) if p not in (highest, lowest)]
    return {
        "draws": rounds,
        "highest": highest,
        "lowest": lowest,
        "seating": [highest, others[0], lowest, others[1]],
        "dealer": 3,
    }
