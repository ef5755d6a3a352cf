"""How a person reads a card, a rank or an action, per locale: the one place for it.

English keeps the letters of the canonical text (``A♠``, ``Play 10♥``); Russian
uses the letters of the seeds («6, 7, 8, 9, 10, В, Д, К, Т»)::

    card_text(parse_card("AS"), "ru")   -> "Т♠"
    action_label("play JD", "ru")       -> "Сыграть В♦"     (a button)
    action_phrase("play JD", "ru")      -> "сыграть В♦"     (inside a sentence)

The canonical strings (``AS``, ``play JD``) stay what the engine and the DOM
hooks (``data-card``, ``data-action``) use; only what a person reads changes.
"""

from __future__ import annotations

import re
from contextlib import suppress
from functools import lru_cache
from typing import Any

from cardwidgets.cards import ALL_CARDS, Card, CardError, Rank, parse_card
from cardwidgets.i18n.locale import resolve

#: Rank letters a person reads (the seeds' В, Д, К, Т in Russian).
RANK_LETTERS: dict[str, dict[str, str]] = {
    "en": {},
    "ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"},
}

_RANK_NAMES = {
    "en": ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"],
    "ru": ["двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз"],
}
#: A rank as a trump or a set of cards: "Aces" / «тузы» (a game may name trump by rank).
_RANK_PLURALS = {
    "en": ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Tens", "Jacks", "Queens", "Kings", "Aces"],
    "ru": ["двойки", "тройки", "четвёрки", "пятёрки", "шестёрки", "семёрки", "восьмёрки", "девятки", "десятки", "валеты", "дамы", "короли", "тузы"],
}
_SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ru": {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"},
}

#: The button labels of the actions every game may have; each game's words add its own verbs (``add_words``).
ACTION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "pass": "Pass",
        "bid": "Bid {0}",
        "play": "Play {0}",
    },
    "ru": {
        "pass": "Пас",
        "bid": "Ставка {0}",
        "play": "Сыграть {0}",
    },
}

#: An action inside a sentence where its button label, lower-cased, would not read as one (a label that
#: exclaims, "Announce! Lead J♣"): each game's words add its own (``add_words``).
ACTION_PHRASES: dict[str, dict[str, str]] = {"en": {}, "ru": {}}

#: An action told as done (the status line during bot moves): ``{seat}`` is the seat's name, ``{0}``… the
#: action's words as in ``ACTION_LABELS``; Russian agrees with «Вы» in the plural (the second form).
ACTION_DONE: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "pass": ("{seat} passed", "{seat} passed"),
        "bid": ("{seat} bid {0}", "{seat} bid {0}"),
        "play": ("{seat} played {0}", "{seat} played {0}"),
    },
    "ru": {
        "pass": ("{seat} спасовал", "{seat} спасовали"),
        "bid": ("{seat} сделал ставку {0}", "{seat} сделали ставку {0}"),
        "play": ("{seat} сыграл {0}", "{seat} сыграли {0}"),
    },
}


def action_done(text: str, seat_name: str, locale: str, game: str = "", *, own: bool = False) -> str:
    """``seat_name`` and the action as done: "Seat 2 passed", "You played 10♠" / «Игрок 2 сыграл 10♠».

    An action the table does not know is told as "Seat 0: …" with its words (never its code).
    """
    verb, args, hidden = _action_parts(text, locale)
    table = ACTION_DONE[locale]
    forms = (hidden and table.get(f"{verb}.hidden")) or table.get(f"{game}.{verb}") or table.get(verb)
    if forms is None or forms[0].count("{") - 1 > len(args):
        return f"{seat_name}: {action_phrase(text, locale, game)}"
    return forms[1 if own else 0].format(*[word_text(a, locale) for a in args], seat=seat_name)


