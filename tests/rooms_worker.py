"""A separate process standing for one kernel, for the store and room tests: ``rooms_worker.py COMMAND ADDRESS ROOM …``.

Commands: ``append WRITER COUNT`` (append COUNT moves, retrying when someone moved first),
``race GOFILE`` (one append at version 0 once GOFILE exists: prints won/lost), ``hold`` (open a
move and stop half-way, then sleep: to be killed), ``loop WRITER`` (append until killed),
``join SEAT`` (take a seat and exit), ``sit SEAT`` (take a seat and sleep), ``play SEAT``
(play the room's match from SEAT to its end with the rules-of-thumb bot; prints the scores),
``bots GOFILE`` (move the bots that are due once GOFILE exists; prints how many moves this kernel appended).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from cardwidgets.bots import make_bot
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.store import RoomError, open_store
from cardwidgets.store.base import Store, encode_move
from cardwidgets.store.room import Room
from cardwidgets.store.sqlite import SQLiteStore


def append_until_in(store: Store, room: str, move: dict[str, object]) -> int:
    """Append ``move`` at whatever version the log is at, retrying when someone moved first."""
    while True:
        try:
            return store.append(room, store.version(room), move)
        except RoomError as exc:
            if exc.key != "room.moved_first":
                raise


def hold(store: Store, room: str) -> None:
    """Begin a move and stop before it is committed (the parent kills this process)."""
    move = encode_move({"writer": "held", "i": 0})
    if isinstance(store, SQLiteStore):
        db = store._db
        db.execute("BEGIN IMMEDIATE")
        version = db.execute("SELECT count(*) FROM moves WHERE room = ?", (room,)).fetchone()[0]
        db.execute("INSERT INTO moves VALUES (?, ?, ?)", (room, version + 1, move))
    else:  # a MULTI with the push queued and no EXEC
        connection = store._redis.connection_pool.get_connection()  # type: ignore[attr-defined]
        connection.send_command("MULTI")
        connection.read_response()
        connection.send_command("RPUSH", f"cw:room:{room}:log", move)
        connection.read_response()
    print("ready", flush=True)
    time.sleep(3600)


def play(address: str, room_name: str, seat: int) -> None:
    """Play ``seat`` until the match is over: move when it is our turn, start the next deal when one ends."""
    room = Room(room_name, store=address)
    room.join(seat)
    bot = make_bot("heuristic", seat)
    while True:
        room.sync()  # the match as the log has it now: another kernel may have ended it
        if room.match.is_over:
            break
        seen, state = room.version, room.state
        try:
            if state.is_done:
                room.next_deal(seat, after=len(room.match.deals))
            elif state.to_act == seat:
                room.move(seat, bot.choose(state).text)
            else:
                room.play_bots()
                room.wait(0.5)
        except RoomError as exc:
            if exc.key not in {"room.moved_first", "room.not_your_turn"}:
                raise
        except IllegalActionError:
            # A kernel that saw this seat empty a moment before we joined may have moved for it;
            # our choice was then made for a position that has passed. Refused only if it had not.
            if room.version == seen:
                raise
    print(json.dumps({"scores": room.match.scores, "version": room.version, "deals": len(room.finished())}))


def wait_for_file(path: str) -> None:
    """Wait until ``path`` exists (the starting signal of a race)."""
    while not Path(path).exists():
        time.sleep(0.001)


def append_many(address: str, room: str, writer: str, count: str) -> None:
    """Append ``count`` moves."""
    store = open_store(address)
    for i in range(int(count)):
        append_until_in(store, room, {"writer": writer, "i": i})


def race(address: str, room: str, go: str) -> None:
    """One append at version 0 once ``go`` exists."""
    store = open_store(address)
    wait_for_file(go)
    try:
        store.append(room, 0, {"writer": os.getpid()})
        print("won")
    except RoomError:
        print("lost")


def loop(address: str, room: str, writer: str) -> None:
    """Append until killed."""
    store = open_store(address)
    for i in range(10**9):
        append_until_in(store, room, {"writer": writer, "i": i})
        if i == 0:
            print("ready", flush=True)


def join(address: str, room: str, seat: str, stay: bool = False) -> None:
    """Take a seat, then exit (or sleep, to be killed)."""
    Room(room, store=address).join(int(seat))
    print("ready", flush=True)
    if stay:
        time.sleep(3600)


def bots(address: str, room_name: str, go: str) -> None:
    """Move the bots that are due once ``go`` exists; print how many moves this kernel appended."""
    room = Room(room_name, store=address)
    wait_for_file(go)
    print(room.play_bots())


COMMANDS = {
    "append": append_many,
    "race": race,
    "hold": lambda address, room: hold(open_store(address), room),
    "loop": loop,
    "join": join,
    "sit": lambda address, room, seat: join(address, room, seat, stay=True),
    "bots": bots,
    "play": lambda address, room, seat: play(address, room, int(seat)),
}


if __name__ == "__main__":
    COMMANDS[sys.argv[1]](*sys.argv[2:])
