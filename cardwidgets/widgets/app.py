"""The classroom app of ``notebooks/play.ipynb``: choose a game and a language, play a match against bots.

Served with Voila, the app reads its settings from the page's address, so a whole
class can open one link and play the same deal, then compare::

    …/voila/render/notebooks/play.ipynb?game=<game>&seed=5&locale=ru&target=300

With ``room`` (and ``seat``) the app is a seat at a shared room (``docs/classroom.md``)::

    …/voila/render/notebooks/play.ipynb?room=class-3-t1&seat=2&locale=ru

— the classroom mode: visitors run no code, so their browsers get only their seat's view. Where
the Jupyter server (or ``cardwidgets-voila``) runs the room service, the seat is the service's:
the visitor is the user the server knows by the page's login cookie (one per browser), never a
file every visitor of one server would share, and a refusal (the seat held by another learner)
comes when the page asks for the seat; the status line says it in the link's language.

Voila gives the kernel the address's query string as ``QUERY_STRING``. Every
setting is optional; a bad one is named in a line above the table and left at its
default, so a mistyped link still opens a game.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import ipywidgets

from cardwidgets.cards import parse_card
from cardwidgets.core.registry import GAMES, first_game, get_game
from cardwidgets.i18n import LOCALES, resolve
from cardwidgets.i18n.names import card_text
from cardwidgets.i18n.tools import tool_text
from cardwidgets.service.client import RoomConnection
from cardwidgets.store import RoomError
from cardwidgets.store.base import ROOM_NAME
from cardwidgets.widgets.remote_table import RemoteTable
from cardwidgets.widgets.shared_table import SharedTable, seat_class
from cardwidgets.widgets.table import Table

#: The largest seed or target a link may give (a link is typed by hand: anything longer is a mistake).
MAX_NUMBER = 10**9


@dataclass
class AppSettings:
    """What the app starts with; ``problems`` are the settings of the link that were refused: (name, value)."""

    #: The game to play: the link's, else the one a learner meets first (``core.registry.first_game``).
    game: str = field(default_factory=first_game)
    seed: int | None = None
    locale: str = "en"
    target: int | None = None
    #: A shared room to sit at (``room=class-3-t1``), the seat there, and whether the link named the game.
    room: str | None = None
    seat: int = 0
    game_given: bool = False
    problems: list[tuple[str, str]] = field(default_factory=list)

    def rules(self) -> dict[str, int] | None:
        """The match rules: the ``target`` option, for the games that have one (the score a match is played to)."""
        if self.target is None or "target" not in get_game(self.game).options:
            return None
        return {"target": self.target}


def read_query(query: str | None = None, locale: str | None = None) -> AppSettings:
    """The app's settings from a query string (default: ``QUERY_STRING`` from Voila)."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    values = {key: found[-1] for key, found in parse_qs(query[:2000]).items()}
    settings = AppSettings(locale=resolve(locale))
    if values.get("locale") in LOCALES:
        settings.locale = values["locale"]
    elif "locale" in values:
        settings.problems.append(("locale", values["locale"][:40]))
    if values.get("game") in GAMES:
        settings.game, settings.game_given = values["game"], True
    elif "game" in values:
        settings.problems.append(("game", values["game"][:40]))
    for name in ("seed", "target"):
        if name in values:
            number = _number(values[name])
            if number is None or (name == "target" and number == 0):
                settings.problems.append((name, values[name][:40]))
            else:
                setattr(settings, name, number)
    _read_room(values, settings)
    return settings


def _read_room(values: dict[str, str], settings: AppSettings) -> None:
    """The shared room and seat of a link (a bad name or seat is named, and the app plays alone)."""
    if "room" in values:
        if ROOM_NAME.fullmatch(values["room"]):
            settings.room = values["room"]
        else:
            settings.problems.append(("room", values["room"][:40]))
    if "seat" in values:
        seat = _number(values["seat"])
        if seat is None or seat >= max(get_game(g).num_players for g in GAMES):
            settings.problems.append(("seat", values["seat"][:40]))
        else:
            settings.seat = seat


