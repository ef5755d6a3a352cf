"""RoomService, no HTTP: seats, claims, credentials, heartbeats, bots, pause and repair — on both stores.

Each attack a learner could make in a shared room is a refusal here: a copied seat record, a
credential used for another seat, a claim confirmed into a held seat. The clock is the test's.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import platform
import secrets
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
import rooms_support

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.service import LocalConnection, RoomService
from cardwidgets.service.core import MovedFirstError
from cardwidgets.service.wire import explanation_from
from cardwidgets.store import Holder, RoomError, open_store

redis_server = rooms_support.redis_server
store_address = rooms_support.store_address

ROOM = "class-1-t1"


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store_address: str, clock: Clock) -> Iterator[RoomService]:
    found = RoomService(store_address, clock=clock)
    yield found
    found.close()


def seat_up(service: RoomService, seat: int, user: str, room: str = ROOM, *, take_over: bool = False) -> str:
    """The three-step handshake as a kernel and its page do it; the credential."""
    key = secrets.token_urlsafe(16)
    claim = service.claim(room, seat, hashlib.sha256(key.encode()).hexdigest())["claim"]
    service.confirm(claim, user=user, take_over=take_over)
    return str(service.redeem(claim, key, pid=4242)["credential"])


def class_room(service: RoomService, learners: tuple[int, ...] = (0, 1, 2, 3), game: str = "nimby") -> None:
    service.create_room(ROOM, game, seed=7, learners=list(learners), admin=True)


def frame_for(service: RoomService, credential: str) -> dict[str, object]:
    return service.frame(ROOM, credential)


def play_own_turn(service: RoomService, credentials: dict[int, str], action_id: str = "") -> int:
    """Play the first legal action of whichever learner is to act; the seat that played."""
    full = service.full(ROOM, admin=True)
    seat = full["view"]["to_act"]
    frame = frame_for(service, credentials[seat])
    action = frame["view"]["legal"][0]
    service.act(ROOM, credentials[seat], seat, frame["version"], action, action_id or secrets.token_hex(8))
    return int(seat)


def test_a_whole_deal_played_by_four_credentials(service: RoomService) -> None:
    class_room(service)
    credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
    while not service.full(ROOM, admin=True)["view"]["score"]:
        play_own_turn(service, credentials)
    frame = frame_for(service, credentials[0])
    assert frame["record"] is not None
    assert service.room_info(ROOM)["state"] == "playing"
    moves = [entry for _, entry in service.store.moves(ROOM)]
    assert moves[0] == {"seat": -1, "action": "start"}
    assert all(entry["seat"] in credentials for entry in moves[1:])


def test_a_copied_holder_record_plays_nothing(service: RoomService) -> None:
    class_room(service, learners=(0,))
    credential = seat_up(service, 0, "alice")
    service.start(ROOM, admin=True)
    holder = open_store(service.store.address).seats(ROOM)[0]
    assert credential not in json.dumps([holder.token, holder.process])  # only the digest is stored
    for copied in (holder.token, holder.process, holder.process.split(":", 1)[1]):
        with pytest.raises(RoomError) as refused:
            service.act(ROOM, copied, 0, 1, "pass", "a1")
        assert refused.value.key == "room.bad_credential"


def test_a_credential_for_seat_0_cannot_act_for_seat_1(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    mine = seat_up(service, 0, "alice")
    seat_up(service, 1, "bob")
    version = service.store.version(ROOM)
    for call in (
        lambda: service.act(ROOM, mine, 1, version, "pass", "x1"),
        lambda: service.next_deal(ROOM, mine, 1, 1, "x2"),
        lambda: service.leave(ROOM, mine, 1),
        lambda: service.alive(ROOM, mine, 1),
        lambda: service.hint(ROOM, mine, 1),
    ):
        with pytest.raises(RoomError) as refused:
            call()
        assert refused.value.key == "room.not_your_seat"
    service.create_room("class-1-t2", "nimby", seed=7, learners=[0, 1], admin=True)
    with pytest.raises(RoomError) as refused:
        service.frame("class-1-t2", mine)  # good for one room only
    assert refused.value.key == "room.bad_credential"
    assert service.store.version(ROOM) == version


def test_another_user_cannot_confirm_a_claim_into_a_held_seat(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    seat_up(service, 0, "alice")
    key = "k" * 20
    claim = service.claim(ROOM, 0, hashlib.sha256(key.encode()).hexdigest())["claim"]
    with pytest.raises(RoomError) as refused:
        service.confirm(claim, user="mallory")
    assert refused.value.key == "room.seat_taken"
    assert "taken by another learner" in str(refused.value) or refused.value.explanation.text("en")
    with pytest.raises(RoomError) as refused:
        service.redeem(claim, key)  # never confirmed: worth nothing
    assert refused.value.key == "room.claim_expired"
    assert service.full(ROOM, admin=True)["seats"][0]["user_id"] == "alice"


def test_two_pages_confirming_one_free_seat_one_is_refused(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    claims = [service.claim(ROOM, 0, hashlib.sha256(key.encode()).hexdigest())["claim"] for key in ("ka", "kb")]
    service.confirm(claims[0], user="alice")
    with pytest.raises(RoomError) as refused:
        service.confirm(claims[1], user="bob")
    assert refused.value.key == "room.seat_taken"
    assert service.redeem(claims[0], "ka")["seat"] == 0


def test_the_same_user_in_another_tab_is_refused_unless_taking_over(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    first = seat_up(service, 0, "alice")
    with pytest.raises(RoomError) as refused:
        seat_up(service, 0, "alice")
    assert refused.value.key == "room.other_tab"
    second = seat_up(service, 0, "alice", take_over=True)
    with pytest.raises(RoomError) as refused:
        service.frame(ROOM, first)
    assert refused.value.key == "room.taken_over"
    assert service.frame(ROOM, second)["seat"] == 0


def test_a_claim_is_used_once_and_lapses_after_60_seconds(service: RoomService, clock: Clock) -> None:
    class_room(service, learners=(0, 1))
    key = "key-0"
    claim = service.claim(ROOM, 0, hashlib.sha256(key.encode()).hexdigest())["claim"]
    service.confirm(claim, user="alice")
    with pytest.raises(RoomError) as refused:
        service.redeem(claim, "another key")
    assert refused.value.key == "room.claim_expired"
    late = service.claim(ROOM, 1, hashlib.sha256(key.encode()).hexdigest())["claim"]
    clock.now += 61
    with pytest.raises(RoomError):
        service.confirm(late, user="bob")
    with pytest.raises(RoomError):
        service.redeem(claim, key)  # lapsed too


def test_a_bot_seat_is_not_a_learners(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    with pytest.raises(RoomError) as refused:
        service.claim(ROOM, 3, "0" * 64)
    assert refused.value.key == "room.not_learner_seat"
    assert "бота" in refused.value.explanation.text("ru")


def test_a_waiting_room_makes_no_move(service: RoomService) -> None:
    class_room(service)
    first = seat_up(service, 0, "alice")
    seat_up(service, 1, "bob")
    service.tick()
    assert service.store.version(ROOM) == 0
    assert service.room_info(ROOM)["state"] == "waiting"
    assert service.room_info(ROOM)["waiting_for"] == [2, 3]
    with pytest.raises(RoomError) as refused:
        service.act(ROOM, first, 0, 0, "pass", "w1")
    assert refused.value.key == "room.waiting_start"
    seat_up(service, 2, "carol")
    seat_up(service, 3, "dave")
    assert service.room_info(ROOM)["state"] == "playing"
    assert service.store.moves(ROOM)[0][1] == {"seat": -1, "action": "start"}


def test_the_instructor_starts_a_waiting_room_and_bots_play_the_empty_seats(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    with pytest.raises(RoomError) as refused:
        service.start(ROOM)
    assert refused.value.key == "room.not_instructor"
    assert service.start(ROOM, admin=True)
    assert not service.start(ROOM, admin=True)
    state = service.full(ROOM, admin=True)
    assert state["view"]["to_act"] in (0, 1) or state["view"]["score"]


def test_away_after_20_seconds_and_back_for_the_same_user(service: RoomService, clock: Clock) -> None:
    class_room(service, learners=(0, 1, 2, 3))
    credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
    to_act = service.full(ROOM, admin=True)["view"]["to_act"]
    version = service.store.version(ROOM)
    clock.now += 15
    for seat in range(4):
        if seat != to_act:
            service.alive(ROOM, credentials[seat], seat)
    service.tick()
    assert service.store.version(ROOM) == version  # 15 s: still the learner's turn
    clock.now += 6
    service.tick()
    seats = service.room_info(ROOM)["seats"]
    assert seats[to_act]["status"] == "away"
    assert service.store.version(ROOM) > version  # its bot played
    assert any(entry["seat"] == to_act for _, entry in service.store.moves(ROOM, version))
    frame = frame_for(service, credentials[(to_act + 1) % 4])
    assert frame["seats"][to_act]["status"] == "away"
    back = seat_up(service, to_act, f"user-{to_act}")  # the same user comes back: a new handshake
    assert service.room_info(ROOM)["seats"][to_act]["status"] == "held"
    with pytest.raises(RoomError) as refused:
        seat_up(service, to_act, "someone-else")
    assert refused.value.key == "room.seat_taken"
    assert frame_for(service, back)["seat"] == to_act


def test_the_old_kernel_heard_again_is_back(service: RoomService, clock: Clock) -> None:
    class_room(service, learners=(0, 1))
    credential = seat_up(service, 0, "alice")
    clock.now += 30
    assert service.room_info(ROOM)["seats"][0]["status"] == "away"
    service.alive(ROOM, credential, 0, page=True)
    assert service.room_info(ROOM)["seats"][0]["status"] == "held"
    clock.now += 76  # the kernel speaks, the page does not: the page was closed
    for _ in range(4):
        clock.now += 19
        service.alive(ROOM, credential, 0)
    assert service.room_info(ROOM)["seats"][0]["status"] == "away"


def test_a_retried_action_is_appended_once(service: RoomService) -> None:
    class_room(service)
    credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
    seat = service.full(ROOM, admin=True)["view"]["to_act"]
    frame = frame_for(service, credentials[seat])
    version = frame["version"]
    first = service.act(ROOM, credentials[seat], seat, version, frame["view"]["legal"][0], "retry-1")
    again = service.act(ROOM, credentials[seat], seat, version, frame["view"]["legal"][0], "retry-1")
    assert again == first
    assert service.store.version(ROOM) == version + 1
    with pytest.raises(MovedFirstError) as refused:
        service.act(ROOM, credentials[seat], seat, version, frame["view"]["legal"][0], "retry-2")
    assert refused.value.frame["version"] == version + 1


def test_an_illegal_action_is_the_engines_refusal_and_changes_nothing(service: RoomService) -> None:
    class_room(service)
    credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
    seat = service.full(ROOM, admin=True)["view"]["to_act"]
    version = service.store.version(ROOM)
    with pytest.raises(IllegalActionError):
        service.act(ROOM, credentials[seat], seat, version, "exchange 9X", "bad-1")
    other = (seat + 1) % 4
    with pytest.raises(RoomError) as refused:
        service.act(ROOM, credentials[other], other, version, "pass", "bad-2")
    assert refused.value.key == "room.not_your_turn"
    with pytest.raises(RoomError) as refused:
        service.act(ROOM, credentials[seat], seat, version, "x" * 201, "bad-3")
    assert refused.value.key == "room.bad_action"
    assert service.store.version(ROOM) == version


def test_too_many_calls_a_second_are_refused(service: RoomService) -> None:
    class_room(service, learners=(0,))
    credential = seat_up(service, 0, "alice")
    refused = []
    for _ in range(25):
        try:
            service.alive(ROOM, credential, 0)
        except RoomError as exc:
            refused.append(exc.key)
    assert refused
    assert set(refused) == {"room.too_fast"}


def cut_tail(address: str, keep: int) -> None:
    """Lose the log's moves after ``keep`` (what a Redis restart without its append-only file does)."""
    if address.startswith("redis://"):
        redis.Redis.from_url(address).ltrim(f"cw:room:{ROOM}:log", 0, keep - 1)
    else:
        sqlite3.connect(address, isolation_level=None).execute(
            "DELETE FROM moves WHERE room = ? AND version > ?", (ROOM, keep))


