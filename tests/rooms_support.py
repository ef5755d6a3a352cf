"""What the store and room tests share: a real ``redis-server`` on a free loopback port, the two stores, workers.

``store_address`` is parametrised over both backends, so every test that takes it runs
against SQLite (a file in the test's folder) and Redis (a server started for the session,
emptied before each test). Workers are separate Python processes (``rooms_worker.py``),
as separate kernels would be.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardwidgets.store import open_store

ROOT = Path(__file__).parent.parent
WORKER = Path(__file__).parent / "rooms_worker.py"
#: How long a test waits for a condition (a server up, a worker ready) before failing.
PATIENCE = 60.0


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition: object, what: str, patience: float = PATIENCE) -> None:
    """Poll ``condition()`` until it is true (no fixed sleeps); fail after ``patience`` seconds."""
    end = time.monotonic() + patience
    while not condition():  # type: ignore[operator]
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


class RedisServer:
    """A ``redis-server`` in a temporary folder, with the append-only file on (a restart keeps the logs)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        binary = shutil.which("redis-server")
        assert binary, "redis-server is missing: apt-get install redis-server (make test does)"
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                   "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.answers, "redis-server to start")

    def answers(self) -> bool:
        """Whether the server accepts a connection and answers PING."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the server (SIGTERM: it writes its files and exits)."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=PATIENCE)
            self.process = None

    def restart(self) -> None:
        """Stop the server and start it again on the same port and folder."""
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def store_address(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The address of an empty store, of each backend; seat tokens go to the test's folder."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter"))
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite")
    server: RedisServer = request.getfixturevalue("redis_server")
    if not server.answers():  # a test restarted it and failed half-way
        server.restart()
    store = open_store(server.url)
    store._redis.flushall()  # type: ignore[attr-defined]
    store.close()
    return server.url


def worker(*args: str, data_dir: Path | None = None) -> subprocess.Popen[str]:
    """Start ``rooms_worker.py`` with ``args`` as a separate process (a kernel of its own)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if data_dir is not None:
        env["JUPYTER_DATA_DIR"] = str(data_dir)
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def finish(process: subprocess.Popen[str]) -> str:
    """Wait for a worker; its output (a failed worker fails the test with its error)."""
    out, err = process.communicate(timeout=PATIENCE * 5)
    assert process.returncode == 0, err
    return out


def finish_all(processes: list[subprocess.Popen[str]]) -> list[str]:
    """Wait for workers that wait on each other; their outputs.

    The first one to fail fails the test with its own error (the others, who may be waiting
    for its moves for ever, are killed), not with a timeout of one still waiting.
    """
    end = time.monotonic() + PATIENCE * 5
    while any(process.poll() is None for process in processes) and time.monotonic() < end:
        if any(process.returncode not in (None, 0) for process in processes):
            break
        time.sleep(0.05)
    killed = [process for process in processes if process.poll() is None]
    for process in killed:
        process.kill()
    outputs = [process.communicate() for process in processes]
    ended = zip(processes, outputs, strict=True)
    failed = [err for process, (_, err) in ended if process.returncode and process not in killed]
    assert not failed, failed[0]
    assert not killed, f"{len(killed)} worker(s) still running after {PATIENCE * 5:.0f} s"
    return [out for out, _ in outputs]
