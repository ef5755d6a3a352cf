"""Puzzles: how fast the generator finds them, how many candidate decisions it keeps, and the shipped sets proved.

    python benchmarks/puzzles.py [--count 20] [--seed 1000] [--games nimby,tumbochka,nestors] [--no-prove]

Per game, one line: the generator's rate (puzzles kept per CPU minute, ``find_puzzles`` from seed ``--seed``,
which the shipped sets do not use) and the share of the candidate decisions it examined that it kept; then,
unless ``--no-prove``, the share of the shipped set proved again whole (face up and on the seat's
information: ``prove``), with the CPU time it took. ``--prove-only N`` proves the first N puzzles of each set
only (a quick look; the figure for the notes is the whole set).
"""

from __future__ import annotations

import argparse
import sys
import time

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


def main(argv: list[str] | None = None) -> int:
    """Print the figures; the status is 1 when a shipped puzzle is not proved again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles to generate per game (0: none)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--games", default=",".join(SPECS))
    parser.add_argument("--no-prove", action="store_true", help="skip proving the shipped sets")
    parser.add_argument("--prove-only", type=int, default=None, help="prove the first N puzzles of each set only")
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
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
