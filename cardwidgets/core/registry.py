"""The games registry, owned by core: each game package registers one ``GameSpec`` (the OpenSpiel pattern).

The generic layers (core, bots, analysis, drills, widgets) find everything a game
offers here, by the game's name, without importing any game: its ``Game`` class,
what it has (``Capabilities``), and the modules of its package that plug into each
layer (its rules of thumb for the bots, its fast position for the solver, its drill
topics, its board extras, its scoring for the judge, its puzzle themes). Each part's contract
is a ``Protocol`` here (``BotPart``, ``PositionPart``, ``ScoringPart``, ``DrillsPart``,
``BoardPart``, ``PuzzleThemesPart``): a generic layer reaches a part only through ``GameSpec.bot()``,
``.position()``, ``.scoring()``, ``.drills()``, ``.board()``, ``.puzzle_themes()``, typed by its Protocol, so
mypy catches a member the layer calls that the contract lacks; a game package checks
its own modules against the same Protocols (``BotPart[ItsState]`` …, under
``TYPE_CHECKING`` in its ``__init__``), so mypy catches a member a part lacks. A
part's optional members get their defaults here (``OPTIONAL``), in one place.

``register`` checks a spec before it changes anything: known parts, capabilities that
agree with the game (a compiled search needs the ``position`` part and the package's
``compiled`` module; partnerships agree with ``Game.sides``), and each part's module
defining the Protocol's required members (read from the module's source, so that no
later layer is imported at registration; a module already imported is read as it is).
Whatever is wrong comes back as one ``ValueError`` naming the game, the part and the
missing members. A part's module is imported on first use and its members checked
again then, so a layer never loads the modules of a later one.

``cardwidgets/__init__.py`` imports ``cardwidgets.games``, which imports the built-in game
packages, which register themselves: importing any module of the package registers them
before anything can look a game up. A game elsewhere (``tests/fourth_game``) registers
the same way. The Protocols' annotations name types of the layers the parts plug into
(``Decision``, ``Item``, the solver's ``Position``) for mypy only (``TYPE_CHECKING``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from cardwidgets.analysis.solver import Position
    from cardwidgets.bots.base import Decision
    from cardwidgets.core.actions import Action
    from cardwidgets.core.explain import Explanation
    from cardwidgets.core.game import Game
    from cardwidgets.core.state import GameState
    from cardwidgets.drills.base import Item


# ----- the parts' contracts --------------------------------------------------------------------------
#: The game's own state class: a part's functions take its game's states only (the registry, keyed by the
#: game's name, hands them no other), so a game checks its parts as e.g. ``BotPart[ItsState]``, and a
#: generic layer calls them as ``BotPart[GameState]``.
S_contra = TypeVar("S_contra", bound="GameState", contravariant=True)


class BotPart(Protocol[S_contra]):
    """bots: the game's rules of thumb (``games/<game>/bot.py``; ``bots/heuristic.py``, ``bots/search.py``)."""

    @property
    def BUDGET(self) -> int:  # noqa: N802 (a module's constant)
        """Cards played in all the search bot's playouts together, per decision."""
        ...

    @property
    def UNDEALT(self) -> int:  # noqa: N802
        """Cards still to come into play before the hands are complete (stock, talon, face-down, undealt)."""
        ...

    def decide(self, state: S_contra) -> Decision:
        """The rule of thumb's move for the seat to act, and why (asked only when it has a choice)."""
        ...

    def candidates(self, state: S_contra) -> Sequence[Action]:
        """The legal actions worth comparing by search."""
        ...


class PositionPart(Protocol[S_contra]):
    """analysis: the solver's fast position (``games/<game>/position.py``; ``analysis/position.py``)."""

    @property
    def PLAY_PHASES(self) -> Sequence[str]:  # noqa: N802
        """The phases of the play that the solver analyses."""
        ...

    def position(self, state: S_contra) -> Position:
        """The fast position of ``state`` (a deal in one of ``PLAY_PHASES``)."""
        ...

    def points_so_far(self, state: S_contra) -> int:
        """The declaring side's points counted so far, as the positions count them."""
        ...

    def declaring_seats(self, state: S_contra) -> Sequence[bool]:
        """Per seat, whether it is on the declaring side."""
        ...


class ScoringPart(Protocol[S_contra]):
    """analysis: the judge's scoring (``games/<game>/scoring.py``; ``analysis/outcome.py``)."""

    @property
    def THRESHOLDS(self) -> tuple[float, float]:  # noqa: N802
        """(the least cost that may be an inaccuracy, the least that is a mistake), in the game's score units."""
        ...

    def score_of_points(self, state: S_contra, seat: int, points: int) -> list[int] | None:
        """The deal's score per side when the declaring side ends with ``points``; None when it depends on more."""
        ...


