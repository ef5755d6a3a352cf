"""Troika, a fourth game that lives only in the tests (docs/adding-a-game.md): it registers like the built-in ones.

A built-in game's package registers when imported; this one waits for ``register_troika()``
so that the other tests, collected in the same run, see the three games only
(``tests/test_fourth_game.py`` registers it for its own tests and takes it out after).
"""

from __future__ import annotations

from cardwidgets.core import registry
from cardwidgets.core.registry import SPECS, GameSpec
from cardwidgets.i18n.words import add_words
from fourth_game import words
from fourth_game.engine import Troika

#: What Troika offers the generic layers.
SPEC = GameSpec(Troika, __name__, ("bot", "position", "scoring", "drills"))


def register_troika() -> GameSpec:
    """Add Troika's words and register it (once)."""
    if SPECS.get("troika") is not SPEC:
        add_words(words)
        registry.register(SPEC)
    return SPEC


#: Every test-only game's folder has ``register()`` (``tests/support.py`` ``registered``).
register = register_troika
