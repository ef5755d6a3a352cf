"""The compiled Nestors search (``games/nestors/core/nestors.wasm``) against the Python solver.

- every game that declares a compiled search has its module and C source in its own folder,
  and the generic loader names no game's file;

- same values AND same node counts as the Python solver (the reference) on
  random Nestors positions from the last tricks up to the middle of the deal:
  a port that searched another tree would show in the node counts first;
- ``double_dummy`` says which engine answered; the compiled one answers
  Nestors where it runs, the Python one everything else;
- a module that is missing, broken, of another version, without wasmtime, or
  failing while it solves: the Python solver answers (the same values), and
  the reason is logged once;
- a budget stops the compiled search with ``Unfinished``, never a wrong value;
- instances sharing a memory share the deal and the table; where no shared
  memory can be made, each has its own, with the same answers;
- ``release`` (when a Review ends) leaves nothing holding an instance, its store or its memory,
  and the next solve makes a fresh one with the same answers.
"""

from __future__ import annotations

import importlib
import logging
import random
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest
from test_analysis import brute_values, ending

import cardwidgets.games  # noqa: F401 (the built-in games register)
from cardwidgets.analysis import DoubleDummy, Unfinished, double_dummy, parallel, wasm_core
from cardwidgets.analysis.dd import AnalysisError, position_of
from cardwidgets.analysis.postmortem import review
from cardwidgets.core.registry import SPECS, GameSpec
from cardwidgets.games.nestors import compiled as nestors_core

PACKAGE = Path(__file__).resolve().parent.parent / "cardwidgets"


@pytest.fixture
def fresh_core(monkeypatch: pytest.MonkeyPatch):
    """The process's module forgotten: the next ``core(spec)`` loads it again (and may fail)."""
    monkeypatch.setattr(wasm_core, "_state", {})
    monkeypatch.setattr(wasm_core, "_next", {"log2_slots": wasm_core.TABLE_LOG2_SLOTS})
    return wasm_core


@pytest.fixture(scope="module")
def clearing_core() -> wasm_core.Core:
    """A module instance whose table is emptied at 1 M entries, like the Python solver's."""
    return wasm_core.new_core(nestors_core, "clear", log2_slots=21)


def both(state, core: wasm_core.Core | None = None) -> tuple[dict, int, dict, int]:
    """(values, nodes) of the Python solver and of the compiled core on ``state``, each a fresh table."""
    python = DoubleDummy(engine="python")
    py_values = python.values(state)
    compiled = DoubleDummy()
    compiled.use_core(core)
    wasm_values = compiled.values(state)
    assert py_values.engine == "python"
    assert wasm_values.engine == "wasm"
    return dict(py_values), python.solver.nodes, dict(wasm_values), compiled.solver.nodes


def compiled_of(spec: GameSpec) -> Any:
    """The ``compiled`` of the game's fast position (None: no compiled search), from a random deal's play."""
    rng = random.Random(f"compiled-{spec.name}")
    game, play_phases = spec.game, spec.position().PLAY_PHASES
    while True:
        state = game.new_state(game.random_deal(rng), rng.randrange(game.num_players))
        while not state.is_done and state.phase not in play_phases:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_done:
            return position_of(state).compiled


@pytest.mark.parametrize("name", [name for name, spec in SPECS.items() if spec.has("position")])
def test_a_compiled_search_is_declared_and_lies_in_its_games_folder(name: str) -> None:
    """``compiled_search`` is declared exactly when the position has one; its module and C source are the game's."""
    spec = SPECS[name]
    compiled = compiled_of(spec)
    assert spec.capabilities.compiled_search == (compiled is not None)
    if compiled is None:
        return
    folder = Path(importlib.import_module(spec.package).__file__ or "").resolve().parent
    assert folder / "core" / compiled.MODULE == compiled.FILE  # what make wasm builds: games/*/core/*.c
    assert compiled.FILE.is_file()
    assert compiled.FILE.with_suffix(".c").is_file()