class DrillsPart(Protocol):
    """drills: the game's drill topics (``games/<game>/drills.py``; ``drills/registry.py``)."""

    @property
    def TOPICS(self) -> Sequence[tuple[str, Callable[[random.Random], Item]]]:  # noqa: N802
        """``(topic id, maker)`` pairs; a maker makes one question from a ``random.Random``."""
        ...


class PuzzleThemesPart(Protocol[S_contra]):
    """A game's puzzle themes (``cardwidgets/puzzles``): each theme's name, and the themes of a solution."""

    @property
    def THEMES(self) -> Mapping[str, Mapping[str, str]]:  # noqa: N802
        """Each theme id's name, ``{id: {"en": …, "ru": …}}`` (a rule id in the name where one decides it)."""
        ...

    def themes(self, state: S_contra, solution: Sequence[str], tip: Explanation, agrees: bool) -> list[str]:
        """The themes of a decision whose ``solution`` is given, from the rule of thumb's reason ``tip`` there.

        ``agrees``: whether the rule of thumb's move is one of the solution's actions.
        """
        ...


class BoardPart(Protocol):
    """widgets: the board's extras (``games/<game>/board.py``; ``widgets/board.py``).

    Only ``TABLE_GROUPS`` is required; a module that leaves out the others gets ``OPTIONAL``'s.
    """

    @property
    def TABLE_GROUPS(self) -> Sequence[tuple[str, str]]:  # noqa: N802
        """The cards on the table outside the hands: (view key, ui label key) in drawing order."""
        ...

    def shown(self, key: str, view: dict[str, Any]) -> bool:
        """Whether a seat sees the group ``key`` now (a group shown only for a while); default: always."""
        ...

    def more_groups(self, view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
        """Groups drawn after ``TABLE_GROUPS`` (``{"key", "label", "cards"}``); default: none."""
        ...

    def seat_badges(
        self, view: dict[str, Any], seat: int, ui: dict[str, Any], viewer: int | None, locale: str
    ) -> list[str]:
        """The game's own worded badges beside ``seat`` in this deal (after the declared ones); default: none."""
        ...

    def facts(self, view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, str]]:
        """The game's own panel lines, ``{"key", "label", "text"}`` already worded; default: none."""
        ...

    def side_notes(self, summary: dict[str, Any], ui: dict[str, Any]) -> list[list[str]]:
        """Per side, the game's worded notes beside its match score; default: none."""
        ...

    def seat_notes(self, summary: dict[str, Any], ui: dict[str, Any]) -> list[list[str]]:
        """Per seat, the game's worded badges on its match; default: none."""
        ...


class CompiledPart(Protocol):
    """analysis: how a position goes into the compiled search (``games/<game>/compiled.py``; ``wasm_core``).

    A game that declares ``compiled_search`` has this module, and its positions'
    ``compiled`` is it.
    """

    @property
    def MODULE(self) -> str:  # noqa: N802
        """The compiled module's file."""
        ...

    @property
    def VERSION(self) -> int:  # noqa: N802
        """The ``core_version()`` its positions are written for."""
        ...

    @property
    def FILE(self) -> Path:  # noqa: N802
        """Where the module lies: ``games/<game>/core/<MODULE>``, beside its C source."""
        ...

    def deal_ints(self, pos: Position) -> list[int]:
        """What the module's ``new_deal`` reads (``pos``: one of the game's own positions)."""
        ...

    def position_ints(self, pos: Position) -> list[int]:
        """What the module's ``load_position`` reads (``pos``: one of the game's own positions)."""
        ...


def _always_shown(key: str, view: dict[str, Any]) -> bool:
    return True


def _no_groups(view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
    return []


def _no_notes(summary: dict[str, Any], ui: dict[str, Any]) -> list[list[str]]:
    return []


def _no_badges(view: dict[str, Any], seat: int, ui: dict[str, Any], viewer: int | None, locale: str) -> list[str]:
    return []


def _no_facts(view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, str]]:
    return []


