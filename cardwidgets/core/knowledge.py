"""What one seat knows about the cards it cannot see, and dealing them into a possible world.

Every game's state answers two questions the same way (``games/<game>/engine.py``):

- ``state.knowledge(seat)`` → a ``Knowledge``: the cards whose place the seat
  does not know (``pool``), the places they may be in (other hands, a stock,
  a talon, a face-down card, undealt cards: whatever the game's deal has) with
  their sizes, the cards known to be in a place (``fixed``) and the cards a
  place cannot hold (``banned``: shown voids, a rule);
- ``state.world(known, rng)`` → a clone whose hidden cards are dealt again by
  ``sample(known, rng)`` (the game's ``placed(known, placement)`` puts them in).

The bots' search, the Hint and the post-mortem all read a seat's knowledge this
way, so a new game supplies these two methods and touches no bot module. This
module holds what is common to every game: the ``Knowledge`` record and the
dealing (``sample``), which knows places and cards only, never a rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardwidgets.cards import Card, Suit

#: A place a hidden card can be: a seat, or a named part of the deal ("stock", "talon" …).
Slot = int | str
#: A full placement of the hidden cards: place -> its cards.
Placement = dict[Slot, list[Card]]


@dataclass
class Either:
    """At most one of ``cards`` lies in ``rare`` (with probability ``chance``), the rest in ``common``.

    For a game whose rule leaves one card's place open between two places, e.g. a shown
    card that is in one player's hand unless it was the one he gave away face down
    (the game's ``knowledge`` fills it in, citing its rule).
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

    @classmethod
    def of_places(cls, seat: int, sizes: dict[Slot, int]) -> Knowledge:
        """A start: these places and sizes, nothing known about them yet."""
        return cls(seat, sizes, fixed={slot: [] for slot in sizes})

    def remaining(self, slot: Slot) -> int:
        """How many pool cards ``slot`` still takes."""
        return self.sizes[slot] - len(self.fixed.get(slot, ()))

    def ban(self, slot: Slot, cards: Iterable[Card]) -> None:
        """``slot`` holds none of ``cards`` (a void shown, a rule)."""
        self.banned.setdefault(slot, set()).update(cards)

    def hidden(self) -> set[Card]:
        """The cards this seat has not seen and cannot place: the ``pool``.

        A text shown in this seat's view may name no such card (``widgets/replay.py``). The
        cards of an ``Either`` were shown (a talon turned up), so naming them is no secret.
        """
        return set(self.pool)

    def finish(self, unseen: list[Card]) -> Knowledge:
        """Fill ``pool``: the seat's ``unseen`` cards (deck order) less the ones already placed."""
        placed = {card for cards in self.fixed.values() for card in cards}
        if self.either is not None:
            placed.update(self.either.cards)
        self.pool = [card for card in unseen if card not in placed]
        return self


def suit_cards(deck: tuple[Card, ...], suits: set[Suit]) -> set[Card]:
    """The cards of ``deck`` in ``suits`` (a void's cards)."""
    return {card for card in deck if card.suit in suits}


# ----- dealing the pool -------------------------------------------------------------------------
def sample(knowledge: Knowledge, rng: random.Random, tries: int = 30) -> Placement:
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


def _rooms(knowledge: Knowledge, fixed: Placement) -> dict[Slot, int]:
    return {slot: knowledge.sizes[slot] - len(cards) for slot, cards in fixed.items()}


def _place_either(
    either: Either,
    fixed: Placement,
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
) -> Placement | None:
    """Deal ``pool`` so that each place gets ``rooms[place]`` cards and none it may not hold (None: dead end)."""
    cards = list(pool)
    rng.shuffle(cards)
    if not any(banned.get(slot) for slot in rooms):
        placed: Placement = {}
        start = 0
        for slot, size in rooms.items():
            placed[slot] = cards[start : start + size]
            start += size
        return placed
    options = {card: [s for s, room in rooms.items() if room > 0 and card not in banned.get(s, ())] for card in cards}
    cards.sort(key=lambda card: len(options[card]))  # stable: random among equally constrained
    room = dict(rooms)
    dealt: Placement = {slot: [] for slot in rooms}
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
