"""Alpha-beta search over a fast position, with a transposition table at trick boundaries.

A *position* (one class per game, in its package's ``position`` module) is a
compact, mutable copy of a deal in the play: ``moves()``, ``play(move)``
(returns the points the declaring side gains by that move), ``undo()``,
``maximizing()``, ``done()``, ``key()`` (None except at a trick boundary) and
``upper_bound()`` (the most the declaring side can still gain); ``double_dummy``
also asks its ``context()``, ``text(move)``, ``compiled``, ``auto_leave`` and
``use_killers`` (``Position`` declares them all).

``Solver.value(position)`` is the exact number of points the declaring side
still gains from here when both sides play perfectly. Values in the table are
such *future* points, so the table is valid for every position of a deal and
is shared across the actions of a position and the steps of a replay.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardwidgets.core.registry import CompiledPart

INFINITY = 10**6
#: The table is emptied when it reaches this many entries (memory stays bounded; values stay exact).
MAX_ENTRIES = 1_000_000


class Unfinished(RuntimeError):  # noqa: N818 (the name says what happened)
    """A solve stopped at its node or time budget: no value is given (never a wrong one)."""

    def __init__(self, nodes: int, done: dict[str, int] | None = None) -> None:
        self.nodes = nodes
        #: The actions whose exact values were known when the budget ran out.
        self.done = dict(done or {})
        super().__init__(f"the solve stopped after {nodes} positions before it finished")


class Position(Protocol):
    """What the search and ``double_dummy`` need from a game's fast position.

    A move is the game's own token (a card's index, a card's text …): the search only hands
    back what ``moves()`` gave, so it is ``Any`` here and each game's position types its own.
    """

    def moves(self, merge: bool = True) -> list[Any]:
        """The legal moves; ``merge`` drops equal cards and orders the rest for the search."""
        ...

    def play(self, move: Any) -> int:
        """Make ``move``; return the points the declaring side gains by it."""
        ...

    def undo(self) -> None:
        """Take back the last move."""
        ...

    def maximizing(self) -> bool:
        """Whether the seat to act is on the declaring side."""
        ...

    def done(self) -> bool:
        """Whether the deal is over."""
        ...

    def key(self) -> Hashable | None:
        """The transposition key at a trick boundary, else None."""
        ...

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain."""
        ...

    def slot(self) -> int | None:
        """Where in the deal the position is (killer moves are kept per slot); None: no killer here."""
        ...

    def node(self) -> tuple[Hashable | None, int, int | None] | None:
        """None once the deal is over, else ``(key(), upper_bound(), slot())`` in one call."""
        ...

    def context(self) -> object:
        """What values depend on besides the position (the deal, the trump …): tables are kept while it is equal."""
        ...

    def text(self, move: Any) -> str:
        """``move`` as the engine's action string (``GameState.legal_strings``)."""
        ...

    @property
    def step(self) -> int:
        """Every value is a multiple of ``step`` (a game counting in fives: 5)."""
        ...

    @property
    def use_killers(self) -> bool:
        """Whether the search should try killer moves (they help long tricks, not short ones)."""
        ...

    @property
    def compiled(self) -> CompiledPart | None:
        """The game's marshalling for the compiled search (``wasm_core``), or None when it has none."""
        ...

    #: Whether a move carries a forced follow-up with it (a card left on the table); ``double_dummy`` turns it on.
    auto_leave: bool


class Solver:
    """Exact minimax values with alpha-beta and a bounds table; optional budgets.

    ``max_nodes`` and ``seconds`` bound the work of one ``value`` call chain
    (reset with ``start()``); beyond them ``Unfinished`` is raised.
    """

    def __init__(self, max_nodes: int | None = None, seconds: float | None = None) -> None:
        #: key -> (lower, upper) bound of the future points from that position, and a move that cut off.
        self.table: dict[Hashable, tuple[int, int, Any]] = {}
        #: Per depth, the last move that cut off there (tried first next time).
        self.killers: dict[int, Any] = {}
        #: Whether to try killer moves (they help long tricks of many cards, not short ones).
        self.use_killers = False
        self.max_nodes = max_nodes
        self.seconds = seconds
        self.nodes = 0
        self._deadline: float | None = None
        self._limit = INFINITY * INFINITY

    def start(self) -> None:
        """Reset the budgets (the table is kept)."""
        self.nodes = 0
        self._deadline = None if self.seconds is None else time.monotonic() + self.seconds
        self._limit = self.max_nodes if self.max_nodes is not None else INFINITY * INFINITY

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The exact future points of the declaring side from ``pos``.

        A series of null-window tests ("at least beta?"), each narrowing the
        range [lower, upper] of the value; the table keeps what each test
        learnt. With a ``guess`` (a sibling's value), the tests start there
        (MTD(f)); without one, they halve the range (values are multiples of
        ``pos.step``).
        """
        lower, upper = 0, pos.upper_bound()
        step = pos.step
        value = guess if guess is not None and lower <= guess <= upper else None
        while lower < upper:
            if value is None:
                beta = lower + ((upper - lower) // step + 1) // 2 * step
            else:
                beta = value + 1 if value == lower else value
            value = self._search(pos, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
            if guess is None:
                value = None
        return lower

    def _search(self, pos: Position, alpha: int, beta: int, depth: int = 0) -> int:  # noqa: PLR0912, PLR0915 (the hot loop, inline)
        """Fail-soft alpha-beta: the value if inside (alpha, beta), else a bound beyond it.

        The hot loop of the solver: the children are searched inline (one
        Python call per position) with the move from the table, else the
        killer of this slot (``pos.slot()``), first.
        """
        info = pos.node()
        if info is None:  # the deal is over
            return 0
        self.nodes += 1
        if self.nodes > self._limit or (self._deadline is not None and not self.nodes & 1023 and self._over_time()):
            raise Unfinished(self.nodes)
        key, high, slot = info
        low = 0
        first = self.killers.get(slot) if self.use_killers and slot is not None else None
        if key is not None:
            known = self.table.get(key)
            if known is not None:
                low, first = known[0], known[2]  # a table's lower bound is never below 0
                if known[1] < high:  # noqa: PLR1730 (no call in the hot loop)
                    high = known[1]
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        if low > alpha:  # noqa: PLR1730
            alpha = low
        if high < beta:  # noqa: PLR1730
            beta = high
        moves = pos.moves()
        if first is not None and moves[0] != first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        window = alpha, beta
        search, play, undo = self._search, pos.play, pos.undo
        best_move = None
        child = depth + 1
        if pos.maximizing():
            best = -INFINITY
            for move in moves:
                gain = play(move)
                value = gain + search(pos, alpha - gain, beta - gain, child)
                undo()
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            best_move = move
                            break
        else:
            best = INFINITY
            for move in moves:
                gain = play(move)
                value = gain + search(pos, alpha - gain, beta - gain, child)
                undo()
                if value < best:
                    best = value
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            best_move = move
                            break
        if best_move is not None and slot is not None:
            self.killers[slot] = best_move
        if key is not None:
            self._store(key, (low, high), window, best, best_move)
        return best

    def _store(self, key: Hashable, bounds: tuple[int, int], window: tuple[int, int], best: int, move: Any) -> None:
        """Narrow the bounds of ``key`` by a result ``best`` found in the window (alpha, beta)."""
        low, high = bounds
        alpha, beta = window
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        table = self.table
        if len(table) >= MAX_ENTRIES:
            table.clear()
        table[key] = (low, high, move)

    def _over_time(self) -> bool:
        return self._deadline is not None and time.monotonic() > self._deadline
