"""``RoomService``: the one authority over rooms — their deals, logs, seats and credentials (no HTTP).

The service holds each room's ``Room`` (the store's engine, as in direct mode) and is its only
writer: a learner's kernel holds a credential for one seat of one room and sends actions; the
service checks each with the engine, appends it, and plays the bots. Only a credential's SHA-256
is kept (in memory and in the store's seat record, beside the user it is bound to). The clock is
injected (``clock``) so heartbeats can be tested without waiting.

Each room has one lock (its actor): every change to a room — an action, a bot's move, a start, a
repair — happens under it, so the log has one writer. A log that stops replaying (a gap, a lost
tail, an entry that does not replay, a store file replaced) pauses the room: every frame says
why, until the instructor's ``repair``.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.bots import make_bot
from cardwidgets.bots.hint import hint_decision
from cardwidgets.core.errors import IllegalActionError, RecordError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import record_of
from cardwidgets.service.frame import frame_of
from cardwidgets.service.seats import CALLS_PER_SECOND, HEARTBEAT, KERNEL_AWAY, Seat, digest, seat_from_store
from cardwidgets.service.wire import PROTOCOLS, explanation_json
from cardwidgets.store import Store, open_store
from cardwidgets.store.base import RoomError, check_room_name
from cardwidgets.store.room import NEXT_DEAL, START, START_SEAT, Room, _meta

#: JSON data as it crosses the wire.
JSON = dict[str, Any]
#: How long a claim may wait for its page and its kernel (seconds); it is used once.
CLAIM_SECONDS = 60
#: The longest action text, and the longest action id.
MAX_ACTION = 200
MAX_ID = 100
#: The longest a long-poll waits (seconds).
MAX_WAIT = 30.0
#: How many claims may wait at once (older ones lapse first), and how many revoked digests are remembered.
MAX_CLAIMS = 2_000
MAX_REVOKED = 10_000
#: How many bot moves one call makes at most (a deal is far shorter; this bounds a runaway).
MAX_BOT_MOVES = 2_000
#: How a room may start: once every learner seat was held, or only when the instructor says.
START_MODES = ("when_seated", "instructor")
#: The store's errors that mean the log or its file is not what the room wrote: the room pauses.
DAMAGE = frozenset({"room.bad_log", "room.store_gone", "room.store_replaced", "room.store_emptied",
                    "room.damaged_store"})
KEY_HASH = re.compile(r"[0-9a-f]{64}")


class MovedFirstError(RoomError):
    """``room.moved_first``, with the seat's fresh frame (the kernel shows it and lets the learner choose again)."""

    def __init__(self, frame: JSON) -> None:
        super().__init__("room.moved_first")
        self.frame = frame


@dataclass
class _Claim:
    room: str
    seat: int
    key_hash: str
    expires: float
    user: str | None = None
    name: str | None = None


