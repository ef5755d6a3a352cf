"""Puzzle ratings: whether they say how hard a puzzle is, and learners of known strength end up in order.

    python benchmarks/puzzle_ratings.py [--games nimby,tumbochka,nestors] [--sample N] [--attempts 100] [--seed 0]

Per game with a shipped set, two figures:

- **Spearman**: the rank correlation between the puzzles' ratings (as shipped, from
  ``python -m cardwidgets.puzzles calibrate``) and how often the bots solve them in *fresh* attempts
  (other seeds than the calibration's: each level's share solved, averaged over the levels), counted so
  that harder-rated puzzles solved less often is positive;
- **learners**: a simulated learner of each bot level plays ``--attempts`` puzzles, each chosen by
  ``choose`` from its rating and its due reviews (``Progress.due_items``), the bot's own choices deciding
  right or wrong, every attempt rated by ``Progress.attempt`` from the puzzle's calibrated rating; its
  rating path is printed, and whether the learners' final ratings are in the bots' order.

``--sample N``: the first N puzzles of each set only (a quick look; the figures for the notes are the whole sets).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

from cardwidgets.bots import LEVELS
from cardwidgets.core.registry import SPECS
from cardwidgets.drills.progress import Progress
from cardwidgets.drills.rating import LEARNER, PUZZLE, Glicko
from cardwidgets.puzzles.calibrate import attempts, seed_of, solves
from cardwidgets.puzzles.choose import choose
from cardwidgets.puzzles.format import Puzzle
from cardwidgets.puzzles.shipped import shipped

#: The seeds' salt of the fresh attempts (the calibration's is 0).
FRESH = 1
#: The simulated learners' seeds' salt.
LEARNING = 2
#: How far the simulated clock moves on between two attempts.
STEP = timedelta(minutes=1)
#: The attempts after which a learner's rating path is printed.
MARKS = (10, 25, 50, 100)


def ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank (1 the smallest), tied values sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            found[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return found


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's on the ranks (0 when either side is constant)."""
    rx, ry = ranks(xs), ranks(ys)
    if len(set(rx)) < 2 or len(set(ry)) < 2:
        return 0.0
    return statistics.correlation(rx, ry)


def difficulty_order(puzzles: Sequence[Puzzle]) -> float:
    """Spearman between the puzzles' ratings and how rarely the bots solve them in fresh attempts."""
    rated = [p for p in puzzles if p.rating]
    failing = []
    for puzzle in rated:
        found = attempts(puzzle, salt=FRESH)
        failing.append(1 - statistics.fmean(found.rate(level) for level in LEVELS))
    return spearman([p.rating["rating"] for p in rated if p.rating], failing)


def simulate(puzzles: Sequence[Puzzle], level: str, count: int = 100, seed: int = 0) -> list[float]:
    """A learner who plays as the bot ``level``: its rating after each of ``count`` attempts."""
    now = [datetime(2026, 1, 1, tzinfo=timezone.utc)]
    progress = Progress(None, clock=lambda: now[0])
    game = puzzles[0].game
    by_id = {p.id: p for p in puzzles}
    rating = progress.rating(LEARNER, game)
    current = rating.rating if rating else Glicko().rating
    own: dict[str, float] = {}
    recent: list[str] = []
    path = []
    for n in range(count):
        now[0] += STEP
        due = [pid for pid in progress.due_items(PUZZLE, game) if pid in by_id]
        puzzle = choose(puzzles, current, due=due, recent=recent, ratings=own, seed=seed * 100_003 + n)
        assert puzzle is not None
        correct = solves(puzzle, level, seed_of(puzzle.id, level, n, LEARNING + seed))
        slot = puzzle.rating
        start = Glicko(slot["rating"], slot["rd"], slot["vol"]) if slot else Glicko()
        theme = puzzle.themes[0] if puzzle.themes else ""
        current = progress.attempt(PUZZLE, puzzle.id, game, correct, topic=theme, start=start).rating
        after = progress.rating(PUZZLE, puzzle.id)
        if after is not None:
            own[puzzle.id] = after.rating
        recent.append(puzzle.id)
        path.append(current)
    return path


def learners(puzzles: Sequence[Puzzle], count: int, seed: int) -> dict[str, list[float]]:
    """Each bot level's simulated rating path."""
    return {level: simulate(puzzles, level, count, seed) for level in LEVELS}


def in_order(paths: dict[str, list[float]]) -> bool:
    """Whether the learners' final ratings rise with the bots' strength (``LEVELS``, weakest first)."""
    finals = [paths[level][-1] for level in LEVELS]
    return all(a < b for a, b in itertools.pairwise(finals))


def main(argv: list[str] | None = None) -> int:
    """Print the figures of each game asked; 2 (and one error) for an unknown game."""
    parser = argparse.ArgumentParser(prog="benchmarks/puzzle_ratings.py")
    parser.add_argument("--games", default=",".join(SPECS))
    parser.add_argument("--sample", type=int, default=0, help="the first N puzzles of each set (0: all)")
    parser.add_argument("--attempts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in SPECS]
    if unknown:
        parser.error(f"no game {unknown[0]!r} (games: {', '.join(SPECS)})")
    for game in games:
        puzzles = shipped(game)[: args.sample or None]
        if not any(p.rating for p in puzzles):
            print(f"{game}: no rated puzzles (python -m cardwidgets.puzzles calibrate)")
            continue
        began = time.process_time()
        rho = difficulty_order(puzzles)
        print(
            f"{game}: Spearman {rho:.2f} between {len(puzzles)} puzzles' ratings and the bots' failure rates "
            f"in fresh attempts ({time.process_time() - began:.0f} CPU s)"
        )
        paths = learners(puzzles, args.attempts, args.seed)
        for level, path in paths.items():
            marks = ", ".join(f"{m}: {path[m - 1]:.0f}" for m in MARKS if m <= len(path))
            print(f"{game}: {level} learner's rating after {marks} (final {path[-1]:.0f})")
        verdict = "yes" if in_order(paths) else "no"
        print(f"{game}: learners in the bots' order after {args.attempts} attempts: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
