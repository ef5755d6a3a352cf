"""Determinization: deal the cards a seat cannot see, consistently with all it has seen.

The search bot (``bots/search.py``) imagines full deals ("worlds") that agree
with everything its seat knows, plays each candidate action out in each world
and keeps the best on average. This module builds those worlds, one function
per game:

- ``knowledge(state, seat)`` → a ``Knowledge``: the cards whose place the seat
  does not know (``pool``), the places they may be in (other hands, Nimby's
  stock, Tumbochka's talon, Nestors' face-down card and undealt cards) with
  their sizes, the cards known to be in a place (``fixed``: Nimby's exchanged
  and display cards, Tumbochka's shown talon and troyan/trilyazh cards, the
  gifts the seat saw …) and the cards a place cannot hold (``banned``: shown
  voids, Nestors' bidder who opened with his highest card);
- ``sample(knowledge, rng)`` → one placement of the hidden cards;
- ``world(state, knowledge, placement)`` → a ``GameState`` clone whose hidden
  cards are replaced by the placement.

Only public facts and the seat's own hand are read: ``state.view(seat)``,
the tricks, the public history and the public fields. The clone's hidden
cards are all overwritten, so the real hidden cards never influence a world.
``determinize(state, seat, rng)`` does all three steps.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.bots.base import hand_sizes
from cardwidgets.cards import SUITS, Card, Rank, Suit, parse_card
from cardwidgets.core.state import GameState
from cardwidgets.games import nestors as nes
from cardwidgets.games import nimby as nim
from cardwidgets.games import tumbochka as tum
from cardwidgets.games.nestors_tricks import POWER

#: A place a hidden card can be: a seat, or a named part of the deal ("stock", "talon" …).
Slot = int | str


@dataclass
class Either:
    """At most one of ``cards`` lies in ``rare`` (with probability ``chance``), the rest in ``common``.

    Tumbochka: a shown talon card is in the declarer's hand unless it was the
    card he gave (face down) to the other defender (TUM-4).
    """

    cards: list[Card]
    rare: Slot
    common: Slot
    chance: float


@dataclass
class Knowledge:
    """What one seat knows about where the cards it cannot see are."""

    seat: int
    #: Place -> how many cards it holds in all (fixed ones included).
    sizes: dict[Slot, int]
    #: Place -> cards known to be there (not in ``pool``).
    fixed: dict[Slot, list[Card]] = field(default_factory=dict)
    #: Cards whose place is unknown, in deck order.
    pool: list[Card] = field(default_factory=list)
    #: Place -> cards it cannot hold (a shown void, a rule).
    banned: dict[Slot, set[Card]] = field(default_factory=dict)
    either: Either | None = None

    def remaining(self, slot: Slot) -> int:
        """How many pool cards ``slot`` still takes."""
        return self.sizes[slot] - len(self.fixed.get(slot, ()))


# ----- dealing the pool -------------------------------------------------------------------------
def sample(knowledge: Knowledge, rng: random.Random, tries: int = 30) -> dict[Slot, list[Card]]:
    """One placement of every hidden card: place -> its cards (fixed ones first).

    Greedy: the most constrained cards first, each to an open place chosen in
    proportion to its room; a dead end starts again. After ``tries`` dead
    ends the bans are dropped (the world is still a legal deal).
    """
    banned = knowledge.banned
    for attempt in range(tries + 1):
        if attempt == tries:
            banned = {}
        fixed = {slot: list(knowledge.fixed.get(slot, ())) for slot in knowledge.sizes}
        either = knowledge.either
        if either is not None:
            _place_either(either, fixed, _rooms(knowledge, fixed), banned, rng)
        dealt = _deal(knowledge.pool, _rooms(knowledge, fixed), banned, rng)
        if dealt is not None:
            return {slot: fixed[slot] + dealt[slot] for slot in knowledge.sizes}
    raise AssertionError("unreachable: a deal without bans always succeeds")


def _rooms(knowledge: Knowledge, fixed: dict[Slot, list[Card]]) -> dict[Slot, int]:
    return {slot: knowledge.sizes[slot] - len(cards) for slot, cards in fixed.items()}


def _place_either(
    either: Either,
    fixed: dict[Slot, list[Card]],
    rooms: dict[Slot, int],
    banned: dict[Slot, set[Card]],
    rng: random.Random,
) -> None:
    """Put at most one of ``either.cards`` in the rare place, the others in the common one.

    One must go to the rare place when the common one has no room for all or may not hold one.
    """
    cards = either.cards
    allowed = [card for card in cards if card not in banned.get(either.rare, ())] if rooms[either.rare] > 0 else []
    forced = [card for card in allowed if card in banned.get(either.common, ())]
    must = forced or (allowed if len(cards) > rooms[either.common] else [])
    chosen = None
    if must:
        chosen = rng.choice(must)
    elif allowed and rng.random() < either.chance:
        chosen = rng.choice(allowed)
    for card in cards:
        fixed[either.rare if card is chosen else either.common].append(card)


def _deal(
    pool: list[Card], rooms: dict[Slot, int], banned: dict[Slot, set[Card]], rng: random.Random
) -> dict[Slot, list[Card]] | None:
    """Deal ``pool`` so that each place gets ``rooms[place]`` cards and none it may not hold (None: dead end)."""
    cards = list(pool)
    rng.shuffle(cards)
    if not any(banned.get(slot) for slot in rooms):
        dealt, start = {}, 0
        for slot, room in rooms.items():
            dealt[slot] = cards[start : start + room]
            start += room
        return dealt
    options = {card: [s for s, room in rooms.items() if room > 0 and card not in banned.get(s, ())] for card in cards}
    cards.sort(key=lambda card: len(options[card]))  # stable: random among equally constrained
    room = dict(rooms)
    dealt = {slot: [] for slot in rooms}
    for card in cards:
        open_slots = [slot for slot in options[card] if room[slot] > 0]
        if not open_slots:
            return None
        pick = rng.randrange(sum(room[slot] for slot in open_slots))
        for slot in open_slots:
            pick -= room[slot]
            if pick < 0:
                break
        dealt[slot].append(card)
        room[slot] -= 1
    return dealt


# ----- shared facts ------------------------------------------------------------------------------------
def _others(state: GameState, seat: int) -> list[int]:
    return [s for s in range(state.num_players) if s != seat]


def _suit_cards(deck: tuple[Card, ...], suits: set[Suit]) -> set[Card]:
    return {card for card in deck if card.suit in suits}


def _finish(knowledge: Knowledge, deck: tuple[Card, ...], state: GameState, seen: set[Card]) -> Knowledge:
    """Fill ``pool``: the deck less the seat's hand, the cards seen and the cards placed."""
    placed = {card for cards in knowledge.fixed.values() for card in cards}
    if knowledge.either is not None:
        placed.update(knowledge.either.cards)
    hand = set(state.hands[knowledge.seat])
    knowledge.pool = [card for card in deck if card not in hand and card not in seen and card not in placed]
    return knowledge


