"""Speed of the Table's Review: the judge on every decision of the learner's deal, p50/p95.

    python benchmarks/review.py [--deals 10] [--seed 1] [--games nimby,tumbochka,nestors] [--table-slots 20]

Each deal is a ``Table`` (seat 0, the other seats the rules-of-thumb bots) whose learner plays the rules of
thumb too, to the end of the deal; then ``table.review()`` is timed — what the **Review** button works out
(``analysis.postmortem.review``: the judge, its own sample counts and face-up budget, on each of the
learner's decisions of every phase: bids, exchanges, gifts, raises, the leave and card play). Printed per
game: wall-clock and CPU p50/p95 of the whole Review, the decisions per deal, the time to the first
decision's verdict (when the progress bar first moves), and how many decisions of the play were not valued
face up (the solve past the judge's budget of positions). Goals (docs/analysis.md): Nimby and Tumbochka
<= 3 s, Nestors <= 15 s, progress from the first second. ``--table-slots n``: the compiled search's table
during a Review is 2**n slots (by default ``wasm_core.REVIEW_LOG2_SLOTS``), to compare sizes.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardwidgets import Table
from cardwidgets.analysis import AnalysisError, wasm_core
from cardwidgets.analysis.postmortem import review
from cardwidgets.bots import make_bot


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def played(game: str, seed: int) -> Table:
    """A table whose learner (seat 0) played a whole deal by the rules of thumb."""
    table = Table(game, seat=0, seed=seed, pace=0)
    learner = make_bot("heuristic")
    while not table.state.is_done:
        table.act(learner.choose(table.state).text)
    return table


def run_game(game: str, deals: int, seed: int) -> None:
    """Time the Review of ``deals`` deals of ``game`` and print one line of figures."""
    wall: list[float] = []
    cpu: list[float] = []
    first: list[float] = []
    decisions: list[int] = []
    unvalued = 0
    k = 0
    while len(wall) < deals:
        table = played(game, seed + k)
        k += 1
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        marks: list[float] = []

        def progress(done: int, total: int, marks: list[float] = marks, start: float = start_wall) -> None:
            marks.append(time.perf_counter() - start)

        try:
            rows = review(table.state.clone(), 0, progress=progress)
        except AnalysisError:  # a deal the post-mortem refuses: no Review
            continue
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
        first.append(marks[0] if marks else 0.0)
        decisions.append(len(rows))
        unvalued += sum(1 for row, _ in rows if row["in_play"] and row["dd_cost"] is None)
    print(
        f"{game:10s} review wall p50 {statistics.median(wall):6.2f} s  p95 {percentile(wall, 0.95):6.2f} s | "
        f"CPU p50 {statistics.median(cpu):6.2f} s  p95 {percentile(cpu, 0.95):6.2f} s | "
        f"first verdict p95 {percentile(first, 0.95):5.2f} s | decisions/deal {statistics.mean(decisions):4.1f} | "
        f"not valued face up {unvalued}"
    )


def main() -> None:
    """Parse the arguments and time each game's Review."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="nimby,tumbochka,nestors")
    parser.add_argument("--table-slots", type=int, default=wasm_core.REVIEW_LOG2_SLOTS, choices=range(18, 25))
    args = parser.parse_args()
    wasm_core.REVIEW_LOG2_SLOTS = args.table_slots
    for game in args.games.split(","):
        run_game(game, args.deals, args.seed)


if __name__ == "__main__":
    main()
