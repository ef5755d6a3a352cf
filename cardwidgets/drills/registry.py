"""The drill topics of each game, and how question ``n`` of a topic is made from a seed.

Every question is a random position made by the engines, kept when the rule being
taught decides it, its right answer aimed evenly over the answers (no pool of
hand-picked questions to learn by heart). The same topic, seed, number and attempt
always give the same question; ``cardwidgets.drills.series`` makes the attempts that
keep a question from coming back soon.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardwidgets.drills import deal_rules, nestors, nimby, tumbochka
from cardwidgets.drills.base import DrillError, Item, Maker
from cardwidgets.i18n.drills import drill_text


@dataclass(frozen=True)
class Topic:
    """A topic: its id, its game and the maker of its questions."""

    id: str
    game: str
    make: Maker


TOPICS: dict[str, Topic] = {
    topic.id: topic
    for topic in (
        Topic("nestors-higher-card", "nestors", nestors.make_higher),
        Topic("nestors-trick-winner", "nestors", nestors.make_winner),
        Topic("nestors-collector", "nestors", nestors.make_collector),
        Topic("nestors-c-may-play", "nestors", nestors.make_c_may_play),
        Topic("nestors-pile-points", "nestors", nestors.make_pile_points),
        Topic("nestors-deal-score", "nestors", nestors.make_deal_score),
        Topic("nestors-match-end", "nestors", nestors.make_match_end),
        Topic("nimby-higher-card", "nimby", nimby.make_higher),
        Topic("nimby-may-play", "nimby", nimby.make_may_play),
        Topic("nimby-trick-winner", "nimby", nimby.make_trick_winner),
        Topic("nimby-exchange", "nimby", nimby.make_exchange),
        Topic("nimby-score", "nimby", nimby.make_score),
        Topic("nimby-match-end", "nimby", nimby.make_match_end),
        Topic("tumbochka-trick-winner", "tumbochka", tumbochka.make_trick_winner),
        Topic("tumbochka-troyan", "tumbochka", tumbochka.make_troyan),
        Topic("tumbochka-trilyazh", "tumbochka", tumbochka.make_trilyazh),
        Topic("tumbochka-bids", "tumbochka", tumbochka.make_bids),
        Topic("tumbochka-end", "tumbochka", tumbochka.make_end),
        # the frame of a deal: the questions that open the notebooks' sections on it (issue 22)
        Topic("nimby-draw", "nimby", deal_rules.make_nimby_draw),
        Topic("tumbochka-score", "tumbochka", deal_rules.make_tumbochka_score),
        Topic("tumbochka-bidding", "tumbochka", deal_rules.make_tumbochka_bidding),
        Topic("tumbochka-talon", "tumbochka", deal_rules.make_tumbochka_talon),
        Topic("nestors-last-trick", "nestors", deal_rules.make_nestors_last_trick),
        Topic("nestors-bidding", "nestors", deal_rules.make_nestors_bidding),
        Topic("nestors-trump", "nestors", deal_rules.make_nestors_trump),
        Topic("nestors-open", "nestors", deal_rules.make_nestors_open),
    )
}
GAMES = ("nimby", "tumbochka", "nestors")


def topics(game: str, locale: str = "en") -> list[str]:
    """The topic ids of ``game``; a ``DrillError`` for an unknown game."""
    if game not in GAMES:
        raise DrillError(drill_text("err_game", locale, game=game, games=", ".join(GAMES)))
    return [topic.id for topic in TOPICS.values() if topic.game == game]


def get_topic(topic: str, locale: str = "en") -> Topic:
    """The topic called ``topic``; a ``DrillError`` naming the topics otherwise."""
    found = TOPICS.get(topic) if isinstance(topic, str) else None
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
