"""Each puzzle's rating before any learner has played it: calibrated from the bots' success.

Every bot level (``bots.LEVELS``) attempts every puzzle: it *solves* it when its choice at every
decision of the line is in that decision's solution (the line going on with the solution's first
action, as it does for a learner). Each level has a fixed Glicko-2 rating (``BOT_RATINGS``) and a
small deviation (``BOT_RD``); the puzzle plays one game against each level, scoring the share of
that level's attempts that failed (a bot that always fails loses the game, one that fails half the
time draws it). The puzzle starts where every learner starts (``START``) and its rating after those
games, in one rating period, is the ``glicko2`` package's update; nothing here is a rating formula of
its own. A puzzle every bot always solves is rated about 1080, one that none ever solves about 1900.

The bots' ratings are set on the scale a learner starts on: ``heuristic`` plays the rules of thumb
that the drills and the coach teach, so it stands where a new learner who knows the rules is put
(1500, the start); ``random`` knows no rule at all and ``search`` looks ahead on the seat's
information, and they are set 500 below and 400 above, the distances at which Glicko-2 expects the
stronger side to win about 95 % and 91 % of games: the random bot rarely beats a search bot's
choices, while the search bot's edge over the rules of thumb is smaller.

A bot level whose choice depends on its seed (the random bot, the search bot's sampled deals)
attempts a puzzle ``TRIALS[level]`` times with different seeds; the seeds come from the puzzle's
id, the level, the trial and a ``salt``, so that a calibration is the same each time and another
salt gives fresh attempts (``benchmarks/puzzle_ratings.py`` checks the ratings on those).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

import glicko2

from cardwidgets.bots import LEVELS, make_bot
from cardwidgets.puzzles.format import Puzzle, write_puzzles
from cardwidgets.puzzles.shipped import _shipped, set_path, shipped

#: Each bot level's fixed rating (see the module docstring for why these).
BOT_RATINGS: Mapping[str, float] = {"random": 1000.0, "heuristic": 1500.0, "search": 1900.0}
#: The bots' rating deviation: their strength is known, so their games move the puzzle, never themselves.
BOT_RD = 30.0
#: Where a puzzle starts before the bots' games: where every learner starts (rating, deviation, volatility).
START = (1500.0, 350.0, 0.06)
#: How many attempts each level makes at each puzzle.
TRIALS: Mapping[str, int] = {"random": 40, "heuristic": 2, "search": 2}


@dataclass(frozen=True)
class Attempts:
    """The bots' attempts at one puzzle: for each level, how many were made and how many solved it."""

    made: dict[str, int]
    solved: dict[str, int]

    def rate(self, level: str) -> float:
        """The share of ``level``'s attempts that solved the puzzle."""
        return self.solved[level] / self.made[level] if self.made[level] else 0.0


def seed_of(puzzle_id: str, level: str, trial: int, salt: int = 0) -> int:
    """A bot's seed for one attempt: the same for the same puzzle, level, trial and salt."""
    return zlib.crc32(f"{puzzle_id}/{level}/{trial}/{salt}".encode())


def solves(puzzle: Puzzle, level: str, seed: int) -> bool:
    """Whether the bot ``level`` (seeded ``seed``) chooses an action of the solution at every decision."""
    bot = make_bot(level, seed)
    return all(bot.choose(state.clone()).text in decision.solution for state, decision in puzzle.positions())


def attempts(
    puzzle: Puzzle, *, trials: Mapping[str, int] = TRIALS, salt: int = 0, levels: Iterable[str] = LEVELS
) -> Attempts:
    """Every level's attempts at ``puzzle`` (``trials[level]`` each, seeds from ``salt``)."""
    made: dict[str, int] = {}
    solved: dict[str, int] = {}
    for level in levels:
        made[level] = trials[level]
        solved[level] = sum(solves(puzzle, level, seed_of(puzzle.id, level, k, salt)) for k in range(trials[level]))
    return Attempts(made, solved)


def rating_from(found: Attempts) -> dict[str, float]:
    """The puzzle's Glicko-2 rating after one game against each bot level (one rating period, ``glicko2``).

    The game's score for the puzzle is the share of the level's attempts that failed (as a draw scores a
    half): more attempts make the score surer without counting as more games.
    """
    levels = [level for level, made in found.made.items() if made]
    rating, rd, vol = START
    player = glicko2.Player(rating=rating, rd=rd, vol=vol)
    if levels:
        scores = [1 - found.rate(level) for level in levels]
        player.update_player([BOT_RATINGS[level] for level in levels], [BOT_RD] * len(levels), scores)
    return {
        "rating": round(float(player.rating), 1), "rd": round(float(player.rd), 1), "vol": round(float(player.vol), 6)
    }


def calibrate(
    puzzles: Iterable[Puzzle], *, trials: Mapping[str, int] = TRIALS, salt: int = 0
) -> list[tuple[Puzzle, Attempts]]:
    """Each puzzle with its calibrated rating (``rating_from`` its bots' attempts), and those attempts."""
    done = []
    for puzzle in puzzles:
        found = attempts(puzzle, trials=trials, salt=salt)
        done.append((replace(puzzle, rating=rating_from(found)), found))
    return done


def calibrate_sets(games: Iterable[str]) -> int:
    """Calibrate each game's shipped set and write the ratings into it; one line of figures per game."""
    for game in games:
        puzzles = shipped(game)
        if not puzzles:
            print(f"{game}: no shipped puzzles")
            continue
        done = calibrate(puzzles)
        write_puzzles(set_path(game), game, [p for p, _ in done])
        values = sorted(p.rating["rating"] for p, _ in done if p.rating)
        rates = ", ".join(
            f"{level} {100 * sum(a.solved[level] for _, a in done) / sum(a.made[level] for _, a in done):.0f} %"
            for level in LEVELS
        )
        print(
            f"{game}: {len(done)} puzzles rated {values[0]:.0f}–{values[-1]:.0f} "
            f"(median {values[len(values) // 2]:.0f}); solved by {rates}"
        )
    _shipped.cache_clear()  # the sets just written are read again
    return 0
