"""The room service as a JupyterHub service: ``python -m cardwidgets.service --hub --port 10101``.

On several machines the rooms are kept by one process beside the Hub (``docs/classroom.md``):
the same handlers as the Jupyter Server extension, in a tornado application of their own,
proxied by the Hub at ``/services/rooms/``. A learner's kernel sends its single-user server's
``JUPYTERHUB_API_TOKEN`` (``Authorization: token …``); the service asks the Hub whose token it
is — ``GET <hub api>/user`` with that token, the call JupyterHub's own
``HubAuth.user_for_token`` makes — and keeps the answer 60 s. Seats are then given by user,
as everywhere: ``hub_claim`` binds a learner seat to the Hub user at once (no page handshake).

Instructors are the users named in ``--instructors`` (or ``CARDWIDGETS_INSTRUCTORS``, comma
separated) and the members of the Hub group ``cardwidgets-instructors``. A user's groups come
with the user model when the token may read them; otherwise the service asks with its own
token (``JUPYTERHUB_API_TOKEN`` of the service, whose role grants ``read:users:groups``).

The ``jupyterhub`` package is not needed: its ``HubAuth`` imports the Hub's own modules (and
through them SQLAlchemy), so the service makes the same documented REST call with tornado.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from jupyter_server.auth import IdentityProvider, User
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.log import app_log

from cardwidgets.service.extension import RoomsRuntime
from cardwidgets.store import RoomError, redact

#: How long the Hub's answer about a token is kept (seconds).
CACHE_SECONDS = 60.0
#: The Hub group whose members are instructors.
INSTRUCTORS_GROUP = "cardwidgets-instructors"
#: The environment variable listing instructors by name (comma separated).
INSTRUCTORS_ENV = "CARDWIDGETS_INSTRUCTORS"
#: Where the Hub's API is when ``JUPYTERHUB_API_URL`` is not set (the Hub's own default).
DEFAULT_API_URL = "http://127.0.0.1:8081/hub/api"
#: The longest a call to the Hub may take (seconds).
HUB_TIMEOUT = 10.0


@dataclass(frozen=True)
class HubUser:
    """Whose a token is, as the Hub said: the user's name and whether they teach."""

    name: str
    instructor: bool


Fetch = Callable[[HTTPRequest], Awaitable[HTTPResponse]]