# ----- Nimby ------------------------------------------------------------------------------------------------
def nimby_knowledge(state: nim.NimbyState, seat: int) -> Knowledge:
    """NIM-3..NIM-5: the display and exchanged cards, the stock, the voids shown in play."""
    sizes: dict[Slot, int] = {s: n for s, n in enumerate(hand_sizes(state)) if s != seat}
    seen = {card for trick in state.tricks for _, card in trick.plays}
    in_trump_phase = state.phase == nim.TRUMP
    if in_trump_phase:
        sizes["stock"] = 3  # NIM-3: three cards face down until the hands are completed (N-5)
        seen.add(state.display)  # face up
    knowledge = Knowledge(seat, sizes, fixed={slot: [] for slot in sizes})
    for card, holder in _nimby_known_holders(state).items():
        if holder != seat and card not in seen:
            knowledge.fixed[holder].append(card)
    if state.trump is not None:
        _nimby_voids(state, knowledge)
    return _finish(knowledge, nim.NIMBY_DECK, state, seen)


def _nimby_known_holders(state: nim.NimbyState) -> dict[Card, int]:
    """NIM-4: each exchanger took the card on display; N-5: the dealer took the last display."""
    display = state.deal["turnup"]  # it lay face up: public
    holders: dict[Card, int] = {}
    for i, text in enumerate(state.history[:4]):  # four speak once each, from eldest
        if text.startswith("exchange"):
            holders[display] = (state.dealer + 1 + i) % 4
            display = parse_card(text.split()[1])
    if state.phase != nim.TRUMP and not state.thrown_in:
        holders[display] = state.dealer
    return holders


def _nimby_voids(state: nim.NimbyState, knowledge: Knowledge) -> None:
    """NIM-5: a player who did not follow the play suit led holds none of it."""
    play_suit = nim.PLAY_SUIT[state.trump]  # type: ignore[index]
    for trick in state.tricks:
        if not trick.plays:
            continue
        led = play_suit[trick.plays[0][1]]
        for seat, card in trick.plays[1:]:
            if seat != knowledge.seat and play_suit[card] != led:
                void = {c for c in nim.NIMBY_DECK if play_suit[c] == led}
                knowledge.banned.setdefault(seat, set()).update(void)  # type: ignore[arg-type]


