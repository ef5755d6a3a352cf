"""``Classroom`` through a real Jupyter server's room service: the instructor's kernel finds it (the runtime file,
with the admin key), makes, starts, releases and repairs its rooms over HTTP; a learner's seat credential — or a
browser, or no key — gets none of the instructor's calls, and never the whole room."""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import subprocess
import sys
import time

import pytest
import requests
from service_support import ROOT, ServiceServer, service_server

from cardwidgets.service import ServiceClient
from cardwidgets.store import RoomError, open_store
from cardwidgets.widgets.classroom import Classroom, ServedRoom

__all__ = ["service_server"]


def take_seat(server: ServiceServer, room: str, seat: int) -> tuple[ServiceClient, str]:
    """A learner's kernel and page take ``seat``: the kernel claims, its page confirms, the kernel redeems."""
    kernel = server.client()
    key = secrets.token_urlsafe(32)
    claim = kernel.claim(room, seat, hashlib.sha256(key.encode()).hexdigest())["claim"]
    assert server.browser().confirm(claim).status_code == 200
    return kernel, str(kernel.redeem(claim, key, pid=os.getpid())["credential"])


def test_the_instructors_kernel_finds_the_service_and_makes_the_rooms_through_it(service_server: ServiceServer) -> None:
    """A kernel of this server (``JPY_PARENT_PID``) needs no address and no key: ``Classroom(...)`` finds both."""
    code = ("from cardwidgets import Classroom\n"
            "room = Classroom('found', tables=2, game='nimby', seed=4, learner_seats=[0, 1])\n"
            "import json; print(json.dumps([type(r).__name__ for r in room.rooms] + [room.store is None]))\n"
            "print(room.text())")
    done = subprocess.run([sys.executable, "-c", code], env=service_server.kernel_env(), cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    kinds, text = done.stdout.split("\n", 1)
    assert json.loads(kinds) == ["ServedRoom", "ServedRoom", True]
    assert "Waiting for the learners: seats 0, 1" in text
    info = service_server.client().room_info("found-t2")
    assert (info["game"], info["learners"], info["state"]) == ("nimby", [0, 1], "waiting")
    assert "seed" not in info


def test_make_start_release_and_repair_through_the_server(service_server: ServiceServer) -> None:
    room = Classroom("over-http", tables=1, game="nimby", seed=8, learner_seats=[0, 1],
                     connection=service_server.client(admin=True))
    assert isinstance(room.rooms[0], ServedRoom)
    kernel, credential = take_seat(service_server, "over-http-t1", 0)
    room.refresh()
    assert "seat 0: learner" in room.text()
    assert room.start(1)
    assert room.rooms[0].version >= 1
    assert room.release(1, 0) == "seat 0 of room over-http-t1 is free: a bot plays it until a learner takes it"
    with pytest.raises(RoomError) as refused:
        kernel.frame("over-http-t1", credential)
    assert refused.value.key == "room.released"
    room.locale = "ru"
    assert room.repair(1).endswith("исправлять нечего")


def test_the_whole_room_is_refused_to_a_seat_credential_a_browser_and_a_wrong_key(
        service_server: ServiceServer) -> None:
    Classroom("secret", tables=1, game="nestors", seed=8, learner_seats=[0, 1, 2, 3],
              connection=service_server.client(admin=True))
    _, credential = take_seat(service_server, "secret-t1", 2)
    full = f"{service_server.api}rooms/secret-t1/full"
    browser = service_server.browser()
    for headers, session in (({"Authorization": f"Seat {credential}"}, requests),
                             ({"Authorization": "Admin not-the-key"}, requests),
                             ({}, requests), ({}, browser.session)):
        reply = session.get(full, headers=headers, timeout=10)  # type: ignore[attr-defined]
        assert reply.status_code == 403, reply.text
        assert reply.json()["error"]["key"] == "room.not_instructor"
        assert '"hands"' not in reply.text
    for call in ("start", "repair", "seats/2/release"):
        reply = requests.post(f"{service_server.api}rooms/secret-t1/{call}", json={},
                              headers={"Authorization": f"Seat {credential}"}, timeout=10)
        assert (reply.status_code, reply.json()["error"]["key"]) == (403, "room.not_instructor")
    learner = ServiceClient(service_server.url, admin_key="not-the-key")
    with pytest.raises(RoomError) as refused:
        Classroom("secret", tables=1, game="nestors", connection=learner)
    assert refused.value.key in ("room.not_instructor", "room.seed_admin")  # both: "only the instructor may"
    assert service_server.admin_key not in service_server.log()
    assert credential not in service_server.log()


def test_a_damaged_table_is_repaired_by_the_classroom_over_http(service_server: ServiceServer) -> None:
    room = Classroom("mended", tables=1, game="nimby", seed=8, connection=service_server.client(admin=True))
    good = service_server.client(admin=True).full("mended-t1")["version"]
    writer = open_store(service_server.store)  # an entry that does not replay, written behind the service's back
    writer.append("mended-t1", good, {"seat": 0, "action": "exchange 9X"})
    writer.close()
    deadline = time.monotonic() + 15
    while "damaged" not in room.text():  # the service's tick finds it within a second or so
        assert time.monotonic() < deadline, room.text()
        time.sleep(0.2)
        room.refresh()
    assert f"was damaged at move {good + 1}" in room.text()
    room.locale = "ru"
    assert room.repair(1) == f"стол mended-t1: журнал откачен к ходу {good}"
    assert service_server.client().room_info("mended-t1")["state"] == "playing"
