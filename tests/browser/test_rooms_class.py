"""A class of four learners in four browsers, on the Voila app, with the room service (``docs/classroom.md``).

A ``jupyter server`` runs Voila and the room service; the instructor makes one Nestors room
whose four seats are learners' (the service's admin call, as ``Classroom`` makes it). Four
Chromium contexts — four cookies, so four users — open ``play.ipynb?room=…&seat=N`` within a
second. Checked:

- no move is made before all four learners are seated (the room waits for them);
- a whole deal is played by clicks, each page clicking what its table offers at its turn;
- one learner's kernel is killed (``kill -9``) mid-deal: within 25 s the other pages say the
  learner is away, and the bot plays that seat; the same browser reloads the page and gets its
  seat and its hand back;
- the same learner opens the seat in a second tab: refused (it is played in the other tab) with a
  button that takes it over; the first tab then says the seat was taken over;
- a fifth browser asking for a held seat reads the refusal, in Russian, on the page;
- the room's log holds every action a page sent, once;
- no page's DOM ever shows a card of another seat that this seat has not been shown;
- the time from a click to the move drawn on the other pages (p50 / p95, printed).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import TOKEN, _die_with_parent, free_port, http

from cardwidgets.i18n import render
from cardwidgets.store.room import NEXT_DEAL, START, Room

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.timeout(900)

ROOT = Path(__file__).resolve().parents[2]
ROOM = "class-3-t1"
GAME = "nestors"
LEARNERS = (0, 1, 2, 3)
#: The learner whose kernel is killed mid-deal.
KILLED = 2
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")
#: How long the others may take to say a dead learner's seat is away (the service: 20 s without its kernel).
AWAY_WITHIN = 25.0

# Every page records when its table received each move (the root's data-moves) and every action it sent.
_RECORDER_JS = """() => {
  if (window.__cw) return;
  window.__cw = { seen: [], sent: [] };
  const look = () => {
    const root = document.querySelector('.cw-table');
    if (!root) return;
    const moves = Number(root.dataset.moves || 0);
    const last = window.__cw.seen[window.__cw.seen.length - 1];
    if (!last || last.moves !== moves) window.__cw.seen.push({ moves, t: Date.now() });
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true,
                                                       attributeFilter: ['data-moves'] });
  look();
}"""

# The learner may act: it is the seat's turn, nothing animates, nothing is on its way, a control is there.
_TURN_JS = """(seat) => {
  const root = document.querySelector('.cw-table');
  if (!root) return null;
  if (root.dataset.phase === 'done') return 'done';
  if (root.dataset.animating === 'true' || root.dataset.pending === 'true') return null;
  if (root.dataset.toAct !== String(seat)) return null;
  return root.querySelector('.cw-hand .cw-card.cw-legal, .cw-actions button[data-action]') ? 'turn' : null;
}"""

# Click the first control the table offers (a legal card, else an action button); what it sends.
_CLICK_JS = """() => {
  const root = document.querySelector('.cw-table');
  const card = root.querySelector('.cw-hand .cw-card.cw-legal');
  const button = root.querySelector('.cw-actions button[data-action]');
  const target = card || button;
  const sent = card ? { card: card.dataset.card } : { action: button.dataset.action };
  window.__cw.sent.push({ ...sent, moves: Number(root.dataset.moves), t: Date.now() });
  target.click();
  return sent;
}"""


@dataclass
class ClassServer:
    """A ``jupyter server`` with Voila and the room service over a copy of ``notebooks/play.ipynb``."""

    base: str
    store: str
    runtime_dir: Path
    process: subprocess.Popen[bytes]
    log_path: Path

    def page_url(self, seat: int, locale: str = "en") -> str:
        return f"{self.base}/voila/render/play.ipynb?room={ROOM}&seat={seat}&locale={locale}&token={TOKEN}"

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """The class's server: Voila (its server extension) and the room service, state in a folder of its own."""
    tmp = tmp_path_factory.mktemp("class")
    root, config = tmp / "root", tmp / "config"
    root.mkdir()
    shutil.copy(ROOT / "notebooks" / "play.ipynb", root / "play.ipynb")
    extensions = config / "jupyter_server_config.d"
    extensions.mkdir(parents=True)
    (extensions / "cardwidgets.json").write_text(
        json.dumps({"ServerApp": {"jpserver_extensions": {"cardwidgets.service.extension": True}}})
    )
    store = str(tmp / "rooms.sqlite")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDWIDGETS_STORE": store,
           "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
           "JUPYTER_DATA_DIR": str(tmp / "data"), "JUPYTER_PLATFORM_DIRS": "1"}
    env.pop("CARDWIDGETS_ROOM_SERVICE", None)
    port = free_port()
    args = ["--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}"]
    if os.geteuid() == 0:
        args.append("--allow-root")
    log_path = tmp / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "server", *args], cwd=root, env=env, stdout=log,
            stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,  # noqa: PLW1509 (only the parent-death signal)
        )
    base = f"http://127.0.0.1:{port}"
    server = ClassServer(base, store, tmp / "runtime", process, log_path)
    deadline = time.monotonic() + 90
    while True:
        assert process.poll() is None, server.log()
        try:
            if http("GET", f"{base}/cardwidgets/rooms/v1/?token={TOKEN}", 2)[0] == 200:
                break
        except (urllib.error.URLError, OSError):
            pass
        assert time.monotonic() < deadline, f"the server did not start:\n{server.log()}"
        time.sleep(0.2)
    try:
        yield server
    finally:
        try:
            for kernel in http("GET", f"{base}/api/kernels?token={TOKEN}", 10)[1] or []:
                http("DELETE", f"{base}/api/kernels/{kernel['id']}?token={TOKEN}", 10)
        except (urllib.error.URLError, OSError):
            pass
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def instructor(server: ClassServer) -> Any:
    """The instructor's client of the service: the admin key from the server's runtime file."""
    from cardwidgets.service.client import ServiceClient, read_runtime_file

    (path,) = server.runtime_dir.glob("cardwidgets-rooms-*.json")
    address = read_runtime_file(path)
    assert address is not None
    return ServiceClient.from_address(address, admin=True)


