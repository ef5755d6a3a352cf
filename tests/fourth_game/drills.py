"""Troika's drill topic (drills layer): who takes the trick (TRO-2)."""

from __future__ import annotations

import random

from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import Choice, Item, Position, until
from fourth_game.engine import TROIKA_DECK, trick_winner


def seat_label(seat: int) -> dict[str, str]:
    """A seat as the drill names it."""
    return {"en": f"Seat {seat}", "ru": f"Игрок {seat}"}


def make_winner(rng: random.Random) -> Item:
    """Three cards, one per seat, seat 0 leading: which seat takes the trick? (each seat the answer as often)"""
    aim = rng.randrange(3)
    return until(lambda: winner_item(rng), lambda item: item.choices[aim].correct)


def winner_item(rng: random.Random) -> Item:
    """A random trick of three cards and its question."""
    plays = list(enumerate(rng.sample(list(TROIKA_DECK), 3)))
    winner, best, all_followed = trick_winner(plays)
    key = "troika.trick_lowest" if all_followed else "troika.trick_highest"
    why = Explanation("TRO-2", key, {"seat": winner, "card": best})
    choices = tuple(Choice(seat_label(seat), seat == winner, why) for seat in range(3))
    position = Position(trick=tuple((seat_label(seat), card) for seat, card in plays))
    return Item("troika-trick-winner", Explanation("TRO-2", "troika.topic_winner", {}), position, choices)


TOPICS = (("troika-trick-winner", make_winner),)