def _action_parts(text: str, locale: str) -> tuple[str, list[str], bool]:
    """An action's verb (a flagged play: its flag), its words, and whether a card is hidden (``?``)."""
    verb, *args = text.split() or [""]
    if verb == "play" and len(args) == 2:  # a play with a trailing word (``play CARD WORD``): the word's words
        verb, args = args[1], args[:1]
    if verb == "trump" and args:
        with suppress(CardError):
            args = [rank_plural(Rank.parse(args[0]), locale)]
    return verb, args, "?" in args


def rank_text(rank: Rank, locale: str) -> str:
    """A rank as printed on a card face: ``A`` / «Т», ``10``."""
    return RANK_LETTERS[locale].get(rank.text, rank.text)


def card_text(card: Card, locale: str) -> str:
    """A card with its suit symbol, as a person reads it: ``A♠`` / «Т♠», ``10♥``."""
    return rank_text(card.rank, locale) + card.suit.symbol


def rank_plural(rank: Rank, locale: str) -> str:
    """A rank as a group of cards: "Aces" / «тузы»."""
    return _RANK_PLURALS[locale][int(rank) - 2]


def spoken_name(card: Any, locale: str) -> str:
    """A card's spoken name: "ten of hearts" / «десятка червей»."""
    rank = _RANK_NAMES[locale][int(card.rank) - 2]
    suit = _SUIT_NAMES[locale][card.suit.value]
    return f"{rank} of {suit}" if locale == "en" else f"{rank} {suit}"


#: A card as a person or the engine may write it: ``10H``, ``10♥``, ``♥10``, ``Т♠`` (not inside a longer word).
_CARD_MENTION = re.compile(
    r"(?<![0-9A-Za-zА-Яа-яЁё])(?:(10|[2-9JQKAВДКТ])([SHDC♠♥♦♣])|([♠♥♦♣])(10|[2-9JQKAВДКТ]))(?![0-9A-Za-zА-Яа-яЁё])"
)


@lru_cache(maxsize=4096)  # a replay asks again for every note at every step
def cards_named(text: str) -> frozenset[Card]:
    """Every card that ``text`` names, in any notation a person reads or the engine writes.

    Codes (``10H``), suit symbols before or after the rank (``10♥``, ``♥10``), the Russian
    faces (``Т♠``) and spoken names ("ten of hearts", «десятка червей»). A seat's view uses it
    to keep texts that would name a hidden card from the browser (``widgets/replay.py``).
    """
    found = set()
    for match in _CARD_MENTION.finditer(text):
        rank, suit = (match[1], match[2]) if match[1] else (match[4], match[3])
        with suppress(CardError):
            found.add(parse_card(rank + suit))
    lowered = text.lower()
    found.update(card for name, card in _SPOKEN_CARDS.items() if name in lowered)
    return frozenset(found)


def word_text(word: str, locale: str) -> str:
    """One word of an action: a card shown as ``card_text``; any other word unchanged."""
    try:
        card = parse_card(word)
    except CardError:
        return word
    return card_text(card, locale) if word == card.text else word


def action_label(text: str, locale: str | None = None, game: str = "") -> str:
    """A button label for a canonical action string: ``bid 60`` -> "Bid 60" / «Ставка 60».

    ``game`` picks a game's own word where the seeds differ (its words'
    ``ACTION_LABELS``: ``<game>.<verb>``).
    """
    locale = resolve(locale)
    verb, args, unseen = _action_parts(text, locale)
    labels = ACTION_LABELS[locale]
    hidden = unseen and labels.get(f"{verb}.hidden")  # a card the reader may not see: "a card"
    template = hidden or labels.get(f"{game}.{verb}") or labels.get(verb)
    if template is None:
        return text
    words = [word_text(a, locale) for a in args]
    if template.count("{") > len(words):
        return text
    return template.format(*words)


def action_phrase(text: str, locale: str | None = None, game: str = "") -> str:
    """An action inside a sentence: "play A♠" / «сыграть Т♠» (the label, lower-cased, or ``ACTION_PHRASES``)."""
    locale = resolve(locale)
    verb, args, _unseen = _action_parts(text, locale)
    own = ACTION_PHRASES[locale].get(verb)
    if own is not None and own.count("{") <= len(args):
        return own.format(*[word_text(a, locale) for a in args])
    label = action_label(text, locale, game)
    return label[:1].lower() + label[1:] if label != text else text


