"""``SharedTable``: the ``Table`` of one seat in a shared room in direct mode, and which seat a room gets.

``Table(game, room="class-3", seat=2)`` is a ``RemoteTable`` (``widgets/remote_table.py``) where a room
service runs: the kernel holds its seat's view only. Where none runs and no Jupyter server started the
kernel (a script, a test, a benchmark), or with ``direct=True``, it is a ``SharedTable`` (``seat_class``).

A ``SharedTable`` is the ordinary ``Table`` — the same traits, the same front-end, the same
seat-filtered view — whose moves go through a ``Room`` (``store/room.py``) instead of
straight to the engine: every move is checked by the engine and appended to the room's
log; a background task on the kernel's event loop looks at the log every
``FOLLOW_SECONDS``, applies the other learners' moves and re-syncs this seat's view (an
asyncio task, not a thread: the kernel's own thread sends every update, and it runs where
threads do not, as in Pyodide). Without a running event loop (a script), ``refresh()``
catches up by hand. Nothing of the other seats' hands is ever synced: ``_sync`` is the Table's own.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from cardwidgets.core.errors import IllegalActionError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.state import GameState
from cardwidgets.service.client import find_service, lite_refusal
from cardwidgets.service.frame import completed_tricks
from cardwidgets.store import RoomError, Store
from cardwidgets.store.room import Room
from cardwidgets.widgets.remote_table import RemoteTable
from cardwidgets.widgets.table import Table

#: How often the follower looks at the room's log (seconds): one cheap read (a count, or Redis' LLEN).
FOLLOW_SECONDS = 0.03
#: How often a follower with nothing new looks whether the seat to act lost its kernel (a bot then plays it).
SEATS_SECONDS = 1.0


class SharedTable(Table):
    """One seat of a shared room; the other seats are other learners' kernels, or bots if empty.

    ``caveat`` (on by default) puts the room's first message on the table: in JupyterLab a
    learner can read the whole deal in their own kernel's memory. The classroom app, whose
    visitors run no code, turns it off.

    A refused constructor (a bad room, a seat taken …) raises and leaves nothing running:
    the store it opened is closed, and the half-made widget closes quietly when collected.
    """

    #: The background task following the room (None until ``follow()``, and on a half-made table).
    _follower: asyncio.Task[None] | None = None

    def __init__(
        self,
        game: str | None = None,
        seat: int = 0,
        *,
        room: str,
        store: str | Store | None = None,
        bots: str | list[str] = "heuristic",
        seed: int | None = None,
        rules: dict[str, Any] | None = None,
        locale: str | None = None,
        pace: float = 0.6,
        reveal: bool = False,
        coach: bool = False,
        caveat: bool = True,
        follow: bool = True,
        learner_seats: tuple[int, ...] | list[int] | None = None,
        direct: bool = False,
    ) -> None:
        self.room = Room(room, game, store=store, rules=rules, bots=bots, seed=seed, learner_seats=learner_seats)
        self._caveat = caveat
        self._shown: GameState | None = None
        try:
            self.room.join(seat)
            super().__init__(
                self.room.game.name, seat, bots=list(self.room.bot_levels), seed=self.room.seed, locale=locale,
                reveal=reveal, pace=pace, match=_stand_in(self.room), coach=coach,
            )
        except BaseException:
            if not isinstance(store, Store):  # the store this table opened: let go of it
                self.room.store.close()
            raise
        if follow:
            self.follow()

    # ----- the learner's moves go through the room ------------------------------------------------------------
    def act(self, action: str) -> bool:
        """Play ``action`` for this seat through the room; refused (``error``), nothing changes."""
        seen = self.room.version
        try:
            self.room.move(self.seat, action)
        except (RoomError, IllegalActionError) as exc:
            self._refused(exc, action, seen)
            return False
        self.error = {}
        self.hint = {}
        self._show()
        return True

    def next_deal(self) -> bool:
        """Start the room's next deal (after this one)."""
        seen = self.room.version
        try:
            self.room.next_deal(self.seat, after=self.scoreboard.get("deal"))
        except RoomError as exc:
            self._refused(exc, "next_deal", seen)
            return False
        self.error = {}
        self._show()
        return True

    def _refused(self, exc: RoomError | IllegalActionError, action: str, seen: int) -> None:
        """Say why; show the table again only if the room moved meanwhile (someone moved first)."""
        if self.room.version != seen:
            self._show()
        self._refuse(exc.explanation, action)

    def set_bot(self, seat: int, level: str) -> bool:
        """A shared room's bots were chosen when it was created: refused."""
        self._refuse(Explanation("ROOM", "room.bots_fixed", {"room": self.room.name}), f"bot {seat}")
        return False

    def refresh(self) -> bool:
        """Apply the others' moves now, move the bots that are due, re-sync; whether anything changed."""
        changed = self.room.sync()
        changed = self.room.play_bots() > 0 or changed
        if changed:
            self._show()
        return changed

    def leave(self) -> None:
        """Stop following the room and give the seat back (a bot plays it from then on)."""
        self.stop()
        self.room.leave(self.seat)

    def follow(self) -> bool:
        """Follow the room on the running event loop (the kernel's); False where none runs (call ``refresh()``)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self._follower is None or self._follower.done():
            self._follower = loop.create_task(self._follow())
        return True

    def stop(self) -> None:
        """Stop following the room (the seat stays held: a restarted kernel takes it back)."""
        if self._follower is not None:
            self._follower.cancel()
            self._follower = None

    def close(self) -> None:
        """Close the widget and stop following (also on a table whose constructor was refused)."""
        self.stop()
        super().close()

    def _due_elsewhere(self) -> bool:
        """Whether the deal waits for a seat this table does not hold."""
        state = self.room.state
        return not state.is_done and state.to_act is not None and state.to_act != self.seat

    # ----- the Table's hooks ---------------------------------------------------------------------------------
    def _let_bots_play(self) -> None:
        """The room's bots move (whoever sees them due); the table shows the room's match and deal."""
        self.match = self.room.match
        self.room.play_bots()
        self.state = self.room.state

    def _show(self) -> None:
        """Show the room's deal: the events since the last showing (for the animation), then the view."""
        self._events = self._events_since_shown()
        self.state = self.room.state
        self._verdict = None
        self._sync()

    def _events_since_shown(self) -> list[dict[str, Any]]:
        """The moves made since the table last showed the deal, as ``Table`` events (same deal only)."""
        state = self.room.state
        shown = self._shown
        self._shown = state.clone()
        if shown is None or shown.deal != state.deal or len(shown.history) > len(state.history):
            return []
        real, events = self.state, list[dict[str, Any]]()
        self._events = events
        try:
            for action in state.history[len(shown.history) :]:
                seat, completed = shown.to_act, completed_tricks(shown)
                shown.apply(action)
                self.state = shown
                self._record_event(seat if seat is not None else -1, completed)
        finally:
            self.state = real
        return events

    def _sync(self) -> None:
        """The Table's sync (the seat's view only), plus the room's first message."""
        if self._shown is None:
            self._shown = self.room.state.clone()
        super()._sync()
        waiting, away = self.room.waiting_for(), sorted(self.room.away())
        said = []
        if waiting:
            said.append(Explanation("ROOM", "room.waiting_start", {"room": self.room.name,
                                                                   "seats": ", ".join(map(str, waiting))}))
        if away:
            said.append(Explanation("ROOM", "room.away", {"seats": ", ".join(map(str, away))}))
        if said:
            view = dict(self.view)
            view["notices"] = [*({"rule": "", "text": reason.text(self.locale)} for reason in said),
                               *view.get("notices", [])]
            self.view = view
        if self._caveat:
            reason = Explanation("ROOM", "room.memory_caveat", {"room": self.room.name, "seat": self.seat,
                                                                 "lab": "JupyterLab"})
            view = dict(self.view)
            view["notices"] = [{"rule": "", "text": reason.text(self.locale)}, *view.get("notices", [])]
            self.view = view

    async def _follow(self) -> None:
        """The background task: look at the room's log, catch up and re-sync when it moved.

        A log shorter than this kernel's (moves lost, or rolled back by the instructor) is looked
        at too: ``sync`` says it was damaged, or rebuilds the match after a repair. What goes
        wrong is put in ``error`` and cleared once the room is followed again.
        """
        said: dict[str, Any] = {}
        looked_at_seats = time.monotonic()
        while True:
            try:
                if self.room.store.version(self.room.name) != self.room.version:
                    self.refresh()
                elif time.monotonic() - looked_at_seats > SEATS_SECONDS:  # a seat to act whose kernel has gone
                    looked_at_seats = time.monotonic()
                    if not self.room.started:  # who is still awaited, or the last learner has sat
                        if not self.refresh():
                            self._sync()
                    elif self._due_elsewhere() and self.room.state.to_act in self.room.away():
                        self.refresh()
                if said and self.error == said:  # followed again: the follower's own message goes
                    self.error = {}
                said = {}
            except RoomError as exc:  # the store went away, or the log broke: say so, keep trying
                said = {"text": exc.explanation.text(self.locale), "rule": "ROOM"}
                self.error = said
            except Exception as exc:  # anything else is said too: a follower never stops unseen
                reason = Explanation("ROOM", "room.follow_failed", {"room": self.room.name,
                                                                    "reason": echo(type(exc).__name__)})
                said = {"text": reason.text(self.locale), "rule": "ROOM"}
                self.error = said
            await asyncio.sleep(FOLLOW_SECONDS)


