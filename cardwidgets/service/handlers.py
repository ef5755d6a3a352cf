"""The room service on the wire: ``JupyterHandler``s under ``<base_url>cardwidgets/rooms/v1/``.

Two kinds of caller (``docs/classroom.md``, "The wire"):

- the **page** (the learner's browser): its one call, ``confirm``, is ``@web.authenticated`` with
  Jupyter's XSRF check, so the seat goes to the user Jupyter authenticated;
- a **kernel** (and the instructor's kernel): its calls carry ``Authorization: Seat <credential>``
  (or ``Admin <key>``, or nothing for the handshake's first and last steps) and no cookie; Jupyter's
  login and XSRF checks are skipped for exactly those requests (a request with no cookie borrows
  no browser's identity), and the service checks the credential instead.

Every refusal is ``{"error": {"rule", "key", "params"}}`` with its HTTP status; no traceback, no
driver's text, no secret. The service's calls run on worker threads (the store may block).
"""

from __future__ import annotations

import contextlib
import hmac
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from tornado import web
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.explain import Explanation
from cardwidgets.service.core import MovedFirstError, RoomService
from cardwidgets.service.seats import digest
from cardwidgets.service.wire import API_PATH, MAX_MESSAGE, error_json
from cardwidgets.store.base import RoomError

T = TypeVar("T")
#: The largest request body (bytes).
MAX_BODY = 4096
#: Followers one seat may have at once.
MAX_FOLLOWERS = 4
#: The settings key the handlers find their ``Rooms`` under.
SETTINGS_KEY = "cardwidgets_rooms"
#: The HTTP status of each refusal (any other: 400).
STATUS = {
    "room.bad_credential": 401, "room.claim_expired": 401,
    "room.not_your_seat": 403, "room.not_learner_seat": 403, "room.seat_taken": 403, "room.other_tab": 403,
    "room.not_instructor": 403, "room.taken_over": 403, "room.released": 403, "room.seed_admin": 403,
    "room.not_signed_in": 403,
    "room.no_room": 404,
    "room.moved_first": 409, "room.not_your_turn": 409, "room.other_game": 409, "room.deal_not_over": 409,
    "room.match_over": 409,
    "room.paused": 423, "room.waiting_start": 423, "room.bad_log": 423, "room.store_gone": 423,
    "room.store_replaced": 423, "room.store_emptied": 423, "room.damaged_store": 423,
    "room.too_big": 413,
    "room.too_fast": 429, "room.too_many_followers": 429,
    "room.unreachable": 503, "room.store_full": 503, "room.hint_slow": 503, "room.store_paused": 503,
}


@dataclass
class Rooms:
    """What the handlers share: the service, the admin key's digest, the worker threads, the followers."""

    service: RoomService
    admin_digest: str
    pool: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(8, "cardwidgets-rooms"))
    #: Long-polls wait up to 30 s each: they get threads of their own, so calls never queue behind them.
    waits: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(64, "cardwidgets-rooms-wait"))
    followers: dict[tuple[str, int], int] = field(default_factory=dict)

    def is_admin(self, key: str) -> bool:
        """Whether ``key`` is the admin key (compared by digest, in constant time)."""
        return hmac.compare_digest(digest(key), self.admin_digest)

    def close(self) -> None:
        """Let the worker threads go."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.waits.shutdown(wait=False, cancel_futures=True)


def refusal(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The status and body for an error a call raised (one the service does not know: a plain 500 form)."""
    if isinstance(exc, IllegalActionError):
        return 400, error_json(exc)
    if isinstance(exc, RoomError):
        body = error_json(exc)
        if isinstance(exc, MovedFirstError):
            body["frame"] = exc.frame
        return STATUS.get(exc.key, 400), body
    return 500, {"error": {"rule": "ROOM", "key": "room.service_failed", "params": {"status": 500}}}


