"""``Room``: one match played by several kernels through a store (``docs/classroom.md``).

Every kernel at the table holds a ``Room``: it rebuilds the match from the room's log
(the same engine as ever: ``Match``, ``state.apply``), checks each of its own moves with
the engine before appending it at the version it saw, and plays the empty seats' bots.
A bot's move is worked out from the room's seed and the log's version, so every kernel
that sees it due proposes the same move; the version check lets exactly one in.

A log entry is ``{"seat": s, "action": "play 10S"}`` (``"next_deal"`` starts the next deal).

A room made with learner seats (``learner_seats=(0, 3)``) waits: nobody moves until every
learner seat has been claimed, or the instructor starts it (``start()``); either way the start is the
log's first entry, ``{"seat": -1, "action": "start"}``, so every kernel agrees on it. A room
without learner seats has started when it is made.
"""

from __future__ import annotations

import secrets
from typing import Any

from cardwidgets.bots import LEVELS, make_bot
from cardwidgets.core.errors import IllegalActionError, RecordError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.records import DealRecord, MatchRecord, record_of
from cardwidgets.core.registry import get_game
from cardwidgets.core.state import GameState
from cardwidgets.store import data_dir, open_store
from cardwidgets.store.base import (
    Holder,
    RoomError,
    Store,
    check_meta,
    check_room_name,
    damaged,
    process_alive,
    this_process,
)
from cardwidgets.store.tokens import seat_token

#: The entry that starts the next deal of the match.
NEXT_DEAL = "next_deal"
#: The entry that starts a room with learner seats (its seat is ``START_SEAT``).
START = "start"
START_SEAT = -1


