"""``Classroom`` as the room service's admin client: it makes, starts, releases and repairs its rooms through the
service, and reads each room whole (``full``) — which a learner's credential cannot. On both stores, in process
(``LocalConnection``); ``test_classroom_server.py`` does the same through a real Jupyter server."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

import pytest
import rooms_support

from cardwidgets.service import LocalConnection, RoomService
from cardwidgets.store import RoomError, open_store
from cardwidgets.widgets.classroom import Classroom, ServedRoom

redis_server = rooms_support.redis_server
store_address = rooms_support.store_address


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(store_address: str) -> Iterator[RoomService]:
    found = RoomService(store_address, clock=Clock())
    yield found
    found.close()


def seat_up(service: RoomService, room: str, seat: int, user: str) -> str:
    """A learner's kernel and page take ``seat``: claim, confirm (as ``user``), redeem; the credential."""
    key = secrets.token_urlsafe(16)
    claim = service.claim(room, seat, hashlib.sha256(key.encode()).hexdigest())["claim"]
    service.confirm(claim, user=user)
    return str(service.redeem(claim, key, pid=4242)["credential"])


def play_deal(service: RoomService, room: str, credentials: dict[int, str]) -> None:
    """The learners play the first legal action at each of their turns until the deal is over."""
    while True:
        full = service.full(room, admin=True)
        seat = full["view"]["to_act"]
        if seat is None or full["deal"] > 1 or full["finished"]:
            return
        frame = service.frame(room, credentials[seat])
        service.act(room, credentials[seat], seat, frame["version"], frame["legal"][0], secrets.token_hex(8))


def test_the_classroom_makes_its_rooms_through_the_service_and_compares_their_deals(service: RoomService) -> None:
    admin = LocalConnection(service, "teacher", admin=True)
    room = Classroom("class-3", tables=2, game="nimby", seed=12, learner_seats=[0, 1], connection=admin)
    assert all(isinstance(table, ServedRoom) for table in room.rooms)
    assert room.store is None  # the instructor's kernel never opens the store
    info = service.room_info("class-3-t1")
    assert info["learners"] == [0, 1]
    assert info["state"] == "waiting"
    assert "Waiting for the learners: seats 0, 1" in room.text()
    credentials = {seat: seat_up(service, "class-3-t1", seat, f"learner-{seat}") for seat in (0, 1)}
    play_deal(service, "class-3-t1", credentials)
    room.refresh()
    text = room.text()
    assert "the same deals at every table (seed 12)" in text
    assert "Table 1 (class-3-t1): seat 0: learner; seat 1: learner; seat 2: bot" in text
    assert "seat 0: learner" in text
    assert "seat 2: bot" in text
    assert "table 2: not finished yet" in text
    results = room.results(1)
    assert results[1] is None
    served = room.rooms[0]
    assert isinstance(served, ServedRoom)
    assert results[0] is not None
    assert results[0]["actions"] == service.full("class-3-t1", admin=True)["finished"][0]["actions"]
    assert room.replay(1, 1).locale == "en"
    room.locale = "ru"
    assert "место 0: ученик" in room.text()
    # reopened: the rooms are as they are (the first opener's seed stands)
    again = Classroom("class-3", tables=2, game="nimby", seed=99, connection=admin)
    assert again.seed == 12
    assert again.results(1)[0] == results[0]


def test_the_instructor_starts_a_waiting_table_through_the_service(service: RoomService) -> None:
    admin = LocalConnection(service, "teacher", admin=True)
    room = Classroom("class-4", tables=1, game="nimby", seed=3, learner_seats=[0], connection=admin)
    assert service.room_info("class-4-t1")["state"] == "waiting"
    assert room.start(1)
    assert not room.start(1)
    assert service.room_info("class-4-t1")["state"] == "playing"
    assert "Waiting for the learners" not in room.text()


