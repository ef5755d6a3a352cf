"""Message catalogues (English and Russian), the default locale, and the renderer.

Each game keeps its messages in its own module here (``nimby.py`` …) as
``MESSAGES = {key: {"en": template, "ru": template}}``; templates use
``str.format`` fields filled from an explanation's parameters.

The default locale (used wherever no ``locale=`` is given) is, in order:
``set_locale(...)``, the environment variable ``CARDWIDGETS_LOCALE``, English.
Card and action names for people come from one place, ``cardwidgets.i18n.names``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from cardwidgets.i18n import analysis, bots, common, drills, nestors, nimby, tumbochka

LOCALES = ("en", "ru")
#: The environment variable a deployment (Binder, Voila, JupyterLite) sets to ``ru``.
LOCALE_ENV = "CARDWIDGETS_LOCALE"

CATALOGUE: dict[str, Mapping[str, str]] = {
    **common.MESSAGES,
    **nimby.MESSAGES,
    **nestors.MESSAGES,
    **tumbochka.MESSAGES,
    **bots.MESSAGES,
    **drills.MESSAGES,
    **analysis.MESSAGES,
}

_chosen: str | None = None


def check_locale(locale: str) -> str:
    """``locale`` if it is one of ``LOCALES``, else one clear ``ValueError``."""
    if locale not in LOCALES:
        raise ValueError(f'unknown locale "{locale}": expected one of {", ".join(LOCALES)}')
    return locale


def set_locale(locale: str | None) -> None:
    """Make ``locale`` (``"en"`` or ``"ru"``) the default; ``None`` goes back to the environment."""
    global _chosen  # noqa: PLW0603 - one process-wide setting, like the locale module's
    _chosen = None if locale is None else check_locale(locale)


def get_locale() -> str:
    """The default locale now (``set_locale``, else ``CARDWIDGETS_LOCALE``, else ``en``)."""
    return default_locale()


def default_locale() -> str:
    """The locale to use when none is given; an explicit ``locale=`` always wins over it.

    ``CARDWIDGETS_LOCALE`` may be ``ru``, ``ru_RU.UTF-8`` or ``ru-RU``; an unknown
    value is one clear ``ValueError`` naming the variable.
    """
    if _chosen is not None:
        return _chosen
    raw = os.environ.get(LOCALE_ENV, "").strip()
    if not raw:
        return "en"
    language = raw.replace("-", "_").split("_")[0].split(".")[0].lower()
    if language not in LOCALES:
        raise ValueError(f'{LOCALE_ENV}="{raw}" is not a locale cardwidgets knows: expected one of {", ".join(LOCALES)}')
    return language


def resolve(locale: str | None) -> str:
    """An explicit locale (checked), or the default one."""
    return default_locale() if locale is None else check_locale(locale)


def render(key: str, params: Mapping[str, Any], locale: str | None = None) -> str:
    """Render message ``key`` with ``params`` in ``locale`` (default: ``default_locale()``)."""
    locale = resolve(locale)
    templates = CATALOGUE.get(key)
    if templates is None:
        raise KeyError(f"no message {key!r}")
    values = {name: format_value(value, locale) for name, value in params.items()}
    return templates[locale].format(**values)


class ActionText(str):
    """A canonical action string shown to a person: ``play 5D`` / «сыграть 5♦» (JSON: the string).

    ``game`` picks the game's own words (Nimby's pass is «не соглашаться»).
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


def _action_text(text: str, game: str, locale: str) -> str:
    """One action (or a run ``bid 65 … bid 190``) as a person reads it in ``locale``."""
    from cardwidgets.i18n.names import action_phrase

    if locale == "en":
        return text
    return " … ".join(action_phrase(part, locale, game) for part in text.split(" … "))


def format_value(value: Any, locale: str) -> str:
    """A parameter as text: cards, ranks and actions as ``shown``; lists; per-locale dicts; numbers."""
    from cardwidgets.cards import Card, Rank, Suit  # local import: cards imports core

    if isinstance(value, (Card, Rank, CardText, ActionText, ActionList)):
        return shown(value, locale)
    if isinstance(value, Enum):
        return value.symbol if isinstance(value, Suit) else str(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return (" " if locale == "en" else ", ").join(format_value(v, locale) for v in items)
    if isinstance(value, Mapping):
        return format_value(value.get(locale, ""), locale)
    if isinstance(value, float) and locale == "ru":
        return str(value).replace(".", ",")  # Russian writes a decimal comma: 2,5
    return str(value)


def shown(value: Any, locale: str) -> str:
    """A card, rank or action in a sentence: English keeps ``7H``/``play 5D``; Russian «7♥», «сыграть 5♦»."""
    from cardwidgets.cards import Rank
    from cardwidgets.i18n.names import card_text, rank_plural

    if isinstance(value, ActionList):
        return ", ".join(_action_text(text, value.game, locale) for text in value)
    if isinstance(value, ActionText):
        return _action_text(value, value.game, locale)
    if locale == "en":
        return str(value) if isinstance(value, CardText) else value.text
    if isinstance(value, Rank):
        return rank_plural(value, locale)
    return card_text(value.card if isinstance(value, CardText) else value, locale)


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
    from cardwidgets.i18n.names import spoken_name

    return spoken_name(card, resolve(locale))
