"""The root actions of a solve shared among threads, each with a module instance of its own.

wasmtime calls the module through ``ctypes``, which lets go of the GIL while
the module runs, so the threads search at once on as many cores as there are
(``benchmarks/analysis.py --workers``). The instances share one memory
(``wasm_core.cores``), so one table: what one thread proves, the others find.
Each action starts from the value found last (MTD(f), as the one-thread root
does with its previous action's value); the first ones, before any is known,
halve the range.

Which thread takes which action: the actions are in legal order, so
neighbours are mostly cards of one suit, whose searches meet the same
positions. Two threads solving neighbours at once would each prove them
before the other's entries are in the table. So threads go in pairs over a
run of neighbours, one from each end: each works where the other is not yet,
and when they meet, the middle finds both halves' work in the table. With two
threads at trick 2 this took the median from 2.4 s to 1.7 s (wall) and the
CPU time from 4.4 s to 3.3 s, against 1.9 s for threads starting each at its
own run and going forward (``docs/analysis.md``, the sixth round).

In Pyodide there is one thread: ``DoubleDummy(workers=...)`` then solves as
with one (a Web Worker per instance would be needed).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardwidgets.analysis.wasm_core import MAX_INSTANCES, Core, Stopped

if TYPE_CHECKING:
    from cardwidgets.analysis.solver import Position

#: Whether threads can run here (not in Pyodide).
AVAILABLE = sys.platform != "emscripten"


def machine_cores() -> int:
    """The cores this process may run on (1 where threads cannot run), at most ``wasm_core.MAX_INSTANCES``."""
    if not AVAILABLE:
        return 1
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
    return max(1, min(len(usable), MAX_INSTANCES))


#: A child of the root: the points its action gains, and the position after it (``position_ints``).
Child = tuple[int, list[int]]


class _Shared:
    """What the threads share, behind one lock."""

    def __init__(self, count: int, threads: int) -> None:
        self.lock = threading.Lock()
        pairs = (threads + 1) // 2
        bounds = [count * k // pairs for k in range(pairs + 1)]
        #: The children no thread has taken yet, in runs of neighbours: one run per pair of threads.
        self.runs = [list(range(bounds[k], bounds[k + 1])) for k in range(pairs)]
        self.found: dict[int, int] = {}
        #: The value found last (``gain + future``), where the next action starts.
        self.latest: int | None = None
        self.nodes = 0
        self.stopped = False
        self.error: BaseException | None = None

    def take(self, thread: int) -> int | None:
        """The next child for ``thread`` (call with the lock held): from its pair's run, else from the longest left.

        Even threads take a run's first child, odd ones its last.
        """
        if self.stopped or self.error:
            return None
        run = self.runs[thread // 2] or max(self.runs, key=len)
        return run.pop(-1 if thread % 2 else 0) if run else None


def solve_all(
    cores: Sequence[Core],
    children: Sequence[Child],
    max_nodes: int | None,
    seconds: float | None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[int, int], int, bool]:
    """``({index: gain + future}, positions searched, whether every child was valued)``.

    Each thread takes the next child as it is free (``_Shared.take``). Budgets:
    ``seconds`` from now for all; ``max_nodes`` shared (each solve gets what
    is left when it starts). The cores must be ``prepare``-d for this deal and held.
    """
    started = time.monotonic()
    shared = _Shared(len(children), len(cores))

    def solve(core: Core, index: int) -> bool:
        gain, position = children[index]
        with shared.lock:
            left = None if max_nodes is None else max_nodes - shared.nodes
            guess = shared.latest
        seconds_left = None if seconds is None else seconds - (time.monotonic() - started)
        try:
            value, nodes = core.solve_ints(position, None if guess is None else guess - gain, left, seconds_left)
        except Stopped as stop:
            with shared.lock:
                shared.nodes += stop.nodes
                shared.stopped = True
            return False
        with shared.lock:
            shared.nodes += nodes
            shared.found[index] = shared.latest = gain + value
            if progress is not None:
                progress(len(shared.found), len(children))
        return True

    def work(core: Core, thread: int) -> None:
        try:
            while True:
                with shared.lock:
                    index = shared.take(thread)
                if index is None or not solve(core, index):
                    return
        except BaseException as error:  # re-raised in the calling thread
            with shared.lock:
                shared.error = error

    threads = [threading.Thread(target=work, args=(core, i), daemon=True) for i, core in enumerate(cores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if shared.error is not None:
        raise shared.error
    return shared.found, shared.nodes, len(shared.found) == len(children)


def children_of(pos: Position, moves: Sequence[Any], ints: Callable[[Position], list[int]]) -> list[Child]:
    """Each move's gain and the position after it (as ``ints`` writes it); ``pos`` is left as it was.

    A move is ``pos``'s own token (``Position.moves()``), handed back to it unread.
    """
    out: list[Child] = []
    for move in moves:
        gain = pos.play(move)
        try:
            out.append((gain, ints(pos)))
        finally:
            pos.undo()
    return out
