"""``SQLiteStore``: the rooms in one SQLite file, WAL mode — for kernels on one machine.

Every change is one ``BEGIN IMMEDIATE`` transaction, so writers queue on the file's
lock and a kernel killed half-way leaves nothing behind (SQLite rolls the journal back).
``append`` reads the log's length and inserts in the same transaction; the primary key
``(room, version)`` would refuse a second move of the same version anyway.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from cardwidgets.core.errors import echo
from cardwidgets.store.base import (
    MAX_MOVES,
    Holder,
    RoomError,
    Store,
    damaged,
    decode_move,
    encode_move,
    may_take,
    stored_object,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (name TEXT PRIMARY KEY, meta TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (room TEXT, seat INTEGER, holder TEXT NOT NULL, PRIMARY KEY (room, seat));
CREATE TABLE IF NOT EXISTS moves (room TEXT, version INTEGER, move TEXT NOT NULL, PRIMARY KEY (room, version));
CREATE TABLE IF NOT EXISTS repairs (room TEXT PRIMARY KEY, count INTEGER NOT NULL);
"""
#: Addresses SQLite opens as a private database of this connection only: no other kernel can share it.
PRIVATE = ("", ":memory:")
#: How long a writer waits for another's transaction (seconds), and how often ``wait`` looks at the log.
BUSY_SECONDS = 10.0
POLL_SECONDS = 0.01


