"""``Table``: one open room inside the room service — its engine, its seats, its lock (the room's actor).

Every change to the room happens under ``lock``: an action, a bot's move, the start, a repair;
so the log has one writer. ``check()`` catches up with the store and pauses the room if its log
is damaged (a gap, a lost tail, an entry that does not replay, a store file replaced): the frames
then carry why (``paused``) until the instructor repairs it. A store that cannot be reached pauses
the room too, with the wait before it is tried again (1, 2, 4 … 30 s); that pause ends by itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.bots import make_bot
from cardwidgets.core.errors import IllegalActionError, RecordError, echo
from cardwidgets.service.frame import frame_of
from cardwidgets.service.seats import Seat, seat_from_store
from cardwidgets.store import Store
from cardwidgets.store.base import RoomError
from cardwidgets.store.room import NEXT_DEAL, START, START_SEAT, Room

#: JSON data as it crosses the wire.
JSON = dict[str, Any]
#: How a room may start: once every learner seat was held, or only when the instructor says.
START_MODES = ("when_seated", "instructor")
#: The store's errors that mean the log or its file is not what the room wrote: the room pauses.
DAMAGE = frozenset({"room.bad_log", "room.store_gone", "room.store_replaced", "room.store_emptied",
                    "room.damaged_store"})
#: How many bot moves one call makes at most (a deal is far shorter; this bounds a runaway).
MAX_BOT_MOVES = 2_000
#: The pause of a room whose store cannot be reached: it ends by itself once the store answers.
STORE_PAUSED = "room.store_paused"
#: The waits before an unreachable store is tried again (seconds): the first, doubled each time, at most the last.
RETRY_FIRST = 1
RETRY_MOST = 30


@dataclass
class Table:
    """One open room: its engine (``Room``), its seats, its lock, who listens for its changes."""

    room: Room
    seats: list[Seat]
    start_mode: str
    clock: Callable[[], float]
    lock: threading.RLock = field(default_factory=threading.RLock)
    changed: threading.Condition = field(init=False)
    paused: RoomError | None = None
    repairs: int = 0
    listeners: list[Callable[[str], None]] = field(default_factory=list)
    #: While the store cannot be reached: the last wait (seconds) and when the store is tried again.
    retry_wait: int = 0
    retry_at: float | None = None

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)

    @classmethod
    def open(cls, name: str, store: Store, clock: Callable[[], float]) -> Table:
        """The room ``name`` of ``store`` with its seats as the store recorded them (``room.no_room`` if none)."""
        opened = Room(name, store=store, strict=False)
        learners = set(opened.learner_seats)
        everyone = not learners
        seats = [Seat(s, everyone or s in learners) for s in range(opened.game.num_players)]
        for number, holder in store.seats(name).items():
            if 0 <= number < len(seats):
                seats[number] = seat_from_store(number, seats[number].learner, holder)
        mode = opened.meta.get("start")
        table = cls(opened, seats, mode if mode in START_MODES else "when_seated", clock)
        table.paused = opened.damage
        return table

    # ----- what anyone may see --------------------------------------------------------------------
    def state_name(self) -> str:
        """``waiting``, ``playing`` or ``paused``."""
        if self.paused is not None:
            return "paused"
        return "playing" if self.room.started else "waiting"

    def public(self) -> JSON:
        """The room's public settings and seats (no seed, no user ids)."""
        room, now = self.room, self.clock()
        return {"room": room.name, "game": room.game.name, "rules": dict(room.meta["rules"]),
                "version": room.version, "deal": len(room.match.deals), "state": self.state_name(),
                "learners": [s.seat for s in self.seats if s.learner], "start": self.start_mode,
                "waiting_for": self.waiting_for(), "seats": [s.public(now) for s in self.seats]}

    def seat(self, seat: Any) -> Seat:
        """Seat number ``seat`` (``room.bad_seat`` if there is none)."""
        players = len(self.seats)
        if not (type(seat) is int and 0 <= seat < players):
            raise RoomError("room.bad_seat", seat=echo(seat), game=self.room.game.name, last=players - 1)
        return self.seats[seat]

    def waiting_for(self) -> list[int]:
        """The learner seats a waiting room still waits for (never held yet)."""
        if self.room.started:
            return []
        return [s.seat for s in self.seats if s.learner and s.user is None]

    # ----- the actor (under ``lock``) -------------------------------------------------------------
    def check(self) -> None:
        """Catch up with the store and check the log (a damaged one pauses the room, an unreachable store too).

        While the store cannot be reached it is asked again only at ``retry_at``, not at every call.
        """
        if self.paused is not None and self.paused.key in DAMAGE:
            return
        if self.retry_at is not None and self.clock() < self.retry_at:
            return
        try:
            self.room.sync()
        except RoomError as exc:
            if exc.key == "room.unreachable":
                self.unreachable(exc)
            elif exc.key in DAMAGE:
                self.paused = exc
            else:
                raise
            return
        if self.retry_at is not None:  # the store answers again: the room goes on
            self.retry_wait, self.retry_at = 0, None
            if self.paused is not None and self.paused.key == STORE_PAUSED:
                self.paused = None

    def unreachable(self, exc: RoomError) -> RoomError:
        """Pause the room: its store cannot be reached (``exc``); the error that says so, for the caller.

        Each wait before the next try is double the one before it (1, 2, 4 … at most 30 s). Every table
        is told at once (the listeners only schedule their pushes: they never block).
        """
        self.retry_wait = min(self.retry_wait * 2, RETRY_MOST) if self.retry_wait else RETRY_FIRST
        self.retry_at = self.clock() + self.retry_wait
        why = {"room": self.room.name, "reason": exc.explanation, "seconds": self.retry_wait}
        if self.paused is None or self.paused.key == STORE_PAUSED:
            self.paused = RoomError(STORE_PAUSED, **why)
            self.notify()
        return RoomError(STORE_PAUSED, **why)

    def append(self, entry: JSON) -> None:
        """Append ``entry`` at the room's version (a store that says otherwise is damage; one not reached, a pause)."""
        try:
            self.room._append(entry)
        except RoomError as exc:
            if exc.key in DAMAGE:
                self.paused = exc
                raise RoomError("room.paused", room=self.room.name, reason=exc.explanation) from None
            if exc.key == "room.unreachable":
                raise self.unreachable(exc) from None
            raise

    def start_if_due(self) -> None:
        """Start a waiting room once every learner seat has been held (unless the instructor starts it)."""
        if self.room.started or self.paused is not None or self.start_mode != "when_seated" or self.waiting_for():
            return
        self.append({"seat": START_SEAT, "action": START})

    def play_bots(self) -> None:
        """Move every bot that is due: bot seats, away seats, free ones; a bot that fails pauses the room."""
        room = self.room
        for _ in range(MAX_BOT_MOVES):
            if self.paused is not None or not room.started:
                return
            state = room.state
            seat = state.to_act
            if state.is_done or seat is None or not self.seats[seat].bot_plays(self.clock()):
                return
            seen = room.version
            try:
                action = make_bot(room.bot_levels[seat], room.seed * 100_003 + room.version).choose(state).text
                self.append({"seat": seat, "action": action})
            except RoomError as exc:
                if exc.key == "room.moved_first" and room.version > seen:  # another writer: caught up, look again
                    continue
                if self.paused is None:
                    self.paused = RoomError("room.paused", room=room.name, reason=exc.explanation)
                return
            except (IllegalActionError, RecordError, ValueError, RuntimeError) as exc:
                self.paused = RoomError("room.paused", room=room.name, reason=_reason(exc))
                return

    def notify(self) -> None:
        """Wake the long-polls and tell the listeners (followers push the new frames)."""
        with self.changed:
            self.changed.notify_all()
            listeners = list(self.listeners)
        for listener in listeners:
            listener(self.room.name)

    def frame(self, place: Seat, since: Any) -> JSON:
        """The seat's frame after version ``since`` (``reset`` if the log was rolled back since the seat looked)."""
        room = self.room
        since = since if type(since) is int and since >= 0 else 0
        reset = since > room.version or place.repairs_seen != self.repairs
        place.repairs_seen = self.repairs
        now = self.clock()
        seen: int | None = None
        if not reset and self.retry_at is None:  # no store call while it cannot be reached
            try:
                seen = self.since_history(since)
            except RoomError:  # the store cannot be read now (the room is paused, or the next call says why)
                seen = None
        return frame_of(
            room.state, place.seat, room=room.name, version=room.version, deal=len(room.match.deals),
            since_history=seen, status=self.state_name(),
            seats=[{"seat": s.seat, "status": s.status(now)} for s in self.seats],
            paused=None if self.paused is None else self.paused.explanation, match=room.match, reset=reset,
        )

    def since_history(self, since: int) -> int:
        """How much of the current deal's history a seat had seen at version ``since``."""
        room = self.room
        history = len(room.state.history)
        if since >= room.version:
            return history
        if room.version - since > history + 2:
            return 0
        newer = 0
        for _, entry in room.store.moves(room.name, since):
            action = entry.get("action")
            if action == NEXT_DEAL:
                newer = 0
            elif action != START:
                newer += 1
        return max(history - newer, 0)


def _reason(exc: Exception) -> Any:
    """What went wrong, as an explanation to render in the reader's language (or the plain text)."""
    return getattr(exc, "explanation", None) or echo(str(exc), 200)
