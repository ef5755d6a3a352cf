"""The store interface: rooms, their seats and their append-only move logs (``docs/classroom.md``).

A store keeps, per room, its settings (``meta``: written once, by the first opener), who
holds each seat (a token and the holding process), and the log of moves. A move's
*version* is its place in the log, from 1. ``append(room, expected, move)`` adds the move
as version ``expected + 1`` only if the log has exactly ``expected`` moves — atomically,
so of two kernels moving on the same version one wins and the other is told
"someone moved first"; nothing is applied twice or lost.

Two backends implement it: ``SQLiteStore`` (one file, WAL mode) and ``RedisStore``
(Lua scripts, pub/sub for new moves). ``open_store()`` picks one from ``CARDWIDGETS_STORE``.
"""

from __future__ import annotations

import json
import os
import platform
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cardwidgets.core.errors import echo
from cardwidgets.core.explain import Explanation

#: A room's name: what a link or a notebook types (``class-3``, ``table_2``).
ROOM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
#: The longest log a room keeps (a match is a few thousand moves; this stops a runaway writer).
MAX_MOVES = 100_000
#: The largest move entry, as JSON text.
MAX_ENTRY_CHARS = 2_000
#: A class's name: a room name short enough that ``<name>-t40`` is one too.
CLASS_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,35}")
#: What stands for a password in an address that is shown.
HIDDEN = "***"


