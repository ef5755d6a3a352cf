"""Nimby, one package: its rules, its words and its parts for the generic layers, registered as one ``GameSpec``.

The rules are ``engine``; the words ``words`` (its engine's) and ``texts`` (the rest);
the parts that plug into the generic layers ``bot``, ``position``, ``scoring``, ``drills``
and ``board`` (``core/registry.py`` says what each offers).
``from cardwidgets.games.nimby import X`` reaches every public name of the engine.
"""

from __future__ import annotations

from cardwidgets.core.registry import Capabilities, GameSpec, register
from cardwidgets.games.nimby import lessons, texts, words
from cardwidgets.games.nimby.engine import *  # noqa: F403 (the engine's names, importable from the game's package)
from cardwidgets.games.nimby.engine import Nimby
from cardwidgets.i18n.words import add_words

add_words(words)
add_words(texts)
add_words(lessons)
#: What Nimby offers the generic layers.
SPEC = register(
    GameSpec(
        Nimby,
        __name__,
        ("bot", "position", "scoring", "drills", "board"),
        Capabilities(
            trump=True,
            auction=True,
            exchange=True,
            partnerships=True,
            concepts=words.CONCEPTS,
        ),
    )
)
