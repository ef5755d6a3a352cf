"""Message catalogues (English and Russian), the default locale, and the renderer.

The generic messages live in the modules here, each as
``MESSAGES = {key: {"en": template, "ru": template}}``; templates use
``str.format`` fields filled from an explanation's parameters. Each game keeps
its own words in its package (``cardwidgets/games/<game>/words.py``) and adds
them with ``add_messages`` when it registers.

The default locale (used wherever no ``locale=`` is given) is, in order:
``set_locale(...)``, the environment variable ``CARDWIDGETS_LOCALE``, English.
Card and action names for people come from one place, ``cardwidgets.i18n.names``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardwidgets.cards import Card, CardError, Rank, Suit
from cardwidgets.i18n import analysis, bots, common, drills, puzzle_play, puzzles, records, rooms
from cardwidgets.i18n.locale import (
    LOCALE_ENV,
    LOCALES,
    check_locale,
    default_locale,
    get_locale,
    resolve,
    set_locale,
)
from cardwidgets.i18n.names import (
    action_phrase,
    card_text,
    number_text,
    points_text,
    rank_plural,
    russian_plural,
    spoken_name,
)

__all__ = [
    "CATALOGUE",
    "LOCALES",
    "LOCALE_ENV",
    "ActionList",
    "ActionText",
    "CardText",
    "Points",
    "add_messages",
    "card_name",
    "check_locale",
    "default_locale",
    "format_value",
    "get_locale",
    "note_text",
    "number_text",
    "phase_name",
    "render",
    "resolve",
    "set_locale",
    "shown",
]

CATALOGUE: dict[str, Mapping[str, str]] = {
    **common.MESSAGES,
    **bots.MESSAGES,
    **drills.MESSAGES,
    **analysis.MESSAGES,
    **records.MESSAGES,
    **rooms.MESSAGES,
    **puzzles.MESSAGES,
    **puzzle_play.MESSAGES,
}


def add_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add a game's messages to the catalogue (its package does, on registering); a key may come once.

    Every message needs a template in each of ``LOCALES``.
    """
    for key, templates in messages.items():
        missing = [locale for locale in LOCALES if locale not in templates]
        if missing:
            raise ValueError(f"message {key!r} has no {', '.join(missing)} template")
        if CATALOGUE.get(key, templates) != templates:
            raise ValueError(f"message {key!r} is in the catalogue already")
    CATALOGUE.update(messages)


def render(key: str, params: Mapping[str, Any], locale: str | None = None) -> str:
    """Render message ``key`` with ``params`` in ``locale`` (default: ``default_locale()``).

    A number's field may carry the words that follow it, one form per number class, and they
    agree with it: ``{n:сдаче|сдачах|сдачах}`` gives «в 41 сдаче», «в 42 сдачах» (Russian: the
    forms for 1, 2–4, 5+ as ``russian_plural`` picks them; English: ``{n:deal|deals}``).
    """
    locale = resolve(locale)
    templates = CATALOGUE.get(key)
    if templates is None:
        raise KeyError(f"no message {key!r}")
    values = {name: _field(value, locale) for name, value in params.items()}
    return templates[locale].format(**values)


class _NumberField(str):
    """A number written as ``locale`` writes it, which agrees with the words a template puts after it."""

    value: float
    locale: str

    def __new__(cls, value: float, locale: str) -> _NumberField:
        obj = super().__new__(cls, format_value(value, locale))
        obj.value, obj.locale = value, locale
        return obj

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return str.__format__(str(self), spec)
        forms = spec.split("|")
        return f"{self} {agreeing_form(self.value, forms, self.locale)}"


def agreeing_form(value: float, forms: list[str], locale: str) -> str:
    """Which of ``forms`` follows ``value``: English (one, many); Russian (1, 2–4, 5+), a fraction the 2–4 one."""
    expected = 2 if locale == "en" else 3
    if len(forms) != expected:
        raise ValueError(f"a number's words in {locale} need {expected} forms, not {len(forms)}: {'|'.join(forms)}")
    if locale == "en":
        return forms[0] if abs(value) == 1 else forms[1]
    if value != int(value):
        return forms[1]  # «2,5 сдачи»: a fraction takes the genitive singular
    return russian_plural(int(value), *forms)


