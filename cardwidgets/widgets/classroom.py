"""``Classroom``: the instructor's view of a class playing duplicate at several shared tables.

``Classroom("class-3", tables=4, game=game)`` opens (or reopens) the rooms
``class-3-t1`` … ``class-3-t4`` with one seed, so every table is dealt the same deals in
the same order (duplicate). The instructor sees who sits where, the live scores and,
after each deal, the tables' results on it side by side; ``replay(table, deal)`` puts a
finished deal in a ``HandReplay`` for the projector; ``start(table)`` starts a table that
waits for its learners; ``release(table, seat)`` gives a seat to a bot, or frees it for its
learner; ``repair(table)`` rolls a damaged table's log back to its last good move. Every
word in both languages.

Where the instructor's kernel finds a room service (``service.find_service()``: the Jupyter
server's extension, or ``CARDWIDGETS_ROOM_SERVICE`` on a Hub), the classroom is one of its admin
clients: the service makes, starts, releases and repairs the rooms, and ``full(room)`` gives
the instructor the whole room, whose match is rebuilt here from its log (``ServedRoom``).
Otherwise — a script, a test, ``store=`` named, or ``direct=True`` — it opens the rooms on the
store itself (direct mode, ``store.room.Room``).
"""

from __future__ import annotations

import html
import secrets
from typing import Any

import ipywidgets

from cardwidgets.core.errors import IllegalActionError, RecordError, echo
from cardwidgets.core.game import Game
from cardwidgets.core.match import Match
from cardwidgets.core.registry import first_game, get_game
from cardwidgets.core.state import GameState
from cardwidgets.i18n import render, resolve
from cardwidgets.i18n.names import number_text
from cardwidgets.i18n.tools import tool_text
from cardwidgets.i18n.ui import UI
from cardwidgets.service.client import RoomConnection, ServiceClient, find_service
from cardwidgets.service.wire import explanation_from
from cardwidgets.store import RoomError, Store, check_class_name, open_store
from cardwidgets.store.room import Room
from cardwidgets.widgets.replay import HandReplay

#: The most tables one classroom opens.
MAX_TABLES = 40