def nimby_world(state: nim.NimbyState, knowledge: Knowledge, placement: dict[Slot, list[Card]]) -> nim.NimbyState:
    """A Nimby deal like ``state`` with the hidden hands and stock replaced."""
    world = state.clone()
    for slot, cards in placement.items():
        if isinstance(slot, int):
            world.hands[slot] = list(cards)
    world.deal = {"hands": [], "turnup": state.deal["turnup"], "stock": placement.get("stock", [])}
    world._legal_cache = None
    return world


# ----- Tumbochka --------------------------------------------------------------------------------------------
def tumbochka_knowledge(state: tum.TumbochkaState, seat: int) -> Knowledge:
    """TUM-2..TUM-5: the talon once shown, gifts seen, troyans and trilyazhes shown, voids."""
    view = state.view(seat)
    sizes: dict[Slot, int] = {s: n for s, n in enumerate(view["hand_sizes"]) if s != seat}
    seen = {card for trick in state.tricks for _, card in trick.plays}
    if state.phase == tum.BIDDING:
        sizes["talon"] = 3  # TUM-2: face down until the bidding ends
    knowledge = Knowledge(seat, sizes, fixed={slot: [] for slot in sizes})
    placed: set[Card] = set(state.hands[seat]) | seen

    def place(card: Card, holder: int) -> None:
        if holder != seat and card not in placed:
            knowledge.fixed[holder].append(card)
            placed.add(card)

    for holder, suit in state.troyans:  # TUM-5: the 8 and 7 were shown with the led 6
        for card in tum.TROYAN_CARDS[suit][:2]:
            place(card, holder)
    for holder, suit, _status in state.trilyazhes:  # TUM-5: the J was led, so he holds the Q and K
        for card in tum.TRILYAZH_LEADS[suit][1:]:
            place(card, holder)
    for receiver, text in enumerate(view["given"]):  # TUM-4: gifts this seat saw
        if text not in (None, "?"):
            place(parse_card(text), receiver)
    if view["talon"] is not None and state.declarer is not None:
        _tumbochka_talon(state, view, placed, knowledge)
    _tumbochka_voids(state, knowledge)
    return _finish(knowledge, tum.TUMBOCHKA_DECK, state, seen)


def _tumbochka_talon(state: tum.TumbochkaState, view: dict[str, Any], placed: set[Card], knowledge: Knowledge) -> None:
    """TUM-4: shown talon cards are with the declarer, or one was his face-down gift to the other defender."""
    seat = knowledge.seat
    talon = [parse_card(text) for text in view["talon"]]
    declarer = state.declarer
    assert declarer is not None
    loose = [card for card in talon if card not in placed]
    if not loose or declarer == seat:
        return
    other = next(s for s in state.opponents() if s != seat)
    gift_hidden = view["given"][other] == "?"
    gift_played = any(s == other and card in talon for trick in state.tricks for s, card in trick.plays)
    if gift_hidden and not gift_played:
        # The gift was one of the declarer's cards then: his hand now plus that one.
        chance = len(loose) / (view["hand_sizes"][declarer] + 1)
        knowledge.either = Either(loose, other, declarer, chance)
    else:
        knowledge.fixed[declarer].extend(loose)


def _tumbochka_voids(state: tum.TumbochkaState, knowledge: Knowledge) -> None:
    """TUM-5: not following the suit led shows a void; not trumping then shows no trump either."""
    trump: Suit | None = None
    troyans = set(state.troyans)
    for trick in state.tricks:
        if not trick.plays:
            continue
        leader, lead = trick.plays[0]
        if lead.rank == Rank.SIX and (leader, lead.suit) in troyans:
            trump = lead.suit  # this trick showed the troyan: trump from here on
        for seat, card in trick.plays[1:]:
            if seat == knowledge.seat or card.suit is lead.suit:
                continue
            void = {lead.suit}
            if trump is not None and card.suit is not trump:
                void.add(trump)
            knowledge.banned.setdefault(seat, set()).update(_suit_cards(tum.TUMBOCHKA_DECK, void))  # type: ignore[arg-type]


def tumbochka_world(
    state: tum.TumbochkaState, knowledge: Knowledge, placement: dict[Slot, list[Card]]
) -> tum.TumbochkaState:
    """A Tumbochka deal like ``state`` with the hidden hands, talon and gifts replaced."""
    world = state.clone()
    for slot, cards in placement.items():
        if isinstance(slot, int):
            world.hands[slot] = list(cards)
    talon = placement.get("talon")
    if talon is None and state.talon_visible(knowledge.seat):
        talon = list(state.deal["talon"])  # shown (T-2): public
    world.deal = {"hands": [], "talon": talon or []}
    for receiver, gift in enumerate(state.given):
        if gift is not None and not state.gift_visible(knowledge.seat, receiver):
            # An unseen gift (TUM-4): any card the receiver holds in this world will do.
            world.given[receiver] = world.hands[receiver][0] if world.hands[receiver] else None
    world._legal_cache = None
    return world


