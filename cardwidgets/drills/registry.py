"""The drill topics of each registered game (its package's ``drills`` module), and how question ``n`` is made.

Every question is a random position made by the engines, kept when the rule being
taught decides it, its right answer aimed evenly over the answers (no pool of
hand-picked questions to learn by heart). The same topic, seed, number and attempt
always give the same question; ``cardwidgets.drills.series`` makes the attempts that
keep a question from coming back soon.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardwidgets.core.registry import SPECS
from cardwidgets.drills.base import DrillError, Item, Maker
from cardwidgets.i18n.drills import drill_text


@dataclass(frozen=True)
class Topic:
    """A topic: its id, its game and the maker of its questions."""

    id: str
    game: str
    make: Maker


#: Every registered game's topics by id, in the order the games registered (``refresh`` fills it).
TOPICS: dict[str, Topic] = {}


def refresh() -> dict[str, Topic]:
    """Fill ``TOPICS`` from the registered games' ``drills`` modules (their ``TOPICS``: ``(id, maker)`` pairs)."""
    TOPICS.clear()
    for spec in SPECS.values():
        if spec.has("drills"):
            TOPICS.update((id_, Topic(id_, spec.name, make)) for id_, make in spec.drills().TOPICS)
    return TOPICS


def drill_games() -> list[str]:
    """The registered games that have drill topics."""
    return [spec.name for spec in SPECS.values() if spec.has("drills")]


def topics(game: str, locale: str = "en") -> list[str]:
    """The topic ids of ``game``; a ``DrillError`` for an unknown game."""
    games = drill_games()
    if game not in games:
        raise DrillError(drill_text("err_game", locale, game=game, games=", ".join(games)))
    return [topic.id for topic in refresh().values() if topic.game == game]


def get_topic(topic: str, locale: str = "en") -> Topic:
    """The topic called ``topic``; a ``DrillError`` naming the topics otherwise."""
    found = refresh().get(topic) if isinstance(topic, str) else None
    if found is None:
        raise DrillError(drill_text("err_topic", locale, topic=topic, topics=", ".join(TOPICS)))
    return found


def make_item(topic: str, seed: int, n: int, attempt: int = 0) -> Item:
    """Question ``n`` (0, 1, 2 …) of ``topic`` for ``seed``: the same arguments, the same question.

    ``attempt`` (0, 1 …): another question in the same place (one that came too soon after its twin).
    """
    found = get_topic(topic)
    rng = random.Random(f"{topic}/{seed}/{n}" + (f"/{attempt}" if attempt else ""))
    return found.make(rng)


refresh()