def kernel_pids(server: ClassServer) -> dict[int, int]:
    """The pid of each learner's kernel, by seat: the kernel whose ``QUERY_STRING`` names the room and seat."""
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        query = next((v[len(b"QUERY_STRING="):].decode() for v in environ if v.startswith(b"QUERY_STRING=")), "")
        found_seat = re.search(rf"(?:^|&)room={ROOM}&seat=(\d)", query)
        if found_seat and b"JPY_PARENT_PID=" + str(server.process.pid).encode() in environ:
            found[int(found_seat.group(1))] = int(entry.name)
    return found


@dataclass
class Learner:
    """One learner: a browser context of its own (its own cookie: its own user) and its page."""

    seat: int
    context: BrowserContext
    page: Page
    clicks: list[dict[str, Any]] = field(default_factory=list)

    def turn(self) -> str | None:
        return self.page.evaluate(_TURN_JS, self.seat)

    def moves(self) -> int:
        return int(self.page.locator(".cw-table").first.get_attribute("data-moves") or 0)

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(".cw-hand .cw-card", "nodes => nodes.map(n => n.dataset.card)")

    def text(self) -> str:
        return self.page.locator("body").inner_text()


def new_learner(browser: Browser, seat: int) -> Learner:
    """A browser context of its own (a new cookie jar: a new user) with a blank page, ready to go."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(f"({_RECORDER_JS})()")  # on every page it loads, a reload too
    return Learner(seat, context, page)


def go(learner: Learner, url: str, at: float | None = None) -> None:
    """Start loading ``url`` without waiting for it (Voila answers only once the notebook's kernel runs).

    ``at``: when (ms since the epoch, the browser's clock) — pages told one moment start together,
    however slowly this process gets to each.
    """
    learner.page.evaluate("([url, at]) => { setTimeout(() => { window.location.href = url; },"
                          " at === null ? 0 : Math.max(0, at - Date.now())); }", [url, at])


def wait_seated(learner: Learner, room: Room) -> None:
    """Wait until the page draws the seat's own hand, as the room dealt it."""
    deadline = time.monotonic() + 120
    while True:
        room.sync()
        hand = sorted(c.text for c in room.state.hands[learner.seat])
        if learner.page.locator(".cw-table").count() and sorted(learner.hand()) == hand:
            return
        assert time.monotonic() < deadline, f"seat {learner.seat} never got its hand: {learner.text()[:500]}"
        learner.page.wait_for_timeout(200)


def hidden_from(room: Room, seat: int) -> set[str]:
    """The cards of the other seats' hands that ``seat`` has not been shown (its view names every card shown)."""
    shown = set(CARD.findall(json.dumps(room.state.view(seat))))
    return {c.text for other, hand in enumerate(room.state.hands) if other != seat for c in hand} - shown


# What a page draws, with the position it draws: its moves of the deal and the deal's phase.
_DRAWN_JS = """() => {
  const root = document.querySelector('.cw-table');
  if (!root) return null;
  const cards = [...document.querySelectorAll('[data-card]')].map((node) => node.dataset.card);
  return { moves: Number(root.dataset.moves), phase: root.dataset.phase, cards };
}"""


def check_no_leak(learners: list[Learner], room: Room) -> int:
    """No page draws a card of another seat its seat has not been shown; how many pages could be checked.

    A page is checked when it shows the room's position (the same number of moves of the deal in play): a
    page still drawing the move before, or the deal before, is checked at its next look.
    """
    room.sync()
    moves, checked = len(room.state.history), 0
    for learner in learners:
        drawn = learner.page.evaluate(_DRAWN_JS)
        if drawn is None or drawn["moves"] != moves or drawn["phase"] in ("", "done"):
            continue
        leaked = set(drawn["cards"]) & hidden_from(room, learner.seat)
        assert not leaked, f"seat {learner.seat}'s page draws hidden cards {sorted(leaked)}"
        checked += 1
    return checked


def play_until(learners: list[Learner], room: Room, done: Any, budget_s: float = 600) -> int:
    """Each page clicks at its turn until ``done(room)``; after every click its move must reach its page.

    Every page's cards are checked against the room along the way; how many times a page was checked.
    """
    deadline, checked = time.monotonic() + budget_s, 0
    while True:
        room.sync()
        if done(room):
            return checked
        assert time.monotonic() < deadline, "the deal did not end"
        clicked = False
        for learner in learners:
            if learner.turn() == "turn":
                before = learner.moves()
                learner.clicks.append(learner.page.evaluate(_CLICK_JS))
                learner.page.wait_for_function(
                    "(n) => { const r = document.querySelector('.cw-table');"
                    " return Number(r.dataset.moves) > n || r.querySelector('.cw-error').textContent !== ''; }",
                    arg=before, timeout=30_000,
                )
                clicked = True
        checked += check_no_leak(learners, room)
        if not clicked:
            learners[0].page.wait_for_timeout(50)


def latencies(learners: list[Learner]) -> list[float]:
    """For every click: ms until each other page drew the move (its data-moves passed the click's count)."""
    records = {learner.seat: learner.page.evaluate("() => window.__cw") for learner in learners}
    found = []
    for seat, record in records.items():
        for sent in record["sent"]:
            for other, seen in records.items():
                if other == seat:
                    continue
                times = [s["t"] for s in seen["seen"] if s["moves"] > sent["moves"] and s["t"] >= sent["t"]]
                if times:
                    found.append(min(times) - sent["t"])
    return found


def test_a_class_of_four_plays_a_deal_one_kernel_dies_and_comes_back(
    class_server: ClassServer, browser: Browser
) -> None:
    server = class_server
    admin = instructor(server)
    admin.create_room(ROOM, GAME, rules=None, bots="heuristic", seed=21, learners=LEARNERS, start="when_seated")
    room = Room(ROOM, GAME, store=server.store)

    # four browsers open the room within a second
    learners = [new_learner(browser, seat) for seat in LEARNERS]
    at = time.time() * 1000 + 2000
    for learner in learners:
        go(learner, server.page_url(learner.seat), at)
    started = time.monotonic()
    while not all_seated(admin):  # nobody moves until every learner is seated
        moves = [entry for _, entry in room.store.moves(ROOM) if entry["action"] != START]
        assert not moves or all_seated(admin), f"moves made before every learner was seated: {moves}"
        assert time.monotonic() - started < 180, "the learners were never all seated"
        learners[0].page.wait_for_timeout(100)
    for learner in learners:
        wait_seated(learner, room)
    opened = [learner.page.evaluate("() => performance.timeOrigin") for learner in learners]
    assert max(opened) - min(opened) < 1000, f"the four pages were not opened within a second: {opened}"

    # a whole deal, by clicks; how long each move took to reach the other pages
    checked = play_until(learners, room, lambda r: r.state.phase == "done")
    assert checked >= 4 * 13, f"the pages' cards were checked only {checked} times in a deal"
    first_deal = room.version
    found = latencies(learners)

    # the next deal; the killed learner's kernel dies at its turn
    next_deal = "() => { const b = document.querySelector('.cw-next'); if (b) b.click(); return Boolean(b); }"
    assert any(learner.page.evaluate(next_deal) for learner in learners), "no page offers the next deal"
    play_until(learners, room, lambda r: r.version > first_deal + 6 and r.state.to_act == KILLED)
    pid = kernel_pids(server)[KILLED]
    os.kill(pid, signal.SIGKILL)
    killed_at = time.monotonic()
    others = [learner for learner in learners if learner.seat != KILLED]
    away = {locale: render("room.away", {"seats": KILLED}, locale) for locale in ("en", "ru")}
    for learner in others:
        learner.page.wait_for_function(
            "(texts) => texts.some(t => document.body.innerText.includes(t))", arg=list(away.values()),
            timeout=int(AWAY_WITHIN * 1000),
        )
    away_after = time.monotonic() - killed_at
    assert away_after <= AWAY_WITHIN
    version = room.version
    deadline = time.monotonic() + 30
    while room.state.to_act == KILLED or room.version == version:  # the bot plays the seat
        assert time.monotonic() < deadline, "no bot played the away seat"
        time.sleep(0.1)
        room.sync()

    # the same browser reloads: its seat and its hand come back
    back = learners[KILLED]
    back.page.evaluate("() => { window.location.reload(); }")
    wait_seated(back, room)

    # the same learner opens the seat in a second tab: it is played in the first, until this one takes it over
    tab = Learner(KILLED, back.context, back.context.new_page(), back.clicks)
    tab.page.add_init_script(f"({_RECORDER_JS})()")
    go(tab, server.page_url(KILLED))
    other_tab = render("room.other_tab", {"seat": KILLED, "room": ROOM}, "en")
    tab.page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=other_tab, timeout=120_000)
    tab.page.wait_for_selector(".cw-take-over", timeout=30_000)
    tab.page.evaluate("() => document.querySelector('.cw-take-over').click()")
    wait_seated(tab, room)
    taken_over = render("room.taken_over", {"seat": KILLED, "room": ROOM}, "en")
    try:
        back.page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=taken_over,
                                    timeout=30_000)
    except Exception:
        calls = [line for line in server.log().splitlines() if "cardwidgets/rooms" in line or "rooms:" in line]
        print("the first tab says:", back.text()[-1500:], "\nthe service's log:", *calls[-60:], sep="\n")
        raise
    back.page.close()
    learners[KILLED] = back = tab

    fifth = new_learner(browser, 1)
    go(fifth, server.page_url(1, "ru"))
    refusal = render("room.seat_taken", {"seat": 1, "room": ROOM}, "ru")
    fifth.page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=refusal, timeout=120_000)
    assert "There was an error" not in fifth.text()
    fifth.context.close()

    # the rest of the deal by clicks
    play_until(learners, room, lambda r: r.state.phase == "done")

    # every action a page sent is in the log once
    moves = [entry for _, entry in room.store.moves(ROOM) if entry["action"] not in {START, NEXT_DEAL}]
    for learner in learners:
        logged = [entry["action"] for entry in moves if entry["seat"] == learner.seat]
        if learner.seat == KILLED:  # a bot played some of its moves meanwhile
            assert in_order(learner.clicks, logged), (learner.clicks, logged)
        else:
            assert len(logged) == len(learner.clicks), (learner.clicks, logged)
            assert all(map(matches, learner.clicks, logged)), (learner.clicks, logged)

    p50, p95 = statistics.median(found), statistics.quantiles(found, n=20)[-1]
    print(f"\na move seen on the other pages: p50 {p50:.0f} ms, p95 {p95:.0f} ms over {len(found)} (one deal); "
          f"the others said seat {KILLED} away {away_after:.1f} s after its kernel was killed")
    # The service's own figure is the benchmark's (benchmarks/rooms.py --service); here, on a machine shared
    # with other work, only that no move waits for a poll or a timeout to reach the other pages.
    assert p95 < 1000, f"a move took {p95:.0f} ms (p95) to reach the other pages"
    for learner in learners:
        learner.context.close()


def matches(click: dict[str, str], action: str) -> bool:
    """Whether the log's ``action`` is what the click sent (an action button's, or a move with the card clicked)."""
    return action == click["action"] if "action" in click else click["card"] in action.split()[1:]


def in_order(clicks: list[dict[str, str]], logged: list[str]) -> bool:
    """Whether every click is in ``logged``, once each and in order."""
    rest = iter(logged)
    return all(any(matches(click, action) for action in rest) for click in clicks)


def room_seated(admin: Any, seat: int) -> bool:
    seats = admin.room_info(ROOM)["seats"]
    return any(s["seat"] == seat and s["status"] == "held" for s in seats)


def all_seated(admin: Any) -> bool:
    return all(room_seated(admin, seat) for seat in LEARNERS)