@pytest.mark.parametrize("damage", ["tail", "replay"])
def test_a_damaged_log_pauses_every_seat_and_repair_resumes(service: RoomService, damage: str) -> None:
    class_room(service)
    credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
    play_own_turn(service, credentials)
    if damage == "tail":  # the store loses the last move the service has seen
        play_own_turn(service, credentials)
        good = service.store.version(ROOM) - 1
        cut_tail(service.store.address, good)
    else:  # an entry that does not replay, written behind the service's back
        good = service.store.version(ROOM)
        writer = open_store(service.store.address)
        writer.append(ROOM, good, {"seat": 0, "action": "exchange 9X"})
        writer.close()
    service.tick()
    for seat, credential in credentials.items():
        frame = frame_for(service, credential)
        assert frame["state"] == "paused"
        paused = frame["paused"]
        assert paused["key"] == "room.bad_log"
        assert paused["params"]["version"] == good + 1
        assert paused["params"]["good"] == good
        with pytest.raises(RoomError) as refused:
            service.act(ROOM, credential, seat, good, "pass", f"p{seat}")
        assert refused.value.key == "room.bad_log"
        assert "Игра за столом остановлена" in refused.value.explanation.text("ru")
        assert f"откатить журнал к ходу {good}" in refused.value.explanation.text("ru")
    assert service.repair(ROOM, admin=True) == good
    frame = frame_for(service, credentials[0])
    assert frame["state"] == "playing"
    assert frame["paused"] is None
    assert frame["reset"] is True
    play_own_turn(service, credentials)
    assert service.store.version(ROOM) > good


