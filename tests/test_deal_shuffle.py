"""A deal is shuffled exactly as ``random.Random.shuffle`` would: the same deal for the same seed.

``core.game.shuffle`` writes the standard library's steps out for speed (random playouts deal
thousands of times a second); the seeded deals of records, drills and notebooks depend on it giving
the very permutation ``rng.shuffle`` gives, and leaving ``rng`` in the same state for what follows.
"""

from __future__ import annotations

import random

import pytest

from cardwidgets.core.game import shuffle
from cardwidgets.games import GAMES


class _Subclass(random.Random):
    """A ``random.Random`` of another class: ``shuffle`` leaves it to its own ``shuffle``."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 32, 36, 52, 100])
def test_shuffle_gives_the_standard_librarys_order_and_leaves_the_same_state(size: int) -> None:
    for seed in range(300):
        mine, theirs = list(range(size)), list(range(size))
        rng, reference = random.Random(seed), random.Random(seed)
        shuffle(mine, rng)
        reference.shuffle(theirs)
        assert mine == theirs, (size, seed)
        assert rng.getstate() == reference.getstate(), (size, seed)


def test_another_kind_of_generator_shuffles_by_its_own_method() -> None:
    mine, theirs = list(range(36)), list(range(36))
    shuffle(mine, _Subclass(5))
    _Subclass(5).shuffle(theirs)
    assert mine == theirs


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_random_deal_is_the_deck_shuffled_by_the_standard_library(name: str) -> None:
    game = GAMES[name]
    for seed in range(50):
        cards = list(game.deck)
        random.Random(seed).shuffle(cards)
        cards.reverse()
        assert game.deal_cards(game.random_deal(seed)) == cards, seed
