"""Puzzles: how fast the generator finds them, how many candidate decisions it keeps, and the shipped sets proved.

    python benchmarks/puzzles.py [--count 20] [--seed 1000] [--games nimby,tumbochka,nestors] [--no-prove]

Per game, one line: the generator's rate (puzzles kept per CPU minute, ``find_puzzles`` from seed ``--seed``,
which the shipped sets do not use) and the share of the candidate decisions it examined that it kept; then,
unless ``--no-prove``, the share of the shipped set proved again whole (face up and on the seat's
information: ``prove``), with the CPU time it took. ``--prove-only N`` proves the first N puzzles of each set
only (a quick look; the figure for the notes is the whole set).

``--serve N`` (a separate figure, off by default): the time to serve a puzzle after the first at the
``Puzzle`` table, N times per game with a shipped set — choosing it (due reviews, then near the learner's
rating, in a progress file of its own), setting its position up and drawing the table with it (every synced
trait made and written as the JSON the browser receives) — as p50, p95 and the slowest, in ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from cardwidgets.core.registry import SPECS
from cardwidgets.puzzles.generate import find_puzzles
from cardwidgets.puzzles.prove import prove
from cardwidgets.puzzles.shipped import shipped


def generation(game: str, count: int, seed: int) -> str:
    """The generator's figures for ``count`` puzzles of ``game``."""
    puzzles, tally = find_puzzles(game, count, seed)
    return (
        f"{game}: generated {len(puzzles)} in {tally.seconds:.1f} CPU s = {tally.per_minute:.1f} puzzles per CPU "
        f"minute; kept {tally.kept}/{tally.candidates} candidate decisions ({100 * tally.share:.1f} %) "
        f"from {tally.deals} deals"
    )


def proof(game: str, limit: int | None) -> tuple[str, int]:
    """The shipped set of ``game`` proved again (its first ``limit`` puzzles, or all): the line and the failures."""
    puzzles = shipped(game)[:limit]
    start = time.process_time()
    failures = [line for puzzle in puzzles for line in prove(puzzle)]
    failed = len({line.split(" ", 1)[0] for line in failures})
    seconds = time.process_time() - start
    share = 100 * (len(puzzles) - failed) / len(puzzles) if puzzles else 0.0
    line = f"{game}: proved again {len(puzzles) - failed}/{len(puzzles)} shipped ({share:.1f} %) in {seconds:.1f} CPU s"
    return "\n".join([line, *(f"  {failure}" for failure in failures)]), failed


def serving(game: str, times: int) -> str:
    """The time to serve ``times`` puzzles of ``game`` after the first (``Puzzle.next_puzzle``, the table drawn)."""
    from cardwidgets.drills.progress import Progress
    from cardwidgets.widgets.puzzle import Puzzle

    if not shipped(game):
        return f"{game}: no shipped set to serve"
    with tempfile.TemporaryDirectory() as folder:
        widget = Puzzle(game, seed=0, pace=0, progress=Progress(Path(folder) / "progress.db"))
        found = []
        for _ in range(times):
            start = time.perf_counter()
            widget.next_puzzle()
            json.dumps({k: v for k, v in widget.get_state().items() if not k.startswith("_")}, ensure_ascii=False)
            found.append(1000 * (time.perf_counter() - start))
            widget.act(widget.legal[0])  # an attempt, so the learner's rating and the reviews move between serves
        widget._store.close()
    found.sort()
    p95 = found[min(len(found) - 1, round(0.95 * (len(found) - 1)))]
    return (f"{game}: served {times} puzzles after the first: p50 {found[len(found) // 2]:.1f} ms, "
            f"p95 {p95:.1f} ms, slowest {found[-1]:.1f} ms")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print the figures; the status is 1 when a shipped puzzle is not proved again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles to generate per game (0: none)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--games", default=",".join(SPECS))
    parser.add_argument("--no-prove", action="store_true", help="skip proving the shipped sets")
    parser.add_argument("--prove-only", type=int, default=None, help="prove the first N puzzles of each set only")
    parser.add_argument("--serve", type=int, default=0, help="serve N puzzles per game at the table and time it")
    args = parser.parse_args(argv)
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    unknown = [game for game in games if game not in SPECS]
    if unknown:
        parser.error(f"no game {', '.join(map(repr, unknown))}: the games are {', '.join(SPECS)}")
    failed = 0
    for game in games:
        if args.count > 0:
            print(generation(game, args.count, args.seed), flush=True)
        if not args.no_prove:
            line, bad = proof(game, args.prove_only)
            failed += bad
            print(line, flush=True)
        if args.serve > 0:
            print(serving(game, args.serve), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