@pytest.mark.parametrize("fault", ["replaced", "deleted"])
def test_a_store_file_replaced_or_deleted_pauses_the_room_with_words(tmp_path: Path, clock: Clock, fault: str) -> None:
    address = str(tmp_path / "rooms.sqlite")
    service = RoomService(address, clock=clock)
    try:
        class_room(service)
        credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
        version = service.store.version(ROOM)
        if fault == "replaced":
            other = open_store(str(tmp_path / "other.sqlite"))
            other.close()
            os.replace(tmp_path / "other.sqlite", address)
        else:
            for suffix in ("", "-wal", "-shm"):
                Path(address + suffix).unlink(missing_ok=True)
        service.tick()
        for seat, credential in credentials.items():
            frame = frame_for(service, credential)
            assert frame["state"] == "paused"
            assert frame["paused"]["key"] == f"room.store_{'replaced' if fault == 'replaced' else 'gone'}"
            assert frame["version"] == version
            with pytest.raises(RoomError) as refused:
                service.act(ROOM, credential, seat, version, "pass", f"f{seat}")
            assert refused.value.key == frame["paused"]["key"]
            assert "перезапустите" in refused.value.explanation.text("ru")
        assert not Path(address).exists() or fault == "replaced"  # nothing started the room again
    finally:
        service.close()


