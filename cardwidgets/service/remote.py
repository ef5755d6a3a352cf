"""``RemoteRoom``: a learner's kernel's side of the room service (``docs/classroom.md``).

The kernel holds one seat's credential (in memory only) and the latest *seat frame* the service
sent; it never holds another seat's cards while a deal is played, nor the seed, nor the store's
address. ``state`` is a ``SeatView`` made from the frame. Moves go up as actions with an id (a
retried one is applied once) and the version they were chosen at; frames come down.

The seat is bound through the learner's page (the seat handshake): ``ask()`` makes a random key
and a claim whose id the page confirms in its user's name; ``redeem()`` then trades the claim and
the key for the credential. In JupyterHub ``join_hub()`` does it in one step with the Hub token.

``Follower`` keeps the frame fresh: a thread reads the service's WebSocket (``ServiceClient.follow``)
or long-polls ``wait``, sends the heartbeat every ``HEARTBEAT_SECONDS``, and hands each frame to a
callback (the table runs it on the kernel's event loop). It reconnects with backoff and says so
after ``FAILURES_SAID`` failures in a row; it never retries without a pause.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import sys
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.service.client import JSON, Follow, RoomConnection, ServiceClient
from cardwidgets.store.base import RoomError

#: Seconds between the kernel's heartbeats (the service counts a seat away after 20 s without one).
HEARTBEAT_SECONDS = 5.0
#: The longest pause between two tries of a follower that lost the service (doubling from ``FIRST_PAUSE``).
MAX_PAUSE = 5.0
FIRST_PAUSE = 0.2
#: Failures in a row after which the follower says so in the table's ``error``.
FAILURES_SAID = 3
#: The errors after which a call's reply may have been lost (the call may have been made): asked once more.
LOST_REPLY = ("room.service_timeout", "room.service_down")
#: Seconds a long-poll waits for a new frame.
WAIT_SECONDS = 20.0


@dataclass(frozen=True)
class TrickView:
    """One trick as a seat sees it: ``(seat or None, card)`` in play order, and who took it."""

    plays: tuple[tuple[int | None, str], ...]
    collector: int | None


@dataclass(frozen=True)
class SeatView:
    """What one seat knows of the deal in play: its own hand, the others' sizes, the public moves.

    ``hands`` has this seat's hand and None for every other; ``deal`` is the match's deal number and
    ``version`` the room log's. Made from the service's frame only (``from_frame``).
    """

    game: str
    seat: int
    phase: str
    to_act: int | None
    dealer: int
    hand: tuple[str, ...]
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    legal: tuple[str, ...]
    #: The contract once known, as the game names its parts (e.g. ``{"seat": 3, "bid": 95}``, or ``{"seat": 2}`` alone).
    contract: dict[str, int] | None
    trump: str | None
    points: tuple[int, ...] | None
    score: tuple[int, ...] | None
    deal: int
    version: int

    @property
    def is_done(self) -> bool:
        """Whether the deal is over."""
        return self.phase == "done"

    @classmethod
    def from_frame(cls, frame: Mapping[str, Any]) -> SeatView:
        """The view a frame carries; ``room.bad_reply`` if it is not a frame."""
        try:
            view = frame["view"]
            seat = _int(frame["seat"])
            contract = view["contract"]
            return cls(
                game=_str(view["game"]),
                seat=seat,
                phase=_str(view["phase"]),
                to_act=_int_or_none(view["to_act"]),
                dealer=_int(view["dealer"]),
                hand=_strs(frame["hand"]),
                hands=tuple(None if h is None else _strs(h) for h in view["hands"]),
                hand_sizes=tuple(_int(n) for n in view["hand_sizes"]),
                history=_strs(view["history"]),
                tricks=tuple(_trick(t) for t in view["tricks"]),
                legal=_strs(frame["legal"]),
                contract=None if contract is None else {_str(k): _int(v) for k, v in contract.items()},
                trump=None if view["trump"] is None else _str(view["trump"]),
                points=None if view["points"] is None else tuple(_int(p) for p in view["points"]),
                score=None if view["score"] is None else tuple(_int(p) for p in view["score"]),
                deal=_int(frame["deal"]),
                version=_int(frame["version"]),
            )
        except (KeyError, TypeError, ValueError):
            raise RoomError("room.bad_reply", what="frame") from None


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(value)
    return value


def _int_or_none(value: Any) -> int | None:
    return None if value is None else _int(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _strs(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise TypeError(values)
    return tuple(_str(v) for v in values)


def _trick(data: Any) -> TrickView:
    plays = tuple((_int_or_none(seat), _str(card)) for seat, card in data["plays"])
    return TrickView(plays, _int_or_none(data["collector"]))


def key_hash(key: str) -> str:
    """The SHA-256 (hex) of a claim's key: what the service keeps of it."""
    return hashlib.sha256(key.encode()).hexdigest()


