"""Time and peak memory of reading bad and very large records (``docs/records.md``, *Limits*).

    python benchmarks/records.py

Each line: what was read, how it ended (loaded, or the error), seconds (a run
without tracing) and the peak of Python's own allocations (``tracemalloc``, a
second run) while reading and replaying; building the input is not counted.
The refused cases should all end in well under a second and a few tens of MB;
the largest legal records show what the limits still allow.
"""

from __future__ import annotations

import contextlib
import json
import time
import tracemalloc
from collections.abc import Callable

from cardwidgets import Match, RecordError, replay
from cardwidgets.bots import make_bot
from cardwidgets.core.actions import Action
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.limits import MAX_DEALS
from cardwidgets.games import new_game

THROWN_IN = ["pass", "pass", "pass", "pass"]


def thrown_in_match(deals: int) -> str:
    """A legal Nimby match of ``deals`` hands all thrown in (N-3): it never ends."""
    deal = json.dumps({"dealer": 0, "seed": 1, "actions": THROWN_IN})
    return '{"game": "nimby", "deals": [' + ", ".join([deal] * deals) + "]}"


def played_match(game: str, rules: dict[str, object], deals: int) -> str:
    """A match of ``deals`` whole deals played by the random bot, with every deal written out."""
    match = Match(game, rules, seed=1, dealer=0)
    bot = make_bot("random", 1)
    written = []
    while len(written) < deals and not match.is_over:
        state = match.new_deal()
        while not state.is_done:
            state.apply(bot.choose(state))
        written.append({"deal": match.game.deal_to_json(state.deal), "actions": state.history})
        match.end_deal()
    written[0]["dealer"] = 0
    return json.dumps({"game": game, "rules": rules, "deals": written})


def bogus_bids(count: int) -> str:
    """Apply ``count`` distinct refused bids; report how many actions the intern table gained."""
    state = new_game("nestors", seed=1)
    before = len(Action._interned)
    for n in range(count):
        with contextlib.suppress(IllegalActionError):
            state.apply(f"bid {n * 5 + 1}")  # never a multiple of 5: never legal (NES-4)
    return f"intern table +{len(Action._interned) - before}"


def outcome(read: Callable[[], object]) -> str:
    """What ``read`` gave: its text, "loaded", or the ``RecordError``."""
    try:
        result = read()
    except RecordError as exc:
        return f"RecordError: {exc}"
    return result if isinstance(result, str) else "loaded"


def measure(label: str, read: Callable[[], object]) -> None:
    """Run ``read`` twice (timed, then traced) and print its outcome, time and peak memory."""
    start = time.perf_counter()
    said = outcome(read)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    outcome(read)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"{label:40} {seconds:6.2f} s {peak / 1e6:7.1f} MB  {said[:90]}")


def main() -> None:
    """Measure every case in turn."""
    texts = {
        "11 MB match of 180k thrown-in deals": thrown_in_match(180_000),
        "/dev/zero": "/dev/zero",
        "100k-deep JSON": '{"game": "nimby", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "2 MB of empty lists": '{"game": "nimby", "x": [' + "[]," * 660_000 + "[]]}",
        "5000-digit seed": '{"game": "nimby", "dealer": 0, "seed": ' + "9" * 5000 + "}",
        f"{MAX_DEALS} thrown-in Nimby deals (legal)": thrown_in_match(MAX_DEALS),
        f"{MAX_DEALS} Nestors deals (legal)": played_match("nestors", {"target": 10**17}, MAX_DEALS),
    }
    for label, text in texts.items():
        measure(label, lambda text=text: replay(text))
    measure("50k distinct refused bids", lambda: bogus_bids(50_000))


if __name__ == "__main__":
    main()