def test_a_bot_that_fails_pauses_the_room_with_words(service: RoomService, monkeypatch: pytest.MonkeyPatch) -> None:
    class_room(service, learners=(0, 1))
    credential = seat_up(service, 0, "alice")
    from cardwidgets.service import table

    def broken(level: str, seed: int) -> object:
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(table, "make_bot", broken)
    service.start(ROOM, admin=True)  # seat 3, a bot's, opens this deal (seed 7)
    frame = frame_for(service, credential)
    assert frame["view"]["to_act"] == 3
    assert frame["state"] == "paused"
    assert frame["paused"]["key"] == "room.paused"
    with pytest.raises(RoomError) as refused:
        service.act(ROOM, credential, 0, frame["version"], "pass", "after-bot")
    assert "the bot broke" in str(refused.value)


def test_a_released_seat_goes_to_a_new_user(service: RoomService) -> None:
    class_room(service, learners=(0, 1))
    old = seat_up(service, 0, "alice")
    service.release(ROOM, 0, admin=True)
    with pytest.raises(RoomError) as refused:
        service.frame(ROOM, old)
    assert refused.value.key == "room.released"
    assert frame_for(service, seat_up(service, 0, "alice-new-browser"))["seat"] == 0


def test_the_room_and_its_seats_survive_a_service_restart(store_address: str, clock: Clock) -> None:
    first = RoomService(store_address, clock=clock)
    class_room(first, learners=(0,))
    credential = seat_up(first, 0, "alice")
    first.close()
    second = RoomService(store_address, clock=clock)
    try:
        second.alive(ROOM, credential, 0, page=True)  # the kernel's credential is good after the restart
        assert second.room_info(ROOM)["seats"][0]["status"] == "held"
        clock.now += 21
        assert second.room_info(ROOM)["seats"][0]["status"] == "away"
        second.alive(ROOM, credential, 0, page=True)
        assert second.room_info(ROOM)["seats"][0]["status"] == "held"
        with pytest.raises(RoomError):
            seat_up(second, 0, "mallory")
    finally:
        second.close()


def test_anyone_opens_a_plain_room_but_only_the_instructor_chooses_its_seed(service: RoomService) -> None:
    with pytest.raises(RoomError) as refused:
        service.create_room(ROOM, "nimby", seed=1)
    assert refused.value.key == "room.seed_admin"
    opened = service.create_room(ROOM, "nimby")
    assert "seed" not in opened
    assert opened["state"] == "playing"
    with pytest.raises(RoomError) as refused:
        service.create_room(ROOM, "nestors")
    assert refused.value.key == "room.other_game"
    with pytest.raises(RoomError) as refused:
        service.full(ROOM)
    assert refused.value.key == "room.not_instructor"