#: The parts a game package may offer, each a module ``<package>.<part>``, and its contract (each names its layer).
PARTS: dict[str, type] = {
    "bot": BotPart,
    "position": PositionPart,
    "scoring": ScoringPart,
    "drills": DrillsPart,
    "board": BoardPart,
    "puzzle_themes": PuzzleThemesPart,
}
#: The optional members of each part, with what a module that leaves one out gets instead.
OPTIONAL: dict[str, dict[str, object]] = {
    "board": {"shown": _always_shown, "more_groups": _no_groups, "side_notes": _no_notes, "seat_notes": _no_notes,
              "seat_badges": _no_badges, "facts": _no_facts},
}
#: The module a game declaring ``compiled_search`` has beside its parts (``<package>.compiled``).
COMPILED = "compiled"


def members(contract: type) -> tuple[str, ...]:
    """The members a Protocol declares (its attributes, read-only ones and methods, in order), read from the class."""
    names = list(inspect.get_annotations(contract))
    names += [
        name
        for name, value in vars(contract).items()
        if (callable(value) or isinstance(value, property)) and not name.startswith("_")
    ]
    return tuple(dict.fromkeys(names))


def required(part: str) -> tuple[str, ...]:
    """The members a module of ``part`` must define (its Protocol's, less the optional ones)."""
    contract = CompiledPart if part == COMPILED else PARTS[part]
    return tuple(name for name in members(contract) if name not in OPTIONAL.get(part, {}))


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


class _WithDefaults:
    """A part's module whose optional members it leaves out are read from ``OPTIONAL`` instead."""

    def __init__(self, module: ModuleType, defaults: Mapping[str, object]) -> None:
        self._module = module
        self._defaults = defaults

    def __getattr__(self, name: str) -> object:
        try:
            return getattr(self._module, name)
        except AttributeError:
            if name in self._defaults:
                return self._defaults[name]
            raise

    def __repr__(self) -> str:
        return f"<{self._module.__name__} with the defaults of {sorted(self._defaults)}>"


@dataclass(frozen=True)
class GameSpec:
    """What one game offers the generic layers: its ``Game`` class and the modules of its package by part.

    ``package`` is the game package's module name (``cardwidgets.games.<game>``); ``parts``
    the parts it has, each its module ``<package>.<part>`` (``PARTS`` gives each one's Protocol).
    A layer reaches a part through its typed accessor (``bot()``, ``position()`` …).
    """

    game: type[Game]
    package: str
    parts: tuple[str, ...] = ()
    capabilities: Capabilities = field(default_factory=Capabilities)
    _loaded: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """The game's name (``Game.name``)."""
        return self.game.name

    def has(self, part: str) -> bool:
        """Whether the game offers ``part``."""
        return part in self.parts

    def bot(self) -> BotPart[GameState]:
        """The game's rules of thumb (its ``bot`` module)."""
        return cast("BotPart[GameState]", self._part("bot"))

    def position(self) -> PositionPart[GameState]:
        """The game's fast position for the solver (its ``position`` module)."""
        return cast("PositionPart[GameState]", self._part("position"))

    def scoring(self) -> ScoringPart[GameState]:
        """The game's scoring for the judge (its ``scoring`` module)."""
        return cast("ScoringPart[GameState]", self._part("scoring"))

    def drills(self) -> DrillsPart:
        """The game's drill topics (its ``drills`` module)."""
        return cast("DrillsPart", self._part("drills"))

    def puzzle_themes(self) -> PuzzleThemesPart[GameState]:
        """The game's puzzle themes (its ``puzzle_themes`` module)."""
        return cast("PuzzleThemesPart[GameState]", self._part("puzzle_themes"))

    def board(self) -> BoardPart:
        """The board's extras of the game (its ``board`` module, optional members filled in)."""
        return cast("BoardPart", self._part("board"))

    def _part(self, part: str) -> object:
        """The module of ``part``, imported and checked on first use; a clear ``ValueError`` when the game has none."""
        if part not in self.parts:
            raise ValueError(f'the game "{self.name}" has no {part} (it offers: {", ".join(self.parts) or "none"})')
        if part not in self._loaded:
            module = importlib.import_module(f"{self.package}.{part}")
            _raise_if(self.name, [_lacks(part, module.__name__, set(dir(module)))], "cannot be used")
            defaults = {name: value for name, value in OPTIONAL.get(part, {}).items() if not hasattr(module, name)}
            self._loaded[part] = _WithDefaults(module, defaults) if defaults else module
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
    """Register a game package's ``spec`` (and its ``Game`` class), once it is checked; a name may register once.

    Everything wrong with ``spec`` comes back as one ``ValueError`` naming the game and what
    is missing, and the registry is then as it was.
    """
    name = spec.name
    unknown = [part for part in spec.parts if part not in PARTS]
    if unknown:
        raise ValueError(f'the game "{name}" declares unknown parts {unknown}: expected some of {", ".join(PARTS)}')
    if SPECS.get(name, spec) is not spec or GAMES.get(name, spec.game) is not spec.game:
        raise ValueError(f'a game called "{name}" is registered already')
    _raise_if(name, problems_of(spec))
    register_game(spec.game)
    SPECS[name] = spec
    return spec


