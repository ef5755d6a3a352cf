"""Deal links in a real browser: Share in JupyterLab gives the link, and Voila opens ``open.ipynb?deal=…``.

The JupyterLite site opens a link in ``tests/browser/test_lite.py`` (on the Lite checks' one Pyodide kernel).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import _die_with_parent, free_port, http

from cardwidgets import HandReplay

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parents[2]
RECORD = "notebooks/records/nestors/nes8-made.json"
REPLAY = "# cw:shared-replay"


def test_share_in_jupyterlab_gives_a_link_that_opens_the_same_position(notebook):
    cells = [f"{REPLAY}\nfrom cardwidgets import HandReplay\nreplay = HandReplay({str(ROOT / RECORD)!r}, 17)\nreplay"]
    nb = notebook(cells)
    root = nb.page.locator(".jp-CodeCell").filter(has_text=REPLAY).locator(".cw-replay")
    root.locator('button[data-command="forward"]').click()
    expect(root).to_have_attribute("data-step", "18")
    root.locator('button[data-command="share"]').click()
    link = root.locator("input.cw-share-link").input_value()
    # JupyterLab on a server is not the JupyterLite site: the link is shown as made (a site's address goes in front)
    assert link.startswith("lab/index.html?path=open.ipynb#deal=1."), link
    assert link.endswith("&step=18"), link
    expect(root.locator(".cw-share-note")).to_contain_text("holds the whole deal")
    opened = nb.kernel_json(f"[HandReplay.from_link({link!r}).text(), replay.text()]")
    assert opened[0] == opened[1]  # the kernel reads the browser's link back to the same position
    assert HandReplay.from_link(link).text() == opened[1]  # and so does any other Python


@pytest.fixture
def voila_open(tmp_path: Path) -> Iterator[str]:
    """Voila over ``notebooks/open.ipynb`` (and ``ru/``): the base URL."""
    root = tmp_path / "root"
    (root / "ru").mkdir(parents=True)
    shutil.copy(ROOT / "notebooks" / "open.ipynb", root / "open.ipynb")
    shutil.copy(ROOT / "notebooks" / "ru" / "open.ipynb", root / "ru" / "open.ipynb")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "CARDWIDGETS_PROGRESS": ":memory:"}
    port = free_port()
    log_path = tmp_path / "voila.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--ServerApp.port_retries=0", str(root)],
            cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,  # noqa: PLW1509
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        assert process.poll() is None, log_path.read_text()
        try:
            if http("GET", f"{base}/", 2)[0] == 200:
                break
        except (urllib.error.URLError, OSError):
            pass
        assert time.monotonic() < deadline, "voila did not start"
        time.sleep(0.25)
    try:
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def test_voila_opens_a_deal_link_from_its_query_and_refuses_a_bad_one_in_russian(voila_open, page):
    replay = HandReplay(ROOT / RECORD)
    link = replay.link(step=25, seat=3, base=f"{voila_open}/voila/render/open.ipynb")
    query = link.replace("#", "?", 1)  # the Voila form: ?deal=…
    page.goto(query, timeout=120_000)
    root = page.locator(".cw-replay")
    expect(root).to_have_attribute("data-step", "25", timeout=120_000)
    expect(root).to_have_attribute("data-seat", "3")
    expect(root.locator('button[data-command="reveal"]')).to_have_count(1)
    expect(root.locator(".cw-status")).to_contain_text("25")
    expected = json.loads(json.dumps(HandReplay(ROOT / RECORD, 25, seat=3).board["heading"]))
    expect(root.locator(".cw-board .cw-heading")).to_have_text(expected)

    page.goto(link, timeout=120_000)  # the fragment form reaches the kernel through the page's widget
    expect(page.locator(".cw-replay")).to_have_attribute("data-step", "25", timeout=120_000)

    cut = f"{voila_open}/voila/render/ru/open.ipynb?" + link.split("#", 1)[1][:-80]
    page.goto(cut, timeout=120_000)
    expect(page.locator(".cw-link-status")).to_contain_text("ссылка на сдачу повреждена", timeout=120_000)
    expect(page.locator(".cw-replay")).to_have_count(0)
