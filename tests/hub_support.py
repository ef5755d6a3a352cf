"""A stand-in for JupyterHub's API, as the room service's Hub mode asks it: who a token belongs to.

``GET /hub/api/user`` with ``Authorization: token <t>`` answers the token's user model (as the
Hub does, with ``groups`` only when the token may read them) or 403; ``GET /hub/api/users/<name>``
answers a user's model, groups included, to the service's own token only. The Hub runs on its
own event loop in a thread of the test process; ``asked`` counts the calls it answered.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tornado import web
from tornado.httpserver import HTTPServer

#: The service's own token (its role may read users' groups).
SERVICE_TOKEN = "service-token-rooms"


@dataclass
class StandInHub:
    """The users and tokens the stand-in knows, and what it was asked."""

    #: token -> (user name, whether the token may read the user's groups)
    tokens: dict[str, tuple[str, bool]]
    #: user name -> groups
    groups: dict[str, list[str]]
    asked: list[str] = field(default_factory=list)
    url: str = ""


class _UserHandler(web.RequestHandler):
    def initialize(self, hub: StandInHub) -> None:
        self.hub = hub

    def _token(self) -> str:
        kind, _, value = self.request.headers.get("Authorization", "").partition(" ")
        return value if kind.lower() == "token" else ""

    def get(self, name: str | None = None) -> None:
        self.hub.asked.append(self.request.path)
        token = self._token()
        if name is None:  # GET /hub/api/user: the token's own user
            if token not in self.hub.tokens:
                raise web.HTTPError(403)
            user, groups_readable = self.hub.tokens[token]
            model: dict[str, Any] = {"kind": "user", "name": user, "admin": False, "scopes": []}
            if groups_readable:
                model["groups"] = self.hub.groups.get(user, [])
        else:  # GET /hub/api/users/<name>: the service's role only
            if token != SERVICE_TOKEN:
                raise web.HTTPError(403)
            if name not in self.hub.groups:
                raise web.HTTPError(404)
            model = {"kind": "user", "name": name, "groups": self.hub.groups[name]}
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(model))


@contextmanager
def stand_in_hub(tokens: dict[str, tuple[str, bool]], groups: dict[str, list[str]]) -> Iterator[StandInHub]:
    """A stand-in Hub API on a free loopback port for the time of the ``with``; its ``url`` is the API's."""
    hub = StandInHub(tokens, groups)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    hub.url = f"http://127.0.0.1:{port}/hub/api"
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    servers: list[HTTPServer] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        app = web.Application([(r"/hub/api/user", _UserHandler, {"hub": hub}),
                               (r"/hub/api/users/([^/]+)", _UserHandler, {"hub": hub})])
        servers.append(app.listen(port, "127.0.0.1"))
        loop.call_soon(ready.set)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield hub
    finally:
        async def stop() -> None:
            for server in servers:
                server.stop()
                await server.close_all_connections()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
