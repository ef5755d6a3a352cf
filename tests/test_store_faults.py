"""Faults in the room store: secrets hidden, values the store did not write, private stores, names,
refused constructors, damaged logs (bounded, repaired), and a SQLite file changed under running kernels."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import redis
import rooms_support
from rooms_support import ROOT, RedisServer, free_port

from cardwidgets import Table
from cardwidgets.store import RoomError, open_store, redact
from cardwidgets.store.room import Room
from cardwidgets.widgets.classroom import Classroom

redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address
PASSWORD = "S3cretClassPw"
#: Seconds a damaged log may take to be reported (it is reported at once; this only stops a hang).
BOUND = 20.0


def within_bound(fn: Callable[[], Any]) -> Any:
    """``fn()``'s result or error, failing the test if it runs longer than ``BOUND`` (a loop that never ends)."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = fn()
        except BaseException as exc:  # handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(BOUND)
    assert not thread.is_alive(), f"still running after {BOUND:.0f} s: a loop that does not end"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# ----- writing into the store behind its back ------------------------------------------------------------------
def raw(address: str) -> Any:
    """A plain connection to the store (sqlite3 or redis), as a hand or another program would write with."""
    if address.startswith("redis://"):
        return redis.Redis.from_url(address)
    return sqlite3.connect(address, isolation_level=None)


def put_meta(address: str, room: str, text: str) -> None:
    db = raw(address)
    if isinstance(db, redis.Redis):
        db.set(f"cw:room:{room}:meta", text)
    else:
        db.execute("UPDATE rooms SET meta = ? WHERE name = ?", (text, room))


def put_seat(address: str, room: str, seat: object, text: object) -> None:
    db = raw(address)
    if isinstance(db, redis.Redis):
        db.hset(f"cw:room:{room}:seats", str(seat), str(text))
    else:
        db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", (room, seat, text))


def put_entry(address: str, room: str, version: int, text: str) -> None:
    """Overwrite the log's entry ``version`` (from 1) with ``text``."""
    db = raw(address)
    if isinstance(db, redis.Redis):
        db.lset(f"cw:room:{room}:log", version - 1, text)
    else:
        db.execute("UPDATE moves SET move = ? WHERE room = ? AND version = ?", (text, room, version))


def push_entry(address: str, room: str, version: int, text: str) -> None:
    """Add ``text`` to the log as entry ``version`` (the next one), as no room would write it."""
    db = raw(address)
    if isinstance(db, redis.Redis):
        db.rpush(f"cw:room:{room}:log", text)
    else:
        db.execute("INSERT INTO moves VALUES (?, ?, ?)", (room, version, text))


def cut_tail(address: str, room: str, keep: int) -> None:
    """Lose the log's moves after ``keep`` (what a Redis restart without its append-only file does)."""
    db = raw(address)
    if isinstance(db, redis.Redis):
        db.ltrim(f"cw:room:{room}:log", 0, keep - 1)
    else:
        db.execute("DELETE FROM moves WHERE room = ? AND version > ?", (room, keep))


def played(address: str, moves: int, name: str = "class-3") -> Room:
    """A Nestors room (all bots) with ``moves`` moves in its log, made by a kernel holding every seat."""
    room = Room(name, "nestors", store=address, seed=11, bots="random")
    for seat in range(4):
        room.join(seat)
    while room.version < moves:
        room.move(room.state.to_act, room.state.legal_strings()[0])
    return room


def free_all(room: Room) -> None:
    for seat in list(room.held):
        room.leave(seat)


# ----- a store's address is never shown with its password --------------------------------------------------
@pytest.mark.parametrize(("address", "shown"), [
    (f"redis://:{PASSWORD}@host:6379/0", "redis://:***@host:6379/0"),
    (f"redis://teacher:{PASSWORD}@host:6379/0", "redis://teacher:***@host:6379/0"),
    (f"rediss://:{PASSWORD}@host/0?password={PASSWORD}", "rediss://:***@host/0?password=***"),
    ("redis://host:6379/0", "redis://host:6379/0"),
    ("/home/learner/rooms.sqlite", "/home/learner/rooms.sqlite"),
])  # fmt: skip
def test_an_address_is_shown_with_its_password_hidden(address: str, shown: str) -> None:
    assert redact(address) == shown


