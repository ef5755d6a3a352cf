"""Shared rooms (docs/classroom.md): how fast a move reaches the other kernels, moves per second, memory per kernel.

Four processes (four kernels) hold the four seats of one Nestors room and play; each notes
when it appended a move and when it first saw each of the others' moves (looking at the log
as a ``SharedTable`` does, every ``FOLLOW_SECONDS``). Then: moves per second through
each store (one writer, and four writers at once), and the memory of a kernel process
holding a table. Run from the repository's root::

    PYTHONPATH=$PWD python benchmarks/rooms.py [--moves 400]

It starts its own ``redis-server`` on a free loopback port in a temporary folder.

``--service`` measures the same through the room service instead: a real ``jupyter server``
with the service's extension, and four client processes, each a learner with its own browser
session (the seat handshake: claim, the page's confirm, redeem), holding its seat with a
``ServiceClient`` — an action is one HTTP POST, frames come over the seat's WebSocket. Each
client notes when it sent a move and when each other client's WebSocket brought the frame with
it; the service's CPU time (``/proc``) is divided by the moves played::

    PYTHONPATH=$PWD python benchmarks/rooms.py --service [--moves 400] [--rooms 40 --seconds 20]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import resource
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cardwidgets.store import RoomError, open_store
from cardwidgets.store.room import Room
from cardwidgets.widgets.shared_table import FOLLOW_SECONDS

ROOM = "bench"
PLAYERS = 4


# ----- one kernel ---------------------------------------------------------------------------------------------
def kernel(address: str, seat: int, moves: int) -> None:
    """Play ``seat`` until the log holds ``moves`` moves; print when each move was appended and seen."""
    room = Room(ROOM, store=address)
    room.join(seat)
    while len(room.humans()) < PLAYERS:  # everyone seated before the first move
        time.sleep(0.01)
    appended: dict[int, float] = {}
    seen: dict[int, float] = {}
    while room.version < moves and not room.match.is_over:
        state = room.state
        try:
            if state.is_done:
                room.next_deal(seat, after=len(room.match.deals))
            elif state.to_act == seat:
                started = time.time()
                room.move(seat, state.legal_strings()[0])
                appended[room.version] = started
            else:  # as a SharedTable follows the room: look at the log every FOLLOW_SECONDS
                before = room.version
                if room.store.version(ROOM) > before and room.sync():
                    now = time.time()
                    seen.update(dict.fromkeys(range(before + 1, room.version + 1), now))
                else:
                    time.sleep(FOLLOW_SECONDS)
        except RoomError as exc:
            if exc.key != "room.moved_first":
                raise
    print(json.dumps({"appended": appended, "seen": seen}))


def latency(address: str, moves: int) -> list[float]:
    """Milliseconds from a move's append to another kernel seeing it, for every (move, other kernel)."""
    Room(ROOM, "nestors", store=address, seed=1, rules={"target": 100_000})
    command = [sys.executable, __file__, "--kernel", address]
    kernels = [subprocess.Popen([*command, str(seat), str(moves)], stdout=subprocess.PIPE, text=True)
               for seat in range(PLAYERS)]
    results = [json.loads(process.communicate()[0]) for process in kernels]
    appended = {int(v): t for result in results for v, t in result["appended"].items()}
    return [
        (t - appended[int(v)]) * 1000
        for result in results
        for v, t in result["seen"].items()
        if int(v) in appended
    ]


# ----- moves per second, memory -------------------------------------------------------------------------------
def writer(address: str, name: str, count: int) -> None:
    """Append ``count`` moves as fast as the store takes them (retrying when someone moved first)."""
    store = open_store(address)
    started = time.time()
    for i in range(count):
        while True:
            try:
                store.append(name, store.version(name), {"seat": 0, "action": f"m{i}"})
                break
            except RoomError:
                continue
    print(started, time.time())


def throughput(address: str, writers: int, count: int) -> float:
    """Moves per second with ``writers`` processes appending ``count`` moves each to one room."""
    name = f"speed-{writers}"
    processes = [subprocess.Popen([sys.executable, __file__, "--writer", address, name, str(count)],
                                  stdout=subprocess.PIPE, text=True) for _ in range(writers)]
    spans = [[float(t) for t in process.communicate()[0].split()] for process in processes]
    return writers * count / (max(end for _, end in spans) - min(start for start, _ in spans))