class RemoteRoom:
    """One seat of a room kept by the room service, as this kernel holds it.

    ``frame`` is the latest frame the service sent (JSON data); ``state`` its ``SeatView``. Every call
    raises ``RoomError`` (or the engine's ``IllegalActionError`` for a refused move) in words; after a
    refusal the room takes the service's latest frame, so the table never shows its own guess.
    """

    def __init__(self, name: str, seat: int, connection: RoomConnection) -> None:
        self.name = name
        self.seat = seat
        self.connection = connection
        #: The claim id the page is asked to confirm (None once the seat is held, or before ``ask``).
        self.claim: str | None = None
        self._key: str | None = None
        self._credential: str | None = None
        #: The latest frame from the service ({} until the seat is held).
        self.frame: JSON = {}
        #: What the service said when the seat was bound: ``user``, ``heartbeat``, ``away_after``.
        self.binding: JSON = {}

    def __repr__(self) -> str:
        return f"RemoteRoom({self.name!r}, seat {self.seat}, {'held' if self.held else 'not held'})"

    # ----- the seat handshake ----------------------------------------------------------------------
    @property
    def held(self) -> bool:
        """Whether this kernel holds the seat (it has a credential the service gave)."""
        return self._credential is not None

    def ask(self) -> str:
        """Step 1: a new claim for the seat; its id, for the page to confirm in its user's name."""
        key = secrets.token_urlsafe(32)
        reply = self.connection.claim(self.name, self.seat, key_hash(key))
        claim = reply.get("claim")
        if not isinstance(claim, str):
            raise RoomError("room.bad_reply", what="claim")
        self.claim, self._key = claim, key
        return claim

    def redeem(self, claim: str) -> None:
        """Step 3, once the page confirmed ``claim``: the seat's credential, then its frame."""
        if claim != self.claim or self._key is None:
            raise RoomError("room.claim_expired")
        reply = self.connection.redeem(claim, self._key, pid=os.getpid())
        self.claim = self._key = None
        self._bound(reply)

    def join_hub(self) -> None:
        """The Hub's one step: this kernel's Hub token names its user, who gets the seat's credential."""
        self._bound(self.connection.hub_claim(self.name, self.seat))

    def _bound(self, reply: JSON) -> None:
        credential = reply.get("credential")
        if not isinstance(credential, str):
            raise RoomError("room.bad_reply", what="credential")
        self._credential = credential
        self.binding = {k: reply[k] for k in ("user", "heartbeat", "away_after") if k in reply}
        self.refresh(since=0)

    def _pass(self) -> str:
        if self._credential is None:
            raise RoomError("room.waiting_page", room=self.name, seat=self.seat)
        return self._credential

    # ----- the frame -------------------------------------------------------------------------------
    @property
    def state(self) -> SeatView:
        """The seat's view of the deal in play (``room.waiting_page`` before the seat is held)."""
        if not self.frame:
            raise RoomError("room.waiting_page", room=self.name, seat=self.seat)
        return SeatView.from_frame(self.frame)

    @property
    def version(self) -> int:
        """The room log's version this kernel last saw (0 before any frame)."""
        found = self.frame.get("version", 0)
        return found if type(found) is int else 0

    def take(self, frame: Any) -> bool:
        """Keep ``frame`` if it is newer (or a reset after a repair); whether the picture changed."""
        if not isinstance(frame, dict):
            raise RoomError("room.bad_reply", what="frame")
        SeatView.from_frame(frame)  # a frame this kernel cannot read is refused whole
        newer = frame.get("reset") or frame["version"] > self.version or frame.get("deal") != self.frame.get("deal")
        if not newer:
            if frame["version"] < self.version:
                return False  # an older frame that arrived late
            # the same position seen again (the seats may have changed): the moves that led to it stay as shown
            frame = {**frame, "events": self.frame.get("events", [])}
            if frame == self.frame:
                return False
        self.frame = frame
        return True

    def refresh(self, since: int | None = None) -> bool:
        """Ask the service for the seat's frame now; whether it changed."""
        return self.take(self.connection.frame(self.name, self._pass(), self.version if since is None else since))

    # ----- the seat's calls ------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """Play ``action`` at the version this kernel saw; refused: the service's latest frame is taken, then raised.

        A reply lost on the way (a timeout, a dropped connection) is asked for once more with the same action
        id: the service answers a retried id with its first reply, so the move is never made twice.
        """
        credential, expected, action_id = self._pass(), self.version, uuid.uuid4().hex
        reply = self._once(lambda: self.connection.act(self.name, credential, self.seat, expected, action, action_id))
        self.take(reply.get("frame"))

    def next_deal(self) -> None:
        """Start the deal after the one this kernel saw (nothing happens if another seat did)."""
        credential, deal, action_id = self._pass(), self.state.deal, uuid.uuid4().hex
        reply = self._once(lambda: self.connection.next_deal(self.name, credential, self.seat, deal, action_id))
        self.take(reply.get("frame"))

    def _once(self, call: Callable[[], JSON]) -> JSON:
        """``call()``, tried a second time if its reply was lost; refused: the latest frame is taken, then raised."""
        try:
            try:
                return call()
            except RoomError as exc:
                if exc.key not in LOST_REPLY:
                    raise
                return call()  # the same action id: applied once whichever reply was lost
        except (RoomError, IllegalActionError):
            self._catch_up()
            raise

    def hint(self) -> JSON:
        """The service's hint for this seat, from its knowledge only: ``{"action", "why"}``."""
        decision = self.connection.hint(self.name, self._pass(), self.seat).get("decision")
        if not isinstance(decision, dict) or not isinstance(decision.get("action"), str):
            raise RoomError("room.bad_reply", what="hint")
        return decision

    def alive(self, page: bool = False) -> None:
        """The kernel's heartbeat (``page``: its page said it is open)."""
        self.connection.alive(self.name, self._pass(), self.seat, page=page)

    def leave(self) -> None:
        """Give the seat back (a bot plays it; it stays bound to this learner); the credential ends here."""
        if self._credential is not None:
            credential, self._credential = self._credential, None
            self.connection.leave(self.name, credential, self.seat)

    def _catch_up(self) -> None:
        """After a refusal: the service's latest frame, if it can be had (the refusal is what is said)."""
        with contextlib.suppress(RoomError, IllegalActionError):
            self.refresh()

    # ----- following -------------------------------------------------------------------------------
    def follower(self, on_frame: Callable[[JSON], None], on_trouble: Callable[[RoomError | None], None],
                 pages: Callable[[], bool]) -> Follower:
        """A follower of this seat (not started); see ``Follower``."""
        return Follower(self, on_frame, on_trouble, pages)


