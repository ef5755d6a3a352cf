"""``Table(game, room=…, seat=…)`` at the room service: the kernel holds its seat's view, nothing more.

The table cases of ``test_rooms_table.py`` again, each seat a learner of its own through a
``LocalConnection`` (the service in this process, as each user); the test stands in for each
table's page by confirming its claim as that user and sending the table ``seat_claim_confirmed``.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import rooms_support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_browser_guard import CARD, JSON, check_message, check_update, synced, table_message, update_strategy

from cardwidgets import GAMES, Table
from cardwidgets.core.state import GameState
from cardwidgets.service import LocalConnection, RoomService
from cardwidgets.service.frame import _deal_start
from cardwidgets.service.remote import RemoteRoom, SeatView
from cardwidgets.store import RoomError
from cardwidgets.store.room import Room
from cardwidgets.widgets.base import SettingError
from cardwidgets.widgets.remote_table import RemoteTable

redis_server = rooms_support.redis_server
store_address = rooms_support.store_address
SHORT = {"nimby": {"target": 2}, "tumbochka": {"max_deals": 2}, "nestors": {"target": 100}}


@pytest.fixture(autouse=True)
def no_running_loop() -> Iterator[None]:
    """Each test starts with no event loop running in this thread (as a plain script)."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    yield
    asyncio.events._set_running_loop(running)


@pytest.fixture
def service(store_address: str) -> Iterator[RoomService]:
    made = RoomService(store_address)
    made.rate_clock = itertools.count().__next__  # a test's kernels call faster than any learner clicks
    yield made
    made.close()


@pytest.fixture
def tables() -> Iterator[list[RemoteTable]]:
    opened: list[RemoteTable] = []
    yield opened
    for table in opened:
        table.close()


class Recording:
    """A ``RoomConnection`` that keeps every byte the kernel receives (each reply as the wire would carry it)."""

    def __init__(self, inner: LocalConnection) -> None:
        self._inner = inner
        self.received: list[bytes] = []

    def __getattr__(self, name: str) -> Callable[..., Any]:
        call = getattr(self._inner, name)

        def recorded(*args: Any, **kwargs: Any) -> Any:
            reply = call(*args, **kwargs)
            data = json.dumps(reply).encode()
            self.received.append(data)
            return json.loads(data)

        return recorded


def page_confirms(table: RemoteTable, connection: LocalConnection, take_over: bool = False) -> None:
    """The table's page: it confirms the claim the table showed it, as its user, and tells the table."""
    claim = table.room.claim
    assert claim is not None
    try:
        connection.confirm(claim, take_over=take_over)
    except RoomError as exc:
        error = {"rule": exc.explanation.rule, "key": exc.explanation.key, "params": exc.explanation.params}
        table._on_front_end_message(table, {"kind": "seat_claim_refused", "claim": claim, "error": error}, None)
        return
    table._on_front_end_message(table, {"kind": "seat_claim_confirmed", "claim": claim}, None)


def learner(service: RoomService, user: str, game: str | None, seat: int, *, room: str = "class-3",
            record: bool = False, **kwargs: Any) -> RemoteTable:
    """A learner's table at ``seat``, its page confirmed as ``user``."""
    connection = LocalConnection(service, user)
    table = Table(game, room=room, seat=seat, connection=Recording(connection) if record else connection, **kwargs)
    assert isinstance(table, RemoteTable)
    page_confirms(table, connection)
    return table


def real_state(store_address: str, room: str = "class-3") -> GameState:
    """The room's whole deal, read from the store by the test (no learner's kernel can)."""
    found = Room(room, store=store_address)
    try:
        return found.state
    finally:
        found.store.close()


def assert_shows_only_its_seat(table: RemoteTable, store_address: str, sent: Any = None) -> None:
    """Every card code the browser holds is one the engine shows this seat (or one the browser sent itself)."""
    state = synced(table)
    state.pop("ui")
    room = Room("class-3", store=store_address)
    now, deals = room.state, len(room.match.deals)
    room.store.close()
    allowed = set(CARD.findall(json.dumps(now.view(table.seat))))
    allowed |= set(CARD.findall(json.dumps(sent, default=str)))
    if table.room.frame and table.room.state.deal == deals:
        shown = _deal_start(now)  # the table may show an earlier moment of the deal, all of it public then
        for action in now.history[: len(table.room.state.history)]:
            shown.apply(action)
        allowed |= set(CARD.findall(json.dumps(shown.view(table.seat))))
    leaked = set(CARD.findall(json.dumps(state))) - allowed
    assert not leaked, f"hidden cards reached the browser: {sorted(leaked)}"


