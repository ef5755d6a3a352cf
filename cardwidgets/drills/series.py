"""A topic's questions one after another, none coming back within ``WINDOW`` questions.

``Series(topic, seed)`` asks ``make_item`` for question 0, 1, 2 …; when a question
is the same as one of the last ``WINDOW`` (a small topic can draw the same position
twice), it takes the next ``attempt`` for that place instead. ``Ref`` names a
question so that it can be made again later (``Ref.item()``), for instance when
a question of a rule due for review (``cardwidgets.drills.progress``): ``review`` makes a new
question of that rule, from attempts of its own (``REVIEWS`` on), never one of the series' questions.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from cardwidgets.drills.base import Item, label_text, position_lines, say
from cardwidgets.drills.registry import make_item

#: No question repeats within this many consecutive questions of a series.
WINDOW = 20
#: Attempts per place before a repeat is let through (never reached in practice: topics are large).
ATTEMPTS = 50
#: The attempts of a place from which questions for a review are made (apart from the series' own attempts).
REVIEWS = 1000


@dataclass(frozen=True)
class Ref:
    """Where a question comes from: its topic, seed, number and attempt (``make_item``'s arguments)."""

    topic: str
    seed: int
    n: int
    attempt: int = 0

    def item(self) -> Item:
        """The question itself, made again."""
        return make_item(self.topic, self.seed, self.n, self.attempt)

    @property
    def key(self) -> str:
        """A short text naming the question (``seed/n/attempt``), as the progress file stores it."""
        return f"{self.seed}/{self.n}/{self.attempt}"

    @classmethod
    def parse(cls, topic: str, key: str) -> Ref:
        """The ``Ref`` a ``key`` names (``ValueError`` if it names none)."""
        seed, n, attempt = (int(part) for part in key.split("/"))
        return cls(topic, seed, n, attempt)


def rule_of(item: Item) -> str:
    """The rule that decides ``item``: the rule id its right answer is explained by."""
    return next(choice.why.rule for choice in item.choices if choice.correct)


def item_key(item: Item) -> str:
    """What the learner sees of a question, as one text: two questions with the same key are the same."""
    parts = [say(item.prompt, "en"), *position_lines(item.position, "en")]
    parts += sorted(label_text(choice.label, "en") for choice in item.choices)
    return "\n".join(parts)


class Series:
    """The questions of ``topic`` for ``seed`` in order, none repeating within ``WINDOW``."""

    def __init__(self, topic: str, seed: int) -> None:
        self.topic = topic
        self.seed = seed
        self._recent: deque[str] = deque(maxlen=WINDOW - 1)

    def make(self, n: int) -> tuple[Ref, Item]:
        """Question ``n``: the first attempt that is none of the last ``WINDOW - 1`` questions made."""
        ref, item = Ref(self.topic, self.seed, n), make_item(self.topic, self.seed, n)
        for attempt in range(1, ATTEMPTS):
            if item_key(item) not in self._recent:
                break
            ref, item = Ref(self.topic, self.seed, n, attempt), make_item(self.topic, self.seed, n, attempt)
        self.seen(item)
        return ref, item

    def review(self, rule: str, n: int) -> tuple[Ref, Item]:
        """A new question of ``rule`` (``""``: any) for place ``n``, none of the last ``WINDOW - 1`` questions made.

        Made from the place's review attempts, so never a question the series asks; if none of ``ATTEMPTS`` is
        of ``rule`` (a rare case of the topic), the last one made.
        """
        for attempt in range(REVIEWS, REVIEWS + ATTEMPTS):
            ref = Ref(self.topic, self.seed, n, attempt)
            item = ref.item()
            if (not rule or rule_of(item) == rule) and item_key(item) not in self._recent:
                break
        self.seen(item)
        return ref, item

    def seen(self, item: Item) -> None:
        """Remember that ``item`` was shown (also a question that came back)."""
        self._recent.append(item_key(item))
