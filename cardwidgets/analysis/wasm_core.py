"""A game's compiled search (``core/<module>.wasm``) run from Python (issue 24).

A game whose fast position can be searched by a compiled module says so in the
position's ``compiled``: its module of marshalling, with ``MODULE`` (the file in
``core/``), ``VERSION`` (the ``core_version()`` it speaks) and ``deal_ints(pos)``,
``position_ints(pos)`` (what ``new_deal`` and ``load_position`` read from the
module's ``io`` buffer). The C source beside the module is a port of that
position and of ``Solver._search`` (the same moves in the same order, the same
keys, killers and table, so the same values and node counts;
``tests/test_wasm_core.py``), built by ``make wasm`` and committed. It runs:

- in CPython through ``wasmtime`` (a dependency of cardwidgets);
- in Pyodide (JupyterLite) through the browser's own ``WebAssembly``.

``core(spec)`` gives the process's instance of a module, or None when it cannot
run here (wasmtime missing, the file missing or broken, a version mismatch):
the caller then uses the pure-Python solver, which stays the reference. The
reason is logged once. Nothing here ever guesses a value: a solve that passes
its budget says so (``Stopped``).
"""

from __future__ import annotations

import atexit
import gc
import logging
import os
import struct
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any

#: Where the modules are (``<spec.MODULE>``).
WASM_DIR = Path(__file__).resolve().parent / "core"
#: Set to ``python`` to never use the module (e.g. to compare the engines by hand).
ENGINE_VARIABLE = "CARDWIDGETS_ANALYSIS_ENGINE"
#: The table's policy. ``replace``: buckets of 4 slots, a new key replaces the entry nearest the
#: end of the deal (what was learnt near the root stays); ``clear``: emptied when it holds
#: ``max_entries``, exactly as ``solver.Solver`` does (then the node counts equal the Python solver's).
POLICIES = ("replace", "clear")
#: Slots (log2): 32 bytes each, 2**22 is 128 MB (docs/analysis.md has the measurements). When the
#: memory cannot grow that far (a small browser tab), ``replace`` takes the largest table it can get,
#: down to ``SMALLEST_LOG2_SLOTS``.
TABLE_LOG2_SLOTS = 22
SMALLEST_LOG2_SLOTS = 18
#: Linux's ``MADV_HUGEPAGE`` and the size of its large pages (``_Wasmtime.huge_pages``).
MADV_HUGEPAGE = 14
HUGE_PAGE = 2 << 20
#: ``clear``'s limit, as ``solver.MAX_ENTRIES``.
CLEAR_AT = 1_000_000
#: ``solve``'s "no limit" node budget.
NO_LIMIT = 1e18

log = logging.getLogger("cardwidgets.analysis")


class CoreError(RuntimeError):
    """The module cannot be used here (the message says why)."""


