"""The benchmarks refuse what they cannot measure, at once and in one sentence, instead of running for ever.

``benchmarks/analysis.py`` makes each case ``game:k`` by dealing at random until a deal waits for the
first card of trick ``k``; a trick the game never starts by a card (Nestors' trick 1 is the bidder's own,
played with two cards of the row) would keep it dealing. Every search is bounded, and the run stops
with an error naming the case and the tricks the game did reach.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _analysis() -> ModuleType:
    """``benchmarks/analysis.py`` as a module (``benchmarks/`` is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("benchmark_analysis", ROOT / "benchmarks" / "analysis.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


analysis = _analysis()


def test_an_impossible_case_is_refused_naming_the_case_and_the_tricks_reached() -> None:
    with pytest.raises(analysis.CaseError) as caught:
        analysis.position(*analysis.parse_case("nestors:1"), random.Random(1), max_deals=50)
    message = str(caught.value)
    assert message.startswith("case nestors:1 cannot be made")
    assert "none of 50 random nestors deals" in message
    assert "tricks 2–12 only" in message


def test_a_trick_past_the_last_is_refused() -> None:
    with pytest.raises(analysis.CaseError, match=r"case nimby:7 cannot be made.*tricks 1–6 only"):
        analysis.position("nimby", 7, random.Random(1), max_deals=50)


@pytest.mark.parametrize(
    ("case", "why"),
    [("chess:1", "no game 'chess'"), ("nimby", "k must be a trick number"), ("nimby:0", "k must be a trick number")],
)
def test_a_case_that_is_not_game_and_trick_is_refused(case: str, why: str) -> None:
    with pytest.raises(analysis.CaseError, match=why):
        analysis.parse_case(case)


def test_a_possible_case_is_made() -> None:
    state = analysis.position("nestors", 2, random.Random(1))
    assert len(state.tricks) == 2
    assert not state.tricks[-1].plays
    assert state.phase == "play"


def test_the_command_stops_at_once_with_one_error_before_timing_anything() -> None:
    """``--cases nestors:1`` exits with argparse's usage error (status 2), before a case is timed."""
    done = subprocess.run(
        [sys.executable, "benchmarks/analysis.py", "--cases", "nimby:1,nestors:1", "--deals", "1"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's package, whatever is installed
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "error: case nestors:1 cannot be made" in done.stderr
    assert "tricks 2–12 only" in done.stderr
    assert done.stdout == ""  # nimby:1 was not timed either: every case is made once before any is


def test_the_memory_benchmark_prints_a_kernel_figure_and_refuses_an_unknown_stage() -> None:
    """``benchmarks/memory.py``: one stage in a fresh kernel gives one row; a stage it does not know, one error."""
    run = [sys.executable, "benchmarks/memory.py", "--game", "nimby", "--kernels", "0"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [*run, "--stages", "table"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith("table")]
    assert len(rows) == 1
    rss, peak = float(rows[0][1]), float(rows[0][2])
    assert 10 < rss <= peak < 1000  # MB: a kernel with a table
    refused = subprocess.run(
        [*run, "--stages", "start,lunch"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert refused.returncode == 2
    assert "unknown stage 'lunch'" in refused.stderr
    assert refused.stdout == ""


def test_the_room_benchmark_measures_a_move_through_the_service() -> None:
    """``benchmarks/rooms.py --service``: a real jupyter server, four learners' clients, the figures printed;
    ``--rooms``: several rooms at once, each with a learner whose moves the bots answer."""
    done = subprocess.run(
        [sys.executable, "benchmarks/rooms.py", "--service", "--moves", "16", "--rooms", "2", "--seconds", "2"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("service: a move seen by another client after p50 "), done.stdout
    counted = re.search(r"\((\d+) sightings, (\d+) moves;", lines[0])
    assert counted is not None, lines[0]
    sightings, moves = int(counted[1]), int(counted[2])
    assert moves >= 12, done.stdout
    assert sightings >= 3 * moves - 3, done.stdout  # every move sent was seen by (nearly) all three others
    assert lines[1].startswith("service: ")
    assert "ms of the server's CPU per move" in lines[1]
    load = re.search(r"^service, 2 rooms .*: (\d+) moves/s in all, (\d+) frames/s pushed", lines[2])
    assert load is not None, done.stdout
    assert int(load[1]) > 0
    assert int(load[2]) > 0


def _lite() -> ModuleType:
    """``benchmarks/lite.py`` as a module (its dataclasses look their module up in ``sys.modules``)."""
    spec = importlib.util.spec_from_file_location("benchmark_lite", ROOT / "benchmarks" / "lite.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_lite_start_is_cut_into_its_phases() -> None:
    """The Lite benchmark's breakdown, from the requests a visit saw (a real visit needs a built site and Chromium)."""
    lite = _lite()
    fetch = lite.Fetch
    record = lite.Record(
        fetches=[
            fetch("http://h/build/bundle.js", 0.1, 1.5),
            fetch("http://h/static/pyodide/pyodide.asm.wasm", 0.1, 0.4, from_worker=True),  # the page's prefetch
            fetch("http://h/static/pyodide/pyodide.asm.wasm", 2.1, 2.6, from_worker=True),
            fetch("http://h/static/pyodide/pyodide.asm.wasm", 2.1, 5.0, from_worker=True),  # the service worker's
            fetch("http://h/static/pyodide/python_stdlib.zip", 2.1, 2.4, from_worker=True),
            fetch("http://h/static/pyodide/ipython-9.12.0-py3-none-any.whl", 2.2, 6.0, from_worker=True),
            fetch("http://h/static/pyodide/jedi-0.19.2-py2.py3-none-any.whl", 2.3, 6.5, from_worker=True),
            fetch("http://h/build/late-chunk.js", 7.0, 7.2),  # after the worker: not JupyterLab's start
            fetch("http://h/static/pyodide/psygnal-0.16.1-py3-none-any.whl", 9.0, 9.1),  # a cell's, after idle
        ],
        worker=2.0, kernel_idle=8.0, first_table=10.5,
        console=[(6.8, "cardwidgets: Python restored from the kernel's snapshot in 4700 ms"), (9.0, "other")],
    )
    assert lite.phases(record) == {
        "jupyterlab-js": 1.5, "worker": 2.0, "wasm+stdlib": 2.6, "pyodide-boot": 2.2, "wheels": 6.5,
        "python": 6.8, "kernel-idle": 8.0, "browser-cpu": None, "first-table": 2.5,
    }
    assert lite.phases(lite.Record())["kernel-idle"] is None
    assert "load" in lite.describe("site cold", record)




def test_the_puzzles_benchmark_prints_the_generator_s_figures_and_refuses_an_unknown_game() -> None:
    """``benchmarks/puzzles.py`` with one puzzle of the quickest game: the rate and the share kept."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "benchmarks/puzzles.py", "--games", "nimby", "--count", "1", "--no-prove"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("nimby: generated 1 in ")
    assert "puzzles per CPU minute; kept 1/" in done.stdout
    refused = subprocess.run(
        [sys.executable, "benchmarks/puzzles.py", "--games", "chess"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "no game 'chess'" in refused.stderr




def test_the_puzzle_ratings_benchmark_prints_the_order_and_the_learners_paths() -> None:
    """``benchmarks/puzzle_ratings.py`` on a few Nimby puzzles: the Spearman line and each learner's path."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "benchmarks/puzzle_ratings.py", "--games", "nimby", "--sample", "6", "--attempts", "10"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("nimby: Spearman ")
    assert "between 6 puzzles' ratings and the bots' failure rates" in lines[0]
    for level in ("random", "heuristic", "search"):
        assert any(line.startswith(f"nimby: {level} learner's rating after 10: ") for line in lines)
    assert lines[-1].startswith("nimby: learners in the bots' order after 10 attempts: ")
    refused = subprocess.run(
        [sys.executable, "benchmarks/puzzle_ratings.py", "--games", "chess"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "no game 'chess'" in refused.stderr


def test_the_puzzles_benchmark_times_serving_a_puzzle_at_the_table() -> None:
    """``benchmarks/puzzles.py --serve N``: the time to serve a puzzle after the first, the table drawn with it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "benchmarks/puzzles.py", "--games", "nimby", "--count", "0", "--no-prove", "--serve", "5"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("nimby: served 5 puzzles after the first: p50 ")
    assert " ms, p95 " in done.stdout
