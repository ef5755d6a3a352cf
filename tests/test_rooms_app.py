"""The classroom app with a room: ``play.ipynb?room=class-3-t1&seat=2`` — a seat at a shared room."""

from __future__ import annotations

import pytest
import rooms_support

from cardwidgets.store import STORE_ENV
from cardwidgets.store.room import Room
from cardwidgets.widgets.app import play_app, read_query
from cardwidgets.widgets.shared_table import SharedTable

redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address


@pytest.fixture
def store(store_address: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The store the app finds through ``CARDWIDGETS_STORE``, as on a class server."""
    monkeypatch.setenv(STORE_ENV, store_address)
    return store_address


def test_a_link_with_a_room_sits_the_visitor_at_its_seat(store: str) -> None:
    Room("class-3-t1", "nestors", store=store, seed=9)
    app = play_app("room=class-3-t1&seat=2&locale=ru")
    try:
        table = app.table
        assert isinstance(table, SharedTable)
        assert (table.game, table.seat, table.locale) == ("nestors", 2, "ru")
        assert app.new_match.disabled
        assert app.game.disabled
        assert all("память ядра" not in notice["text"] for notice in table.view["notices"])  # no code runs here
        assert table.room.humans() == {2}
    finally:
        app.table.close()


def test_a_room_that_does_not_exist_is_said_plainly(store: str) -> None:
    app = play_app("room=nobody-here&seat=1")
    assert app.table_area.children == ()
    assert "there is no room nobody-here" in app.status.value
    app.language.value = "ru"
    assert "стола nobody-here нет" in app.status.value


@pytest.mark.parametrize(("query", "refused"), [("room=a%20b", "room"), ("room=x&seat=7", "seat"),
                                                ("room=x&seat=-1", "seat")])
def test_a_bad_room_or_seat_in_the_link_is_named(query: str, refused: str) -> None:
    assert [name for name, _ in read_query(query).problems] == [refused]


def test_a_link_naming_another_game_than_the_rooms_is_refused(store: str) -> None:
    Room("class-3-t1", "nimby", store=store, seed=9)
    app = play_app("room=class-3-t1&seat=1&game=nestors")
    assert app.table_area.children == ()
    assert "plays nimby, not nestors" in app.status.value


def test_a_seat_held_by_another_learner_is_refused_in_words_on_the_page(store: str) -> None:
    from cardwidgets.store import open_store
    from cardwidgets.store.base import Holder, this_process

    Room("class-3-t1", "nestors", store=store, seed=9)
    assert open_store(store).claim_seat("class-3-t1", 2, Holder("another-learner", this_process()))
    app = play_app("room=class-3-t1&seat=2&locale=ru")
    assert app.table_area.children == ()
    said = "место 2 за столом class-3-t1 уже занято другим учеником"
    assert said in app.status.value
    assert said in app.summary()  # the notebook prints it: no IndexError, no "error when executing cell"
    app.language.value = "en"
    assert "seat 2 of room class-3-t1 is taken by another learner" in app.summary()


def test_the_play_notebooks_code_runs_when_the_seat_is_refused(store: str, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from cardwidgets.store import open_store
    from cardwidgets.store.base import Holder, this_process

    Room("class-3-t1", "nestors", store=store, seed=9)
    open_store(store).claim_seat("class-3-t1", 0, Holder("another-learner", this_process()))
    monkeypatch.setenv("QUERY_STRING", "room=class-3-t1&seat=0&locale=ru")
    for name in ("play.ipynb", "ru/play.ipynb"):
        notebook = json.loads((Path(__file__).parent.parent / "notebooks" / name).read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), {})  # what Voila runs for the page
        assert "место 0 за столом class-3-t1 уже занято другим учеником" in capsys.readouterr().out
