"""A kernel's side of the room service: one set of calls (``RoomConnection``), two ways to make them.

``ServiceClient`` makes them over HTTP (``urllib``, a bounded timeout) and follows a seat over a
WebSocket (``tornado.websocket``); ``LocalConnection`` calls a ``RoomService`` in the same process
(tests, scripts). Every call raises ``RoomError(key, …)`` — or the engine's ``IllegalActionError``
for a refused move, with its rule — never a raw exception, and never names a secret.

``find_service()`` says where this kernel's service is: ``CARDWIDGETS_ROOM_SERVICE`` (a URL), else
the runtime file the server's extension wrote (``JPY_PARENT_PID`` is the server's pid).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from cardwidgets.core.errors import IllegalActionError, echo
from cardwidgets.service.core import RoomService
from cardwidgets.service.wire import API_PATH, MAX_MESSAGE, PROTOCOLS, error_from
from cardwidgets.store.base import RoomError

#: JSON data as it crosses the wire.
JSON = dict[str, Any]
#: The variable naming a room service by URL (the Hub's ``c.Spawner.environment`` sets it).
SERVICE_ENV = "CARDWIDGETS_ROOM_SERVICE"
#: The WebSocket's close code for a frame bigger than the other side reads (RFC 6455).
TOO_BIG = 1009
#: The runtime file's name, with the server's pid.
RUNTIME_FILE = "cardwidgets-rooms-{pid}.json"


class RoomConnection(Protocol):
    """The calls a kernel (or the instructor) makes to the room service (``docs/classroom.md``, "The wire")."""

    def info(self) -> JSON:
        """``{"service", "protocol", "package"}``."""
        ...

    def room_info(self, room: str) -> JSON:
        """The room's public settings and seats (no seed)."""
        ...

    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 of the handshake: ``{"claim", "expires_in"}``."""
        ...

    def confirm(self, claim: str, take_over: bool = False) -> JSON:
        """Step 2 (the page's call): ``{"room", "seat", "user"}``."""
        ...

    def redeem(self, claim: str, key: str, pid: int | None = None) -> JSON:
        """Step 3: ``{"credential", "room", "seat", "user", "heartbeat", "away_after"}``."""
        ...

    def hub_claim(self, room: str, seat: int) -> JSON:
        """The Hub's one-step handshake (the Hub token names the user): as ``redeem``."""
        ...

    def frame(self, room: str, credential: str, since: int = 0) -> JSON:
        """The seat's frame, with the public moves after ``since``."""
        ...

    def act(self, room: str, credential: str, seat: int, expected: int, action: str, action_id: str) -> JSON:  # noqa: PLR0917 (the wire's fields)
        """Play ``action`` at version ``expected``: ``{"version", "frame"}``."""
        ...

    def next_deal(self, room: str, credential: str, seat: int, after_deal: int, action_id: str) -> JSON:
        """Start the deal after deal number ``after_deal``: ``{"version", "frame"}``."""
        ...

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """``{"decision": {"action", "why"}}`` worked out from the seat's knowledge only."""
        ...

    def leave(self, room: str, credential: str, seat: int) -> None:
        """Leave the seat (a bot plays it; it stays bound to its user)."""
        ...

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat of the seat's kernel (and, with ``page``, of its page)."""
        ...

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """The seat's frame once the log passes ``since`` (or after ``timeout`` seconds)."""
        ...

    def create_room(  # noqa: PLR0917 (the wire's fields)
        self, room: str, game: str, rules: dict[str, Any] | None = None, bots: str | list[str] = "heuristic",
        seed: int | None = None, learners: list[int] | None = None, start: str = "when_seated",
    ) -> JSON:
        """Create ``room`` (or give it as it is: the first opener's settings stand)."""
        ...

    def full(self, room: str) -> JSON:
        """The instructor's whole view of the room."""
        ...

    def start(self, room: str) -> bool:
        """Start a waiting room; whether this call started it."""
        ...

    def repair(self, room: str, to: int | None = None) -> int:
        """Roll the log back (to its last good move, or to ``to``); the move it stands at now."""
        ...

    def release(self, room: str, seat: int, to_bot: bool = True) -> None:
        """Free ``seat`` from its user (a bot plays it)."""
        ...


@dataclass(frozen=True)
class ServiceAddress:
    """Where a room service is: the server's URL, the API's path under it, the server's pid, the admin key."""

    url: str
    api: str = API_PATH
    pid: int | None = None
    admin_key: str | None = field(default=None, repr=False)


def find_service() -> ServiceAddress | None:
    """The room service of this kernel: ``CARDWIDGETS_ROOM_SERVICE``, else the runtime file of its server."""
    url = os.environ.get(SERVICE_ENV)
    if url:
        return ServiceAddress(url if url.endswith("/") else url + "/")
    pid = os.environ.get("JPY_PARENT_PID", "")
    if not pid.isdigit():
        return None
    try:
        from jupyter_core.paths import jupyter_runtime_dir
    except ImportError:
        return None
    return read_runtime_file(Path(jupyter_runtime_dir()) / RUNTIME_FILE.format(pid=pid))


def read_runtime_file(path: Path) -> ServiceAddress | None:
    """The address a runtime file holds; None if there is none (or it is not one the extension writes)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("url"), str) and isinstance(data.get("api"), str)):
        return None
    pid, key = data.get("pid"), data.get("admin_key")
    return ServiceAddress(data["url"], data["api"], pid if type(pid) is int else None,
                          key if isinstance(key, str) else None)


class LocalConnection:
    """``RoomConnection`` on a ``RoomService`` in this process, as ``user`` (the instructor with ``admin``)."""

    def __init__(self, service: RoomService, user: str, *, admin: bool = False) -> None:
        self.service, self.user, self.admin = service, user, admin

    def info(self) -> JSON:
        """``{"service", "protocol", "package"}``."""
        return self.service.info()

    def room_info(self, room: str) -> JSON:
        """The room's public settings and seats."""
        return self.service.room_info(room)

    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 of the handshake."""
        return self.service.claim(room, seat, key_hash)

    def confirm(self, claim: str, take_over: bool = False) -> JSON:
        """Step 2, as this connection's user."""
        return self.service.confirm(claim, user=self.user, take_over=take_over)

    def redeem(self, claim: str, key: str, pid: int | None = None) -> JSON:
        """Step 3."""
        return self.service.redeem(claim, key, pid=pid)

    def hub_claim(self, room: str, seat: int) -> JSON:
        """The one-step handshake, as this connection's user."""
        return self.service.hub_claim(room, seat, user=self.user)

    def frame(self, room: str, credential: str, since: int = 0) -> JSON:
        """The seat's frame."""
        return self.service.frame(room, credential, since)

    def act(self, room: str, credential: str, seat: int, expected: int, action: str, action_id: str) -> JSON:  # noqa: PLR0917 (the wire's fields)
        """Play ``action``."""
        return self.service.act(room, credential, seat, expected, action, action_id)

    def next_deal(self, room: str, credential: str, seat: int, after_deal: int, action_id: str) -> JSON:
        """Start the next deal."""
        return self.service.next_deal(room, credential, seat, after_deal, action_id)

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """A hint from the seat's knowledge."""
        return self.service.hint(room, credential, seat)

    def leave(self, room: str, credential: str, seat: int) -> None:
        """Leave the seat."""
        self.service.leave(room, credential, seat)

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat."""
        self.service.alive(room, credential, seat, page=page)

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """The frame once the log passes ``since``."""
        return self.service.wait(room, credential, since, timeout)

    def create_room(  # noqa: PLR0917 (the wire's fields)
        self, room: str, game: str, rules: dict[str, Any] | None = None, bots: str | list[str] = "heuristic",
        seed: int | None = None, learners: list[int] | None = None, start: str = "when_seated",
    ) -> JSON:
        """Create ``room`` (the first opener's settings stand)."""
        return self.service.create_room(room, game, rules=rules, bots=bots, seed=seed, learners=learners,
                                        start=start, admin=self.admin)

    def full(self, room: str) -> JSON:
        """The whole room (the instructor's)."""
        return self.service.full(room, admin=self.admin)

    def start(self, room: str) -> bool:
        """Start a waiting room."""
        return self.service.start(room, admin=self.admin)

    def repair(self, room: str, to: int | None = None) -> int:
        """Roll the log back."""
        return self.service.repair(room, to, admin=self.admin)

    def release(self, room: str, seat: int, to_bot: bool = True) -> None:
        """Free a seat."""
        self.service.release(room, seat, to_bot=to_bot, admin=self.admin)


class ServiceClient:
    """``RoomConnection`` over HTTP to the service at ``base_url`` (the server's URL; the API is under it).

    ``hub_token`` identifies a JupyterHub user (``Authorization: token …``); ``admin_key`` makes the
    instructor's calls. Credentials go in headers, never in a URL.
    """

    def __init__(
        self, base_url: str, *, timeout: float = 10.0, hub_token: str | None = None, admin_key: str | None = None,
        api: str = API_PATH,
    ) -> None:
        self.root = (base_url if base_url.endswith("/") else base_url + "/") + api
        self.timeout = timeout
        self._hub_token = hub_token
        self._admin_key = admin_key

    @classmethod
    def from_address(cls, address: ServiceAddress, *, admin: bool = False, timeout: float = 10.0) -> ServiceClient:
        """A client of the service at ``address`` (the instructor's, with its admin key, if ``admin``)."""
        return cls(address.url, api=address.api, timeout=timeout, admin_key=address.admin_key if admin else None,
                   hub_token=os.environ.get("JUPYTERHUB_API_TOKEN") or None)

    def __repr__(self) -> str:
        return f"ServiceClient({self.root!r})"

    # ----- HTTP -----------------------------------------------------------------------------------
    def _call(
        self, method: str, path: str, body: JSON | None = None, *, seat: str | None = None, admin: bool = False,
        query: dict[str, Any] | None = None, timeout: float | None = None, action: str = "",
    ) -> JSON:
        """One request; its JSON reply, or the error it names raised."""
        url = self.root + path + (f"?{urlencode(query)}" if query else "")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if seat is not None:
            request.add_header("Authorization", f"Seat {seat}")
        elif admin and self._admin_key:
            request.add_header("Authorization", f"Admin {self._admin_key}")
        elif self._hub_token:
            request.add_header("Authorization", f"token {self._hub_token}")
        limit = self.timeout if timeout is None else timeout
        try:
            with urllib.request.urlopen(request, timeout=limit) as reply:
                text = reply.read()
        except urllib.error.HTTPError as exc:
            try:
                found = json.loads(exc.read() or b"null")
            except ValueError:
                found = None
            finally:
                exc.close()
            raise error_from(found, action) from None
        except TimeoutError:
            raise RoomError("room.service_timeout", seconds=limit) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            if isinstance(reason, TimeoutError):
                raise RoomError("room.service_timeout", seconds=limit) from None
            raise RoomError("room.service_down", url=self.root, reason=echo(str(reason), 120)) from None
        try:
            found = json.loads(text) if text else {}
        except ValueError:
            found = None
        if not isinstance(found, dict):
            raise RoomError("room.bad_reply", what="JSON")
        return found

    @staticmethod
    def _room(room: str) -> str:
        return "rooms/" + quote(str(room), safe="")

    # ----- the calls ------------------------------------------------------------------------------
    def info(self) -> JSON:
        """``{"service", "protocol", "package"}``; ``room.service_version`` if it speaks none of ours."""
        found = self._call("GET", "")
        protocols = found.get("protocol")
        if not (isinstance(protocols, list) and any(p in PROTOCOLS for p in protocols)):
            theirs = max((p for p in protocols if type(p) is int), default="?") if isinstance(protocols, list) else "?"
            raise RoomError("room.service_version", service=theirs, kernel=max(PROTOCOLS), package="cardwidgets")
        return found

    def room_info(self, room: str) -> JSON:
        """The room's public settings and seats."""
        return self._call("GET", self._room(room))

    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 of the handshake."""
        return self._call("POST", f"{self._room(room)}/seats/{int(seat)}/claims", {"key_hash": key_hash})

    def confirm(self, claim: str, take_over: bool = False) -> JSON:
        """Step 2 is the page's (cookie and XSRF): a kernel cannot make it."""
        raise RoomError("room.not_signed_in", jupyter="Jupyter")

    def redeem(self, claim: str, key: str, pid: int | None = None) -> JSON:
        """Step 3."""
        body: JSON = {"key": key} if pid is None else {"key": key, "pid": pid}
        return self._call("POST", f"claims/{quote(claim, safe='')}/redeem", body)

    def hub_claim(self, room: str, seat: int) -> JSON:
        """The one-step handshake with this kernel's Hub token."""
        return self._call("POST", f"{self._room(room)}/seats/{int(seat)}/claim", {})

    def frame(self, room: str, credential: str, since: int = 0) -> JSON:
        """The seat's frame."""
        return self._call("GET", f"{self._room(room)}/frame", seat=credential, query={"since": int(since)})

    def act(self, room: str, credential: str, seat: int, expected: int, action: str, action_id: str) -> JSON:  # noqa: PLR0917 (the wire's fields)
        """Play ``action``."""
        body = {"id": action_id, "seat": seat, "expected": expected, "action": action}
        return self._call("POST", f"{self._room(room)}/actions", body, seat=credential, action=action)

    def next_deal(self, room: str, credential: str, seat: int, after_deal: int, action_id: str) -> JSON:
        """Start the next deal."""
        body = {"id": action_id, "seat": seat, "after_deal": after_deal}
        return self._call("POST", f"{self._room(room)}/next_deal", body, seat=credential)

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """A hint from the seat's knowledge."""
        return self._call("POST", f"{self._room(room)}/hint", {"seat": seat}, seat=credential)

    def leave(self, room: str, credential: str, seat: int) -> None:
        """Leave the seat."""
        self._call("DELETE", f"{self._room(room)}/seats/{int(seat)}", seat=credential)

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat."""
        self._call("POST", f"{self._room(room)}/seats/{int(seat)}/alive", {"page": bool(page)}, seat=credential)

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """Long-poll: the frame once the log passes ``since`` (the HTTP timeout allows for the wait)."""
        return self._call("GET", f"{self._room(room)}/frame", seat=credential,
                          query={"since": int(since), "wait": float(timeout)}, timeout=self.timeout + timeout)

    def create_room(  # noqa: PLR0917 (the wire's fields)
        self, room: str, game: str, rules: dict[str, Any] | None = None, bots: str | list[str] = "heuristic",
        seed: int | None = None, learners: list[int] | None = None, start: str = "when_seated",
    ) -> JSON:
        """Create ``room`` (the first opener's settings stand)."""
        body: JSON = {"room": room, "game": game, "rules": rules, "bots": bots, "learners": learners, "start": start}
        if seed is not None:
            body["seed"] = seed
        return self._call("POST", "rooms", body, admin=True)

    def full(self, room: str) -> JSON:
        """The whole room (the instructor's)."""
        return self._call("GET", f"{self._room(room)}/full", admin=True)

    def start(self, room: str) -> bool:
        """Start a waiting room."""
        return bool(self._call("POST", f"{self._room(room)}/start", {}, admin=True).get("started"))

    def repair(self, room: str, to: int | None = None) -> int:
        """Roll the log back; the move it stands at now."""
        found = self._call("POST", f"{self._room(room)}/repair", {"to": to}, admin=True).get("version")
        if type(found) is not int:
            raise RoomError("room.bad_reply", what="version")
        return found

    def release(self, room: str, seat: int, to_bot: bool = True) -> None:
        """Free a seat."""
        self._call("POST", f"{self._room(room)}/seats/{int(seat)}/release", {"to_bot": bool(to_bot)}, admin=True)

    # ----- following a seat -----------------------------------------------------------------------
    def follow(self, room: str, credential: str, seat: int, since: int = 0) -> Follow:
        """A WebSocket following ``seat``: frames come as the log moves on; heartbeats go up."""
        return Follow(self, room, credential, seat, since)


class Follow:
    """A seat followed over the service's WebSocket, used from one thread (the kernel's follower).

    ``next_frame(timeout)`` gives the next frame the service pushed (None if none came in time);
    ``alive(page)`` sends the heartbeat; ``close()`` ends it. A lost connection raises
    ``RoomError("room.service_down")``: the follower reconnects with ``since`` = the last version.
    The socket lives on an event loop of its own, run only inside these calls.
    """

    def __init__(self, client: ServiceClient, room: str, credential: str, seat: int, since: int) -> None:
        from tornado.httpclient import HTTPRequest

        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)  # tornado's stream makes its futures on the thread's current loop
        url = client.root.replace("http", "ws", 1) + f"{ServiceClient._room(room)}/follow?" + urlencode(
            {"seat": int(seat), "since": int(since)})
        self._url = client.root
        request = HTTPRequest(url, headers={"Authorization": f"Seat {credential}"},
                              connect_timeout=client.timeout, request_timeout=client.timeout)
        connecting = _connect(request, client.timeout)
        try:
            self._socket = self._loop.run_until_complete(connecting)
        except Exception as exc:  # a refused upgrade or credential, a dead server: one error
            connecting.close()  # never started if the loop could not run: no "never awaited" warning later
            self._loop.close()
            raise _follow_error(exc, client.root) from None

    def next_frame(self, timeout: float) -> JSON | None:
        """The next frame pushed (``{"t": "frame", "v", "d"}``'s ``d``); None if none came within ``timeout``."""
        try:
            message = self._loop.run_until_complete(_read(self._socket, timeout))
        except (asyncio.TimeoutError, TimeoutError):
            return None
        if message is None:
            raise _closed_error(self._socket, self._url)
        try:
            data = json.loads(message)
        except ValueError:
            raise RoomError("room.bad_reply", what="JSON") from None
        if isinstance(data, dict) and data.get("t") == "frame" and isinstance(data.get("d"), dict):
            return dict(data["d"])
        if isinstance(data, dict) and "error" in data:
            raise error_from(data)
        raise RoomError("room.bad_reply", what="frame")

    def alive(self, page: bool = False) -> None:
        """Send the heartbeat (``page``: the page spoke since the last one)."""
        try:
            self._loop.run_until_complete(_write(self._socket, json.dumps({"t": "alive", "page": bool(page)})))
        except Exception as exc:  # a closed socket: one error
            raise _follow_error(exc, self._url) from None

    def close(self) -> None:
        """End the WebSocket."""
        if not self._loop.is_closed():
            with contextlib.suppress(Exception):  # a socket already closed by the service: nothing to end
                self._loop.run_until_complete(_close(self._socket))
            self._loop.close()


async def _connect(request: Any, timeout: float) -> Any:
    from tornado.websocket import websocket_connect

    return await asyncio.wait_for(websocket_connect(request), timeout)


async def _read(socket: Any, timeout: float) -> Any:
    return await asyncio.wait_for(socket.read_message(), timeout)


async def _close(socket: Any) -> None:
    socket.close()
    await asyncio.sleep(0.01)


async def _write(socket: Any, text: str) -> None:
    await asyncio.wait_for(socket.write_message(text), 5.0)


def _follow_error(exc: BaseException, url: str) -> RoomError | IllegalActionError:
    """A failed WebSocket as one error: the service's refusal if it sent one."""
    response = getattr(exc, "response", None)
    body = getattr(response, "body", None)
    if body:
        try:
            return error_from(json.loads(body))
        except ValueError:
            pass
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return RoomError("room.service_timeout", seconds=10)
    return RoomError("room.service_down", url=url, reason=echo(type(exc).__name__))


def _closed_error(socket: Any, url: str) -> RoomError:
    """The socket closed: the service's reason if it gave one (a revoked credential, a released seat …)."""
    if getattr(socket, "close_code", None) == TOO_BIG:
        return RoomError("room.too_big", limit=MAX_MESSAGE)
    reason = getattr(socket, "close_reason", None)
    if reason:
        try:
            found = error_from(json.loads(reason))
        except ValueError:
            found = None
        if isinstance(found, RoomError):
            return found
    return RoomError("room.service_down", url=url, reason="closed")


def lite_refusal() -> RoomError | None:
    """The refusal for a shared room in JupyterLite (no server there), None elsewhere."""
    if sys.platform == "emscripten":
        return RoomError("room.lite", jupyter="Jupyter", lite="JupyterLite")
    return None


__all__ = ["JSON", "Follow", "LocalConnection", "RoomConnection", "ServiceAddress", "ServiceClient", "find_service"]
