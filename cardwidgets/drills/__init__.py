"""Drills: predict, answer, get the rule — questions made and graded by the rule engines.

Pure Python (no widgets): ``topics(game)`` lists a game's topic ids and
``make_item(topic, seed, n)`` builds question ``n`` of a topic for a seed. Each
game's items live in its own package (``games/<game>/drills.py``); the
``Drill`` widget (``cardwidgets.widgets.drill``) shows them.
"""

from __future__ import annotations

from cardwidgets.drills.base import Choice, DrillError, Item, Position, feedback, say
from cardwidgets.drills.registry import TOPICS, Topic, make_item, topics

__all__ = ["TOPICS", "Choice", "DrillError", "Item", "Position", "Topic", "feedback", "make_item", "say", "topics"]