@dataclass
class _Table:
    """One open room: its engine, its seats, its lock, who listens for its changes."""

    room: Room
    seats: list[Seat]
    start_mode: str
    lock: threading.RLock = field(default_factory=threading.RLock)
    changed: threading.Condition = field(init=False)
    paused: RoomError | None = None
    repairs: int = 0
    listeners: list[Callable[[str], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)


class RoomService:
    """Every room of one store, kept by one process (``docs/classroom.md``, "The room service").

    ``store``: an address or a ``Store`` (default: ``CARDWIDGETS_STORE``, else SQLite in the data
    directory); ``clock``: seconds, monotonic (heartbeats, claims); ``instructors``: users who may
    make the instructor's calls without the admin key (the Hub's instructors).
    """

    def __init__(
        self, store: str | Store | None = None, *, clock: Callable[[], float] = time.monotonic,
        instructors: Iterable[str] = (),
    ) -> None:
        self.store = open_store(store)
        self._own_store = not isinstance(store, Store)
        self.clock = clock
        #: The clock of the calls-per-second bound (a real one: it measures bursts, not heartbeats).
        self.rate_clock: Callable[[], float] = time.monotonic
        self.instructors = frozenset(instructors)
        self._lock = threading.Lock()
        self._tables: dict[str, _Table] = {}
        self._claims: OrderedDict[str, _Claim] = OrderedDict()
        self._credentials: dict[str, tuple[str, int]] = {}  # digest -> (room, seat)
        self._revoked: OrderedDict[str, RoomError] = OrderedDict()  # digest -> why it ended

    # ----- public facts ---------------------------------------------------------------------------
    def info(self) -> JSON:
        """``{"service": "cardwidgets-rooms", "protocol": [1], "package": …}``."""
        return {"service": "cardwidgets-rooms", "protocol": list(PROTOCOLS), "package": _package_version()}

    def room_info(self, room: str) -> JSON:
        """The room's public settings and seats (no seed, no user ids)."""
        table = self._table(room)
        with table.lock:
            self._check(table)
            return self._public(table)

    def _public(self, table: _Table) -> JSON:
        room, now = table.room, self.clock()
        return {"room": room.name, "game": room.game.name, "rules": dict(room.meta["rules"]),
                "version": room.version, "deal": len(room.match.deals), "state": _state(table),
                "learners": [s.seat for s in table.seats if s.learner], "start": table.start_mode,
                "waiting_for": self._waiting_for(table), "seats": [s.public(now) for s in table.seats]}

    # ----- the seat handshake ---------------------------------------------------------------------
    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 (unauthenticated): a claim id for ``seat`` redeemable with the key whose SHA-256 is ``key_hash``."""
        table = self._table(room)
        place = self._seat(table, seat)
        if not place.learner:
            raise RoomError("room.not_learner_seat", seat=seat, room=table.room.name)
        if not (isinstance(key_hash, str) and KEY_HASH.fullmatch(key_hash)):
            raise _bad_field("key_hash")
        claim = "c_" + secrets.token_urlsafe(16)
        now = self.clock()
        with self._lock:
            self._lapse_claims(now)
            self._claims[claim] = _Claim(table.room.name, seat, key_hash, now + CLAIM_SECONDS)
            while len(self._claims) > MAX_CLAIMS:
                self._claims.popitem(last=False)
        return {"claim": claim, "expires_in": CLAIM_SECONDS}

    def confirm(self, claim: str, *, user: str, name: str | None = None, take_over: bool = False) -> JSON:
        """Step 2 (the page, as ``user``): bind the claim to ``user`` if the seat is free or already theirs.

        A seat bound to another user is ``room.seat_taken``; one of this user's that another kernel
        plays now (heard within ``KERNEL_AWAY`` seconds) is ``room.other_tab`` unless ``take_over``.
        """
        found = self._live_claim(claim)
        if found.user is not None and found.user != user:
            raise RoomError("room.claim_expired")
        table = self._table(found.room)
        with table.lock:
            place = table.seats[found.seat]
            self._may_bind(table, place, user, take_over)
            with self._lock:  # another user's page confirmed this seat a moment ago: its kernel is redeeming
                rival = any(c.room == found.room and c.seat == found.seat and c.user not in (None, user)
                            for c in self._claims.values())
                if rival:
                    raise RoomError("room.seat_taken", seat=found.seat, room=found.room)
                found.user, found.name = user, name
        return {"room": found.room, "seat": found.seat, "user": name or user}

    def redeem(self, claim: str, key: str, *, pid: int | None = None) -> JSON:
        """Step 3 (the kernel): the seat's credential, once; it revokes the seat's previous one."""
        found = self._live_claim(claim)
        if not isinstance(key, str) or digest(key) != found.key_hash or found.user is None:
            raise RoomError("room.claim_expired")  # a wrong key or an unconfirmed claim: no more is said
        with self._lock:
            self._claims.pop(claim, None)  # used once, whatever follows
        table = self._table(found.room)
        with table.lock:
            place = table.seats[found.seat]
            self._may_bind(table, place, found.user, take_over=True)  # the seat may have changed since the page
            reply = self._issue(table, place, found.user, found.name, has_page=True, pid=pid)
        self._changed(table)
        return reply

    def hub_claim(self, room: str, seat: int, *, user: str, name: str | None = None) -> JSON:
        """The Hub's one step: ``user`` (named by its Hub token) gets the seat's credential."""
        table = self._table(room)
        with table.lock:
            place = self._seat(table, seat)
            if not place.learner:
                raise RoomError("room.not_learner_seat", seat=seat, room=table.room.name)
            self._may_bind(table, place, user, take_over=True)
            reply = self._issue(table, place, user, name, has_page=False, pid=None)
        self._changed(table)
        return reply

    def _live_claim(self, claim: Any) -> _Claim:
        with self._lock:
            self._lapse_claims(self.clock())
            found = self._claims.get(claim) if isinstance(claim, str) else None
        if found is None:
            raise RoomError("room.claim_expired")
        return found

    def _lapse_claims(self, now: float) -> None:
        for claim in [c for c, found in self._claims.items() if found.expires <= now]:
            del self._claims[claim]

    def _may_bind(self, table: _Table, place: Seat, user: str, take_over: bool) -> None:
        """Refuse ``user`` the seat unless it is free or theirs (and, unless ``take_over``, not played elsewhere)."""
        name = table.room.name
        if not place.learner:
            raise RoomError("room.not_learner_seat", seat=place.seat, room=name)
        if place.user is not None and place.user != user:
            raise RoomError("room.seat_taken", seat=place.seat, room=name)
        if place.user == user and not take_over and place.status(self.clock()) == "held":
            raise RoomError("room.other_tab", seat=place.seat, room=name)

    def _issue(self, table: _Table, place: Seat, user: str, name: str | None, *, has_page: bool,
               pid: int | None) -> JSON:
        """Bind the seat to ``user`` with a new credential (the old one is revoked); the redeem reply."""
        credential = secrets.token_urlsafe(32)
        old = place.credential
        previous = (place.user, place.name, place.credential)
        place.bind(user, name)
        place.credential = digest(credential)
        try:
            self.store.release_seat(table.room.name, place.seat, previous[0] or user)
            if not self.store.claim_seat(table.room.name, place.seat, place.holder()):
                raise RoomError("room.seat_taken", seat=place.seat, room=table.room.name)
        except RoomError:
            place.user, place.name, place.credential = previous
            raise
        now = self.clock()
        place.kernel_seen = place.page_seen = now
        place.has_page, place.left, place.pid = has_page, False, pid if type(pid) is int else None
        place.calls.clear()
        place.repairs_seen = table.repairs
        with self._lock:
            if old is not None:
                self._credentials.pop(old, None)
                self._revoke(old, RoomError("room.taken_over", seat=place.seat, room=table.room.name))
            self._credentials[place.credential] = (table.room.name, place.seat)
        self._start_if_due(table)
        self._play_bots(table)
        return {"credential": credential, "room": table.room.name, "seat": place.seat, "user": name or user,
                "heartbeat": HEARTBEAT, "away_after": int(KERNEL_AWAY)}

    def _revoke(self, credential: str, why: RoomError) -> None:
        self._revoked[credential] = why
        while len(self._revoked) > MAX_REVOKED:
            self._revoked.popitem(last=False)

    # ----- a seat's calls (checked by credential) -------------------------------------------------
    def seat_of(self, room: str, credential: str) -> int:
        """The seat ``credential`` holds in ``room`` (``room.bad_credential`` if none)."""
        return self._holder(room, credential)[1].seat

    def _holder(self, room: str, credential: Any, seat: Any = None, *, counted: bool = True) -> tuple[_Table, Seat]:
        """The table and seat ``credential`` holds; refused unless it holds ``seat`` (when given) of ``room``.

        Each call counts against the credential's calls a second (``counted``: the service's own
        pushes to a follower do not).
        """
        name = check_room_name(room)
        table = self._table(name)  # opening a room reads its seats' digests from the store
        key = digest(credential) if isinstance(credential, str) else ""
        with self._lock:
            held = self._credentials.get(key)
            revoked = self._revoked.get(key)
        if held is None or held[0] != name:
            if revoked is not None and held is None:
                raise revoked
            raise RoomError("room.bad_credential", seat=echo(seat if seat is not None else ""), room=name)
        place = table.seats[held[1]]
        if seat is not None and seat != place.seat:
            raise RoomError("room.not_your_seat", seat=echo(seat), room=name)
        if counted and place.too_fast(self.rate_clock()):
            raise RoomError("room.too_fast", limit=CALLS_PER_SECOND)
        return table, place

    def frame(self, room: str, credential: str, since: int = 0) -> JSON:
        """The seat's frame, with the public moves after version ``since``."""
        table, place = self._holder(room, credential)
        with table.lock:
            self._check(table)
            return self._frame(table, place, since)

    def pushed_frame(self, room: str, credential: str, since: int) -> JSON:
        """The frame the service pushes to the seat's follower (not counted as the seat's call)."""
        table, place = self._holder(room, credential, counted=False)
        with table.lock:
            return self._frame(table, place, since)

    def act(self, room: str, credential: str, seat: int, expected: int, action: str, action_id: str) -> JSON:  # noqa: PLR0917 (the wire's fields)
        """Play ``action`` for ``seat`` at version ``expected``: ``{"version", "frame"}`` (a retried id: one reply)."""
        table, place = self._holder(room, credential, seat)
        if not (isinstance(action, str) and 0 < len(action) <= MAX_ACTION):
            raise RoomError("room.bad_action", limit=MAX_ACTION)
        _check_id(action_id)
        if type(expected) is not int:
            raise _bad_field("expected")
        with table.lock:
            if action_id in place.replies:
                return dict(place.replies[action_id])
            self._ready(table, place)
            room_ = table.room
            if expected != room_.version:
                raise MovedFirstError(self._frame(table, place, expected))
            entry = {"seat": place.seat, "action": room_._checked(place.seat, action)}
            self._append(table, entry)
            reply = {"version": room_.version, "frame": self._frame(table, place, expected)}
            place.remember(action_id, reply)
            self._play_bots(table)
        self._changed(table)
        return reply

    def next_deal(self, room: str, credential: str, seat: int, after_deal: int, action_id: str) -> JSON:
        """Start the deal after deal ``after_deal`` (nothing to do if another seat did): ``{"version", "frame"}``."""
        table, place = self._holder(room, credential, seat)
        _check_id(action_id)
        if type(after_deal) is not int:
            raise _bad_field("after_deal")
        with table.lock:
            if action_id in place.replies:
                return dict(place.replies[action_id])
            self._ready(table, place)
            room_, since = table.room, table.room.version
            if len(room_.match.deals) <= after_deal:
                room_._check_next()
                self._append(table, {"seat": place.seat, "action": NEXT_DEAL})
                self._play_bots(table)
            reply = {"version": room_.version, "frame": self._frame(table, place, since)}
            place.remember(action_id, reply)
        self._changed(table)
        return reply

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """``{"decision": {"action", "why"}}`` for ``seat``, from its knowledge only (one at a time per seat)."""
        table, place = self._holder(room, credential, seat)
        with table.lock:
            self._ready(table, place)
            state = table.room.state
            if state.is_done or state.to_act != place.seat:
                raise RoomError("room.not_your_turn", to_act=state.to_act, seat=place.seat)
            if place.hinting:
                raise RoomError("room.too_fast", limit=CALLS_PER_SECOND)
            place.hinting = True
            position = state.clone()
        try:
            decision = hint_decision(position, place.seat)
        finally:
            place.hinting = False
        return {"decision": {"action": decision.action.text, "why": explanation_json(decision.reason)}}

    def leave(self, room: str, credential: str, seat: int) -> None:
        """The seat's kernel leaves: a bot plays it (it stays bound to its user); the credential ends."""
        table, place = self._holder(room, credential, seat)
        with table.lock:
            place.left = True
            with self._lock:
                if place.credential is not None:
                    self._credentials.pop(place.credential, None)
            place.credential = None
            self._play_bots(table)
        self._changed(table)

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat of the seat's kernel (``page``: its page spoke too); an away learner is back."""
        table, place = self._holder(room, credential, seat)
        with table.lock:
            was = place.status(self.clock())
            self._heard(place, page=page)
            back = was == "away" and place.status(self.clock()) == "held"
        if back:
            self._changed(table)

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """The seat's frame once the log passes ``since``, or after ``timeout`` seconds (at most 30)."""
        table, place = self._holder(room, credential)
        if type(since) is not int:
            raise _bad_field("since")
        limit = min(max(float(timeout), 0.0), MAX_WAIT) if isinstance(timeout, (int, float)) else 0.0
        end = time.monotonic() + limit
        with table.changed:
            self._check(table)
            while table.room.version <= since and table.paused is None and (left := end - time.monotonic()) > 0:
                table.changed.wait(left)
            return self._frame(table, place, since)

    def _heard(self, place: Seat, *, page: bool = False) -> None:
        now = self.clock()
        place.kernel_seen = now
        place.left = False
        if page:
            place.page_seen = now

    def _ready(self, table: _Table, place: Seat) -> None:
        """Check the log, hear the kernel, start the room if it may; refused while paused or waiting."""
        self._heard(place)
        self._check(table)
        if table.paused is not None:  # the reason says the room is paused and what the instructor can do
            raise RoomError(table.paused.key, **table.paused.explanation.params)
        self._start_if_due(table)
        if not table.room.started:
            raise RoomError("room.waiting_start", room=table.room.name,
                            seats=", ".join(str(s) for s in self._waiting_for(table)))

    # ----- the instructor's calls -----------------------------------------------------------------
    def create_room(
        self, room: str, game: str, *, rules: dict[str, Any] | None = None, bots: str | list[str] = "heuristic",
        seed: int | None = None, learners: Iterable[int] | None = None, start: str = "when_seated",
        admin: bool = False,
    ) -> JSON:
        """Create ``room`` (or give it as it is: the first opener's settings stand); its public settings.

        Anyone may open a room of ``game`` with a random seed and every seat a learner's (a
        learner's ``Table(game, room=…)``); only the instructor chooses the seed (which fixes the
        deals) or the learner seats.
        """
        name = check_room_name(room)
        if not admin and (seed is not None or learners is not None or start != "when_seated"):
            raise RoomError("room.seed_admin")
        if start not in START_MODES:
            raise RoomError("room.bad_settings", room=name, reason=echo(start))
        if not isinstance(game, str):
            raise RoomError("room.bad_settings", room=name, reason=echo(game))
        seats = None if learners is None else _seat_list(learners)
        meta = _meta(name, game, rules, bots, seed, learner_seats=seats)
        meta["start"] = start
        with self._lock:
            existing = self._tables.get(name)
        if existing is None:
            stored = self.store.create_room(name, meta)
            if stored.get("game") != meta["game"]:
                raise RoomError("room.other_game", room=name, game=echo(stored.get("game")), asked=echo(game))
        table = self._table(name)
        if table.room.game.name != meta["game"]:
            raise RoomError("room.other_game", room=name, game=table.room.game.name, asked=echo(game))
        with table.lock:
            return self._public(table)

    def full(self, room: str, *, admin: bool = False) -> JSON:
        """The whole room: every hand, the seed, the seats' users and kernels' pids (the instructor's)."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            self._check(table)
            room_, now = table.room, self.clock()
            seats = []
            for place in table.seats:
                data = place.public(now)
                data.update({"user_id": place.user, "pid": place.pid,
                             "kernel_quiet": None if place.kernel_seen is None else now - place.kernel_seen,
                             "page_quiet": None if place.page_seen is None else now - place.page_seen})
                seats.append(data)
            return {**self._public(table), "seed": room_.seed, "bots": list(room_.bot_levels),
                    "view": room_.state.view(None), "record": record_of(room_.state).to_json(),
                    "finished": [r.to_json() for r in room_.records()],
                    "paused": None if table.paused is None else explanation_json(table.paused.explanation),
                    "seats": seats}

    def start(self, room: str, *, admin: bool = False) -> bool:
        """Start a waiting room; whether this call started it."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            self._check(table)
            if table.room.started or table.paused is not None:
                return False
            self._append(table, {"seat": START_SEAT, "action": START})
            self._play_bots(table)
        self._changed(table)
        return True

    def repair(self, room: str, to: int | None = None, *, admin: bool = False) -> int:
        """Roll the log back to its last good move (or to move ``to``); the move it stands at now.

        Every seat's next frame says ``reset``; the bots then play on from there.
        """
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            room_ = table.room
            if to is None:
                version = room_.repair()
            else:
                if type(to) is not int or not 0 <= to <= self.store.version(room_.name):
                    raise _bad_field("to")
                self.store.truncate(room_.name, to)
                try:
                    room_.reload()
                except RoomError as exc:
                    if exc.key not in DAMAGE:
                        raise
                    table.paused = exc
                    table.repairs += 1
                    return room_.version
                version = room_.version
            table.paused = None
            table.repairs += 1
            self._play_bots(table)
        self._changed(table)
        return version

    def release(self, room: str, seat: int, *, to_bot: bool = True, admin: bool = False) -> None:
        """Free ``seat`` from its user; a bot plays it until a learner takes it (``to_bot=False``: nobody does)."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            place = self._seat(table, seat)
            if place.user is not None:
                self.store.release_seat(table.room.name, place.seat, place.user)
            with self._lock:
                if place.credential is not None:
                    self._credentials.pop(place.credential, None)
                    self._revoke(place.credential, RoomError("room.released", seat=place.seat, room=table.room.name))
            place.unbind()
            place.held_for_learner = not to_bot
            self._play_bots(table)
        self._changed(table)

    # ----- the service's own work -----------------------------------------------------------------
    def tick(self) -> None:
        """The periodic work: claims lapse, logs are checked, seats gone quiet become away and their bots play."""
        with self._lock:
            self._lapse_claims(self.clock())
            tables = list(self._tables.values())
        for table in tables:
            with table.lock:
                before = (table.room.version, table.paused, tuple(s.status(self.clock()) for s in table.seats))
                try:
                    self._check(table)
                    self._start_if_due(table)
                    self._play_bots(table)
                except RoomError:  # the store cannot be reached now: the next tick tries again
                    continue
                after = (table.room.version, table.paused, tuple(s.status(self.clock()) for s in table.seats))
            if after != before:
                self._changed(table)

    def add_listener(self, room: str, listener: Callable[[str], None]) -> None:
        """Call ``listener(room)`` (from any thread) whenever the room changes."""
        table = self._table(room)
        with table.lock:
            table.listeners.append(listener)

    def remove_listener(self, room: str, listener: Callable[[str], None]) -> None:
        """Stop calling ``listener``."""
        table = self._table(room)
        with table.lock:
            if listener in table.listeners:
                table.listeners.remove(listener)

    def close(self) -> None:
        """Let go of the store (if the service opened it)."""
        if self._own_store:
            self.store.close()

    # ----- inside the actor -----------------------------------------------------------------------
    def _table(self, room: Any) -> _Table:
        """The open room named ``room`` (opened from the store on first use; ``room.no_room`` if there is none)."""
        name = check_room_name(room)
        with self._lock:
            found = self._tables.get(name)
        if found is not None:
            return found
        opened = Room(name, store=self.store, strict=False)
        learners = set(opened.learner_seats)
        everyone = not learners
        seats = [Seat(s, everyone or s in learners) for s in range(opened.game.num_players)]
        for number, holder in self.store.seats(name).items():
            if 0 <= number < len(seats):
                seats[number] = seat_from_store(number, seats[number].learner, holder)
        mode = opened.meta.get("start")
        table = _Table(opened, seats, mode if mode in START_MODES else "when_seated")
        if opened.damage is not None:
            table.paused = opened.damage
        with self._lock:
            found = self._tables.setdefault(name, table)
            if found is table:
                for place in seats:
                    if place.credential is not None:
                        self._credentials[place.credential] = (name, place.seat)
        return found

    def _seat(self, table: _Table, seat: Any) -> Seat:
        players = len(table.seats)
        if not (type(seat) is int and 0 <= seat < players):
            raise RoomError("room.bad_seat", seat=echo(seat), game=table.room.game.name, last=players - 1)
        return table.seats[seat]

    def _check(self, table: _Table) -> None:
        """Catch up with the store and check the log (a damaged one pauses the room)."""
        if table.paused is not None and table.paused.key in DAMAGE:
            return
        try:
            table.room.sync()
        except RoomError as exc:
            if exc.key not in DAMAGE:
                raise
            table.paused = exc

    def _append(self, table: _Table, entry: JSON) -> None:
        """Append ``entry`` at the room's version (a store that says otherwise is damage: the room pauses)."""
        try:
            table.room._append(entry)
        except RoomError as exc:
            if exc.key in DAMAGE:
                table.paused = exc
                raise RoomError("room.paused", room=table.room.name, reason=exc.explanation) from None
            raise

    def _waiting_for(self, table: _Table) -> list[int]:
        if table.room.started:
            return []
        return [s.seat for s in table.seats if s.learner and s.user is None]

    def _start_if_due(self, table: _Table) -> None:
        """Start a waiting room once every learner seat has been held (unless the instructor starts it)."""
        room = table.room
        if room.started or table.paused is not None or table.start_mode != "when_seated" or self._waiting_for(table):
            return
        self._append(table, {"seat": START_SEAT, "action": START})

    def _play_bots(self, table: _Table) -> None:
        """Move every bot that is due: bot seats, away seats, free ones; a bot that fails pauses the room."""
        room = table.room
        for _ in range(MAX_BOT_MOVES):
            if table.paused is not None or not room.started:
                return
            state = room.state
            seat = state.to_act
            if state.is_done or seat is None or not table.seats[seat].bot_plays(self.clock()):
                return
            seen = room.version
            try:
                action = make_bot(room.bot_levels[seat], room.seed * 100_003 + room.version).choose(state).text
                self._append(table, {"seat": seat, "action": action})
            except RoomError as exc:
                if exc.key == "room.moved_first" and room.version > seen:  # another writer: caught up, look again
                    continue
                if table.paused is None:
                    table.paused = RoomError("room.paused", room=room.name, reason=exc.explanation)
                return
            except (IllegalActionError, RecordError, ValueError, RuntimeError) as exc:
                table.paused = RoomError("room.paused", room=room.name, reason=_reason(exc))
                return

    def _changed(self, table: _Table) -> None:
        """Wake the long-polls and tell the listeners (followers push the new frames)."""
        with table.changed:
            table.changed.notify_all()
            listeners = list(table.listeners)
        for listener in listeners:
            listener(table.room.name)

    def _frame(self, table: _Table, place: Seat, since: Any) -> JSON:
        """The seat's frame after version ``since`` (``reset`` if the log was rolled back since the seat looked)."""
        room = table.room
        since = since if type(since) is int and since >= 0 else 0
        reset = since > room.version or place.repairs_seen != table.repairs
        place.repairs_seen = table.repairs
        state = room.state
        now = self.clock()
        return frame_of(
            state, place.seat, room=room.name, version=room.version, deal=len(room.match.deals),
            since_history=None if reset else self._since_history(table, since), status=_state(table),
            seats=[{"seat": s.seat, "status": s.status(now)} for s in table.seats],
            paused=None if table.paused is None else table.paused.explanation, match=room.match, reset=reset,
        )

    def _since_history(self, table: _Table, since: int) -> int:
        """How much of the current deal's history the seat had seen at version ``since``."""
        room = table.room
        history = len(room.state.history)
        if since >= room.version:
            return history
        if room.version - since > history + 2:
            return 0
        newer = 0
        for _, entry in self.store.moves(room.name, since):
            action = entry.get("action")
            if action == NEXT_DEAL:
                newer = 0
            elif action != START:
                newer += 1
        return max(history - newer, 0)


def _state(table: _Table) -> str:
    if table.paused is not None:
        return "paused"
    return "playing" if table.room.started else "waiting"


def _instructor(admin: bool) -> None:
    if admin is not True:
        raise RoomError("room.not_instructor")


def _bad_field(name: str) -> RoomError:
    return RoomError("room.bad_request", what=Explanation("ROOM", "room.request_field", {"field": name}))


def _check_id(action_id: Any) -> None:
    if not (isinstance(action_id, str) and 0 < len(action_id) <= MAX_ID):
        raise _bad_field("id")


def _seat_list(seats: Iterable[int]) -> list[int]:
    try:
        return list(seats)
    except TypeError:
        raise RoomError("room.bad_learner_seats", seats=echo(seats), last="?") from None


def _reason(exc: Exception) -> Any:
    return getattr(exc, "explanation", None) or echo(str(exc), 200)


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardwidgets")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0"
