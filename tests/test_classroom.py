"""``Classroom``: duplicate deals at several shared tables, compared for the instructor, in two languages."""

from __future__ import annotations

import pytest
import rooms_support
from test_rooms import SHORT, play_alone

from cardwidgets.core.registry import first_game
from cardwidgets.store import RoomError
from cardwidgets.store.room import Room
from cardwidgets.widgets.classroom import Classroom
from cardwidgets.widgets.replay import HandReplay

redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address


def test_every_table_gets_the_same_deals_and_the_results_are_compared(store_address: str) -> None:
    room = Classroom("class-3", tables=3, game="nestors", store=store_address, seed=12, rules=SHORT["nestors"])
    assert [r.name for r in room.rooms] == ["class-3-t1", "class-3-t2", "class-3-t3"]
    for n, bots in ((1, "random"), (2, "heuristic")):  # two tables play (differently); the third has not begun
        table = Room(f"class-3-t{n}", store=store_address)
        table.bot_levels = [bots] * 4
        table.join(0)
        play_alone(table, 0)
    room.refresh()
    deals = [r.finished() for r in room.rooms]
    assert deals[0][0].deal == deals[1][0].deal  # duplicate: the same first deal
    assert deals[0][0].dealer == deals[1][0].dealer
    results = room.results(1)
    assert results[2] is None
    assert results[0]["actions"] != results[1]["actions"]
    text = room.text()
    assert "the same deals at every table (seed 12)" in text
    assert "seat 0: learner" in text
    assert "table 3: not finished yet" in text
    room.locale = "ru"
    russian = room.text()
    assert "за каждым столом те же сдачи" in russian
    assert "место 0: ученик" in russian
    assert "место 1: бот (простые приёмы)" in russian
    assert "Сдача 1 за всеми столами:" in russian
    replay = room.replay(2, 1)
    assert isinstance(replay, HandReplay)
    assert replay.locale == "ru"


def test_reopening_a_classroom_finds_its_tables_as_they_are(store_address: str) -> None:
    Classroom("class-3", tables=2, game="nimby", store=store_address, seed=5)
    again = Classroom("class-3", tables=2, game="nimby", store=store_address, seed=99)
    assert again.seed == 5


def test_a_classroom_plays_the_first_game_unless_told(store_address: str) -> None:
    room = Classroom("class-4", tables=1, store=store_address, seed=5)
    assert room.rooms[0].game.name == first_game() == "nimby"  # the game a learner meets first


@pytest.mark.parametrize("tables", [0, 41, "4", 2.0])
def test_a_bad_number_of_tables_is_refused(store_address: str, tables: object) -> None:
    with pytest.raises(RoomError) as refused:
        Classroom("class-3", tables=tables, store=store_address)  # type: ignore[arg-type]
    assert refused.value.key == "classroom.bad_tables"


def test_a_deal_not_finished_does_not_open(store_address: str) -> None:
    room = Classroom("class-3", tables=2, game="nimby", store=store_address, seed=5)
    for table, deal, key in ((3, 1, "classroom.bad_table"), (1, 1, "classroom.no_deal"), (1, 0, "classroom.no_deal")):
        with pytest.raises(RoomError) as refused:
            room.replay(table, deal)
        assert refused.value.key == key
