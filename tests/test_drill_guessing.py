"""Drills no one can guess: over 200 questions of any topic, for several seeds,

- no answer (value or place among the options) is right in more than 40 % of the
  questions, nor more than 15 points above 1/k for k options (for two options,
  where 40 % cannot hold for both, only the second line: at most 65 %);
- exactly one answer is right, and no question repeats within 20 in a row;
- no text of the question names its answer.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from cardwidgets.drills import TOPICS, Item, feedback, say
from cardwidgets.drills.base import label_text, position_json
from cardwidgets.drills.series import WINDOW, Series, item_key

SEEDS = (1, 2, 3)
COUNT = 200


@cache
def series(topic: str, seed: int) -> tuple[Item, ...]:
    made = Series(topic, seed)
    return tuple(made.make(n)[1] for n in range(COUNT))


def cap(items: tuple[Item, ...]) -> float:
    """The most questions one answer may be right in: 40 %, or 1/k + 15 points where 40 % is below 1/k."""
    chance = sum(1 / len(item.choices) for item in items) / len(items)
    return chance + 0.15 if chance >= 0.40 else min(0.40, chance + 0.15)


def right(item: Item) -> int:
    (index,) = [i for i, choice in enumerate(item.choices) if choice.correct]
    return index


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("topic", list(TOPICS))
def test_no_answer_is_right_too_often(topic: str, seed: int) -> None:
    items = series(topic, seed)
    assert all(sum(choice.correct for choice in item.choices) == 1 for item in items)
    values = Counter(label_text(item.choices[right(item)].label, "en") for item in items)
    places = Counter(right(item) for item in items)
    most = cap(items) * len(items)
    assert values.most_common(1)[0][1] <= most, values.most_common(3)
    assert places.most_common(1)[0][1] <= most, places


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("topic", list(TOPICS))
def test_no_question_repeats_within_twenty(topic: str, seed: int) -> None:
    keys = [item_key(item) for item in series(topic, seed)]
    repeats = [n for n in range(len(keys)) if keys[n] in keys[max(0, n - WINDOW + 1) : n]]
    assert not repeats


def question_text(item: Item, locale: str) -> tuple[str, str]:
    """(the prompt, the prompt with the facts shown beside the position)."""
    prompt = say(item.prompt, locale, cite=False)
    return prompt, " ".join([prompt, *position_json(item.position, locale)["facts"]])


def named(label: str, text: str) -> bool:
    return re.search(rf"(?<![\w+−-]){re.escape(label)}(?![\w])", text) is not None


@pytest.mark.parametrize("topic", list(TOPICS))
def test_no_question_names_its_answer(topic: str) -> None:
    """The right answer is not in the question's words unless every other answer is too (``A, B and C played``)."""
    for item in series(topic, SEEDS[0]):
        for locale in ("en", "ru"):
            prompt, everything = question_text(item, locale)
            labels = [label_text(choice.label, locale) for choice in item.choices]
            answer = labels.pop(right(item))
            # a number or a call may stand in the scores or the calls so far: only the prompt counts then
            text = prompt if answer.isdigit() or topic.endswith(("-bids", "-bidding")) else everything
            assert not named(answer, text) or all(named(label, text) for label in labels), (answer, text)


def test_feedback_gives_the_decisive_fact_first() -> None:
    """Not 2♠: 2♠ is a trump, so it does not follow ♠ (NIM-5) — in English and in Russian."""
    seen = 0
    for item in series("nimby-may-play", 1):
        led = item.position.trick[0][1]
        for index, choice in enumerate(item.choices):
            card = choice.label
            if choice.correct or card.rank.text != "2" or card.suit is not led.suit:  # type: ignore[union-attr]
                continue
            en, ru = feedback(item, index, "en")["text"], feedback(item, index, "ru")["text"]
            symbol = led.suit.symbol
            assert en.startswith(f"Not 2{symbol}: 2{symbol} is a trump (every 2 is), so it does not follow {symbol}")
            assert en.endswith("(NIM-5)")
            assert ru.startswith(f"Нет, не 2{symbol}: 2{symbol} — козырь (как любая двойка)")
            seen += 1
    assert seen > 20
