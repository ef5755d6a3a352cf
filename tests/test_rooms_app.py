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
