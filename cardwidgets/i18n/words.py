"""A game's words join the catalogues here: ``add_words(words)`` when its package registers (docs/adding-a-game.md).

A game package keeps every word of its own in its ``words`` module, each table
optional, each in both languages (``{"en": {...}, "ru": {...}}`` unless said):

- ``MESSAGES`` (its engine's), ``BOT_MESSAGES``, ``DRILL_MESSAGES``, ``RECORD_MESSAGES``:
  explanations and reasons, ``{key: {"en": …, "ru": …}}`` (``CATALOGUE``);
- ``ACTION_LABELS`` / ``ACTION_DONE`` / ``ACTION_PHRASES``: its own action words (``names.py``): its own
  verbs (and a played card's trailing word) by name, its own word for a shared verb as ``<game>.<verb>``;
- ``POINT_FORMS``: ``(1, 2–4, 5+)`` Russian forms of its points noun (``names.py``);
- ``UI``: the front-end's texts it adds, ``GAME_UI``: its own words for generic ones (``ui.py``);
- ``DRILL_UI``: its topics' and its name's texts in the Drill (``drills.py``);
- ``TOOLS``: its texts in the teaching and instructor tools (``tools.py``);
- ``PHASE_NAMES``: its own phases as a sentence names them, ``{phase: {"en": …, "ru": …}}`` (``i18n/__init__.py``).

``WordTables`` types them; ``word_tables(words)`` reads a module's and checks each one's
shape (its locales, its keys, its texts' types), so that a malformed table is one
``ValueError`` naming the module and the table when the game registers, not a
``KeyError`` when a text is first shown. Other module-level names (a game's own
tables, read by its own code) are the game's business and are not read here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, TypedDict, cast

from cardwidgets.i18n import LOCALES, PHASE_NAMES, add_messages, drills, names, tools, ui

#: The message tables a game's words may have (its engine's, its bot's, its drills', its records'), all for ``CATALOGUE``.
MESSAGE_TABLES = ("MESSAGES", "BOT_MESSAGES", "DRILL_MESSAGES", "RECORD_MESSAGES")
#: The per-locale tables a game's words may add to, by the name its ``words`` module gives them.
TABLES: dict[str, dict[str, dict[str, Any]]] = {
    "ACTION_LABELS": names.ACTION_LABELS,
    "ACTION_DONE": names.ACTION_DONE,
    "ACTION_PHRASES": names.ACTION_PHRASES,
    "UI": ui.UI,
    "DRILL_UI": drills.DRILL_UI,
    "TOOLS": tools.TOOLS,
}
#: The per-locale tables whose every key must have a text in each of ``LOCALES`` (the others may give one only,
#: their other locale made by rule, e.g. English action words from the verb).
ALL_LOCALES = ("UI", "DRILL_UI", "TOOLS")

#: A table of strings two keys deep: ``{key: {locale: text}}`` or ``{locale: {key: text}}``.
Texts = Mapping[str, Mapping[str, str]]


class WordTables(TypedDict, total=False):
    """The tables a game's ``words`` module may define (module-level names, each optional), typed.

    Message tables are ``{key: {locale: template}}`` with a template in each of ``LOCALES``;
    the catalogue tables (``TABLES``) are ``{locale: {key: text}}``, the same keys in each
    locale given; ``GAME_UI`` is ``{locale: {game: {key: text}}}``; ``POINT_FORMS``
    ``{game: (form for 1, for 2–4, for 5+)}``.
    """

    MESSAGES: Texts
    BOT_MESSAGES: Texts
    DRILL_MESSAGES: Texts
    RECORD_MESSAGES: Texts
    ACTION_LABELS: Texts
    ACTION_DONE: Mapping[str, Mapping[str, tuple[str, str]]]
    ACTION_PHRASES: Texts
    PHASE_NAMES: Texts
    UI: Texts
    DRILL_UI: Texts
    TOOLS: Texts
    GAME_UI: Mapping[str, Mapping[str, Mapping[str, str]]]
    POINT_FORMS: Mapping[str, tuple[str, str, str]]


def _is_text(name: str, value: object) -> bool:
    """Whether ``value`` is a text of table ``name``: a string, or ``ACTION_DONE``'s pair of strings."""
    if name == "ACTION_DONE":
        return isinstance(value, tuple) and len(value) == 2 and all(isinstance(part, str) for part in value)
    return isinstance(value, str)


def _texts_problem(name: str, where: str, texts: object) -> str:
    """What is wrong with ``texts`` (``{key: text}`` at ``where`` in table ``name``); "" when nothing."""
    if not isinstance(texts, Mapping):
        return f"{where} is a {type(texts).__name__}, not a dict of texts"
    bad = [key for key, text in texts.items() if not isinstance(key, str) or not _is_text(name, text)]
    if bad:
        kind = "a pair of strings" if name == "ACTION_DONE" else "a string"
        return f"{where}: the text of {', '.join(map(repr, bad[:5]))} is not {kind}"
    return ""


def _locales_problem(locales: object, *, every: bool) -> str:
    """What is wrong with a table's set of locales (``every``: all of ``LOCALES`` needed); "" when nothing."""
    given = set(locales) if isinstance(locales, Mapping) else set()
    unknown = given - set(LOCALES)
    missing = [locale for locale in LOCALES if locale not in given] if every else []
    if unknown or missing:
        found = ", ".join(sorted(map(str, given))) or "none"
        return f"its locales are {found}; expected {'' if every else 'some of '}{', '.join(LOCALES)}"
    return ""