def kernel_memory(address: str) -> dict[str, float]:
    """Resident memory (MB) of a real IPython kernel: started, then with a shared table open and followed."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        pid = manager.provisioner.process.pid  # type: ignore[union-attr]
        found = {"kernel, started": _resident_mb(pid)}
        # this kernel's parent runs no room service: direct=True opens the store itself (what this part measures)
        code = (f"from cardwidgets import Table\n"
                f"t = Table('nestors', room='memory', seat=1, store={address!r}, direct=True)\n"
                "_ = t.act(t.legal[0]) if t.legal else None")
        reply = client.execute_interactive(code, timeout=120, output_hook=lambda message: None)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"the kernel could not open the table: {reply['content'].get('evalue')}")
        found["kernel with a shared table"] = _resident_mb(pid)
        return found
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _resident_mb(pid: int) -> float:
    """A process's resident set size in MB (``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ----- through the room service ---------------------------------------------------------------------------------
#: The environment variable handing a client process the server's login token (never put on a command line).
TOKEN_ENV = "CARDWIDGETS_BENCH_TOKEN"
#: A client's pause before each of its moves (seconds): the service allows a seat 20 calls a second, and a
#: learner makes about one move a second; this keeps four clients well inside the bound and still brisk.
THINK_SECONDS = 0.06


def browser(url: str, token: str) -> Any:
    """A browser session of its own (its own anonymous user): logged in with the server's token, holding ``_xsrf``."""
    import requests

    session = requests.Session()
    session.get(f"{url}api/me", params={"token": token}, timeout=30).raise_for_status()
    session.get(f"{url}login", timeout=30)  # the page that sets the _xsrf cookie, as a browser's first page does
    return session


def take_seat(url: str, token: str, seat: int) -> tuple[Any, str]:
    """Hold ``seat`` of the bench room as a learner does: the kernel claims, its page confirms, the kernel redeems."""
    from cardwidgets.service.client import ServiceClient
    from cardwidgets.service.wire import API_PATH

    client = ServiceClient(url)
    key = secrets.token_urlsafe(32)
    claim = client.claim(ROOM, seat, hashlib.sha256(key.encode()).hexdigest())["claim"]
    page = browser(url, token)
    confirmed = page.post(f"{url}{API_PATH}claims/{claim}/confirm", timeout=30,
                          headers={"X-XSRFToken": page.cookies.get("_xsrf", "")})
    confirmed.raise_for_status()
    return client, client.redeem(claim, key, pid=os.getpid())["credential"]


def service_kernel(url: str, seat: int, moves: int) -> None:
    """Play ``seat`` through the service until the log holds ``moves`` moves; print when moves were sent and seen."""
    import uuid

    client, credential = take_seat(url, os.environ[TOKEN_ENV], seat)
    follow = client.follow(ROOM, credential, seat, since=0)
    frame = client.frame(ROOM, credential)
    sent: dict[int, float] = {}
    seen: dict[int, float] = {}
    try:
        while frame["version"] < moves and not frame["match"]["over"]:
            if frame["state"] == "playing" and frame["legal"]:
                time.sleep(THINK_SECONDS)
                started = time.time()
                try:
                    reply = client.act(ROOM, credential, seat, frame["version"], frame["legal"][0], uuid.uuid4().hex)
                except RoomError as exc:
                    if exc.key not in ("room.moved_first", "room.too_fast"):
                        raise
                    time.sleep(THINK_SECONDS)
                    frame = client.frame(ROOM, credential)
                    continue
                sent[reply["version"]] = started
                frame = reply["frame"]
                continue
            if frame["state"] == "playing" and frame["record"] is not None:  # the deal is over: start the next one
                time.sleep(THINK_SECONDS)
                with contextlib.suppress(RoomError):
                    frame = client.next_deal(ROOM, credential, seat, frame["deal"], uuid.uuid4().hex)["frame"]
                    continue
            pushed = follow.next_frame(5.0)
            if pushed is None:
                frame = client.frame(ROOM, credential)
                continue
            now = time.time()
            for version in range(frame["version"] + 1, pushed["version"] + 1):
                seen.setdefault(version, now)
            if pushed["version"] >= frame["version"]:
                frame = pushed
    finally:
        follow.close()
    print(json.dumps({"appended": sent, "seen": seen}))


#: A running server with the service: the process, its URL, its runtime file's data, its login token.
Running = tuple["subprocess.Popen[bytes]", str, dict[str, Any], str]


