"""What the analysis checks before it starts: its arguments, and that a state is a real position.

``double_dummy`` and ``post_mortem`` are called from notebooks with whatever a person
types; each bad argument is one ``AnalysisError`` that says what was expected (in
English or Russian), before any work — never a ``TypeError`` from deep inside, and
never a budget that silently does not bound (``nan`` seconds).
"""

from __future__ import annotations

import math
from typing import Any

from cardwidgets.analysis.wasm_core import MAX_INSTANCES
from cardwidgets.core.errors import RecordError, Refusal, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import record_of, replay_deal
from cardwidgets.core.registry import GAMES
from cardwidgets.core.state import GameState

#: Sampled deals per decision: a thousand is far past any use (each is a full solve).
MAX_SAMPLES = 1000
#: The most threads a solve may share its root's actions among (as many module instances share a memory).
MAX_WORKERS = MAX_INSTANCES


class AnalysisError(Refusal):
    """A state or an argument the analysis refuses; ``explanation`` says why in en/ru."""

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(explanation.text("en"))

    def __str__(self) -> str:
        """The reason in the default locale (``cardwidgets.set_locale``)."""
        return self.explanation.text()


def _refuse(key: str, **params: Any) -> AnalysisError:
    return AnalysisError(Explanation("ANALYSIS", key, params))


def check_budget(name: str, value: Any, *, whole: bool = False) -> None:
    """``value`` is None (no limit) or a finite number, 0 or more (a whole one when ``whole``; 0: stop at once)."""
    if value is None:
        return
    kinds = (int,) if whole else (int, float)
    good = isinstance(value, kinds) and not isinstance(value, bool) and math.isfinite(value) and value >= 0
    if not good:
        raise _refuse("analysis.bad_budget" + ("_whole" if whole else ""), name=name, value=echo(value))


def check_samples(samples: Any) -> None:
    """``samples`` is a whole number from 1 to ``MAX_SAMPLES``."""
    if not (type(samples) is int and 1 <= samples <= MAX_SAMPLES):
        raise _refuse("analysis.bad_samples", value=echo(samples), limit=MAX_SAMPLES)


def check_workers(workers: Any) -> None:
    """``workers`` is a whole number of threads from 1 to ``MAX_WORKERS``."""
    if not (type(workers) is int and 1 <= workers <= MAX_WORKERS):
        raise _refuse("analysis.bad_workers", value=echo(workers), limit=MAX_WORKERS)


def check_seed(seed: Any) -> None:
    """``seed`` is a whole number (it seeds the sampled deals)."""
    if type(seed) is not int:
        raise _refuse("analysis.bad_seed", value=echo(seed))


def check_position(state: Any) -> None:
    """``state`` is a position its own deal and actions lead to: a game state nobody changed by hand.

    It is rebuilt from its record (``record_of``: the deal and the actions taken) by the engine;
    a hand emptied, a card from another deck, the seat to act moved or an unknown game all
    make the two differ, and the state is refused before the solver reads it.
    """
    if not isinstance(state, GameState):
        raise _refuse("analysis.not_a_state", what=type(state).__name__)
    name = getattr(state, "game_name", None)
    if not isinstance(name, str) or name not in GAMES:
        raise _refuse("analysis.unknown_game", game=echo(name), games=", ".join(GAMES))
    try:
        rebuilt = replay_deal(record_of(state))
        mine, theirs = rebuilt.view(None), state.view(None)
        mine["legal"] = sorted(mine.get("legal", ()))  # the order of the legal actions is no fact of the deal
        theirs["legal"] = sorted(theirs.get("legal", ()))
        same = mine == theirs
    except (RecordError, Refusal, KeyError, IndexError, TypeError, AttributeError):
        same = False
    if not same:
        raise _refuse("analysis.inconsistent_state", game=state.game_name)
