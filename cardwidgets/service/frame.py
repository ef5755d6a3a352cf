"""``frame_of``: the seat frame, everything one seat's table shows, as JSON data (``docs/classroom.md``).

One function makes it for every table: the room service for a learner's kernel, and the single
``Table`` for its own seat (its ``_sync`` pushes the frame it makes), so both send the browser the same
traits. A frame is made only from what the seat knows: ``state.view(seat)``, the seat's own hand,
the public moves, the match's scores, the room's status. Words are left to the kernel's locale: an
explanation travels as the wire carries every explanation (``service/wire.py``), so the kernel
renders it in its learner's language as the engine would have (``words_json``, ``words_from_json``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.records import record_of, state_game
from cardwidgets.core.state import GameState
from cardwidgets.core.tricks import Trick
from cardwidgets.service.wire import explanation_from, explanation_json

#: The frame's own fields (``docs/classroom.md``, "The wire"); a reader ignores fields it does not know.
FRAME_FIELDS = (
    "room", "seat", "version", "deal", "state", "view", "hand", "trumps", "legal", "notices", "events",
    "match", "result", "seats", "record", "reset", "paused",
)


def frame_of(
    state: GameState,
    seat: int,
    *,
    room: str = "",
    version: int | None = None,
    deal: int | None = None,
    since_history: int | None = None,
    events: Sequence[Mapping[str, Any]] | None = None,
    status: str = "playing",
    seats: Sequence[Mapping[str, Any]] = (),
    paused: Explanation | None = None,
    record: Mapping[str, Any] | None = None,
    match: Match | None = None,
    reveal: bool = False,
    reset: bool = False,
) -> dict[str, Any]:
    """The frame of ``seat`` at ``state``: JSON data with nothing in it the seat has not been shown.

    ``version`` is the room log's (default: the deal's move count); ``deal`` the match's deal number
    (default: ``len(match.deals)``, or 1). The animation's ``events`` are either given (``move_event``
    dicts, as the single table records them while it plays) or, with ``since_history``, the moves of
    this deal after its first ``since_history`` actions, made again from the deal's start. ``record``
    is the finished deal's record (made here when the deal is over and none is given). ``reveal``
    (an instructor's table, never a learner's) shows every hand.
    """
    hand = sorted(state.hands[seat], key=lambda card: _hand_order(state, card))
    if events is None:
        events = events_since(state, since_history, seat) if since_history is not None else []
    if record is None and state.is_done:
        record = record_of(state).to_json()  # all hands are public once the deal is over
    result = state.score_explanation()
    return {
        "room": room,
        "seat": seat,
        "version": len(state.history) if version is None else version,
        "deal": deal if deal is not None else (len(match.deals) if match is not None else 1),
        "state": status,
        "view": state.view(None if reveal else seat),
        "hand": [card.text for card in hand],
        "trumps": [card.text for card in hand if state.is_trump(card)],
        "legal": state.legal_strings() if state.to_act == seat else [],
        "notices": [words_json(notice) for notice in state.notices(seat)],
        "events": [_event_json(event) for event in events],
        "match": _match_json(match, state),
        "result": words_json(result) if result is not None else None,
        "seats": [dict(s) for s in seats],
        "record": dict(record) if record is not None else None,
        "reset": reset,
        "paused": words_json(paused) if paused is not None else None,
    }


def events_since(state: GameState, since_history: int, seat: int) -> list[dict[str, Any]]:
    """The moves of ``state``'s deal after its first ``since_history`` actions, as ``seat`` may see them.

    The deal is played again from its start (the limits its match puts on it kept), so each move's
    trick and the trick it completed are the engine's own.
    """
    actions = state.history
    if not 0 <= since_history < len(actions):
        return []
    start = _deal_start(state)
    for action in actions[:since_history]:
        start.apply(action)
    made: list[dict[str, Any]] = []
    for action in actions[since_history:]:
        mover, completed = start.to_act, completed_tricks(start)
        start.apply(action)
        made.append(move_event(start, mover if mover is not None else -1, completed, seat))
    return made


def _deal_start(state: GameState) -> GameState:
    """A fresh state of ``state``'s deal at its first action."""
    start = state_game(state).new_state(state.deal, state.dealer, state.rules)
    start.keep_match_limits(state)
    return start


def move_event(state: GameState, seat: int, completed_before: int, viewer: int) -> dict[str, Any]:
    """The last move of ``state`` (made by ``seat``) as ``viewer`` may see it: the trick, and who took it.

    ``done`` is None, or the trick this move completed: ``{"collector", "why"}`` with ``why`` its
    ``Explanation`` (or None); ``_event_json`` turns it into data.
    """
    completed = [t for t in state.tricks if t.collector is not None]
    done: dict[str, Any] | None = None
    if len(completed) > completed_before:  # this action completed a trick
        trick: Trick | None = completed[-1]
        done = {"collector": completed[-1].collector, "why": completed[-1].explanation}
    else:
        trick = state.tricks[-1] if state.tricks else None
    return {
        "seat": seat,
        "action": state.public_history(viewer)[-1],
        "trick": trick.to_json()["plays"] if trick is not None else [],
        "done": done,
    }


def completed_tricks(state: GameState) -> int:
    """How many tricks of the deal have been taken."""
    return sum(1 for t in state.tricks if t.collector is not None)


def _event_json(event: Mapping[str, Any]) -> dict[str, Any]:
    """A ``move_event`` dict as JSON: the trick it completed keeps who took it and why, as words data."""
    done = event.get("done")
    if done is not None:
        why = done.get("why")
        done = {"collector": done["collector"], "why": words_json(why) if isinstance(why, Explanation) else why}
    return {"seat": event["seat"], "action": event["action"], "trick": event["trick"], "done": done}


def _match_json(match: Match | None, state: GameState) -> dict[str, Any]:
    """The match's public figures: scores by side, each deal's, who won, the game's own summary."""
    if match is None:
        return {"scores": [], "deal_scores": [], "winner": None, "over": False, "summary": {}}
    return {
        "scores": list(match.scores),
        "deal_scores": [list(scores) for scores in match.deal_scores],
        "winner": match.winner,
        "over": match.is_over,
        "summary": _plain(match.summary_extra()),
    }


def _hand_order(state: GameState, card: Any) -> tuple[int, int, int]:
    """Hand sorting: trumps last (grouped), otherwise by suit, high cards first."""
    return (1 if state.is_trump(card) else 0, "SHDC".index(card.suit.value), -int(card.rank))


def words_json(reason: Explanation) -> dict[str, Any]:
    """An explanation as the frame carries it (the wire's form)."""
    return explanation_json(reason)


def words_from_json(data: Any) -> Explanation | None:
    """The explanation a frame carries; None for anything that is not one whose key this package knows."""
    return explanation_from(data)


def _plain(value: Any) -> Any:
    """A game's summary as JSON values (tuples as lists, keys as strings)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
