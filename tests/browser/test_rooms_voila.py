"""A shared room played in a real browser on ``cardwidgets-voila``: the Voila app served alone, with the room service.

The instructor makes a Nestors room whose seat 2 is a learner's and whose other seats are
bots (the service's admin call); seat 2 is a Voila page in Chromium, played by clicking what
the table offers, until the match is over. After every click the page's cards are checked:
none that seat 2 has not been shown is ever drawn. The room's log is read from its store.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import _die_with_parent, free_port, http

from cardwidgets.store.room import Room

pytestmark = pytest.mark.timeout(900)

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")
#: A Nestors match short enough for a test (NES-9: the target).
RULES = {"target": 100}


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    """``cardwidgets-voila`` over ``notebooks/play.ipynb``, its room service on a SQLite store of the test's own."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(ROOT / "notebooks" / "play.ipynb", root / "play.ipynb")
    store, runtime = str(tmp_path / "rooms.sqlite"), tmp_path / "runtime"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDWIDGETS_STORE": store,
           "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_RUNTIME_DIR": str(runtime)}
    env.pop("CARDWIDGETS_ROOM_SERVICE", None)
    port = free_port()
    log = (tmp_path / "voila.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "cardwidgets.service.voila_app", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0", str(root)],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,  # noqa: PLW1509
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        assert process.poll() is None, (tmp_path / "voila.log").read_text()
        try:
            if http("GET", f"{base}/cardwidgets/rooms/v1/", 2)[0] == 200:
                break
        except (urllib.error.URLError, OSError):
            pass
        assert time.monotonic() < deadline, "cardwidgets-voila did not start"
        time.sleep(0.25)
    try:
        yield base, store, runtime
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        log.close()
    assert not list(runtime.glob("cardwidgets-rooms-*.json")), "the service's runtime file outlived it"


def instructor(runtime: Path) -> Any:
    """The instructor's client of the service, with the admin key of the runtime file."""
    from cardwidgets.service.client import ServiceClient, read_runtime_file

    (path,) = runtime.glob("cardwidgets-rooms-*.json")
    address = read_runtime_file(path)
    assert address is not None
    return ServiceClient.from_address(address, admin=True)


#: Click a legal card, else an action button, else Next deal, in one step (the table may redraw between a
#: look and a click); whether there was anything to click. Nothing while a move animates or is on its way.
_CLICK_JS = """() => {
  const root = document.querySelector('.cw-table');
  if (!root || root.dataset.pending === 'true' || root.dataset.animating === 'true') return false;
  const target = root.querySelector('.cw-hand .cw-card.cw-legal, .cw-actions .cw-action')
    || root.querySelector('.cw-next');
  if (!target) return false;
  target.click();
  return true;
}"""


def test_a_learner_plays_a_match_with_bots_in_a_browser_on_cardwidgets_voila(voila, page) -> None:
    base, store, runtime = voila
    instructor(runtime).create_room("class-3", "nestors", rules=RULES, bots="random", seed=21, learners=(2,))
    room = Room("class-3", "nestors", store=store)
    page.goto(f"{base}/voila/render/play.ipynb?room=class-3&seat=2&locale=ru", timeout=120_000)
    page.locator(".cw-table").first.wait_for(timeout=120_000)
    shown: set[str] = set()  # every card seat 2 has been shown so far
    deadline = time.monotonic() + 600
    while not room.match.is_over:
        assert time.monotonic() < deadline, "the match did not end"
        drawn = set(page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)"))
        room.sync()
        shown |= set(CARD.findall(json.dumps(room.state.view(2))))
        hidden = {c.text for seat, hand in enumerate(room.state.hands) if seat != 2 for c in hand} - shown
        assert not drawn & hidden, f"hidden cards drawn in the browser: {sorted(drawn & hidden)}"
        if not page.evaluate(_CLICK_JS):
            page.wait_for_timeout(100)  # the bots are moving: look again
    assert any(entry["seat"] == 2 for _, entry in room.store.moves("class-3"))  # the browser's seat played
