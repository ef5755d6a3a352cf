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