def _field(value: Any, locale: str) -> str:
    """A parameter ready for ``str.format``: numbers keep their value so the words after them can agree."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return _NumberField(value, locale) if number else format_value(value, locale)


class ActionText(str):
    """A canonical action string shown to a person: ``play 5D`` / «сыграть 5♦» (JSON: the string).

    ``game`` picks the game's own words (a game's own word for a pass, its ``ACTION_LABELS``).
    """

    game: str

    def __new__(cls, text: str, game: str = "") -> ActionText:  # noqa: D102
        obj = super().__new__(cls, text)
        obj.game = game
        return obj

    def __reduce__(self) -> tuple[type[ActionText], tuple[str, str]]:
        return ActionText, (str(self), self.game)


class ActionList(tuple[str, ...]):
    """Canonical action strings listed for a person (JSON: a list of strings).

    An item may be a shortened run, ``bid 65 … bid 190``.
    """

    game: str

    def __new__(cls, texts: Iterable[str], game: str = "") -> ActionList:  # noqa: D102
        obj = super().__new__(cls, texts)
        obj.game = game
        return obj

    def __reduce__(self) -> tuple[type[ActionList], tuple[tuple[str, ...], str]]:
        return ActionList, (tuple(self), self.game)


class CardText(str):
    """A card written with its suit symbol inside a sentence: ``A♦`` in English, «Т♦» in Russian."""

    card: Any

    def __new__(cls, card: Any) -> CardText:  # noqa: D102
        obj = super().__new__(cls, card.symbol_text)
        obj.card = card
        return obj

    def __reduce__(self) -> tuple[type[CardText], tuple[Any]]:
        return CardText, (self.card,)


@dataclass(frozen=True)
class Points:
    """A number of points inside a sentence: "1 point", "+2.5 points" / «1 очко», «+2,5 очка», «5 баллов».

    ``game`` picks the seed's noun (a game's ``POINT_FORMS``, docs/glossary.md); ``signed`` writes
    ``+`` before a positive value; ``decimals`` fixes the digits after the point.
    """

    value: float
    game: str = ""
    signed: bool = False
    decimals: int | None = None

    def text(self, locale: str) -> str:
        """The points as ``locale`` writes them."""
        return points_text(self.value, locale, self.game, signed=self.signed, decimals=self.decimals)


def _action_text(text: str, game: str, locale: str) -> str:
    """One action (or a run ``bid 65 … bid 190``) as a person reads it in ``locale`` (never its code)."""
    return " … ".join(action_phrase(part, locale, game) for part in text.split(" … "))


def format_value(value: Any, locale: str) -> str:
    """A parameter as text: cards, ranks and actions as ``shown``; lists; per-locale dicts; numbers."""
    if isinstance(value, (Card, Rank, CardText, ActionText, ActionList)):
        return shown(value, locale)
    if isinstance(value, Enum):
        return value.symbol if isinstance(value, Suit) else str(value)
    if isinstance(value, CardError) or callable(getattr(value, "text", None)):  # Points, an inner Explanation
        return _card_error_text(value, locale) if isinstance(value, CardError) else value.text(locale)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return (" " if locale == "en" else ", ").join(format_value(v, locale) for v in items)
    if isinstance(value, Mapping):
        return format_value(value.get(locale, ""), locale)
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number_text(value, locale) if number else str(value)  # Russian numbers: «−2,5»


def _card_error_text(error: CardError, locale: str) -> str:
    """A bad card text's error in ``locale`` (English: its message as raised)."""
    key = getattr(error, "key", "")
    if locale == "en" or key not in CATALOGUE:
        return str(error)
    return render(key, {"text": getattr(error, "given", "")}, locale)


def shown(value: Any, locale: str) -> str:
    """A card, rank or action in a sentence, never its code: "7♥", "play 5♦" / «7♥», «сыграть 5♦»."""
    if isinstance(value, ActionList):
        return ", ".join(_action_text(text, value.game, locale) for text in value)
    if isinstance(value, ActionText):
        return _action_text(value, value.game, locale)
    if isinstance(value, CardText):
        return str(value) if locale == "en" else card_text(value.card, locale)
    if isinstance(value, Rank):
        return value.text if locale == "en" else rank_plural(value, locale)
    return card_text(value, locale)  # a card: "A♠" / «Т♠», never "AS"


#: The phases as a sentence names them (the summary's phase word is the key): those many games have;
#: a game's words add its own phases (``PHASE_NAMES`` of its words, ``i18n/words.py``).
PHASE_NAMES = {
    "bidding": {"en": "bidding", "ru": "торговля"},
    "trump": {"en": "trump", "ru": "выбор козыря"},
    "play": {"en": "play", "ru": "розыгрыш"},
    "done": {"en": "done", "ru": "сдача окончена"},
}


def phase_name(phase: str) -> dict[str, str]:
    """A phase's name per locale."""
    return PHASE_NAMES.get(phase, {"en": phase, "ru": phase})


def note_text(note: str | Mapping[str, str] | None, locale: str | None = None) -> str:
    """A record's note in ``locale`` (``docs/records.md``, *notes*).

    A plain text is returned as it is; of ``{"en": …, "ru": …}`` the text in
    ``locale``, else the English one, else whichever there is.
    """
    if note is None or isinstance(note, str):
        return note or ""
    locale = resolve(locale)
    return note.get(locale) or note.get("en") or next(iter(note.values()), "")


def card_name(card: Any, locale: str | None = None) -> str:
    """A card's spoken name: "ten of hearts" / «десятка червей»."""
    return spoken_name(card, resolve(locale))
