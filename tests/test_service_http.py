"""The room service on the wire, against a real ``jupyter server`` with the extension (tests/service_support.py).

The page's call needs the signed-in browser's cookie and XSRF header; the kernel's calls need a
credential; every refusal is data the kernel renders in the learner's language; no secret (the
store's password, a credential, a claim's key, the admin key) appears in a reply, a log line or a URL.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import requests
import rooms_support
import service_support

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.service import ServiceClient
from cardwidgets.service.client import read_runtime_file
from cardwidgets.service.wire import error_from, explanation_from
from cardwidgets.store import RoomError, open_store

service_server = service_support.service_server
ServiceServer = service_support.ServiceServer


def room_name() -> str:
    return "r-" + uuid.uuid4().hex[:10]


def handshake(server: ServiceServer, room: str, seat: int, browser: service_support.Browser | None = None,
              *, take_over: bool = False) -> str:
    """The kernel's claim, its page's confirm, the kernel's redeem: the seat's credential."""
    kernel = server.client()
    key = secrets.token_urlsafe(16)
    claim = kernel.claim(room, seat, hashlib.sha256(key.encode()).hexdigest())["claim"]
    page = browser or server.browser()
    confirmed = page.confirm(claim, take_over)
    if confirmed.status_code != 200:
        raise error_from(confirmed.json())
    return str(kernel.redeem(claim, key, pid=4242)["credential"])


def learners_room(server: ServiceServer, instructor: ServiceClient, *, seed: int) -> tuple[str, dict[int, str]]:
    """A new Nimby room of four learner seats, each held through the handshake: its name and the credentials."""
    room = room_name()
    instructor.create_room(room, "nimby", seed=seed, learners=[0, 1, 2, 3])
    return room, {seat: handshake(server, room, seat) for seat in range(4)}


def raw(server: ServiceServer, method: str, path: str, body: Any = None, *, auth: str = "",
        data: bytes | None = None) -> requests.Response:
    """A kernel's request as it goes on the wire (no cookie)."""
    headers = {"Authorization": auth} if auth else {}
    return requests.request(method, server.api + path, json=body, data=data, headers=headers, timeout=15)


def refusal(reply: requests.Response) -> RoomError | IllegalActionError:
    body = reply.json()
    assert set(body) <= {"error", "frame"}, body
    return error_from(body)


@pytest.fixture
def instructor(service_server: ServiceServer) -> ServiceClient:
    return service_server.client(admin=True)


def test_the_service_says_what_it_speaks(service_server: ServiceServer) -> None:
    reply = raw(service_server, "GET", "")
    assert reply.status_code == 200
    assert reply.json()["service"] == "cardwidgets-rooms"
    assert reply.json()["protocol"] == [1]
    assert service_server.client().info()["protocol"] == [1]


def test_the_runtime_file_is_the_owners_alone(service_server: ServiceServer) -> None:
    path = service_server.runtime_dir / f"cardwidgets-rooms-{service_server.process.pid}.json"
    assert path.stat().st_mode & 0o077 == 0
    found = read_runtime_file(path)
    assert found is not None
    assert found.url == service_server.url
    assert found.admin_key == service_server.admin_key
    assert service_server.admin_key not in repr(found)


