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
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from cardwidgets.i18n import PHASE_NAMES, add_messages, drills, names, tools, ui

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

    A key already there with another text (or an unknown locale) is one ``ValueError``, and nothing is added.
    """
    found = {name: getattr(words, name) for name in TABLES if hasattr(words, name)}
    clashes = [f"{name} {key}" for name, texts in found.items() for key in _clashes(TABLES[name], texts)]
    phases = getattr(words, "PHASE_NAMES", {})
    clashes += [f"PHASE_NAMES {phase}" for phase, texts in phases.items() if PHASE_NAMES.get(phase, texts) != texts]
    if clashes:
        raise ValueError(f"{words.__name__}: already in the catalogues with another text: {', '.join(clashes)}")
    messages = [getattr(words, name) for name in MESSAGE_TABLES if hasattr(words, name)]
    add_messages({key: texts for table in messages for key, texts in table.items()})
    for name, texts in found.items():
        for locale, own in texts.items():
            TABLES[name][locale].update(own)
    for locale, per_game in getattr(words, "GAME_UI", {}).items():
        for game, texts in per_game.items():
            ui.GAME_UI.setdefault(locale, {}).setdefault(game, {}).update(texts)
    names.POINT_FORMS.update(getattr(words, "POINT_FORMS", {}))
    PHASE_NAMES.update(phases)