# ----- numbers and points --------------------------------------------------------------------------------------
#: Russian nouns for points, as (1, 2–4, 5+) forms: «очки», unless a game's seed counts in another noun
#: (its words' ``POINT_FORMS``, docs/glossary.md).
POINT_FORMS: dict[str, tuple[str, str, str]] = {
    "": ("очко", "очка", "очков"),
}
#: The Russian minus sign (U+2212), not the hyphen English text uses.
MINUS = "\u2212"


def number_text(value: float, locale: str, *, signed: bool = False, decimals: int | None = None) -> str:
    """A number as ``locale`` writes it: ``-2.5`` / «−2,5» (a decimal comma and a real minus in Russian).

    ``decimals`` fixes the digits after the point; ``signed`` writes ``+`` before a positive number.
    """
    if decimals is not None:
        value = round(value, decimals) + 0.0  # no "-0.0": a value that rounds to zero is written as zero
        text = f"{value:{'+' if signed else ''}.{decimals}f}"
    else:
        text = f"{value:+}" if signed else str(value)
    if locale == "ru":
        text = text.replace(".", ",").replace("-", MINUS)
    return text


def points_word(value: float, locale: str, game: str = "", *, fraction: bool = False) -> str:
    """The noun after ``value``: "point"/"points"; «очко/очка/очков» (or the game's ``POINT_FORMS``).

    ``fraction``: the number is written with decimals ("1.0 points", «1,0 очка»).
    """
    whole = value == int(value) and not fraction
    if locale == "en":
        return "point" if whole and abs(value) == 1 else "points"
    one, few, many = POINT_FORMS.get(game, POINT_FORMS[""])
    if not whole:
        return few  # a fraction takes the genitive singular: «2,5 очка»
    return russian_plural(int(value), one, few, many)


def russian_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form after the whole number ``n``: 1 карта, 2 карты, 5 карт, 21 карта, 11 карт."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


#: Counted nouns: English (one, many), Russian (1, 2–4, 5+) — the one table ``count_text`` reads.
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "card": {"en": ("card", "cards"), "ru": ("карта", "карты", "карт")},
    "trick": {"en": ("trick", "tricks"), "ru": ("взятка", "взятки", "взяток")},
    "point": {"en": ("point", "points"), "ru": POINT_FORMS[""]},
}


def count_text(n: int, noun: str, locale: str) -> str:
    """A whole number with its noun agreeing: "1 trick", "3 tricks" / «1 взятка», «3 взятки», «5 взяток»."""
    forms = NOUNS[noun][locale]
    if locale == "en":
        return f"{n} {forms[0] if abs(n) == 1 else forms[1]}"
    return f"{number_text(n, locale)} {russian_plural(n, *forms)}"


def cards_text(n: int, locale: str) -> str:
    """How many cards a hand held face down has: "1 card", "5 cards" / «1 карта», «3 карты», «5 карт»."""
    return count_text(n, "card", locale)


def points_text(value: float, locale: str, game: str = "", *, signed: bool = False, decimals: int | None = None) -> str:
    """A number of points: "1 point", "+2.5 points" / «1 очко», «+2,5 очка», «5 баллов» (a game's own noun)."""
    shown = number_text(value, locale, signed=signed, decimals=decimals)
    written = float(shown.replace(",", ".").replace(MINUS, "-"))
    # The noun agrees with the number as written: "1 point", but "1.0 points", «1,0 очка».
    fraction = "." in shown or "," in shown
    return f"{shown} {points_word(written, locale, game, fraction=fraction)}"


#: Every card's spoken name in both languages ("ten of hearts", «десятка червей») -> the card.
_SPOKEN_CARDS: dict[str, Card] = {spoken_name(card, locale): card for card in ALL_CARDS for locale in _RANK_NAMES}