def start_server(folder: Path, token: str) -> tuple[subprocess.Popen[bytes], str, dict[str, Any]]:
    """A ``jupyter server`` with the room service on a free port (its own Jupyter folders, a SQLite store)."""
    from cardwidgets.service.client import RUNTIME_FILE

    port = free_port()
    for name in ("runtime", "data", "config"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    # the service and nothing else: Lab, Voila and the rest would only slow the server's start
    others = ("jupyterlab", "notebook", "notebook_shim", "voila.server_extension", "jupyter_lsp",
              "jupyter_server_terminals")
    extensions = dict.fromkeys(others, False) | {"cardwidgets.service.extension": True}
    (folder / "config" / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"jpserver_extensions": extensions}}), encoding="utf-8")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "JUPYTER_DATA_DIR": str(folder / "data"),
           "JUPYTER_CONFIG_DIR": str(folder / "config"), "CARDWIDGETS_STORE": str(folder / "service.sqlite")}
    env.pop("JPY_PARENT_PID", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root", f"--port={port}",
         "--ip=127.0.0.1", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    runtime = folder / "runtime" / RUNTIME_FILE.format(pid=server.pid)
    deadline = time.time() + 120
    while not runtime.exists():
        if server.poll() is not None or time.time() > deadline:
            server.kill()
            raise RuntimeError("jupyter server with the room service did not start")
        time.sleep(0.05)
    data: dict[str, Any] = {}
    while not data:  # written once: read until whole
        try:
            data = json.loads(runtime.read_text())
        except ValueError:
            time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}/", data


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def service_latency(running: Running, moves: int) -> tuple[list[float], float, int]:
    """Milliseconds from a move's POST to each other client's frame with it; the service's CPU ms per move; moves."""
    from cardwidgets.service.client import ServiceClient

    server, url, runtime, token = running
    admin = ServiceClient(url, admin_key=runtime["admin_key"])
    admin.create_room(ROOM, "nestors", rules={"target": 100_000}, seed=1, learners=list(range(PLAYERS)))
    cpu_before = cpu_seconds(server.pid)
    command = [sys.executable, __file__, "--service-kernel", url]
    env = {**os.environ, TOKEN_ENV: token}
    clients = [subprocess.Popen([*command, str(seat), str(moves)], stdout=subprocess.PIPE, text=True, env=env)
               for seat in range(PLAYERS)]
    results = [json.loads(process.communicate()[0]) for process in clients]
    cpu = cpu_seconds(server.pid) - cpu_before
    sent = {int(v): t for result in results for v, t in result["appended"].items()}
    delays = [(t - sent[int(v)]) * 1000 for result in results for v, t in result["seen"].items() if int(v) in sent]
    return delays, cpu * 1000 / max(len(sent), 1), len(sent)


def load_learner(url: str, token: str, room: str, *, ready: Any, window: dict[str, float], frames: list[int]) -> None:
    """One learner of ``rooms_load`` (a thread): binds seat 0 of ``room``, plays at its turns, counts pushed frames."""
    import uuid

    from cardwidgets.service.client import ServiceClient
    from cardwidgets.service.wire import API_PATH

    client = ServiceClient(url, timeout=30)
    key = secrets.token_urlsafe(32)
    claim = client.claim(room, 0, hashlib.sha256(key.encode()).hexdigest())["claim"]
    page = browser(url, token)
    page.post(f"{url}{API_PATH}claims/{claim}/confirm", headers={"X-XSRFToken": page.cookies.get("_xsrf", "")},
              timeout=30).raise_for_status()
    credential = client.redeem(claim, key)["credential"]
    follow = client.follow(room, credential, 0)
    ready.wait()
    frame = client.frame(room, credential)
    counted = 0
    try:
        while time.time() < window["end"]:
            if frame["state"] == "playing" and (frame["legal"] or frame["record"] is not None):
                time.sleep(THINK_SECONDS)
                with contextlib.suppress(RoomError):
                    if frame["legal"]:
                        frame = client.act(room, credential, 0, frame["version"], frame["legal"][0],
                                           uuid.uuid4().hex)["frame"]
                    else:
                        frame = client.next_deal(room, credential, 0, frame["deal"], uuid.uuid4().hex)["frame"]
                    continue
            pushed = follow.next_frame(1.0)
            if pushed is None:
                frame = client.frame(room, credential)
                continue
            if window["start"] <= time.time() < window["end"]:
                counted += 1
            if pushed["version"] >= frame["version"]:
                frame = pushed
    finally:
        with contextlib.suppress(Exception):  # the socket's loop is this thread's own; the process ends anyway
            follow.close()
        frames.append(counted)


