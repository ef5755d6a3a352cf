"""Random-playout speed of the engines, side by side with OpenSpiel if installed.

    python benchmarks/engine.py [--seconds 3] [--repeat 5] [--games nimby,...]

Prints deals/s and actions/s for each cardwidgets game, and, when
``open_spiel`` is importable (``pip install open_spiel``; benchmark only,
never a dependency), the same loop on OpenSpiel's closest peer game in the
same process, and the ratio of player actions per second.
Only player decisions count as actions on both sides: OpenSpiel's chance
actions (dealing) are applied and timed, but not counted, since cardwidgets
deals without actions. Rates are per second of this process's CPU time, so
other work on the machine does not skew the ratio. ``--repeat n`` measures
each game and its peer n times, in turn (game, peer, game, peer …, so that a
change in the machine's load falls on both alike), prints every round, and
then the medians of the rates and of the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardwidgets.games import GAMES

#: cardwidgets game -> the closest OpenSpiel game (see the issues); a game not listed runs alone.
PEERS = {"nimby": "euchre", "nestors": "euchre", "tumbochka": "skat"}


def playout_loop(seconds: float, one_deal: Callable[[random.Random], int]) -> tuple[float, float]:
    """Run random deals for about ``seconds``; return (deals/s, actions/s)."""
    rng = random.Random(12345)
    deals = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            actions += one_deal(rng)
            deals += 1
    elapsed = time.process_time() - start
    return deals / elapsed, actions / elapsed


def cardwidgets_deal(name: str) -> Callable[[random.Random], int]:
    """One random deal of a cardwidgets game: shuffle, then random legal actions."""
    game = GAMES[name]

    def one_deal(rng: random.Random) -> int:
        state = game.new_state(game.random_deal(rng), rng.randrange(game.num_players))
        count = 0
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
            count += 1
        return count

    return one_deal


def open_spiel_deal(name: str) -> Callable[[random.Random], int] | None:
    """The same loop on an OpenSpiel game, or None if OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def one_deal(rng: random.Random) -> int:
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                count += 1
        return count

    return one_deal


def measure(name: str, seconds: float) -> tuple[float, float, float, float] | str:
    """One round of ``name`` and its peer: (deals/s, actions/s, peer deals/s, peer actions/s), or why no peer ran."""
    deals, actions = playout_loop(seconds, cardwidgets_deal(name))
    peer = PEERS.get(name)
    peer_deal = open_spiel_deal(peer) if peer is not None else None
    alone = f"{name:10s} {deals:10,.0f} deals/s {actions:12,.0f} actions/s"
    if peer is None:
        return f"{alone}   (no OpenSpiel peer)"
    if peer_deal is None:
        return f"{alone}   (open_spiel not installed: no reference run)"
    peer_deals, peer_actions = playout_loop(seconds, peer_deal)
    return deals, actions, peer_deals, peer_actions


def line(name: str, rates: tuple[float, float, float, float], ratio: float, label: str = "") -> str:
    """One printed line: the game's rates, its peer's, and the ratio of actions per second."""
    deals, actions, peer_deals, peer_actions = rates
    return (
        f"{name:10s} {deals:10,.0f} deals/s {actions:12,.0f} actions/s"
        f"   | open_spiel {PEERS[name]}: {peer_deals:8,.0f} deals/s {peer_actions:10,.0f} actions/s"
        f"   ratio {ratio:.2f}x{label}"
    )


def main() -> None:
    """Measure every requested game (and its OpenSpiel peer)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=1, help="rounds per game; more than one prints the medians")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    args = parser.parse_args()
    for name in args.games.split(","):
        rounds = []
        for number in range(args.repeat):
            rates = measure(name, args.seconds)
            if isinstance(rates, str):  # nothing to compare with: one line is all there is
                print(rates, flush=True)
                break
            rounds.append(rates)
            label = f"   (round {number + 1} of {args.repeat})" if args.repeat > 1 else ""
            print(line(name, rates, rates[1] / rates[3], label), flush=True)
        if len(rounds) > 1:
            deals, actions, peer_deals, peer_actions = (statistics.median(r[i] for r in rounds) for i in range(4))
            ratio = statistics.median(r[1] / r[3] for r in rounds)
            medians = (deals, actions, peer_deals, peer_actions)
            print(line(name, medians, ratio, f"   (median of {len(rounds)} rounds)"), flush=True)


if __name__ == "__main__":
    main()
