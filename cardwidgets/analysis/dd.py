"""``double_dummy(state)``: the value of every legal action with all cards face up."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardwidgets.analysis import parallel, wasm_core
from cardwidgets.analysis.checks import AnalysisError, check_budget, check_position, check_workers
from cardwidgets.analysis.position import new_position, play_phases, points_so_far
from cardwidgets.analysis.solver import Position, Solver, Unfinished
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.i18n import phase_name

if TYPE_CHECKING:
    from cardwidgets.core.registry import CompiledPart

#: The engines that can answer: the compiled core (for positions it can search, ``wasm_core``) and the Python reference.
ENGINES = ("wasm", "python")


class Values(dict[str, int]):
    """Each legal action's value, ``{action: value}``, and ``engine``: the solver that answered (wasm, python)."""

    engine: str = "python"


def position_of(state: GameState) -> Position:
    """The fast position of ``state`` (a deal in the play), or ``AnalysisError``."""
    if not isinstance(state, GameState):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.not_a_state", {"what": type(state).__name__}))
    if state.phase not in play_phases(state.game_name):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.not_in_play", {"phase": phase_name(state.phase)}))
    return new_position(state)


def declaring_points(state: GameState) -> int:
    """The points the declaring side has already (as the summary will count them)."""
    return points_so_far(state)