class HubUsers:
    """Who a Hub token belongs to, asked of the Hub once a minute at most per token.

    ``api_url``: the Hub's API (``JUPYTERHUB_API_URL``); ``api_token``: the service's own token
    (for a user's groups when the user's token may not read them); ``instructors``: names;
    ``clock`` is injected for the tests.
    """

    def __init__(
        self,
        api_url: str,
        api_token: str = "",
        *,
        instructors: Iterable[str] = (),
        group: str = INSTRUCTORS_GROUP,
        max_age: float = CACHE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        fetch: Fetch | None = None,
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self._api_token = api_token
        self.instructors = frozenset(name for name in instructors if name)
        self.group = group
        self.max_age = max_age
        self.clock = clock
        self._fetch = fetch
        #: sha256(token) -> (when asked, the user or None): the token itself is never kept.
        self._cache: dict[str, tuple[float, HubUser | None]] = {}
        #: How many times the Hub was asked (the tests check the cache with it).
        self.asked = 0
        #: Called with each user the Hub names (the service keeps its instructors up to date with them).
        self.listeners: list[Callable[[HubUser], None]] = []

    async def user_for_token(self, token: str) -> HubUser | None:
        """The Hub user whose token this is, or None (no such token, or the Hub refused it)."""
        key = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
        now = self.clock()
        for stale in [k for k, (when, _) in self._cache.items() if now - when >= self.max_age]:
            del self._cache[stale]
        if key in self._cache:
            return self._cache[key][1]
        model = await self._get("user", token)
        user = None
        if model is not None:
            name = model.get("name")
            if isinstance(name, str) and name:
                user = HubUser(name, await self._teaches(name, model))
                for listener in self.listeners:
                    listener(user)
        self._cache[key] = (now, user)
        return user

    async def _teaches(self, name: str, model: dict[str, Any]) -> bool:
        """Whether ``name`` is an instructor: named in the config, or in the instructors' group."""
        if name in self.instructors:
            return True
        groups = model.get("groups")
        if not isinstance(groups, list) and self._api_token:  # the user's token may not read its groups
            found = await self._get(f"users/{quote(name, safe='')}", self._api_token)
            groups = found.get("groups") if found is not None else None
        return isinstance(groups, list) and self.group in groups

    async def _get(self, path: str, token: str) -> dict[str, Any] | None:
        """``GET <api>/<path>`` with ``token``; the JSON object, or None if the Hub does not know the token."""
        request = HTTPRequest(f"{self.api_url}/{path}", method="GET", request_timeout=HUB_TIMEOUT,
                              headers={"Authorization": f"token {token}", "Accept": "application/json"})
        self.asked += 1
        try:
            response = await (self._fetch or AsyncHTTPClient().fetch)(request)
        except HTTPClientError as exc:
            if exc.code in (401, 403, 404):  # not a token the Hub knows, or not one that may read this
                return None
            raise self._unreachable(f"HTTP {exc.code}") from None
        except OSError as exc:
            raise self._unreachable(exc.strerror or type(exc).__name__) from None
        try:
            model = json.loads(response.body)
        except ValueError:
            raise self._unreachable("not JSON") from None
        if not isinstance(model, dict):
            raise self._unreachable("not a user")
        return model

    def _unreachable(self, reason: str) -> RoomError:
        return RoomError("room.hub_unreachable", hub="JupyterHub", url=redact(self.api_url), reason=reason)


class HubIdentityProvider(IdentityProvider):
    """Identity in Hub mode: the Hub user of the request's ``Authorization: token …`` (None without one).

    Requests with a seat's credential or the admin key carry no Hub token: they are checked by
    the service itself, as on one machine.
    """

    users: HubUsers

    def __init__(self, users: HubUsers, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.users = users

    @staticmethod
    def hub_token(handler: web.RequestHandler) -> str:
        """The Hub token the request carries (``Authorization: token X`` or ``bearer X``), or ""."""
        kind, _, value = handler.request.headers.get("Authorization", "").strip().partition(" ")
        return value.strip() if kind.lower() in ("token", "bearer") else ""

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        """The request's Hub user, or None (the service's instructors follow the Hub's word: ``hub_app``)."""
        token = self.hub_token(handler)
        if not token:
            return None
        try:
            found = await self.users.user_for_token(token)
        except RoomError as exc:
            app_log.warning("%s", exc.explanation.text("en"))
            raise web.HTTPError(503) from None
        if found is None:
            return None
        return User(username=found.name)

    def is_token_authenticated(self, handler: web.RequestHandler) -> bool:
        """Every request here is authenticated by a header, never a cookie: no XSRF check applies."""
        return True

    def should_check_origin(self, handler: web.RequestHandler) -> bool:
        """No cookie is trusted, so a request's origin does not matter."""
        return False

    @property
    def auth_enabled(self) -> bool:
        """Every call is authenticated (by the Hub's token, a seat's credential or the admin key)."""
        return True

    @property
    def login_available(self) -> bool:
        """No login page: the Hub signs users in."""
        return False


def instructors_from_env() -> list[str]:
    """The instructors named in ``CARDWIDGETS_INSTRUCTORS`` (comma separated)."""
    return [name.strip() for name in os.environ.get(INSTRUCTORS_ENV, "").split(",") if name.strip()]


# ----- the standalone service -----------------------------------------------------------------------------------
#: Where the Hub proxies the service when it does not say (``JUPYTERHUB_SERVICE_PREFIX``).
DEFAULT_PREFIX = "/services/rooms/"


def hub_app(runtime: RoomsRuntime, users: HubUsers, *, base_url: str = DEFAULT_PREFIX) -> web.Application:
    """The service's handlers (the extension's own) in a tornado application of their own, under ``base_url``.

    Identity is the Hub's (``HubIdentityProvider``); the Hub's instructors (config and group) are the
    service's instructors, kept up to date as the Hub answers.
    """
    from jupyter_server.auth import AllowAllAuthorizer

    from cardwidgets.service.handlers import handlers

    service = runtime.service
    named = frozenset(service.instructors) | users.instructors

    def heard(user: HubUser) -> None:  # the Hub's word on a user's group, as of the last minute
        found = set(service.instructors)
        if user.instructor:
            found.add(user.name)
        elif user.name not in named:
            found.discard(user.name)
        service.instructors = frozenset(found)

    users.listeners.append(heard)
    provider = HubIdentityProvider(users)
    settings: dict[str, Any] = {
        **runtime.settings(),
        "base_url": base_url,
        "identity_provider": provider,
        "authorizer": AllowAllAuthorizer(identity_provider=provider),
        "allow_remote_access": True,  # the Hub's proxy passes the public host name on
        "xsrf_cookies": False,  # no cookie is ever trusted here: every call carries its own credential
        "websocket_ping_interval": 30,
    }
    return web.Application(handlers(base_url), **settings)


def main(argv: list[str] | None = None) -> None:
    """``python -m cardwidgets.service --hub --port N``: run the room service as a JupyterHub service."""
    import argparse
    import asyncio
    import logging

    parser = argparse.ArgumentParser(prog="python -m cardwidgets.service",
                                     description="The cardwidgets room service, as a JupyterHub service.")
    parser.add_argument("--hub", action="store_true", required=True, help="identify users by their Hub tokens")
    parser.add_argument("--port", type=int, default=10101)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--base-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or DEFAULT_PREFIX)
    parser.add_argument("--instructors", default="", help="instructors' Hub names, comma separated "
                        f"(also {INSTRUCTORS_ENV}, and the members of the Hub group {INSTRUCTORS_GROUP})")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(levelname)1.1s %(asctime)s rooms] %(message)s")
    log = logging.getLogger("cardwidgets.rooms")
    instructors = [name.strip() for name in args.instructors.split(",") if name.strip()] + instructors_from_env()
    base_url = "/" + args.base_url.strip("/") + "/" if args.base_url.strip("/") else "/"
    users = HubUsers(os.environ.get("JUPYTERHUB_API_URL") or DEFAULT_API_URL,
                     os.environ.get("JUPYTERHUB_API_TOKEN", ""), instructors=instructors)
    runtime = RoomsRuntime.open(instructors=instructors, log=log)

    async def serve() -> None:
        app = hub_app(runtime, users, base_url=base_url)
        server = app.listen(args.port, args.ip, xheaders=True)
        runtime.start(f"http://{args.ip}:{args.port}{base_url}")
        log.info("cardwidgets rooms: serving the Hub at http://%s:%s%s", args.ip, args.port, base_url)
        try:
            await asyncio.Event().wait()
        finally:
            server.stop()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    finally:
        runtime.stop()