def test_local_connection_makes_the_same_calls(service: RoomService) -> None:
    teacher = LocalConnection(service, "teacher", admin=True)
    learner = LocalConnection(service, "alice")
    teacher.create_room(ROOM, "nimby", seed=3, learners=[0, 1])
    key = "local-key"
    claim = learner.claim(ROOM, 0, hashlib.sha256(key.encode()).hexdigest())["claim"]
    assert learner.confirm(claim)["seat"] == 0
    credential = learner.redeem(claim, key)["credential"]
    assert teacher.start(ROOM)
    assert learner.frame(ROOM, credential)["seat"] == 0
    assert teacher.full(ROOM)["seed"] == 3
    with pytest.raises(RoomError):
        learner.full(ROOM)


def test_no_reply_or_error_names_the_stores_password(tmp_path: Path, clock: Clock) -> None:
    server = rooms_support.RedisServer(tmp_path)
    password = "S3cretClassPw"
    server.start()
    try:
        store = open_store(server.url)
        store._redis.config_set("requirepass", password)  # type: ignore[attr-defined]
        store.close()
        address = f"redis://:{password}@127.0.0.1:{server.port}/0"
        service = RoomService(address, clock=clock)
        texts = [json.dumps(service.create_room(ROOM, "nimby", seed=1, learners=[0], admin=True))]
        credential = seat_up(service, 0, "alice")
        texts.append(json.dumps(service.frame(ROOM, credential)))
        server.stop()  # the store goes away under the service: the room pauses and says why
        paused = service.frame(ROOM, credential)["paused"]
        words = explanation_from(paused)
        assert words is not None
        texts += [json.dumps(paused), words.text("en"), words.text("ru")]
        for call in (lambda: service.act(ROOM, credential, 0, 1, "pass", "a1"),
                     lambda: service.room_info("class-1-t2")):
            with pytest.raises(RoomError) as refused:
                call()
            texts += [str(refused.value), refused.value.explanation.text("ru"), repr(refused.value.explanation)]
        assert any("***" in text for text in texts)
        assert not [text for text in texts if password in text]
    finally:
        server.stop()


SECOND_SERVICE = """
import sys
from cardwidgets.service import RoomService
from cardwidgets.store import RoomError
try:
    RoomService(sys.argv[1]).close()
except RoomError as exc:
    print(exc.key, exc.explanation.text("ru"))
else:
    print("started")
"""