def test_release_gives_a_seat_to_a_bot_or_keeps_it_for_its_learner_in_words(service: RoomService) -> None:
    admin = LocalConnection(service, "teacher", admin=True)
    room = Classroom("class-5", tables=1, game="nimby", seed=3, learner_seats=[0, 1], connection=admin)
    old = seat_up(service, "class-5-t1", 0, "alice")
    seat_up(service, "class-5-t1", 1, "boris")
    room.refresh()
    assert "seat 0: learner; seat 1: learner" in room.text()
    said = room.release(1, 0)
    assert said == "seat 0 of room class-5-t1 is free: a bot plays it until a learner takes it"
    with pytest.raises(RoomError) as refused:  # the old credential plays no more
        service.frame("class-5-t1", old)
    assert refused.value.key == "room.released"
    assert service.room_info("class-5-t1")["seats"][0]["status"] == "free"
    # alice comes back from another browser (a new identity): the seat is hers again
    assert service.frame("class-5-t1", seat_up(service, "class-5-t1", 0, "alice-again"))["seat"] == 0
    room.locale = "ru"
    kept = room.release(1, 1, to_bot=False)
    assert kept.startswith("место 1 за столом class-5-t1 оставлено для ученика")
    assert service.room_info("class-5-t1")["seats"][1]["status"] == "free"
    for table, seat, key in ((2, 0, "classroom.bad_table"), (1, 4, "room.bad_seat"), (1, True, "room.bad_seat")):
        with pytest.raises(RoomError) as refused:
            room.release(table, seat)  # type: ignore[arg-type]
        assert refused.value.key == key


def test_a_damaged_table_is_shown_and_repaired_through_the_service(service: RoomService) -> None:
    admin = LocalConnection(service, "teacher", admin=True)
    room = Classroom("class-6", tables=1, game="nimby", seed=3, learner_seats=[0, 1, 2, 3], connection=admin)
    credentials = {seat: seat_up(service, "class-6-t1", seat, f"learner-{seat}") for seat in range(4)}
    assert room.repair(1) == "room class-6-t1: the log replays to its end (move 1); nothing to repair"
    seat = service.full("class-6-t1", admin=True)["view"]["to_act"]
    frame = service.frame("class-6-t1", credentials[seat])
    service.act("class-6-t1", credentials[seat], seat, frame["version"], frame["legal"][0], "a1")
    good = service.store.version("class-6-t1")
    writer = open_store(service.store.address)  # an entry that does not replay, written behind the service's back
    writer.append("class-6-t1", good, {"seat": 0, "action": "exchange 9X"})
    writer.close()
    service.tick()
    room.refresh()
    assert f"was damaged at move {good + 1}" in room.text()
    assert room.repair(1) == f"room class-6-t1: the log was rolled back to move {good}"
    assert service.room_info("class-6-t1")["state"] == "playing"
    assert "damaged" not in room.text()


def test_without_the_instructors_rights_the_classroom_gets_nothing(service: RoomService) -> None:
    learner = LocalConnection(service, "learner")
    with pytest.raises(RoomError) as refused:
        Classroom("class-7", tables=1, game="nimby", seed=3, connection=learner)
    assert refused.value.key in ("room.not_instructor", "room.seed_admin")
    LocalConnection(service, "teacher", admin=True).create_room("class-7-t1", "nimby", seed=3, learners=[0])
    with pytest.raises(RoomError) as refused:
        ServedRoom("class-7-t1", learner)
    assert refused.value.key == "room.not_instructor"


def test_release_in_direct_mode_lets_the_holder_go(store_address: str) -> None:
    """Without a service (a script, a test): the seat's holder record goes, and a bot plays it until a learner joins."""
    from cardwidgets.store.room import Room

    room = Classroom("class-8", tables=1, game="nimby", seed=3, store=store_address)
    assert room.connection is None
    learner = Room("class-8-t1", store=store_address)
    learner.join(1)
    room.refresh()
    assert "seat 1: learner" in room.text()
    room.locale = "ru"
    said = room.release(1, 1, to_bot=False)
    assert said == "место 1 за столом class-8-t1 свободно: за него играет бот, пока его не займёт ученик"
    assert 1 not in learner.humans()
    assert "место 1: бот" in room.text()
