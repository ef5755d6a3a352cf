"""A game's compiled search (a WebAssembly module in the game's folder) run from Python (docs/analysis.md).

A game whose fast position can be searched by a compiled module declares
``compiled_search`` (``core/registry.Capabilities``) and says how in the
position's ``compiled``: its module of marshalling, with ``MODULE`` (the file's
name), ``FILE`` (where it lies: ``games/<game>/core/<name>.wasm``, beside its C
source), ``VERSION`` (the ``core_version()`` it speaks) and ``deal_ints(pos)``,
``position_ints(pos)`` (what ``new_deal`` and ``load_position`` read from the
module's ``io`` buffer). Nothing here knows a game or its files. The C source
is a port of that position and of ``Solver._search`` (the same moves in the
same order, the same keys, killers and table, so the same values and node
counts; ``tests/test_wasm_core.py``), built by ``make wasm`` (every
``games/*/core/*.c``) and committed. It runs:

- in CPython through ``wasmtime`` (a dependency of cardwidgets);
- in Pyodide (JupyterLite) through the browser's own ``WebAssembly``.

The module's memory is imported and shared: several instances of it (one per
thread, ``cores``) can share one memory, hence one deal and one table, and search
at once (``parallel``); each instance's own state is thread-local in the module,
and ``attach`` gives it its block and its stack. An instance made alone
(``new_core``) has a memory of its own.

``core(spec)`` gives the process's instance of a module, or None when it cannot
run here (wasmtime missing, the file missing or broken, a version mismatch):
the caller then uses the pure-Python solver, which stays the reference. The
reason is logged once. Nothing here ever guesses a value: a solve that passes
its budget says so (``Stopped``). ``release`` drops the process's instances and
gives their memory back to the system (a Review does at its start, for a table
of its own size, and at its end).
"""

from __future__ import annotations

import atexit
import functools
import gc
import logging
import os
import struct
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from cardwidgets.core.registry import CompiledPart

if TYPE_CHECKING:
    from cardwidgets.analysis.solver import Position

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
#: A Review's table (``release``): its solves each start anew from one of the learner's decisions, and
#: with 2**20 slots (32 MB) they ran as fast as with 2**22 (docs/analysis.md), the kernel a quarter as heavy.
REVIEW_LOG2_SLOTS = 20
#: Linux's ``MADV_HUGEPAGE`` and the size of its large pages (``_Wasmtime.huge_pages``).
MADV_HUGEPAGE = 14
HUGE_PAGE = 2 << 20
#: ``clear``'s limit, as ``solver.MAX_ENTRIES``.
CLEAR_AT = 1_000_000
#: ``solve``'s "no limit" node budget.
NO_LIMIT = 1e18
#: How many instances may share one memory (the module's ``MAX_INSTANCES``).
MAX_INSTANCES = 8

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


# ----- the module's memory ---------------------------------------------------------------------------
class MemoryImport(NamedTuple):
    """The module's imported memory: its limits in 64 KB pages, and where its flags byte is."""

    minimum: int
    maximum: int
    flags_at: int


