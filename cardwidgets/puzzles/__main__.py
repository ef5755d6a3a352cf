"""``python -m cardwidgets.puzzles build [--game G] [--count N] [--seed S] [--out DIR]``: make the puzzle sets.

Each game's set is written to ``DIR/<game>.json`` (default: the package's ``data`` folder, the shipped
sets), and one line per game says how many puzzles, from how many candidate decisions, in how much
CPU time. ``check [--game G]`` proves every puzzle of the shipped sets again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardwidgets.core.registry import SPECS
from cardwidgets.puzzles.format import Puzzle, write_puzzles
from cardwidgets.puzzles.generate import Tally, find_puzzles
from cardwidgets.puzzles.prove import prove
from cardwidgets.puzzles.shipped import DATA, shipped


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status is 0 when everything asked was done (and proved)."""
    parser = argparse.ArgumentParser(prog="python -m cardwidgets.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="generate the puzzle sets")
    build.add_argument("--game", choices=sorted(SPECS), action="append", help="a game (default: every game)")
    build.add_argument("--count", type=int, default=300, help="puzzles per game (default 300)")
    build.add_argument("--seed", type=int, default=0, help="the first deals' seed (default 0)")
    build.add_argument("--out", type=Path, default=DATA, help="the folder to write <game>.json in")
    check = commands.add_parser("check", help="prove the shipped sets again")
    check.add_argument("--game", choices=sorted(SPECS), action="append")
    args = parser.parse_args(argv)
    games = args.game or [name for name in SPECS if SPECS[name].has("puzzle_themes")]
    if args.command == "build":
        args.out.mkdir(parents=True, exist_ok=True)
        for game in games:
            path = args.out / f"{game}.json"
            written = [0]

            def save(
                tally: Tally, found: list[Puzzle], path: Path = path, game: str = game, written: list[int] = written
            ) -> None:
                """Write the set so far every 25 puzzles: a run stopped early keeps what it found."""
                if len(found) >= written[0] + 25:
                    write_puzzles(path, game, found)
                    written[0] = len(found)
                    print(f"  {len(found)} puzzles, {tally.deals} deals, {tally.seconds:.0f} CPU s", flush=True)

            puzzles, tally = find_puzzles(game, args.count, args.seed, progress=save)
            write_puzzles(path, game, puzzles)
            print(
                f"{game}: {len(puzzles)} puzzles from {tally.deals} deals, {tally.kept}/{tally.candidates} "
                f"candidate decisions kept ({100 * tally.share:.1f} %), {tally.seconds:.0f} CPU s, "
                f"{tally.per_minute:.1f} puzzles per CPU minute",
                flush=True,
            )
        return 0
    failed = 0
    for game in games:
        puzzles = shipped(game)
        problems = [line for puzzle in puzzles for line in prove(puzzle)]
        failed += len(problems)
        print(f"{game}: {len(puzzles) - len(problems)}/{len(puzzles)} proved again")
        for line in problems:
            print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
