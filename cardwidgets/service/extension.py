"""The room service as a Jupyter Server extension: it runs in the server process, beside Lab and Voila.

``jupyter-config/jupyter_server_config.d/cardwidgets.json`` (installed with the package) enables
it, so ``jupyter lab`` (or ``jupyter server``, Notebook 7, Voila through the server) starts it;
nothing else to run. At start it writes ``<runtime dir>/cardwidgets-rooms-<pid>.json`` (mode 0600,
with ``secure_write``, as the server's own ``jpserver-<pid>.json``): the server's URL, the API's
path and the admin key, so the server's kernels (``JPY_PARENT_PID``) and its owner's instructor
kernel find it; the file goes at stop. ``RoomsRuntime`` is the part a ``VoilaApp`` reuses.
"""

from __future__ import annotations

import json
import logging
import os
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_runtime_dir, secure_write
from jupyter_server.extension.application import ExtensionApp
from tornado.ioloop import PeriodicCallback
from traitlets import Float, List, Unicode

from cardwidgets.service.client import RUNTIME_FILE
from cardwidgets.service.core import RoomService
from cardwidgets.service.handlers import SETTINGS_KEY, Rooms, handlers
from cardwidgets.service.seats import digest, new_secret
from cardwidgets.service.wire import API_PATH
from cardwidgets.store import Store
from cardwidgets.store.base import RoomError


class RoomsRuntime:
    """The service with its admin key, its handlers' shared state, its runtime file and its periodic tick."""

    def __init__(self, service: RoomService, *, log: logging.Logger | None = None, tick_seconds: float = 1.0) -> None:
        self.service = service
        self._admin_key = new_secret()
        self.rooms = Rooms(service, digest(self._admin_key))
        self.log = log or logging.getLogger("cardwidgets.rooms")
        self.tick_seconds = tick_seconds
        self.path: Path | None = None
        self._ticker: PeriodicCallback | None = None
        self._ticking: Future[None] | None = None

    @classmethod
    def open(cls, store: str | Store | None = None, *, instructors: list[str] | tuple[str, ...] = (),
             log: logging.Logger | None = None, tick_seconds: float = 1.0) -> RoomsRuntime:
        """The runtime of a service on ``store`` (default: ``CARDWIDGETS_STORE``, else SQLite in the data dir)."""
        return cls(RoomService(store, instructors=instructors), log=log, tick_seconds=tick_seconds)

    def settings(self) -> dict[str, Any]:
        """What to add to the web application's settings (the handlers find the service there)."""
        return {SETTINGS_KEY: self.rooms}

    def start(self, url: str, pid: int | None = None) -> Path:
        """Write the runtime file for the server at ``url`` (pid: this process) and start ticking; its path."""
        pid = os.getpid() if pid is None else pid
        path = Path(jupyter_runtime_dir()) / RUNTIME_FILE.format(pid=pid)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"url": url if url.endswith("/") else url + "/", "api": API_PATH, "pid": pid,
                "admin_key": self._admin_key}
        with secure_write(str(path)) as file:
            json.dump(data, file)
        self.path = path
        self._ticker = PeriodicCallback(self._tick, self.tick_seconds * 1000)
        self._ticker.start()
        self.log.info("cardwidgets rooms: the room service runs on the store %s", _shown(self.service.store))
        return path

    def _tick(self) -> None:
        """Run ``service.tick()`` on a worker thread (one at a time)."""
        if self._ticking is not None and not self._ticking.done():
            return
        self._ticking = self.rooms.pool.submit(self._safe_tick)

    def _safe_tick(self) -> None:
        try:
            self.service.tick()
        except RoomError as exc:
            self.log.warning("cardwidgets rooms: %s", exc)

    def stop(self) -> None:
        """Stop ticking, remove the runtime file, let go of the store."""
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None
        self.rooms.close()
        self.service.close()


def _shown(store: Store) -> str:
    from cardwidgets.store.base import redact

    return redact(store.address)


class RoomServiceApp(ExtensionApp):
    """The room service in a Jupyter server (``docs/classroom.md``, "Where the service runs")."""

    name = "cardwidgets_rooms"
    load_other_extensions = True

    store = Unicode("", help="The room store's address (default: CARDWIDGETS_STORE, else SQLite in the data dir).").tag(
        config=True)
    instructors = List(Unicode(), help="Users who may make the instructor's calls without the admin key.").tag(
        config=True)
    tick_seconds = Float(1.0, help="How often the service looks for seats gone quiet (seconds).").tag(config=True)

    runtime: RoomsRuntime | None = None

    def initialize_settings(self) -> None:
        """Open the service on its store (a store that cannot be opened is logged, redacted, and the API says 503)."""
        try:
            self.runtime = RoomsRuntime.open(self.store or None, instructors=list(self.instructors), log=self.log,
                                             tick_seconds=self.tick_seconds)
        except RoomError as exc:
            self.log.error("cardwidgets rooms: no room service: %s", exc)
            return
        self.settings.update(self.runtime.settings())

    def initialize_handlers(self) -> None:
        """The service's routes (the extension machinery puts the server's base URL before them)."""
        self.handlers.extend(handlers("/"))

    async def _start_jupyter_server_extension(self, serverapp: Any) -> None:
        """Once the server runs: write the runtime file with its URL and start ticking."""
        if self.runtime is not None:
            self.runtime.start(str(serverapp.connection_url))

    async def stop_extension(self) -> None:
        """At the server's stop: the runtime file goes, the store is let go."""
        if self.runtime is not None:
            self.runtime.stop()
            self.runtime = None


def _jupyter_server_extension_points() -> list[dict[str, Any]]:
    """The extension's entry point, as Jupyter Server looks for it."""
    return [{"module": "cardwidgets.service.extension", "app": RoomServiceApp}]


__all__ = ["RoomServiceApp", "RoomsRuntime"]
