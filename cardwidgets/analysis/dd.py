"""``double_dummy(state)``: the value of every legal action with all cards face up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardwidgets.analysis import positions
from cardwidgets.analysis.checks import AnalysisError, check_budget, check_position
from cardwidgets.analysis.solver import Solver, Unfinished
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.i18n import phase_name

#: The phases of the play, per game: the solver analyses these only.
PLAY_PHASES = {"nimby": ("play",), "tumbochka": ("play",), "nestors": ("open", "play", "leave")}


def position_of(state: GameState) -> Any:
    """The fast position of ``state`` (a deal in the play), or ``AnalysisError``."""
    if not isinstance(state, GameState):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.not_a_state", {"what": type(state).__name__}))
    game = state.game_name
    if state.phase not in PLAY_PHASES[game]:
        raise AnalysisError(Explanation("ANALYSIS", "analysis.not_in_play", {"phase": phase_name(state.phase)}))
    if game == "nimby":
        return positions.NimbyPosition(state)  # type: ignore[arg-type]
    if game == "tumbochka":
        return positions.TumbochkaPosition(state)  # type: ignore[arg-type]
    return positions.NestorsPosition(state)  # type: ignore[arg-type]


def declaring_points(state: GameState) -> int:
    """The points the declaring side has already (as the summary will count them)."""
    return positions.points_so_far(state)


class DoubleDummy:
    """A solver whose table is kept across calls (the steps of one deal's replay).

    ``max_nodes``/``seconds`` bound each ``values`` call; past them it raises
    ``Unfinished`` (carrying the actions already valued) instead of answering.
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        seconds: float | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.solver = Solver(max_nodes, seconds)
        #: Called as ``progress(done, total)`` after each action is valued (for a widget's progress bar).
        self.progress = progress
        self._context: Any = None

    def values(self, state: GameState) -> dict[str, int]:
        """``{action: final points of the declaring side}`` for every legal action, in legal order."""
        state = state.clone()  # a progress callback may change the caller's state: the solve reads its own copy
        pos = position_of(state)
        pos.auto_leave = True  # Nestors: a forced leave goes with the card that ends the trick
        context = pos.context()
        if context != self._context:
            self.solver.table.clear()
            self.solver.killers.clear()
            self.solver.use_killers = context[0] == "nestors"
            self._context = context
        base = declaring_points(state)
        solver = self.solver
        solver.start()
        found: dict[str, int] = {}
        guess: int | None = None
        moves = pos.moves(merge=False)
        try:
            for move in moves:
                gain = pos.play(move)
                try:
                    future = solver.value(pos, None if guess is None else guess - gain)
                finally:
                    pos.undo()
                guess = gain + future
                found[pos.text(move)] = base + guess
                if self.progress is not None:
                    self.progress(len(found), len(moves))
        except Unfinished as stop:
            raise Unfinished(stop.nodes, {t: found[t] for t in state.legal_strings() if t in found}) from None
        legal = state.legal_strings()
        if sorted(found) != sorted(legal):  # the position must mirror the engine exactly
            raise RuntimeError(f"analysis: moves {sorted(found)} differ from the legal actions {sorted(legal)}")
        return {text: found[text] for text in legal}


def double_dummy(state: GameState, max_nodes: int | None = None, seconds: float | None = None) -> dict[str, int]:
    """The value of every legal action of the seat to act, all cards face up (issue 15).

    The value is the final ``points`` of the declaring side (docs/records.md)
    when, after that action, the declaring side maximises and the others
    minimise them. Raises ``AnalysisError`` outside the play and
    ``Unfinished`` when a budget (``max_nodes``, ``seconds``) runs out.
    """
    check_position(state)
    check_budget("max_nodes", max_nodes, whole=True)
    check_budget("seconds", seconds)
    return DoubleDummy(max_nodes, seconds).values(state)
