"""Every drill topic's item maker makes thousands of questions without raising, each with a right answer.

A maker plays random auctions and deals through the engine; a random choice the rules
forbid (a fourth pass after three, E-4) raises ``IllegalActionError`` in the middle of a
learner's drill. 2,000 questions per topic over eight seeds try the makers' rare branches.
"""

from __future__ import annotations

import pytest

from cardwidgets.drills import TOPICS, make_item
from cardwidgets.drills.mistakes import MISTAKES
from cardwidgets.drills.registry import drill_games

SEEDS = range(1, 9)
#: Questions per seed: 8 × 250 = 2,000 per topic.
PER_SEED = 250
MADE_TOPICS = [topic for topic in TOPICS if topic != MISTAKES]


def test_every_topic_of_every_game_is_tried() -> None:
    games = {TOPICS[topic].game for topic in MADE_TOPICS}
    assert games == set(drill_games())
    assert all(topic.startswith(f"{TOPICS[topic].game}-") for topic in MADE_TOPICS)


@pytest.mark.parametrize("topic", MADE_TOPICS)
def test_a_maker_never_raises(topic: str) -> None:
    made = 0
    for seed in SEEDS:
        for n in range(PER_SEED):
            item = make_item(topic, seed, n)
            assert item.topic == topic
            assert any(choice.correct for choice in item.choices), (topic, seed, n)
            made += 1
    assert made == 2_000


@pytest.mark.rules("E-4")
def test_the_bidding_maker_never_passes_for_the_fourth_player_after_three_passes() -> None:
    """Seed 8, question 44 played three passes and then a fourth (the learner's drill stopped there)."""
    for seed, n, attempt in ((8, 43, 0), (3, 248, 1), (6, 144, 2)):
        item = make_item("nestors-bidding", seed, n, attempt)
        assert sum(choice.correct for choice in item.choices) == 1
