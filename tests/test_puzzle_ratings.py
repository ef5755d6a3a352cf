"""Puzzle ratings calibrated from the bots, the choice of the next puzzle, and learners of known strength.

The calibration (``puzzles/calibrate.py``) rates a puzzle higher the fewer bots solve it; ``choose``
serves a due review first, else a puzzle within ±100 of the learner's rating, never one just served;
and a simulated learner of each bot level (``benchmarks/puzzle_ratings.py``) ends its first 100 attempts
rated in the bots' order. Small seeded samples of the shipped Nimby set keep it quick.
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from cardwidgets.bots import LEVELS
from cardwidgets.core.registry import SPECS
from cardwidgets.puzzles.calibrate import BOT_RATINGS, Attempts, calibrate, rating_from
from cardwidgets.puzzles.choose import RECENT, choose
from cardwidgets.puzzles.format import Puzzle
from cardwidgets.puzzles.shipped import set_path, shipped

ROOT = Path(__file__).resolve().parent.parent


def _benchmark() -> ModuleType:
    """``benchmarks/puzzle_ratings.py`` as a module (``benchmarks/`` is a folder of scripts)."""
    spec = importlib.util.spec_from_file_location("benchmark_puzzle_ratings", ROOT / "benchmarks" / "puzzle_ratings.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _benchmark()


def _rated(rating: float, n: int) -> Puzzle:
    """A shipped puzzle under another id, rated ``rating``."""
    base = shipped("nimby")[0]
    return replace(base, id=f"p{n}", rating={"rating": rating, "rd": 80.0, "vol": 0.06})


def test_the_bots_ratings_rise_with_their_strength() -> None:
    assert [BOT_RATINGS[level] for level in LEVELS] == sorted(BOT_RATINGS[level] for level in LEVELS)


def test_a_puzzle_fewer_bots_solve_is_rated_higher() -> None:
    made = {"random": 40, "heuristic": 2, "search": 2}

    def rating(random: int, heuristic: int, search: int) -> float:
        solved = {"random": random, "heuristic": heuristic, "search": search}
        return rating_from(Attempts(made, solved))["rating"]

    ladder = [rating(40, 2, 2), rating(20, 2, 2), rating(0, 2, 2), rating(0, 1, 2), rating(0, 0, 2), rating(0, 0, 0)]
    assert ladder == sorted(ladder)
    assert len(set(ladder)) == len(ladder)
    assert ladder[0] < BOT_RATINGS["random"] + 100  # solved by every bot: near the weakest
    assert ladder[-1] > BOT_RATINGS["search"] - 100  # solved by none: near the strongest


def test_the_calibration_orders_real_puzzles_by_what_the_bots_solve() -> None:
    """On shipped puzzles: one whose every level solved at least as often as another's is rated no higher."""
    trials = {"random": 4, "heuristic": 1, "search": 1}
    done = calibrate(shipped("nimby")[::25], trials=trials)
    assert all(p.rating for p, _ in done)
    pairs = 0
    for a, found_a in done:
        for b, found_b in done:
            solved_a = [found_a.solved[level] for level in LEVELS]
            solved_b = [found_b.solved[level] for level in LEVELS]
            if solved_a != solved_b and all(x >= y for x, y in zip(solved_a, solved_b, strict=True)):
                assert a.rating
                assert b.rating
                assert a.rating["rating"] < b.rating["rating"], (a.id, b.id)
                pairs += 1
    assert pairs > 0
    again = calibrate([p for p, _ in done[:3]], trials=trials)
    assert [p.rating for p, _ in again] == [p.rating for p, _ in done[:3]]  # seeded: the same each time


@pytest.mark.parametrize("game", [game for game in SPECS if set_path(game).is_file()])
def test_each_shipped_set_is_calibrated(game: str) -> None:
    """Every shipped puzzle carries its rating (``python -m cardwidgets.puzzles calibrate`` after ``build``)."""
    puzzles = shipped(game)
    assert puzzles
    assert all(p.rating and 0 < p.rating["rd"] < 350 for p in puzzles)


def test_a_puzzle_near_the_learner_is_served_when_there_is_one() -> None:
    puzzles = [_rated(r, n) for n, r in enumerate((900, 1150, 1240, 1330, 1420, 1700, 2100))]
    for seed in range(20):
        chosen = choose(puzzles, 1300, seed=seed)
        assert chosen is not None
        assert chosen.rating
        assert abs(chosen.rating["rating"] - 1300) <= 100
    assert {choose(puzzles, 1300, seed=s).id for s in range(40)} == {"p2", "p3"}  # type: ignore[union-attr]
    assert choose(puzzles, 1300, seed=5) == choose(puzzles, 1300, seed=5)
    # nothing within 100: the window widens to the nearest there are
    assert choose(puzzles, 1900, seed=1).id in {"p5", "p6"}  # type: ignore[union-attr]
    # the learner's own record of a puzzle's rating counts over the calibrated one
    assert choose(puzzles, 1000, ratings={"p0": 2000.0}, seed=0).id == "p1"  # type: ignore[union-attr]
    assert choose([], 1500) is None


def test_a_due_review_comes_first_and_a_puzzle_just_served_does_not_come_back() -> None:
    puzzles = [_rated(1500 + n, n) for n in range(RECENT + 3)]
    assert choose(puzzles, 1500, due=["gone", "p7", "p2"]).id == "p7"  # type: ignore[union-attr]
    # a due puzzle served lately waits; so does every puzzle served lately
    recent = [f"p{n}" for n in range(RECENT)]
    assert choose(puzzles, 1500, due=["p7"], recent=recent).id not in recent  # type: ignore[union-attr]
    served: list[str] = []
    for n in range(3 * len(puzzles)):
        chosen = choose(puzzles, 1505, recent=served, seed=n)
        assert chosen is not None
        assert chosen.id not in served[-RECENT:]
        served.append(chosen.id)
    # everything served lately: the one served longest ago
    assert choose(puzzles[:2], 1500, recent=["p1", "p0"]).id == "p1"  # type: ignore[union-attr]


def test_spearman_counts_ties_as_the_mean_of_their_ranks() -> None:
    assert bench.ranks([3.0, 1.0, 3.0, 2.0]) == [3.5, 1.0, 3.5, 2.0]
    assert bench.spearman([1, 2, 3, 4], [10, 20, 30, 45]) == pytest.approx(1.0)
    assert bench.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert bench.spearman([1, 2, 3], [5, 5, 5]) == 0.0


@pytest.mark.parametrize("game", ["nimby", "tumbochka", "nestors"])
def test_learners_of_known_strength_end_rated_in_the_bots_order_within_100_attempts(game: str) -> None:
    """A learner playing as each bot level, on every 4th shipped puzzle of each set."""
    puzzles = shipped(game)[::4]
    paths = bench.learners(puzzles, 100, seed=0)
    assert all(len(path) == 100 for path in paths.values())
    assert bench.in_order(paths), {level: round(path[-1]) for level, path in paths.items()}


@pytest.mark.parametrize("game", ["nimby", "tumbochka", "nestors"])
def test_the_ratings_order_with_the_bots_fresh_failure_rates(game: str) -> None:
    """Spearman of at least 0.5 between the shipped ratings and how often the bots fail in fresh attempts."""
    assert bench.difficulty_order(shipped(game)[::10]) >= 0.5