class PasswordRedis(RedisServer):
    """A ``redis-server`` that asks for a password."""

    def start(self) -> None:
        import shutil

        binary = shutil.which("redis-server")
        assert binary
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                   "--requirepass", PASSWORD, "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rooms_support.wait_for(self.answers, "redis-server to start")

    def answers(self) -> bool:
        try:
            redis.Redis(port=self.port, password=PASSWORD, socket_timeout=1).ping()
            return True
        except redis.RedisError:
            return False


def test_a_redis_that_stops_mid_game_is_reported_without_its_password(tmp_path: Path) -> None:
    server = PasswordRedis(tmp_path)
    server.start()
    url = f"redis://:{PASSWORD}@127.0.0.1:{server.port}/0"
    try:
        table = Table("nimby", room="class-3", seat=0, store=url, seed=3, bots="random", follow=False)
        assert PASSWORD not in table.room.store.address
        server.stop()

        async def follow_a_while() -> None:
            table.follow()
            for _ in range(200):
                await asyncio.sleep(0.01)
                if table.error:
                    break
            table.stop()

        asyncio.run(follow_a_while())
        assert "cannot be reached" in table.error["text"]
        assert not table.act("agree")  # the learner's own move, refused: the store is gone
        with pytest.raises(RoomError) as refused:
            Room("class-3", store=url)
        texts = [json.dumps(table.get_state(), default=str), str(refused.value), repr(refused.value),
                 refused.value.explanation.text("ru"), json.dumps(refused.value.explanation.to_json("en"))]
        assert "redis://:***@127.0.0.1" in texts[2]
        for text in texts:
            assert PASSWORD not in text
        table.close()
    finally:
        server.stop()
    wrong = f"redis://:{PASSWORD}x@127.0.0.1:{free_port()}/0"
    with pytest.raises(RoomError) as unreachable:
        open_store(wrong)
    assert PASSWORD not in str(unreachable.value)
    assert "***" in str(unreachable.value)
    with pytest.raises(RoomError) as bad:
        open_store(f"redis://:{PASSWORD}@host:notaport/0")
    assert PASSWORD not in str(bad.value)


# ----- values the store did not write ----------------------------------------------------------------------
@pytest.mark.parametrize("meta", ["{not json", "[1, 2]", '{"game": 5}', '"nimby"', "null",
                                  '{"game": "whist", "rules": {}, "bots": [], "seed": 1}',
                                  '{"game": "nimby", "rules": {"target": "x"}, "bots": ["random"], "seed": 1}'])
def test_garbage_settings_are_one_clear_error(store_address: str, meta: str) -> None:
    Room("class-3", "nimby", store=store_address, seed=3)
    put_meta(store_address, "class-3", meta)
    for opening in (lambda: Room("class-3", store=store_address),
                    lambda: Room("class-3", "nimby", store=store_address),
                    lambda: Table("nimby", room="class-3", seat=0, store=store_address, follow=False)):
        with pytest.raises(RoomError) as refused:
            opening()
        assert refused.value.key == "room.damaged_store"
        assert "a room's settings that it did not write" in refused.value.explanation.text("en")
        assert "настройках стола" in refused.value.explanation.text("ru")


@pytest.mark.parametrize(("seat", "holder"), [
    (0, "{garbage"), (0, "[]"), (0, '{"token": 1, "process": "h:1"}'), (0, '{"token": "t"}'), ("x", '{"a": 1}'),
])  # fmt: skip
def test_garbage_seats_are_one_clear_error(store_address: str, seat: object, holder: str) -> None:
    room = Room("class-3", "nimby", store=store_address, seed=3)
    put_seat(store_address, "class-3", seat, holder)
    calls = [lambda: room.store.seats("class-3"), room.humans,
             lambda: Table("nimby", room="class-3", seat=0, store=store_address, follow=False)]
    if seat == 0:  # taking that very seat reads its holder
        calls.append(lambda: room.join(0))
    for call in calls:
        with pytest.raises(RoomError) as refused:
            call()
        assert refused.value.key == "room.damaged_store", refused.value


def test_a_key_of_another_type_is_one_clear_error(redis_server: RedisServer) -> None:
    store = open_store(redis_server.url)
    store._redis.flushall()  # type: ignore[attr-defined]
    Room("class-3", "nimby", store=store, seed=3)
    db = raw(redis_server.url)
    db.delete("cw:room:class-3:seats")
    db.set("cw:room:class-3:seats", "a string")
    with pytest.raises(RoomError) as refused:
        store.seats("class-3")
    assert refused.value.key == "room.damaged_store"
    db.delete("cw:room:class-3:log")
    db.hset("cw:room:class-3:log", "a", "b")
    with pytest.raises(RoomError) as broken:
        Room("class-3", store=store)
    assert broken.value.key == "room.damaged_store"