def _first(problems: Iterable[str]) -> str:
    """The first of ``problems`` that says something ("" when none does)."""
    return next((problem for problem in problems if problem), "")


def _messages_problem(name: str, table: Mapping[Any, Any]) -> str:
    """A message table: a template for each key in each of ``LOCALES``."""
    return _first(
        f"message {key!r}: {_locales_problem(templates, every=True)}"
        if isinstance(templates, Mapping) and _locales_problem(templates, every=True)
        else _texts_problem(name, f"message {key!r}", templates)
        for key, templates in table.items()
    )


def _forms_problem(table: Mapping[Any, Any]) -> str:
    """``POINT_FORMS``: three Russian forms of a game's points noun."""
    bad = [
        game
        for game, forms in table.items()
        if not (isinstance(forms, tuple) and len(forms) == 3 and all(isinstance(form, str) for form in forms))
    ]
    return f"the forms of {', '.join(map(repr, bad))} are not three strings (for 1, 2–4, 5+)" if bad else ""


def _game_ui_problem(table: Mapping[Any, Any]) -> str:
    """``GAME_UI``: per locale, per game, its own words for generic texts."""
    return _locales_problem(table, every=False) or _first(
        f"{locale} is a {type(per_game).__name__}, not a dict of games"
        if not isinstance(per_game, Mapping)
        else _first(_texts_problem("GAME_UI", f"{locale} {game}", texts) for game, texts in per_game.items())
        for locale, per_game in table.items()
    )


def _per_locale_problem(name: str, table: Mapping[Any, Any]) -> str:
    """A catalogue table (``TABLES``): per locale its texts; in ``ALL_LOCALES``' tables, the same keys in each.

    An action word may be given in one locale only (its other made by rule, e.g. a game's own Russian
    word for a shared verb).
    """
    problem = _locales_problem(table, every=name in ALL_LOCALES) or _first(
        _texts_problem(name, locale, texts) for locale, texts in table.items()
    )
    if problem or name not in ALL_LOCALES:
        return problem
    keys = {locale: set(texts) for locale, texts in table.items()}
    every = set().union(*keys.values())
    return "; ".join(
        f"{locale} lacks {', '.join(sorted(every - own)[:5])}" for locale, own in keys.items() if own != every
    )


def _table_problem(name: str, table: object) -> str:
    """What is wrong with ``table``, the words' table called ``name``, in one sentence; "" when nothing."""
    if not isinstance(table, Mapping):
        return f"it is a {type(table).__name__}, not a dict"
    if name in (*MESSAGE_TABLES, "PHASE_NAMES"):  # {key: {locale: text}}
        return _messages_problem(name, table)
    if name == "POINT_FORMS":
        return _forms_problem(table)
    if name == "GAME_UI":
        return _game_ui_problem(table)
    return _per_locale_problem(name, table)


def word_tables(words: ModuleType) -> WordTables:
    """The tables ``words`` (a game's words module) defines, each checked; one ``ValueError`` naming the bad ones."""
    known = (*MESSAGE_TABLES, *TABLES, "GAME_UI", "POINT_FORMS", "PHASE_NAMES")
    defined = vars(words)
    found = {name: defined[name] for name in known if name in defined}
    problems = [f"{name}: {problem}" for name, table in found.items() if (problem := _table_problem(name, table))]
    if problems:
        raise ValueError(f"{words.__name__}: malformed word tables: {'; '.join(problems)}")
    return cast("WordTables", found)


def _clashes(target: Mapping[str, Mapping[str, Any]], texts: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The keys of ``texts`` (per locale) that ``target`` has already with another text."""
    return [
        f"{locale}:{key}"
        for locale, own in texts.items()
        for key, text in own.items()
        if locale not in target or target[locale].get(key, text) != text
    ]


def add_words(words: ModuleType) -> None:
    """Add the tables a game's ``words`` module has (see the module docstring) to the catalogues.

    A malformed table (``word_tables``), a key already there with another text, or an unknown
    locale is one ``ValueError``, and nothing is added.
    """
    tables: Mapping[str, Any] = word_tables(words)  # read by name: each catalogue table's name is its words' table's
    found: dict[str, Mapping[str, Mapping[str, Any]]] = {name: tables[name] for name in TABLES if name in tables}
    clashes = [f"{name} {key}" for name, texts in found.items() for key in _clashes(TABLES[name], texts)]
    phases: Texts = tables.get("PHASE_NAMES", {})
    clashes += [f"PHASE_NAMES {phase}" for phase, texts in phases.items() if PHASE_NAMES.get(phase, texts) != texts]
    if clashes:
        raise ValueError(f"{words.__name__}: already in the catalogues with another text: {', '.join(clashes)}")
    messages = [tables[name] for name in MESSAGE_TABLES if name in tables]
    add_messages({key: texts for table in messages for key, texts in table.items()})
    for name, texts in found.items():
        for locale, own in texts.items():
            TABLES[name][locale].update(own)
    for locale, per_game in tables.get("GAME_UI", {}).items():
        for game, game_texts in per_game.items():
            ui.GAME_UI.setdefault(locale, {}).setdefault(game, {}).update(game_texts)
    names.POINT_FORMS.update(tables.get("POINT_FORMS", {}))
    PHASE_NAMES.update({phase: dict(texts) for phase, texts in phases.items()})
