"""``Table(game, room=…, seat=…)`` in a kernel of a real ``jupyter server`` with the room service.

The kernel finds the service as a kernel of that server does (``JPY_PARENT_PID`` and the runtime
file), talks HTTP and follows over the WebSocket; each test's "page" is a signed-in browser session
(its own anonymous user) that confirms the table's claim, as the widget's front-end does.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import rooms_support
from service_support import Browser, ServiceServer, service_server
from test_browser_guard import CARD

from cardwidgets import Table
from cardwidgets.core.state import GameState
from cardwidgets.service import client
from cardwidgets.service.remote import SeatView
from cardwidgets.store.room import Room
from cardwidgets.widgets.remote_table import RemoteTable

__all__ = ["service_server"]


@pytest.fixture(autouse=True)
def kernel_of_the_server(service_server: ServiceServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """This process is a kernel of the test server (its environment); tests/conftest.py leaves no loop running."""
    monkeypatch.setenv("JPY_PARENT_PID", str(service_server.process.pid))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(service_server.runtime_dir))
    monkeypatch.delenv("CARDWIDGETS_ROOM_SERVICE", raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)


@pytest.fixture
def tables() -> Iterator[list[RemoteTable]]:
    opened: list[RemoteTable] = []
    yield opened
    for table in opened:
        table.close()


def page_confirms(table: RemoteTable, browser: Browser) -> None:
    """The table's page: it confirms the claim in its user's name and tells the table what the service said."""
    claim = table.room.claim
    assert claim is not None
    reply = browser.confirm(claim)
    if reply.ok:
        message: dict[str, Any] = {"kind": "seat_claim_confirmed", "claim": claim}
    else:
        message = {"kind": "seat_claim_refused", "claim": claim, "error": reply.json()["error"]}
    table._on_front_end_message(table, message, None)


def learner(server: ServiceServer, game: str | None, seat: int, room: str, **kwargs: Any) -> RemoteTable:
    table = Table(game, room=room, seat=seat, **kwargs)
    assert isinstance(table, RemoteTable)
    page_confirms(table, server.browser())
    return table


def whole_deal(server: ServiceServer, room: str) -> GameState:
    found = Room(room, store=server.store)
    try:
        return found.state
    finally:
        found.store.close()


class Received:
    """Every byte the kernel reads from the service: HTTP replies and WebSocket frames."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.data: list[bytes] = []
        opened = urllib.request.urlopen
        received = self.data

        class Reply:
            def __init__(self, inner: Any) -> None:
                self.inner = inner

            def read(self, *args: Any) -> bytes:
                data: bytes = self.inner.read(*args)
                received.append(data)
                return data

            def __enter__(self) -> Reply:
                return self

            def __exit__(self, *exc: object) -> None:
                self.inner.close()

        monkeypatch.setattr(client.urllib.request, "urlopen", lambda *a, **k: Reply(opened(*a, **k)))
        following = client.Follow.next_frame

        def next_frame(socket: client.Follow, timeout: float) -> Any:
            frame = following(socket, timeout)
            if frame is not None:
                received.append(json.dumps(frame).encode())
            return frame

        monkeypatch.setattr(client.Follow, "next_frame", next_frame)


def test_a_learners_kernel_holds_only_its_hand(service_server: ServiceServer, tables: list[RemoteTable],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    received = Received(monkeypatch)
    table = learner(service_server, "nestors", 2, "hand-1", bots="random")
    tables.append(table)
    assert received.data
    shown: set[str] = set()
    moves = 0
    while not table.room.state.is_done:
        state = whole_deal(service_server, "hand-1")
        shown |= set(CARD.findall(json.dumps(state.view(2))))
        hidden = {card.text for seat, hand in enumerate(state.hands) if seat != 2 for card in hand}
        for data in received.data:
            leaked = (set(CARD.findall(data.decode())) & hidden) - shown
            assert not leaked, f"the kernel received {sorted(leaked)} of another seat's hand"
        received.data.clear()
        view = table.room.state
        assert isinstance(view, SeatView)
        assert [hand is not None for hand in view.hands].count(True) == 1
        assert not reachable_game_states(table.room)
        time.sleep(0.06)  # at most 20 calls a second, as the service allows a seat
        if table.legal:
            assert table.act(table.legal[0]), table.error
            moves += 1
        else:
            table.refresh()
    assert moves > 3
    assert table.room.frame["record"] is not None  # the deal is over: its record is public


def reachable_game_states(root: object) -> list[GameState]:
    """Every ``GameState`` reachable from ``root``."""
    seen: set[int] = set()
    found: list[GameState] = []
    todo: list[object] = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        if isinstance(item, GameState):
            found.append(item)
        todo.extend(gc.get_referents(item))
    return found


def test_a_held_seat_is_refused_on_the_page_in_the_learners_language(service_server: ServiceServer,
                                                                    tables: list[RemoteTable]) -> None:
    tables.append(learner(service_server, "nimby", 1, "held-1"))
    table = Table("nimby", room="held-1", seat=1, locale="ru")
    tables.append(table)
    page_confirms(table, service_server.browser())
    assert not table.room.held
    assert "место 1" in table.error["text"]
    assert not table.act("agree")


async def until(condition: Callable[[], object], what: str) -> None:
    end = time.monotonic() + rooms_support.PATIENCE
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def test_another_learners_move_comes_over_the_websocket(service_server: ServiceServer,
                                                        tables: list[RemoteTable]) -> None:
    async def scenario() -> float:
        first = learner(service_server, "nimby", 0, "follow-1", bots="random")
        second = learner(service_server, None, 1, "follow-1")
        tables.extend([first, second])
        await until(lambda: first.legal or second.legal, "a learner's turn")
        mover, watcher = (first, second) if first.legal else (second, first)
        assert watcher._follower is not None
        assert watcher._follower.websocket
        seen = len(watcher.view["history"])
        sent = time.monotonic()
        assert mover.act(mover.legal[0])
        await until(lambda: len(watcher.view["history"]) > seen, "the move to reach the other table")
        assert watcher.view["history"][seen] == mover.view["history"][seen]
        assert watcher._follower.websocket  # followed over the WebSocket all along (no fallback)
        return time.monotonic() - sent

    took = asyncio.run(scenario())
    assert took < 2.0


def test_refusals_over_the_wire_read_in_the_learners_words(service_server: ServiceServer,
                                                           tables: list[RemoteTable]) -> None:
    table = learner(service_server, "nestors", 0, "words-1", bots="random", locale="ru")
    tables.append(table)
    for _ in range(100):
        if table.legal:
            break
        time.sleep(0.06)
        table.refresh()
    version = table.room.version
    assert not table.act("play 2S")  # not now: the engine's refusal, worded in the kernel
    assert "«сыграть 2♠»" in table.error["text"]  # the action in words, as the engine words it at a single table
    assert table.error["rule"] not in ("", "ROOM")  # the engine's own rule id, carried over the wire
    assert not table.set_bot(1, "search")
    assert "ботов стола" in table.error["text"]
    assert table.room.version == version
