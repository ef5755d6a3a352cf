"""``cardwidgets-voila``: the Voila app served alone, with the room service in the same process.

Standalone Voila (``voila notebooks/``) is a tornado application of its own, not a Jupyter
server, so it loads no server extension and a ``Table(room=…)`` in its kernels would find no
room service. ``cardwidgets-voila`` is Voila with the service's handlers added under
``<base_url>cardwidgets/rooms/v1/`` and the service started beside it::

    pip install "cardwidgets[voila]"
    cardwidgets-voila notebooks/ --port=8866      # then …/voila/render/play.ipynb?room=class-3-t1&seat=2

Every option of ``voila`` applies. Identity is Voila's: with no token (its default) each browser
is an anonymous user, kept in Voila's login cookie; the cookie's secret is kept in the Jupyter
runtime directory (``cardwidgets-voila-cookie-secret``, mode 0600), so a restarted server still
knows its visitors and their seats. Voila's pages set no ``_xsrf`` cookie; this app's pages do
(the seat handshake's POST needs it).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_runtime_dir, secure_write
from tornado.ioloop import IOLoop
from traitlets import default
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from cardwidgets.service.extension import RoomsRuntime
from cardwidgets.service.handlers import handlers as room_handlers
from cardwidgets.store.base import RoomError

#: Where the login cookie's secret is kept, in the Jupyter runtime directory.
COOKIE_SECRET_FILE = "cardwidgets-voila-cookie-secret"


class PageHandler(TornadoVoilaHandler):
    """Voila's page, which also sets the ``_xsrf`` cookie the page's POSTs send back (``X-XSRFToken``)."""

    async def prepare(self) -> None:
        """Voila's own preparation (the visitor known), then ``_xsrf`` set if the browser has none."""
        await super().prepare()
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)


class CardwidgetsVoila(Voila):
    """Voila plus the room service: its handlers, its runtime file, its periodic tick."""

    name = "cardwidgets-voila"
    description = "Voila with the cardwidgets room service: shared rooms for a class in the browser."

    @default("cookie_secret")
    def _default_cookie_secret(self) -> bytes:
        """The secret of the previous run, if any, so that visitors stay who they were."""
        path = Path(jupyter_runtime_dir()) / COOKIE_SECRET_FILE
        try:
            secret = bytes.fromhex(path.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            secret = b""
        if len(secret) < 32:
            secret = secrets.token_bytes(32)
            path.parent.mkdir(parents=True, exist_ok=True)
            with secure_write(str(path)) as file:
                file.write(secret.hex())
        return secret

    #: The room service with its handlers' state, runtime file and tick (None until ``init_settings``).
    runtime: RoomsRuntime | None = None

    def init_settings(self) -> dict[str, Any]:
        """Voila's settings, and the room service on its store (``CARDWIDGETS_STORE``, else SQLite in the data dir)."""
        settings = super().init_settings()
        try:
            runtime = RoomsRuntime.open(log=self.log)
        except RoomError as exc:  # its words name the store redacted
            self.log.critical("cardwidgets rooms: no room service: %s", exc)
            self.exit(1)
        self.runtime = runtime
        settings.update(runtime.settings())
        return settings

    def init_handlers(self) -> list[Any]:
        """The room service's handlers, then Voila's (which end in a catch-all), its page setting ``_xsrf``."""
        handlers = [
            (path, PageHandler if handler is TornadoVoilaHandler else handler, *rest)
            for path, handler, *rest in super().init_handlers()
        ]
        return [*room_handlers(self.server_url), *handlers]

    def listen(self) -> None:
        """Listen (Voila runs its loop in here); once the loop runs, the service says where it is."""
        IOLoop.current().add_callback(self._start_rooms)
        super().listen()

    def _start_rooms(self) -> None:
        """Write the runtime file (the kernels find the service by it: ``JPY_PARENT_PID``) and start ticking."""
        if self.runtime is not None:
            path = self.runtime.start(self.connection_url)
            self.log.info("cardwidgets rooms: the room service is at %s (%s)", self.connection_url, path.name)

    def stop(self) -> None:
        """Stop the room service (its runtime file removed), then Voila."""
        try:
            if self.runtime is not None:
                self.runtime.stop()
                self.runtime = None
        finally:
            super().stop()


def main(argv: list[str] | None = None) -> None:
    """The ``cardwidgets-voila`` command."""
    CardwidgetsVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
