""""Find the best card": drill items made from the learner's own deal, graded by the solver.

``mistake_items(record, seat)`` replays the deal and, at every decision of
``seat`` in the play where the action taken lost points with all cards face up
(``double_dummy``; ``dd_cost`` > 0 in ``post_mortem``), makes one question: the
position as that seat saw it (its hand, the trick, the trump), the legal actions
as the answers, and the best ones by double dummy as the right answers. Each
answer's explanation gives its value and what it loses against the best. A
decision the solver cannot finish within ``seconds`` gives no question (never a
guessed grade). ``Drill.from_mistakes`` shows them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardwidgets.analysis import DoubleDummy, Unfinished
from cardwidgets.analysis.position import declaring_seats
from cardwidgets.analysis.postmortem import seat_decisions
from cardwidgets.cards import Rank, parse_card
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import DealRecord
from cardwidgets.core.state import GameState
from cardwidgets.drills.base import Choice, DrillError, Item, Label, Position, Seat
from cardwidgets.i18n import LOCALES, ActionText
from cardwidgets.i18n.drills import drill_text
from cardwidgets.i18n.names import rank_plural
from cardwidgets.i18n.ui import action_label

#: The topic id of these items (``Drill.topic``).
MISTAKES = "mistakes"
#: Who lays a card from the table in a trick.
TABLE = {"en": "table", "ru": "стол"}
NO_TRUMP = {"en": "none yet", "ru": "пока нет"}


def mistake_items(
    source: GameState | DealRecord | dict[str, Any] | str | Path, seat: int, *, seconds: float | None = 5.0
) -> list[Item]:
    """One "find the best card" item per costly decision of ``seat`` (bad input: ``AnalysisError``/``RecordError``)."""
    solver = DoubleDummy(seconds=seconds)  # checks ``seconds`` (``analysis.checks``) before any work
    items = []
    for state, number, action in seat_decisions(source, seat, play_only=True):  # graded face up: the play only
        item = _item(state, solver, number, action)
        if item is not None:
            items.append(item)
    return items


def _item(state: GameState, solver: DoubleDummy, number: int, played: str) -> Item | None:
    """The question at this decision if ``played`` lost points with all cards face up, else None."""
    try:
        values = solver.values(state)
    except Unfinished:
        return None
    seat = state.to_act
    assert seat is not None
    sign = 1 if declaring_seats(state)[seat] else -1
    top = max(sign * v for v in values.values())
    if sign * values[played] == top:
        return None
    best = [a for a, v in values.items() if sign * v == top]
    game = state.game_name
    real_top = sign * top  # the best value itself, in the declaring side's points
    choices = tuple(
        Choice(
            _label(action, game), value == real_top, _why(action, value, top=real_top, sign=sign, best=best, game=game)
        )
        for action, value in values.items()
    )
    prompt = Explanation("", "analysis.drill_prompt", {"number": number, "seat": seat})
    return Item(MISTAKES, prompt, _position(state, seat, played), choices, source="deal")


def _why(action: str, value: int, *, top: int, sign: int, best: list[str], game: str) -> Explanation:
    """Why an answer is right or wrong: its value, and what it loses against the best."""
    params = {"action": ActionText(action, game), "value": value, "top": top}
    if value == top:
        return Explanation("", "analysis.drill_best", params)
    cost = sign * (top - value)
    return Explanation("", "analysis.drill_loss", {**params, "cost": cost, "best": ActionText(best[0], game)})


def _label(action: str, game: str) -> Label:
    """A plain card play is its card; anything else (a combination shown, an opening trick …) its words."""
    words = action.split()
    if len(words) == 2 and words[0] == "play":
        return parse_card(words[1])
    return {locale: action_label(action, locale, game) for locale in LOCALES}


def _position(state: GameState, seat: int, played: str) -> Position:
    """What ``seat`` saw: its hand, the trick so far, the trump, a card on the table; and what it played."""
    trick = state.tricks[-1].plays if state.tricks else []
    plays = tuple((Seat(s, s == seat) if s is not None else TABLE, card) for s, card in trick)
    facts = (Explanation("", "analysis.drill_played", {"action": ActionText(played, state.game_name)}),)
    position = Position(
        trump=_trump(state),
        trick=plays,
        hand=tuple(state.hands[seat]),
        table=state.table_card(),
        facts=facts,
    )
    return position.marking(state.is_trump)


def _trump(state: GameState) -> Label:
    """The trump as the drills write it: a suit, a rank in words ("Aces" / «тузы»), or "none yet"."""
    trump = state.current_trump()
    if trump is None:
        return NO_TRUMP
    return {locale: rank_plural(trump, locale) for locale in LOCALES} if isinstance(trump, Rank) else trump


def require_items(items: list[Item], locale: str) -> list[Item]:
    """``items``, or a ``DrillError`` saying the deal gave no question (no costly decision)."""
    if not items:
        raise DrillError(drill_text("err_no_mistakes", locale))
    return items
