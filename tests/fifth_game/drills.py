"""Duel's drill topic (drills layer): who takes the trick (DUE-2)."""

from __future__ import annotations

import random

from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import Choice, Item, Position, Seat, until
from fifth_game.engine import DUEL_DECK, trick_winner


def make_winner(rng: random.Random) -> Item:
    """Seat 0 leads, seat 1 follows, a trump is named: which seat takes the trick? (each seat the answer as often)"""
    aim = rng.randrange(2)
    return until(lambda: winner_item(rng), lambda item: item.choices[aim].correct)


def winner_item(rng: random.Random) -> Item:
    """A random trick of two cards and a trump suit, and its question."""
    lead, follow = rng.sample(list(DUEL_DECK), 2)
    trump = rng.choice(DUEL_DECK).suit
    winner, key = trick_winner(lead, follow, trump)
    why = Explanation("DUE-2", key, {"seat": winner, "card": (lead, follow)[winner]})
    choices = tuple(Choice(Seat(seat), seat == winner, why) for seat in range(2))
    position = Position(trump=trump, trick=((Seat(0), lead), (Seat(1), follow)))
    return Item(
        "duel-trick-winner", Explanation("DUE-2", "duel.topic_winner", {"trump": trump.symbol}), position, choices
    )


TOPICS = (("duel-trick-winner", make_winner),)
