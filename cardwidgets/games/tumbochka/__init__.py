"""Tumbochka, one package: its rules, its words and its parts for the generic layers, registered as one ``GameSpec``.

The rules are ``engine``; the words ``words`` (its engine's) and ``texts`` (the rest);
the parts that plug into the generic layers ``bot``, ``position``, ``scoring``, ``drills``
and ``board`` (``core/registry.py`` says what each offers).
``from cardwidgets.games.tumbochka import X`` reaches every public name of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets.core.registry import Capabilities, GameSpec, register
from cardwidgets.games.tumbochka import lessons, texts, words
from cardwidgets.games.tumbochka.engine import *  # noqa: F403 (the engine's names, importable from the game's package)
from cardwidgets.games.tumbochka.engine import Tumbochka
from cardwidgets.i18n.words import add_words

add_words(words)
add_words(texts)
add_words(lessons)
#: What Tumbochka offers the generic layers.
SPEC = register(
    GameSpec(
        Tumbochka,
        __name__,
        ("bot", "position", "scoring", "drills", "board", "puzzle_themes"),
        Capabilities(
            trump=True,
            auction=True,
            exchange=True,
            announcements=True,
            concepts=words.CONCEPTS,
        ),
    )
)

if TYPE_CHECKING:  # mypy checks each part against its contract (``core/registry.py``); ``register`` checks the names
    # (and the board's optional members, which a Protocol cannot mark, get their defaults there)
    from cardwidgets.analysis.solver import Position
    from cardwidgets.core.registry import BotPart, DrillsPart, PositionPart, PuzzleThemesPart, ScoringPart
    from cardwidgets.games.tumbochka import bot, drills, position, puzzle_themes, scoring
    from cardwidgets.games.tumbochka.engine import TumbochkaState

    _bot: BotPart[TumbochkaState] = bot
    _position: PositionPart[TumbochkaState] = position
    _scoring: ScoringPart[TumbochkaState] = scoring
    _drills: DrillsPart = drills
    _puzzle_themes: PuzzleThemesPart[TumbochkaState] = puzzle_themes
    _positions: type[Position] = position.TumbochkaPosition