#: Whether a thread can be started here (not in Pyodide, where no room service can be reached either).
THREADS_AVAILABLE = sys.platform != "emscripten"


class Follower:
    """A thread that keeps one seat's frames coming and its heartbeat going.

    ``on_frame(frame)`` gets each new frame, ``on_trouble(error)`` the error once ``FAILURES_SAID``
    tries in a row failed (None once it is followed again); ``pages()`` says whether the page spoke
    since the last heartbeat. Both callbacks are called from the thread: the table hands them to
    the kernel's event loop. Over HTTP it follows the WebSocket, falling back to the long-poll.
    """

    def __init__(self, room: RemoteRoom, on_frame: Callable[[JSON], None],
                 on_trouble: Callable[[RoomError | None], None], pages: Callable[[], bool]) -> None:
        if not THREADS_AVAILABLE:
            raise RoomError("room.lite", jupyter="Jupyter", lite="JupyterLite")
        self.room, self.on_frame, self.on_trouble, self.pages = room, on_frame, on_trouble, pages
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"cardwidgets-follow-{room.name}-{room.seat}",
                                        daemon=True)
        self.websocket = isinstance(room.connection, ServiceClient)

    def start(self) -> None:
        """Start following."""
        self._thread.start()

    def stop(self) -> None:
        """Stop (the thread ends at its next look, within a second or a long-poll)."""
        self._stop.set()

    @property
    def running(self) -> bool:
        """Whether the thread runs."""
        return self._thread.is_alive()

    def _run(self) -> None:
        failures, pause = 0, FIRST_PAUSE
        while not self._stop.is_set():
            try:
                if self.websocket:
                    self._follow_socket()
                else:
                    self._poll()
                failures, pause = 0, FIRST_PAUSE
            except RoomError as exc:
                if exc.key in ("room.bad_credential", "room.taken_over", "room.released"):
                    self.on_trouble(exc)  # the seat is another kernel's now, or freed: nothing to retry
                    return
                if exc.key == "room.service_down" and self.websocket and failures == 0:
                    self.websocket = False  # a proxy that refuses the upgrade: long-poll instead
                failures += 1
                if failures >= FAILURES_SAID:
                    self.on_trouble(exc)
                self._stop.wait(pause)
                pause = min(pause * 2, MAX_PAUSE)
            except Exception as exc:  # anything else is said too, and tried again: a follower never stops unseen
                failures += 1
                if failures >= FAILURES_SAID:
                    self.on_trouble(RoomError("room.follow_failed", room=self.room.name, reason=type(exc).__name__))
                self._stop.wait(pause)
                pause = min(pause * 2, MAX_PAUSE)

    def _beat(self, last: float, send: Callable[[bool], None]) -> float:
        """Send the heartbeat if it is due; the time of the last one sent."""
        now = time.monotonic()
        if now - last >= HEARTBEAT_SECONDS:
            send(self.pages())
            return now
        return last

    def _poll(self) -> None:
        """Long-poll: one wait for a frame past this kernel's version, and the heartbeat."""
        room = self.room
        credential = room._pass()
        room.alive(page=self.pages())
        last = time.monotonic()
        said = False
        while not self._stop.is_set():
            asked = time.monotonic()
            frame = room.connection.wait(room.name, credential, room.version, min(WAIT_SECONDS, HEARTBEAT_SECONDS))
            if not said:
                self.on_trouble(None)
                said = True
            if isinstance(frame, dict) and frame and frame != room.frame:
                self.on_frame(frame)
            elif time.monotonic() - asked < FIRST_PAUSE:
                self._stop.wait(1.0)  # answered at once with nothing new (a paused room): never a busy loop
            last = self._beat(last, lambda page: room.connection.alive(room.name, credential, room.seat, page))

    def _follow_socket(self) -> None:
        """The WebSocket: frames as the service pushes them; the heartbeat goes up the same socket."""
        room = self.room
        connection = room.connection
        assert isinstance(connection, ServiceClient)
        socket: Follow = connection.follow(room.name, room._pass(), room.seat, room.version)
        try:
            socket.alive(self.pages())
            self.on_trouble(None)
            last = time.monotonic()
            while not self._stop.is_set():
                frame = socket.next_frame(1.0)
                if frame is not None:
                    self.on_frame(frame)
                last = self._beat(last, socket.alive)
        finally:
            socket.close()
