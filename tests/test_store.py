"""The room store: one interface, SQLite and Redis, the same tests against both; faults with processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
import rooms_support
from rooms_support import PATIENCE, RedisServer, finish, free_port, wait_for, worker

from cardwidgets.store import RoomError, SQLiteStore, open_store
from cardwidgets.store.base import Holder, may_take

ROOM = "class-3"
redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address


def contiguous(store: object, room: str = ROOM) -> list[dict[str, object]]:
    """The log's moves, checking that the versions run 1, 2, 3 … with every entry readable."""
    entries = store.moves(room)  # type: ignore[attr-defined]
    assert [v for v, _ in entries] == list(range(1, len(entries) + 1))
    assert all(move for _, move in entries)
    assert store.version(room) == len(entries)  # type: ignore[attr-defined]
    return [move for _, move in entries]


# ----- the interface, on both backends ----------------------------------------------------------------------
def test_append_gives_versions_in_order(store_address: str) -> None:
    store = open_store(store_address)
    assert store.version(ROOM) == 0
    assert [store.append(ROOM, v, {"n": v}) for v in range(5)] == [1, 2, 3, 4, 5]
    assert contiguous(store) == [{"n": v} for v in range(5)]
    assert store.moves(ROOM, since=3) == [(4, {"n": 3}), (5, {"n": 4})]


def test_a_move_on_an_old_version_is_refused_and_nothing_is_written(store_address: str) -> None:
    store = open_store(store_address)
    store.append(ROOM, 0, {"n": 0})
    store.append(ROOM, 1, {"n": 1})
    for stale in (0, 1, 5):
        with pytest.raises(RoomError) as refused:
            store.append(ROOM, stale, {"n": "late"})
        assert refused.value.key == "room.moved_first"
    assert contiguous(store) == [{"n": 0}, {"n": 1}]
    assert "someone moved first" in refused.value.explanation.text("en")
    assert "кто-то сделал ход раньше вас" in refused.value.explanation.text("ru")


def test_the_first_opener_creates_the_room(store_address: str) -> None:
    store, other = open_store(store_address), open_store(store_address)
    assert store.meta(ROOM) is None
    assert store.create_room(ROOM, {"game": "nimby", "seed": 1}) == {"game": "nimby", "seed": 1}
    assert other.create_room(ROOM, {"game": "nestors", "seed": 2}) == {"game": "nimby", "seed": 1}
    assert other.meta(ROOM) == {"game": "nimby", "seed": 1}
    other.create_room("class-4", {"game": "tumbochka"})
    assert store.rooms() == ["class-3", "class-4"]


def test_seats_are_held_by_one_token_and_taken_back_by_it(store_address: str) -> None:
    store = open_store(store_address)
    mine, theirs = Holder("t-mine", "host:1"), Holder("t-theirs", "host:2")
    assert store.claim_seat(ROOM, 2, mine)
    assert not store.claim_seat(ROOM, 2, theirs)
    assert store.seats(ROOM) == {2: mine}
    elsewhere = Holder("t-mine", "elsewhere:3")  # the same token from another machine, the holder maybe alive
    assert not store.claim_seat(ROOM, 2, elsewhere)
    store.release_seat(ROOM, 2, "t-theirs")  # not theirs to free
    assert 2 in store.seats(ROOM)
    store.release_seat(ROOM, 2, "t-mine")
    assert store.seats(ROOM) == {}
    assert store.claim_seat(ROOM, 2, theirs)


def test_may_take_checks_whether_the_holding_process_still_runs() -> None:
    alive = Holder("token", f"{os.uname().nodename}:{os.getpid()}")
    dead = subprocess.Popen(["true"])
    dead.wait()
    gone = Holder("token", f"{os.uname().nodename}:{dead.pid}")
    me = Holder("token", "new:1")
    assert may_take(None, me)
    assert not may_take(alive, me)  # another notebook of the same learner still plays it
    assert may_take(gone, me)  # the kernel restarted: its token takes the seat back
    assert not may_take(gone, Holder("other", "new:1"))


def test_wait_returns_when_another_process_moves(store_address: str) -> None:
    store = open_store(store_address)
    assert store.wait(ROOM, 0, 0.05) == 0
    process = worker("append", store_address, ROOM, "w", "1")
    assert store.wait(ROOM, 0, PATIENCE) == 1
    finish(process)


# ----- two writers at once ---------------------------------------------------------------------------------
def test_writers_in_parallel_lose_no_move_and_double_none(store_address: str) -> None:
    writers = [worker("append", store_address, ROOM, f"w{n}", "30") for n in range(4)]
    for process in writers:
        finish(process)
    moves = contiguous(open_store(store_address))
    assert sorted((m["writer"], m["i"]) for m in moves) == sorted((f"w{n}", i) for n in range(4) for i in range(30))
    for n in range(4):  # each writer's moves in its own order
        assert [m["i"] for m in moves if m["writer"] == f"w{n}"] == list(range(30))