class Classroom:
    """The rooms of one class, their seats, scores and the duplicate comparison (``text()``, ``widget``).

    ``game`` is a registered game's name; by default the one a learner meets first (``core.registry.first_game``).
    ``connection``: the room service to use (a ``RoomConnection`` with the instructor's rights); by default the
    one this kernel finds, if any. ``store=`` or ``direct=True`` open the rooms on the store instead.
    """

    def __init__(
        self,
        name: str,
        tables: int = 4,
        game: str | None = None,
        *,
        store: str | Store | None = None,
        rules: dict[str, Any] | None = None,
        bots: str | list[str] = "heuristic",
        seed: int | None = None,
        locale: str | None = None,
        learner_seats: tuple[int, ...] | list[int] | None = None,
        connection: RoomConnection | None = None,
        direct: bool = False,
    ) -> None:
        if not (type(tables) is int and 1 <= tables <= MAX_TABLES):
            raise RoomError("classroom.bad_tables", limit=MAX_TABLES)
        self.name = check_class_name(name)
        self.locale = resolve(locale)
        if connection is None and store is None and not direct:
            address = find_service()
            if address is not None:
                connection = ServiceClient.from_address(address, admin=True)
        #: The room service this classroom is an admin client of (None: direct mode, on ``store``).
        self.connection = connection
        seed = secrets.randbelow(10**9) if seed is None else seed
        game = first_game() if game is None else game
        names = [f"{name}-t{n}" for n in range(1, tables + 1)]
        #: The tables' rooms, table 1 first; all dealt from one seed (the first opener's).
        self.rooms: list[Room | ServedRoom]
        if connection is not None:
            learners = None if learner_seats is None else list(learner_seats)
            for room in names:
                connection.create_room(room, game, rules=rules, bots=bots, seed=seed, learners=learners)
            self.store: Store | None = None
            self.rooms = [ServedRoom(room, connection) for room in names]
        else:
            self.store = open_store(store)
            self.rooms = [Room(room, game, store=self.store, rules=rules, bots=bots, seed=seed, strict=False,
                               learner_seats=learner_seats) for room in names]
        self.widget = ipywidgets.HTML()
        self.refresh()

    @property
    def seed(self) -> int:
        """The seed every table was dealt from."""
        return self.rooms[0].seed

    def refresh(self) -> None:
        """Catch up with every table's log and redraw."""
        for room in self.rooms:
            try:
                room.sync()
            except RoomError as exc:  # a damaged log: shown on its table's line, for the instructor to repair
                if exc.key != "room.bad_log":
                    raise
                room.damage = exc
        self._draw()

    def _draw(self) -> None:
        lines = self.lines()
        self.widget.value = "<br>".join(html.escape(line) for line in lines)

    # ----- what the instructor reads ----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The whole view as lines of text: the class, each table, then each finished deal compared."""
        locale = self.locale
        first = self.rooms[0]
        game = tool_text(f"game_{first.game.name}", locale)
        lines = [render("classroom.title", {"name": self.name, "game": game, "tables": len(self.rooms),
                                            "seed": self.seed}, locale)]
        lines += [self.table_line(n) for n in range(1, len(self.rooms) + 1)]
        for deal in range(1, max(len(room.finished()) for room in self.rooms) + 1):
            lines += self.comparison(deal)
        return lines

    def table_line(self, table: int) -> str:
        """Who sits where at ``table`` (from 1), its match score and how many deals it has played."""
        room, locale = self.rooms[table - 1], self.locale
        humans, away = room.humans(), room.away()
        seats = [
            render("classroom.learner", {"seat": seat}, locale)
            if seat in humans
            else render("classroom.away" if seat in away else "classroom.bot",
                        {"seat": seat, "level": UI[locale][f"level_{level}"]}, locale)
            for seat, level in enumerate(room.bot_levels)
        ]
        scores = _pair(room.match.scores, locale)
        line = render("classroom.table", {"table": table, "room": room.name, "seats": "; ".join(seats),
                                          "scores": scores, "deals": len(room.finished())}, locale)
        waiting = room.waiting_for() if room.damage is None else []
        if waiting:
            line += ". " + render("room.waiting_start", {"room": room.name,
                                                          "seats": ", ".join(map(str, waiting))}, locale)
        return line if room.damage is None else f"{line}. {room.damage.explanation.text(locale)}"

    def comparison(self, deal: int) -> list[str]:
        """Deal ``deal`` (from 1) at every table: who played what contract, the points taken, the score written."""
        lines = [render("classroom.deal", {"deal": deal}, self.locale)]
        for table, room in enumerate(self.rooms, start=1):
            finished = room.finished()
            if len(finished) < deal:
                lines.append(render("classroom.not_played", {"table": table}, self.locale))
                continue
            summary = finished[deal - 1].summary()
            lines.append(render("classroom.result", {
                "table": table, "contract": self._contract(summary.get("contract")),
                "points": _pair(summary["points"], self.locale) if summary.get("points") else "—",
                "score": _pair(room.match.deal_scores[deal - 1], self.locale),
            }, self.locale))
        return lines

    def _contract(self, contract: dict[str, Any] | None) -> str:
        if not contract:
            return "—"
        key = "classroom.contract_bid" if contract.get("bid") is not None else "classroom.contract"
        return render(key, contract, self.locale)

    def results(self, deal: int) -> list[dict[str, Any] | None]:
        """Deal ``deal`` (from 1) at every table as data: contract, points, score (None where not finished)."""
        out: list[dict[str, Any] | None] = []
        for room in self.rooms:
            finished = room.finished()
            if len(finished) < deal:
                out.append(None)
                continue
            summary = finished[deal - 1].summary()
            out.append({"contract": summary.get("contract"), "points": summary.get("points"),
                        "score": room.match.deal_scores[deal - 1], "actions": list(finished[deal - 1].history)})
        return out

    def replay(self, table: int, deal: int, **kwargs: Any) -> HandReplay:
        """Finished deal ``deal`` of ``table`` (both from 1) as a ``HandReplay``, for the projector."""
        finished = self._room(table).finished()
        if not (type(deal) is int and 1 <= deal <= len(finished)):
            raise RoomError("classroom.no_deal", deal=echo(deal), table=table)
        return HandReplay(finished[deal - 1], locale=kwargs.pop("locale", self.locale), **kwargs)

    def _room(self, table: Any) -> Room | ServedRoom:
        """The room of ``table`` (from 1); ``classroom.bad_table`` if there is none."""
        if not (type(table) is int and 1 <= table <= len(self.rooms)):
            raise RoomError("classroom.bad_table", table=echo(table), last=len(self.rooms))
        return self.rooms[table - 1]

    def start(self, table: int) -> bool:
        """Start ``table`` (from 1) that still waits for learners (bots play empty seats); whether this started it."""
        room = self._room(table)
        started = room.start() if isinstance(room, Room) else self._served(room).start(room.name)
        self.refresh()
        return started

    def release(self, table: int, seat: int, *, to_bot: bool = True) -> str:
        """Free ``seat`` of ``table`` (from 1) from the learner bound to it; what was done, in words.

        The next learner who asks for the seat takes it: the same learner back from another browser
        (a new identity), or another one. Until then a bot plays it (``to_bot=True``), or the table
        waits for that learner at the seat's turns (``to_bot=False``, through the service). In direct
        mode the seat's holder is let go and a bot plays it until a learner joins, whichever is asked.
        """
        room = self._room(table)
        players = room.game.num_players
        if not (type(seat) is int and 0 <= seat < players):
            raise RoomError("room.bad_seat", seat=echo(seat), game=room.game.name, last=players - 1)
        if type(to_bot) is not bool:
            raise RoomError("room.request_field", field="to_bot")
        if isinstance(room, Room):
            holder = room.store.seats(room.name).get(seat)
            if holder is not None:
                room.store.release_seat(room.name, seat, holder.token)
        else:
            self._served(room).release(room.name, seat, to_bot=to_bot)
        self.refresh()
        key = "classroom.released_learner" if self.connection is not None and not to_bot else "classroom.released_bot"
        return render(key, {"seat": seat, "room": room.name}, self.locale)

    def repair(self, table: int) -> str:
        """Roll ``table``'s damaged log (from 1) back to its last good move; what was done, in words.

        The learners' tables see the shortened log at their next look (``SharedTable`` reloads it;
        through the service, every seat gets a frame that says the log was reset).
        """
        room = self._room(table)
        try:
            room.sync()
        except RoomError as exc:
            if exc.key != "room.bad_log":
                raise
        else:
            if room.damage is None:
                return render("room.log_fine", {"room": room.name, "version": room.version}, self.locale)
        version = room.repair() if isinstance(room, Room) else self._served(room).repair(room.name)
        self.refresh()
        return render("room.repaired", {"room": room.name, "version": version}, self.locale)

    def _served(self, room: ServedRoom) -> RoomConnection:
        assert self.connection is not None  # a ServedRoom exists only with a connection
        return self.connection

    def text(self) -> str:
        """The view as plain text."""
        return "\n".join(self.lines())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """In a notebook: the live widget."""
        return self.widget._repr_mimebundle_(**kwargs)