class RoomError(ValueError):
    """A room operation refused with one clear message (``i18n/rooms.py``); nothing in the room changed."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.explanation = Explanation("ROOM", key, params)
        self.key = key
        super().__init__(self.explanation.text("en"))

    def __str__(self) -> str:
        """The message in the default locale."""
        return self.explanation.text()

    def __reduce__(self) -> tuple[Any, ...]:
        return _room_error, (self.key, self.explanation.params)


def _room_error(key: str, params: dict[str, Any]) -> RoomError:
    """Unpickle a ``RoomError``."""
    return RoomError(key, **params)


def check_room_name(name: Any) -> str:
    """``name`` if it is a good room name; ``RoomError`` otherwise."""
    if not (isinstance(name, str) and ROOM_NAME.fullmatch(name)):
        raise RoomError("room.bad_name", name=echo(name))
    return name


def check_class_name(name: Any) -> str:
    """``name`` if it is a good class name (its tables' rooms are ``<name>-t1`` …); ``RoomError`` otherwise."""
    if not (isinstance(name, str) and CLASS_NAME.fullmatch(name)):
        raise RoomError("classroom.bad_name", name=echo(name), suffixes="-t1, -t2 …")
    return name


def redact(address: str) -> str:
    """``address`` as it may be shown: a password in it replaced by ``***`` (``redis://:***@host:6379/0``).

    Every message, log line and trait that names a store uses this form; only the store itself
    keeps the address it connects with.
    """
    if "://" not in address:
        return address
    try:
        parts = urlsplit(address)
        password = parts.password
    except ValueError:
        password = None
    head, sep, rest = address.partition("://")
    if password is None and "@" not in rest.split("/", 1)[0]:
        return address
    where, slash, path = rest.partition("/")
    user_info, at, host = where.rpartition("@")
    user, colon, _ = user_info.partition(":")
    hidden = f"{user}:{HIDDEN}" if colon else HIDDEN
    text = f"{head}{sep}{hidden}{at}{host}{slash}{path}"
    if password:
        text = text.replace(password, HIDDEN)  # a password repeated in the query (``?password=…``)
    return text


def hide_secret(text: str, address: str) -> str:
    """``text`` (a driver's message about ``address``) with the address's password, if any, hidden."""
    try:
        password = urlsplit(address).password
    except ValueError:
        password = None
    text = text.replace(address, redact(address))
    return text.replace(password, HIDDEN) if password else text


def damaged(address: str, what: str) -> RoomError:
    """The one error for a stored value the store did not write (garbage JSON, a wrong type …)."""
    return RoomError("room.damaged_store", store=redact(address), what=Explanation("ROOM", f"room.part_{what}", {}))


def load_json(text: Any, address: str, what: str) -> Any:
    """``text`` parsed as JSON; ``damaged`` if it is not JSON text."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise damaged(address, what) from None


@dataclass(frozen=True)
class Holder:
    """Who holds a seat: the seat's token and the process (``host:pid``) holding it now."""

    token: str
    process: str

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps({"token": self.token, "process": self.process})

    @classmethod
    def from_json(cls, text: str | bytes, address: str = "") -> Holder:
        """Read the stored form; ``damaged`` if it is not one."""
        data = load_json(text, address, "seat")
        token = data.get("token") if isinstance(data, dict) else None
        process = data.get("process") if isinstance(data, dict) else None
        if not (isinstance(token, str) and isinstance(process, str) and len(data) == 2):
            raise damaged(address, "seat")
        return cls(token, process)


def stored_object(text: Any, address: str, what: str) -> dict[str, Any]:
    """``text`` read as a JSON object (what the store writes for a room's settings); ``damaged`` if not."""
    found = load_json(text, address, what)
    if not isinstance(found, dict):
        raise damaged(address, what)
    return found


def check_meta(meta: Any, address: str) -> dict[str, Any]:
    """A room's stored settings if they have the form a room writes (game, rules, bots, seed); ``damaged`` if not."""
    good = (
        isinstance(meta, dict)
        and isinstance(meta.get("game"), str)
        and isinstance(meta.get("rules"), dict)
        and isinstance(meta.get("bots"), list)
        and all(isinstance(level, str) for level in meta["bots"])
        and type(meta.get("seed")) is int
    )
    if not good:
        raise damaged(address, "meta")
    return meta


def this_process() -> str:
    """The process running now, as a seat holder: ``host:pid``."""
    return f"{platform.node()}:{os.getpid()}"


def process_alive(process: str) -> bool:
    """Whether ``host:pid`` may still be running: a process on another host is assumed alive."""
    host, _, pid = process.rpartition(":")
    if host != platform.node() or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def may_take(current: Holder | None, wanted: Holder, alive: Callable[[str], bool] = process_alive) -> bool:
    """Whether ``wanted`` may take a seat ``current`` holds.

    A free seat, yes; a seat held with another token, no; with the same token (the learner's
    own, kept outside the kernel) yes — unless another process that still runs holds it now
    (two notebooks of one learner cannot both play the seat; a restarted kernel takes it back).
    """
    if current is None:
        return True
    if current.token != wanted.token:
        return False
    return current.process == wanted.process or not alive(current.process)


def encode_move(move: dict[str, Any]) -> str:
    """A log entry as compact JSON text (bounded)."""
    text = json.dumps(move, separators=(",", ":"), sort_keys=True)
    if len(text) > MAX_ENTRY_CHARS:
        raise RoomError("room.bad_entry")
    return text


def decode_move(text: str | bytes) -> dict[str, Any]:
    """A log entry read back; a damaged one reads as ``{}`` (which does not replay)."""
    try:
        move = json.loads(text)
    except (ValueError, TypeError):
        return {}
    return move if isinstance(move, dict) else {}


class Store(ABC):
    """Rooms, seats and move logs shared by several kernels (one interface, two backends)."""

    #: Where the store is, for messages (a file path or ``redis://host:port/db``).
    address: str

    @abstractmethod
    def create_room(self, room: str, meta: dict[str, Any]) -> dict[str, Any]:
        """Create ``room`` with ``meta`` unless it exists; either way, return the room's meta."""

    @abstractmethod
    def meta(self, room: str) -> dict[str, Any] | None:
        """The room's settings, or None if there is no such room."""

    @abstractmethod
    def rooms(self) -> list[str]:
        """Every room's name, sorted."""

    @abstractmethod
    def claim_seat(self, room: str, seat: int, wanted: Holder) -> bool:
        """Hold ``seat`` for ``wanted`` if ``may_take`` allows it (atomically); whether it is now held."""

    @abstractmethod
    def release_seat(self, room: str, seat: int, token: str) -> None:
        """Free ``seat`` if ``token`` holds it."""

    @abstractmethod
    def seats(self, room: str) -> dict[int, Holder]:
        """Who holds which seat."""

    @abstractmethod
    def append(self, room: str, expected: int, move: dict[str, Any]) -> int:
        """Add ``move`` as version ``expected + 1`` if the log has ``expected`` moves; its version.

        ``RoomError("room.moved_first")`` if the log has moved on; nothing is written then.
        """

    @abstractmethod
    def truncate(self, room: str, version: int) -> None:
        """Keep the log's first ``version`` moves only and count one more repair (the instructor's repair)."""

    @abstractmethod
    def repairs(self, room: str) -> int:
        """How many times the room's log was rolled back (a kernel that sees this change rebuilds the match)."""

    @abstractmethod
    def moves(self, room: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The log's entries after version ``since``: (version, move), in order."""

    @abstractmethod
    def version(self, room: str) -> int:
        """How many moves the room's log holds."""

    @abstractmethod
    def wait(self, room: str, version: int, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for the log to pass ``version``; the version then."""

    @abstractmethod
    def close(self) -> None:
        """Let go of connections."""