@pytest.mark.parametrize("entry", ["{garbage", "[1]", '{"seat": "0", "action": 5}', "7"])
def test_a_garbage_log_entry_is_a_damaged_log_for_a_new_and_a_running_table(store_address: str, entry: str) -> None:
    free_all(played(store_address, 3))
    table = Table("nestors", room="class-3", seat=2, store=store_address, follow=False)  # the bots play up to seat 2
    version = table.room.version + 1
    push_entry(store_address, "class-3", version, entry)
    with pytest.raises(RoomError) as refused:
        Room("class-3", store=store_address)
    assert refused.value.key == "room.bad_log"
    assert f"damaged at move {version}: the entry does not replay" in str(refused.value)

    async def follow_a_while() -> None:  # a running table's follower says what happened, in words
        table.follow()
        for _ in range(300):
            await asyncio.sleep(0.01)
            if table.error:
                break
        table.stop()

    asyncio.run(follow_a_while())
    assert f"damaged at move {version}" in table.error.get("text", ""), table.error
    table.close()


# ----- stores nobody else can see; names ---------------------------------------------------------------------
@pytest.mark.parametrize("address", [":memory:"])
def test_a_store_only_this_kernel_sees_is_refused(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for opening in (lambda: open_store(address), lambda: Room("class-3", "nimby", store=address),
                    lambda: Classroom("class-3", 2, "nimby", store=address)):
        with pytest.raises(RoomError) as refused:
            opening()
        assert refused.value.key == "room.private_store"
        assert "this kernel only" in refused.value.explanation.text("en")
        assert "только этому ядру" in refused.value.explanation.text("ru")
    monkeypatch.setenv("CARDWIDGETS_STORE", address)
    with pytest.raises(RoomError) as refused:
        Table("nimby", room="class-3", seat=0)
    assert refused.value.key == "room.private_store"


@pytest.mark.parametrize("name", [None, "", 3, "класс", "a b", "-x", "x" * 37, "a/b", "a\nb"])
def test_a_bad_class_name_is_refused_and_opens_no_room(store_address: str, name: object) -> None:
    with pytest.raises(RoomError) as refused:
        Classroom(name, 2, "nimby", store=store_address)  # type: ignore[arg-type]
    assert refused.value.key == "classroom.bad_name"
    assert "1 to 36 letters" in refused.value.explanation.text("en")
    assert open_store(store_address).rooms() == []
    assert Classroom("x" * 36, 2, "nimby", store=store_address).rooms[1].name == "x" * 36 + "-t2"


# ----- refused constructors leave nothing behind -------------------------------------------------------------
REFUSED = """
import gc, sys, warnings
warnings.simplefilter("always")
from cardwidgets import Table
from cardwidgets.store import RoomError
from cardwidgets.store.room import Room
address = sys.argv[1]
Room("class-3", "nimby", store=address, seed=3).join(0, token="another-learner")
for kwargs in ({"room": "class-3", "seat": 0}, {"room": "bad name", "seat": 0}, {"room": "class-3", "seat": 9},
               {"room": "nobody"}):
    try:
        Table(kwargs.pop("game", None), store=address, **kwargs)
    except RoomError as exc:
        print(exc.key)
gc.collect()
print("done")
"""


def test_a_refused_table_leaves_nothing_that_prints_later(store_address: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_DATA_DIR": str(tmp_path / "j")}
    done = subprocess.run([sys.executable, "-X", "dev", "-c", REFUSED, store_address], check=False, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["room.seat_taken", "room.bad_name", "room.bad_seat", "room.no_room", "done"]
    assert done.stderr == ""


# ----- damaged logs: reported within a bound, repaired by the instructor ---------------------------------------
def test_a_log_that_lost_its_tail_stops_the_bots_with_words(store_address: str) -> None:
    room = played(store_address, 10)
    free_all(room)  # every seat a bot's: the bots are due
    cut_tail(store_address, "class-3", 6)
    with pytest.raises(RoomError) as broken:
        within_bound(room.play_bots)
    assert broken.value.key == "room.bad_log"
    text = broken.value.explanation.text("en")
    assert "damaged at move 7: the store holds 6 moves, but this kernel had seen 10" in text
    assert "roll it back to move 6" in text
    assert "повреждён на ходе 7" in broken.value.explanation.text("ru")


def test_a_gap_in_the_log_is_reported_not_retried_for_ever(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "j"))
    address = str(tmp_path / "rooms.sqlite")
    room = played(address, 10)
    free_all(room)
    behind = Room("class-3", store=address)
    raw(address).execute("DELETE FROM moves WHERE room = 'class-3' AND version = 7")
    for call in (room.play_bots, behind.play_bots, lambda: Room("class-3", store=address),
                 lambda: Table("nestors", room="class-3", seat=0, store=address, follow=False)):
        with pytest.raises(RoomError) as broken:
            within_bound(call)
        assert broken.value.key == "room.bad_log"
        assert "damaged at move" in str(broken.value)
    with pytest.raises(RoomError) as broken:
        Room("class-3", store=address)
    assert "damaged at move 7: a move is missing" in str(broken.value)


def test_the_instructor_rolls_a_damaged_log_back_and_the_tables_go_on(store_address: str) -> None:
    Classroom("c", 1, "nestors", store=store_address, seed=11, bots="random")
    room = Room("c-t1", store=store_address)
    for seat in range(4):
        room.join(seat)
    while room.version < 10:
        room.move(room.state.to_act, room.state.legal_strings()[0])
    put_entry(store_address, "c-t1", 7, '{"seat": 0, "action": "fly away"}')
    with pytest.raises(RoomError):
        Room("c-t1", store=store_address)
    teacher = Classroom("c", 1, "nestors", store=store_address)  # opens the damaged room, to repair it
    assert "damaged at move 7" in teacher.text()
    assert teacher.repair(1) == "room c-t1: the log was rolled back to move 6"
    assert "damaged" not in teacher.text()
    assert teacher.repair(1).endswith("nothing to repair")
    assert room.sync()  # the kernel ahead rebuilds its match from the shortened log
    assert room.version == 6 == len(room.state.history)
    room.move(room.state.to_act, room.state.legal_strings()[0])
    assert Room("c-t1", store=store_address).version == 7
    with pytest.raises(RoomError) as bad:
        teacher.repair(2)
    assert bad.value.key == "classroom.bad_table"


# ----- a SQLite file changed under running kernels -------------------------------------------------------------
@pytest.fixture
def sqlite_room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Room]:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "j"))
    address = str(tmp_path / "rooms.sqlite")
    return address, played(address, 3)


