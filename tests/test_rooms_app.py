"""The classroom app with a room: ``play.ipynb?room=class-3-t1&seat=2`` — a seat at a shared room."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
import rooms_support

from cardwidgets.cards import parse_card
from cardwidgets.i18n.names import card_text
from cardwidgets.service import LocalConnection, RoomService
from cardwidgets.store import STORE_ENV, RoomError
from cardwidgets.store.room import Room
from cardwidgets.widgets.app import PlayApp, play_app, read_query
from cardwidgets.widgets.remote_table import RemoteTable
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


# ----- at the room service: the seat is the page's user's ------------------------------------------------
@pytest.fixture
def service(store_address: str) -> Iterator[RoomService]:
    """The room service in this process, on each store; its class room's four seats are learners'."""
    made = RoomService(store_address)
    made.rate_clock = itertools.count().__next__  # the test confirms faster than any learner clicks
    LocalConnection(made, "instructor", admin=True).create_room("class-3-t1", "nestors", seed=9,
                                                               learners=[0, 1, 2, 3])
    yield made
    made.close()


def page_answers(app: PlayApp, user: LocalConnection) -> None:
    """The app's page: it confirms the table's claim as its user and tells the table how that went."""
    table = app.table
    assert isinstance(table, RemoteTable)
    assert table.room.claim is not None
    claim = table.room.claim
    try:
        user.confirm(claim)
    except RoomError as exc:
        error = {"rule": exc.explanation.rule, "key": exc.explanation.key, "params": exc.explanation.params}
        table._on_front_end_message(table, {"kind": "seat_claim_refused", "claim": claim, "error": error}, None)
    else:
        table._on_front_end_message(table, {"kind": "seat_claim_confirmed", "claim": claim}, None)


def test_at_the_service_the_seat_is_the_pages_user_s_and_the_summary_waits_for_it(service: RoomService) -> None:
    ann = LocalConnection(service, "anon-ann")
    app = play_app("room=class-3-t1&seat=2&locale=ru", connection=ann)
    try:
        table = app.table
        assert isinstance(table, RemoteTable)
        assert not table.room.held
        assert app.summary() == ""  # what the notebook prints before the page exists: no hand, no error
        page_answers(app, ann)
        assert table.room.held
        hand = " ".join(card_text(parse_card(card), "ru") for card in table.view["my_hand"])
        assert hand
        assert f"ваши карты: {hand}" in app.summary()
        assert f"ваши карты: {hand}" in app.status.value  # the status line followed the seat
        assert service.room_info("class-3-t1")["seats"][2]["status"] == "held"
    finally:
        app.table.close()


def test_at_the_service_a_held_seat_is_refused_on_the_page_in_the_links_language(service: RoomService) -> None:
    ann, bob = LocalConnection(service, "anon-ann"), LocalConnection(service, "anon-bob")
    first = play_app("room=class-3-t1&seat=1", connection=ann)
    second = play_app("room=class-3-t1&seat=1&locale=ru", connection=bob)
    try:
        page_answers(first, ann)
        page_answers(second, bob)
        said = "место 1 за столом class-3-t1 уже занято другим учеником"
        assert said in second.status.value
        assert second.summary() == said
        assert isinstance(second.table, RemoteTable)
        assert not second.table.room.held
        assert "ваши карты" not in second.status.value
    finally:
        first.table.close()
        second.table.close()
