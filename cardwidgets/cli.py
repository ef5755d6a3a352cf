"""Command line: ``python -m cardwidgets replay RECORD.json`` and friends.

- ``replay RECORD.json``: print the replay summary as JSON (``docs/records.md``);
  a bad record or illegal action exits 2 with one line on stderr, nothing on stdout.
- ``playthrough GAME --seed N``: a human-readable random deal, state by state.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardwidgets.core.errors import RecordError, echo
from cardwidgets.core.records import replay, summary
from cardwidgets.core.registry import GAMES
from cardwidgets.playthrough import playthrough


def cmd_replay(path: str) -> int:
    """Replay a record and print its summary; exit status 2 on any error."""
    try:
        text = json.dumps(summary(replay(Path(path))), ensure_ascii=False)  # an argument names a file
    except RecordError as exc:
        print(f"{echo(path, limit=300)}: {exc}", file=sys.stderr)  # one line, even for a name with a newline
        return 2
    print(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m cardwidgets`` and the ``cardwidgets`` script."""
    parser = argparse.ArgumentParser(prog="cardwidgets", description="cardwidgets command line")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record and print its summary")
    replay_parser.add_argument("record", help="path of a game record (JSON)")
    play_parser = commands.add_parser("playthrough", help="print a seeded random deal state by state")
    play_parser.add_argument("game", choices=sorted(GAMES))
    play_parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return cmd_replay(args.record)
    sys.stdout.write(playthrough(args.game, args.seed))
    return 0
