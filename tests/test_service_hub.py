"""The room service as a JupyterHub service: identity from the Hub (a token's user, cached 60 s), instructors by
config or by the Hub group, refusals in words when the Hub cannot be asked. Against a stand-in Hub API."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from hub_support import SERVICE_TOKEN, StandInHub, stand_in_hub
from rooms_support import free_port
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from cardwidgets.service import ServiceClient
from cardwidgets.service.hub import CACHE_SECONDS, INSTRUCTORS_GROUP, HubUser, HubUsers
from cardwidgets.service.wire import API_PATH
from cardwidgets.store import RoomError
from cardwidgets.widgets.classroom import Classroom

ROOT = Path(__file__).resolve().parent.parent

TOKENS = {"tok-ann": ("ann", True), "tok-boris": ("boris", False), "tok-irina": ("irina", False),
          "tok-olga": ("olga", True)}
GROUPS = {"ann": [], "boris": ["class-3"], "irina": [INSTRUCTORS_GROUP], "olga": [INSTRUCTORS_GROUP]}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_is_its_hub_user_and_the_hub_is_asked_once_a_minute() -> None:
    clock = Clock()
    with stand_in_hub(TOKENS, GROUPS) as hub:
        users = HubUsers(hub.url, SERVICE_TOKEN, clock=clock)
        ann = asyncio.run(users.user_for_token("tok-ann"))
        assert ann == HubUser("ann", instructor=False)
        assert asyncio.run(users.user_for_token("tok-ann")) == ann
        assert hub.asked == ["/hub/api/user"]  # the second answer came from the cache
        clock.now += CACHE_SECONDS
        assert asyncio.run(users.user_for_token("tok-ann")) == ann
        assert hub.asked == ["/hub/api/user"] * 2  # a minute later the Hub is asked again
        assert asyncio.run(users.user_for_token("not-a-token")) is None
        assert "not-a-token" not in repr(users.__dict__)  # only the tokens' hashes are kept


def test_instructors_are_named_in_the_config_or_are_in_the_hub_group() -> None:
    with stand_in_hub(TOKENS, GROUPS) as hub:
        users = HubUsers(hub.url, SERVICE_TOKEN, instructors=["boris"])
        found = {token: asyncio.run(users.user_for_token(token)) for token in TOKENS}
        assert found == {"tok-ann": HubUser("ann", False), "tok-boris": HubUser("boris", True),
                         "tok-irina": HubUser("irina", True), "tok-olga": HubUser("olga", True)}
        # olga's token reads her groups itself; irina's does not, so the service asked with its own token
        assert "/hub/api/users/irina" in hub.asked
        assert "/hub/api/users/olga" not in hub.asked
        without = HubUsers(hub.url, "")  # a service with no token of its own cannot read irina's groups
        assert asyncio.run(without.user_for_token("tok-irina")) == HubUser("irina", False)


def test_a_hub_that_cannot_be_asked_is_one_clear_error_in_both_languages() -> None:
    with stand_in_hub(TOKENS, GROUPS) as hub:
        url = hub.url
    users = HubUsers(url.replace("/hub/api", "/hub/api/"), SERVICE_TOKEN)
    with pytest.raises(RoomError) as refused:
        asyncio.run(users.user_for_token("tok-ann"))
    assert refused.value.key == "room.hub_unreachable"
    assert refused.value.explanation.text("en").startswith(f"JupyterHub at {url} cannot be reached")
    assert "недоступен" in refused.value.explanation.text("ru")


# ----- the service itself, as the Hub runs it -------------------------------------------------------------------
@pytest.fixture(scope="module")
def hub_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[StandInHub, str, Path]]:
    """``python -m cardwidgets.service --hub`` on a free port, asking a stand-in Hub; the Hub, the service's URL."""
    folder = tmp_path_factory.mktemp("hub-service")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTERHUB_API_TOKEN": SERVICE_TOKEN,
           "JUPYTERHUB_SERVICE_PREFIX": "/services/rooms/", "CARDWIDGETS_STORE": str(folder / "rooms.sqlite"),
           "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "JUPYTER_DATA_DIR": str(folder / "data")}
    with stand_in_hub(TOKENS, GROUPS) as hub:
        env["JUPYTERHUB_API_URL"] = hub.url
        log = folder / "service.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "cardwidgets.service", "--hub", "--port", str(port), "--instructors", "boris"],
                env=env, cwd=folder, stdout=out, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/services/rooms/"
        try:
            end = time.monotonic() + 30
            while True:
                try:
                    ServiceClient(url, timeout=1).info()
                    break
                except RoomError:
                    if process.poll() is not None or time.monotonic() > end:
                        pytest.fail("the Hub service did not start:\n" + log.read_text(errors="replace")[-3000:])
                    time.sleep(0.05)
            yield hub, url, log
        finally:
            process.terminate()
            process.wait(15)


async def first_pushed_frame(url: str, room: str, credential: str, seat: int, then: Callable[[], object]) -> Any:
    """Follow ``seat`` over the service's WebSocket, call ``then``, and give the first frame pushed after it."""
    request = HTTPRequest(f"{url.replace('http', 'ws', 1)}{API_PATH}rooms/{room}/follow?seat={seat}&since=0",
                          headers={"Authorization": f"Seat {credential}"})
    socket = await websocket_connect(request)
    try:
        first = json.loads(await asyncio.wait_for(socket.read_message(), 10))  # the frame as it stands
        await asyncio.get_running_loop().run_in_executor(None, then)
        while True:
            found = json.loads(await asyncio.wait_for(socket.read_message(), 10))
            if found["v"] > first["v"]:
                return found
    finally:
        socket.close()


