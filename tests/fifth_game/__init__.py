"""Duel, a fifth game that lives only in the tests, built from docs/adding-a-game.md alone.

It waits for ``register()`` so that the other tests, collected in the same run, see the
built-in games only (``tests/support.py`` ``registered("fifth_game")``).
"""

from __future__ import annotations

from cardwidgets.core import registry
from cardwidgets.core.registry import SPECS, Capabilities, GameSpec
from cardwidgets.i18n.words import add_words
from fifth_game import words
from fifth_game.engine import Duel

#: What Duel offers the generic layers.
SPEC = GameSpec(Duel, __name__, ("bot", "position", "scoring", "drills", "board"), Capabilities(trump=True))


def register() -> GameSpec:
    """Add Duel's words and register it (once)."""
    if SPECS.get("duel") is not SPEC:
        add_words(words)
        registry.register(SPEC)
    return SPEC
