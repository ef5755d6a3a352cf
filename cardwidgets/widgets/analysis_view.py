"""What the **Analysis** switch of ``HandReplay`` shows: every legal action's double-dummy value.

``analyse(state, solver, locale, seconds)`` asks the solver (``cardwidgets.analysis``)
for the value of every legal action of the seat to act — the declaring side's final
points when, after that action, everyone plays perfectly with all cards face up —
and builds from it what the replay shows: a mark per action (best, or how much it
loses), whether it is the only card or any card does, the best line from here (the
principal variation) and a legend. A solve that runs out of time says so and keeps
only the values it finished (``Unfinished.done``): never a guessed value.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardwidgets.analysis import AnalysisError, DoubleDummy, Unfinished
from cardwidgets.analysis.judge import Judgement, explain, judge
from cardwidgets.analysis.outcome import result_of_points
from cardwidgets.analysis.position import declaring_seats, play_phases
from cardwidgets.core.registry import SPECS
from cardwidgets.core.state import GameState
from cardwidgets.i18n import Points, phase_name
from cardwidgets.i18n.tools import TOOLS, tool_text
from cardwidgets.i18n.ui import action_label

#: The longest best line shown (the longest deal of any game has fewer actions).
MAX_LINE = 60


def analyse(
    state: GameState,
    solver: DoubleDummy,
    locale: str,
    seconds: float,
    progress: Callable[[int, int], None] | None = None,
    *,
    played: str | None = None,
) -> dict[str, Any]:
    """The analysis of ``state`` for the front-end (``HandReplay.analysis_view``); every word in ``locale``.

    ``{"status": "done" | "unfinished" | "none", "actions": [{"action", "label", "value", "loss", "mark", "best"}],
    "kind", "summary", "line": [{"seat", "action", "label"}], "line_complete", "side", "legend", "message",
    "verdict"}``. Marks and losses are in the deal's score for the seat to act (the judge's units);
    ``verdict`` is the judge's on ``played`` (the line's next action), ``{}`` without one.
    """
    view: dict[str, Any] = {"status": "none", "actions": [], "kind": "", "summary": "", "line": [],
                            "line_complete": False, "side": "", "legend": [], "message": "", "verdict": {}}
    if state.is_done:
        view["message"] = tool_text("dd_over", locale)
        return view
    deadline = time.monotonic() + seconds
    solver.solver.seconds = seconds
    solver.progress = progress
    try:
        values: dict[str, int] = solver.values(state)
        view["status"] = "done"
    except AnalysisError:  # a bid, an exchange, a card passed: no face-up values, the judge's verdict on what was seen
        view["message"] = tool_text("dd_not_play", locale, phase=phase_name(state.phase)[locale])
        if played is not None and state.to_act is not None:
            view["verdict"] = _verdict(judge(state), played, locale)
        return view
    except Unfinished as stop:
        values = stop.done
        view["status"] = "unfinished"
    finally:
        solver.progress = None
    maximize = declaring_seats(state)[state.to_act] if state.to_act is not None else True
    judgement = judge(state)
    view["verdict"] = _verdict(judgement, played, locale)
    view["side"] = _side_text(state, locale)
    view["legend"] = legend(state.game_name, locale)
    view["actions"] = _marks(state, values, _scores(state, values, judgement), locale)
    if view["status"] == "unfinished":
        view["message"] = tool_text("dd_unfinished", locale, done=len(values), total=len(state.legal_strings()))
        return view
    view["kind"], view["summary"] = _kind(values, maximize, locale)
    view["line"], view["line_complete"] = best_line(state, solver, deadline, locale)
    if not view["line_complete"]:
        view["message"] = tool_text("dd_line_unfinished", locale)
    return view


def legend(game: str, locale: str) -> list[str]:
    """The legend of the marks; how a seat's score is counted: in partnerships, then each registered game's own way."""
    texts = TOOLS[locale]
    notes = [texts[f"dd_score_note_{name}"] for name in SPECS if f"dd_score_note_{name}" in texts]
    lines = [tool_text("dd_legend_value", locale), tool_text("dd_legend_best", locale)]
    lines.append(tool_text("dd_legend_loss", locale, how="; ".join([texts["dd_score_sides"], *notes])))
    players = f"dd_legend_players_{game}"  # who plays for whom, where the game says more
    return lines + ([tool_text(players, locale)] if players in texts else [])


def best(values: dict[str, int], maximize: bool) -> list[str]:
    """The best actions for the seat to act (the declaring side maximises, the others minimise)."""
    top = max(values.values()) if maximize else min(values.values())
    return [action for action, value in values.items() if value == top]


def _scores(state: GameState, values: dict[str, int], judgement: Judgement | None) -> dict[str, int]:
    """Each solved action's result in the deal's score for the seat to act (the judge's when it finished)."""
    if judgement is not None and judgement.dd is not None:
        return {a: r for a, r in judgement.dd.items() if a in values}
    seat = state.to_act
    found = {a: result_of_points(state, seat, v) for a, v in values.items()} if seat is not None else {}
    return {a: r for a, r in found.items() if r is not None}


def _verdict(judgement: Judgement | None, played: str | None, locale: str) -> dict[str, Any]:
    """The judge's verdict on the line's next action, as the Review and the post-mortem word it."""
    if judgement is None or played is None or played not in judgement.state.legal_strings():
        return {}
    assessment = judgement.assess(played)
    text = explain(assessment, judgement.state, judgement.seat).text(locale)
    return {"action": played, "verdict": assessment.verdict, "text": text, "mc_cost": assessment.mc_cost,
            "mc_error": assessment.mc_error, "dd_cost": assessment.dd_cost}


def _marks(state: GameState, values: dict[str, int], scores: dict[str, int], locale: str) -> list[dict[str, Any]]:
    """One entry per legal action: its value (None: not finished), best or how much it loses in the deal's score."""
    top = max(scores.values()) if scores else None
    tops = [a for a, s in scores.items() if s == top]
    out = []
    for action in state.legal_strings():
        value = values.get(action)
        score = scores.get(action)
        loss = None if score is None or top is None else top - score
        if loss is None:
            mark = "?"
        elif loss == 0:
            mark = "✓"
        else:
            mark = f"−{loss}"
        out.append({
            "action": action,
            "label": action_label(action, locale, state.game_name),
            "value": value,
            "loss": loss,
            "best": action in tops,
            "mark": mark,
            "badge": badge(value, loss, state.game_name, locale),
        })
    return out


def badge(value: int | None, loss: int | None, game: str, locale: str) -> str:
    """The mark by an action, with units: the declaring side's value, then ✓ or the loss ("85 points · −20 points").

    The value is in the game's own count where it has one (the 2s taken in one game, ``dd_value_<game>``);
    the loss is in the deal's score for the seat to act.
    """
    if value is None:
        return "?"
    own = f"dd_value_{game}"
    shown = tool_text(own, locale, n=value) if own in TOOLS[locale] else Points(value, game).text(locale)
    lost = "?" if loss is None else "✓" if loss == 0 else f"−{Points(loss, game).text(locale)}"
    return f"{shown} · {lost}"


def _kind(values: dict[str, int], maximize: bool, locale: str) -> tuple[str, str]:
    """``only`` (one best action), ``any`` (all equal), ``some`` (several best) — and its sentence."""
    tops = best(values, maximize)
    if len(tops) == len(values):
        return "any", tool_text("dd_any", locale)
    if len(tops) == 1:
        return "only", tool_text("dd_only", locale)
    return "some", tool_text("dd_some", locale, n=len(tops), of=len(values))


def best_line(
    state: GameState, solver: DoubleDummy, deadline: float, locale: str
) -> tuple[list[dict[str, Any]], bool]:
    """The principal variation: from ``state``, each seat in turn takes its first best action.

    Stops at the end of the play; ``False`` when the time ran out first (the line so far is exact).
    """
    line: list[dict[str, Any]] = []
    position = state.clone()
    while len(line) < MAX_LINE:
        if position.is_done or position.phase not in play_phases(position.game_name):
            return line, True
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return line, False
        solver.solver.seconds = remaining
        try:
            values = solver.values(position)
        except Unfinished:
            return line, False
        seat = position.to_act
        maximize = declaring_seats(position)[seat] if seat is not None else True
        action = best(values, maximize)[0]
        position.apply(action)
        line.append({"seat": seat, "action": action, "label": action_label(action, locale, state.game_name)})
    return line, True


def _side_text(state: GameState, locale: str) -> str:
    """Whose points the values are: the declaring side's seats."""
    seats = [str(s) for s, declaring in enumerate(declaring_seats(state)) if declaring]
    return tool_text(f"dd_side_{state.game_name}", locale, seats=", ".join(seats))
