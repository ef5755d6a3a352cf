"""Speed of the double-dummy solver: the value of every legal action, p50/p95.

    python benchmarks/analysis.py [--deals 40] [--seed 1] [--seconds 60]
                                  [--cases nimby:1,tumbochka:1,nestors:2,nestors:7]
                                  [--engines wasm,python]

A case ``game:k`` takes seeded random deals (bidding, trump and talon by random
legal actions), plays random legal actions up to the start of trick ``k``
(Nestors: its first card, after the bidder's trick), and times
``double_dummy(state)`` — a fresh table each time. Goals (docs/analysis.md): Nimby and
Tumbochka at trick 1 p95 <= 300 ms; Nestors at trick 2 median <= 2 s and
p95 <= 10 s; Nestors with six tricks or fewer left (trick 7) p95 <= 300 ms.
Cases such as nestors:5, nestors:4, nestors:3 show how the work grows between
trick 7 and trick 2 (docs/analysis.md has the figures and the commands).
Wall clock and CPU time of this process are both printed; a solve that passes
``--seconds`` stops with ``Unfinished`` and is counted as that many seconds
(and reported). ``--engines`` runs the same deals with each engine in this
process (``wasm``: the compiled Nestors core where it runs;
``python``: the reference), and prints the positions searched per second;
``--workers n`` shares the root actions among n threads (wasm only). CPU
time counts every thread of the process; ``--tables clear:21,replace:22``
compares the compiled core's table policies and sizes (docs/analysis.md).
``--dump FILE`` times nothing: it writes each Nestors case's deals and root
actions for ``benchmarks/core_native.c`` (the same C built natively, to count
positions of a search change fast; its header says how).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardwidgets.analysis import DoubleDummy, Unfinished, wasm_core
from cardwidgets.analysis.dd import position_of
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES
from cardwidgets.games.nestors import compiled as nestors_core

PLAY_PHASES = {"nimby": ("play",), "tumbochka": ("play",), "nestors": ("open", "play", "leave")}
#: The most random deals tried for one position of a case before the case is given up as one the game never makes.
MAX_DEALS = 1000


class CaseError(ValueError):
    """A case that cannot be made: not ``game:k``, an unknown game, or a trick the game never starts by a card."""


def parse_case(case: str) -> tuple[str, int]:
    """``"nestors:7"`` -> ``("nestors", 7)``; a ``CaseError`` naming the case if it is not one."""
    game, _, trick = case.partition(":")
    if game not in PLAY_PHASES or game not in GAMES:
        known = ", ".join(name for name in PLAY_PHASES if name in GAMES)
        raise CaseError(f"case {case!r}: no game {game!r} (cases are game:k for a game among {known})")
    if not (trick.isascii() and trick.isdigit()) or int(trick) < 1:
        raise CaseError(f"case {case!r}: k must be a trick number 1, 2, … (as in {game}:1)")
    return game, int(trick)


def _at_first_card(state: GameState, game: str) -> bool:
    """Whether ``state`` waits for the first card of a trick (a seat to play, the trick's play list empty)."""
    return (
        state.phase in PLAY_PHASES[game]
        and state.phase != "leave"
        and bool(state.tricks)
        and not state.tricks[-1].plays
    )


def position(game: str, trick: int, rng: random.Random, max_deals: int = MAX_DEALS) -> GameState:
    """A random deal played by random legal actions up to the first card of trick ``trick``.

    At most ``max_deals`` deals are tried: a trick no deal starts by a card (Nestors' trick 1 is
    the bidder's own, no trick of a game past its last) raises a ``CaseError`` naming the case and
    the tricks whose first card the deals did reach, instead of dealing for ever.
    """
    g = GAMES[game]
    reached: set[int] = set()
    for _ in range(max_deals):
        state = g.new_state(g.random_deal(rng), rng.randrange(g.num_players))
        while not state.is_done:
            if _at_first_card(state, game):
                number = len(state.tricks)
                reached.add(number)
                if number == trick:
                    return state
            state.apply(rng.choice(state.legal_actions()))
    seen = f"of tricks {min(reached)}–{max(reached)} only" if reached else "of no trick"
    raise CaseError(
        f"case {game}:{trick} cannot be made: none of {max_deals} random {game} deals reached the first card "
        f"of trick {trick} (they reached the first card {seen})"
    )


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


_cores: dict[str, wasm_core.Core] = {}


def run_case(
    game: str, trick: int, deals: int, seed: int, seconds: float, *, engine: str, workers: int = 1, table: str = ""
) -> None:
    """Time ``deals`` solves of one case with ``engine`` and print one line of figures."""
    rng = random.Random(f"{seed}-{game}-{trick}")
    wall: list[float] = []
    cpu: list[float] = []
    unfinished = nodes = 0
    answered = set()
    for _ in range(deals):
        state = position(game, trick, rng)
        solver = DoubleDummy(seconds=seconds, engine=None if engine == "wasm" else engine, workers=workers)
        if table:  # a module instance with this table (policy:log2 slots), made once
            policy, log2 = table.split(":")
            if table not in _cores:
                _cores[table] = wasm_core.new_core(nestors_core, policy, int(log2))
            solver.use_core(_cores[table])
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            answered.add(solver.values(state).engine)
        except Unfinished:
            unfinished += 1
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes += solver.solver.nodes
    left = {"nimby": 6, "tumbochka": 8, "nestors": 12}[game] - trick + 1
    print(
        f"{game:9} trick {trick:2} ({left:2} left)  {engine:6} ({'/'.join(sorted(answered)) or '-':6}) "
        f"workers {workers}{f'  table {table}' if table else ''}  n={deals:3}  "
        f"wall p50 {statistics.median(wall) * 1000:8.0f} ms  p95 {percentile(wall, 0.95) * 1000:8.0f} ms  "
        f"cpu p50 {statistics.median(cpu) * 1000:8.0f} ms  p95 {percentile(cpu, 0.95) * 1000:8.0f} ms  "
        f"{nodes / max(sum(cpu), 1e-9) / 1000:7.0f}k positions/s  unfinished {unfinished}",
        flush=True,
    )


def dump(game: str, trick: int, deals: int, seed: int, path: str) -> None:
    """Write the case's deals for ``core_native.c``: per deal ``D``, its actions and ``deal_ints``; per action ``P``.

    (``P``: the action's gain, then the ``position_ints`` of the position after it, as ``DoubleDummy`` solves it.)
    """
    rng = random.Random(f"{seed}-{game}-{trick}")
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(deals):
            pos = position_of(position(game, trick, rng))
            pos.auto_leave = True
            moves = pos.moves(merge=False)
            out.write(" ".join(map(str, ["D", len(moves), *pos.compiled.deal_ints(pos)])) + "\n")
            for move in moves:
                gain = pos.play(move)
                ints = pos.compiled.position_ints(pos)
                pos.undo()
                out.write(" ".join(map(str, ["P", gain, len(ints), *ints])) + "\n")


def main() -> None:
    """Run the cases named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0, help="budget of one solve")
    parser.add_argument("--cases", default="nimby:1,tumbochka:1,nestors:7,nestors:2")
    parser.add_argument("--engines", default="wasm", help="wasm (the compiled core where it runs) and/or python")
    parser.add_argument("--workers", type=int, default=1, help="threads sharing the root actions (wasm only)")
    parser.add_argument("--tables", default="", help="wasm tables to compare, e.g. clear:21,replace:22 (policy:log2)")
    parser.add_argument("--dump", default="", help="write the cases' root positions for core_native.c, time nothing")
    args = parser.parse_args()
    cases = args.cases.split(",")
    try:  # every case made once before any is timed: one that cannot be made stops the run at once
        for case in cases:
            position(*parse_case(case), random.Random(f"check-{case}"))
    except CaseError as error:
        parser.error(str(error))
    if args.dump:
        for case in cases:  # one file per case: FILE, or FILE.<trick> when there are several
            game, trick = parse_case(case)
            dump(game, trick, args.deals, args.seed, args.dump if len(cases) == 1 else f"{args.dump}.{trick}")
        return
    if "wasm" in args.engines:
        start = time.perf_counter()
        loaded = wasm_core.core(nestors_core)  # loaded once per process, before the timings
        why = f" (2 MB pages: {loaded.huge_pages})" if loaded else f" (not used: {wasm_core.why_not(nestors_core)})"
        print(f"compiled core loaded in {(time.perf_counter() - start) * 1000:.0f} ms{why}", flush=True)
    for case in cases:
        game, trick = parse_case(case)
        for engine in args.engines.split(","):
            workers = args.workers if engine == "wasm" else 1
            for table in args.tables.split(",") if engine == "wasm" else [""]:
                options = {"engine": engine, "workers": workers, "table": table}
                run_case(game, trick, args.deals, args.seed, args.seconds, **options)


if __name__ == "__main__":
    main()