class SQLiteStore(Store):
    """Rooms in the SQLite file at ``path`` (created with its folder if missing).

    The file is the room's one copy: if it is deleted, replaced or emptied under a running
    kernel, every later operation says so (the file's identity is compared each time)
    rather than writing to a file nobody else reads or starting the rooms again.
    """

    def __init__(self, path: str | Path, *, max_page_count: int | None = None) -> None:
        self.address = str(path)
        if self.address in PRIVATE or self.address.startswith("file::memory:"):
            raise RoomError("room.private_store", address=echo(self.address), example="redis://host:6379/0")
        self._identity: tuple[int, int] | None = None
        #: One connection, used by one thread at a time: a room service's threads share it (a Python
        #: ``sqlite3`` connection is not safe to use from two threads at once).
        self._lock = threading.RLock()
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                str(path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            if max_page_count is not None:  # a store that may not grow (the full-disk test)
                self._db.execute(f"PRAGMA max_page_count={int(max_page_count)}")
            self._db.executescript(SCHEMA)
            self._identity = self._file()
        except (OSError, sqlite3.Error) as exc:
            raise self._error(exc) from None

    def _file(self) -> tuple[int, int]:
        """The store file's identity (device, inode); ``RoomError`` if it is gone or empty."""
        try:
            found = os.stat(self.address)
        except FileNotFoundError:
            raise RoomError("room.store_gone", store=self.address) from None
        if found.st_size == 0:
            raise RoomError("room.store_emptied", store=self.address)
        return found.st_dev, found.st_ino

    def _check_file(self) -> None:
        """The file this store opened is still the one at its path, and not emptied."""
        if self._identity is not None and self._file() != self._identity:
            raise RoomError("room.store_replaced", store=self.address)

    # ----- plumbing -------------------------------------------------------------------------------
    def _error(self, exc: Exception) -> RoomError:
        """The one clear message for what SQLite (or the file system) said."""
        name = getattr(exc, "sqlite_errorname", "")
        if name == "SQLITE_FULL" or "full" in str(exc):
            return RoomError("room.store_full", store=self.address)
        return RoomError("room.unreachable", store=self.address, reason=echo(str(exc), 200))

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, rolled back on any error (which becomes a ``RoomError``)."""
        self._check_file()
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._error(exc) from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise self._error(exc) from None
                raise

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        self._check_file()
        with self._lock:
            try:
                return fn(self._db)
            except sqlite3.Error as exc:
                raise self._error(exc) from None

    # ----- rooms ----------------------------------------------------------------------------------
    def create_room(self, room: str, meta: dict[str, Any]) -> dict[str, Any]:
        """Create ``room`` unless it exists; its meta."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO rooms VALUES (?, ?)", (room, json.dumps(meta)))
            row = db.execute("SELECT meta FROM rooms WHERE name = ?", (room,)).fetchone()
        return stored_object(row[0], self.address, "meta")

    def meta(self, room: str) -> dict[str, Any] | None:
        """The room's meta, or None."""
        row = self._read(lambda db: db.execute("SELECT meta FROM rooms WHERE name = ?", (room,)).fetchone())
        return None if row is None else stored_object(row[0], self.address, "meta")

    def rooms(self) -> list[str]:
        """Every room's name."""
        rows = self._read(lambda db: db.execute("SELECT name FROM rooms ORDER BY name").fetchall())
        return [name for (name,) in rows]

    # ----- seats ----------------------------------------------------------------------------------
    def claim_seat(self, room: str, seat: int, wanted: Holder) -> bool:
        """Hold ``seat`` for ``wanted`` if allowed."""
        with self._transaction() as db:
            row = db.execute("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if not may_take(None if row is None else Holder.from_json(row[0], self.address), wanted):
                return False
            db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", (room, seat, wanted.to_json()))
        return True

    def release_seat(self, room: str, seat: int, token: str) -> None:
        """Free ``seat`` if ``token`` holds it."""
        with self._transaction() as db:
            row = db.execute("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if row is not None and Holder.from_json(row[0], self.address).token == token:
                db.execute("DELETE FROM seats WHERE room = ? AND seat = ?", (room, seat))

    def seats(self, room: str) -> dict[int, Holder]:
        """Who holds which seat."""
        rows = self._read(lambda db: db.execute("SELECT seat, holder FROM seats WHERE room = ?", (room,)).fetchall())
        if not all(type(seat) is int for seat, _ in rows):
            raise damaged(self.address, "seat")
        return {seat: Holder.from_json(holder, self.address) for seat, holder in rows}

    # ----- the log --------------------------------------------------------------------------------
    def append(self, room: str, expected: int, move: dict[str, Any]) -> int:
        """Add ``move`` as version ``expected + 1``, or refuse: someone moved first."""
        text = encode_move(move)
        with self._transaction() as db:
            (count,) = db.execute("SELECT count(*) FROM moves WHERE room = ?", (room,)).fetchone()
            if count != expected:
                raise RoomError("room.moved_first")
            if count >= MAX_MOVES:
                raise RoomError("room.too_many_moves", room=room, limit=MAX_MOVES)
            db.execute("INSERT INTO moves VALUES (?, ?, ?)", (room, expected + 1, text))
        return expected + 1

    def moves(self, room: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """Entries after version ``since``."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT version, move FROM moves WHERE room = ? AND version > ? ORDER BY version", (room, since)
            ).fetchall()
        )
        if not all(type(version) is int for version, _ in rows):
            raise damaged(self.address, "log")
        return [(version, decode_move(text)) for version, text in rows]

    def truncate(self, room: str, version: int) -> None:
        """Keep the log's first ``version`` moves only."""
        with self._transaction() as db:
            db.execute("DELETE FROM moves WHERE room = ? AND version > ?", (room, version))
            db.execute("INSERT INTO repairs VALUES (?, 1) ON CONFLICT (room) DO UPDATE SET count = count + 1", (room,))

    def repairs(self, room: str) -> int:
        """How many times the log was rolled back."""
        row = self._read(lambda db: db.execute("SELECT count FROM repairs WHERE room = ?", (room,)).fetchone())
        if row is not None and type(row[0]) is not int:
            raise damaged(self.address, "log")
        return 0 if row is None else row[0]

    def version(self, room: str) -> int:
        """How many moves the log holds."""
        return self._read(lambda db: db.execute("SELECT count(*) FROM moves WHERE room = ?", (room,)).fetchone()[0])

    def wait(self, room: str, version: int, timeout: float) -> int:
        """Poll the log every ``POLL_SECONDS`` until it passes ``version`` or ``timeout`` ends."""
        end = time.monotonic() + timeout
        while True:
            now = self.version(room)
            if now > version or time.monotonic() >= end:
                return now
            time.sleep(POLL_SECONDS)

    def close(self) -> None:
        """Close the file."""
        if hasattr(self, "_db"):
            with self._lock:
                self._db.close()
