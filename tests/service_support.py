"""A real ``jupyter server`` with the room service, for tests: its own folders, a known token, "browsers".

``running_server(folder)`` starts ``python -m jupyter_server`` on a free loopback port with the
extension enabled (and no other extension unless asked: ``extensions={"voila.server_extension": True}``), its own
``JUPYTER_DATA_DIR``, ``JUPYTER_RUNTIME_DIR`` and ``JUPYTER_CONFIG_DIR``, and a SQLite store under
``folder`` (or ``store=`` another address, e.g. the Redis of ``rooms_support.redis_server``). It
yields a ``ServiceServer``: ``url``, ``token``, ``admin_key`` (read from the runtime file, as the
instructor's kernel reads it), ``client()`` (a ``ServiceClient``, the instructor's with
``admin=True``), ``browser()`` (a signed-in browser session: each is its own anonymous user, with
its login cookie and ``_xsrf``), ``kernel_env()`` (what a kernel of this server has in its
environment) and ``log()`` (everything the server wrote).

The module-scoped fixture ``service_server`` shares one server among a module's tests.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
from rooms_support import free_port

from cardwidgets.service import ServiceClient
from cardwidgets.service.wire import API_PATH

ROOT = Path(__file__).parent.parent
#: How long the server may take to start (it takes about a second here).
START_SECONDS = 30.0
#: The extensions of this environment a test server does not load unless asked (they slow its start).
OTHERS = (
    "jupyterlab", "notebook", "notebook_shim", "voila.server_extension", "jupyter_lsp", "jupyter_server_terminals",
)


class Browser:
    """A browser signed in to the server: its own cookies (so its own anonymous user) and its ``_xsrf``."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.api = url + API_PATH
        self.session = requests.Session()
        self.session.get(url + "login", timeout=10)  # the login page sets the _xsrf cookie
        reply = self.session.post(url + "login", data={"password": token, "_xsrf": self.xsrf},
                                  allow_redirects=False, timeout=10)
        assert reply.status_code in (200, 302), reply.status_code

    @property
    def xsrf(self) -> str:
        """The ``_xsrf`` cookie's value (what a page sends in ``X-XSRFToken``)."""
        return str(self.session.cookies.get("_xsrf", ""))

    def confirm(self, claim: str, take_over: bool = False, *, xsrf: bool = True) -> requests.Response:
        """The page's confirm, as the widget's front-end makes it (``xsrf=False``: without the header)."""
        headers = {"X-XSRFToken": self.xsrf} if xsrf else {}
        body = {"take_over": True} if take_over else {}
        return self.session.post(f"{self.api}claims/{claim}/confirm", json=body, headers=headers, timeout=10)

    def get(self, path: str) -> requests.Response:
        """``GET`` a path of the service's API with this browser's cookies."""
        return self.session.get(self.api + path, timeout=10)


@dataclass
class ServiceServer:
    """A running ``jupyter server`` with the room service."""

    url: str
    token: str
    admin_key: str
    process: subprocess.Popen[bytes]
    folder: Path
    store: str
    log_path: Path
    runtime_dir: Path
    browsers: list[Browser] = field(default_factory=list)

    @property
    def api(self) -> str:
        """The service's API root."""
        return self.url + API_PATH

    def client(self, *, admin: bool = False, timeout: float = 10.0) -> ServiceClient:
        """A client of the service (the instructor's, with the admin key, if ``admin``)."""
        return ServiceClient(self.url, timeout=timeout, admin_key=self.admin_key if admin else None)

    def browser(self) -> Browser:
        """A new browser session, signed in: a new anonymous user."""
        found = Browser(self.url, self.token)
        self.browsers.append(found)
        return found

    def kernel_env(self) -> dict[str, str]:
        """The environment of a kernel this server started (how ``find_service()`` finds the service)."""
        return {**os.environ, "JPY_PARENT_PID": str(self.process.pid), "JUPYTER_RUNTIME_DIR": str(self.runtime_dir),
                "PYTHONPATH": str(ROOT)}

    def log(self) -> str:
        """Everything the server has written to its log so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """Stop the server (SIGTERM, as Ctrl-C would) and wait for it."""
        for browser in self.browsers:
            browser.session.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


def start_server(
    folder: Path, *, store: str | None = None, extensions: dict[str, bool] | None = None,
    env: dict[str, str] | None = None, args: tuple[str, ...] = (),
) -> ServiceServer:
    """Start a server in ``folder`` and wait until its room service has written its runtime file."""
    folder.mkdir(parents=True, exist_ok=True)
    dirs = {name: folder / name for name in ("data", "runtime", "config", "root")}
    for path in dirs.values():
        path.mkdir(exist_ok=True)
    store = store or str(folder / "rooms.sqlite")
    token = secrets.token_hex(16)
    port = free_port()
    enabled = dict.fromkeys(OTHERS, False) | {"cardwidgets.service.extension": True} | (extensions or {})
    command = [
        sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={dirs['root']}",
        "--ServerApp.port_retries=0", "--allow-root", *args,
    ]
    config = {"ServerApp": {"jpserver_extensions": enabled}}  # the highest-priority config folder: this one
    (dirs["config"] / "jupyter_server_config.json").write_text(json.dumps(config), encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_DATA_DIR": str(dirs["data"]),
                   "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]), "JUPYTER_CONFIG_DIR": str(dirs["config"]),
                   "CARDWIDGETS_STORE": store, **(env or {})}
    environment.pop("JPY_PARENT_PID", None)
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, env=environment, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    runtime = dirs["runtime"] / f"cardwidgets-rooms-{process.pid}.json"
    end = time.monotonic() + START_SECONDS
    while not runtime.exists():
        if process.poll() is not None or time.monotonic() > end:
            process.kill()
            pytest.fail("the jupyter server with the room service did not start:\n"
                        + log_path.read_text(encoding="utf-8", errors="replace")[-3000:])
        time.sleep(0.05)
    data: dict[str, Any] = {}
    while not data:  # written once: read until whole
        try:
            data = json.loads(runtime.read_text(encoding="utf-8"))
        except ValueError:
            time.sleep(0.02)
    return ServiceServer(data["url"], token, data["admin_key"], process, folder, store, log_path, dirs["runtime"])


@contextmanager
def running_server(folder: Path, **options: Any) -> Iterator[ServiceServer]:
    """A server for the ``with`` block (stopped after it, even when the block fails)."""
    server = start_server(folder, **options)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def service_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceServer]:
    """One server with the room service for a module's tests (SQLite store)."""
    with running_server(tmp_path_factory.mktemp("service")) as server:
        yield server