def test_no_compiled_search_lies_in_a_generic_layer() -> None:
    """A compiled module and its C source belong to one game (``games/<game>/core/``), not to a generic layer."""
    outside = [
        path.relative_to(PACKAGE).as_posix()
        for suffix in ("*.c", "*.h", "*.wasm")
        for path in PACKAGE.rglob(suffix)
        if path.relative_to(PACKAGE).parts[0] != "games"
    ]
    assert outside == []


@pytest.mark.parametrize(("tricks_left", "count"), [(2, 12), (3, 12), (4, 10), (5, 8), (6, 6), (7, 3)])
def test_same_values_and_node_counts_as_the_python_solver(tricks_left: int, count: int, clearing_core) -> None:
    """The same table policy as the Python solver's: the same search tree, node for node."""
    rng = random.Random(f"wasm-{tricks_left}")
    for _ in range(count):
        state = ending("nestors", rng, tricks_left)
        py_values, py_nodes, wasm_values, wasm_nodes = both(state, clearing_core)
        assert wasm_values == py_values, state.history
        assert wasm_nodes == py_nodes, state.history


def test_the_first_tricks_the_opening_and_the_leave_too(clearing_core) -> None:
    """Positions at the opening (NES-6a, played by the Python root), in a leave (NES-7) and in a trick."""
    rng = random.Random("wasm-phases")
    seen = set()
    for _ in range(40):
        state = ending("nestors", rng, 5)
        if state.phase in seen and len(seen) < 2:
            continue
        seen.add(state.phase)
        py_values, py_nodes, wasm_values, wasm_nodes = both(state, clearing_core)
        assert (wasm_values, wasm_nodes) == (py_values, py_nodes)
    assert seen >= {"play", "leave"}


@pytest.mark.parametrize("policy", ["replace", "clear"])
def test_a_small_table_replaced_or_cleared_keeps_the_values_exact(policy: str, monkeypatch) -> None:
    """A table of 64 slots overflows at once: entries are replaced (or it is emptied) all the time."""
    monkeypatch.setattr(wasm_core, "CLEAR_AT", 40)
    core = wasm_core.new_core(nestors_core, policy, log2_slots=6)
    rng = random.Random(f"wasm-small-{policy}")
    for _ in range(4):
        state = ending("nestors", rng, 6)
        py_values, _, wasm_values, _ = both(state, core)
        assert wasm_values == py_values
    assert core.runner.call("table_entries") <= 64


def test_the_default_table_replaces_and_still_agrees(clearing_core) -> None:
    """The default (replace) policy: the same values; the same node counts while nothing is replaced."""
    assert wasm_core.core(nestors_core).policy == "replace"
    rng = random.Random("wasm-replace")
    for _ in range(6):
        state = ending("nestors", rng, 5)
        assert both(state) == both(state, clearing_core)


def test_the_compiled_core_equals_brute_force_on_short_endings() -> None:
    rng = random.Random("wasm-brute")
    for _ in range(12):
        state = ending("nestors", rng, 2)
        values = double_dummy(state)
        assert values.engine == "wasm"
        assert dict(values) == brute_values(state) == dict(double_dummy(state, engine="python"))


def test_one_table_serves_the_steps_of_a_deal_and_other_deals() -> None:
    """The module's table is kept for one deal's steps and emptied for another deal or solver."""
    rng = random.Random("wasm-steps")
    state = ending("nestors", rng, 4)
    other = ending("nestors", rng, 4)
    solver = DoubleDummy()
    while not state.is_done:
        assert solver.values(state) == double_dummy(state, engine="python")
        assert DoubleDummy().values(other) == double_dummy(other, engine="python")
        state.apply(rng.choice(state.legal_actions()))


