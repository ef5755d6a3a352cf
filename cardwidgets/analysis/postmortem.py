"""``post_mortem(record_or_state, seat)``: two verdicts on each decision of one seat (issue 15, section 2).

For every decision of ``seat`` in the play (a turn with more than one legal
action), the row gives:

- ``dd_cost``: points lost against the best action with all cards face up
  (``double_dummy`` on the real deal);
- ``mc_cost``: points lost against the best action *on what the seat could
  see*: the search bot's sampler (``state.knowledge`` / ``state.world``) deals the hidden cards
  ``samples`` times consistently with everything the seat has seen, each such
  deal is solved double dummy, and the played action's average is compared
  with the best average. A card can be a double-dummy mistake and still the
  best choice on the information the player had (``mc_cost`` 0), or the
  other way round.

Costs are in the declaring side's points (docs/records.md ``points``), seen
from ``seat``'s side: a defender loses what the declaring side gains.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardwidgets.analysis.checks import check_budget, check_position, check_samples, check_seed
from cardwidgets.analysis.dd import PLAY_PHASES, AnalysisError, DoubleDummy
from cardwidgets.analysis.positions import declaring_seats
from cardwidgets.analysis.solver import Unfinished
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import DealRecord, load_record, record_of, replay_deal
from cardwidgets.core.state import GameState
from cardwidgets.games.tumbochka import TumbochkaState
from cardwidgets.i18n import ActionList, ActionText, Points, resolve

#: Below this an average cost counts as none (sampling noise in the last digit).
NEGLIGIBLE = 0.05


def post_mortem(
    source: GameState | DealRecord | dict[str, Any] | str | Path,
    seat: int,
    *,
    locale: str | None = None,
    samples: int = 12,
    seed: int = 0,
    seconds: float | None = 10.0,
    total_seconds: float | None = None,
) -> list[dict[str, Any]]:
    """One row per decision of ``seat`` in the play: number, action, best, dd_cost, mc_cost, text.

    ``source`` is a deal's state or record (a ``DealRecord``, its JSON or a
    path). ``samples`` worlds per decision (seeded by ``seed``) give
    ``mc_cost``; ``seconds`` bounds each solve — a decision whose solve does
    not finish gets ``None`` costs and says so, never a wrong figure.
    ``total_seconds`` bounds the whole review the same way (the decisions
    left when it runs out are "not finished").
    """
    check_samples(samples)
    check_seed(seed)
    check_budget("seconds", seconds)
    check_budget("total_seconds", total_seconds)
    if isinstance(source, GameState):
        check_position(source)
    reviewer = _Reviewer(seat, samples, seed, seconds, resolve(locale), total=total_seconds)
    return [reviewer.row(state, number, text) for state, number, text in seat_decisions(source, seat)]


def seat_decisions(source: Any, seat: int) -> Iterator[tuple[GameState, int, str]]:
    """Each decision of ``seat`` in the play that had a choice: (the state before it, its number from 1, the action).

    The post-mortem and ``Drill.from_mistakes`` walk a deal with it. Bad input: ``RecordError``; an unknown
    seat or a deal that never reaches the play: ``AnalysisError``. The state yielded is not to be changed.
    """
    start, actions = start_and_actions(source)
    if not (type(seat) is int and 0 <= seat < start.num_players):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.no_seat", {"seat": seat, "last": start.num_players - 1}))
    state = start
    played = False
    for number, text in enumerate(actions, start=1):
        in_play = state.phase in PLAY_PHASES[state.game_name]
        played = played or in_play
        if in_play and state.to_act == seat and len(state.legal_actions()) > 1:
            yield state, number, text
        state.apply(text)
    if not (played or state.phase in PLAY_PHASES[state.game_name]):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.no_play", {}))


def start_and_actions(source: Any) -> tuple[GameState, list[str]]:
    """The deal's first state and its actions in canonical form (a bad record raises ``RecordError``)."""
    if isinstance(source, GameState):
        record = record_of(source)
        final = source
    else:
        record = source if isinstance(source, DealRecord) else load_record(source)
        if not isinstance(record, DealRecord):
            raise AnalysisError(Explanation("ANALYSIS", "analysis.deal_record", {}))
        final = replay_deal(record)  # a record that does not replay stops here, with its error
    start = record.game.new_state(record.deal, record.dealer or 0, record.rules)
    if isinstance(start, TumbochkaState) and isinstance(final, TumbochkaState):
        start.sitter, start.high_bid_ok = final.sitter, final.high_bid_ok  # TUM-8 limits from the match
    return start, list(final.history)


