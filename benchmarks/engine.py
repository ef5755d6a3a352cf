"""Random-playout speed of the engines, side by side with OpenSpiel if installed.

    python benchmarks/engine.py [--seconds 3] [--games nimby,...]

Prints deals/s and actions/s for each cardwidgets game, and, when
``open_spiel`` is importable (``pip install open_spiel``; benchmark only,
never a dependency), the same loop on OpenSpiel's closest peer game in the
same process, and the ratio of player actions per second.
Only player decisions count as actions on both sides: OpenSpiel's chance
actions (dealing) are applied and timed, but not counted, since cardwidgets
deals without actions. Rates are per second of this process's CPU time, so
other work on the machine does not skew the ratio.
"""

from __future__ import annotations

import argparse
import random
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


def main() -> None:
    """Measure every requested game (and its OpenSpiel peer)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    args = parser.parse_args()
    for name in args.games.split(","):
        deals, actions = playout_loop(args.seconds, cardwidgets_deal(name))
        line = f"{name:10s} {deals:10,.0f} deals/s {actions:12,.0f} actions/s"
        peer = PEERS.get(name)
        peer_deal = open_spiel_deal(peer) if peer is not None else None
        if peer is None:
            line += "   (no OpenSpiel peer)"
        elif peer_deal is None:
            line += "   (open_spiel not installed: no reference run)"
        else:
            peer_deals, peer_actions = playout_loop(args.seconds, peer_deal)
            line += (
                f"   | open_spiel {peer}: {peer_deals:8,.0f} deals/s {peer_actions:10,.0f} actions/s"
                f"   ratio {actions / peer_actions:.2f}x"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