async def until(condition: Callable[[], object], what: str) -> None:
    end = time.monotonic() + rooms_support.PATIENCE
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def test_a_table_at_the_service_waits_for_its_page_then_shows_its_seat(service: RoomService,
                                                                        tables: list[RemoteTable]) -> None:
    connection = LocalConnection(service, "anon-ann")
    sent: list[Any] = []
    table = Table("nestors", room="class-3", seat=2, connection=connection, locale="ru")
    tables.append(table)
    assert isinstance(table, RemoteTable)
    assert not table.room.held
    assert "ждём, пока страница этого стола подтвердит место" in table.view["notices"][0]["text"]
    assert not table.act("pass")
    assert "подтвердит место" in table.error["text"]
    table.send = sent.append
    table._on_front_end_message(table, {"kind": "page_alive"}, None)  # the page appears: it is asked again
    assert sent[-1] == {"kind": "seat_claim", "claim": table.room.claim, "api": "cardwidgets/rooms/v1/",
                        "take_over": False}
    page_confirms(table, connection)
    assert table.room.held
    view = table.room.state
    assert isinstance(view, SeatView)
    assert sorted(view.hands[2] or ()) == sorted(view.hand)
    assert [hand is None for hand in view.hands] == [True, True, False, True]
    assert sorted(table.view["my_hand"]) == sorted(view.hand)
    assert not any("подтвердит" in n["text"] for n in table.view["notices"])
    with pytest.raises(RoomError, match=r"table\.room\.state"):
        _ = table.state
    assert not table.follow()  # no event loop here: refresh() catches up by hand
    for refused in ({"reveal": True}, {"coach": True}, {"store": "elsewhere.sqlite"}):  # they need the whole deal
        with pytest.raises(SettingError):
            Table("nestors", room="class-3", seat=1, connection=connection, **refused)


def test_a_seat_held_by_another_learner_is_refused_on_the_page_in_words(service: RoomService,
                                                                        tables: list[RemoteTable]) -> None:
    tables.append(learner(service, "anon-ann", "nimby", 1))
    other = LocalConnection(service, "anon-bob")
    table = Table("nimby", room="class-3", seat=1, connection=other, locale="ru")
    tables.append(table)
    page_confirms(table, other)
    assert not table.room.held
    assert table.error["rule"] == "ROOM"
    assert "место 1" in table.error["text"]
    assert not table.act("agree")


def test_refusals_change_nothing_and_say_why(service: RoomService, tables: list[RemoteTable],
                                             store_address: str) -> None:
    table = learner(service, "anon-ann", "nimby", 1, locale="ru")
    tables.append(table)
    version = table.room.version
    if table.room.state.to_act != 1:
        assert not table.act("agree")
        assert table.error["text"]
    assert not table.act("play 2S")
    assert table.error["text"]
    assert not table.set_bot(0, "search")
    assert "ботов стола" in table.error["text"]
    assert not table.next_deal()
    assert table.room.version == version
    assert len(real_state(store_address).history) == len(table.room.state.history)


def test_a_refused_move_shows_the_services_latest_frame(service: RoomService, tables: list[RemoteTable],
                                                        store_address: str) -> None:
    first = learner(service, "anon-ann", "nimby", 0, bots="random")
    second = learner(service, "anon-bob", None, 1)
    tables.extend([first, second])
    for table in (first, second):
        table.refresh()
    mover = first if first.room.state.to_act == 0 else second
    other = second if mover is first else first
    if mover.room.state.to_act != mover.seat:
        pytest.skip("a bot's turn")
    stale = other.room.version
    assert mover.act(mover.legal[0])
    assert other.room.version == stale  # it has not looked yet
    assert not other.act("play 2S")  # refused (someone moved first, or not its turn): the latest frame shown
    assert other.room.version > stale
    assert other.view["history"] == real_state(store_address).public_history(other.seat)
    assert other.error["text"]


