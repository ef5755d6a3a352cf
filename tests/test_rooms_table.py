"""``Table(game, room=…, seat=…)``: a seat at a shared room, followed; no hidden card synced."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import rooms_support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rooms_support import finish_all, worker
from test_browser_guard import assert_no_hidden_card, check_message, check_update, table_message, update_strategy

from cardwidgets import GAMES, Table
from cardwidgets.store.room import Room
from cardwidgets.widgets.shared_table import SharedTable

redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address
#: Shorter matches than the default, where a game has a rule for it (any other game plays its default match).
SHORT = {"nimby": {"target": 2}, "tumbochka": {"max_deals": 2}, "nestors": {"target": 100}}


@pytest.fixture
def tables() -> Iterator[list[SharedTable]]:
    """The tables a test opens; their followers are stopped afterwards."""
    opened: list[SharedTable] = []
    yield opened
    for table in opened:
        table.close()


def test_a_table_with_a_room_is_a_seat_at_the_shared_table(store_address: str, tables: list[SharedTable]) -> None:
    table = Table("nestors", room="class-3", seat=2, store=store_address, seed=4)
    tables.append(table)
    assert isinstance(table, SharedTable)
    assert isinstance(table, Table)
    assert not table.follow()  # no event loop runs here (a kernel has one): refresh() catches up by hand
    assert table.room.humans() == {2}
    assert "can see every hand" in table.view["notices"][0]["text"]  # the room's first message
    table.locale = "ru"
    assert "видит все руки" in table.view["notices"][0]["text"]
    assert not isinstance(Table("nestors", seat=2), SharedTable)  # without a room: the table of old


async def until(condition: Callable[[], object], what: str) -> None:
    """Let the event loop run (the tables' followers) until ``condition()`` holds; fail after a minute."""
    end = time.monotonic() + rooms_support.PATIENCE
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def test_another_learners_move_appears_without_asking(store_address: str, tables: list[SharedTable]) -> None:
    to_act = Room("class-3", "nimby", store=store_address, seed=3, bots="random").state.to_act

    async def scenario() -> None:  # on an event loop, as in a kernel: the tables follow the room
        mover = Table("nimby", room="class-3", seat=to_act, store=store_address)
        watcher = Table("nimby", room="class-3", seat=(to_act + 1) % 4, store=store_address)
        tables.extend([mover, watcher])
        seen = len(watcher.view["history"])
        assert mover.act(mover.legal[0])
        await until(lambda: len(watcher.view["history"]) > seen, "the move to reach the other table")
        assert watcher.view["history"][seen] == mover.state.history[seen]
        assert watcher.events[0]["seat"] == to_act  # the front-end animates it like a bot's move

    asyncio.run(scenario())


def test_refusals_change_nothing_and_say_why(store_address: str, tables: list[SharedTable]) -> None:
    table = Table("nimby", room="class-3", seat=1, store=store_address, seed=3, locale="ru")
    tables.append(table)
    version = table.room.version
    if table.state.to_act != 1:
        assert not table.act("agree")
        assert "сейчас очередь места" in table.error["text"]
    assert not table.act("play 2S")
    assert not table.set_bot(0, "search")
    assert "ботов стола" in table.error["text"]
    assert not table.next_deal()
    assert table.room.store.version("class-3") == version == table.room.version


@pytest.mark.parametrize("game", sorted(GAMES))
def test_four_kernels_play_a_match_and_no_hidden_card_is_synced(store_address: str, tables: list[SharedTable],
                                                                game: str) -> None:
    Room("class-3", game, store=store_address, seed=6, rules=SHORT.get(game))
    players = len(Room("class-3", store=store_address).bot_levels)
    others = [worker("play", store_address, "class-3", str(seat)) for seat in range(1, players)]

    async def scenario() -> SharedTable:
        table = Table(game, room="class-3", seat=0, store=store_address)
        tables.append(table)
        while not table.match.is_over:
            await until(lambda: table.legal or table.state.is_done, "this seat's turn")
            assert_no_hidden_card(table)
            if table.legal:
                table.act(table.legal[0])
            elif table.state.is_done and not table.match.is_over:
                table.next_deal()
        return table

    table = asyncio.run(scenario())
    results = [json.loads(out) for out in finish_all(others)]
    assert all(result["scores"] == table.match.scores for result in results)
    assert table.scoreboard["over"]


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_shared_tables_survive_any_browser_input(tmp_path_factory: pytest.TempPathFactory, game: str,
                                                 data: st.DataObject, seed: int) -> None:
    """The single table's guarantees, over a room with every seat a table of its own (one kernel each)."""
    address = str(tmp_path_factory.mktemp("room") / "rooms.sqlite")
    players = GAMES[game].num_players
    seated = [
        SharedTable(game, seat, room="class-3", store=address, seed=seed, bots="random", pace=0, follow=False)
        for seat in range(players)
    ]
    sent_to: dict[int, object] = {}  # what the browser last sent each table (its error may quote it back)
    try:
        for _ in range(40):
            for table in seated:
                table.refresh()
            if seated[0].state.is_done:
                break
            table = seated[data.draw(st.integers(0, players - 1))]
            kind = data.draw(st.sampled_from(["update", "message", "play"]))
            sent = None
            if kind == "update":
                sent = data.draw(update_strategy(table))
                check_update(table, sent)
            elif kind == "message":
                sent = data.draw(table_message(table))
                check_message(table, sent)
            elif table.legal:
                assert table.act(data.draw(st.sampled_from(table.legal)))
            if sent is not None:
                sent_to[table.seat] = sent
            for each in seated:
                assert not each.reveal
                assert_no_hidden_card(each, sent_to.get(each.seat) if each.error else None)
    finally:
        for table in seated:
            table.close()


def test_a_waiting_room_says_so_on_the_table_until_every_learner_seat_is_held(store_address: str) -> None:
    first = Table("nestors", room="class-3", seat=0, store=store_address, seed=11, learner_seats=(0, 3),
                  follow=False, caveat=False, locale="ru")  # the first opener makes the room, learner seats too
    assert isinstance(first, SharedTable)
    assert first.room.meta["learners"] == [0, 3]
    notices = [notice["text"] for notice in first.view["notices"]]
    assert "Ждём учеников: места 3 ещё не заняты" in notices[0]
    assert first.room.version == 0
    assert not first.act("pass")
    assert first.error["rule"] == "ROOM"
    second = SharedTable(room="class-3", seat=3, store=store_address, follow=False, caveat=False)
    assert second.room.started  # the last learner to sit started the room; the bots played up to a learner
    assert not any("Waiting" in notice["text"] for notice in second.view["notices"])
    first.refresh()
    assert not any("Ждём" in notice["text"] for notice in first.view["notices"])
    assert first.room.version == second.room.version >= 1
    for table in (first, second):
        table.close()


def test_when_a_learners_kernel_dies_the_others_see_a_bot_take_over(store_address: str, tables: list[SharedTable],
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    from cardwidgets.widgets import shared_table

    monkeypatch.setattr(shared_table, "SEATS_SECONDS", 0.05)
    to_act = Room("class-3", "nestors", store=store_address, seed=11, bots="random").state.to_act
    assert to_act is not None
    sitting = worker("sit", store_address, "class-3", str(to_act), data_dir=tmp_path / "learner-a")
    assert sitting.stdout is not None
    assert sitting.stdout.readline().strip() == "ready"

    async def scenario() -> None:
        table = Table("nestors", room="class-3", seat=(to_act + 1) % 4, store=store_address, locale="ru")
        tables.append(table)
        assert table.room.version == 0  # the learner at the seat to act is there: nobody moves for them
        sitting.kill()
        sitting.communicate()
        await until(lambda: table.room.version > 0, "a bot to play the seat whose kernel died")
        assert table.room.store.moves("class-3")[0][1]["seat"] == to_act
        assert any(f"Место {to_act}: ученик отошёл" in notice["text"] for notice in table.view["notices"])

    try:
        asyncio.run(scenario())
    finally:
        sitting.kill()
        sitting.communicate()