class Stopped(RuntimeError):  # noqa: N818 (the name says what happened)
    """A solve passed its node or time budget after ``nodes`` positions."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        super().__init__(f"stopped after {nodes} positions")


#: wasmtime's engine and compiled module, shared by the instances of this process.
_compiled: dict[str, Any] = {}


# ----- the two ways of running the module ------------------------------------------------------------
class _Wasmtime:
    """The module in CPython, through wasmtime."""

    name = "wasmtime"

    def __init__(self, code: bytes) -> None:
        import wasmtime  # here, not above: without it the Python solver answers

        if _compiled.get("code") is not code:  # compiled once per process (tens of ms)
            engine = wasmtime.Engine()
            _compiled.update(code=code, engine=engine, module=wasmtime.Module(engine, code))
        self.store = wasmtime.Store(_compiled["engine"])
        module = _compiled["module"]
        clock = wasmtime.Func(self.store, wasmtime.FuncType([], [wasmtime.ValType.f64()]), self.now_ms)
        exports = wasmtime.Instance(self.store, module, [clock]).exports(self.store)
        #: The module's functions by name, and its memory.
        self.exports = {name: func for name in exports if isinstance(func := exports[name], wasmtime.Func)}
        memory = exports["memory"]
        if not isinstance(memory, wasmtime.Memory):
            raise TypeError("the compiled core exports no memory")
        self.memory = memory

    def now_ms(self) -> float:
        return time.monotonic() * 1000.0

    def call(self, name: str, *args: Any) -> Any:
        return self.exports[name](self.store, *args)

    def write(self, offset: int, data: bytes) -> None:
        self.memory.write(self.store, data, offset)

    def huge_pages(self) -> bool:
        """Ask Linux to back the module's memory with 2 MB pages (``madvise``); whether it agreed.

        The table is one random access into 128 MB per trick boundary: with 4 KB pages most of
        them also miss the TLB. 2 MB pages made the same solves 10-25 % faster here (docs/analysis.md).
        Elsewhere, or when the kernel says no, nothing changes.
        """
        if not sys.platform.startswith("linux"):
            return False
        try:
            import ctypes  # here only: this loader is CPython's (wasmtime); Pyodide has no ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            start = ctypes.cast(self.memory.data_ptr(self.store), ctypes.c_void_p).value or 0
            end = start + self.memory.data_len(self.store)
            first, last = -(-start // HUGE_PAGE) * HUGE_PAGE, end // HUGE_PAGE * HUGE_PAGE
            if last <= first:
                return False
            return libc.madvise(ctypes.c_void_p(first), ctypes.c_size_t(last - first), MADV_HUGEPAGE) == 0
        except (AttributeError, OSError, ValueError):  # no libc or no madvise here: 4 KB pages
            return False


class _Browser:
    """The module in Pyodide, through the browser's ``WebAssembly``."""

    name = "browser"

    def __init__(self, code: bytes) -> None:
        from pyodide.code import run_js  # Pyodide only ([tool.mypy]: not installed here)
        from pyodide.ffi import to_js

        self._to_js = to_js
        self.exports = run_js(_INSTANTIATE_JS)(to_js(code))
        self._now = run_js("() => performance.now()")
        self._write = run_js("(memory, offset, data) => new Uint8Array(memory.buffer, offset, data.length).set(data)")

    def now_ms(self) -> float:
        return float(self._now())

    def call(self, name: str, *args: Any) -> Any:
        return getattr(self.exports, name)(*args)

    def write(self, offset: int, data: bytes) -> None:
        self._write(self.exports.memory, offset, self._to_js(data))  # a fresh view: the buffer moves on growth

    def huge_pages(self) -> bool:
        """The browser decides how its memory is paged."""
        return False


#: Compiles and instantiates the module in JavaScript (the module's clock is ``performance.now``).
_INSTANTIATE_JS = """(code) => {
  const module = new WebAssembly.Module(code);
  return new WebAssembly.Instance(module, {env: {now_ms: () => performance.now()}}).exports;
}"""


# ----- one instance: its table and killers ------------------------------------------------------------
class Core:
    """One instance of the module (its own table and killers), for one thread at a time."""

    def __init__(self, code: bytes, spec: Any, policy: str = "replace", log2_slots: int = TABLE_LOG2_SLOTS) -> None:
        if policy not in POLICIES:
            raise CoreError(f"the table's policy is one of {POLICIES}, not {policy!r}")
        runner = _Browser if sys.platform == "emscripten" else _Wasmtime
        self.runner: Any = runner(code)
        version = self.runner.call("core_version")
        if version != spec.VERSION:
            raise CoreError(f"{spec.MODULE} is version {version}, its positions are written for {spec.VERSION}")
        #: The game's marshalling (a position's ``compiled``).
        self.spec = spec
        self.table_bytes = -1
        smallest = SMALLEST_LOG2_SLOTS if policy == "replace" else log2_slots
        for log2 in range(log2_slots, min(smallest, log2_slots) - 1, -1):
            max_entries = CLEAR_AT if policy == "clear" else 1 << log2
            self.table_bytes = self.runner.call("setup_table", log2, max_entries, int(policy == "replace"))
            if self.table_bytes >= 0:
                break
        if self.table_bytes < 0:
            raise CoreError(f"{spec.MODULE} could not get the memory for a table of 2**{log2_slots} slots")
        #: Whether the table lies in 2 MB pages (Linux, CPython).
        self.huge_pages = self.runner.huge_pages()
        self.policy = policy
        self.io = self.runner.call("io_buffer")
        #: What the table holds now: (owner, context) of the last ``new_deal``.
        self.deal: Any = None
        self.lock = threading.Lock()

    def prepare(self, owner: Any, pos: Any) -> None:
        """Make the table and killers ``owner``'s for ``pos``'s deal (emptied when they were not)."""
        deal = (weakref.ref(owner), pos.context())  # a weak reference: the core does not keep its owner alive
        if deal != self.deal:
            self._write(self.spec.deal_ints(pos))
            self.runner.call("new_deal")
            self.deal = deal

    def solve(self, pos: Any, guess: int | None, max_nodes: int | None, seconds_left: float | None) -> tuple[int, int]:
        """``(value, nodes)``: ``Solver.value(pos, guess)`` computed by the module, or ``Stopped``."""
        return self.solve_ints(self.spec.position_ints(pos), guess, max_nodes, seconds_left)

    def solve_ints(
        self, position: list[int], guess: int | None, max_nodes: int | None, seconds_left: float | None
    ) -> tuple[int, int]:
        """``solve`` of a position given as its ``spec.position_ints``."""
        self._write(position)
        self.runner.call("load_position")
        deadline = 0.0 if seconds_left is None else self.runner.now_ms() + max(seconds_left, 0.0) * 1000.0 + 1e-9
        limit = NO_LIMIT if max_nodes is None else float(max(max_nodes, 0))
        value = self.runner.call("solve", 0 if guess is None else guess, int(guess is not None), limit, deadline)
        nodes = int(self.runner.call("nodes_done"))
        if value < 0:
            raise Stopped(nodes)
        return value, nodes

    def _write(self, ints: list[int]) -> None:
        self.runner.write(self.io, struct.pack(f"<{len(ints)}i", *ints))