def second_service(address: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    done = subprocess.run([sys.executable, "-c", SECOND_SERVICE, address], capture_output=True, text=True,
                          timeout=120, env=env, check=True)
    return done.stdout.strip()


def test_one_sqlite_store_has_one_service(tmp_path: Path, clock: Clock) -> None:
    address = str(tmp_path / "rooms.sqlite")
    first = RoomService(address, clock=clock)
    try:
        refused = second_service(address)
        assert refused.startswith("room.service_busy")
        assert f"процесс {platform.node()}:{os.getpid()}" in refused
    finally:
        first.close()
    assert second_service(address) == "started"
    store = open_store(address)
    store.claim_seat(":service", 0, Holder("cardwidgets-room-service", f"{platform.node()}:999999999"))
    store.close()
    assert second_service(address) == "started"  # the lease of a process that has ended is taken over


def test_the_hint_stops_at_its_deadline_in_words_and_the_other_seats_play_on(tmp_path: Path, clock: Clock) -> None:
    service = RoomService(str(tmp_path / "rooms.sqlite"), clock=clock)
    try:
        service.create_room(ROOM, "nestors", seed=1, learners=[0, 1, 2, 3], admin=True)
        credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
        seat = service.full(ROOM, admin=True)["view"]["to_act"]
        legal = frame_for(service, credentials[seat])["legal"]
        assert len(legal) > 30  # the opening bids of Nestors: a hard Hint
        read: list[float] = []

        def cpu() -> float:
            """The Hint's clock, a second further at each look; at the first look another seat asks its frame."""
            read.append(float(len(read) + 1))
            if len(read) == 2:
                with ThreadPoolExecutor(1) as other:
                    other.submit(service.frame, ROOM, credentials[(seat + 1) % 4]).result(timeout=30)
            return read[-1]

        service.hint_clock = cpu
        with pytest.raises(RoomError) as slow:
            service.hint(ROOM, credentials[seat], seat)
        assert slow.value.key == "room.hint_slow"
        assert "за 2 с работы службы" in slow.value.explanation.text("ru")
        assert read == [1.0, 2.0, 3.0, 4.0]  # asked until 2 s past its start, then no more
        service.hint_clock = time.thread_time
        answer = service.hint(ROOM, credentials[seat], seat)  # within the real deadline, and the seat may ask again
        assert answer["decision"]["action"] in legal
    finally:
        service.close()


def test_an_unreachable_store_pauses_the_room_with_backoff_and_it_goes_on_by_itself(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = rooms_support.RedisServer(tmp_path)
    server.start()
    service = RoomService(server.url, clock=clock)
    service.rate_clock = clock  # the heartbeats come once a second of the test's clock
    try:
        class_room(service)
        credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
        seat = service.full(ROOM, admin=True)["view"]["to_act"]
        frame = frame_for(service, credentials[seat])
        asked: list[float] = []
        version = service.store.version

        def counted(room: str) -> int:
            asked.append(clock.now)
            return version(room)

        monkeypatch.setattr(service.store, "version", counted)
        told: list[str] = []
        service.add_listener(ROOM, told.append)  # as each follower listens
        server.stop()
        with pytest.raises(RoomError) as paused:
            service.act(ROOM, credentials[seat], seat, frame["version"], frame["legal"][0], "m1")
        assert paused.value.key == "room.store_paused"
        assert told == [ROOM]  # every table is told at once
        assert "попробует снова через 1 с" in paused.value.explanation.text("ru")
        for credential in credentials.values():  # every table says so, in words
            words = explanation_from(frame_for(service, credential)["paused"])
            assert words is not None
            assert words.key == "room.store_paused"
            assert "tries again in 1 s" in words.text("en")
        def one_second() -> None:
            """The service's tick, and every learner's heartbeat (they wait at their tables: none is away)."""
            service.tick()
            for number, credential in credentials.items():
                service.alive(ROOM, credential, number, page=True)
            clock.now += 1

        waits = []
        for _ in range(8):  # the store is asked again only when its wait is over
            for _ in range(30):
                one_second()
            waits.append(service.full(ROOM, admin=True)["paused"]["params"]["seconds"])
        assert waits[:3] == [16, 30, 30]  # 1, 2, 4, 8, 16 s within the first 30 s, then every 30 s
        assert waits[-1] == 30
        gaps = [round(b - a) for a, b in itertools.pairwise(asked)]
        assert gaps[:5] == [1, 2, 4, 8, 16]
        assert set(gaps[5:]) == {30}
        server.start()  # the same folder: the log is kept
        for _ in range(31):
            one_second()
        resumed = frame_for(service, credentials[seat])
        assert resumed["paused"] is None
        assert service.room_info(ROOM)["state"] == "playing"
        played = service.act(ROOM, credentials[seat], seat, frame["version"], frame["legal"][0], "m2")
        assert played["version"] == frame["version"] + 1
    finally:
        service.close()
        server.stop()


def test_a_move_the_store_cannot_take_pauses_the_room_and_changes_nothing(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = RoomService(str(tmp_path / "rooms.sqlite"), clock=clock)
    try:
        class_room(service)
        credentials = {seat: seat_up(service, seat, f"user-{seat}") for seat in range(4)}
        seat = service.full(ROOM, admin=True)["view"]["to_act"]
        frame = frame_for(service, credentials[seat])

        def gone(*args: object) -> int:
            raise RoomError("room.unreachable", store="rooms.sqlite", reason="disk I/O error")

        monkeypatch.setattr(service.store, "append", gone)
        told: list[str] = []
        service.add_listener(ROOM, told.append)
        with pytest.raises(RoomError) as paused:
            service.act(ROOM, credentials[seat], seat, frame["version"], frame["legal"][0], "m1")
        assert paused.value.key == "room.store_paused"
        assert "disk I/O error" in paused.value.explanation.text("ru")
        assert told == [ROOM]
        assert service.full(ROOM, admin=True)["version"] == frame["version"]
        monkeypatch.undo()  # the store answers again: the room goes on once its wait is over
        clock.now += 1
        service.tick()
        played = service.act(ROOM, credentials[seat], seat, frame["version"], frame["legal"][0], "m2")
        assert played["version"] == frame["version"] + 1
    finally:
        service.close()
