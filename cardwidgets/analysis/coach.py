"""The coaching table's verdict on the learner's last move (``Table(coach=True)``), from the judge.

``coach(state, action)`` is asked *before* the move is applied. It asks the judge
(``analysis/judge.py``) on the learner's information only — no face-up values,
which would give the hidden hands away during the deal — so the verdict is the one
the Review and ``post_mortem`` give for the same deal, seat and step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardwidgets.analysis.judge import VERDICTS, Assessment, explain, judge
from cardwidgets.bots.base import Decision, only_move
from cardwidgets.bots.search import Evaluation, search_reason
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState

__all__ = ["VERDICTS", "Verdict", "coach", "hint_decision"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one move: the verdict word, why, and a better move when it was an inaccuracy or a mistake."""

    verdict: str
    reason: Explanation
    better: str | None
    assessment: Assessment

    def to_json(self, locale: str = "en") -> dict[str, Any]:
        """The Table's ``feedback`` trait: ``{"verdict", "text", "rule", "better"}``."""
        text, rule = self.reason.text(locale), self.reason.rule
        return {"verdict": self.verdict, "text": text, "rule": rule, "better": self.better}


def coach(state: GameState, action: Action | str, *, samples: int | None = None) -> Verdict:
    """The judge's verdict on ``action`` for the seat to act in ``state`` (not changed), on what that seat saw.

    ``samples``: the judge's count of sampled deals (None: its own, as every tool uses).
    """
    seat = state.actor  # the coach judges a move: a seat is to act
    assessment = judge(state, dd=False, samples=samples).assess(action)
    reason = explain(assessment, state, seat, face_up=False)
    costly = assessment.verdict in ("inaccuracy", "mistake")
    return Verdict(assessment.verdict, reason, assessment.best[0] if costly else None, assessment)


def hint_decision(state: GameState, seat: int, *, stop: Callable[[], bool] | None = None) -> Decision:
    """The Table's **Hint**: the judge's best action for ``seat`` and why (its reason renders in either language).

    The move the Hint gives is the one the coach judges ``best`` (the same judge, the same sampled deals).
    ``stop``: the judge's deadline (past it, ``Unfinished`` is raised and no Hint is given).
    """
    if not isinstance(state, GameState) or state.is_done or state.to_act != seat:
        raise ValueError(f"no hint: it is not seat {seat}'s turn")
    legal = {action.text: action for action in state.legal_actions()}
    if len(legal) == 1:
        action = next(iter(legal.values()))
        return Decision(action, only_move(action, state.game_name))
    judgement = judge(state, seat, dd=False, stop=stop)
    best = judgement.best()
    order = best + sorted((a for a in judgement.results if a not in best), key=lambda a: -judgement.mean(a))
    found = [Evaluation(legal[a], judgement.mean(a), None) for a in order]
    return Decision(found[0].action, search_reason(state, found, judgement.samples))
