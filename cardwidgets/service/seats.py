"""A room's seats as the service keeps them: who each is bound to, the credential's digest, heartbeats.

A seat is bound to a *user* (the one Jupyter authenticated), not to a credential: a new handshake of
the same user gives a new credential and revokes the old. Only the credential's SHA-256 is kept,
here and in the store's seat record (``Holder(user, "service:<digest>")``), so a copied record
plays nothing. A bound seat is **away** when its kernel has been quiet ``KERNEL_AWAY`` seconds or
its page ``PAGE_AWAY`` seconds (a page in a hidden tab slows to about one timer a minute), or
when its kernel left; a bot plays an away seat until its user is heard again.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.store.base import Holder

#: Seconds without a word from a seat's kernel, or from its page, before the seat is away.
KERNEL_AWAY = 20.0
PAGE_AWAY = 75.0
#: How often a kernel says it is alive (seconds); told to it when it redeems a claim.
HEARTBEAT = 5
#: How many action ids (with their replies) a seat remembers, so a retried action is answered once.
REMEMBERED_IDS = 64
#: The calls a credential may make in one second.
CALLS_PER_SECOND = 20
#: The store's seat record marks a service's digest with this prefix.
DIGEST_PREFIX = "service:"


def digest(secret: str) -> str:
    """The SHA-256 of ``secret``, hex: all the service keeps of a credential or a claim's key."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    """32 random bytes, base64url: a seat's credential or the admin key."""
    return secrets.token_urlsafe(32)


@dataclass
class Seat:
    """One seat of a room as the service keeps it."""

    seat: int
    #: Whether a learner may take it (a room's learner seats; every seat of a room made without a list).
    learner: bool
    user: str | None = None
    name: str | None = None
    credential: str | None = None  # the SHA-256 of the credential, never the credential
    kernel_seen: float | None = None
    page_seen: float | None = None
    #: Whether a page confirmed the seat (the Hub's handshake has none to hear from).
    has_page: bool = True
    left: bool = False
    #: Freed by the instructor with ``to_bot=False``: nobody plays it until a learner takes it.
    held_for_learner: bool = False
    pid: int | None = None
    replies: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    calls: deque[float] = field(default_factory=deque)
    hinting: bool = False
    repairs_seen: int = 0

    def status(self, now: float) -> str:
        """``bot`` (not a learner's), ``free``, ``held`` or ``away``."""
        if self.user is None:
            return "free" if self.learner else "bot"
        if self.left or self.credential is None or self.kernel_seen is None:
            return "away"
        if now - self.kernel_seen > KERNEL_AWAY:
            return "away"
        if self.has_page and self.page_seen is not None and now - self.page_seen > PAGE_AWAY:
            return "away"
        return "held"

    def bot_plays(self, now: float) -> bool:
        """Whether the seat's bot moves at its turns now."""
        status = self.status(now)
        return status in ("bot", "away") or (status == "free" and not self.held_for_learner)

    def holder(self) -> Holder:
        """The store's record of this seat (the user, and the credential's digest)."""
        return Holder(self.user or "", DIGEST_PREFIX + (self.credential or ""))

    def bind(self, user: str, name: str | None) -> None:
        """Bind the seat to ``user`` (the same user again keeps what the seat remembers)."""
        if self.user != user:
            self.replies.clear()
        self.user, self.name, self.held_for_learner = user, name, False

    def unbind(self) -> None:
        """Free the seat of its user and credential."""
        self.user = self.name = self.credential = None
        self.kernel_seen = self.page_seen = self.pid = None
        self.left = False
        self.replies.clear()
        self.calls.clear()

    def remember(self, action_id: str, reply: Any) -> None:
        """Keep ``reply`` for ``action_id`` (the last ``REMEMBERED_IDS`` only)."""
        self.replies[action_id] = reply
        while len(self.replies) > REMEMBERED_IDS:
            self.replies.popitem(last=False)

    def too_fast(self, now: float) -> bool:
        """Count a call at ``now``; whether the credential made more than ``CALLS_PER_SECOND`` in the last second."""
        while self.calls and now - self.calls[0] >= 1.0:
            self.calls.popleft()
        if len(self.calls) >= CALLS_PER_SECOND:
            return True
        self.calls.append(now)
        return False

    def public(self, now: float) -> dict[str, Any]:
        """The seat as any user may see it: its kind and status, and its user's display name."""
        data: dict[str, Any] = {"seat": self.seat, "kind": "learner" if self.learner else "bot",
                                "status": self.status(now)}
        if self.name:
            data["user"] = self.name
        return data


def seat_from_store(seat: int, learner: bool, holder: Holder) -> Seat:
    """A seat as the store recorded it (its kernel unheard: away until it speaks)."""
    found = Seat(seat, learner, user=holder.token or None)
    if holder.process.startswith(DIGEST_PREFIX):
        found.credential = holder.process[len(DIGEST_PREFIX):] or None
    return found
