"""``post_mortem(record_or_state, seat)``: the judge's verdict on each decision of one seat.

For every decision of ``seat`` in the deal — bids, raises, exchanges, cards passed, the
talon, the leave and card play: every turn with more than one legal action — the
row gives what the judge (``analysis/judge.py``) says: the same verdict, figures
and best action the coach gave during the deal and the Review shows after it:

- ``verdict``: best, good, inaccuracy, mistake or no_choice (on what the seat could see);
- ``mc_cost`` and ``mc_error``: what the action lost against the best on average over
  the deals the seat could not rule out (the same deals for every action), and the
  standard error of that figure;
- ``dd_cost``: what it lost against the best with all cards face up (None outside the
  play — ``in_play`` False: bids and the like have no face-up value — and when the solve
  did not finish within the judge's budget of positions).

Costs are in the game's own score unit for the deciding side (``analysis/outcome.py``):
in partnerships, the own side's deal score less the other side's; where each plays for
himself, the player's own deal score (the game's ``scoring`` module says how it is counted).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardwidgets.analysis import wasm_core
from cardwidgets.analysis.checks import MAX_NODES, check_budget, check_number, check_position, check_samples, check_seat
from cardwidgets.analysis.dd import AnalysisError
from cardwidgets.analysis.judge import explain, judge, phrase
from cardwidgets.analysis.position import play_phases
from cardwidgets.core.explain import Explanation
from cardwidgets.core.numbering import action_number
from cardwidgets.core.records import DealRecord, load_record, record_of, replay_deal
from cardwidgets.core.state import GameState
from cardwidgets.i18n import resolve


def post_mortem(
    source: GameState | DealRecord | dict[str, Any] | str | Path,
    seat: int,
    *,
    locale: str | None = None,
    samples: int | None = None,
    nodes: int | None = None,
    total_seconds: float | None = None,
) -> list[dict[str, Any]]:
    """One row per decision of ``seat``: number, action, in_play, verdict, best, mc_best, the costs, text.

    ``source`` is a deal's state or record (a ``DealRecord``, its JSON or a path). ``samples``
    (None: the judge's own count, as every tool uses) and ``nodes`` (the face-up solve's
    budget in positions; None: the judge's ``DD_NODES``) are the judge's. ``total_seconds`` bounds the whole review: the
    decisions left when it runs out get ``verdict`` None and say "not valued".
    """
    if samples is not None:
        check_samples(samples)
    check_number("nodes", nodes, low=1, high=MAX_NODES, whole=True, optional=True)
    check_budget("total_seconds", total_seconds)
    if isinstance(source, GameState):
        check_position(source)
    locale = resolve(locale)
    rows = review(source, seat, samples=samples, nodes=nodes, total_seconds=total_seconds)
    return [{**row, "text": reason.text(locale)} for row, reason in rows]


def review(
    source: Any,
    seat: int,
    *,
    samples: int | None = None,
    nodes: int | None = None,
    total_seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[tuple[dict[str, Any], Explanation]]:
    """The rows of ``post_mortem`` with their sentence as an ``Explanation`` (any language), for the Table's Review.

    ``progress(done, total)`` is called after each decision; ``cancelled()`` true stops the review (rows so far).
    The compiled search gets a table of its own for the review (``wasm_core.REVIEW_LOG2_SLOTS``), given
    back to the system when it ends (``wasm_core.release``): a kernel that reviewed a deal stays as light
    as one that did not.
    """
    decisions = list(seat_decisions(source, seat, copies=True))
    deadline = None if total_seconds is None else time.monotonic() + total_seconds
    out: list[tuple[dict[str, Any], Explanation]] = []
    wasm_core.release(wasm_core.REVIEW_LOG2_SLOTS)
    try:
        for state, number, action in decisions:
            if cancelled is not None and cancelled():
                break
            if deadline is not None and time.monotonic() >= deadline:
                out.append(_unvalued(number, action, state.game_name))
            else:
                out.append(decision_row(state, seat, number, action, samples=samples, nodes=nodes))
            if progress is not None:
                progress(len(out), len(decisions))
    finally:
        wasm_core.release()
    return out


def decision_row(
    state: GameState, seat: int, number: int, action: str, *, samples: int | None, nodes: int | None
) -> tuple[dict[str, Any], Explanation]:
    """The judge's row on ``action`` played by ``seat`` in ``state`` (not changed)."""
    assessment = judge(state, seat, samples=samples, nodes=nodes).assess(action)
    row = {
        "number": number,
        "action": action,
        "in_play": state.phase in play_phases(state.game_name),
        "verdict": assessment.verdict,
        "best": assessment.dd_best,
        "mc_best": assessment.best,
        "dd_cost": assessment.dd_cost,
        "mc_cost": assessment.mc_cost,
        "mc_error": assessment.mc_error,
    }
    reason = explain(assessment, state, seat)
    return row, Explanation(reason.rule, "analysis.pm_row", {"number": number, "text": reason})


def _unvalued(number: int, action: str, game: str) -> tuple[dict[str, Any], Explanation]:
    """A decision the review had no time left for: no verdict, no cost."""
    row = {"number": number, "action": action, "in_play": None, "verdict": None, "best": [], "mc_best": [],
           "dd_cost": None, "mc_cost": None, "mc_error": None}
    return row, Explanation("ANALYSIS", "analysis.pm_unfinished", {"number": number, "action": phrase(action, game)})


def seat_decisions(
    source: Any, seat: int, *, copies: bool = False, play_only: bool = False
) -> Iterator[tuple[GameState, int, str]]:
    """Each decision of ``seat`` that had a choice: (the state before it, its number from 1, the action).

    Every phase by default (what the coach judges); ``play_only``: the card play alone, as
    ``Drill.from_mistakes`` asks (its questions are graded with all cards face up, which only the play has).
    The number is ``numbering.action_number`` of the step the decision was taken at. Bad input:
    ``RecordError``; an unknown seat, or (``play_only``) a deal that never reaches the play: ``AnalysisError``.
    The state yielded is not to be changed (``copies``: each is a copy of its own).
    """
    start, actions = start_and_actions(source)
    check_seat(seat, start.num_players)
    state = start
    played = False
    for step, text in enumerate(actions):
        in_play = state.phase in play_phases(state.game_name)
        played = played or in_play
        if (in_play or not play_only) and state.to_act == seat and len(state.legal_actions()) > 1:
            yield (state.clone() if copies else state), action_number(step), text
        state.apply(text)
    if play_only and not (played or state.phase in play_phases(state.game_name)):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.no_play", {}))


def start_and_actions(source: Any) -> tuple[GameState, list[str]]:
    """The deal's first state and its actions in canonical form (a bad record raises ``RecordError``)."""
    if isinstance(source, GameState):
        record = record_of(source)
        final = source
    else:
        loaded = source if isinstance(source, DealRecord) else load_record(source)
        if not isinstance(loaded, DealRecord):
            raise AnalysisError(Explanation("ANALYSIS", "analysis.deal_record", {}))
        record = loaded
        final = replay_deal(record)  # a record that does not replay stops here, with its error
    start = record.game.new_state(record.deal, record.dealer or 0, record.rules)
    start.keep_match_limits(final)  # limits the match puts on the deal
    return start, list(final.history)
