"""The root actions of a solve shared among threads, each with a module instance of its own (issue 24).

wasmtime calls the module through ``ctypes``, which lets go of the GIL while
the module runs, so the threads search at once on as many cores as there are
(``benchmarks/analysis.py --workers``). The instances share one memory
(``wasm_core.cores``), so one table: what one thread proves, the others find.
Each action starts from the value found last (MTD(f), as the one-thread root
does with its previous action's value); the first ones, before any is known,
halve the range. In Pyodide there is one thread: ``DoubleDummy(workers=...)``
then solves as with one (a Web Worker per instance would be needed).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardwidgets.analysis.wasm_core import MAX_INSTANCES, Core, Stopped

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

    def __init__(self, count: int) -> None:
        self.lock = threading.Lock()
        self.next = iter(range(count))
        self.found: dict[int, int] = {}
        #: The value found last (``gain + future``), where the next action starts.
        self.latest: int | None = None
        self.nodes = 0
        self.stopped = False
        self.error: BaseException | None = None


def solve_all(
    cores: Sequence[Core],
    children: Sequence[Child],
    max_nodes: int | None,
    seconds: float | None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[int, int], int, bool]:
    """``({index: gain + future}, positions searched, whether every child was valued)``.

    Each thread takes the next child as it is free, from the start. Budgets:
    ``seconds`` from now for all; ``max_nodes`` shared (each solve gets what
    is left when it starts). The cores must be ``prepare``-d for this deal and held.
    """
    started = time.monotonic()
    shared = _Shared(len(children))

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

    def work(core: Core) -> None:
        try:
            while True:
                with shared.lock:
                    index = None if shared.stopped or shared.error else next(shared.next, None)
                if index is None or not solve(core, index):
                    return
        except BaseException as error:  # re-raised in the calling thread
            with shared.lock:
                shared.error = error

    threads = [threading.Thread(target=work, args=(core,), daemon=True) for core in cores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if shared.error is not None:
        raise shared.error
    return shared.found, shared.nodes, len(shared.found) == len(children)


def children_of(pos: Any, moves: Sequence[Any], ints: Callable[[Any], list[int]]) -> list[Child]:
    """Each move's gain and the position after it (as ``ints`` writes it); ``pos`` is left as it was."""
    out: list[Child] = []
    for move in moves:
        gain = pos.play(move)
        try:
            out.append((gain, ints(pos)))
        finally:
            pos.undo()
    return out
