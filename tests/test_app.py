"""The classroom app (notebooks/play.ipynb): settings from the page's address, one line per refused setting."""

from __future__ import annotations

import pytest

from cardwidgets import Table
from cardwidgets.widgets.app import MAX_NUMBER, play_app, read_query


def test_a_link_sets_game_seed_locale_and_target() -> None:
    settings = read_query("game=nestors&seed=5&locale=ru&target=300")
    assert (settings.game, settings.seed, settings.locale, settings.target) == ("nestors", 5, "ru", 300)
    assert settings.problems == []
    app = play_app("game=nestors&seed=5&locale=ru&target=300")
    table = app.table
    assert (table.game, table.locale, table.match.rules["target"]) == ("nestors", "ru", 300)
    same = Table("nestors", seat=0, seed=5)
    assert table.state.deal == same.state.deal  # everyone who opens the link gets this deal


def test_everyone_with_the_link_gets_the_same_hand() -> None:
    first, second = play_app("game=tumbochka&seed=11"), play_app("game=tumbochka&seed=11")
    assert first.summary() == second.summary()
    assert "deal 11" in first.summary()


def test_voila_passes_the_address_in_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "game=nimby&seed=3")
    assert (read_query().game, read_query().seed) == ("nimby", 3)


@pytest.mark.parametrize(
    ("query", "refused"),
    [("game=chess", "game"), ("seed=-1", "seed"), ("seed=٥", "seed"), (f"seed={MAX_NUMBER + 1}", "seed"),
     ("target=0", "target"), ("target=abc", "target"), ("locale=de", "locale")],
)
def test_a_bad_setting_is_named_and_the_default_used(query: str, refused: str) -> None:
    app = play_app(query)
    assert [name for name, _value in app.settings.problems] == [refused]
    assert "not understood" in app.status.value
    assert app.table.state.legal_actions() or app.table.state.is_done  # the app still plays


def test_tumbochka_has_no_target_and_ignores_it() -> None:
    app = play_app("game=tumbochka&target=300")
    assert "target" not in app.table.match.rules


def test_the_app_speaks_russian_in_russian() -> None:
    app = play_app("locale=ru&game=nestors&seed=2")
    assert app.new_match.description == "Новая партия"
    assert "ваши карты" in app.summary()
    assert not any(code in app.summary() for code in ("JS", "QH", "AS", "KD", "10C"))
    app.language.value = "en"
    assert app.table.locale == "en"
    assert app.new_match.description == "New match"