class DoubleDummy:
    """A solver whose table is kept across calls (the steps of one deal's replay).

    ``max_nodes``/``seconds`` bound each ``values`` call; past them it raises
    ``Unfinished`` (carrying the actions already valued) instead of answering.
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        seconds: float | None = None,
        progress: Callable[[int, int], None] | None = None,
        engine: str | None = None,
        workers: int = 1,
    ) -> None:
        if engine is not None and engine not in ENGINES:
            raise ValueError(f"engine must be one of {ENGINES} or None (the compiled one where it runs): {engine!r}")
        check_budget("max_nodes", max_nodes, whole=True)
        check_budget("seconds", seconds)
        check_workers(workers)
        self.solver = Solver(max_nodes, seconds)
        #: Called as ``progress(done, total)`` after each action is valued (for a widget's progress bar).
        self.progress = progress
        #: ``"python"`` to always use the Python solver; None: the compiled core where it runs and can search.
        self.wanted = engine
        #: The engine that answered the last ``values`` call.
        self.engine = "python"
        self._context: object = None
        #: A module instance of its own (``use_core``), else the process's shared one.
        self.own_core: wasm_core.Core | None = None
        #: Threads sharing the root actions (``parallel``), each with a module instance of its own, all
        #: instances one memory and one table. 1 by default: a budget of positions then stops at the
        #: same place run after run (``parallel.machine_cores()`` for all the cores).
        self.workers = workers

    def use_core(self, core: wasm_core.Core | None) -> None:
        """Solve with this module instance (e.g. one per thread) instead of the process's shared one."""
        self.own_core = core

    def _in_parallel(self, pos: Position) -> bool:
        """Whether to share the root actions among threads (``workers``; not in Pyodide)."""
        return self.workers > 1 and parallel.AVAILABLE and self.own_core is None and len(pos.moves(merge=False)) > 2

    def _core(self, pos: Position) -> wasm_core.Core | None:
        """The module that will answer for ``pos``, or None for the Python solver."""
        if self.wanted == "python" or pos.compiled is None:
            return None
        return self.own_core or wasm_core.core(pos.compiled)

    def values(self, state: GameState) -> Values:
        """``{action: final points of the declaring side}`` for every legal action, in legal order."""
        state = state.clone()  # a progress callback may change the caller's state: the solve reads its own copy
        pos = position_of(state)
        pos.auto_leave = True  # a forced follow-up (a card left on the table) goes with the card that ends the trick
        context = pos.context()
        if context != self._context:
            self.solver.table.clear()
            self.solver.killers.clear()
            self.solver.use_killers = pos.use_killers
            self._context = context
        core = self._core(pos)
        if core is not None:
            try:
                if self._in_parallel(pos) and pos.compiled is not None:
                    cores = wasm_core.cores(pos.compiled, self.workers)
                    return self._parallel_values(state, pos, pos.compiled, cores)
                return self._values(state, pos, core)
            except (Unfinished, AnalysisError):
                raise
            except Exception as error:  # a broken module: never a wrong value, the Python solver answers
                wasm_core.disable(core.spec, f"{type(error).__name__}: {error}")
                core.deal = None
        return self._values(state, pos, None)

    def _values(self, state: GameState, pos: Position, core: wasm_core.Core | None) -> Values:
        """``values`` with ``core`` (the compiled search) or, when None, the Python solver."""
        base = declaring_points(state)
        solver = self.solver
        solver.start()
        found: dict[str, int] = {}
        guess: int | None = None
        moves = pos.moves(merge=False)
        started = time.monotonic()
        try:
            if core is not None:
                core.lock.acquire()
                core.prepare(self, pos)
            for move in moves:
                gain = pos.play(move)
                try:
                    child_guess = None if guess is None else guess - gain
                    if core is None:
                        future = solver.value(pos, child_guess)
                    else:
                        future = self._core_value(core, pos, child_guess, started)
                finally:
                    pos.undo()
                guess = gain + future
                found[pos.text(move)] = base + guess
                if self.progress is not None:
                    self.progress(len(found), len(moves))
        except Unfinished as stop:
            raise Unfinished(stop.nodes, {t: found[t] for t in state.legal_strings() if t in found}) from None
        finally:
            if core is not None:
                core.lock.release()
        legal = state.legal_strings()
        if sorted(found) != sorted(legal):  # the position must mirror the engine exactly
            raise RuntimeError(f"analysis: moves {sorted(found)} differ from the legal actions {sorted(legal)}")
        out = Values((text, found[text]) for text in legal)
        out.engine = self.engine = "python" if core is None else "wasm"
        return out

    def _parallel_values(
        self, state: GameState, pos: Position, compiled: CompiledPart, cores: list[wasm_core.Core]
    ) -> Values:
        """``values`` with the root actions shared among ``cores``, one thread each (``parallel``)."""
        base = declaring_points(state)
        self.solver.start()
        moves = pos.moves(merge=False)
        children = parallel.children_of(pos, moves, compiled.position_ints)
        texts = [pos.text(move) for move in moves]
        held = []
        try:
            for core in cores:
                core.lock.acquire()
                held.append(core)
                core.prepare(self, pos)
            found, nodes, finished = parallel.solve_all(
                cores, children, self.solver.max_nodes, self.solver.seconds, self.progress
            )
        finally:
            for core in held:
                core.lock.release()
        self.solver.nodes = nodes
        values = {texts[i]: base + value for i, value in found.items()}
        if not finished:
            raise Unfinished(nodes, {t: values[t] for t in state.legal_strings() if t in values})
        legal = state.legal_strings()
        if sorted(values) != sorted(legal):  # the position must mirror the engine exactly
            raise RuntimeError(f"analysis: moves {sorted(values)} differ from the legal actions {sorted(legal)}")
        out = Values((text, values[text]) for text in legal)
        out.engine = self.engine = "wasm"
        return out

    def _core_value(self, core: wasm_core.Core, pos: Position, guess: int | None, started: float) -> int:
        """``Solver.value`` by the module, within what is left of this call's budgets."""
        solver = self.solver
        nodes_left = None if solver.max_nodes is None else solver.max_nodes - solver.nodes
        seconds_left = None if solver.seconds is None else solver.seconds - (time.monotonic() - started)
        try:
            value, nodes = core.solve(pos, guess, nodes_left, seconds_left)
        except wasm_core.Stopped as stop:
            solver.nodes += stop.nodes
            raise Unfinished(solver.nodes) from None
        solver.nodes += nodes
        return value


def double_dummy(
    state: GameState,
    max_nodes: int | None = None,
    seconds: float | None = None,
    engine: str | None = None,
    workers: int = 1,
) -> Values:
    """The value of every legal action of the seat to act, all cards face up (docs/analysis.md).

    The value is the final ``points`` of the declaring side (docs/records.md)
    when, after that action, the declaring side maximises and the others
    minimise them. Raises ``AnalysisError`` outside the play and
    ``Unfinished`` when a budget (``max_nodes``, ``seconds``) runs out. The
    answer is a dict with ``.engine``: ``"wasm"`` when the compiled core
    answered (where it runs), else ``"python"`` (``engine="python"``
    asks for the Python solver, the reference). ``workers`` threads share the
    root's actions (``parallel.machine_cores()``: all the cores; the compiled
    core only).
    """
    check_position(state)
    return DoubleDummy(max_nodes, seconds, engine=engine, workers=workers).values(state)