def problems_of(spec: GameSpec) -> list[str]:
    """What is wrong with ``spec``'s capabilities and parts, one line each (none: it may register; a kit may ask)."""
    found: list[str] = []
    caps = spec.capabilities
    if not isinstance(caps, Capabilities):
        return [f"its capabilities are a {type(caps).__name__}, not a Capabilities"]
    if not (isinstance(caps.concepts, tuple) and all(isinstance(word, str) and word for word in caps.concepts)):
        found.append(f"its concepts must be a tuple of words, not {caps.concepts!r}")
    sides = tuple(getattr(spec.game, "sides", ()))
    if not sides:
        found.append("its Game class gives no sides")
    elif caps.partnerships != (len(set(sides)) < len(sides)):
        found.append(
            f"it declares partnerships={caps.partnerships}, but its sides are {sides} "
            f"({'some' if len(set(sides)) < len(sides) else 'no'} side of more than one seat)"
        )
    state_class, base = getattr(spec.game, "state_class", None), _base_state()
    if isinstance(state_class, type) and issubclass(state_class, base):
        gives_trump = state_class.current_trump is not base.current_trump
        if caps.trump != gives_trump:
            found.append(
                f"it declares trump={caps.trump}, but its state class {state_class.__name__} "
                f"{'gives' if gives_trump else 'gives no'} current_trump()"
            )
    else:
        found.append("its Game class gives no state_class (a GameState subclass)")
    if caps.compiled_search:
        if "position" not in spec.parts:
            found.append("it declares compiled_search but has no position part (the solver searches its positions)")
        found.append(_lacks(COMPILED, f"{spec.package}.{COMPILED}", _defined(f"{spec.package}.{COMPILED}")))
    found += [_lacks(part, f"{spec.package}.{part}", _defined(f"{spec.package}.{part}")) for part in spec.parts]
    return [problem for problem in found if problem]


def _base_state() -> type[GameState]:
    """``GameState``, whose members a game's state class keeps or overrides (core.state imports no game)."""
    from cardwidgets.core.state import GameState

    return GameState


def _lacks(part: str, module: str, names: set[str] | None) -> str:
    """What the module of ``part`` lacks of its required members ("": nothing, or its names cannot be read)."""
    if names is None:
        return ""
    if _MISSING in names:
        return f"its {part} part has no module {module}"
    missing = [member for member in required(part) if member not in names]
    return f"its {part} part ({module}) lacks {', '.join(missing)}" if missing else ""


def _raise_if(game: str, problems: list[str], outcome: str = "cannot register") -> None:
    """One ``ValueError`` naming the game and all of ``problems`` (the empty ones ignored)."""
    problems = [problem for problem in problems if problem]
    if problems:
        raise ValueError(f'the game "{game}" {outcome}: ' + "; ".join(problems))


#: Stands for a module that does not exist, among the names ``_defined`` returns.
_MISSING = "<no such module>"


def _defined(module: str) -> set[str] | None:
    """The names ``module`` defines: as it is when imported already, else read from its source (nothing is run).

    None when they cannot be told without running it (a ``from … import *``, no source);
    its members are then checked when it is first used.
    """
    if module in sys.modules:
        return set(dir(sys.modules[module]))
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        found = None
    if found is None:
        return {_MISSING}
    get_source = getattr(found.loader, "get_source", None)  # a loader of files or of a zip; not every loader has one
    try:
        source = get_source(module) if get_source is not None else None
    except ImportError:
        source = None
    return None if source is None else _top_level_names(ast.parse(source).body)


def _top_level_names(body: list[ast.stmt]) -> set[str] | None:
    """The names a module's top-level statements bind (inside ``if``/``try`` too); None after a star import."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(alias.name == "*" for alias in node.names):
                return None
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.If, ast.Try)):
            blocks = [node.body, node.orelse] + ([node.finalbody] if isinstance(node, ast.Try) else [])
            blocks += [handler.body for handler in getattr(node, "handlers", [])]
            for block in blocks:
                inner = _top_level_names(block)
                if inner is None:
                    return None
                names |= inner
    return names


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
