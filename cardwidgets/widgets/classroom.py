"""``Classroom``: the instructor's view of a class playing duplicate at several shared tables.

``Classroom("class-3", tables=4, game=game)`` opens (or reopens) the rooms
``class-3-t1`` … ``class-3-t4`` with one seed, so every table is dealt the same deals in
the same order (duplicate). The instructor sees who sits where, the live scores and,
after each deal, the tables' results on it side by side; ``replay(table, deal)`` puts a
finished deal in a ``HandReplay`` for the projector; ``repair(table)`` rolls a damaged
table's log back to its last good move. Every word in both languages.
"""

from __future__ import annotations

import html
import secrets
from typing import Any

import ipywidgets

from cardwidgets.core.errors import echo
from cardwidgets.core.registry import first_game
from cardwidgets.i18n import render, resolve
from cardwidgets.i18n.names import number_text
from cardwidgets.i18n.tools import tool_text
from cardwidgets.i18n.ui import UI
from cardwidgets.store import RoomError, Store, check_class_name, open_store
from cardwidgets.store.room import Room
from cardwidgets.widgets.replay import HandReplay

#: The most tables one classroom opens.
MAX_TABLES = 40


class Classroom:
    """The rooms of one class, their seats, scores and the duplicate comparison (``text()``, ``widget``).

    ``game`` is a registered game's name; by default the one a learner meets first (``core.registry.first_game``).
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
    ) -> None:
        if not (type(tables) is int and 1 <= tables <= MAX_TABLES):
            raise RoomError("classroom.bad_tables", limit=MAX_TABLES)
        self.name = check_class_name(name)
        self.locale = resolve(locale)
        self.store = open_store(store)
        seed = secrets.randbelow(10**9) if seed is None else seed
        game = first_game() if game is None else game
        #: The tables' rooms, table 1 first; all dealt from one seed (the first opener's).
        self.rooms = [
            Room(f"{name}-t{n}", game, store=self.store, rules=rules, bots=bots, seed=seed, strict=False,
                 learner_seats=learner_seats)
            for n in range(1, tables + 1)
        ]
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
                "points": _pair(summary["points"], self.locale),
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
            out.append({"contract": summary.get("contract"), "points": summary["points"],
                        "score": room.match.deal_scores[deal - 1], "actions": list(finished[deal - 1].history)})
        return out

    def replay(self, table: int, deal: int, **kwargs: Any) -> HandReplay:
        """Finished deal ``deal`` of ``table`` (both from 1) as a ``HandReplay``, for the projector."""
        if not (type(table) is int and 1 <= table <= len(self.rooms)):
            raise RoomError("classroom.bad_table", table=echo(table), last=len(self.rooms))
        finished = self.rooms[table - 1].finished()
        if not (type(deal) is int and 1 <= deal <= len(finished)):
            raise RoomError("classroom.no_deal", deal=echo(deal), table=table)
        return HandReplay(finished[deal - 1], locale=kwargs.pop("locale", self.locale), **kwargs)

    def start(self, table: int) -> bool:
        """Start ``table`` (from 1) that still waits for learners (bots play empty seats); whether this started it."""
        if not (type(table) is int and 1 <= table <= len(self.rooms)):
            raise RoomError("classroom.bad_table", table=echo(table), last=len(self.rooms))
        started = self.rooms[table - 1].start()
        self.refresh()
        return started

    def repair(self, table: int) -> str:
        """Roll ``table``'s damaged log (from 1) back to its last good move; what was done, in words.

        The learners' tables see the shortened log at their next look (``SharedTable`` reloads it).
        """
        if not (type(table) is int and 1 <= table <= len(self.rooms)):
            raise RoomError("classroom.bad_table", table=echo(table), last=len(self.rooms))
        room = self.rooms[table - 1]
        try:
            room.sync()
        except RoomError as exc:
            if exc.key != "room.bad_log":
                raise
        else:
            return render("room.log_fine", {"room": room.name, "version": room.version}, self.locale)
        version = room.repair()
        self.refresh()
        return render("room.repaired", {"room": room.name, "version": version}, self.locale)

    def text(self) -> str:
        """The view as plain text."""
        return "\n".join(self.lines())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """In a notebook: the live widget."""
        return self.widget._repr_mimebundle_(**kwargs)


def _pair(numbers: list[int], locale: str) -> str:
    """Scores side by side as the locale writes numbers: ``-140 : 50``, «−140 : 50»."""
    return " : ".join(number_text(number, locale) for number in numbers)