def _number(text: str) -> int | None:
    """A whole number written in ASCII digits, 0 to ``MAX_NUMBER``; None otherwise."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        return None
    number = int(text)
    return number if number <= MAX_NUMBER else None


class PlayApp:
    """The app: game and language choosers, **New match**, and the table (``play_app()`` builds one)."""

    def __init__(self, settings: AppSettings, connection: RoomConnection | None = None) -> None:
        self.settings = settings
        #: How the link's room is reached: the room service this kernel finds (None), or this connection.
        self.connection = connection
        self.game = ipywidgets.Dropdown(options=game_names(settings.locale), value=settings.game)
        self.language = ipywidgets.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=settings.locale)
        self.new_match = ipywidgets.Button(button_style="primary", icon="play")
        self.status = ipywidgets.HTML()
        #: Why the link's room could not be joined (its message in each language), if it could not.
        self.room_error: RoomError | None = None
        self.table_area = ipywidgets.VBox()
        self.new_match.on_click(self.start)
        self.language.observe(self._relabel, names="value")
        self.widget = ipywidgets.VBox(
            [ipywidgets.HBox([self.game, self.new_match]), self.language, self.status, self.table_area]
        )
        self._label()
        self.start()

    @property
    def table(self) -> Table:
        """The table being played."""
        return self.table_area.children[0]

    def start(self, _button: object = None) -> None:
        """A new match of the chosen game (the link's seed, if it gave one: everyone gets the same deal)."""
        settings, game = self.settings, self.game.value
        if settings.room is not None:
            self._sit_at_room(settings.room)
            return
        rules = AppSettings(game=game, target=settings.target).rules()
        table = Table(game, seat=0, seed=settings.seed, locale=self.language.value, rules=rules)
        self.table_area.children = [table]
        self._label()

    def _sit_at_room(self, room: str) -> None:
        """The classroom mode: this visitor's seat at the link's room (the room's match: no New match)."""
        settings = self.settings
        self.new_match.disabled = self.game.disabled = True
        if self.table_area.children:
            return
        game = settings.game if settings.game_given else None
        seat, locale = settings.seat, self.language.value
        table: Table
        try:
            if seat_class({"connection": self.connection}) is RemoteTable:  # the service's seat, bound by the page
                table = RemoteTable(game, room=room, seat=seat, locale=locale, connection=self.connection)
            else:  # no service (a script, a test): the store's room
                table = SharedTable(game, room=room, seat=seat, locale=locale, caveat=False)
        except RoomError as exc:
            self.room_error = exc
        else:
            self.table_area.children = [table]
            self.game.value = table.game
            table.observe(self._table_changed, names=["view", "error"])
        self._label()

    def _table_changed(self, _change: object) -> None:
        """The seat was bound or refused, or a move was made: the status line follows."""
        self._label()

    def _seat_refusal(self) -> str | None:
        """Why the room service did not give this page its seat (in the table's words), if it did not."""
        table = self.table_area.children[0] if self.table_area.children else None
        if isinstance(table, RemoteTable) and not table.room.held and table.error.get("text"):
            return str(table.error["text"])
        return None

    def summary(self) -> str:
        """One line: the game, the deal's seed, the language — and the learner's hand, to compare deals.

        Where no table could be drawn (the link's room refused the seat), the refusal in words instead;
        a seat the room service has not given yet (the page asks for it once shown): its refusal, or nothing.
        """
        if not self.table_area.children:
            locale = self.language.value
            lines = [tool_text("app_bad_setting", locale, name=n, value=v) for n, v in self.settings.problems]
            if self.room_error is not None:
                lines.append(self.room_error.explanation.text(locale))
            return "\n".join(lines)
        table = self.table
        if isinstance(table, RemoteTable) and not table.room.held:
            return self._seat_refusal() or ""
        hand = " ".join(card_text(parse_card(card), table.locale) for card in table.view.get("my_hand", []))
        seed = "—" if self.settings.seed is None else str(self.settings.seed)
        return tool_text("app_summary", table.locale, game=tool_text(f"game_{table.game}", table.locale),
                         seed=seed, hand=hand)

    def _relabel(self, change: dict[str, str]) -> None:
        for table in self.table_area.children:
            table.locale = change["new"]
        self._label()

    def _label(self) -> None:
        locale = self.language.value
        chosen = self.game.value
        self.game.options = game_names(locale)
        self.game.value = chosen
        self.game.description = tool_text("app_game", locale)
        self.language.description = tool_text("app_language", locale)
        self.new_match.description = tool_text("app_new_match", locale)
        lines = [tool_text("app_bad_setting", locale, name=n, value=v) for n, v in self.settings.problems]
        if self.room_error is not None:
            lines.append(self.room_error.explanation.text(locale))
        if self.table_area.children:
            lines.append(self.summary())
        self.status.value = "<br>".join(html.escape(line) for line in lines if line)


def game_names(locale: str) -> list[tuple[str, str]]:
    """The game chooser's options: in English a game's name and its Russian name in brackets, in Russian only that.

    The names are the games' ``game_<game>`` tool texts (each game's words).
    """
    if locale == "ru":
        return [(tool_text(f"game_{g}", "ru"), g) for g in GAMES]
    return [(tool_text(f"game_{g}", "en") + f" ({tool_text(f'game_{g}', 'ru')})", g) for g in GAMES]


def play_app(query: str | None = None, locale: str | None = None, connection: RoomConnection | None = None) -> PlayApp:
    """The classroom app, set up from ``query`` (default: the page's address under Voila).

    ``connection``: how to reach the room service (default: the one this kernel's server runs).
    """
    return PlayApp(read_query(query, locale), connection)
