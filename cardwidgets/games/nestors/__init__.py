"""Nestors, one package: its rules, its words and its parts for the generic layers, registered as one ``GameSpec``.

The rules are ``engine`` and ``tricks``; the words ``words`` (its engine's) and ``texts`` (the rest);
the parts that plug into the generic layers ``bot``, ``position``, ``scoring``, ``drills``
and ``board`` (``core/registry.py`` says what each offers).
``from cardwidgets.games.nestors import X`` reaches every public name of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets.core.registry import Capabilities, GameSpec, register
from cardwidgets.games.nestors import lessons, texts, words
from cardwidgets.games.nestors.engine import *  # noqa: F403 (the engine's names, importable from the game's package)
from cardwidgets.games.nestors.engine import Nestors
from cardwidgets.i18n.words import add_words

add_words(words)
add_words(texts)
add_words(lessons)
#: What Nestors offers the generic layers.
SPEC = register(
    GameSpec(
        Nestors,
        __name__,
        ("bot", "position", "scoring", "drills", "board", "puzzle_themes"),
        Capabilities(
            trump=True,
            auction=True,
            sitting_out=True,
            partnerships=True,
            compiled_search=True,
            concepts=words.CONCEPTS,
        ),
    )
)

if TYPE_CHECKING:  # mypy checks each part against its contract (``core/registry.py``); ``register`` checks the names
    # (and the board's optional members, which a Protocol cannot mark, get their defaults there)
    from cardwidgets.analysis.solver import Position
    from cardwidgets.core.registry import BotPart, CompiledPart, DrillsPart, PositionPart, PuzzleThemesPart, ScoringPart
    from cardwidgets.games.nestors import bot, compiled, drills, position, puzzle_themes, scoring
    from cardwidgets.games.nestors.engine import NestorsState

    _bot: BotPart[NestorsState] = bot
    _position: PositionPart[NestorsState] = position
    _scoring: ScoringPart[NestorsState] = scoring
    _drills: DrillsPart = drills
    _puzzle_themes: PuzzleThemesPart[NestorsState] = puzzle_themes
    _positions: type[Position] = position.NestorsPosition
    _compiled: CompiledPart = compiled
