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
from cardwidgets.core.limits import ECHO_CHARS, MAX_NUMBER_DIGITS
from cardwidgets.core.records import record_of, replay_deal
from cardwidgets.core.registry import GAMES
from cardwidgets.core.state import GameState

#: Sampled deals per decision: a thousand is far past any use (each is a full solve).
MAX_SAMPLES = 1000
#: The most threads a solve may share its root's actions among (as many module instances share a memory).
MAX_WORKERS = MAX_INSTANCES
#: A time budget: a day is far past any use (and a deadline ``time.monotonic() + seconds`` stays a float).
MAX_SECONDS = 86_400
#: A budget of searched positions: far past any use (the judge's compiled face-up budget is 3·10⁷).
MAX_NODES = 10**12
#: A seed: a whole number of at most ``MAX_NUMBER_DIGITS`` digits, as in a record.
MAX_SEED = 10**MAX_NUMBER_DIGITS - 1


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


def shown_number(value: Any) -> Any:
    """An argument as an error may quote it (never a huge number in full).

    A whole number of more than about ``ECHO_CHARS`` digits is "a number of 401 digits"; anything else is ``echo``-ed.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * ECHO_CHARS:
        digits = int(value.bit_length() * math.log10(2)) + 1
        if 10 ** (digits - 1) > abs(value):
            digits -= 1
        return Explanation("ANALYSIS", "analysis.long_number", {"digits": digits})
    return echo(value, quote=isinstance(value, str))  # "5" is quoted: it is not the number 5


def check_number(
    name: str, value: Any, *, low: float, high: float, whole: bool = False, seconds: bool = False,
    optional: bool = False,
) -> None:
    """The one check of a numeric argument of the analysis, replay, drill and review APIs.

    ``value`` is a number — a whole one when ``whole`` — not a bool, finite, from ``low`` to ``high``
    (None too when ``optional``: no limit). Otherwise one ``AnalysisError`` names the argument, the
    range and what was given, in the learner's language (a huge number by its count of digits).
    """
    if value is None and optional:
        return
    kinds = (int,) if whole else (int, float)
    good = (
        isinstance(value, kinds)
        and not isinstance(value, bool)
        and (isinstance(value, int) or math.isfinite(value))  # an int is finite (math.isfinite(10**400) overflows)
        and low <= value <= high
    )
    if not good:
        kind = "whole" if whole else "seconds" if seconds else "number"
        raise _refuse(
            "analysis.bad_number" + ("_or_none" if optional else ""),
            name=name, kind=Explanation("ANALYSIS", f"analysis.kind_{kind}", {}), low=low, high=high,
            value=shown_number(value),
        )  # fmt: skip


def check_budget(name: str, value: Any, *, whole: bool = False) -> None:
    """``value`` is None (no limit) or a budget from 0: whole positions (``MAX_NODES``) or seconds (``MAX_SECONDS``)."""
    high = MAX_NODES if whole else MAX_SECONDS
    check_number(name, value, low=0, high=high, whole=whole, seconds=not whole, optional=True)


def check_samples(samples: Any) -> None:
    """``samples`` is a whole number from 1 to ``MAX_SAMPLES``."""
    check_number("samples", samples, low=1, high=MAX_SAMPLES, whole=True)


def check_workers(workers: Any) -> None:
    """``workers`` is a whole number of threads from 1 to ``MAX_WORKERS``."""
    check_number("workers", workers, low=1, high=MAX_WORKERS, whole=True)


def check_seat(seat: Any, players: int) -> None:
    """``seat`` is a seat of the deal: a whole number from 0 to ``players - 1``."""
    if not (type(seat) is int and 0 <= seat < players):
        raise _refuse("analysis.no_seat", seat=shown_number(seat), last=players - 1)


def check_seed(seed: Any) -> None:
    """``seed`` is a whole number from 0 to ``MAX_SEED`` (it seeds the bots or the questions)."""
    check_number("seed", seed, low=0, high=MAX_SEED, whole=True)


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