def test_an_unauthenticated_confirm_is_403(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    claim = service_server.client().claim(room, 0, "0" * 64)["claim"]
    reply = requests.post(f"{service_server.api}claims/{claim}/confirm", json={}, timeout=10)
    assert reply.status_code == 403
    assert refusal(reply).key == "room.not_signed_in"
    with_seat_header = raw(service_server, "POST", f"claims/{claim}/confirm", {}, auth="Seat whatever")
    assert with_seat_header.status_code == 403


def test_the_pages_confirm_needs_the_xsrf_header(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    key = "xsrf-key"
    claim = service_server.client().claim(room, 0, hashlib.sha256(key.encode()).hexdigest())["claim"]
    page = service_server.browser()
    refused = page.confirm(claim, xsrf=False)
    assert refused.status_code == 403
    assert instructor.room_info(room)["seats"][0]["status"] == "free"
    confirmed = page.confirm(claim)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["user"].startswith("Anonymous")


def test_each_browser_is_its_own_user(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    first = service_server.browser()
    handshake(service_server, room, 0, first)
    with pytest.raises(RoomError) as refused:
        handshake(service_server, room, 0)  # another browser: another user
    assert refused.value.key == "room.seat_taken"
    assert "уже занято другим учеником" in refused.value.explanation.text("ru")
    with pytest.raises(RoomError) as refused:
        handshake(service_server, room, 0, first)  # the same browser while its kernel plays: another tab
    assert refused.value.key == "room.other_tab"
    handshake(service_server, room, 0, first, take_over=True)


REFUSALS = {  # call: (status, key, words of its Russian text)
    "no_room": (404, "room.no_room", "стола"),
    "bot_seat": (403, "room.not_learner_seat", "место бота"),
    "bad_seat": (400, "room.bad_seat", "места 9"),
    "bad_key": (401, "room.claim_expired", "запрос места устарел"),
    "bad_credential": (401, "room.bad_credential", "сейчас не действует"),
    "other_seat": (403, "room.not_your_seat", "не занимает место 1"),
    "waiting": (423, "room.waiting_start", "Ждём учеников"),
    "not_instructor": (403, "room.not_instructor", "только преподаватель"),
    "big_body": (400, "room.bad_request", "не больше 4096 байт"),
    "not_json": (400, "room.bad_request", "нужен объект"),
    "long_action": (400, "room.bad_action", "от 1 до 200 знаков"),
    "seed": (403, "room.seed_admin", "номер расклада"),
}


@pytest.mark.parametrize("call", sorted(REFUSALS))
def test_each_refusal_is_data_with_its_status_and_russian_words(
    service_server: ServiceServer, instructor: ServiceClient, call: str,
) -> None:
    status, key, russian = REFUSALS[call]
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    credential = handshake(service_server, room, 0)
    requests_made = {
        "no_room": ("POST", "rooms/nowhere-x/seats/0/claims", {"key_hash": "0" * 64}, ""),
        "bot_seat": ("POST", f"rooms/{room}/seats/3/claims", {"key_hash": "0" * 64}, ""),
        "bad_seat": ("POST", f"rooms/{room}/seats/9/claims", {"key_hash": "0" * 64}, ""),
        "bad_key": ("POST", "claims/c_nothing/redeem", {"key": "k"}, ""),
        "bad_credential": ("GET", f"rooms/{room}/frame", None, "Seat " + "A" * 43),
        "other_seat": ("POST", f"rooms/{room}/actions", {"id": "1", "seat": 1, "expected": 0, "action": "pass"},
                       f"Seat {credential}"),
        "waiting": ("POST", f"rooms/{room}/actions", {"id": "1", "seat": 0, "expected": 0, "action": "pass"},
                    f"Seat {credential}"),
        "not_instructor": ("GET", f"rooms/{room}/full", None, "Admin " + "B" * 43),
        "big_body": ("POST", f"rooms/{room}/actions", {"id": "1", "pad": "x" * 5000}, f"Seat {credential}"),
        "not_json": ("POST", f"rooms/{room}/actions", None, f"Seat {credential}"),
        "long_action": ("POST", f"rooms/{room}/actions", {"id": "1", "seat": 0, "expected": 0, "action": "x" * 201},
                        f"Seat {credential}"),
        "seed": ("POST", "rooms", {"room": room_name(), "game": "nimby", "seed": 5}, ""),
    }
    method, path, body, auth = requests_made[call]
    data = b"[1, 2" if call == "not_json" else None
    reply = raw(service_server, method, path, body, auth=auth, data=data)
    assert reply.status_code == status, reply.text
    error = refusal(reply)
    assert error.explanation.key == key
    text = error.explanation.text("ru")
    assert russian in text, text
    assert not [word for word in text.split() if word.isascii() and word.isalpha() and len(word) > 3
                and word not in (room, "JSON", "nowhere-x")], text


def test_a_move_on_an_old_version_is_409_with_the_fresh_frame(service_server: ServiceServer,
                                                             instructor: ServiceClient) -> None:
    room, credentials = learners_room(service_server, instructor, seed=7)
    kernel = service_server.client()
    frame = kernel.frame(room, credentials[3])  # seat 3 opens this deal (seed 7)
    assert frame["view"]["to_act"] == 3
    kernel.act(room, credentials[3], 3, frame["version"], frame["legal"][0], "m1")
    late = raw(service_server, "POST", f"rooms/{room}/actions",
               {"id": "m2", "seat": 3, "expected": frame["version"], "action": frame["legal"][0]},
               auth=f"Seat {credentials[3]}")
    assert late.status_code == 409
    assert late.json()["error"]["key"] == "room.moved_first"
    assert late.json()["frame"]["version"] == frame["version"] + 1
    turn = kernel.frame(room, credentials[0])
    illegal = raw(service_server, "POST", f"rooms/{room}/actions",
                  {"id": "m3", "seat": turn["view"]["to_act"], "expected": turn["version"], "action": "exchange 9X"},
                  auth=f"Seat {credentials[turn['view']['to_act']]}")
    assert illegal.status_code == 400
    assert isinstance(refusal(illegal), IllegalActionError)
    assert illegal.json()["error"]["rule"] != "ROOM"


def test_too_many_calls_a_second_are_429(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    credential = handshake(service_server, room, 0)
    statuses = [raw(service_server, "POST", f"rooms/{room}/seats/0/alive", {}, auth=f"Seat {credential}").status_code
                for _ in range(30)]
    assert 429 in statuses
    assert set(statuses) <= {200, 429}


def play_whole_deal(server: ServiceServer, room: str, credentials: dict[int, str]) -> list[dict[str, Any]]:
    """Four kernels play one deal over HTTP, each following its seat over the WebSocket; the frames pushed."""
    kernel = server.client()
    follows = {seat: kernel.follow(room, credential, seat) for seat, credential in credentials.items()}
    pushed: list[dict[str, Any]] = []
    try:
        frame = kernel.frame(room, credentials[0])
        for _ in range(100):  # each seat's kernel looks and moves at its own turn
            if frame["record"] is not None:
                break
            seat = frame["view"]["to_act"]
            mine = kernel.frame(room, credentials[seat])
            frame = kernel.act(room, credentials[seat], seat, mine["version"], mine["legal"][0], uuid.uuid4().hex)[
                "frame"]
        for seat, follow in follows.items():
            follow.alive(page=True)
            last = None
            while (found := follow.next_frame(2.0)) is not None:
                last = found
                pushed.append(found)
            assert last is not None
            assert last["seat"] == seat
            assert last["record"] is not None
    finally:
        for follow in follows.values():
            follow.close()
    return pushed


def test_a_whole_deal_played_over_http_by_four_credentials(service_server: ServiceServer,
                                                           instructor: ServiceClient) -> None:
    room, credentials = learners_room(service_server, instructor, seed=11)
    pushed = play_whole_deal(service_server, room, credentials)
    assert pushed
    full = instructor.full(room)
    assert full["record"]["actions"] == full["view"]["history"]
    moves = [entry for _, entry in open_store(service_server.store).moves(room)]
    assert moves[0] == {"seat": -1, "action": "start"}
    assert [entry["action"] for entry in moves[1:]] == full["view"]["history"]  # each move once
    for frame in pushed:  # before the deal's end, a seat's frame shows its own hand only
        if frame["record"] is None:
            hands = frame["view"]["hands"]
            assert [seat for seat, hand in enumerate(hands) if hand is not None] == [frame["seat"]]


def test_the_instructor_starts_repairs_and_releases(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", seed=7, learners=[0, 1])
    credential = handshake(service_server, room, 0)
    assert instructor.start(room)
    assert instructor.repair(room) == instructor.room_info(room)["version"]
    instructor.release(room, 0)
    reply = raw(service_server, "GET", f"rooms/{room}/frame", auth=f"Seat {credential}")
    assert reply.status_code == 403
    assert refusal(reply).key == "room.released"
    full = instructor.full(room)
    assert full["seed"] == 7
    assert "seed" not in service_server.client().room_info(room)


def secrets_absent(texts: list[str], secret_values: list[str]) -> list[str]:
    return [f"{value[:6]}… in {text[:120]}" for text in texts for value in secret_values if value in text]


def test_no_secret_in_any_reply_log_line_or_url(tmp_path: Path) -> None:
    redis = rooms_support.RedisServer(tmp_path / "redis")
    (tmp_path / "redis").mkdir()
    redis.start()
    password = "S3cretClassPw"
    try:
        store = open_store(redis.url)
        store._redis.config_set("requirepass", password)  # type: ignore[attr-defined]
        store.close()
        address = f"redis://:{password}@127.0.0.1:{redis.port}/0"
        with service_support.running_server(tmp_path / "server", store=address) as server:
            instructor = server.client(admin=True)
            room = room_name()
            replies: list[str] = [json.dumps(instructor.create_room(room, "nimby", seed=3, learners=[0, 1, 2, 3]))]
            keys: list[str] = []
            credentials: dict[int, str] = {}
            kernel = server.client()
            for seat in range(4):
                key = secrets.token_urlsafe(16)
                keys.append(key)
                claim = kernel.claim(room, seat, hashlib.sha256(key.encode()).hexdigest())
                replies.append(json.dumps(claim))
                replies.append(server.browser().confirm(claim["claim"]).text)
                redeemed = kernel.redeem(claim["claim"], key)
                credentials[seat] = redeemed["credential"]
                replies.append(json.dumps({k: v for k, v in redeemed.items() if k != "credential"}))
            replies += [json.dumps(frame) for frame in play_whole_deal(server, room, credentials)]
            replies.append(json.dumps(instructor.full(room)))
            redis.stop()  # the store goes away under the service
            for path, auth in ((f"rooms/{room}/frame", f"Seat {credentials[0]}"), (f"rooms/{room}/full", ""),
                               (f"rooms/{room_name()}", "")):
                reply = raw(server, "GET", path, auth=auth or f"Admin {server.admin_key}")
                replies.append(reply.text)
                if reply.status_code == 503:
                    error = refusal(reply)
                    replies += [error.explanation.text("en"), error.explanation.text("ru")]
            assert any("***" in text for text in replies), replies[-3:]
            rooms_support.wait_for(lambda: "/cardwidgets/rooms/v1/" in server.log(), "the refusals' log lines")
            log = server.log()
        runtime = server.runtime_dir / f"cardwidgets-rooms-{server.process.pid}.json"
        assert not runtime.exists()  # the server stopped: its runtime file (with the admin key) is gone
        secret_values = [password, server.admin_key, *keys, *credentials.values()]
        assert not secrets_absent([*replies, log], secret_values)
        assert "/cardwidgets/rooms/v1/" in log  # the log names paths, never with a secret in them
    finally:
        redis.stop()


def test_the_service_follows_the_servers_base_url(tmp_path: Path) -> None:
    with service_support.running_server(tmp_path, args=("--ServerApp.base_url=/class/",)) as server:
        assert server.url.endswith("/class/")
        instructor = server.client(admin=True)
        room = room_name()
        instructor.create_room(room, "nimby", learners=[0, 1])
        credential = handshake(server, room, 0)
        assert server.client().frame(room, credential)["seat"] == 0


def test_a_kernel_of_the_server_finds_the_service(service_server: ServiceServer) -> None:
    code = "from cardwidgets.service import find_service; a = find_service(); print(a.url, a.api, a.pid)"
    env = {k: v for k, v in service_server.kernel_env().items() if k != "CARDWIDGETS_ROOM_SERVICE"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == [service_server.url, "cardwidgets/rooms/v1/", str(service_server.process.pid)]


def test_a_long_poll_returns_when_the_room_moves(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", seed=7, learners=[0, 3])
    credentials = {seat: handshake(service_server, room, seat) for seat in (0, 3)}
    kernel = service_server.client()
    frame = kernel.frame(room, credentials[3])
    assert frame["view"]["to_act"] == 3  # seat 3 opens this deal (seed 7)
    with ThreadPoolExecutor(1) as pool:
        started = time.monotonic()
        waiting = pool.submit(kernel.wait, room, credentials[0], frame["version"], 20.0)
        time.sleep(0.3)
        assert not waiting.done()
        kernel.act(room, credentials[3], 3, frame["version"], frame["legal"][0], "lp-1")
        found = waiting.result(timeout=20)
    assert found["version"] > frame["version"]
    assert time.monotonic() - started < 10
    assert found["seat"] == 0


def read_until_refused(follow: Any) -> None:
    for _ in range(10):
        follow.next_frame(2.0)


def test_a_follower_whose_seat_was_taken_over_is_told(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    page = service_server.browser()
    old = handshake(service_server, room, 0, page)
    follow = service_server.client().follow(room, old, 0)
    try:
        assert follow.next_frame(5.0) is not None  # the frame since 0, at once
        handshake(service_server, room, 0, page, take_over=True)
        with pytest.raises(RoomError) as refused:
            read_until_refused(follow)
        assert refused.value.key == "room.taken_over"
        assert "заняли в другой вкладке" in refused.value.explanation.text("ru")
    finally:
        follow.close()
    stranger = service_server.client().follow(room, "A" * 43, 0)
    try:
        with pytest.raises(RoomError) as refused:
            stranger.next_frame(5.0)
        assert refused.value.key == "room.bad_credential"
    finally:
        stranger.close()


def test_the_one_step_claim_needs_the_users_token(service_server: ServiceServer, instructor: ServiceClient) -> None:
    room = room_name()
    instructor.create_room(room, "nimby", learners=[0, 1])
    assert raw(service_server, "POST", f"rooms/{room}/seats/0/claim", {}).status_code == 403
    page = service_server.browser()
    by_cookie = page.session.post(f"{page.api}rooms/{room}/seats/0/claim", json={},
                                  headers={"X-XSRFToken": page.xsrf}, timeout=10)
    assert by_cookie.status_code == 403  # a page has no business taking a seat without its kernel's key
    by_token = raw(service_server, "POST", f"rooms/{room}/seats/0/claim", {}, auth=f"token {service_server.token}")
    assert by_token.status_code == 200, by_token.text
    assert service_server.client().frame(room, by_token.json()["credential"])["seat"] == 0


def test_a_follow_that_cannot_start_leaves_no_coroutine_behind() -> None:
    """A follow refused before it connects (here: a loop already marked running in this thread) is one
    ``RoomError`` and leaves no never-awaited coroutine to be reported later, in some other code."""
    import asyncio
    import gc

    reported: list[Any] = []
    hook, sys.unraisablehook = sys.unraisablehook, reported.append
    marked = asyncio.new_event_loop()
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(marked)
    try:
        with pytest.raises(RoomError):
            ServiceClient("http://127.0.0.1:9/").follow("r-nowhere", "not-a-credential", 0)
        gc.collect()
    finally:
        asyncio.events._set_running_loop(running)
        marked.close()
        sys.unraisablehook = hook
    assert [str(report.object) for report in reported] == []


def test_a_message_over_64_kb_is_refused_unread_and_changes_nothing(service_server: ServiceServer,
                                                                     instructor: ServiceClient) -> None:
    room, credentials = learners_room(service_server, instructor, seed=7)
    kernel = service_server.client()
    frame = kernel.frame(room, credentials[3])  # seat 3 opens this deal (seed 7)
    before = instructor.full(room)
    move = {"id": "big", "seat": 3, "expected": frame["version"], "action": frame["legal"][0], "pad": "x" * 2**20}
    reply = raw(service_server, "POST", f"rooms/{room}/actions", move, auth=f"Seat {credentials[3]}")
    assert reply.status_code == 413, reply.text
    error = refusal(reply)
    assert error.explanation.key == "room.too_big"
    assert "не больше 65536 байт" in error.explanation.text("ru")
    follow = kernel.follow(room, credentials[0], 0, frame["version"])
    try:
        assert follow.next_frame(5.0) is not None
        follow._loop.run_until_complete(follow._socket.write_message("x" * 2**20))  # a frame no kernel sends
        with pytest.raises(RoomError) as refused:
            read_until_refused(follow)
        assert refused.value.key == "room.too_big"
    finally:
        follow.close()
    after = instructor.full(room)
    assert after["version"] == before["version"]
    seats = [[(s["status"], s["user_id"]) for s in full["seats"]] for full in (before, after)]
    assert seats[0] == seats[1]
    played = kernel.act(room, credentials[3], 3, frame["version"], frame["legal"][0], "big")  # the same id: new
    assert played["version"] == frame["version"] + 1


def test_a_follower_is_told_when_the_store_goes_away_and_when_the_room_goes_on(tmp_path: Path) -> None:
    redis = rooms_support.RedisServer(tmp_path / "redis")
    (tmp_path / "redis").mkdir()
    redis.start()
    try:
        with service_support.running_server(tmp_path / "server", store=redis.url) as server:
            room = room_name()
            server.client(admin=True).create_room(room, "nimby", seed=3, learners=[0, 1])
            credential = handshake(server, room, 0)
            follow = server.client().follow(room, credential, 0)
            try:
                assert follow.next_frame(5.0) is not None  # the frame since 0, at once
                redis.stop()  # the service's tick finds the store gone: every follower is told, in words

                def next_paused() -> Any:
                    for _ in range(10):
                        frame = follow.next_frame(2.0)
                        if frame is not None:
                            return frame["paused"]
                    pytest.fail("no frame was pushed")

                words = explanation_from(next_paused())
                assert words is not None
                assert words.key == "room.store_paused"
                assert "игра продолжится сама" in words.text("ru")
                redis.start()  # tried again within 1, 2, 4 s: the room goes on, and its followers are told
                assert next_paused() is None
            finally:
                follow.close()
    finally:
        redis.stop()