def test_another_learners_move_appears_without_asking(service: RoomService, tables: list[RemoteTable]) -> None:
    async def scenario() -> None:
        first = learner(service, "anon-ann", "nimby", 0, bots="random")
        second = learner(service, "anon-bob", None, 1)
        tables.extend([first, second])
        first.refresh()
        to_act = first.room.state.to_act
        mover, watcher = (first, second) if to_act == 0 else (second, first)
        if mover.room.state.to_act != mover.seat:
            pytest.skip("a bot's turn")
        seen = len(watcher.view["history"])
        assert mover.act(mover.legal[0])
        await until(lambda: len(watcher.view["history"]) > seen, "the move to reach the other table")
        assert watcher.view["history"][seen] == mover.view["history"][seen]
        assert watcher.events
        assert watcher.events[0]["seat"] == mover.seat

    asyncio.run(scenario())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_learners_play_a_match_and_no_hidden_card_is_synced(service: RoomService, tables: list[RemoteTable],
                                                            store_address: str, game: str) -> None:
    players = GAMES[game].num_players
    seated = [learner(service, f"anon-{seat}", game if seat == 0 else None, seat, rules=SHORT.get(game))
              for seat in range(players)]
    tables.extend(seated)
    for _ in range(2000):
        for table in seated:
            table.refresh()
            assert_shows_only_its_seat(table, store_address)
        if seated[0].scoreboard.get("over"):
            break
        for table in seated:
            if table.legal:
                assert table.act(table.legal[0]), table.error
            elif table.room.state.is_done and not table.scoreboard.get("over"):
                table.next_deal()
    assert seated[0].scoreboard["over"]
    assert all(t.scoreboard["scores"] == seated[0].scoreboard["scores"] for t in seated)


def test_a_finished_deal_is_reviewed_in_the_kernel_from_its_record(service: RoomService,
                                                                   tables: list[RemoteTable]) -> None:
    table = learner(service, "anon-ann", "nimby", 0, bots="random")
    tables.append(table)
    assert table.review() is None  # the deal is being played: refused in words
    assert table.error["text"]
    for _ in range(200):
        if table.room.state.is_done:
            break
        if table.legal:
            assert table.act(table.legal[0]), table.error
        else:
            table.refresh()  # the bots answer after the move's reply (a follower brings it in a kernel)
    assert table.room.frame["record"] is not None
    assert table.state.is_done  # the finished deal, replayed from its public record
    assert table.review(samples=4, total_seconds=5) is not None
    assert table.reviewed


def test_a_learners_kernel_holds_only_its_hand(service: RoomService, tables: list[RemoteTable],
                                               store_address: str) -> None:
    table = learner(service, "anon-ann", "nestors", 2, record=True, bots="random")
    tables.append(table)
    recording = table.room.connection
    assert isinstance(recording, Recording)
    shown: set[str] = set()
    while not table.room.state.is_done:
        state = real_state(store_address)
        shown |= set(CARD.findall(json.dumps(state.view(2))))
        hidden = {card.text for seat, hand in enumerate(state.hands) if seat != 2 for card in hand}
        for data in recording.received:
            leaked = (set(CARD.findall(data.decode())) & hidden) - shown
            assert not leaked, f"the kernel received {sorted(leaked)} of another seat's hand"
        recording.received.clear()
        assert [hand is not None for hand in table.room.state.hands].count(True) == 1
        assert not held_game_states(table.room)
        if table.legal:
            assert table.act(table.legal[0]), table.error
        else:
            table.refresh()


def held_game_states(room: RemoteRoom) -> list[GameState]:
    """The ``GameState`` objects reachable from ``room`` without passing through its connection to the service."""
    seen: set[int] = {id(room.connection)}
    found: list[GameState] = []
    todo: list[object] = [room.__dict__]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, GameState):
            found.append(item)
        todo.extend(gc.get_referents(item))
    return found


