"""What the generic layers read of a game is declared: its state's members and its words' tables.

A state's ``current_trump()``, ``table_card()`` and ``score_explanation()`` are ``GameState``'s,
None unless a game gives one, so the Table and the drills call them on any game's state (the
fourth game, ``tests/fourth_game``, gives none); a game that declares a trump must give it, and one
that gives it must declare it, or it cannot register. A game's words module is read table
by table (``i18n.words.word_tables``): a malformed table is one ``ValueError`` naming the
module and the table when its words are added, and nothing is added.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import random
import types
from typing import Any

import pytest
from fourth_game import words as troika_words
from fourth_game.engine import Troika, TroikaState

from cardwidgets.cards import Rank, Suit
from cardwidgets.core.registry import SPECS, Capabilities, GameSpec, problems_of, register
from cardwidgets.core.state import GameState
from cardwidgets.drills.mistakes import NO_TRUMP, _trump
from cardwidgets.games import new_game
from cardwidgets.i18n import CATALOGUE, names, ui
from cardwidgets.i18n.names import rank_plural
from cardwidgets.i18n.words import TABLES, add_words, word_tables
from cardwidgets.service.frame import frame_of, words_json


def _played_out(state: GameState, seed: int = 0) -> GameState:
    """``state`` played to its end by random legal actions."""
    rng = random.Random(seed)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _troika(seed: int = 0) -> TroikaState:
    """A Troika deal (the fourth game, not registered: its engine needs no registry)."""
    return Troika.new_state(Troika.random_deal(seed), 0)


# ----- a state's declared members --------------------------------------------------------------------
def test_the_base_state_declares_the_trump_and_the_score_s_reason() -> None:
    assert TroikaState.current_trump is GameState.current_trump  # the fourth game has no trump
    assert TroikaState.score_explanation is GameState.score_explanation  # nor a worded score
    assert TroikaState.table_card is GameState.table_card  # nor a card on the table


def test_a_game_without_a_trump_or_a_score_reason_is_served() -> None:
    state = _troika()
    assert state.current_trump() is None
    assert _trump(state) == NO_TRUMP
    assert state.table_card() is None
    done = _played_out(state)
    assert done.score() is not None
    assert done.score_explanation() is None
    assert _deal_result(done) is None


@pytest.mark.parametrize("name", list(SPECS))
def test_a_registered_game_s_trump_and_table_card_are_what_it_shows(name: str) -> None:
    """At every step of a few deals ``current_trump()`` agrees with ``trump_json()`` (the drills word it),
    and ``table_card()`` with the card the view lays on the table (every seat's view the same)."""
    for seed in range(3):
        state = new_game(name, seed)
        rng = random.Random(seed)
        while True:
            trump = state.current_trump()
            text = None if trump is None else trump.value if isinstance(trump, Suit) else trump.text
            assert text == state.trump_json(), (name, state.history)
            label = _trump(state)
            if trump is None:
                assert label == NO_TRUMP
            elif isinstance(trump, Rank):
                assert label == {locale: rank_plural(trump, locale) for locale in ("en", "ru")}
            else:
                assert label is trump
            card = state.table_card()
            shown = {state.view(seat).get("table") for seat in (None, *range(state.num_players))}
            assert shown == {None if card is None else card.text}, (name, state.history)
            if state.is_done:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", list(SPECS))
def test_a_registered_game_s_deal_result_is_worded(name: str) -> None:
    state = _played_out(new_game(name, 5), 5)
    reason = state.score_explanation()
    assert reason is not None
    assert reason.text("en") != ""
    assert _deal_result(state) == words_json(reason)


class _TrumpedState(TroikaState):
    """Troika's state that names a trump (always spades), for the registration checks."""

    def current_trump(self) -> Suit | None:
        return Suit.SPADES


class _Trumped(Troika):
    state_class = _TrumpedState


def test_a_declared_trump_the_state_does_not_give_cannot_register() -> None:
    spec = GameSpec(Troika, "fourth_game", (), Capabilities(trump=True))
    assert problems_of(spec) == [
        "it declares trump=True, but its state class TroikaState gives no current_trump()"
    ]
    with pytest.raises(ValueError, match=r'^the game "troika" cannot register: it declares trump=True'):
        register(spec)
    assert "troika" not in SPECS


def test_a_trump_the_game_does_not_declare_cannot_register() -> None:
    assert problems_of(GameSpec(_Trumped, "fourth_game", (), Capabilities())) == [
        "it declares trump=False, but its state class _TrumpedState gives current_trump()"
    ]
    assert problems_of(GameSpec(_Trumped, "fourth_game", (), Capabilities(trump=True))) == []
    assert problems_of(GameSpec(Troika, "fourth_game", (), Capabilities())) == []


# ----- a game's words --------------------------------------------------------------------------------
def _words_modules() -> list[str]:
    """Every registered game's modules of words (``words``, ``texts``, ``lessons``) and the fourth game's."""
    found = [
        f"{spec.package}.{module}"
        for spec in SPECS.values()
        for module in ("words", "texts", "lessons")
        if importlib.util.find_spec(f"{spec.package}.{module}") is not None
    ]
    return [*found, troika_words.__name__]


@pytest.mark.parametrize("module", _words_modules())
def test_every_game_s_words_are_well_formed(module: str) -> None:
    tables = word_tables(importlib.import_module(module))
    assert set(tables) <= {"GAME_UI", "POINT_FORMS", "MESSAGES", "BOT_MESSAGES", "DRILL_MESSAGES",
                           "RECORD_MESSAGES", "PHASE_NAMES", *TABLES}


def _catalogues() -> list[Any]:
    return [CATALOGUE, ui.GAME_UI, names.POINT_FORMS, *TABLES.values()]


GOOD = {"en": {"game_mygame": "My game"}, "ru": {"game_mygame": "Моя игра"}}


@pytest.mark.parametrize(
    ("table", "value", "said"),
    [
        ("TOOLS", {"en": {"game_mygame": "My game"}}, "TOOLS: its locales are en; expected en, ru"),
        ("TOOLS", {**GOOD, "de": {"game_mygame": "Mein Spiel"}}, "TOOLS: its locales are de, en, ru"),
        ("UI", {"en": {"a": "A", "b": "B"}, "ru": {"a": "А"}}, "UI: ru lacks b"),
        ("DRILL_UI", {"en": ["My game"], "ru": {}}, "DRILL_UI: en is a list, not a dict of texts"),
        ("DRILL_UI", {"en": {"t": 3}, "ru": {"t": "три"}}, "DRILL_UI: en: the text of 't' is not a string"),
        ("ACTION_LABELS", {"fr": {"mygame.go": "aller"}}, "ACTION_LABELS: its locales are fr; expected some of"),
        ("ACTION_DONE", {"ru": {"mygame.go": "пошёл"}}, "ACTION_DONE: ru: the text of 'mygame.go' is not a pair"),
        ("MESSAGES", {"mygame.hi": {"en": "hi"}}, "MESSAGES: message 'mygame.hi': its locales are en; expected"),
        ("MESSAGES", [("mygame.hi", "hi")], "MESSAGES: it is a list, not a dict"),
        ("BOT_MESSAGES", {"mygame.hi": "hi"}, "BOT_MESSAGES: message 'mygame.hi' is a str, not a dict"),
        ("GAME_UI", {"ru": {"mygame": {"contract": None}}}, "GAME_UI: ru mygame: the text of 'contract'"),
        ("POINT_FORMS", {"mygame": ("очко", "очка")}, "POINT_FORMS: the forms of 'mygame' are not three strings"),
    ],
)
def test_a_malformed_words_table_is_one_clear_error_and_adds_nothing(table: str, value: object, said: str) -> None:
    words = types.ModuleType("mygame.words")
    words.MESSAGES = {"mygame.fine": {"en": "fine", "ru": "хорошо"}}  # type: ignore[attr-defined]
    words.TOOLS = GOOD  # type: ignore[attr-defined]
    setattr(words, table, value)
    before = copy.deepcopy(_catalogues())
    with pytest.raises(ValueError, match=r"^mygame\.words: malformed word tables: ") as raised:
        add_words(words)
    assert said in str(raised.value)
    assert _catalogues() == before


def test_every_malformed_table_is_named_in_the_one_error() -> None:
    words = types.ModuleType("mygame.words")
    words.TOOLS = {"en": {}}  # type: ignore[attr-defined]
    words.POINT_FORMS = {"mygame": "очко"}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"TOOLS: .*; POINT_FORMS: "):
        add_words(words)


def test_a_game_s_own_tables_are_its_own_business() -> None:
    """Names a words module keeps for its own code (``TRUMP_NAMES`` …) are not read, whatever their shape."""
    words = types.ModuleType("mygame.words")
    words.TRUMP_NAMES = ["not", "a", "catalogue"]  # type: ignore[attr-defined]
    assert word_tables(words) == {}
    add_words(words)


def _deal_result(state: GameState) -> object:
    """The deal's result as the table's frame carries it (the words' data, or None); no record is made."""
    return frame_of(state, 0, record={})["result"]
