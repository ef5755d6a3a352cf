"""cardwidgets: rule engines and notebook card tables for Nimby, Tumbochka and Nestors."""

from __future__ import annotations

from cardwidgets.cards import Card, Rank, Suit, parse_card
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import CardError, IllegalActionError, RecordError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.records import load_record, record_of, replay, save_record, summary
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES, get_game, new_game
from cardwidgets.i18n import get_locale, set_locale
from cardwidgets.i18n.lesson_lines import lesson_text

#: The widgets and the HTML snapshot, imported on first use so the engines load without Jupyter.
WIDGETS = ("Classroom", "Drill", "HandReplay", "Puzzle", "Table", "to_html", "to_slides")
#: A game's own widgets, by the module of its package that holds them (imported on first use too).
GAME_WIDGETS = {"TrickExplorer": "cardwidgets.games.nestors.explorer"}


def __getattr__(name: str) -> object:
    """``cardwidgets.Table`` (and the other ``WIDGETS``, ``GAME_WIDGETS``) are imported on first use."""
    if name in WIDGETS:
        from cardwidgets import widgets

        return getattr(widgets, name)
    if name in GAME_WIDGETS:
        import importlib

        return getattr(importlib.import_module(GAME_WIDGETS[name]), name)
    raise AttributeError(f"module 'cardwidgets' has no attribute {name!r}")


__all__ = [
    "GAMES",
    "Action",
    "Card",
    "CardError",
    "Classroom",
    "Drill",
    "Explanation",
    "GameState",
    "HandReplay",
    "IllegalActionError",
    "Match",
    "Puzzle",
    "Rank",
    "RecordError",
    "Suit",
    "Table",
    "TrickExplorer",
    "get_game",
    "get_locale",
    "lesson_text",
    "load_record",
    "new_game",
    "parse_card",
    "record_of",
    "replay",
    "save_record",
    "set_locale",
    "summary",
    "to_html",
    "to_slides",
]