def test_a_waiting_room_says_so_until_every_learner_seat_is_held(service: RoomService,
                                                               tables: list[RemoteTable]) -> None:
    teacher = LocalConnection(service, "teacher", admin=True)
    teacher.create_room("class-3", "nestors", seed=11, learners=[0, 3])
    first = learner(service, "anon-ann", None, 0, locale="ru")
    tables.append(first)
    notices = [notice["text"] for notice in first.view["notices"]]
    assert any("Ждём учеников: места 3" in text for text in notices), notices
    assert first.room.version == 0
    assert not first.act("pass")
    assert first.error["rule"] == "ROOM"
    second = learner(service, "anon-bob", None, 3)
    tables.append(second)
    first.refresh()
    assert not any("Ждём" in notice["text"] for notice in first.view["notices"])
    assert first.room.version == second.room.version >= 1


def test_a_table_in_a_jupyter_kernel_without_the_service_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Any) -> None:
    monkeypatch.setenv("JPY_PARENT_PID", "999999999")
    monkeypatch.delenv("CARDWIDGETS_ROOM_SERVICE", raising=False)
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))
    with pytest.raises(RoomError, match="no room service"):
        Table("nimby", room="class-3", seat=0, locale="en")
    direct = Table("nimby", room="class-3", seat=0, store=str(tmp_path / "r.sqlite"), direct=True, follow=False)
    assert not isinstance(direct, RemoteTable)
    direct.close()
    monkeypatch.setattr("sys.platform", "emscripten")
    with pytest.raises(RoomError, match="JupyterLite"):
        Table("nimby", room="class-3", seat=0)


def test_the_services_hint_reads_in_the_learners_words(service: RoomService, tables: list[RemoteTable]) -> None:
    table = learner(service, "anon-ann", "nestors", 0, bots="random", locale="ru")
    tables.append(table)
    for _ in range(100):
        if len(table.legal) > 1:  # a choice to explain (an only move is said as such)
            break
        if table.legal:
            assert table.act(table.legal[0]), table.error
        else:
            table.refresh()
    assert table.ask_hint(), table.error
    assert table.hint["action"] in table.legal
    assert table.hint["label"] == table.labels[table.hint["action"]]
    assert "смоделированн" in table.hint["reason"]  # «в 48 смоделированных сдачах», «в 121 смоделированной сдаче»
    assert "Points(" not in table.hint["reason"]
    assert "bid " not in table.hint["reason"]  # actions in words («ставка 10»), never their code


class Clock:
    """The service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_quiet_learners_seat_is_played_by_a_bot_and_the_others_are_told(store_address: str,
                                                                         tables: list[RemoteTable]) -> None:
    clock = Clock()
    service = RoomService(store_address, clock=clock)
    service.rate_clock = itertools.count().__next__
    try:
        LocalConnection(service, "teacher", admin=True).create_room("class-3", "nestors", seed=11, learners=[0, 1])
        first = learner(service, "anon-ann", None, 0, locale="ru")
        second = learner(service, "anon-bob", None, 1, locale="ru")
        tables.extend([first, second])
        for _ in range(20):  # the learners play until it is the first one's turn
            second.refresh()
            first.refresh()
            if first.legal:
                break
            if second.legal:
                assert second.act(second.legal[0]), second.error
        assert first.legal
        version = second.room.version
        clock.now += 25  # the first learner's kernel says nothing for 25 s (dead, or killed) …
        second.room.alive()  # … while the second one's follower keeps sending its heartbeat
        service.tick()
        second.refresh()
        assert second.room.version > version  # a bot played the quiet seat
        assert any("Место 0: ученик отошёл" in notice["text"] for notice in second.view["notices"]), (
            second.room.frame["seats"], second.view["notices"])
    finally:
        service.close()


def test_the_same_learner_in_another_tab_is_refused_then_takes_the_seat_over(service: RoomService,
                                                                            tables: list[RemoteTable]) -> None:
    first = learner(service, "anon-ann", "nimby", 0, locale="ru")
    tables.append(first)
    connection = LocalConnection(service, "anon-ann")
    again = Table(room="class-3", seat=0, connection=connection, locale="ru")
    tables.append(again)
    page_confirms(again, connection)
    assert not again.room.held
    assert "в другой вкладке" in again.error["text"]
    page_confirms(again, connection, take_over=True)  # the page's "Play here"
    assert again.room.held
    assert not first.act("agree")
    assert first.error["rule"] == "ROOM"
    assert "в другой вкладке" in first.error["text"]  # room.taken_over, in the learner's words


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_seat_at_the_service_survives_any_browser_input(tmp_path_factory: pytest.TempPathFactory, game: str,
                                                          data: st.DataObject, seed: int) -> None:
    """The single table's guarantees at the service: a refusal changes nothing but ``error``; no hidden card."""
    address = str(tmp_path_factory.mktemp("room") / "rooms.sqlite")
    service = RoomService(address)
    service.rate_clock = itertools.count().__next__
    LocalConnection(service, "teacher", admin=True).create_room("class-3", game, bots="random", seed=seed)
    table = learner(service, "anon-ann", None, 0, pace=0)
    try:
        for _ in range(20):
            table.refresh()  # the bots' answers, so a refusal has nothing newer to show
            if table.room.state.is_done:
                break
            kind = data.draw(st.sampled_from(["update", "message", "play"]))
            sent = None
            if kind == "update":
                sent = data.draw(update_strategy(table))
                check_update(table, sent)
            elif kind == "message":
                sent = data.draw(table_message(table) | st.fixed_dictionaries(
                    {"kind": st.sampled_from(["seat_claim_confirmed", "seat_claim_refused", "page_alive", "x"]),
                     "claim": JSON}))
                check_message(table, sent)
            elif table.legal:
                assert table.act(data.draw(st.sampled_from(table.legal))), table.error
            assert_shows_only_its_seat(table, address, sent if table.error else None)
    finally:
        table.close()
        service.close()