def test_a_hub_user_takes_a_learner_seat_in_one_step_and_plays_by_its_credential(
        hub_service: tuple[StandInHub, str, Path]) -> None:
    hub, url, _ = hub_service
    irina = ServiceClient(url, hub_token="tok-irina")  # an instructor by the Hub group
    irina.create_room("hub-t1", "nimby", seed=5, learners=[0, 1])
    ann = ServiceClient(url, hub_token="tok-ann")
    seat = ann.hub_claim("hub-t1", 0)
    assert (seat["room"], seat["seat"], seat["user"]) == ("hub-t1", 0, "ann")
    assert ann.frame("hub-t1", seat["credential"])["seat"] == 0
    frame = asyncio.run(first_pushed_frame(url, "hub-t1", seat["credential"], 0, lambda: irina.start("hub-t1")))
    assert frame["t"] == "frame"
    assert frame["d"]["seat"] == 0
    assert frame["d"]["state"] == "playing"
    with pytest.raises(RoomError) as refused:  # another Hub user asking for ann's seat
        ServiceClient(url, hub_token="tok-olga").hub_claim("hub-t1", 0)
    assert refused.value.key == "room.seat_taken"
    with pytest.raises(RoomError) as refused:  # a bot's seat
        ServiceClient(url, hub_token="tok-olga").hub_claim("hub-t1", 2)
    assert refused.value.key == "room.not_learner_seat"
    asked = len(hub.asked)
    ann.room_info("hub-t1")
    ServiceClient(url, hub_token="tok-ann").hub_claim("hub-t1", 0)  # ann again, from another kernel: her seat
    assert len(hub.asked) == asked  # the Hub's answer about ann's token was kept


def test_only_the_hubs_instructors_make_rooms_and_read_them_whole(hub_service: tuple[StandInHub, str, Path]) -> None:
    _, url, log = hub_service
    for token in ("tok-irina", "tok-boris"):  # by the Hub group; by the service's --instructors
        room = Classroom(f"hub-{token[4:]}", tables=1, game="nimby", seed=3, learner_seats=[0],
                         connection=ServiceClient(url, hub_token=token))
        assert "Waiting for the learners: seats 0" in room.text()
        assert room.start(1)
    ann = ServiceClient(url, hub_token="tok-ann")
    credential = ann.hub_claim("hub-irina-t1", 0)["credential"]
    for refused_to in (ann, ServiceClient(url, hub_token="not-a-token"), ServiceClient(url)):
        with pytest.raises(RoomError) as refused:
            refused_to.full("hub-irina-t1")
        assert refused.value.key == "room.not_instructor"
        with pytest.raises(RoomError) as refused:
            refused_to.create_room("hub-ann-t1", "nimby", seed=1, learners=[0])
        assert refused.value.key in ("room.not_instructor", "room.seed_admin")
    reply = requests.get(f"{url}{API_PATH}rooms/hub-irina-t1/full", timeout=10,
                         headers={"Authorization": f"Seat {credential}"})
    assert (reply.status_code, reply.json()["error"]["key"]) == (403, "room.not_instructor")
    with pytest.raises(RoomError) as refused:  # a token the Hub does not know gets no seat
        ServiceClient(url, hub_token="not-a-token").hub_claim("hub-irina-t1", 0)
    assert refused.value.key != "room.seat_taken"
    text = log.read_text(errors="replace")
    for secret in ("tok-ann", "tok-irina", SERVICE_TOKEN, credential):
        assert secret not in text


def test_kernels_of_hub_users_find_the_service_and_are_who_the_hub_says(
        hub_service: tuple[StandInHub, str, Path]) -> None:
    """As the Hub starts them: ``CARDWIDGETS_ROOM_SERVICE`` and the user's own ``JUPYTERHUB_API_TOKEN``, no address,
    no key. The instructor's ``Classroom`` makes the room; a learner's ``Table`` takes its seat in one step and holds
    only its own hand."""
    _, url, _ = hub_service

    def kernel(token: str, code: str) -> str:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDWIDGETS_ROOM_SERVICE": url, "JUPYTERHUB_API_TOKEN": token}
        env.pop("JPY_PARENT_PID", None)
        env.pop("CARDWIDGETS_STORE", None)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    made = kernel("tok-irina", "from cardwidgets import Classroom\n"
                               "room = Classroom('hubk', tables=1, game='nestors', learner_seats=[0, 1])\n"
                               "print(type(room.rooms[0]).__name__, room.store)")
    assert made.split() == ["ServedRoom", "None"]
    seated = kernel("tok-ann", "from cardwidgets import Table\n"
                               "t = Table(room='hubk-t1', seat=1, follow=False)\n"
                               "print(type(t).__name__, type(t.room.state).__name__, t.room.held,"
                               " sum(h is not None for h in t.room.state.hands))")
    assert seated.split() == ["RemoteTable", "SeatView", "True", "1"]
    assert ServiceClient(url, hub_token="tok-irina").full("hubk-t1")["seats"][1]["user_id"] == "ann"
