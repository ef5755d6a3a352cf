"""Multiple choice that cannot be beaten without reading the question.

For each topic and three seeds, 200 questions are answered by simple strategies that look only at the
options and at numbers standing in the question, never at the rule:

- the largest number among the options, or the smallest (a card, ``10♠``, is not a number);
- "pass" if it is offered, else the largest number;
- a number copied from the question (the first option whose number stands in the question's text);
- the label seen most often among all the options of the 200 questions;
- always the same place (the first, the second …).

Each may be right in at most max(40 %, 1/k + 15 %) of the questions, k the number of options
(averaged over the questions). Where a strategy has nothing to go on (no number among the options)
it answers the first option, so a strategy never wins by abstaining.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from cardwidgets.cards import Card, parse_card
from cardwidgets.drills import TOPICS, Item, say
from cardwidgets.drills.base import Label, label_text, position_lines
from cardwidgets.drills.series import Series

COUNT = 200
SEEDS = (1, 2, 3)
#: A number in a text: not a card's rank (a card reads ``[10S]`` to the strategies), nor a digit inside a word.
NUMBER = re.compile(r"(?<![\[\w])[+−-]?\d+")

#: A strategy: the question's options (English labels), the question's text, the labels' counts over the topic.
Strategy = Callable[[list[str], str, Counter[str]], int | None]


@cache
def items(topic: str, seed: int = SEEDS[0]) -> tuple[Item, ...]:
    made = Series(topic, seed)
    return tuple(made.make(n)[1] for n in range(COUNT))


def number(label: str) -> int | None:
    """The number a label is (``"120"``, ``"+15"``, ``"−10"``, ``"Raise to 8"``), if it is one number."""
    found = NUMBER.findall(label)
    return int(found[0].replace("−", "-")) if len(found) == 1 else None


def shown(label: Label) -> str:
    """A label as the strategies read it: its English text; a card's is no number (``10♠`` is a card)."""
    return f"[{label.text}]" if isinstance(label, Card) else label_text(label, "en")


def largest(options: list[str], _text: str, _seen: Counter[str]) -> int | None:
    numbers = [(value, i) for i, label in enumerate(options) if (value := number(label)) is not None]
    return max(numbers)[1] if numbers else None


def smallest(options: list[str], _text: str, _seen: Counter[str]) -> int | None:
    numbers = [(value, -i) for i, label in enumerate(options) if (value := number(label)) is not None]
    return -min(numbers)[1] if numbers else None


def pass_else_largest(options: list[str], text: str, seen: Counter[str]) -> int | None:
    passes = [i for i, label in enumerate(options) if label.strip().lower() == "pass"]
    return passes[0] if passes else largest(options, text, seen)


def copied(options: list[str], text: str, _seen: Counter[str]) -> int | None:
    """The first option all of whose numbers stand in the question's text."""
    standing = {int(n.replace("−", "-").lstrip("+")) for n in NUMBER.findall(text)}
    for i, label in enumerate(options):
        numbers = [int(n.replace("−", "-").lstrip("+")) for n in NUMBER.findall(label)]
        if numbers and all(n in standing or -n in standing for n in numbers):
            return i
    return None


def most_frequent(options: list[str], _text: str, seen: Counter[str]) -> int | None:
    return max(range(len(options)), key=lambda i: (seen[options[i]], -i))


def place(n: int) -> Strategy:
    def at(options: list[str], _text: str, _seen: Counter[str]) -> int | None:
        return n if n < len(options) else None

    return at


STRATEGIES: dict[str, Strategy] = {
    "largest number": largest,
    "smallest number": smallest,
    "pass, else the largest number": pass_else_largest,
    "a number copied from the question": copied,
    "the most frequent label": most_frequent,
    **{f"always option {n + 1}": place(n) for n in range(5)},
}


def question_text(item: Item) -> str:
    return "\n".join([say(item.prompt, "en", cite=False), *position_lines(item.position, "en")])


def cap(made: tuple[Item, ...]) -> float:
    """max(40 %, 1/k + 15 %), with 1/k averaged over the questions."""
    chance = sum(1 / len(item.choices) for item in made) / len(made)
    return max(0.40, chance + 0.15)


def wins(topic: str, seed: int = SEEDS[0]) -> dict[str, float]:
    """Each strategy's share of right answers over the topic's questions for ``seed``."""
    made = items(topic, seed)
    labels = [[shown(choice.label) for choice in item.choices] for item in made]
    seen = Counter(label for options in labels for label in options)
    shares = {}
    for name, strategy in STRATEGIES.items():
        right = 0
        for item, options in zip(made, labels, strict=True):
            picked = strategy(options, question_text(item), seen)
            right += item.choices[0 if picked is None else picked].correct
        shares[name] = right / len(made)
    return shares


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("topic", list(TOPICS))
def test_no_cue_strategy_beats_the_cap(topic: str, seed: int) -> None:
    limit = cap(items(topic, seed))
    beaten = {name: share for name, share in wins(topic, seed).items() if share > limit}
    assert not beaten, f"cap {limit:.0%}: " + ", ".join(f"{name} {share:.0%}" for name, share in beaten.items())


def test_the_strategies_do_find_a_cue() -> None:
    """Each strategy wins where its cue stands: the test would catch a topic that leaks one."""
    options = ["pass", "115", "120", "+15", "−10", shown(parse_card("10S"))]
    assert largest(options, "", Counter()) == 2
    assert smallest(options, "", Counter()) == 4
    assert pass_else_largest(options, "", Counter()) == 0
    assert copied(options, "The bidders made 115 of 120", Counter()) == 1
    assert copied(["+20", "−10"], "they won 10 points", Counter()) == 1
    assert most_frequent(["a", "b"], "", Counter({"b": 3, "a": 1})) == 1