def test_no_follower_thread_is_made_where_threads_cannot_run(service: RoomService,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets.service import remote

    room = RemoteRoom("class-3", 0, LocalConnection(service, "anon-ann"))
    monkeypatch.setattr(remote, "THREADS_AVAILABLE", False)
    with pytest.raises(RoomError) as refused:
        room.follower(lambda frame: None, lambda error: None, lambda: False)
    assert refused.value.key == "room.lite"


def test_a_follower_that_loses_the_service_says_so_and_recovers(service: RoomService, tables: list[RemoteTable],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets.service import remote

    monkeypatch.setattr(remote, "FIRST_PAUSE", 0.01)
    down = {"now": False}
    connection = LocalConnection(service, "anon-ann")
    waited = connection.wait

    def wait(room: str, credential: str, since: int, timeout: float) -> Any:
        if down["now"]:
            raise RoomError("room.service_down", url="http://127.0.0.1:1/", reason="refused")
        return waited(room, credential, since, min(timeout, 0.05))

    monkeypatch.setattr(connection, "wait", wait)

    async def scenario() -> None:
        table = Table("nimby", room="class-3", seat=0, connection=connection, locale="ru")
        tables.append(table)
        page_confirms(table, connection)
        assert table._follower is not None
        down["now"] = True
        await until(lambda: "недоступна" in table.error.get("text", ""), "the follower to say the service is down")
        down["now"] = False
        await until(lambda: not table.error, "the follower to clear its own error once it follows again")

    asyncio.run(scenario())


def test_a_move_whose_reply_was_lost_is_asked_again_and_made_once(service: RoomService, tables: list[RemoteTable],
                                                                 store_address: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    connection = LocalConnection(service, "anon-ann")
    table = Table("nimby", room="class-3", seat=0, connection=connection, bots="random")
    tables.append(table)
    page_confirms(table, connection)
    for _ in range(50):
        if table.legal:
            break
        table.refresh()
    made = connection.act
    calls: list[str] = []

    def act(*args: Any) -> Any:
        reply = made(*args)
        calls.append(args[-1])
        if len(calls) == 1:  # the move is made, its reply lost on the way
            raise RoomError("room.service_timeout", seconds=10)
        return reply

    monkeypatch.setattr(connection, "act", act)
    played = table.legal[0]
    assert table.act(played), table.error
    assert len(calls) == 2
    assert calls[0] == calls[1]  # asked again with the same action id …
    room = Room("class-3", store=store_address)
    entries = [entry for _, entry in room.store.moves("class-3")]
    room.store.close()
    assert [entry for entry in entries if entry["seat"] == 0] == [{"seat": 0, "action": played}]  # … made once