@web.stream_request_body
class RoomsHandler(JupyterHandler):
    """The base of the service's handlers: the kernel's calls skip the page's checks; errors are data.

    A request's body is read as it comes, up to ``MAX_MESSAGE`` bytes: past that the request is
    answered 413 ``room.too_big`` at once, and the rest of the body is never kept.
    """

    _received = b""

    def data_received(self, chunk: bytes) -> None:
        """Keep the next part of the body, unless it makes the body too big (then refuse the request)."""
        if self._finished:
            return
        if len(self._received) + len(chunk) > MAX_MESSAGE:
            self._received = b""
            self.reply(*refusal(RoomError("room.too_big", limit=MAX_MESSAGE)))
            return
        self._received += chunk

    @property
    def rooms(self) -> Rooms:
        """The service and what goes with it (the extension put it in the settings)."""
        found = self.settings.get(SETTINGS_KEY)
        if not isinstance(found, Rooms):
            raise web.HTTPError(503)
        return found

    def kernel_call(self) -> bool:
        """A kernel's call: no cookie (a browser's calls carry Jupyter's login cookie).

        It carries ``Authorization: Seat …`` or ``Admin …`` (checked by the service), or nothing
        (the handshake's unauthenticated steps): either way no browser's identity rides on it, so
        there is nothing for a forged cross-site request to borrow.
        """
        return "Cookie" not in self.request.headers

    def check_xsrf_cookie(self) -> None:
        """Jupyter's XSRF check, except for a kernel's call (it is checked by its credential instead)."""
        if self.kernel_call():
            return None
        return super().check_xsrf_cookie()

    def credential(self) -> str:
        """The seat credential the call carries (``room.bad_credential`` if none)."""
        auth = self.request.headers.get("Authorization", "")
        return auth[len("Seat "):].strip() if auth.startswith("Seat ") else ""

    def admin(self) -> bool:
        """Whether the caller is the instructor: the admin key, or a user the service names as one."""
        auth = self.request.headers.get("Authorization", "")
        if auth.startswith("Admin ") and self.rooms.is_admin(auth[len("Admin "):].strip()):
            return True
        user = self.current_user
        return user is not None and getattr(user, "username", None) in self.rooms.service.instructors

    def body(self) -> dict[str, Any]:
        """The request's JSON object (at most ``MAX_BODY`` bytes); ``room.bad_request`` otherwise."""
        raw = self._received or b"{}"
        try:
            data = json.loads(raw) if len(raw) <= MAX_BODY else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            what = Explanation("ROOM", "room.request_json", {"json": "JSON", "limit": MAX_BODY})
            raise RoomError("room.bad_request", what=what)
        return data

    async def run(self, call: Callable[[], T], *, status: int = 200, wait: bool = False) -> None:
        """Make ``call`` on a worker thread and write its reply (or its refusal) as JSON."""
        pool = self.rooms.waits if wait else self.rooms.pool
        try:
            result = await IOLoop.current().run_in_executor(pool, call)
        except Exception as exc:  # every refusal becomes data; anything else is a plain 500 with no text
            code, body = refusal(exc)
            if code == 500:
                self.log.error("cardwidgets rooms: %s failed: %s", self.request.path, type(exc).__name__)
            self.reply(code, body)
            return
        self.reply(status, result if isinstance(result, dict) else {"result": result})

    def reply(self, status: int, body: dict[str, Any]) -> None:
        """Write ``body`` as JSON with ``status``."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Errors raised before a call (login, XSRF, a bad URL) as data too."""
        key = "room.not_signed_in" if status_code == 403 else "room.service_failed"
        params: dict[str, Any] = {"jupyter": "Jupyter"} if status_code == 403 else {"status": status_code}
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": {"rule": "ROOM", "key": key, "params": params}}))

    async def refuse_request(self, make: Callable[[], Awaitable[None]]) -> None:
        """Run ``make``; a request refused before reaching the service (a bad body) is written as data."""
        try:
            await make()
        except RoomError as exc:
            self.reply(*refusal(exc))


def _int(value: str) -> int:
    return int(value) if value.isdigit() and len(value) < 6 else -1


def _field(body: dict[str, Any], name: str, default: Any = ...) -> Any:
    if name not in body:
        if default is ...:
            raise RoomError("room.bad_request", what=Explanation("ROOM", "room.request_field", {"field": name}))
        return default
    return body[name]


class InfoHandler(RoomsHandler):
    """``GET /``: the service, its protocols, the package."""

    @allow_unauthenticated
    async def get(self) -> None:
        """The service's facts; a page's call also gets the ``_xsrf`` cookie (Voila's pages set none)."""
        if not self.kernel_call():
            self.xsrf_token  # noqa: B018 (reading it sets the cookie the page's confirm sends back)
        await self.run(self.rooms.service.info)