# ----- Nestors ----------------------------------------------------------------------------------------------
def nestors_knowledge(state: nes.NestorsState, seat: int) -> Knowledge:
    """NES-3..NES-7: the face-up row, table and taken cards; C's voids; the bidder's highest card."""
    before_second_deal = state.trump is None
    sizes: dict[Slot, int] = {s: n for s, n in enumerate(hand_sizes(state)) if s != seat}
    if before_second_deal:
        sizes["down"] = 1  # NES-3: the row's face-down card
        for s in range(4):
            sizes[f"extra{s}"] = 3  # NES-5: three more cards each, not dealt yet
    seen = {card for trick in state.tricks for _, card in trick.plays}
    seen.update(state.face_up, state.pending, *state.taken)
    if state.table is not None:
        seen.add(state.table)
    knowledge = Knowledge(seat, sizes, fixed={slot: [] for slot in sizes})
    if not before_second_deal:
        _nestors_voids(state, knowledge)
        _nestors_open_cap(state, knowledge)
    return _finish(knowledge, nes.NESTORS_DECK, state, seen)


def _nestors_voids(state: nes.NestorsState, knowledge: Knowledge) -> None:
    """NES-6: C who played neither the suit asked for nor a trump holds none of that suit."""
    trump = state.trump
    for trick in state.tricks:
        plays = trick.plays
        if len(plays) != 3 or plays[1][0] is None or plays[2][0] is None:
            continue  # the bidder's trick, a trick in progress, or the last trick
        (_, a), (_, b), (c_seat, c) = plays
        if c_seat == knowledge.seat or c.rank is trump:
            continue
        asked = {a.suit} if a.suit is b.suit else set(SUITS) - {a.suit, b.suit}
        if c.suit not in asked:
            knowledge.banned.setdefault(c_seat, set()).update(_suit_cards(nes.NESTORS_DECK, asked))


def _nestors_open_cap(state: nes.NestorsState, knowledge: Knowledge) -> None:
    """NES-6a: the bidder opened with his highest card, so he holds nothing higher."""
    bidder = state.bidder
    if bidder is None or bidder == knowledge.seat or not state.tricks:
        return
    power = POWER[state.trump]  # type: ignore[index]
    top = power[state.tricks[0].plays[0][1]]
    higher = {card for card in nes.NESTORS_DECK if power[card] > top}
    knowledge.banned.setdefault(bidder, set()).update(higher)


def nestors_world(state: nes.NestorsState, knowledge: Knowledge, placement: dict[Slot, list[Card]]) -> nes.NestorsState:
    """A Nestors deal like ``state`` with the hidden hands, face-down and undealt cards replaced."""
    world = state.clone()
    for slot, cards in placement.items():
        if isinstance(slot, int):
            world.hands[slot] = sorted(cards, key=_index)
    if "down" in placement:
        down = placement["down"][0]
        world.face_down = down
        extra = [placement[f"extra{s}"] for s in range(4)]
        world.deal = {"row": [down, *state.face_up], "hands": [], "extra": extra}
    else:
        world.deal = {"row": [], "hands": [], "extra": []}
    world._legal_cache = None
    return world


def _index(card: Card) -> int:
    return card.index


# ----- one entry point -------------------------------------------------------------------------------------
KNOWLEDGE: dict[str, Callable[..., Knowledge]] = {
    "nimby": nimby_knowledge,
    "tumbochka": tumbochka_knowledge,
    "nestors": nestors_knowledge,
}
WORLD: dict[str, Callable[..., GameState]] = {
    "nimby": nimby_world,
    "tumbochka": tumbochka_world,
    "nestors": nestors_world,
}


def knowledge(state: GameState, seat: int) -> Knowledge:
    """What ``seat`` knows about the hidden cards of ``state`` (any game)."""
    return KNOWLEDGE[state.game_name](state, seat)


def world(state: GameState, known: Knowledge, rng: random.Random) -> GameState:
    """One full deal consistent with ``known``: ``state`` with the hidden cards re-dealt."""
    return WORLD[state.game_name](state, known, sample(known, rng))


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``world(state, knowledge(state, seat), rng)`` in one call."""
    return world(state, knowledge(state, seat), rng)