def test_a_deleted_store_file_is_reported_not_silently_recreated(sqlite_room: tuple[str, Room]) -> None:
    address, room = sqlite_room
    seed = room.seed
    for suffix in ("", "-wal", "-shm"):
        Path(address + suffix).unlink(missing_ok=True)
    with pytest.raises(RoomError) as gone:
        room.move(room.state.to_act, room.state.legal_strings()[0])
    assert gone.value.key == "room.store_gone"
    with pytest.raises(RoomError) as again:
        Room("class-3", "nestors", store=room.store)  # the running kernel does not start the room again
    assert again.value.key == "room.store_gone"
    assert not Path(address).exists()
    assert room.seed == seed


def test_a_replaced_store_file_is_reported(sqlite_room: tuple[str, Room], tmp_path: Path) -> None:
    address, room = sqlite_room
    other = open_store(str(tmp_path / "other.sqlite"))
    other.close()
    os.replace(tmp_path / "other.sqlite", address)
    with pytest.raises(RoomError) as replaced:
        room.sync()
    assert replaced.value.key == "room.store_replaced"
    assert "replaced by another file" in str(replaced.value)


def test_a_store_file_emptied_is_a_clear_error_not_a_lock(sqlite_room: tuple[str, Room]) -> None:
    address, room = sqlite_room
    with open(address, "r+b") as file:
        file.truncate(0)
    for call in (room.sync, lambda: room.move(room.state.to_act, room.state.legal_strings()[0])):
        with pytest.raises(RoomError) as emptied:
            call()
        assert emptied.value.key == "room.store_emptied"
        assert "is empty (0 bytes)" in str(emptied.value)
        assert "locked" not in str(emptied.value)


def test_a_table_whose_store_went_away_says_so(sqlite_room: tuple[str, Room]) -> None:
    address, room = sqlite_room
    free_all(room)
    shared = Table("nestors", room="class-3", seat=1, store=address, follow=False)
    Path(address).unlink()

    async def follow_a_while() -> None:
        shared.follow()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if shared.error:
                break
        shared.stop()

    asyncio.run(follow_a_while())
    assert "was deleted" in shared.error["text"]
    shared.close()
