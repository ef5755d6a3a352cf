"""``RoomService``: the one authority over rooms — their deals, logs, seats and credentials (no HTTP).

The service holds each room's ``Room`` (the store's engine, as in direct mode) and is its only
writer: a learner's kernel holds a credential for one seat of one room and sends actions; the
service checks each with the engine, appends it, and plays the bots. Only a credential's SHA-256
is kept (in memory and in the store's seat record, beside the user it is bound to). The clock is
injected (``clock``) so heartbeats can be tested without waiting.

Each room is a ``Table`` (``table.py``) with one lock, its actor: every change to a room — an
action, a bot's move, a start, a repair — happens under it, so the log has one writer. A log that
stops replaying pauses the room: every frame says why, until the instructor's ``repair``.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardwidgets.analysis.coach import hint_decision
from cardwidgets.analysis.solver import Unfinished
from cardwidgets.core.errors import echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import record_of
from cardwidgets.service.seats import CALLS_PER_SECOND, HEARTBEAT, KERNEL_AWAY, Seat, digest
from cardwidgets.service.table import DAMAGE, START_MODES, Table
from cardwidgets.service.wire import PROTOCOLS, explanation_json
from cardwidgets.store import STORE_ENV, SQLiteStore, Store, open_store
from cardwidgets.store.base import Holder, RoomError, check_room_name, redact, this_process
from cardwidgets.store.room import NEXT_DEAL, START, START_SEAT, _meta

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
#: The store's lease: a seat record of a name no room can have, held by the service's process.
LEASE_ROOM = ":service"
LEASE_TOKEN = "cardwidgets-room-service"
#: The most CPU time one Hint may take on the service (seconds of its worker thread's time).
HINT_SECONDS = 2
#: A claim's key travels only as its SHA-256, hex.
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
        try:
            self._lease = take_lease(self.store)
        except RoomError:
            if self._own_store:
                self.store.close()
            raise
        self.clock = clock
        #: The clock of the calls-per-second bound (a real one: it measures bursts, not heartbeats).
        self.rate_clock: Callable[[], float] = time.monotonic
        #: The clock of the Hint's deadline: the CPU time of the thread that works it out.
        self.hint_clock: Callable[[], float] = time.thread_time
        self.instructors = frozenset(instructors)
        self._lock = threading.Lock()
        self._tables: dict[str, Table] = {}
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
            table.check()
            return table.public()

    # ----- the seat handshake ---------------------------------------------------------------------
    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 (unauthenticated): a claim id for ``seat`` redeemable with the key whose SHA-256 is ``key_hash``."""
        table = self._table(room)
        place = table.seat(seat)
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
        table.notify()
        return reply

    def hub_claim(self, room: str, seat: int, *, user: str, name: str | None = None) -> JSON:
        """The Hub's one step: ``user`` (named by its Hub token) gets the seat's credential."""
        table = self._table(room)
        with table.lock:
            place = table.seat(seat)
            if not place.learner:
                raise RoomError("room.not_learner_seat", seat=seat, room=table.room.name)
            self._may_bind(table, place, user, take_over=True)
            reply = self._issue(table, place, user, name, has_page=False, pid=None)
        table.notify()
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

    def _may_bind(self, table: Table, place: Seat, user: str, take_over: bool) -> None:
        """Refuse ``user`` the seat unless it is free or theirs (and, unless ``take_over``, not played elsewhere)."""
        name = table.room.name
        if not place.learner:
            raise RoomError("room.not_learner_seat", seat=place.seat, room=name)
        if place.user is not None and place.user != user:
            raise RoomError("room.seat_taken", seat=place.seat, room=name)
        if place.user == user and not take_over and place.status(self.clock()) == "held":
            raise RoomError("room.other_tab", seat=place.seat, room=name)

    def _issue(self, table: Table, place: Seat, user: str, name: str | None, *, has_page: bool,
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
        table.start_if_due()
        table.play_bots()
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

    def _holder(self, room: str, credential: Any, seat: Any = None, *, counted: bool = True) -> tuple[Table, Seat]:
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
            table.check()
            return table.frame(place, since)

    def pushed_frame(self, room: str, credential: str, since: int) -> JSON:
        """The frame the service pushes to the seat's follower (not counted as the seat's call)."""
        table, place = self._holder(room, credential, counted=False)
        with table.lock:
            return table.frame(place, since)

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
                raise MovedFirstError(table.frame(place, expected))
            entry = {"seat": place.seat, "action": room_._checked(place.seat, action)}
            table.append(entry)
            reply = {"version": room_.version, "frame": table.frame(place, expected)}
            place.remember(action_id, reply)
            table.play_bots()
        table.notify()
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
                table.append({"seat": place.seat, "action": NEXT_DEAL})
                table.play_bots()
            reply = {"version": room_.version, "frame": table.frame(place, since)}
            place.remember(action_id, reply)
        table.notify()
        return reply

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """``{"decision": {"action", "why"}}`` for ``seat``, from its knowledge only (one at a time per seat).

        The single table's Hint (the judge seeds its sampled deals from the seat's view), with a deadline
        of ``HINT_SECONDS`` of CPU: past it the answer is ``room.hint_slow``, in words.
        """
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
        end = self.hint_clock() + HINT_SECONDS  # worked out outside the room's lock: the other seats play on
        try:
            decision = hint_decision(position, place.seat, stop=lambda: self.hint_clock() > end)
        except Unfinished:
            raise RoomError("room.hint_slow", seconds=HINT_SECONDS) from None
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
            table.play_bots()
        table.notify()

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat of the seat's kernel (``page``: its page spoke too); an away learner is back."""
        table, place = self._holder(room, credential, seat)
        with table.lock:
            was = place.status(self.clock())
            self._heard(place, page=page)
            back = was == "away" and place.status(self.clock()) == "held"
        if back:
            table.notify()

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """The seat's frame once the log passes ``since``, or after ``timeout`` seconds (at most 30)."""
        table, place = self._holder(room, credential)
        if type(since) is not int:
            raise _bad_field("since")
        limit = min(max(float(timeout), 0.0), MAX_WAIT) if isinstance(timeout, (int, float)) else 0.0
        end = time.monotonic() + limit
        with table.changed:
            table.check()
            while table.room.version <= since and table.paused is None and (left := end - time.monotonic()) > 0:
                table.changed.wait(left)
            return table.frame(place, since)

    def _heard(self, place: Seat, *, page: bool = False) -> None:
        now = self.clock()
        place.kernel_seen = now
        place.left = False
        if page:
            place.page_seen = now

    def _ready(self, table: Table, place: Seat) -> None:
        """Check the log, hear the kernel, start the room if it may; refused while paused or waiting."""
        self._heard(place)
        table.check()
        if table.paused is not None:  # the reason says the room is paused and what the instructor can do
            raise RoomError(table.paused.key, **table.paused.explanation.params)
        table.start_if_due()
        if not table.room.started:
            raise RoomError("room.waiting_start", room=table.room.name,
                            seats=", ".join(str(s) for s in table.waiting_for()))

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
            return table.public()

    def full(self, room: str, *, admin: bool = False) -> JSON:
        """The whole room: every hand, the seed, the seats' users and kernels' pids (the instructor's)."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            table.check()
            room_, now = table.room, self.clock()
            seats = []
            for place in table.seats:
                data = place.public(now)
                data.update({"user_id": place.user, "pid": place.pid,
                             "kernel_quiet": None if place.kernel_seen is None else now - place.kernel_seen,
                             "page_quiet": None if place.page_seen is None else now - place.page_seen})
                seats.append(data)
            return {**table.public(), "seed": room_.seed, "bots": list(room_.bot_levels),
                    "view": room_.state.view(None), "record": record_of(room_.state).to_json(),
                    "finished": [r.to_json() for r in room_.records()],
                    "paused": None if table.paused is None else explanation_json(table.paused.explanation),
                    "seats": seats}

    def start(self, room: str, *, admin: bool = False) -> bool:
        """Start a waiting room; whether this call started it."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            table.check()
            if table.room.started or table.paused is not None:
                return False
            table.append({"seat": START_SEAT, "action": START})
            table.play_bots()
        table.notify()
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
            table.play_bots()
        table.notify()
        return version

    def release(self, room: str, seat: int, *, to_bot: bool = True, admin: bool = False) -> None:
        """Free ``seat`` from its user; a bot plays it until a learner takes it (``to_bot=False``: nobody does)."""
        _instructor(admin)
        table = self._table(room)
        with table.lock:
            place = table.seat(seat)
            if place.user is not None:
                self.store.release_seat(table.room.name, place.seat, place.user)
            with self._lock:
                if place.credential is not None:
                    self._credentials.pop(place.credential, None)
                    self._revoke(place.credential, RoomError("room.released", seat=place.seat, room=table.room.name))
            place.unbind()
            place.held_for_learner = not to_bot
            table.play_bots()
        table.notify()

    # ----- the service's own work -----------------------------------------------------------------
    def tick(self) -> None:
        """The periodic work: claims lapse, logs are checked, seats gone quiet become away and their bots play.

        A store that cannot be reached is asked again only once its wait is over (``Table.check``).
        """
        with self._lock:
            self._lapse_claims(self.clock())
            tables = list(self._tables.values())
        for table in tables:
            with table.lock:
                before = (table.room.version, table.paused, tuple(s.status(self.clock()) for s in table.seats))
                with contextlib.suppress(RoomError):  # the store cannot be reached: the room pauses (``check``)
                    table.check()
                    table.start_if_due()
                    table.play_bots()
                after = (table.room.version, table.paused, tuple(s.status(self.clock()) for s in table.seats))
            if after != before:
                table.notify()

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
        """Give the store's lease back and let go of the store (if the service opened it)."""
        if self._lease:
            self._lease = False
            with contextlib.suppress(RoomError):  # a store gone or replaced holds no lease of ours
                self.store.release_seat(LEASE_ROOM, 0, LEASE_TOKEN)
        if self._own_store:
            self.store.close()

    # ----- the rooms -----------------------------------------------------------------------------
    def _table(self, room: Any) -> Table:
        """The open room named ``room`` (opened from the store on first use; ``room.no_room`` if there is none)."""
        name = check_room_name(room)
        with self._lock:
            found = self._tables.get(name)
        if found is not None:
            return found
        table = Table.open(name, self.store, self.clock)
        with self._lock:
            found = self._tables.setdefault(name, table)
            if found is table:
                for place in table.seats:
                    if place.credential is not None:
                        self._credentials[place.credential] = (name, place.seat)
        return found


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


def take_lease(store: Store) -> bool:
    """Hold ``store``'s lease for this process, if the store is a SQLite file; whether one was taken.

    One store has one service: a second service on the same SQLite file while the first one's
    process runs is refused (``room.service_busy``); a lease whose process has ended is taken over.
    A Redis store is shared across machines, where a process cannot be seen to have ended: there it
    is the deployment's part to run one service.
    """
    if not isinstance(store, SQLiteStore):
        return False
    if store.claim_seat(LEASE_ROOM, 0, Holder(LEASE_TOKEN, this_process())):
        return True
    holder = store.seats(LEASE_ROOM).get(0)
    raise RoomError("room.service_busy", process=holder.process if holder else "?", store=redact(store.address),
                    variable=STORE_ENV)


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardwidgets")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0"
