"""Troika, a small test-only game: three players, twelve cards, one trick rule of its own.

TRO-1: the deck is the Q, K and A of each suit (12 cards); each of three players gets 4;
the seat after the dealer (eldest) leads the first trick.
TRO-2: follow the suit led if you can; the highest card of the suit led takes the trick,
but when all three cards are of the suit led, the **lowest** takes it. The taker leads next.
TRO-3: each trick scores 1 for its taker; eldest is the declarer (the solver counts his tricks);
a match ends when a player reaches 10.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardwidgets.cards import SUITS, Card, Rank, make_deck
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, DealPart, Game
from cardwidgets.core.knowledge import Knowledge, Placement, Slot
from cardwidgets.core.match import Match
from cardwidgets.core.state import DONE, GameState
from cardwidgets.core.tricks import Trick

NAME = "troika"
PLAYERS = 3
PLAY = "play"
TROIKA_DECK = make_deck((Rank.QUEEN, Rank.KING, Rank.ACE))  # TRO-1
PLAY_CARD = {card: Action.make("play", card) for card in TROIKA_DECK}
TARGET = 10


def trick_winner(plays: Sequence[tuple[int | None, Card]]) -> tuple[int, Card, bool]:
    """TRO-2: (seat, card, whether all followed): the highest of the suit led, the lowest when all followed."""
    led = plays[0][1].suit
    following = [(seat, card) for seat, card in plays if card.suit is led]
    all_followed = len(following) == len(plays)
    pick = min if all_followed else max
    seat, card = pick(following, key=lambda play: play[1].rank)
    assert seat is not None  # every card of a Troika trick comes from a hand
    return seat, card, all_followed


class TroikaState(GameState):
    """One Troika deal: four tricks of three (TRO-2)."""

    game_name = NAME
    num_players = PLAYERS
    deck = TROIKA_DECK
    syntax: ClassVar[dict[str, str]] = {"play": "play CARD"}

    tricks_won: list[int]

    def __init__(self, deal: Deal, dealer: int, rules: dict[str, Any] | None = None) -> None:
        self.rules = Troika.make_rules(rules)
        self.deal = deal
        self.dealer = dealer
        self.hands = [list(hand) for hand in deal["hands"]]
        self.tricks_won = [0] * PLAYERS
        self.history = []
        self.tricks = []
        self.phase = PLAY
        self.to_act = (dealer + 1) % PLAYERS  # TRO-1: eldest leads
        self._legal_cache = None

    @property
    def declarer(self) -> int:
        """TRO-3: eldest."""
        return (self.dealer + 1) % PLAYERS

    def _legal_play(self) -> tuple[Action, ...]:
        hand = self.hands[self.to_act]  # type: ignore[index]
        if self.tricks and len(self.tricks[-1].plays) < PLAYERS:
            led = self.tricks[-1].plays[0][1].suit
            following = tuple(PLAY_CARD[card] for card in hand if card.suit is led)
            if following:
                return following  # TRO-2: follow suit
        return tuple(PLAY_CARD[card] for card in hand)

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if not self.tricks or len(self.tricks[-1].plays) == PLAYERS:
            self.tricks.append(Trick([]))
        card = action.cards[0]
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        trick.plays.append((seat, card))
        if len(trick.plays) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            return
        winner, best, all_followed = trick_winner(trick.plays)
        key = "troika.trick_lowest" if all_followed else "troika.trick_highest"
        trick.collector = winner
        trick.explanation = Explanation("TRO-2", key, {"seat": winner, "card": best})
        self.tricks_won[winner] += 1
        self.to_act = winner
        if not self.hands[winner]:
            self.phase, self.to_act = DONE, None

    def _why_illegal(self, action: Action) -> Explanation | None:
        """TRO-2 for a card of the seat's hand off the suit led while it holds that suit; else the generic reason."""
        following = self.tricks and len(self.tricks[-1].plays) < PLAYERS
        if not following or action.verb != PLAY or action.cards[0] not in self.hands[self.actor]:
            return None
        led = self.tricks[-1].plays[0][1].suit
        return Explanation("TRO-2", "troika.must_follow", {"seat": self.to_act, "suit": led})

    def points(self) -> list[int] | None:
        """Tricks taken per player once the deal is done."""
        return list(self.tricks_won) if self.phase == DONE else None

    def score(self) -> list[int] | None:
        """TRO-3: one point per trick."""
        return self.points()

    def knowledge(self, seat: int) -> Knowledge:
        """The cards played, and the suits a player showed he lacks (TRO-2)."""
        sizes: dict[Slot, int] = {s: len(hand) for s, hand in enumerate(self.hands) if s != seat}
        known = Knowledge.of_places(seat, sizes)
        for trick in self.tricks:
            led = trick.plays[0][1].suit
            for player, card in trick.plays[1:]:
                if player is not None and player != seat and card.suit is not led:
                    known.ban(player, [c for c in TROIKA_DECK if c.suit is led])
        return known.finish(self.unseen_cards(seat))

    def placed(self, known: Knowledge, placement: Placement) -> TroikaState:
        """This deal with the hidden hands replaced."""
        world = self.clone()
        for slot, cards in placement.items():
            if isinstance(slot, int):
                world.hands[slot] = list(cards)
        world.deal = {"hands": []}
        world._legal_cache = None
        return world

    def trump_json(self) -> str | None:
        return None

    def contract_json(self) -> dict[str, int] | None:
        return {"seat": self.declarer}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {"tricks_won": list(self.tricks_won), "declarer": self.declarer}

    phase_rules: ClassVar[dict[str, Any]] = {PLAY: (_legal_play, _apply_play)}  # TRO-2


class Troika(Game):
    """Troika's deck, deal layout and match rule (TRO-1, TRO-3)."""

    name = NAME
    num_players = PLAYERS
    deck = TROIKA_DECK
    layout = (DealPart("hands", PLAYERS, 4),)
    state_class = TroikaState
    options: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (TARGET, int)}
    sides = (0, 1, 2)

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> TroikaState:
        return TroikaState(deal, dealer, rules)

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """TRO-3: add the tricks; a player at the target wins."""
        for seat, points in enumerate(state.score() or [0] * PLAYERS):
            match.scores[seat] += points
        for seat, total in enumerate(match.scores):
            if total >= match.rules["target"] and match.winner is None:
                match.winner = seat


assert len(SUITS) * 3 == len(TROIKA_DECK) == 12