# ----- the process's modules ---------------------------------------------------------------------------
_lock = threading.Lock()
#: Per module file: its bytes (``code``), its instance (``core``, None when it cannot run), why not, spare instances.
_state: dict[str, dict[str, Any]] = {}


def core(spec: Any) -> Core | None:
    """The process's instance of ``spec``'s module (loaded once), or None when it cannot run here (logged once)."""
    with _lock:
        known = _state.setdefault(spec.MODULE, {})
        if "core" not in known:
            known["core"] = None
            try:
                known["core"] = new_core(spec)
            except Exception as error:  # any failure means: use the Python solver
                known["why"] = f"{type(error).__name__}: {error}"
                log.warning("cardwidgets.analysis: the compiled solver is not used (%s); using the Python solver",
                            known["why"])
        return known["core"]


def cores(spec: Any, count: int) -> list[Core]:
    """``count`` instances (the process's one first, the others kept for the next call), or [] without it."""
    first = core(spec)
    if first is None:
        return []
    with _lock:
        extra = _state[spec.MODULE].setdefault("extra", [])
        while len(extra) < count - 1:
            extra.append(new_core(spec))
        return [first, *extra[: count - 1]]


def new_core(spec: Any, policy: str = "replace", log2_slots: int = TABLE_LOG2_SLOTS) -> Core:
    """A fresh instance of ``spec``'s module (its own table): for another thread, or a test."""
    if os.environ.get(ENGINE_VARIABLE, "").lower() == "python":
        raise CoreError(f"{ENGINE_VARIABLE}=python")
    return Core(_code(spec), spec, policy, log2_slots)


def _code(spec: Any) -> bytes:
    """The module's bytes (read once)."""
    known = _state.setdefault(spec.MODULE, {})
    if "code" not in known:
        known["code"] = (WASM_DIR / spec.MODULE).read_bytes()
    return known["code"]


@atexit.register
def _release() -> None:
    """Drop the instances and the compiled module before the interpreter tears wasmtime down."""
    _state.clear()
    _compiled.clear()
    gc.collect()


def why_not(spec: Any) -> str | None:
    """Why ``core(spec)`` is None (None when it loaded or was not asked yet)."""
    return _state.get(spec.MODULE, {}).get("why")


def disable(spec: Any, reason: str) -> None:
    """Stop using ``spec``'s module in this process (it failed while solving): logged once."""
    with _lock:
        known = _state.setdefault(spec.MODULE, {})
        if known.get("core") is not None or "core" not in known:
            log.warning("cardwidgets.analysis: the compiled solver failed (%s); using the Python solver", reason)
        known["core"] = None
        known["why"] = reason
