"""Duel's rules (games layer): two players, a turned-up trump, six tricks (``rules.md``, DUE-1 to DUE-3)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardwidgets.cards import Card, Rank, Suit, make_deck
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, DealPart, Game
from cardwidgets.core.knowledge import Knowledge, Placement, Slot
from cardwidgets.core.match import Match
from cardwidgets.core.state import DONE, GameState
from cardwidgets.core.tricks import Trick

NAME = "duel"
PLAYERS = 2
HAND = 6
PLAY = "play"
DUEL_DECK = make_deck((Rank(9), Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))  # DUE-1
PLAY_CARD = {card: Action.make("play", card) for card in DUEL_DECK}
TARGET = 10


def trick_winner(lead: Card, follow: Card, trump: Suit) -> tuple[int, str]:
    """DUE-2: (0 for the leader or 1 for the follower, the message key saying why)."""
    if follow.suit is lead.suit:
        return (1 if follow.rank > lead.rank else 0), ("duel.trick_trump" if lead.suit is trump else "duel.trick_high")
    if follow.suit is trump:
        return 1, "duel.trick_trump"
    return 0, "duel.trick_trump" if lead.suit is trump else "duel.trick_high"


class DuelState(GameState):
    """One Duel deal: six tricks of two (DUE-2)."""

    game_name = NAME
    num_players = PLAYERS
    deck = DUEL_DECK
    syntax: ClassVar[dict[str, str]] = {"play": "play CARD"}

    tricks_won: list[int]
    stock: list[Card]
    turnup: Card

    def __init__(self, deal: Deal, dealer: int, rules: dict[str, Any] | None = None) -> None:
        self.rules = Duel.make_rules(rules)
        self.deal = deal
        self.dealer = dealer
        self.hands = [list(hand) for hand in deal["hands"]]
        self.turnup = deal["turnup"]
        self.stock = list(deal["stock"])
        self.tricks_won = [0] * PLAYERS
        self.history = []
        self.tricks = []
        self.phase = PLAY
        self.to_act = (dealer + 1) % PLAYERS  # DUE-1: eldest leads
        self._legal_cache = None

    @property
    def trump(self) -> Suit:
        """DUE-1: the turned-up card's suit."""
        return self.turnup.suit

    @property
    def declarer(self) -> int:
        """DUE-3: eldest."""
        return (self.dealer + 1) % PLAYERS

    def _following(self) -> bool:
        return bool(self.tricks) and len(self.tricks[-1].plays) == 1

    def _legal_play(self) -> tuple[Action, ...]:
        hand = self.hands[self.actor]
        if self._following():
            led = self.tricks[-1].plays[0][1].suit
            same = tuple(PLAY_CARD[card] for card in hand if card.suit is led)
            if same:
                return same  # DUE-2: follow suit
        return tuple(PLAY_CARD[card] for card in hand)

    def _apply_play(self, action: Action) -> None:
        seat = self.actor
        card = action.cards[0]
        if not self._following():
            self.tricks.append(Trick([]))
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        trick.plays.append((seat, card))
        if len(trick.plays) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            return
        (leader, lead), (_, follow) = trick.plays
        which, key = trick_winner(lead, follow, self.trump)
        winner = (leader + which) % PLAYERS  # type: ignore[operator]
        trick.collector = winner
        trick.explanation = Explanation("DUE-2", key, {"seat": winner, "card": (lead, follow)[which]})
        self.tricks_won[winner] += 1
        self.to_act = winner
        if not self.hands[winner]:
            self.phase, self.to_act = DONE, None

    def _why_illegal(self, action: Action) -> Explanation | None:
        """DUE-2 for a card of the seat's hand off the suit led while it holds that suit; else the generic reason."""
        if not self._following() or action.verb != PLAY or action.cards[0] not in self.hands[self.actor]:
            return None
        led = self.tricks[-1].plays[0][1].suit
        return Explanation("DUE-2", "duel.must_follow", {"seat": self.to_act, "suit": led})

    def points(self) -> list[int] | None:
        """Tricks taken per player once the deal is done."""
        return list(self.tricks_won) if self.phase == DONE else None

    def score(self) -> list[int] | None:
        """DUE-3: one point per trick."""
        return self.points()

    def seen_cards(self) -> set[Card]:
        """The tricks' cards and the turned-up card (everyone sees it)."""
        return super().seen_cards() | {self.turnup}

    def knowledge(self, seat: int) -> Knowledge:
        """The other hand and the stock; a suit the other did not follow is not in his hand (DUE-2)."""
        other = 1 - seat
        sizes: dict[Slot, int] = {other: len(self.hands[other]), "stock": len(self.stock)}
        known = Knowledge.of_places(seat, sizes)
        for trick in self.tricks:
            (_, lead), *rest = trick.plays
            for player, card in rest:
                if player == other and card.suit is not lead.suit:
                    known.ban(other, [c for c in DUEL_DECK if c.suit is lead.suit])
        return known.finish(self.unseen_cards(seat))

    def placed(self, known: Knowledge, placement: Placement) -> DuelState:
        """This deal with the hidden cards replaced."""
        world = self.clone()
        for slot, cards in placement.items():
            if slot == "stock":
                world.stock = list(cards)
            elif isinstance(slot, int):
                world.hands[slot] = list(cards)
        world._legal_cache = None
        return world

    def current_trump(self) -> Suit:
        """The trump: the suit of the card turned up (DUE-1)."""
        return self.trump

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is of the trump suit."""
        return card.suit is self.trump

    def trump_json(self) -> str | None:
        return self.trump.value

    def contract_json(self) -> dict[str, int] | None:
        return {"seat": self.declarer}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {"tricks_won": list(self.tricks_won), "turnup": [self.turnup.text], "declarer": self.declarer}

    phase_rules: ClassVar[dict[str, Any]] = {PLAY: (_legal_play, _apply_play)}  # DUE-2


class Duel(Game):
    """Duel's deck, deal layout and match rule (DUE-1, DUE-3)."""

    name = NAME
    num_players = PLAYERS
    deck = DUEL_DECK
    layout = (DealPart("hands", PLAYERS, HAND), DealPart("turnup", 0, 1), DealPart("stock", 0, 11))
    state_class = DuelState
    options: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (TARGET, int)}
    sides = (0, 1)

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> DuelState:
        return DuelState(deal, dealer, rules)

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """DUE-3: add the tricks; at the target, the one with more wins (eldest on a tie)."""
        for seat, points in enumerate(state.score() or [0] * PLAYERS):
            match.scores[seat] += points
        reached = [seat for seat in range(PLAYERS) if match.scores[seat] >= match.rules["target"]]
        if reached and match.winner is None:
            eldest = (state.dealer + 1) % PLAYERS
            match.winner = max(reached, key=lambda seat: (match.scores[seat], seat == eldest))
