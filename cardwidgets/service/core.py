"""``RoomService``: the one authority over rooms — their deals, logs, seats and credentials (no HTTP).

The service holds each room's ``Room`` (the store's engine, as in direct mode) and is its only
writer: a learner's kernel holds a credential for one seat of one room and sends actions; the
service checks each with the engine, appends it, and plays the bots. Only a credential's SHA-256
is kept (in memory and in the store's seat record, beside the user it is bound to). The clock is
injected (``clock``) so heartbeats can be tested without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from cardwidgets.store import Store

#: JSON data as it crosses the wire.
JSON = dict[str, Any]


class RoomService:
    """Every room of one store, kept by one process (``docs/classroom.md``, "The room service").

    ``store``: an address or a ``Store`` (default: ``CARDWIDGETS_STORE``, else SQLite in the data
    directory); ``clock``: seconds, monotonic; ``instructors``: users who may make the instructor's
    calls without the admin key (the Hub's instructors).
    """

    def __init__(
        self, store: str | Store | None = None, *, clock: Callable[[], float] = time.monotonic,
        instructors: Iterable[str] = (),
    ) -> None:
        raise NotImplementedError

    def info(self) -> JSON:
        """``{"service": "cardwidgets-rooms", "protocol": [1], "package": …}``."""
        raise NotImplementedError

    def room_info(self, room: str) -> JSON:
        """The room's public settings and seats (no seed, no user ids)."""
        raise NotImplementedError

    # ----- the seat handshake ---------------------------------------------------------------------
    def claim(self, room: str, seat: int, key_hash: str) -> JSON:
        """Step 1 (unauthenticated): a claim id for ``seat`` redeemable with the key whose SHA-256 is ``key_hash``."""
        raise NotImplementedError

    def confirm(self, claim: str, *, user: str, name: str | None = None, take_over: bool = False) -> JSON:
        """Step 2 (the page, as ``user``): bind the claim to ``user`` if the seat is free or already theirs."""
        raise NotImplementedError

    def redeem(self, claim: str, key: str, *, pid: int | None = None) -> JSON:
        """Step 3 (the kernel): the seat's credential, once; it revokes the seat's previous one."""
        raise NotImplementedError

    def hub_claim(self, room: str, seat: int, *, user: str, name: str | None = None) -> JSON:
        """The Hub's one step: ``user`` (named by its Hub token) gets the seat's credential."""
        raise NotImplementedError

    # ----- a seat's calls (checked by credential) -------------------------------------------------
    def frame(self, room: str, credential: str, since: int = 0) -> JSON:
        """The seat's frame, with the public moves after version ``since``."""
        raise NotImplementedError

    def act(self, room: str, credential: str, seat: int, expected: int, action: str, action_id: str) -> JSON:  # noqa: PLR0917 (the wire's fields)
        """Play ``action`` for ``seat`` at version ``expected``: ``{"version", "frame"}`` (a retried id: one reply)."""
        raise NotImplementedError

    def next_deal(self, room: str, credential: str, seat: int, after_deal: int, action_id: str) -> JSON:
        """Start the deal after deal ``after_deal`` (nothing to do if another seat did): ``{"version", "frame"}``."""
        raise NotImplementedError

    def hint(self, room: str, credential: str, seat: int) -> JSON:
        """``{"decision": {"action", "why"}}`` for ``seat``, from its knowledge only."""
        raise NotImplementedError

    def leave(self, room: str, credential: str, seat: int) -> None:
        """The seat's kernel leaves: a bot plays it (it stays bound to its user); the credential ends."""
        raise NotImplementedError

    def alive(self, room: str, credential: str, seat: int, page: bool = False) -> None:
        """The heartbeat of the seat's kernel (``page``: its page spoke too)."""
        raise NotImplementedError

    def wait(self, room: str, credential: str, since: int, timeout: float) -> JSON:
        """The seat's frame once the log passes ``since``, or after ``timeout`` seconds (at most 30)."""
        raise NotImplementedError

    # ----- the instructor's calls -----------------------------------------------------------------
    def create_room(
        self, room: str, game: str, *, rules: dict[str, Any] | None = None, bots: str | list[str] = "heuristic",
        seed: int | None = None, learners: Iterable[int] | None = None, start: str = "when_seated",
        admin: bool = False,
    ) -> JSON:
        """Create ``room`` (or give it as it is: the first opener's settings stand); its public settings."""
        raise NotImplementedError

    def full(self, room: str, *, admin: bool = False) -> JSON:
        """The whole room: every hand, the seed, the seats' users and kernels' pids (the instructor's)."""
        raise NotImplementedError

    def start(self, room: str, *, admin: bool = False) -> bool:
        """Start a waiting room; whether this call started it."""
        raise NotImplementedError

    def repair(self, room: str, to: int | None = None, *, admin: bool = False) -> int:
        """Roll the log back to its last good move (or to move ``to``); the move it stands at now."""
        raise NotImplementedError

    def release(self, room: str, seat: int, *, to_bot: bool = True, admin: bool = False) -> None:
        """Free ``seat`` from its user; a bot plays it until a learner takes it (``to_bot=False``: nobody does)."""
        raise NotImplementedError

    # ----- the service's own work -----------------------------------------------------------------
    def tick(self) -> None:
        """The periodic work: seats gone quiet become away, their bots play, claims lapse, logs are checked."""
        raise NotImplementedError

    def seat_of(self, room: str, credential: str) -> int:
        """The seat ``credential`` holds in ``room`` (``room.bad_credential`` if none)."""
        raise NotImplementedError

    def add_listener(self, room: str, listener: Callable[[str], None]) -> None:
        """Call ``listener(room)`` (from any thread) whenever the room changes."""
        raise NotImplementedError

    def remove_listener(self, room: str, listener: Callable[[str], None]) -> None:
        """Stop calling ``listener``."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the store."""
        raise NotImplementedError
