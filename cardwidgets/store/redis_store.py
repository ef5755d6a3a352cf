"""``RedisStore``: the rooms in a Redis server — for kernels on several machines (JupyterHub).

Keys, per room: ``cw:room:<name>:meta`` (a string, set once), ``…:seats`` (a hash seat ->
holder), ``…:log`` (a list of moves; version = position from 1), ``…:repairs`` (how many
times the instructor rolled the log back) and the channel ``…:moves``,
on which each new version is published. ``append`` is one Lua script — compare the
list's length, push, publish — which Redis runs atomically. Seats change under
``WATCH``/``MULTI``. Run the server with ``appendonly yes`` so a restart keeps the logs.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis

from cardwidgets.core.errors import echo
from cardwidgets.store.base import (
    MAX_MOVES,
    Holder,
    RoomError,
    Store,
    damaged,
    decode_move,
    encode_move,
    hide_secret,
    may_take,
    redact,
    stored_object,
)

T = TypeVar("T")

#: KEYS: log, channel; ARGV: expected version, move, limit. Returns the new version, -1 (moved first) or -2 (full).
APPEND = """
local n = redis.call('LLEN', KEYS[1])
if n ~= tonumber(ARGV[1]) then return -1 end
if n >= tonumber(ARGV[3]) then return -2 end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], n + 1)
return n + 1
"""
ROOMS = "cw:rooms"
#: Seconds to wait for the server before saying it cannot be reached.
CONNECT_SECONDS = 3.0


def _key(room: str, part: str) -> str:
    return f"cw:room:{room}:{part}"


class RedisStore(Store):
    """Rooms in the Redis server at ``url`` (``redis://host:port/db``)."""

    def __init__(self, url: str) -> None:
        self._url = url
        #: The address as it may be shown: its password hidden (``redis://:***@host:6379/0``).
        self.address = redact(url)
        try:
            self._redis = redis.Redis.from_url(
                url, socket_connect_timeout=CONNECT_SECONDS, socket_timeout=CONNECT_SECONDS * 2
            )
        except ValueError:
            raise RoomError("room.bad_store", address=echo(self.address), example="redis://host:6379/0") from None
        self._append = self._redis.register_script(APPEND)
        self._pubsubs: dict[str, redis.client.PubSub] = {}
        self._call(self._redis.ping)

    def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run one command; a lost or refused connection is one clear ``RoomError``."""
        try:
            return fn(*args)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise RoomError("room.unreachable", store=self.address, reason=self._reason(exc)) from None
        except redis.ResponseError as exc:
            if "OOM" in str(exc) or "MISCONF" in str(exc):
                raise RoomError("room.store_full", store=self.address) from None
            if str(exc).startswith("WRONGTYPE"):  # a key of the room holds another kind of value
                raise damaged(self._url, "key") from None
            raise RoomError("room.unreachable", store=self.address, reason=self._reason(exc)) from None

    def _reason(self, exc: Exception) -> str:
        """What the driver said, bounded, the password hidden."""
        return echo(hide_secret(str(exc), self._url), 200)

    # ----- rooms ----------------------------------------------------------------------------------
    def create_room(self, room: str, meta: dict[str, Any]) -> dict[str, Any]:
        """Create ``room`` unless it exists; its meta."""
        self._call(self._redis.set, _key(room, "meta"), json.dumps(meta), None, None, True)  # NX
        self._call(self._redis.sadd, ROOMS, room)
        stored = self.meta(room)
        return meta if stored is None else stored  # None: deleted meanwhile; the caller gets what it wrote

    def meta(self, room: str) -> dict[str, Any] | None:
        """The room's meta, or None."""
        text = self._call(self._redis.get, _key(room, "meta"))
        return None if text is None else stored_object(text, self._url, "meta")

    def rooms(self) -> list[str]:
        """Every room's name."""
        names = self._call(self._redis.smembers, ROOMS)
        return sorted(name.decode() if isinstance(name, bytes) else name for name in names)

    # ----- seats ----------------------------------------------------------------------------------
    def claim_seat(self, room: str, seat: int, wanted: Holder) -> bool:
        """Hold ``seat`` for ``wanted`` if allowed (``WATCH`` the seats, retry if they changed)."""
        key = _key(room, "seats")

        claimed = False

        def claim(pipe: redis.client.Pipeline) -> None:  # run again by redis if the seats change meanwhile
            nonlocal claimed
            current = pipe.hget(key, seat)
            claimed = may_take(None if current is None else Holder.from_json(current, self._url), wanted)
            if claimed:
                pipe.multi()
                pipe.hset(key, seat, wanted.to_json())

        self._call(lambda: self._redis.transaction(claim, key))
        return claimed

    def release_seat(self, room: str, seat: int, token: str) -> None:
        """Free ``seat`` if ``token`` holds it."""
        key = _key(room, "seats")

        def release(pipe: redis.client.Pipeline) -> None:
            current = pipe.hget(key, seat)
            pipe.multi()
            if current is not None and Holder.from_json(current, self._url).token == token:
                pipe.hdel(key, seat)

        self._call(lambda: self._redis.transaction(release, key))

    def seats(self, room: str) -> dict[int, Holder]:
        """Who holds which seat."""
        found = self._call(self._redis.hgetall, _key(room, "seats"))
        if not all(isinstance(seat, bytes) and seat.isdigit() for seat in found):  # a seat that is not a number
            raise damaged(self._url, "seat")
        return {int(seat): Holder.from_json(holder, self._url) for seat, holder in found.items()}

    # ----- the log --------------------------------------------------------------------------------
    def append(self, room: str, expected: int, move: dict[str, Any]) -> int:
        """Add ``move`` as version ``expected + 1`` (one Lua script), or refuse: someone moved first."""
        keys = [_key(room, "log"), _key(room, "moves")]
        result = self._call(self._append, keys, [expected, encode_move(move), MAX_MOVES])
        if result == -1:
            raise RoomError("room.moved_first")
        if result == -2:
            raise RoomError("room.too_many_moves", room=room, limit=MAX_MOVES)
        return int(result)

    def truncate(self, room: str, version: int) -> None:
        """Keep the log's first ``version`` moves only."""
        pipe = self._redis.pipeline(transaction=True)
        if version <= 0:
            pipe.delete(_key(room, "log"))
        else:
            pipe.ltrim(_key(room, "log"), 0, version - 1)
        pipe.incr(_key(room, "repairs"))
        self._call(pipe.execute)

    def repairs(self, room: str) -> int:
        """How many times the log was rolled back."""
        found = self._call(self._redis.get, _key(room, "repairs"))
        if found is not None and not found.isdigit():
            raise damaged(self._url, "key")
        return 0 if found is None else int(found)

    def moves(self, room: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """Entries after version ``since``."""
        texts = self._call(self._redis.lrange, _key(room, "log"), since, -1)
        return [(since + i, decode_move(text)) for i, text in enumerate(texts, start=1)]

    def version(self, room: str) -> int:
        """How many moves the log holds."""
        return int(self._call(self._redis.llen, _key(room, "log")))

    def wait(self, room: str, version: int, timeout: float) -> int:
        """Wait for a published version past ``version`` (subscribed before looking, so none is missed)."""
        end = time.monotonic() + timeout
        pubsub = self._pubsub(room)
        now = self.version(room)
        while now <= version and time.monotonic() < end:
            try:
                message = pubsub.get_message(ignore_subscribe_messages=True, timeout=end - time.monotonic())
            except (redis.ConnectionError, redis.TimeoutError):  # the server went away: subscribe again
                self._drop_pubsub(room)
                return self.version(room)
            if message is not None:
                try:
                    now = max(now, int(message["data"]))
                except (TypeError, ValueError):  # not what append publishes: look at the log itself
                    now = self.version(room)
        return now

    def _pubsub(self, room: str) -> redis.client.PubSub:
        if room not in self._pubsubs:
            pubsub = self._redis.pubsub()
            self._call(pubsub.subscribe, _key(room, "moves"))
            self._pubsubs[room] = pubsub
        return self._pubsubs[room]

    def _drop_pubsub(self, room: str) -> None:
        pubsub = self._pubsubs.pop(room, None)
        if pubsub is not None:
            pubsub.close()

    def close(self) -> None:
        """Close the subscriptions and the connections."""
        for room in list(self._pubsubs):
            self._drop_pubsub(room)
        self._redis.close()
