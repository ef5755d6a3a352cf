"""The games registry, owned by core: each game package registers one ``GameSpec`` (the OpenSpiel pattern).

The generic layers (core, bots, analysis, drills, widgets) find everything a game
offers here, by the game's name, without importing any game: its ``Game`` class,
and the names of the modules of its package that plug into each layer (its
rules of thumb for the bots, its fast position for the solver, its drill topics,
its board extras, its scoring for the judge). Those modules are imported on first
use (``GameSpec.part``), so a layer never loads the modules of a later one.
``cardwidgets.games`` imports the built-in game packages, which register
themselves; a game elsewhere (``tests/fourth_game``) registers the same way.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardwidgets.core.game import Game

#: The parts a game package may offer, each a module of the package, and the layer it plugs into.
PARTS = {
    "bot": "bots: the rules of thumb (``decide(state)``, ``candidates(state)``, ``BUDGET``, ``UNDEALT``)",
    "position": "analysis: the solver's fast position (``position(state)``, ``PLAY_PHASES``, ``points_so_far``, ...)",
    "scoring": "analysis: the judge's scoring (``result_of_points``, ``THRESHOLDS``)",
    "drills": "drills: the drill topics (``TOPICS``: ``(topic id, maker)`` pairs)",
    "board": "widgets: the board's extras (``TABLE_GROUPS``, ``shown``, ``more_groups``; its own words beside a seat "
    "and in the panel, ``seat_badges(view, seat, ui, viewer, locale)``, ``facts(view, ui, viewer)``; its match's "
    "words per side and seat, ``side_notes(summary, ui)``, ``seat_notes(summary, ui)``)",
}


@dataclass(frozen=True)
class Capabilities:
    """What a game has, declared at registration: the generic layers draw and say only what is declared here.

    A generic layer (the board, the catalogues, the front-end, the bots) asks ``spec.capabilities``
    before it shows a trump, a bid or a seat that sits a deal out; everything else a game has
    (its announcements' names, the cards it passes between seats, its trick order) is its own, said by its
    own package. ``concepts`` names the game's own ideas (its announcements, its own moves): words no generic
    file may use (``tests/test_no_game_names.py``).
    """

    #: A trump the board shows (a suit or a rank), possibly not chosen yet.
    trump: bool = False
    #: An auction: bids, passes, a high bidder, a contract and its declarer.
    auction: bool = False
    #: Cards that change hands outside the tricks (a talon, a stock, cards given between seats).
    exchange: bool = False
    #: Announcements a seat may make with a card it plays.
    announcements: bool = False
    #: Seats that sit a deal out.
    sitting_out: bool = False
    #: Fixed partnerships (``Game.sides`` groups seats into sides of more than one).
    partnerships: bool = False
    #: A compiled search core for the solver (``analysis/wasm_core.py``).
    compiled_search: bool = False
    #: The game's own ideas, by name: words no generic file may use.
    concepts: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """What one game offers the generic layers: its ``Game`` class and the modules of its package by part.

    ``package`` is the game package's module name (``cardwidgets.games.<game>``); ``parts``
    the parts it has, each its module ``<package>.<part>`` (``PARTS`` says what each holds).
    """

    game: type[Game]
    package: str
    parts: tuple[str, ...] = ()
    capabilities: Capabilities = field(default_factory=Capabilities)
    _loaded: dict[str, ModuleType] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """The game's name (``Game.name``)."""
        return self.game.name

    def has(self, part: str) -> bool:
        """Whether the game offers ``part``."""
        return part in self.parts

    def part(self, part: str) -> Any:
        """The module of ``part`` (imported on first use); a clear ``ValueError`` when the game has none."""
        if part not in self.parts:
            raise ValueError(f'the game "{self.name}" has no {part} (it offers: {", ".join(self.parts) or "none"})')
        if part not in self._loaded:
            self._loaded[part] = importlib.import_module(f"{self.package}.{part}")
        return self._loaded[part]


#: Every registered game by name, in the order they registered (name -> the ``Game`` class).
GAMES: dict[str, type[Game]] = {}
#: Every registered game's ``GameSpec`` by name, in the same order.
SPECS: dict[str, GameSpec] = {}


def register_game(game: type[Game]) -> type[Game]:
    """Add ``game`` to the registry under ``game.name`` (a class decorator); a name may register once."""
    if GAMES.get(game.name, game) is not game:
        raise ValueError(f'a game called "{game.name}" is registered already')
    GAMES[game.name] = game
    return game


def register(spec: GameSpec) -> GameSpec:
    """Register a game package's ``spec`` (and its ``Game`` class); a name may register once."""
    unknown = [part for part in spec.parts if part not in PARTS]
    if unknown:
        raise ValueError(f"unknown parts {unknown}: expected some of {', '.join(PARTS)}")
    if SPECS.get(spec.name, spec) is not spec:
        raise ValueError(f'a game called "{spec.name}" is registered already')
    register_game(spec.game)
    SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Take the game called ``name`` out of the registry (a test's own game, after its tests); no error if absent."""
    GAMES.pop(name, None)
    SPECS.pop(name, None)


def get_game(name: str) -> type[Game]:
    """The ``Game`` class called ``name``; a clear ``ValueError`` otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f'unknown game "{name}": expected one of {", ".join(GAMES)}') from None


def first_game() -> str:
    """The name of the game registered first: the one a learner meets first, what a table or app opens by default."""
    if not SPECS:
        raise ValueError("no game is registered: import cardwidgets.games first")
    return next(iter(SPECS))


def spec_of(name: str) -> GameSpec:
    """The ``GameSpec`` of the game called ``name``; a clear ``ValueError`` otherwise."""
    get_game(name)
    try:
        return SPECS[name]
    except KeyError:
        raise ValueError(f'the game "{name}" registered no GameSpec') from None


def game_part(name: str, part: str) -> Any:
    """The module of ``part`` of the game called ``name`` (``spec_of(name).part(part)``)."""
    return spec_of(name).part(part)