class CreateHandler(RoomsHandler):
    """``POST rooms``: open a room (the instructor chooses its seed and learner seats)."""

    @allow_unauthenticated
    async def post(self) -> None:
        """Create the room, or give it as it is."""
        async def make() -> None:
            body, admin, service = self.body(), self.admin(), self.rooms.service
            rules, bots = _field(body, "rules", None), _field(body, "bots", "heuristic")
            seed, learners = _field(body, "seed", None), _field(body, "learners", None)
            start = _field(body, "start", "when_seated")
            room, game = _field(body, "room"), _field(body, "game")
            await self.run(lambda: service.create_room(room, game, rules=rules, bots=bots, seed=seed,
                                                       learners=learners, start=start, admin=admin))
        await self.refuse_request(make)


class RoomHandler(RoomsHandler):
    """``GET rooms/{room}``: the room's public settings and seats."""

    @allow_unauthenticated
    async def get(self, room: str) -> None:
        """The room as anyone may see it."""
        await self.run(lambda: self.rooms.service.room_info(room))


class ClaimHandler(RoomsHandler):
    """``POST rooms/{room}/seats/{seat}/claims``: the kernel asks for a seat (step 1)."""

    @allow_unauthenticated
    async def post(self, room: str, seat: str) -> None:
        """A claim id."""
        async def make() -> None:
            key_hash = _field(self.body(), "key_hash")
            await self.run(lambda: self.rooms.service.claim(room, _int(seat), key_hash), status=201)
        await self.refuse_request(make)


class ConfirmHandler(RoomsHandler):
    """``POST claims/{claim}/confirm``: the page, signed in, binds the claim to its user (step 2)."""

    @web.authenticated
    async def post(self, claim: str) -> None:
        """Bind the claim to the signed-in user."""
        async def make() -> None:
            take_over = _field(self.body(), "take_over", False) is True
            user = self.current_user
            username, name = str(user.username), getattr(user, "name", None) or None
            await self.run(lambda: self.rooms.service.confirm(claim, user=username, name=name, take_over=take_over))
        await self.refuse_request(make)


class RedeemHandler(RoomsHandler):
    """``POST claims/{claim}/redeem``: the kernel proves its key and gets the seat's credential (step 3)."""

    @allow_unauthenticated
    async def post(self, claim: str) -> None:
        """The credential, once."""
        async def make() -> None:
            body = self.body()
            key, pid = _field(body, "key"), _field(body, "pid", None)
            await self.run(lambda: self.rooms.service.redeem(claim, key, pid=pid if type(pid) is int else None))
        await self.refuse_request(make)


class HubClaimHandler(RoomsHandler):
    """``POST rooms/{room}/seats/{seat}/claim``: a kernel holding its user's token takes the seat in one step."""

    @web.authenticated
    async def post(self, room: str, seat: str) -> None:
        """The credential for the user the request's token names (a page's cookie is not enough: no page here)."""
        if not self.token_authenticated:
            raise web.HTTPError(403)
        user = self.current_user
        username, name = str(user.username), getattr(user, "name", None) or None
        await self.run(lambda: self.rooms.service.hub_claim(room, _int(seat), user=username, name=name))


class FrameHandler(RoomsHandler):
    """``GET rooms/{room}/frame?since=V[&wait=25]``: the seat's frame (a long-poll with ``wait``)."""

    @allow_unauthenticated
    async def get(self, room: str) -> None:
        """The frame now, or once the log passes ``since``."""
        since = _int(self.get_argument("since", "0"))
        credential, service = self.credential(), self.rooms.service
        try:
            wait = float(self.get_argument("wait", "0"))
        except ValueError:
            wait = 0.0
        if wait > 0:
            await self.run(lambda: service.wait(room, credential, since, wait), wait=True)
        else:
            await self.run(lambda: service.frame(room, credential, max(since, 0)))


class ActionHandler(RoomsHandler):
    """``POST rooms/{room}/actions``: the seat's move."""

    @allow_unauthenticated
    async def post(self, room: str) -> None:
        """Play it."""
        async def make() -> None:
            body = self.body()
            fields = [_field(body, name) for name in ("seat", "expected", "action", "id")]
            credential = self.credential()
            await self.run(lambda: self.rooms.service.act(room, credential, *fields))
        await self.refuse_request(make)