def memory_import(code: bytes) -> MemoryImport:
    """Reads ``env.memory``'s limits from the module's import section (``CoreError`` when it has none)."""

    def leb(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = code[at]
            value |= (byte & 0x7F) << shift
            at, shift = at + 1, shift + 7
            if byte < 0x80:
                return value, at

    try:
        at = 8  # after the magic number and the version
        while at < len(code):
            section, size_at = code[at], at + 1
            size, at = leb(size_at)
            if section == 2:  # the import section
                count, at = leb(at)
                for _ in range(count):
                    names = []
                    for _ in range(2):
                        length, at = leb(at)
                        names.append(code[at : at + length])
                        at += length
                    kind, at = code[at], at + 1
                    if kind == 0:  # a function: its type's index
                        _, at = leb(at)
                    elif kind == 2:  # a memory: flags, minimum, maximum
                        flags_at, flags = at, code[at]
                        minimum, at = leb(at + 1)
                        maximum, at = leb(at) if flags & 1 else (minimum, at)
                        if names == [b"env", b"memory"]:
                            return MemoryImport(minimum, maximum, flags_at)
                    else:
                        raise ValueError(f"an import of kind {kind}")
                break
            at += size
    except (IndexError, ValueError) as error:
        raise CoreError(f"the compiled core's imports cannot be read ({error})") from None
    raise CoreError("the compiled core imports no memory")


def unshared(code: bytes) -> bytes:
    """The module with an unshared memory (the same code: where a shared memory cannot be made)."""
    at = memory_import(code).flags_at
    return code[:at] + bytes([code[at] & ~2]) + code[at + 1 :]


class _Group:
    """Instances sharing one memory: its deal, its table (``Core``) and how many are attached."""

    def __init__(self) -> None:
        self.memory: Any = None
        #: Whether other instances can join (a shared memory; else each instance has a memory of its own).
        self.shareable = False
        self.count = 0
        #: (owner, context) of the last ``new_deal``, and how many there were.
        self.deal: Any = None
        self.serial = 0
        self.table_bytes = -1
        self.policy = ""
        self.huge_pages = False


# ----- the two ways of running the module ------------------------------------------------------------
class _Wasmtime:
    """The module in CPython, through wasmtime."""

    name = "wasmtime"

    def __init__(self, code: bytes, group: _Group) -> None:
        import wasmtime  # here, not above: without it the Python solver answers

        if "engine" not in _compiled:  # one per process: the memories of all instances are its
            config = wasmtime.Config()
            config.wasm_threads = True
            config.shared_memory = True
            _compiled["engine"] = wasmtime.Engine(config)
        engine = _compiled["engine"]
        if _compiled.get("code") is not code:  # compiled once per process (tens of ms)
            _compiled.pop("unshared", None)
            _compiled.update(code=code, module=wasmtime.Module(engine, code))
        self.store = wasmtime.Store(engine)
        # A plain function, not a method: wasmtime keeps a store's host functions in a process-wide slab
        # until the store is deleted, so a method there would keep this instance, its store and its
        # memory alive for ever (``release`` could not give the memory back).
        self._clock = wasmtime.Func(self.store, wasmtime.FuncType([], [wasmtime.ValType.f64()]), _monotonic_ms)
        limits = memory_import(code)
        exports = None
        if group.memory is None:  # the group's first instance: a shared memory, where wasmtime makes one
            try:
                memory = _shared_memory(wasmtime, engine, limits)
                exports = self._instantiate(_compiled["module"], memory)
                group.memory, group.shareable = memory, True
            except Exception as error:  # any: then each instance has a memory of its own
                log.info("cardwidgets.analysis: no shared memory here (%s): one table per thread", error)
        elif group.shareable:
            exports = self._instantiate(_compiled["module"], group.memory)
        if exports is None:  # the same code with an unshared memory, in this instance's store
            if "unshared" not in _compiled:
                _compiled["unshared"] = wasmtime.Module(engine, unshared(code))
            memory = wasmtime.Memory(self.store, wasmtime.MemoryType(wasmtime.Limits(limits.minimum, limits.maximum)))
            exports = self._instantiate(_compiled["unshared"], memory)
            group.memory = memory
        #: The instance's memory (shared with the others of ``group`` when ``group.shareable``).
        self.memory: Any = group.memory
        self.shared = group.shareable
        #: The module's functions by name, and its stack pointer.
        self.exports = {name: func for name in exports if isinstance(func := exports[name], wasmtime.Func)}
        stack_pointer = exports["__stack_pointer"]
        if not isinstance(stack_pointer, wasmtime.Global):
            raise CoreError("the compiled core exports no stack pointer")
        self.stack_pointer = stack_pointer

    def _instantiate(self, module: Any, memory: Any) -> Any:
        """The module's exports, instantiated in this instance's store with ``memory``."""
        import wasmtime

        given: dict[str, Any] = {"memory": memory, "now_ms": self._clock}
        imports = [given[item.name] for item in module.imports]
        return wasmtime.Instance(self.store, module, imports).exports(self.store)

    def now_ms(self) -> float:
        return _monotonic_ms()

    def call(self, name: str, *args: Any) -> Any:
        return self.exports[name](self.store, *args)

    def set_stack(self, top: int) -> None:
        self.stack_pointer.set_value(self.store, top)

    def _extent(self) -> tuple[int, int]:
        """Where the memory lies in this process, and its bytes."""
        import ctypes  # CPython's loader only

        pointer = self.memory.data_ptr() if self.shared else self.memory.data_ptr(self.store)
        size = self.memory.data_len() if self.shared else self.memory.data_len(self.store)
        return ctypes.cast(pointer, ctypes.c_void_p).value or 0, size

    def write(self, offset: int, data: bytes) -> None:
        import ctypes

        start, size = self._extent()
        if offset < 0 or offset + len(data) > size:
            raise CoreError("a write outside the compiled core's memory")
        ctypes.memmove(start + offset, data, len(data))

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
            start, size = self._extent()
            end = start + size
            first, last = -(-start // HUGE_PAGE) * HUGE_PAGE, end // HUGE_PAGE * HUGE_PAGE
            if last <= first:
                return False
            return libc.madvise(ctypes.c_void_p(first), ctypes.c_size_t(last - first), MADV_HUGEPAGE) == 0
        except (AttributeError, OSError, ValueError):  # no libc or no madvise here: 4 KB pages
            return False


def _monotonic_ms() -> float:
    """The module's clock (its ``now_ms`` import) in CPython."""
    return time.monotonic() * 1000.0


@functools.cache
def _shared_memory_type(wasmtime: Any) -> Any:
    """The ``SharedMemory`` of wasmtime, as instances in other stores (threads) can import it.

    wasmtime-py 50's own wraps its pointer twice when it is imported (a ``TypeError``); this does not.
    """
    from wasmtime import _ffi as ffi

    class SharedMemory(wasmtime.SharedMemory):
        def _as_extern(self) -> Any:
            union = ffi.wasmtime_extern_union(sharedmemory=self.ptr())
            return ffi.wasmtime_extern_t(ffi.WASMTIME_EXTERN_SHAREDMEMORY, union)

    return SharedMemory


def _shared_memory(wasmtime: Any, engine: Any, limits: MemoryImport) -> Any:
    """A shared memory of the module's limits."""
    memory_type = wasmtime.MemoryType(wasmtime.Limits(limits.minimum, limits.maximum), shared=True)
    return _shared_memory_type(wasmtime)(engine, memory_type)


class _Browser:
    """The module in Pyodide, through the browser's ``WebAssembly``."""

    name = "browser"

    def __init__(self, code: bytes, group: _Group) -> None:
        from pyodide.code import run_js  # Pyodide only ([tool.mypy]: not installed here)
        from pyodide.ffi import to_js

        self._to_js = to_js
        limits = memory_import(code)
        made = run_js(_INSTANTIATE_JS)(to_js(code), to_js(unshared(code)), limits.minimum, limits.maximum)
        self.exports, self.memory = made.exports, made.memory
        group.memory = self.memory  # one instance per memory: Pyodide has no threads
        self._now = run_js("() => performance.now()")
        self._write = run_js("(memory, offset, data) => new Uint8Array(memory.buffer, offset, data.length).set(data)")

    def now_ms(self) -> float:
        return float(self._now())

    def call(self, name: str, *args: Any) -> Any:
        return getattr(self.exports, name)(*args)

    def set_stack(self, top: int) -> None:
        stack_pointer = getattr(self.exports, "__stack_pointer")  # not .__stack_pointer: Python would mangle it
        stack_pointer.value = top

    def write(self, offset: int, data: bytes) -> None:
        self._write(self.memory, offset, self._to_js(data))  # a fresh view: the buffer changes on growth

    def huge_pages(self) -> bool:
        """The browser decides how its memory is paged."""
        return False


#: Compiles and instantiates the module in JavaScript (the module's clock is ``performance.now``), with a
#: shared memory where the browser makes one (Chromium does, even without cross-origin isolation), else the
#: same code with an unshared memory (Pyodide has no threads: one instance either way).
_INSTANTIATE_JS = """(code, unsharedCode, initial, maximum) => {
  let memory, module;
  try {
    memory = new WebAssembly.Memory({initial, maximum, shared: true});
    module = new WebAssembly.Module(code);
  } catch (error) {
    memory = new WebAssembly.Memory({initial, maximum});
    module = new WebAssembly.Module(unsharedCode);
  }
  const instance = new WebAssembly.Instance(module, {env: {memory, now_ms: () => performance.now()}});
  return {exports: instance.exports, memory};
}"""


# ----- one instance: its table and killers ------------------------------------------------------------
class Core:
    """One instance of the module (its killers, its position), for one thread at a time.

    Alone, it has a memory (and a table) of its own; made with ``joining`` another core, it shares
    that core's memory, deal and table (``cores``: the threads of ``parallel``, which hold the first
    core's lock while they search).
    """

    #: The instances sharing this one's memory, deal and table.
    group: _Group

    def __init__(
        self,
        code: bytes,
        spec: CompiledPart,
        policy: str = "replace",
        log2_slots: int = TABLE_LOG2_SLOTS,
        joining: Core | None = None,
    ) -> None:
        if policy not in POLICIES:
            raise CoreError(f"the table's policy is one of {POLICIES}, not {policy!r}")
        group: _Group = joining.group if joining is not None and joining.group.shareable else _Group()
        self.group = group
        if self.group.count >= MAX_INSTANCES:
            raise CoreError(f"at most {MAX_INSTANCES} instances share a memory")
        runner = _Browser if sys.platform == "emscripten" else _Wasmtime
        self.runner: Any = runner(code, self.group)
        version = self.runner.call("core_version")
        if version != spec.VERSION:
            raise CoreError(f"{spec.MODULE} is version {version}, its positions are written for {spec.VERSION}")
        top = self.runner.call("attach", self.group.count)
        if not top:
            raise CoreError(f"{spec.MODULE} could not get the memory for instance {self.group.count}")
        self.runner.set_stack(top)
        self.group.count += 1
        #: The game's marshalling (a position's ``compiled``).
        self.spec = spec
        if self.group.count == 1:  # the memory's first instance: its table
            self._setup_table(policy, log2_slots)
        self.io = self.runner.call("io_buffer")
        #: The deal this instance joined (``_Group.serial``).
        self.joined = -1
        self.lock = threading.Lock()

    def _setup_table(self, policy: str, log2_slots: int) -> None:
        """The memory's table: ``2**log2_slots`` slots, or fewer where the memory cannot grow that far."""
        group = self.group
        smallest = SMALLEST_LOG2_SLOTS if policy == "replace" else log2_slots
        for log2 in range(log2_slots, min(smallest, log2_slots) - 1, -1):
            max_entries = CLEAR_AT if policy == "clear" else 1 << log2
            group.table_bytes = self.runner.call("setup_table", log2, max_entries, int(policy == "replace"))
            if group.table_bytes >= 0:
                break
        if group.table_bytes < 0:
            raise CoreError(f"{self.spec.MODULE} could not get the memory for a table of 2**{log2_slots} slots")
        group.huge_pages = self.runner.huge_pages()
        group.policy = policy

    @property
    def table_bytes(self) -> int:
        """The table's size in bytes."""
        return int(self.group.table_bytes)

    @property
    def policy(self) -> str:
        """The table's policy (``POLICIES``)."""
        return str(self.group.policy)

    @property
    def huge_pages(self) -> bool:
        """Whether the table lies in 2 MB pages (Linux, CPython)."""
        return bool(self.group.huge_pages)

    @property
    def deal(self) -> Any:
        """What the table holds now: (owner, context) of the last ``new_deal`` (None: nothing known)."""
        return self.group.deal

    @deal.setter
    def deal(self, deal: Any) -> None:
        self.group.deal = deal

    def prepare(self, owner: object, pos: Position) -> None:
        """Make the table and killers ``owner``'s for ``pos``'s deal (emptied when they were not)."""
        deal = (weakref.ref(owner), pos.context())  # a weak reference: the core does not keep its owner alive
        group = self.group
        if deal != group.deal:
            self._write(self.spec.deal_ints(pos))
            self.runner.call("new_deal")
            group.deal = deal
            group.serial += 1
        elif self.joined != group.serial:  # another instance of the memory started this deal
            self.runner.call("join_deal")
        self.joined = group.serial

    def solve(
        self, pos: Position, guess: int | None, max_nodes: int | None, seconds_left: float | None
    ) -> tuple[int, int]:
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
#: The table of the process's next instance, in log2 slots (``release``).
_next = {"log2_slots": TABLE_LOG2_SLOTS}


def core(spec: CompiledPart) -> Core | None:
    """The process's instance of ``spec``'s module (loaded once), or None when it cannot run here (logged once)."""
    with _lock:
        known = _state.setdefault(spec.MODULE, {})
        if "core" not in known:
            known["core"] = None
            try:
                known["core"] = new_core(spec, log2_slots=_next["log2_slots"])
            except Exception as error:  # any failure means: use the Python solver
                known["why"] = f"{type(error).__name__}: {error}"
                log.warning(
                    "cardwidgets.analysis: the compiled solver is not used (%s); using the Python solver", known["why"]
                )
        return known["core"]


def cores(spec: CompiledPart, count: int) -> list[Core]:
    """``count`` instances sharing one memory (the process's first), or [] without the module.

    The others are kept for the next call. Use them together only, holding the first one's lock.
    """
    first = core(spec)
    if first is None:
        return []
    count = min(count, MAX_INSTANCES)
    with _lock:
        extra = _state[spec.MODULE].setdefault("extra", [])
        while len(extra) < count - 1:
            extra.append(new_core(spec, joining=first))
        return [first, *extra[: count - 1]]


def new_core(
    spec: CompiledPart, policy: str = "replace", log2_slots: int = TABLE_LOG2_SLOTS, joining: Core | None = None
) -> Core:
    """A fresh instance of ``spec``'s module: with a memory (and table) of its own, or sharing ``joining``'s."""
    if os.environ.get(ENGINE_VARIABLE, "").lower() == "python":
        raise CoreError(f"{ENGINE_VARIABLE}=python")
    return Core(_code(spec), spec, policy, log2_slots, joining)


def _code(spec: CompiledPart) -> bytes:
    """The module's bytes, read once from where the game's marshalling says it lies (``spec.FILE``)."""
    known = _state.setdefault(spec.MODULE, {})
    if "code" not in known:
        known["code"] = Path(spec.FILE).read_bytes()
    return known["code"]


def release(log2_slots: int = TABLE_LOG2_SLOTS) -> None:
    """Give the memory of the process's instances (their tables) back to the system.

    The next ``core`` makes a fresh instance with a table of ``2**log2_slots`` slots. A Review starts
    with ``release(REVIEW_LOG2_SLOTS)`` and ends with ``release()``: a kernel then holds a few MB of the
    module (wasmtime's engine and the compiled code) instead of its table. A WebAssembly memory cannot
    shrink, so the instances are dropped (a fresh one takes a millisecond, and the table is emptied on
    every new deal anyway). A solve under way keeps its instance until it returns. A module that cannot
    run here (``why_not``) stays unused.
    """
    with _lock:
        for known in _state.values():
            if known.get("core") is not None:
                del known["core"]
            known.pop("extra", None)
        _next["log2_slots"] = log2_slots
    gc.collect()  # a cycle through an instance would otherwise keep its memory until the next collection


def table_memory() -> int:
    """The bytes of table the process's instances hold now (0 after ``release``)."""
    with _lock:
        return sum(known["core"].table_bytes for known in _state.values() if known.get("core") is not None)


@atexit.register
def _release() -> None:
    """Drop the instances and the compiled module before the interpreter tears wasmtime down."""
    _state.clear()
    _compiled.clear()
    gc.collect()


def why_not(spec: CompiledPart) -> str | None:
    """Why ``core(spec)`` is None (None when it loaded or was not asked yet)."""
    return _state.get(spec.MODULE, {}).get("why")


def disable(spec: CompiledPart, reason: str) -> None:
    """Stop using ``spec``'s module in this process (it failed while solving): logged once."""
    with _lock:
        known = _state.setdefault(spec.MODULE, {})
        if known.get("core") is not None or "core" not in known:
            log.warning("cardwidgets.analysis: the compiled solver failed (%s); using the Python solver", reason)
        known["core"] = None
        known["why"] = reason