class _Reviewer:
    """The two solvers (real deal, sampled deals; each keeps its table), the sampler's seed, the locale."""

    def __init__(
        self, seat: int, samples: int, seed: int, seconds: float | None, locale: str, *, total: float | None = None
    ) -> None:
        self.seat = seat
        self.seconds = seconds
        self.deadline = None if total is None else time.monotonic() + total
        self.samples = samples
        self.rng = random.Random(seed)
        self.solver = DoubleDummy(seconds=seconds)
        self.sampler = DoubleDummy(seconds=seconds)
        self.locale = locale

    def row(self, state: GameState, number: int, action: str) -> dict[str, Any]:
        """The two verdicts on ``action`` played by the seat in ``state``."""
        sign = 1 if declaring_seats(state)[self.seat] else -1  # the seat's side wants sign * points high
        row: dict[str, Any] = {"number": number, "action": action, "best": [], "dd_cost": None, "mc_cost": None}
        try:
            self._budget()
            values = self.solver.values(state)
            top = max(sign * v for v in values.values())
            row["best"] = [a for a, v in values.items() if sign * v == top]
            row["dd_cost"] = top - sign * values[action]
            row["mc_cost"] = self.mc_cost(state, action, sign)
        except Unfinished:
            row["dd_cost"] = None
        row["text"] = row_text(row, self.locale, state.game_name)
        return row

    def mc_cost(self, state: GameState, action: str, sign: int) -> float:
        """Best average less the action's average over deals the seat could not rule out."""
        known = state.knowledge(self.seat)
        totals: dict[str, int] = dict.fromkeys(state.legal_strings(), 0)
        for _ in range(self.samples):
            self._budget()
            for text, value in self.sampler.values(state.world(known, self.rng)).items():
                totals[text] += sign * value
        cost = (max(totals.values()) - totals[action]) / self.samples
        return round(cost, 2) if cost >= NEGLIGIBLE else 0.0

    def _budget(self) -> None:
        """Give the next solve what is left of the budgets; ``Unfinished`` once the whole review is out of time."""
        if self.deadline is None:
            return
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise Unfinished(0)
        for solver in (self.solver, self.sampler):
            solver.solver.seconds = left if self.seconds is None else min(self.seconds, left)


def row_text(row: dict[str, Any], locale: str, game: str = "") -> str:
    """One sentence on a row: best, unlucky, unseen, a mistake, or not finished (actions as ``locale`` writes them)."""
    dd, mc = row["dd_cost"], row["mc_cost"]
    params = {
        "number": row["number"],
        "action": ActionText(row["action"], game),
        "best": ActionList(row["best"], game),
        "dd": Points(dd, game) if dd is not None else "",
        "mc": Points(_figure(mc), game) if mc is not None else "",
    }
    if dd is None or mc is None:
        key = "analysis.pm_unfinished"
    elif dd == 0 and mc == 0:
        key = "analysis.pm_best"
    elif dd == 0:
        key = "analysis.pm_lucky"
    elif mc == 0:
        key = "analysis.pm_unseen"
    else:
        key = "analysis.pm_mistake"
    return Explanation("ANALYSIS", key, params).text(locale)


def _figure(value: float) -> float:
    """An average as people write it: ``3`` rather than ``3.0`` (a decimal comma in Russian, by ``Points``)."""
    return int(value) if value == int(value) else value
