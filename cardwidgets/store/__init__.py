"""Rooms shared by several kernels: a store (SQLite by default, Redis across machines) and the room engine.

``open_store()`` reads ``CARDWIDGETS_STORE``: unset, the SQLite file ``rooms.sqlite`` in the
Jupyter data directory (``cardwidgets/`` under ``jupyter --data-dir``); a path, that SQLite
file; ``redis://host:port/db``, that Redis server (``pip install cardwidgets[rooms]``). A store
only this kernel could see (SQLite's ``:memory:``) is refused: a room is for several kernels.
An address is shown with its password hidden (``redact``).
``Room`` plays a match through a store (``docs/classroom.md``).
"""

from __future__ import annotations

import os
from pathlib import Path

from cardwidgets.core.errors import echo
from cardwidgets.store.base import Holder, RoomError, Store, check_class_name, check_room_name, redact
from cardwidgets.store.sqlite import SQLiteStore

#: The environment variable naming the store.
STORE_ENV = "CARDWIDGETS_STORE"
#: How a Redis store's address is written.
REDIS_EXAMPLE = "redis://host:6379/0"


def data_dir() -> Path:
    """The cardwidgets folder in the Jupyter data directory (``JUPYTER_DATA_DIR`` if set)."""
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:
        base = Path(os.environ.get("JUPYTER_DATA_DIR") or Path.home() / ".local" / "share" / "jupyter")
    return base / "cardwidgets"


def open_store(address: str | Store | None = None) -> Store:
    """The store at ``address`` (default: ``CARDWIDGETS_STORE``, else SQLite in the data directory)."""
    if isinstance(address, Store):
        return address
    if address is None:
        address = os.environ.get(STORE_ENV) or str(data_dir() / "rooms.sqlite")
    if not isinstance(address, str) or not address or "\0" in address:
        raise RoomError("room.bad_store", address=echo(address), example=REDIS_EXAMPLE)
    if address.startswith(("redis://", "rediss://", "unix://")):
        try:
            from cardwidgets.store.redis_store import RedisStore
        except ImportError:
            reason = "pip install cardwidgets[rooms]"
            raise RoomError("room.unreachable", store=echo(redact(address)), reason=reason) from None
        return RedisStore(address)
    if "://" in address:
        raise RoomError("room.bad_store", address=echo(redact(address)), example=REDIS_EXAMPLE)
    return SQLiteStore(address)


__all__ = [
    "STORE_ENV", "Holder", "RoomError", "SQLiteStore", "Store", "check_class_name", "check_room_name", "data_dir",
    "open_store", "redact",
]
