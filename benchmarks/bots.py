"""Duplicate tournaments between bot levels, per game, with decision latency.

    python benchmarks/bots.py [--deals 200] [--games nimby,tumbochka,nestors]
                              [--matchups heuristic:random,search:heuristic] [--jobs 1] [--seed 1]

Duplicate style removes the luck of the cards: every deal is played again with
the seats swapped, and only the difference between the two levels counts.

- Nimby and Nestors (two partnerships): each deal is played twice, the
  challenger's bots on seats 0+2 and then on seats 1+3. A deal's *margin* is
  the challenger's side's score less the other side's, averaged over the two.
- Tumbochka (three players): each deal is played with the challenger on seat
  0, 1 and 2 in turn (the baseline on the other two), and once with the
  baseline on all three seats. The margin is the challenger's score less the
  baseline's score on the same seat of the same deal, averaged over the seats.

Printed per game and match-up: the mean margin per deal with its 95%
confidence interval, the share of deals the challenger won (ties count half)
with its 95% interval, and each level's decision latency p50/p95 in ms, wall
clock and CPU time of the process (decisions with a single legal move are not
timed). ``--jobs 2`` runs deals in two processes: faster, but the wall-clock
latency is then measured with both cores busy; the CPU time is not affected.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from cardwidgets.bots import make_bot
from cardwidgets.games import GAMES, get_game

Z95 = 1.96


@dataclass
class DealResult:
    """One duplicate deal: the challenger's margin, and decision times per level (seconds)."""

    margin: float
    times: dict[str, list[float]] = field(default_factory=dict)


def play(game_name: str, deal_number: int, seed: int, levels: list[str], times: dict[str, list[float]]) -> list[int]:
    """Play one deal (shuffled from ``seed`` and ``deal_number``) with the bot level of each seat."""
    game = get_game(game_name)
    deal = game.random_deal(random.Random(f"{seed}-{deal_number}"))
    state = game.new_state(deal, deal_number % game.num_players)
    bots = [make_bot(level, seed * 1_000_003 + deal_number * 10 + s) for s, level in enumerate(levels)]
    while not state.is_done:
        seat = state.to_act
        assert seat is not None
        forced = len(state.legal_actions()) == 1
        start, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state)
        if not forced:
            times.setdefault(levels[seat], []).append(time.perf_counter() - start)
            times.setdefault(levels[seat] + " cpu", []).append(time.process_time() - cpu)
        state.apply(action)
    return state.score() or [0] * game.num_sides()


def duplicate_deal(game_name: str, challenger: str, baseline: str, deal_number: int, seed: int) -> DealResult:
    """The challenger's margin over the baseline on one deal, played in every seating."""
    game = GAMES[game_name]
    times: dict[str, list[float]] = {}
    if game.num_sides() == 2:
        margins = []
        for side in (0, 1):
            levels = [challenger if game.sides[s] == side else baseline for s in range(game.num_players)]
            score = play(game_name, deal_number, seed, levels, times)
            margins.append(score[side] - score[1 - side])
        return DealResult(statistics.fmean(margins), times)
    base = play(game_name, deal_number, seed, [baseline] * game.num_players, times)
    margins = []
    for seat in range(game.num_players):
        levels = [challenger if s == seat else baseline for s in range(game.num_players)]
        score = play(game_name, deal_number, seed, levels, times)
        margins.append(score[seat] - base[seat])
    return DealResult(statistics.fmean(margins), times)


def _job(args: tuple[str, str, str, int, int]) -> DealResult:
    return duplicate_deal(*args)


def run_matchup(game: str, challenger: str, baseline: str, *, deals: int, seed: int, jobs: int) -> list[DealResult]:
    """All deals of one match-up, with a progress line on stderr."""
    tasks = [(game, challenger, baseline, number, seed) for number in range(deals)]
    results: list[DealResult] = []
    label = f"{game}: {challenger} vs {baseline}"
    for result in _map(tasks, jobs):
        results.append(result)
        done = len(results)
        bar = "#" * (30 * done // deals)
        print(f"\r  {label:32s} [{bar:30s}] {done}/{deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def _map(tasks: list[tuple[str, str, str, int, int]], jobs: int) -> Iterator[DealResult]:
    if jobs <= 1:
        yield from map(_job, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_job, tasks, chunksize=1)


# ----- statistics ------------------------------------------------------------------------------------------
def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """A win share and its 95% Wilson interval (ties counted as half a win)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return p, centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(game: str, challenger: str, baseline: str, results: list[DealResult]) -> list[str]:
    """The printed lines of one match-up."""
    margins = [r.margin for r in results]
    mean, half = mean_ci(margins)
    wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    share, low, high = wilson(wins, len(margins))
    verdict = "significant" if mean - half > 0 else ("significantly worse" if mean + half < 0 else "not significant")
    lines = [
        f"{game:10s} {challenger} vs {baseline}: {len(margins)} duplicate deals",
        f"    margin per deal {mean:+.2f} ± {half:.2f} (95% CI {mean - half:+.2f} … {mean + half:+.2f}; {verdict})",
        f"    deals won {100 * share:.1f}% (95% CI {100 * low:.1f} … {100 * high:.1f}%, ties count half)",
    ]
    times: dict[str, list[float]] = {}
    for result in results:
        for level, values in result.times.items():
            times.setdefault(level, []).extend(values)
    for level in (challenger, baseline):
        wall, cpu = times.get(level, []), times.get(level + " cpu", [])
        if wall:
            p50, p95 = 1000 * percentile(wall, 0.5), 1000 * percentile(wall, 0.95)
            c50, c95 = 1000 * percentile(cpu, 0.5), 1000 * percentile(cpu, 0.95)
            lines.append(
                f"    {level:9s} latency p50 {p50:7.2f} ms  p95 {p95:7.2f} ms"
                f"  (CPU time p50 {c50:7.2f} ms  p95 {c95:7.2f} ms; {len(wall)} decisions)"
            )
    return lines


def main() -> None:
    """Run the requested tournaments and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per game and match-up")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument(
        "--matchups", default="heuristic:random,search:heuristic", help="challenger:baseline pairs, comma-separated"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (latency is cleanest with 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and bots")
    args = parser.parse_args()
    for game in args.games.split(","):
        for matchup in args.matchups.split(","):
            challenger, baseline = matchup.split(":")
            results = run_matchup(game, challenger, baseline, deals=args.deals, seed=args.seed, jobs=args.jobs)
            print("\n".join(report(game, challenger, baseline, results)), flush=True)


if __name__ == "__main__":
    main()
