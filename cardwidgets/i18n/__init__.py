"""Message catalogues (English and Russian) and the renderer for explanations.

Each game keeps its messages in its own module here (``nimby.py`` …) as
``MESSAGES = {key: {"en": template, "ru": template}}``; templates use
``str.format`` fields filled from an explanation's parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from cardwidgets.i18n import analysis, bots, common, nestors, nimby, tumbochka

LOCALES = ("en", "ru")

CATALOGUE: dict[str, Mapping[str, str]] = {
    **common.MESSAGES,
    **nimby.MESSAGES,
    **nestors.MESSAGES,
    **tumbochka.MESSAGES,
    **bots.MESSAGES,
    **analysis.MESSAGES,
}


def render(key: str, params: Mapping[str, Any], locale: str = "en") -> str:
    """Render message ``key`` with ``params`` in ``locale``."""
    if locale not in LOCALES:
        raise ValueError(f'unknown locale "{locale}": expected one of {", ".join(LOCALES)}')
    templates = CATALOGUE.get(key)
    if templates is None:
        raise KeyError(f"no message {key!r}")
    values = {name: format_value(value, locale) for name, value in params.items()}
    return templates[locale].format(**values)


def format_value(value: Any, locale: str) -> str:
    """A parameter as text: cards canonical (``7H``), suits as symbols (``♥``)."""
    from cardwidgets.cards import Card, Suit  # local import: cards imports core

    if isinstance(value, Card):
        return value.text
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Enum):
        return str(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return " ".join(format_value(v, locale) for v in items)
    if isinstance(value, Mapping):
        return format_value(value.get(locale, ""), locale)
    return str(value)


_RANK_NAMES = {
    "en": ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"],
    "ru": ["двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз"],
}
_SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ru": {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"},
}


_PHASE_NAMES_RU = {
    "bidding": "торговля",
    "trump": "выбор козыря",
    "talon": "прикуп",
    "open": "первая взятка заказчика",
    "play": "розыгрыш",
    "leave": "выбор карты на стол",
    "done": "сдача окончена",
}


def phase_name(phase: str) -> dict[str, str]:
    """A phase's name per locale (English keeps the summary's phase word)."""
    return {"en": phase, "ru": _PHASE_NAMES_RU.get(phase, phase)}


def card_name(card: Any, locale: str = "en") -> str:
    """A card's spoken name: "ten of hearts" / «десятка червей»."""
    rank = _RANK_NAMES[locale][int(card.rank) - 2]
    suit = _SUIT_NAMES[locale][card.suit.value]
    return f"{rank} of {suit}" if locale == "en" else f"{rank} {suit}"