def test_one_solver_alternating_positions_whose_hands_are_exchanged_stays_exact(clearing_core) -> None:
    """Two positions alike for the table's keys but for who holds the cards (two hands exchanged at a
    trick's start) keep one table, in both engines. The key's suit parts, remembered per set of live
    cards, must follow the holders (``load_parts`` forgets a suit's parts when one changes): else the
    keys, hence the node counts, differ from the Python solver's (and values could be another's)."""
    rng = random.Random("wasm-same-context")
    while True:
        state = ending("nestors", rng, 5)
        if state.phase == "play" and not state.tricks[-1].plays:
            mover = state.to_act
            alike = [seat for seat in range(4) if seat != mover and len(state.hands[seat]) == len(state.hands[mover])]
            if alike:
                break
    exchanged = state.clone()
    exchanged.hands[mover], exchanged.hands[alike[0]] = list(state.hands[alike[0]]), list(state.hands[mover])
    assert position_of(exchanged).context() == position_of(state).context()
    python, compiled = DoubleDummy(engine="python"), DoubleDummy()
    compiled.use_core(clearing_core)
    for one in (state, exchanged, state, exchanged):
        assert compiled.values(one) == python.values(one)
        assert compiled.engine == "wasm"
        assert compiled.solver.nodes == python.solver.nodes


def test_other_games_and_engine_python_use_the_python_solver() -> None:
    rng = random.Random("wasm-games")
    for game in (name for name, spec in SPECS.items() if not spec.capabilities.compiled_search):
        assert double_dummy(ending(game, rng, 2)).engine == "python"
    assert double_dummy(ending("nestors", rng, 2), engine="python").engine == "python"
    with pytest.raises(ValueError, match="engine must be one of"):
        DoubleDummy(engine="fast")