class NextDealHandler(RoomsHandler):
    """``POST rooms/{room}/next_deal``: start the next deal."""

    @allow_unauthenticated
    async def post(self, room: str) -> None:
        """Start it (nothing to do if another seat did)."""
        async def make() -> None:
            body = self.body()
            seat, after, action_id = _field(body, "seat"), _field(body, "after_deal"), _field(body, "id")
            credential = self.credential()
            await self.run(lambda: self.rooms.service.next_deal(room, credential, seat, after, action_id))
        await self.refuse_request(make)


class HintHandler(RoomsHandler):
    """``POST rooms/{room}/hint``: the seat's hint."""

    @allow_unauthenticated
    async def post(self, room: str) -> None:
        """Work it out from the seat's knowledge."""
        async def make() -> None:
            seat, credential = _field(self.body(), "seat"), self.credential()
            await self.run(lambda: self.rooms.service.hint(room, credential, seat))
        await self.refuse_request(make)


class SeatHandler(RoomsHandler):
    """``DELETE rooms/{room}/seats/{seat}``: the kernel leaves its seat."""

    @allow_unauthenticated
    async def delete(self, room: str, seat: str) -> None:
        """Leave it (a bot plays it)."""
        credential = self.credential()
        await self.run(lambda: self.rooms.service.leave(room, credential, _int(seat)))


class AliveHandler(RoomsHandler):
    """``POST rooms/{room}/seats/{seat}/alive``: the heartbeat (``{"page": true}``: the page spoke too)."""

    @allow_unauthenticated
    async def post(self, room: str, seat: str) -> None:
        """Note it."""
        async def make() -> None:
            page = _field(self.body(), "page", False) is True
            credential = self.credential()
            await self.run(lambda: self.rooms.service.alive(room, credential, _int(seat), page=page))
        await self.refuse_request(make)


class AdminHandler(RoomsHandler):
    """The instructor's calls on a room: ``GET full``, ``POST start``, ``POST repair``."""

    @allow_unauthenticated
    async def get(self, room: str, call: str) -> None:
        """``full``: the whole room."""
        admin, service = self.admin(), self.rooms.service
        if call != "full":
            raise web.HTTPError(404)
        await self.run(lambda: service.full(room, admin=admin))

    @allow_unauthenticated
    async def post(self, room: str, call: str) -> None:
        """``start`` or ``repair``."""
        async def make() -> None:
            admin, service, body = self.admin(), self.rooms.service, self.body()
            if call == "start":
                await self.run(lambda: {"started": service.start(room, admin=admin)})
            elif call == "repair":
                to = _field(body, "to", None)
                await self.run(lambda: {"version": service.repair(room, to, admin=admin)})
            else:
                raise web.HTTPError(404)
        await self.refuse_request(make)


class ReleaseHandler(RoomsHandler):
    """``POST rooms/{room}/seats/{seat}/release``: the instructor frees a seat."""

    @allow_unauthenticated
    async def post(self, room: str, seat: str) -> None:
        """Free it."""
        async def make() -> None:
            admin, to_bot = self.admin(), _field(self.body(), "to_bot", True) is not False
            await self.run(lambda: self.rooms.service.release(room, _int(seat), to_bot=to_bot, admin=admin))
        await self.refuse_request(make)