class Room:
    """A room's match as this kernel sees it; ``join`` a seat, then ``move``.

    >>> room = Room("class-3", game, seed=5)        # doctest: +SKIP
    >>> room.join(2); room.move(2, action)           # doctest: +SKIP

    A log that does not replay refuses the room (``room.bad_log``); with ``strict=False`` (the
    instructor's view) the room opens at its last good move, ``damage`` says why, and ``repair()``
    rolls the log back to that move.
    """

    def __init__(
        self,
        name: str,
        game: str | None = None,
        *,
        store: str | Store | None = None,
        rules: dict[str, Any] | None = None,
        bots: str | list[str] = "heuristic",
        seed: int | None = None,
        strict: bool = True,
        learner_seats: tuple[int, ...] | list[int] | None = None,
    ) -> None:
        self.name = check_room_name(name)
        self.store = open_store(store)
        #: Why the room's log stopped replaying (``room.bad_log``), for a room opened with ``strict=False``.
        self.damage: RoomError | None = None
        try:
            self._open(game, rules, bots, seed, strict, learner_seats=learner_seats)
        except BaseException:
            if not isinstance(store, Store):  # a store this room opened: let go of it
                self.store.close()
            raise

    def _open(
        self, game: str | None, rules: dict[str, Any] | None, bots: str | list[str], seed: int | None, strict: bool,
        *, learner_seats: tuple[int, ...] | list[int] | None = None,
    ) -> None:
        """Read (or create) the room's settings and catch up with its log."""
        name = self.name
        if game is None:
            meta = self.store.meta(name)
        else:
            meta = self.store.create_room(name, _meta(name, game, rules, bots, seed, learner_seats=learner_seats))
        if meta is None:
            raise RoomError("room.no_room", room=name)
        meta = check_meta(meta, self.store.address)
        try:
            self.game = get_game(meta["game"])
            self.seed: int = meta["seed"]
            self.bot_levels: list[str] = list(meta["bots"])
            if len(self.bot_levels) != self.game.num_players or not all(b in LEVELS for b in self.bot_levels):
                raise ValueError(meta["bots"])
            #: The seats meant for learners (bots never move for them before the room starts).
            self.learner_seats: tuple[int, ...] = _learner_seats(meta.get("learners", []), self.game.num_players)
            self.match = Match(self.game, meta["rules"], seed=self.seed)
            self.match.new_deal()
        except (ValueError, TypeError, KeyError, RecordError):  # settings no room writes
            raise damaged(self.store.address, "meta") from None
        if game is not None and self.game.name != game:
            raise RoomError("room.other_game", room=name, game=self.game.name, asked=echo(game))
        self.meta = meta
        #: How many log entries this kernel has applied.
        self.version = 0
        #: Whether play may begin (a room with learner seats waits for them, or for the instructor).
        self.started = not self.learner_seats
        #: The seats this kernel holds: seat -> token.
        self.held: dict[int, str] = {}
        #: The log's repairs this kernel has seen (one more: rebuild the match from the shortened log).
        self.repairs = self.store.repairs(name)
        try:
            self.sync()
        except RoomError as exc:
            if strict or exc.key != "room.bad_log":
                raise
            self.damage = exc  # the instructor's view opens a damaged room to repair it

    # ----- seats ----------------------------------------------------------------------------------
    def join(self, seat: int, token: str | None = None) -> str:
        """Hold ``seat`` (a free one, or one this learner held before); its token."""
        players = self.game.num_players
        if not (type(seat) is int and 0 <= seat < players):
            raise RoomError("room.bad_seat", seat=echo(seat), game=self.game.name, last=players - 1)
        token = token or seat_token(data_dir(), self.store.address, self.name, seat)
        if not self.store.claim_seat(self.name, seat, Holder(token, this_process())):
            holder = self.store.seats(self.name).get(seat)
            if holder is not None and not process_alive(holder.process):  # its learner is away: a bot plays it
                raise RoomError("room.away_seat", seat=seat, room=self.name)
            raise RoomError("room.seat_taken", seat=seat, room=self.name)
        self.held[seat] = token
        return token

    def leave(self, seat: int) -> None:
        """Give ``seat`` back (a bot plays it from then on)."""
        token = self.held.pop(seat, None)
        if token is not None:
            self.store.release_seat(self.name, seat, token)

    def humans(self) -> set[int]:
        """The seats learners hold now (a seat whose holding process has ended is a bot's until its learner is back)."""
        return {seat for seat, holder in self.store.seats(self.name).items() if process_alive(holder.process)}

    def away(self) -> set[int]:
        """The seats held by a process that has ended (a bot plays them until the same learner comes back)."""
        return {seat for seat, holder in self.store.seats(self.name).items() if not process_alive(holder.process)}

    def waiting_for(self) -> list[int]:
        """The learner seats the room still waits for: never claimed yet (none once it has started).

        A seat claimed by a kernel that has ended since counts as claimed: once the room starts,
        a bot plays it until its learner is back.
        """
        if self.started:
            return []
        claimed = self.store.seats(self.name)
        return [seat for seat in self.learner_seats if seat not in claimed]

    def start(self) -> bool:
        """Start a room that waits for its learners (the instructor's call); whether this call started it."""
        for _ in range(3):
            self.sync()
            if self.started:
                return False
            try:
                self._append({"seat": START_SEAT, "action": START})
            except RoomError as exc:
                if exc.key != "room.moved_first":
                    raise
                continue
            return True
        return False

    def _waiting_error(self) -> RoomError:
        return RoomError("room.waiting_start", room=self.name,
                         seats=", ".join(str(seat) for seat in self.waiting_for()))

    # ----- the match ------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The deal on the table (the last one, finished or not)."""
        return self.match.deals[-1]

    def sync(self) -> bool:
        """Apply the log's new entries; whether anything changed.

        The log checks itself on the way: a missing version, moves this kernel saw that the
        store does not have now, an entry that cannot be read or does not replay — each is one
        ``RoomError("room.bad_log")`` naming the move and the last good one (the room is
        paused until the instructor rolls it back: ``Classroom.repair``). After such a repair the
        kernel rebuilds the match from the shortened log.
        """
        try:
            changed = self._sync()
        except RoomError as exc:
            if exc.key != "room.bad_log" or self.store.repairs(self.name) == self.repairs:
                raise
            self.reload()
            return True
        self.damage = None
        return changed

    def _sync(self) -> bool:
        """Apply the log's new entries (``sync`` without the repair check)."""
        count = self.store.version(self.name)
        if count < self.version:  # the store lost moves this kernel has applied
            raise self._damaged(count + 1, Explanation("ROOM", "room.log_lost", {"count": count, "seen": self.version}))
        entries = self.store.moves(self.name, self.version)
        for version, entry in entries:
            if version != self.version + 1:
                raise self._damaged(self.version + 1, Explanation("ROOM", "room.log_gap", {}))
            try:
                self._apply(entry)
            except (IllegalActionError, RecordError, RoomError) as exc:
                raise self._damaged(version, Explanation("ROOM", "room.log_replay", {"error": _reason(exc)})) from None
            self.version = version
        if self.version < count:  # the store counts moves it does not give back
            raise self._damaged(self.version + 1, Explanation("ROOM", "room.log_gap", {}))
        return bool(entries)

    def _damaged(self, version: int, what: Explanation) -> RoomError:
        """The one error for a damaged log: where, what, and the move it can be rolled back to."""
        return RoomError("room.bad_log", room=self.name, version=version, what=what, good=version - 1,
                         repair="Classroom.repair")

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for others' moves, then apply them; whether any came."""
        if self.store.wait(self.name, self.version, timeout) > self.version:
            return self.sync()
        return False

    def move(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat`` (held by this kernel), then let the bots answer.

        Refusals change nothing: ``RoomError`` (not your seat, someone moved first …) or the
        engine's ``IllegalActionError`` with its rule.
        """
        if seat not in self.held:
            raise RoomError("room.not_your_seat", seat=echo(seat), room=self.name)
        self.sync()
        if not self.started:
            self.play_bots()  # starts the room if every learner seat is held now
            if not self.started:
                raise self._waiting_error()
        entry = {"seat": seat, "action": self._checked(seat, action)}
        self._append(entry)
        self.play_bots()

    def next_deal(self, seat: int, after: int | None = None) -> None:
        """Start the next deal (any learner at the table may, once the deal is over).

        ``after``: the number of the deal the learner saw end; if another learner started the
        next one meanwhile, there is nothing left to do (two clicks at once start one deal).
        """
        if seat not in self.held:
            raise RoomError("room.not_your_seat", seat=echo(seat), room=self.name)
        self.sync()
        if after is not None and len(self.match.deals) > after:
            return
        self._check_next()
        self._append({"seat": seat, "action": NEXT_DEAL})
        self.play_bots()

    def play_bots(self) -> int:
        """Move every bot that is due (empty seats); how many moves this kernel appended."""
        made = 0
        self.sync()
        while True:
            if not self.started:
                if self.waiting_for():  # a learner seat not claimed yet: nobody moves
                    return made
                try:  # every learner seat has been claimed: this kernel starts the room
                    self._append({"seat": START_SEAT, "action": START})
                except RoomError as exc:
                    if exc.key != "room.moved_first":
                        raise
                continue
            state = self.state
            seat = state.to_act
            if state.is_done or seat is None or seat in self.humans():
                return made
            bot = make_bot(self.bot_levels[seat], self.seed * 100_003 + self.version)
            seen = self.version
            try:
                self._append({"seat": seat, "action": bot.choose(state).text})
                made += 1
            except RoomError as exc:
                if exc.key != "room.moved_first":
                    raise
                if self.version == seen:  # refused, yet nothing new to read: the log is not what it says
                    raise self._damaged(seen + 1, Explanation("ROOM", "room.log_gap", {})) from None

    def _append(self, entry: dict[str, Any]) -> None:
        """Append at this kernel's version, then apply; when someone moved first, catch up and say so."""
        try:
            version = self.store.append(self.name, self.version, entry)
        except RoomError as exc:
            if exc.key == "room.moved_first":
                self.sync()
            raise
        self._apply(entry)
        self.version = version

    def _checked(self, seat: int, action: str) -> str:
        """The canonical text of ``action`` if ``seat`` may play it now; the engine's refusal otherwise."""
        state = self.state
        if state.is_done:
            raise IllegalActionError(Explanation("ACTIONS", "core.game_over"), echo(action))
        if state.to_act != seat:
            raise RoomError("room.not_your_turn", to_act=state.to_act, seat=seat)
        trial = state.clone()
        trial.apply(action)
        return trial.history[-1]

    def _check_next(self) -> None:
        if self.match.is_over:
            raise RoomError("room.match_over")
        if not self.state.is_done:
            raise RoomError("room.deal_not_over")

    def _apply(self, entry: dict[str, Any]) -> None:
        """Apply one log entry with the engine (a bad one raises and changes nothing)."""
        seat, action = entry.get("seat"), entry.get("action")
        if not (type(seat) is int and isinstance(action, str) and len(entry) == 2):
            raise RoomError("room.bad_entry")
        if action == START:
            if seat != START_SEAT or self.started:
                raise RoomError("room.bad_entry")
            self.started = True
            return
        if not self.started:
            raise RoomError("room.bad_entry")  # a move before the start: not a log a room writes
        if action == NEXT_DEAL:
            self._check_next()
            self.match.new_deal()
            return
        state = self.state
        if state.is_done or state.to_act != seat:
            raise RoomError("room.not_your_turn", to_act=state.to_act, seat=seat)
        state.apply(action)
        if state.is_done:
            self.match.end_deal()

    def repair(self) -> int:
        """Roll the room's log back to its last good move (the instructor's repair); that move's number.

        The log is replayed from the start in a fresh match; the first entry that is missing,
        unreadable or does not replay, and every entry after it, are removed from the store.
        Every kernel at the table then catches up with the shortened log (``reload``).
        """
        fresh = Room.__new__(Room)
        fresh.name, fresh.store, fresh.meta = self.name, self.store, self.meta
        fresh.game, fresh.seed, fresh.bot_levels, fresh.held = self.game, self.seed, self.bot_levels, {}
        fresh.learner_seats = self.learner_seats
        fresh.started = not self.learner_seats
        fresh.match = Match(self.game, self.meta["rules"], seed=self.seed)
        fresh.match.new_deal()
        fresh.version = 0
        for version, entry in self.store.moves(self.name):
            if version != fresh.version + 1:
                break
            try:
                fresh._apply(entry)
            except (IllegalActionError, RecordError, RoomError):
                break
            fresh.version = version
        self.store.truncate(self.name, fresh.version)
        self.match, self.version, self.damage = fresh.match, fresh.version, None
        self.started = fresh.started
        self.repairs = self.store.repairs(self.name)
        return fresh.version

    def reload(self) -> None:
        """Rebuild the match from the whole log (after a repair, the room's log is shorter than this kernel's)."""
        self.repairs = self.store.repairs(self.name)
        self.match = Match(self.game, self.meta["rules"], seed=self.seed)
        self.match.new_deal()
        self.version = 0
        self.started = not self.learner_seats
        self._sync()
        self.damage = None

    # ----- results --------------------------------------------------------------------------------
    def finished(self) -> list[GameState]:
        """The finished deals, in order."""
        return self.match.deals[: len(self.match.deal_scores)]

    def records(self) -> list[DealRecord]:
        """The finished deals as ordinary deal records (``HandReplay``, ``post_mortem`` …)."""
        return [record_of(state) for state in self.finished()]

    def match_record(self) -> MatchRecord:
        """The finished deals as one match record."""
        return MatchRecord(self.game, dict(self.meta["rules"]), {}, self.records())


def _learner_seats(seats: Any, players: int) -> tuple[int, ...]:
    """The learner seats as stored (a list of distinct seat numbers); ``ValueError`` if not."""
    if not (isinstance(seats, (list, tuple)) and all(type(s) is int and 0 <= s < players for s in seats)
            and len(set(seats)) == len(seats)):
        raise ValueError(seats)
    return tuple(sorted(seats))


def _meta(
    name: str, game: str, rules: dict[str, Any] | None, bots: str | list[str], seed: int | None,
    *, learner_seats: tuple[int, ...] | list[int] | None = None,
) -> dict[str, Any]:
    """A new room's settings, checked: the game, its rules, a bot level per seat, the seed, the learner seats."""
    try:
        chosen = get_game(game)
        checked = chosen.make_rules(rules)
    except (ValueError, TypeError) as exc:
        raise RoomError("room.bad_settings", room=name, reason=_reason(exc)) from None
    levels = [bots] * chosen.num_players if isinstance(bots, str) else bots
    if not (isinstance(levels, list) and len(levels) == chosen.num_players and all(b in LEVELS for b in levels)):
        raise RoomError("room.bad_bots", count=chosen.num_players, levels=", ".join(LEVELS))
    if seed is None:
        seed = secrets.randbelow(10**9)
    if type(seed) is not int:
        raise RoomError("room.bad_settings", room=name, reason=echo(seed))
    changed = {k: v for k, v in checked.items() if chosen.make_rules().get(k) != v}
    meta = {"game": chosen.name, "rules": changed, "bots": list(levels), "seed": seed}
    if learner_seats is not None:
        try:
            meta["learners"] = list(_learner_seats(learner_seats, chosen.num_players))
        except ValueError:
            raise RoomError("room.bad_learner_seats", seats=echo(learner_seats),
                            last=chosen.num_players - 1) from None
    return meta


def _reason(exc: Exception) -> Any:
    """What went wrong, as an explanation to render in the reader's language (or the plain text)."""
    return getattr(exc, "explanation", None) or echo(str(exc), 200)