def test_budgets_stop_with_unfinished_and_keep_only_exact_values() -> None:
    rng = random.Random("wasm-budget")
    state = ending("nestors", rng, 6)
    solver = DoubleDummy()
    full = solver.values(state)
    needed = solver.solver.nodes
    assert needed > 100
    with pytest.raises(Unfinished) as info:
        double_dummy(state, max_nodes=needed // 2)
    assert info.value.nodes == needed // 2 + 1
    assert all(full[text] == value for text, value in info.value.done.items())
    assert len(info.value.done) < len(full)
    assert double_dummy(state, max_nodes=needed) == full


def test_a_time_budget_stops_the_compiled_search() -> None:
    state = ending("nestors", random.Random("wasm-time"), 9)
    with pytest.raises(Unfinished) as info:
        double_dummy(state, seconds=0.0)
    assert info.value.nodes >= 4096  # the clock is read every 4096 positions


# ----- the fallback: never a wrong value, logged once -------------------------------------------------
def assert_python_answers(caplog: pytest.LogCaptureFixture, reason: str) -> None:
    state = ending("nestors", random.Random("wasm-fallback"), 3)
    expected = double_dummy(state, engine="python")
    with caplog.at_level(logging.WARNING, logger="cardwidgets.analysis"):
        first = double_dummy(state)
        second = double_dummy(state)
    assert first == second == expected
    assert first.engine == second.engine == "python"
    warnings = [r.getMessage() for r in caplog.records if "compiled solver" in r.getMessage()]
    assert len(warnings) == 1, warnings
    assert reason in warnings[0]
    assert reason in (wasm_core.why_not(nestors_core) or "")


def test_a_missing_module_falls_back_to_python(fresh_core, monkeypatch, caplog, tmp_path) -> None:
    monkeypatch.setattr(nestors_core, "FILE", tmp_path / nestors_core.MODULE)
    assert_python_answers(caplog, "FileNotFoundError")


def test_a_broken_module_falls_back_to_python(fresh_core, monkeypatch, caplog, tmp_path) -> None:
    broken = tmp_path / nestors_core.MODULE
    broken.write_bytes(b"\0asm not really")
    monkeypatch.setattr(nestors_core, "FILE", broken)
    assert_python_answers(caplog, "WasmtimeError")


def test_another_version_falls_back_to_python(fresh_core, monkeypatch, caplog) -> None:
    monkeypatch.setattr(nestors_core, "VERSION", nestors_core.VERSION + 1)
    assert_python_answers(caplog, "its positions are written for")


def test_without_wasmtime_python_answers(fresh_core, monkeypatch, caplog) -> None:
    monkeypatch.setitem(sys.modules, "wasmtime", None)  # import wasmtime raises ImportError
    assert_python_answers(caplog, "wasmtime")


def test_the_environment_can_ask_for_python(fresh_core, monkeypatch, caplog) -> None:
    monkeypatch.setenv(wasm_core.ENGINE_VARIABLE, "python")
    assert_python_answers(caplog, "CARDWIDGETS_ANALYSIS_ENGINE=python")


def test_a_module_failing_while_it_solves_falls_back_to_python(fresh_core, monkeypatch, caplog) -> None:
    core = wasm_core.core(nestors_core)
    assert core is not None

    def trap(*args: object) -> None:
        raise RuntimeError("wasm trap: out of bounds memory access")

    monkeypatch.setattr(core, "solve", trap)
    assert_python_answers(caplog, "out of bounds")


# ----- the root actions in parallel ---------------------------------------------------------------------
def test_root_actions_in_parallel_threads_give_the_same_values() -> None:
    rng = random.Random("wasm-parallel")
    for _ in range(4):
        state = ending("nestors", rng, 6)
        seen: list[tuple[int, int]] = []
        solver = DoubleDummy(workers=2, progress=lambda done, total, seen=seen: seen.append((done, total)))
        values = solver.values(state)
        assert values == double_dummy(state, engine="python")
        assert values.engine == "wasm"
        total = len(state.legal_actions())
        assert sorted(seen) == [(n, total) for n in range(1, total + 1)] or total <= 2


@pytest.mark.parametrize("threads", [1, 2, 3, 4, 8])
def test_threads_take_each_root_action_once_in_pairs_from_both_ends_of_a_run(threads: int) -> None:
    """Pairs of threads share a run of neighbouring actions, one from each end; a thread whose run is done helps."""
    shared = parallel._Shared(8, threads)
    assert sum(map(len, shared.runs)) == 8
    taken: list[int | None] = []
    if threads == 2:  # one run: thread 0 from the front, thread 1 from the back
        taken = [shared.take(0), shared.take(1), shared.take(0), shared.take(1)]
        assert taken == [0, 7, 1, 6]
    rng = random.Random(f"take-{threads}")
    while (index := shared.take(rng.randrange(threads))) is not None:
        taken.append(index)
    assert sorted(taken) == list(range(8))
    stopped = parallel._Shared(8, threads)
    stopped.stopped = True  # a budget ran out: nobody takes another
    assert stopped.take(0) is None


def test_instances_sharing_a_memory_share_the_deal_and_the_table() -> None:
    """A second instance joining the first finds what the first proved (and its own killers are fresh)."""
    state = ending("nestors", random.Random("wasm-shared"), 7)
    first = wasm_core.new_core(nestors_core)
    second = wasm_core.new_core(nestors_core, joining=first)
    alone = wasm_core.new_core(nestors_core)
    assert first.group.shareable
    assert second.group is first.group
    assert alone.group is not first.group
    assert second.table_bytes == first.table_bytes
    assert second.io != first.io

    def solve(core: wasm_core.Core) -> tuple[dict, int]:
        solver = DoubleDummy()
        solver.use_core(core)
        return dict(solver.values(state)), solver.solver.nodes

    python = double_dummy(state, engine="python")
    values, nodes = solve(first)
    assert values == python
    shared_values, shared_nodes = solve(second)  # a new DoubleDummy: new_deal, the table emptied
    assert shared_values == python
    assert shared_nodes == nodes
    owner, position = DoubleDummy(), position_of(state)
    for core in (first, second, alone):
        core.prepare(owner, position)  # second joins the deal first began; alone has its own
    full, full_nodes = first.solve(position, None, None, None)
    again, again_nodes = second.solve(position, None, None, None)
    fresh, fresh_nodes = alone.solve(position, None, None, None)
    assert full == again == fresh
    assert again_nodes < fresh_nodes == full_nodes  # the second found the first's bounds in the shared table


@pytest.mark.parametrize("failure", ["not made", "not importable"])
def test_the_module_reads_its_memory_import_and_runs_unshared_too(failure: str, fresh_core, monkeypatch) -> None:
    """Where no shared memory can be made (or imported), each instance gets a memory of its own: the same answers."""
    import wasmtime

    wasm_core.new_core(nestors_core)  # the process's engine
    code = nestors_core.FILE.read_bytes()
    limits = wasm_core.memory_import(code)
    module = wasmtime.Module(wasm_core._compiled["engine"], code)
    (declared,) = [item.type for item in module.imports if item.name == "memory"]
    assert (limits.minimum, limits.maximum) == (declared.limits.min, declared.limits.max)
    assert declared.is_shared
    plain = wasmtime.Module(wasm_core._compiled["engine"], wasm_core.unshared(code))
    assert [item.type.is_shared for item in plain.imports if item.name == "memory"] == [False]
    with pytest.raises(wasm_core.CoreError, match="imports no memory"):
        wasm_core.memory_import(code[:8])

    def no_shared_memory(*args: object) -> object:
        if failure == "not made":
            raise RuntimeError("no shared memory on this host")
        return object()  # what wasmtime cannot import

    monkeypatch.setattr(wasm_core, "_shared_memory", no_shared_memory)
    cores = wasm_core.cores(nestors_core, 2)
    assert len(cores) == 2
    assert not cores[0].group.shareable
    assert cores[1].group is not cores[0].group
    state = ending("nestors", random.Random("wasm-unshared"), 6)
    values = DoubleDummy(workers=2).values(state)
    assert values == double_dummy(state, engine="python")
    assert values.engine == "wasm"


def test_double_dummy_takes_the_machines_cores() -> None:
    from cardwidgets.analysis.parallel import machine_cores

    state = ending("nestors", random.Random("wasm-cores"), 6)
    assert 1 <= machine_cores() <= wasm_core.MAX_INSTANCES
    values = double_dummy(state, workers=machine_cores())
    assert values == double_dummy(state, engine="python")
    for wrong in (0, -1, 1.5, True, "2", 9):
        with pytest.raises(AnalysisError) as info:
            double_dummy(state, workers=wrong)
        assert "workers" in info.value.explanation.text("en")
        assert "workers — целое число от 1 до" in info.value.explanation.text("ru")  # the argument, as typed


def test_parallel_budgets_stop_with_unfinished_and_exact_values() -> None:
    state = ending("nestors", random.Random("wasm-parallel-budget"), 7)
    full = double_dummy(state, engine="python")
    with pytest.raises(Unfinished) as info:
        DoubleDummy(max_nodes=300, workers=2).values(state)
    assert all(full[text] == value for text, value in info.value.done.items())
    assert len(info.value.done) < len(full)
    with pytest.raises(Unfinished):
        DoubleDummy(seconds=0.0, workers=2).values(ending("nestors", random.Random("wasm-time"), 9))


def test_the_judge_gives_the_compiled_core_the_larger_budget_of_positions(fresh_core, monkeypatch) -> None:
    """Nestors with the compiled core: ``DD_NODES_COMPILED``; other games, or the Python solver: ``DD_NODES``."""
    from cardwidgets.analysis import judge as judge_module

    rng = random.Random("wasm-budget")
    nestors, nimby = ending("nestors", rng, 4), ending("nimby", rng, 3)
    assert judge_module.DD_NODES_COMPILED > judge_module.DD_NODES
    assert judge_module.default_nodes(nestors) == judge_module.DD_NODES_COMPILED
    assert judge_module.default_nodes(nimby) == judge_module.DD_NODES
    monkeypatch.setattr(wasm_core, "_state", {})
    monkeypatch.setenv(wasm_core.ENGINE_VARIABLE, "python")
    assert judge_module.default_nodes(nestors) == judge_module.DD_NODES


# ----- the memory: given back when a Review ends --------------------------------------------------------
def test_release_leaves_nothing_holding_an_instance_or_its_memory(fresh_core) -> None:
    """The instances, their stores and their memory are freed at once; the next solve makes a fresh instance."""
    state = ending("nestors", random.Random("wasm-release"), 6)
    before = double_dummy(state)
    first = wasm_core.core(nestors_core)
    assert first is not None
    assert wasm_core.table_memory() == first.table_bytes > 0
    threads = wasm_core.cores(nestors_core, 2)  # an instance joining it: released too
    held = [first, threads[1], first.runner, first.runner.store, first.group.memory]
    kept = [weakref.ref(thing) for thing in held]
    del first, threads, held
    wasm_core.release()
    assert wasm_core.table_memory() == 0
    assert [ref() for ref in kept] == [None] * len(kept)
    again = double_dummy(state)
    assert again == before
    assert again.engine == "wasm"
    assert wasm_core.table_memory() > 0


def test_release_keeps_a_module_that_cannot_run_unused(fresh_core, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "wasmtime", None)
    assert wasm_core.core(nestors_core) is None
    monkeypatch.delitem(sys.modules, "wasmtime")
    wasm_core.release()
    assert wasm_core.core(nestors_core) is None  # not tried again: the Python solver goes on answering
    assert "wasmtime" in (wasm_core.why_not(nestors_core) or "")


def finished_nestors_deal() -> Any:
    """A Nestors deal played to its end at random."""
    rng = random.Random("wasm-review")
    game = SPECS["nestors"].game
    state = game.new_state(game.random_deal(rng), 0)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_review_has_a_table_of_its_own_given_back_when_it_ends_or_fails(fresh_core, monkeypatch) -> None:
    made: list[wasm_core.Core] = []
    new_core = wasm_core.new_core
    monkeypatch.setattr(wasm_core, "new_core", lambda *a, **k: made.append(new_core(*a, **k)) or made[-1])
    wasm_core.core(nestors_core)  # e.g. a replay's analysis: the default table
    assert made[0].table_bytes == 32 << wasm_core.TABLE_LOG2_SLOTS
    state = finished_nestors_deal()
    seen: list[int] = []
    rows = review(state, 0, samples=2, nodes=20_000, progress=lambda done, total: seen.append(wasm_core.table_memory()))
    assert rows
    assert len(made) == 2  # the review solved with a compiled search of its own
    assert made[1].table_bytes == 32 << wasm_core.REVIEW_LOG2_SLOTS
    assert set(seen) <= {0, made[1].table_bytes}
    assert wasm_core.table_memory() == 0
    wasm_core.core(nestors_core)
    assert made[2].table_bytes == 32 << wasm_core.TABLE_LOG2_SLOTS  # after it, the default again

    def failing(done: int, total: int) -> None:
        raise KeyboardInterrupt  # e.g. the kernel interrupted

    with pytest.raises(KeyboardInterrupt):
        review(state, 0, samples=2, nodes=20_000, progress=failing)
    assert wasm_core.table_memory() == 0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="resident memory is read from Linux's /proc")
def test_release_gives_a_filled_table_back_to_the_system(fresh_core) -> None:
    """A table written all over is resident; after ``release`` the process's resident memory falls by as much."""

    def resident() -> int:
        status = Path("/proc/self/status").read_text()
        return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) << 10

    core = wasm_core.core(nestors_core)
    assert core is not None
    table = core.table_bytes
    _, size = core.runner._extent()
    page = b"\x00" * (1 << 20)
    for offset in range(size - table, size, len(page)):  # the table lies at the end of the memory
        core.runner.write(offset, page)
    filled = resident()
    del core
    wasm_core.release()
    assert filled - resident() > table * 3 // 4
