"""Troika, a fourth game that lives only in the tests: it registers itself like the built-in ones (issue 23)."""

from __future__ import annotations

from cardwidgets.core.registry import SPECS, GameSpec, register
from cardwidgets.i18n import add_messages
from fourth_game import words
from fourth_game.engine import Troika

if "troika" not in SPECS:
    add_messages(words.MESSAGES)
    SPEC = register(GameSpec(Troika, __name__, ("bot", "position", "scoring", "drills")))
else:
    SPEC = SPECS["troika"]