class FollowHandler(WebSocketMixin, WebSocketHandler, RoomsHandler):
    """``WS rooms/{room}/follow?seat=S&since=V``: frames pushed as the room moves or pauses; ``alive`` received.

    The credential is checked when the socket opens; a refused one gets one ``{"error": …}``
    message, then the socket closes. The seat's kernel sends ``{"t": "alive", "page": bool}``.
    """

    room = ""
    seat = -1
    since = 0
    _credential = ""
    _pushing = False
    _again = False
    _listening = False
    _sent_once = False
    _paused: Any = None

    @property
    def max_message_size(self) -> int:
        """The largest frame read: tornado closes the socket on a bigger one (1009, read as ``room.too_big``)."""
        return MAX_MESSAGE

    @allow_unauthenticated
    async def get(self, room: str) -> None:
        """Upgrade to a WebSocket."""
        self.room, self._credential = room, self.credential()
        self.seat, self.since = _int(self.get_argument("seat", "")), _int(self.get_argument("since", "0"))
        await super().get(room)

    async def open(self, room: str) -> None:
        """Check the credential, then send the frame since ``since``."""
        rooms = self.rooms
        try:
            credential = self._credential
            seat = await IOLoop.current().run_in_executor(rooms.pool, lambda: rooms.service.seat_of(room, credential))
            if seat != self.seat:
                raise RoomError("room.not_your_seat", seat=self.seat, room=room)
            if rooms.followers.get((room, seat), 0) >= MAX_FOLLOWERS:
                raise RoomError("room.too_many_followers", seat=seat, room=room, limit=MAX_FOLLOWERS)
        except RoomError as exc:
            self._send(error_json(exc))
            self.close(4000 + STATUS.get(exc.key, 400))
            return
        rooms.followers[(room, seat)] = rooms.followers.get((room, seat), 0) + 1
        self._listening = True
        self._loop = IOLoop.current()
        rooms.service.add_listener(room, self._changed)
        await self._push()

    def _changed(self, room: str) -> None:
        """The room changed (called from any thread): push from the event loop."""
        self._loop.add_callback(self._push)

    async def _push(self) -> None:
        """Send the seat's frame if the log moved past what this follower has, or the room paused or went on."""
        if self._pushing:
            self._again = True
            return
        self._pushing = True
        rooms = self.rooms
        try:
            while True:
                self._again = False
                since = self.since
                try:
                    frame = await IOLoop.current().run_in_executor(
                        rooms.pool, lambda since=since: rooms.service.pushed_frame(self.room, self._credential, since))
                except RoomError as exc:  # the credential was revoked, the room cannot be read …
                    self._send(error_json(exc))
                    if STATUS.get(exc.key) in (401, 403):
                        self.close(4000 + STATUS[exc.key])
                        return
                    frame = None
                if frame is not None and (frame["version"] != since or frame.get("reset") or not self._sent_once
                                          or frame.get("paused") != self._paused):  # moved, or paused, or resumed
                    self.since, self._sent_once, self._paused = int(frame["version"]), True, frame.get("paused")
                    self._send({"t": "frame", "v": frame["version"], "d": frame})
                if not self._again:
                    return
        finally:
            self._pushing = False

    def _send(self, data: dict[str, Any]) -> None:
        with contextlib.suppress(WebSocketClosedError):
            self.write_message(json.dumps(data))

    async def on_message(self, message: str | bytes) -> None:
        """``{"t": "alive", "page": bool}``: the heartbeat."""
        try:
            data = json.loads(message)
        except ValueError:
            return
        if not (isinstance(data, dict) and data.get("t") == "alive"):
            return
        page, rooms = data.get("page") is True, self.rooms
        try:
            await IOLoop.current().run_in_executor(
                rooms.pool, lambda: rooms.service.alive(self.room, self._credential, self.seat, page=page))
        except RoomError as exc:
            self._send(error_json(exc))

    def on_close(self) -> None:
        """Stop listening."""
        if self._listening:
            self._listening = False
            rooms = self.rooms
            rooms.service.remove_listener(self.room, self._changed)
            key = (self.room, self.seat)
            rooms.followers[key] = max(rooms.followers.get(key, 1) - 1, 0)


def handlers(base_url: str = "/") -> list[tuple[str, type[RoomsHandler], dict[str, Any]]]:
    """The service's routes under ``base_url`` (a ``VoilaApp`` or a server adds them as they are)."""
    root = base_url.rstrip("/") + "/" + API_PATH
    room = r"rooms/(?P<room>[^/]+)"
    seat = r"seats/(?P<seat>[^/]+)"
    routes: list[tuple[str, type[RoomsHandler]]] = [
        (r"?", InfoHandler),
        (r"rooms", CreateHandler),
        (room, RoomHandler),
        (rf"{room}/{seat}/claims", ClaimHandler),
        (r"claims/(?P<claim>[^/]+)/confirm", ConfirmHandler),
        (r"claims/(?P<claim>[^/]+)/redeem", RedeemHandler),
        (rf"{room}/{seat}/claim", HubClaimHandler),
        (rf"{room}/frame", FrameHandler),
        (rf"{room}/actions", ActionHandler),
        (rf"{room}/next_deal", NextDealHandler),
        (rf"{room}/hint", HintHandler),
        (rf"{room}/{seat}", SeatHandler),
        (rf"{room}/{seat}/alive", AliveHandler),
        (rf"{room}/{seat}/release", ReleaseHandler),
        (rf"{room}/follow", FollowHandler),
        (rf"{room}/(?P<call>full|start|repair)", AdminHandler),
    ]
    return [(root + pattern, handler, {}) for pattern, handler in routes]


__all__ = ["SETTINGS_KEY", "Rooms", "handlers"]