class ServedRoom:
    """A room the room service keeps, as its instructor sees it (``full``), rebuilt in the instructor's kernel.

    The same reading interface as ``store.room.Room`` for the classroom's view (``game``, ``seed``,
    ``bot_levels``, ``match``, ``finished()``, ``humans()``, ``away()``, ``waiting_for()``, ``damage``,
    ``version``). The match is replayed with the engine from the deals' records the service sends
    (each deal dealt from the room's seed, as the service's own ``Room`` deals it), and again only
    when the room's version moved. Starts, releases and repairs are the classroom's calls to the service.
    """

    def __init__(self, name: str, connection: RoomConnection) -> None:
        self.name = name
        self.connection = connection
        #: Why the room is paused (the service's words), or None.
        self.damage: RoomError | None = None
        self._seen: tuple[Any, ...] | None = None
        self._full: dict[str, Any] = {}
        self.sync()

    def sync(self) -> bool:
        """Ask the service for the whole room and catch up; whether anything changed."""
        full = self.connection.full(self.name)
        try:
            game, seed, bots, deal = get_game(full["game"]), full["seed"], list(full["bots"]), full["deal"]
            records = [*full["finished"], full["record"]]
            if not (type(seed) is int and type(deal) is int and all(isinstance(r, dict) for r in records)):
                raise TypeError(seed)
            seen = (full["version"], deal, len(full["finished"]), game.name, seed)
            changed = seen != self._seen
            if changed:
                self.game: type[Game] = game
                self.seed: int = seed
                self.bot_levels: list[str] = bots
                self.rules: dict[str, Any] = dict(full.get("rules") or {})
                self.match = self._replay(records[: max(deal, len(full["finished"]))])
                self._seen = seen
        except (KeyError, TypeError, ValueError, IllegalActionError, RecordError):
            raise RoomError("room.bad_reply", what="full") from None
        self._full = full
        paused = explanation_from(full.get("paused"))
        self.damage = None if paused is None else RoomError(paused.key, **paused.params)
        return changed

    def _replay(self, records: list[dict[str, Any]]) -> Match:
        """The room's match: each deal dealt from the seed, its actions applied, finished deals scored."""
        match = Match(self.game, self.rules, seed=self.seed)
        match.new_deal()
        for number, record in enumerate(records):
            if number:  # a deal after the first: the service's Room started it with ``next_deal``
                match.new_deal()
            state = match.deals[-1]
            for action in record["actions"]:
                state.apply(action)
            if state.is_done:
                match.end_deal()
        return match

    @property
    def version(self) -> int:
        """The room's log version, as the service last said."""
        return int(self._full.get("version", 0))

    @property
    def state(self) -> GameState:
        """The deal on the table (the last one, finished or not)."""
        return self.match.deals[-1]

    def finished(self) -> list[GameState]:
        """The finished deals, in order."""
        return self.match.deals[: len(self.match.deal_scores)]

    def _status(self, status: str) -> set[int]:
        return {seat["seat"] for seat in self._full.get("seats", [])
                if isinstance(seat, dict) and seat.get("status") == status and type(seat.get("seat")) is int}

    def humans(self) -> set[int]:
        """The seats learners hold now."""
        return self._status("held")

    def away(self) -> set[int]:
        """The seats whose learner is away (a bot plays them until they are back)."""
        return self._status("away")

    def waiting_for(self) -> list[int]:
        """The learner seats a waiting room still waits for."""
        found = self._full.get("waiting_for") or []
        return [seat for seat in found if type(seat) is int] if isinstance(found, list) else []


def _pair(numbers: list[int], locale: str) -> str:
    """Scores side by side as the locale writes numbers: ``-140 : 50``, «−140 : 50»."""
    return " : ".join(number_text(number, locale) for number in numbers)
