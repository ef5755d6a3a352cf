"""The classroom app of ``notebooks/play.ipynb``: choose a game and a language, play a match against bots.

Served with Voila, the app reads its settings from the page's address, so a whole
class can open one link and play the same deal, then compare::

    …/voila/render/notebooks/play.ipynb?game=nestors&seed=5&locale=ru&target=300

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
from cardwidgets.games import GAMES, get_game
from cardwidgets.i18n import LOCALES, resolve
from cardwidgets.i18n.names import card_text
from cardwidgets.i18n.tools import tool_text
from cardwidgets.widgets.table import Table

#: The largest seed or target a link may give (a link is typed by hand: anything longer is a mistake).
MAX_NUMBER = 10**9


@dataclass
class AppSettings:
    """What the app starts with; ``problems`` are the settings of the link that were refused: (name, value)."""

    game: str = "nimby"
    seed: int | None = None
    locale: str = "en"
    target: int | None = None
    problems: list[tuple[str, str]] = field(default_factory=list)

    def rules(self) -> dict[str, int] | None:
        """The match rules: the ``target`` option, for the games that have one (NIM-7, NES-9)."""
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
        settings.game = values["game"]
    elif "game" in values:
        settings.problems.append(("game", values["game"][:40]))
    for name in ("seed", "target"):
        if name in values:
            number = _number(values[name])
            if number is None or (name == "target" and number == 0):
                settings.problems.append((name, values[name][:40]))
            else:
                setattr(settings, name, number)
    return settings


def _number(text: str) -> int | None:
    """A whole number written in ASCII digits, 0 to ``MAX_NUMBER``; None otherwise."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        return None
    number = int(text)
    return number if number <= MAX_NUMBER else None


class PlayApp:
    """The app: game and language choosers, **New match**, and the table (``play_app()`` builds one)."""

    def __init__(self, settings: AppSettings) -> None:
        self.settings = settings
        self.game = ipywidgets.Dropdown(options=game_names(settings.locale), value=settings.game)
        self.language = ipywidgets.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=settings.locale)
        self.new_match = ipywidgets.Button(button_style="primary", icon="play")
        self.status = ipywidgets.HTML()
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
        return self.table_area.children[0]  # type: ignore[return-value]

    def start(self, _button: object = None) -> None:
        """A new match of the chosen game (the link's seed, if it gave one: everyone gets the same deal)."""
        settings, game = self.settings, self.game.value
        rules = AppSettings(game=game, target=settings.target).rules()
        table = Table(game, seat=0, seed=settings.seed, locale=self.language.value, rules=rules)
        self.table_area.children = [table]
        self._label()

    def summary(self) -> str:
        """One line: the game, the deal's seed, the language — and the learner's hand, to compare deals."""
        table = self.table
        hand = " ".join(card_text(parse_card(card), table.locale) for card in table.view["my_hand"])
        seed = "—" if self.settings.seed is None else str(self.settings.seed)
        return tool_text("app_summary", table.locale, game=tool_text(f"game_{table.game}", table.locale),
                         seed=seed, hand=hand)

    def _relabel(self, change: dict[str, str]) -> None:
        for table in self.table_area.children:
            table.locale = change["new"]  # type: ignore[attr-defined]
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
        if self.table_area.children:
            lines.append(self.summary())
        self.status.value = "<br>".join(html.escape(line) for line in lines)


def game_names(locale: str) -> list[tuple[str, str]]:
    """The game chooser's options: "Nimby (Нимби)" in English, only «Нимби» in Russian."""
    if locale == "ru":
        return [(tool_text(f"game_{g}", "ru"), g) for g in GAMES]
    return [(tool_text(f"game_{g}", "en") + f" ({tool_text(f'game_{g}', 'ru')})", g) for g in GAMES]


def play_app(query: str | None = None, locale: str | None = None) -> PlayApp:
    """The classroom app, set up from ``query`` (default: the page's address under Voila)."""
    return PlayApp(read_query(query, locale))