def test_of_writers_on_the_same_version_exactly_one_wins(store_address: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    racers = [worker("race", store_address, ROOM, str(go)) for _ in range(4)]
    go.touch()
    results = sorted(finish(process).strip() for process in racers)
    assert results == ["lost", "lost", "lost", "won"]
    assert len(contiguous(open_store(store_address))) == 1


# ----- a kernel killed mid-move ---------------------------------------------------------------------------------
def killed(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=PATIENCE)


def test_a_writer_killed_half_way_through_a_move_leaves_nothing(store_address: str) -> None:
    store = open_store(store_address)
    store.append(ROOM, 0, {"n": 0})
    holder = worker("hold", store_address, ROOM)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "ready"
    killed(holder)
    assert contiguous(store) == [{"n": 0}]
    assert store.append(ROOM, 1, {"n": 1}) == 2  # the lock went with the process
    assert contiguous(store) == [{"n": 0}, {"n": 1}]


def test_a_writer_killed_at_any_moment_leaves_a_consistent_log(store_address: str) -> None:
    store = open_store(store_address)
    looper = worker("loop", store_address, ROOM, "loop")
    assert looper.stdout is not None
    assert looper.stdout.readline().strip() == "ready"
    wait_for(lambda: store.version(ROOM) >= 20, "the writer to append 20 moves")
    killed(looper)
    moves = contiguous(store)
    assert [m["i"] for m in moves] == list(range(len(moves)))  # none lost in the middle, none doubled
    store.append(ROOM, len(moves), {"writer": "after", "i": 0})
    assert len(contiguous(store)) == len(moves) + 1


# ----- the store restarted, unreachable, full ------------------------------------------------------------------
def test_the_redis_server_restarted_keeps_the_log_and_refuses_moves_while_down(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.start()
    try:
        store = open_store(server.url)
        for v in range(3):
            store.append(ROOM, v, {"n": v})
        server.stop()
        with pytest.raises(RoomError) as down:
            store.append(ROOM, 3, {"n": "while down"})
        assert down.value.key == "room.unreachable"
        server.start()
        wait_for(lambda: _answers(store), "the store to answer again")
        assert contiguous(store) == [{"n": 0}, {"n": 1}, {"n": 2}]
        assert store.append(ROOM, 3, {"n": 3}) == 4
        assert store.wait(ROOM, 3, 0.01) == 4  # the subscription comes back too
    finally:
        server.stop()


def _answers(store: object) -> bool:
    try:
        store.version(ROOM)  # type: ignore[attr-defined]
    except RoomError:
        return False
    return True


@pytest.mark.parametrize("address", ["redis://127.0.0.1:{port}/0", "{tmp}/a-file/rooms.sqlite"])
def test_an_unreachable_store_is_one_clear_message(address: str, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(RoomError) as refused:
        open_store(address.format(port=free_port(), tmp=tmp_path))
    assert refused.value.key == "room.unreachable"
    assert "cannot be reached" in refused.value.explanation.text("en")
    assert "недоступно" in refused.value.explanation.text("ru")


@pytest.mark.parametrize("address", ["ftp://host/x", "", "a\0b"])
def test_a_bad_store_address_is_refused(address: str) -> None:
    with pytest.raises(RoomError) as refused:
        open_store(address)
    assert refused.value.key == "room.bad_store"


def small_filesystem(tmp_path: Path) -> tuple[Path, bool]:
    """A folder on a 320 KB tmpfs when we may mount one (root), else a plain folder (then SQLite's page limit)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(folder)],
                                            capture_output=True, check=False).returncode == 0:
        return folder, True
    return folder, False


def fill(store: SQLiteStore) -> int:
    """Append moves until the store says it is full; how many went in."""
    written = 0
    while written < 10_000:
        try:
            store.append(ROOM, written, {"n": written, "padding": "x" * 1500})
        except RoomError as exc:
            if exc.key != "room.store_full":
                raise
            return written
        written += 1
    pytest.fail("the store never filled up")


def test_a_full_disk_refuses_the_move_and_keeps_the_log(tmp_path: Path) -> None:
    folder, mounted = small_filesystem(tmp_path)
    try:
        store = SQLiteStore(folder / "rooms.sqlite", max_page_count=None if mounted else 60)
        written = fill(store)
        with pytest.raises(RoomError) as full:
            store.append(ROOM, written, {"n": written, "padding": "x" * 1500})
        assert full.value.key == "room.store_full"
        assert "no space left" in full.value.explanation.text("en")
        assert "нет места" in full.value.explanation.text("ru")
        assert [m["n"] for m in contiguous(store)] == list(range(written))  # the refused move is not in the log
        store.close()
        assert [m["n"] for m in contiguous(SQLiteStore(folder / "rooms.sqlite"))] == list(range(written))
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=True)


def test_every_stored_entry_is_json(store_address: str) -> None:
    store = open_store(store_address)
    store.append(ROOM, 0, {"seat": 1, "action": "play 10S"})
    assert json.loads(json.dumps(store.moves(ROOM))) == [[1, {"action": "play 10S", "seat": 1}]]