def seat_class(kwargs: dict[str, Any]) -> type[Table]:
    """The class of ``Table(game, room=…, seat=…)`` here (``docs/classroom.md``, "Where the service runs").

    A room service found (or a ``connection`` given): ``RemoteTable``, the kernel holds its seat's view
    only. No service and no Jupyter server (a script, a test, a benchmark), or ``direct=True``: the
    store's ``SharedTable`` (direct mode, no promise about secrets). A kernel of a Jupyter server
    without the service is refused (``room.no_service``), and so is JupyterLite (``room.lite``).
    """
    if kwargs.get("connection") is not None:
        return RemoteTable
    refusal = lite_refusal()
    if refusal is not None:
        raise refusal
    if kwargs.get("direct"):
        return SharedTable
    if find_service() is not None:
        return RemoteTable
    if os.environ.get("JPY_PARENT_PID"):
        raise RoomError("room.no_service", jupyter="Jupyter", package="cardwidgets", direct="direct=True")
    return SharedTable


Table.shared = seat_class  # Table(game, room=…, seat=…) makes one of these


def _stand_in(room: Room) -> Match:
    """A match for ``Table.__init__`` to start from (it may deal a new deal); the room's own replaces it at once."""
    match = Match(room.game, room.meta["rules"], seed=room.seed)
    match.new_deal()
    return match
