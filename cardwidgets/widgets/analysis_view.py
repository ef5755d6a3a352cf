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
from cardwidgets.analysis.dd import PLAY_PHASES
from cardwidgets.analysis.positions import declaring_seats
from cardwidgets.core.state import GameState
from cardwidgets.i18n import phase_name
from cardwidgets.i18n.tools import tool_text
from cardwidgets.i18n.ui import action_label

#: The longest best line shown (Nestors' longest deal has fewer actions).
MAX_LINE = 60


def analyse(
    state: GameState,
    solver: DoubleDummy,
    locale: str,
    seconds: float,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The analysis of ``state`` for the front-end (``HandReplay.analysis_view``); every word in ``locale``.

    ``{"status": "done" | "unfinished" | "none", "actions": [{"action", "label", "value", "mark", "best"}],
    "kind", "summary", "line": [{"seat", "action", "label"}], "line_complete", "side", "legend", "message"}``.
    """
    view: dict[str, Any] = {"status": "none", "actions": [], "kind": "", "summary": "", "line": [],
                            "line_complete": False, "side": "", "legend": [], "message": ""}
    if state.is_done:
        view["message"] = tool_text("dd_over", locale)
        return view
    deadline = time.monotonic() + seconds
    solver.solver.seconds = seconds
    solver.progress = progress
    try:
        values = solver.values(state)
        view["status"] = "done"
    except AnalysisError:
        view["message"] = tool_text("dd_not_play", locale, phase=phase_name(state.phase)[locale])
        return view
    except Unfinished as stop:
        values = stop.done
        view["status"] = "unfinished"
    finally:
        solver.progress = None
    maximize = declaring_seats(state)[state.to_act] if state.to_act is not None else True
    view["side"] = _side_text(state, locale)
    view["legend"] = [tool_text(key, locale) for key in ("dd_legend_value", "dd_legend_best", "dd_legend_loss")]
    view["actions"] = _marks(state, values, maximize, locale)
    if view["status"] == "unfinished":
        view["message"] = tool_text("dd_unfinished", locale, done=len(values), total=len(state.legal_strings()))
        return view
    view["kind"], view["summary"] = _kind(values, maximize, locale)
    view["line"], view["line_complete"] = best_line(state, solver, deadline, locale)
    if not view["line_complete"]:
        view["message"] = tool_text("dd_line_unfinished", locale)
    return view


def best(values: dict[str, int], maximize: bool) -> list[str]:
    """The best actions for the seat to act (the declaring side maximises, the others minimise)."""
    top = max(values.values()) if maximize else min(values.values())
    return [action for action, value in values.items() if value == top]


def _marks(state: GameState, values: dict[str, int], maximize: bool, locale: str) -> list[dict[str, Any]]:
    """One entry per legal action: its value (None: not finished), best or how much it loses."""
    tops = best(values, maximize) if values else []
    top = values[tops[0]] if tops else None
    out = []
    for action in state.legal_strings():
        value = values.get(action)
        loss = None if value is None or top is None else abs(top - value)
        if value is None:
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
        })
    return out


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
        if position.is_done or position.phase not in PLAY_PHASES[position.game_name]:
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