def rooms_load(running: Running, rooms: int, seconds: float) -> dict[str, float]:
    """``rooms`` rooms at once, one learner (a thread here) and three bots each: moves/s, frames/s, the server's CPU.

    Each learner binds seat 0 of its room by the handshake, follows it over the WebSocket and plays at its
    turns (pausing ``THINK_SECONDS``); the bots answer in the service. Counted over ``seconds`` once every
    room plays: the moves appended (learners' and bots'), the frames pushed to the learners, the server's CPU.
    """
    import threading

    from cardwidgets.service.client import ServiceClient

    server, url, runtime, token = running
    names = [f"load-{n}" for n in range(1, rooms + 1)]
    frames: list[int] = []
    window = {"start": float("inf"), "end": float("inf")}
    ready = threading.Event()

    admin = ServiceClient(url, admin_key=runtime["admin_key"], timeout=30)
    for number, room in enumerate(names):
        admin.create_room(room, "nestors", rules={"target": 100_000}, seed=number, learners=[0])
    threads = [threading.Thread(target=load_learner, args=(url, token, room), daemon=True,
                                kwargs={"ready": ready, "window": window, "frames": frames}) for room in names]
    for thread in threads:
        thread.start()
    while not all(admin.room_info(room)["state"] == "playing" for room in names):
        time.sleep(0.2)
    window["end"] = time.time() + seconds + 2
    ready.set()
    time.sleep(2)  # every learner under way
    before = sum(admin.room_info(room)["version"] for room in names)
    cpu_before, window["start"] = cpu_seconds(server.pid), time.time()
    time.sleep(seconds)
    cpu, elapsed = cpu_seconds(server.pid) - cpu_before, time.time() - window["start"]
    moves = sum(admin.room_info(room)["version"] for room in names) - before
    for thread in threads:
        thread.join(30)
    return {"moves": moves / elapsed, "frames": sum(frames) / elapsed, "cpu": 100 * cpu / elapsed}


def service_main(moves: int, rooms: int, seconds: float) -> None:
    """Measure a move's way through the service (and ``rooms`` rooms at once, if asked); print the figures."""
    folder = Path(tempfile.mkdtemp(prefix="cw-rooms-service-"))
    token = secrets.token_hex(16)
    server, url, runtime = start_server(folder, token)
    try:
        delays, cpu_ms, played = service_latency((server, url, runtime, token), moves)
        print(f"service: a move seen by another client after p50 {percentile(delays, 0.5):.1f} ms, "
              f"p95 {percentile(delays, 0.95):.1f} ms, max {max(delays):.1f} ms ({len(delays)} sightings, "
              f"{played} moves; goal: p95 <= 200 ms)")
        print(f"service: {cpu_ms:.1f} ms of the server's CPU per move (four clients following)")
        if rooms:
            found = rooms_load((server, url, runtime, token), rooms, seconds)
            print(f"service, {rooms} rooms (one learner and three bots each, {seconds:.0f} s): "
                  f"{found['moves']:.0f} moves/s in all, {found['frames']:.0f} frames/s pushed to the learners, "
                  f"the server at {found['cpu']:.0f}% of one core")
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(folder, ignore_errors=True)


# ----- the run -------------------------------------------------------------------------------------------------
def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server (append-only file, fsync every second as in production) and its address."""
    port = free_port()
    server = subprocess.Popen(
        [shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind", "127.0.0.1",
         "--dir", str(folder), "--appendonly", "yes", "--save", ""],
        stdout=subprocess.DEVNULL,
    )
    address = f"redis://127.0.0.1:{port}/0"
    for _ in range(500):
        try:
            open_store(address).close()
            return server, address
        except RoomError:
            time.sleep(0.01)
    raise RuntimeError("redis-server did not start")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie."""
    return statistics.quantiles(values, n=100)[round(share * 100) - 1]


def main() -> None:
    """Measure both stores and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--service", action="store_true", help="through the room service in a real jupyter server")
    parser.add_argument("--rooms", type=int, default=0, help="with --service: also this many rooms at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long --rooms is measured")
    args = parser.parse_args()
    if args.service:
        service_main(args.moves, args.rooms, args.seconds)
        return
    folder = Path(tempfile.mkdtemp(prefix="cw-rooms-bench-"))
    os.environ["JUPYTER_DATA_DIR"] = str(folder / "jupyter")  # the seat tokens: not in the user's folder
    server, redis_address = start_redis(folder)
    try:
        for name, address in (("SQLite", str(folder / "rooms.sqlite")), ("Redis", redis_address)):
            delays = latency(address, args.moves)
            print(f"{name}: a move seen by another kernel after p50 {percentile(delays, 0.5):.1f} ms, "
                  f"p95 {percentile(delays, 0.95):.1f} ms, max {max(delays):.1f} ms ({len(delays)} sightings)")
            one, four = throughput(address, 1, 2000), throughput(address, 4, 500)
            print(f"{name}: {one:.0f} moves/s from one writer, {four:.0f} moves/s from four writers at once")
        Room("memory", "nestors", store=str(folder / "rooms.sqlite"), seed=2)
        for what, mb in kernel_memory(str(folder / "rooms.sqlite")).items():
            print(f"memory: {what}: {mb:.0f} MB resident")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"(peak memory of this run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--kernel":
        kernel(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--service-kernel":
        service_kernel(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--writer":
        writer(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main()
