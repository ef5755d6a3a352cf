"""The JupyterLite site: the notebooks in the browser with no server and no network.

The module builds the site from this checkout with ``python lite/build.py --self-host-pyodide``
(Pyodide from the npm package, every wheel in the site), serves it with ``python -m http.server``
on 127.0.0.1 and opens it in the harness's Chromium: one page and one Pyodide kernel for all the checks,
booted once (booting Pyodide is most of a check's time). Each check opens its notebook in that page on that
kernel, after clearing what the last check left there (its variables and widgets, see ``RESET_CODE``); a
failed check has the next one boot a new page and kernel. Nothing may leave the machine, which two nets
check: the browser context sends every request for another host to a proxy that refuses it and
writes it down, and Playwright records every request of the pages, their web workers (Pyodide) and
the service worker; a canary request first checks that both nets catch what they should.
Chromium's own services (updates, sign-in) do not use a context's proxy: they are the browser's
requests, not the site's, and fail here anyway.

Figures (site size, time to a ready kernel) are printed (``-s``) and written to
``tests/browser/artifacts/lite-figures.txt``; screenshots go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import socketserver
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest
from conftest import ARTIFACTS, REQUIRE_ENV, _die_with_parent, free_port, http

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

if importlib.util.find_spec("pytest_playwright") is None:

    @pytest.fixture(scope="session")
    def browser_type() -> None:
        """Stand-in so tests resolve their fixtures; ``browser_stack`` has skipped or failed them already."""
        pytest.fail("pytest-playwright is not installed")


pytestmark = pytest.mark.timeout(420)

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "lite" / "build.py"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
CANARY = "http://canary.cardwidgets.invalid/should-never-leave"
KERNEL_NAME = "Python (Pyodide)"
FIGURES = ARTIFACTS / "lite-figures.txt"


def site_notebooks() -> list[str]:
    """The notebooks of the site: the repository's, less those ``lite/adapt.py`` leaves out."""
    spec = importlib.util.spec_from_file_location("lite_adapt", REPO / "lite" / "adapt.py")
    adapt = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = adapt  # dataclasses look their module up there
    spec.loader.exec_module(adapt)
    return sorted(path.stem for path in (REPO / "notebooks").glob("*.ipynb") if path.name not in adapt.LEFT_OUT)


#: Notebooks of the site besides 00-start-here (which test_start_here_plays_a_card_offline runs and plays).
OTHER_NOTEBOOKS = [name for name in site_notebooks() if name != "00-start-here"]

_ERROR_OUTPUTS = (
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error'],"
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
)
# Run All is over: the new first cell has run (it has no stored count), nothing is queued ("[*]"), and either
# every code cell has run or an error stopped the run.
_RUN_ALL_OVER_JS = """(errors) => {
  const prompts = [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt')]
    .map(node => node.textContent.trim());
  if (!prompts.length || !/\\d/.test(prompts[0]) || prompts.some(p => p.includes('*'))) return false;
  return prompts.every(p => /^\\[\\d+\\]:$/.test(p)) || document.querySelector(errors) !== null;
}"""
_WIDGETS = ".cw-table, .cw-replay, .cw-explorer"
# Every widget output is drawn and no table is animating its bots' moves (the animation starts as a table is drawn).
_WIDGETS_SETTLED_JS = """() => {
  const mime = "application/vnd.jupyter.widget-view+json";
  const outputs = [...document.querySelectorAll(`.jp-OutputArea-output[data-mime-type='${mime}']`)];
  return outputs.every((output) => output.childElementCount > 0)
    && [...document.querySelectorAll('.cw-table')].every((table) => table.dataset.animating === 'false');
}"""
# The learner (seat 0) may act: nothing is animating and a legal card or an action button is there.
_LEARNERS_TURN_JS = """(root) => root.dataset.animating === 'false' && root.dataset.toAct === '0'
  && root.querySelectorAll('.cw-hand .cw-card.cw-legal, button[data-action]').length > 0"""
# What the learner does first, read from one rendering of the table: the first legal card of the hand,
# else the first action button. (Two separate queries could straddle a redraw.)
_FIRST_CONTROL_JS = """(root) => {
  const card = root.querySelector('.cw-hand .cw-card.cw-legal');
  if (card) return {card: card.dataset.card};
  const button = root.querySelector('button[data-action]');
  return button ? {action: button.dataset.action} : null;
}"""
# The notebook ``path`` is the current document and its kernel is idle.
_KERNEL_IDLE_JS = """(path) => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = widget && widget.context && widget.context.path === path && widget.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === 'idle');
}"""
# Every cell of the current notebook is in the page (a notebook just opened adds them a few at a time).
_CELLS_DRAWN_JS = """() => {
  const widget = window.jupyterapp.shell.currentWidget;
  return !!(widget && widget.content && widget.content.widgets
    && widget.node.querySelectorAll('.jp-Cell').length === widget.content.widgets.length);
}"""
_KERNEL_ID_JS = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"
# Open ``path`` afresh on the running kernel ``id`` and wait until it is shown; every other document is closed
# (unsaved changes dropped, no dialog; their kernel stays: closing a notebook does not shut it down). A
# launcher holds the main area meanwhile: JupyterLab opens one of its own, late, into an empty main area.
_OPEN_ON_KERNEL_JS = """async ([path, id]) => {
  const app = window.jupyterapp;
  const close = (keep) => {
    for (const widget of Array.from(app.shell.widgets('main'))) {
      if (widget === keep) continue;
      if (widget.context) widget.context.model.dirty = false;
      widget.dispose();
    }
  };
  close(await app.commands.execute('launcher:create'));
  const kernel = {id, name: 'python'};
  const opened = await app.commands.execute('docmanager:open', {path, factory: 'Notebook', kernel});
  await opened.context.ready;
  await opened.revealed;
  close(opened);
  app.shell.activateById(opened.id);
}"""
# Run ``code`` in the current notebook's kernel, outside its cells; the reply's status ('ok' or 'error').
_EXECUTE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestExecute({code, silent: true, store_history: false}).done;
  return reply.content.status;
}"""
#: What one check leaves in the shared kernel and the next must not see: the widgets (closed, so their
#: models leave the page too), the locale, the drills' shared progress, and every name the notebook defined
#: (so each notebook still has to import and define all it uses). Modules already imported stay loaded.
RESET_CODE = """import sys as _sys
if "ipywidgets" in _sys.modules:
    _sys.modules["ipywidgets"].Widget.close_all()
if "cardwidgets" in _sys.modules:
    _sys.modules["cardwidgets"].set_locale(None)
if "cardwidgets.widgets.drill" in _sys.modules:
    _sys.modules["cardwidgets.widgets.drill"]._SHARED.clear()
%reset -f
"""
#: The console lines of lite/kernel_pyodide.mjs: Python restored from the kernel's snapshot, or booted the plain way.
RESTORED = "cardwidgets: Python restored from the kernel's snapshot"
NOT_RESTORED = "cardwidgets: the kernel's snapshot was not used"
#: The browser's time zone in these checks: not the one of the machine that made the snapshot (UTC here),
#: so that a kernel keeping the build machine's zone is seen. Its constants as a plain Pyodide gives them.
TIME_ZONE = "Asia/Vladivostok"
TIME_ZONE_CONSTANTS = {"timezone": -36000, "altzone": -36000, "daylight": 0, "tzname": ["UTC+1000", "UTC+1000"]}
#: How long the browser's Python may take to answer a click (a busy machine makes Pyodide slow).
KERNEL_ANSWER_MS = 60_000


# ----- the site -----------------------------------------------------------------------------------------
@dataclass
class LiteSite:
    """A built site and what its build measured."""

    path: Path
    size_mb: float
    build_s: float


def require_npm() -> None:
    """npm self-hosts Pyodide: without it, skip (or fail with ``CARDWIDGETS_REQUIRE_BROWSER=1``)."""
    if shutil.which("npm") is not None:
        return
    reason = "the JupyterLite test needs npm (Node.js) to put Pyodide into the site"
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}; {REQUIRE_ENV}=1 makes it an error", pytrace=False)
    pytest.skip(f"{reason}; set {REQUIRE_ENV}=1 to fail instead of skipping")


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> LiteSite:
    """The site with Pyodide self-hosted, built by the README's command into a temporary directory."""
    require_npm()
    output = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, BUILD, "--self-host-pyodide", "--output-dir", output],
        capture_output=True, text=True, timeout=360, check=False,
    )
    assert result.returncode == 0, f"lite/build.py failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    size = sum(path.stat().st_size for path in output.rglob("*") if path.is_file()) / 1e6
    build_s = time.monotonic() - started
    expose_app(output)
    return LiteSite(output, size, build_s)


def expose_app(site: Path) -> None:
    """Have the test's copy of the site put its JupyterLab app at ``window.jupyterapp`` (a page-config option).

    The checks open each notebook through the app's commands, on the kernel the page already runs.
    """
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")


class StaticServer:
    """``python -m http.server`` on 127.0.0.1 serving the site; its log lists every request."""

    def __init__(self, root: Path, log_path: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        cmd = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", root]
        with log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                cmd, stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,  # noqa: PLW1509 (only sets the parent-death signal)
            )

    def wait_ready(self, timeout: float = 30) -> StaticServer:
        """Wait until the site's ``index.html`` answers."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(urllib.error.URLError, OSError):
                if http("GET", f"{self.base}/index.html", 2)[0] == 200:
                    return self
            time.sleep(0.2)
        raise TimeoutError(f"http.server did not start:\n{self.log_path.read_text()}")

    def log_size(self) -> int:
        """Bytes logged so far: ``failed_requests(since=...)`` looks only at what comes after."""
        return self.log_path.stat().st_size

    def failed_requests(self, since: int = 0) -> list[str]:
        """Requests answered with an error status (a 404 means a file missing from the site).

        ``/favicon.ico`` is left out: Chromium asks for it by itself; the site's pages name their icon.
        """
        with self.log_path.open("rb") as log:
            log.seek(since)
            text = log.read().decode(errors="replace")
        pattern = re.compile(r'"([A-Z]+) (\S+)[^"]*" ([45]\d\d) ')
        return [f"{status} {method} {path}" for method, path, status in pattern.findall(text) if path != "/favicon.ico"]

    def stop(self) -> None:
        """Stop the server."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture(scope="module")
def lite_server(lite_site: LiteSite, tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    """The site on 127.0.0.1."""
    server = StaticServer(lite_site.path, tmp_path_factory.mktemp("lite-http") / "http.log").wait_ready()
    try:
        yield server
    finally:
        server.stop()


# ----- nothing leaves the machine ---------------------------------------------------------------------------
class RefusingProxy:
    """An HTTP proxy on 127.0.0.1 that refuses every request and writes down where it was going."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        seen = self.seen

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                with contextlib.suppress(OSError):
                    seen.append(self.rfile.readline(4096).decode("latin-1").strip())
                    self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Stop serving and close the socket."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@dataclass
class OfflineBrowser:
    """Chromium, and the proxy its contexts send every request for another host to."""

    browser: Browser
    proxy: RefusingProxy


@dataclass
class Visit:
    """One check on the site: the context and page, the requests made since it began, where the server log stood."""

    context: BrowserContext
    page: Page
    server: StaticServer
    log_start: int
    requests: list[str] = field(default_factory=list)

    def left_the_machine(self) -> list[str]:
        """Requests of the pages, workers and service worker for a host other than 127.0.0.1 / localhost."""
        return [url for url in self.requests if urlparse(url).scheme in ("http", "https", "ws", "wss")
                and urlparse(url).hostname not in LOCAL_HOSTS]


@pytest.fixture(scope="module")
def offline_browser(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[OfflineBrowser]:
    """The harness's Chromium (same executable and flags), and the refusing proxy."""
    proxy = RefusingProxy()
    # Autofill asks a Google service about the page's forms: the browser's request, not the site's.
    args = [*browser_type_launch_args.get("args", []), "--disable-features=AutofillServerCommunication"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        yield OfflineBrowser(browser, proxy)
    finally:
        browser.close()
        proxy.close()


@dataclass
class LitePage:
    """One browser context and page on the site, and the Pyodide kernel the checks share.

    ``visit`` is the current check's: the requests made since it began (the page's, its workers', the
    service worker's), and the server's log from then on.
    """

    offline: OfflineBrowser
    server: StaticServer
    context_args: dict[str, Any]
    context: BrowserContext | None = None
    visit: Visit | None = None
    kernel_id: str = ""
    kernel_ready_s: float = 0.0
    broken: bool = True  # no page yet, or the last check failed: the next one boots a new page and kernel

    def boot(self) -> None:
        """A fresh context (empty cache and storage, so Pyodide loads from the site), the nets checked,
        and 00-start-here opened: its kernel is the one the checks share. Every request is recorded."""
        self.close()
        proxy = {"server": f"http://127.0.0.1:{self.offline.proxy.port}", "bypass": ",".join(sorted(LOCAL_HOSTS))}
        self.context = self.offline.browser.new_context(**self.context_args, proxy=proxy, timezone_id=TIME_ZONE)
        self.offline.proxy.seen.clear()
        page = self.context.new_page()
        self.visit = Visit(self.context, page, self.server, self.server.log_size())
        self.context.on("request", lambda request: self.visit.requests.append(request.url))
        check_the_nets(self.visit, self.offline.proxy)
        console: list[str] = []  # the page's and its workers' (Pyodide says "Loading …" as it installs a package)
        page.on("console", lambda message: console.append(message.text))
        self.kernel_ready_s = open_notebook(page, self.server, "00-start-here")
        page.wait_for_function(_KERNEL_IDLE_JS, arg="00-start-here.ipynb", timeout=120_000)
        self.kernel_id = page.evaluate(_KERNEL_ID_JS)
        # loadPyodide loaded the kernel's packages and cardwidgets from the lock file in one step: the kernel
        # installed none of them one by one as it started (lite/build.py, preload_packages).
        one_by_one = [text for text in console if text.startswith("Loading ")]
        assert not one_by_one, f"the kernel installed packages one by one as it started: {one_by_one}"
        # Python was restored from the kernel's memory snapshot (lite/snapshot.py), not booted the plain way.
        assert any(RESTORED in text for text in console), console
        assert not any(NOT_RESTORED in text for text in console), console
        assert_stayed_local(self.visit, self.offline.proxy)  # loading the site and booting Pyodide
        self.broken = False

    def begin(self) -> Visit:
        """The next check's visit: same page and kernel (new ones if the last check failed), nothing recorded yet."""
        if self.broken or self.visit is None or self.visit.page.is_closed():
            self.boot()
        self.offline.proxy.seen.clear()
        self.visit = Visit(self.context, self.visit.page, self.server, self.server.log_size())
        return self.visit

    def close(self) -> None:
        """Close the context (its page and the kernel's web worker go with it)."""
        if self.context is not None:
            with contextlib.suppress(Exception):
                self.context.close()
            self.context = None


@pytest.fixture(scope="module")
def lite_page(
    offline_browser: OfflineBrowser, lite_server: StaticServer, browser_context_args: dict[str, Any]
) -> Iterator[LitePage]:
    """The module's page and kernel (booted by the first check that asks)."""
    lite = LitePage(offline_browser, lite_server, browser_context_args)
    try:
        yield lite
    finally:
        lite.close()


@pytest.fixture
def visit(request: pytest.FixtureRequest, lite_page: LitePage) -> Iterator[Visit]:
    """The shared page for one check, recording the check's requests.

    On teardown it saves a screenshot ``artifacts/lite-<test name>.png``; after a failed check the next one
    gets a new page and kernel, so a failure does not carry over.
    """
    result = lite_page.begin()
    try:
        yield result
    finally:
        stem = re.sub(r"[^\w.-]+", "-", request.node.name).strip("-")
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):  # a screenshot is a courtesy; the test's own failure matters
            result.page.screenshot(path=ARTIFACTS / f"lite-{stem}.png")
        if any(getattr(getattr(request.node, f"cw_report_{when}", None), "failed", True) for when in ("setup", "call")):
            lite_page.broken = True
        else:
            with contextlib.suppress(Exception):  # a check may restart the kernel: the one the page runs now
                lite_page.kernel_id = result.page.evaluate(_KERNEL_ID_JS)


def check_the_nets(visit: Visit, proxy: RefusingProxy) -> None:
    """A request for another host is refused by the proxy and recorded by Playwright; then forget it."""
    visit.page.goto("about:blank")
    visit.page.evaluate("url => fetch(url).catch(() => null)", CANARY)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any("canary.cardwidgets.invalid" in line for line in proxy.seen):
        time.sleep(0.1)
    assert any("canary.cardwidgets.invalid" in line for line in proxy.seen), proxy.seen
    assert CANARY in visit.requests, visit.requests
    proxy.seen.clear()
    visit.requests.clear()


#: Folders the page makes in the browser's own storage (the drills' progress, ``drills/progress.py``):
#: JupyterLite asks the server for their listing first (the new folder's first name, then its own),
#: and a static site has none — no file of the site is missing.
MADE_IN_THE_BROWSER = ("Untitled%20Folder", ".cardwidgets")


def assert_stayed_local(visit: Visit, proxy: RefusingProxy) -> None:
    """No request left 127.0.0.1, and the site had every file that was asked for."""
    assert not proxy.seen, f"requests for other hosts reached the proxy: {proxy.seen}"
    assert not visit.left_the_machine(), f"requests for other hosts: {visit.left_the_machine()}"
    assert visit.requests, "no request was recorded at all"
    failed = [
        line for line in visit.server.failed_requests(since=visit.log_start) if not any(
            f"/api/contents/{folder}/all.json" in line for folder in MADE_IN_THE_BROWSER
        )
    ]
    assert not failed, f"the site lacks files: {failed}"


# ----- driving JupyterLite (no window.jupyterapp: menus and the DOM) ----------------------------------
def open_notebook(page: Page, server: StaticServer, name: str) -> float:
    """Open ``name`` in JupyterLab (Lite); returns the seconds until its kernel is ready."""
    started = time.monotonic()
    page.goto(f"{server.base}/lab/index.html?path={name}.ipynb")
    toolbar = page.locator(".jp-NotebookPanel-toolbar")
    toolbar.get_by_text(KERNEL_NAME, exact=True).wait_for(timeout=120_000)
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=120_000)
    return time.monotonic() - started


def open_on_shared_kernel(page: Page, name: str, kernel_id: str) -> None:
    """Open ``name`` in the page's JupyterLab (Lite) on the running kernel ``kernel_id``, cleared (``RESET_CODE``)."""
    path = f"{name}.ipynb"
    page.evaluate(_OPEN_ON_KERNEL_JS, [path, kernel_id])
    page.wait_for_function(_KERNEL_IDLE_JS, arg=path, timeout=120_000)
    page.wait_for_function(_CELLS_DRAWN_JS, timeout=60_000)
    assert page.evaluate(_KERNEL_ID_JS) == kernel_id, f"{path} did not open on the shared kernel"
    assert page.evaluate(_EXECUTE_JS, RESET_CODE) == "ok", "clearing the shared kernel failed"


def run_all(page: Page, timeout_ms: int = 180_000) -> float:
    """Run → Run All Cells, wait until every code cell has run or one failed; returns the seconds it took."""
    started = time.monotonic()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("li[data-command='runmenu:run-all']").click()
    page.wait_for_function(_RUN_ALL_OVER_JS, arg=_ERROR_OUTPUTS, timeout=timeout_ms)
    return time.monotonic() - started


def error_outputs(page: Page) -> list[str]:
    """Tracebacks and stderr shown under the cells."""
    return page.locator(_ERROR_OUTPUTS).all_inner_texts()


def widgets_showing_undefined(page: Page) -> list[str]:
    """Texts of cardwidgets widgets that show "undefined" (a value the browser did not get).

    In the browser the kernel's ``None`` can arrive as JavaScript ``undefined`` rather than ``null``.
    """
    texts = page.locator(_WIDGETS).all_inner_texts()
    return [" ".join(text.split())[:300] for text in texts if "undefined" in text]


def run_new_cell(page: Page, code: str, marker: str, wait_ms: int = KERNEL_ANSWER_MS) -> str:
    """Add a code cell at the end, run it and return its output, which must start with ``marker``.

    Each key waits for what the previous one did (a new active cell, its editor focused, the code in
    it): keys pressed before JupyterLab has made the editor would go elsewhere, and nothing would run.
    """
    cells = page.locator(".jp-NotebookPanel .jp-Cell")
    count = cells.count()
    deadline = time.monotonic() + 10
    while True:  # a notebook just opened may still be drawing its cells: a click can land as the last one moves
        cells.last.click()
        if "jp-mod-active" in (cells.last.get_attribute("class") or "") or time.monotonic() > deadline:
            break
        page.wait_for_timeout(250)
    page.keyboard.press("Escape")
    expect(cells.last).to_have_class(re.compile(r"\bjp-mod-active\b"))
    page.keyboard.press("b")  # command mode: insert a cell below
    expect(cells).to_have_count(count + 1)
    new = cells.last
    expect(new).to_have_class(re.compile(r"\bjp-mod-active\b"))
    page.keyboard.press("Enter")  # edit it
    expect(new.locator(".cm-editor")).to_have_class(re.compile(r"\bcm-focused\b"))
    page.keyboard.insert_text(code)  # no auto-closed brackets, unlike typing
    first_line = code.splitlines()[0]  # found only in this cell
    expect(new.locator(".cm-content")).to_contain_text(first_line)
    page.keyboard.press("Shift+Enter")
    output = page.locator(".jp-CodeCell").filter(has_text=first_line).locator(".jp-OutputArea-output")
    expect(output.first).to_contain_text(marker, timeout=wait_ms)
    return output.first.inner_text()


#: The double-dummy solver (docs/analysis.md) timed in the Lite kernel: every legal card's value at the first trick;
#: Nestors by the compiled core through the browser's WebAssembly, checked against the Python solver.
DOUBLE_DUMMY_CELL = """# test_lite: double dummy in the browser
import json, random, time
from cardwidgets.analysis import double_dummy, wasm_core
from cardwidgets.games import GAMES
from cardwidgets.games.nestors import compiled as nestors_core
def at_trick(name, trick, rng):
    game = GAMES[name]
    while True:
        state = game.new_state(game.random_deal(rng), rng.randrange(game.num_players))
        while not state.is_done and not (
                state.phase == "play" and len(state.tricks) == trick and not state.tricks[-1].plays):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_done:
            return state
solves, engines = {}, set()
for name in ("nimby", "tumbochka"):
    rng, times = random.Random(name), []
    while len(times) < 5:
        state = at_trick(name, 1, rng)
        started = time.perf_counter()
        values = double_dummy(state)
        times.append(time.perf_counter() - started)
        assert set(values) == set(state.legal_strings())
    solves[f"{name}, trick 1"] = times
started = time.perf_counter()
loaded = wasm_core.core(nestors_core) is not None
load_s = time.perf_counter() - started
rng, times = random.Random("nestors"), []
for _ in range(3):
    state = at_trick("nestors", 4, rng)
    started = time.perf_counter()
    values = double_dummy(state)
    times.append(time.perf_counter() - started)
    engines.add(values.engine)
    assert set(values) == set(state.legal_strings())
    late = at_trick("nestors", 10, rng)
    compiled, python = double_dummy(late), double_dummy(late, engine="python")
    assert compiled == python and (compiled.engine, python.engine) == ("wasm", "python"), (compiled, python)
solves["nestors, trick 4"] = times
rng, times = random.Random("nestors, trick 2"), []
for _ in range(TRICK_2_DEALS):
    state = at_trick("nestors", 2, rng)
    started = time.perf_counter()
    engines.add(double_dummy(state).engine)
    times.append(time.perf_counter() - started)
if times:
    solves["nestors, trick 2"] = times
why = wasm_core.why_not(nestors_core)
shared = loaded and wasm_core.core(nestors_core).group.shareable
answer = {"times": solves, "engines": sorted(engines), "load_s": load_s, "why": why, "shared": shared}
print("DD", json.dumps(answer))"""
#: Nestors deals valued at trick 2 in the browser (slow: seconds each): 0 in the suite, more to measure
#: (``CARDWIDGETS_LITE_TRICK_2=10 pytest tests/browser/test_lite.py -k start_here -s``).
TRICK_2_DEALS = int(os.environ.get("CARDWIDGETS_LITE_TRICK_2", "0"))


def save_figures(lines: list[str]) -> None:
    """Print the figures and write them to ``artifacts/lite-figures.txt``."""
    ARTIFACTS.mkdir(exist_ok=True)
    FIGURES.write_text("\n".join(lines) + "\n")
    print("\n" + "\n".join(lines))


# ----- the tests ----------------------------------------------------------------------------------------------
# The drill check comes first: the page's storage (where drills keep progress) is still empty then;
# the notebooks' drills write to it.
#: A drill answered once, wrong, in the browser's Python: where its progress is kept, and what it says.
PROGRESS_CELL = """# test_lite: drill progress, run RUN (once)
%pip install cardwidgets
import json, sqlite3  # Pyodide loads sqlite3 when a cell imports it
from cardwidgets import Drill
from cardwidgets.drills.progress import progress_path
d = Drill("nimby-exchange", seed=3)
if d.mastery.get("answered", 0) == 0:
    d.answer(next(i for i, c in enumerate(d.item.choices) if not c.correct))
print("PROGRESS", json.dumps({"path": str(progress_path()), "mastery": d.mastery, "number": d.question["number"],
                              "fresh": "restarted" not in globals()}))
restarted = False"""


def restart_kernel(page: Page) -> None:
    """Kernel → Restart Kernel…, accept, and wait until the new kernel is idle (its old names are gone)."""
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.locator("li[data-command='kernelmenu:restart']").click()
    accept = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
    accept.wait_for(timeout=30_000)
    accept.click()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    indicator = page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']")
    indicator.wait_for(timeout=120_000)


def progress_of(page: Page, run: int) -> dict[str, Any]:
    """Run the progress cell again (a new cell at the end, its first line unique: ``run``) and read what it printed."""
    code = PROGRESS_CELL.replace("RUN", str(run))
    return json.loads(run_new_cell(page, code, "PROGRESS").split("PROGRESS", 1)[1])


#: What a kernel restored from the snapshot must have as a plain start gives it: this browser's time zone
#: and language, not the build machine's program name, the working directory first on the path once, none
#: of the snapshot's names in the learner's namespace, and random numbers of its own (``DRAW``: its first
#: draw after start, the same in two restored kernels if the snapshot's random state were kept).
SNAPSHOT_CELL = """# test_lite: a kernel restored from its snapshot, RUN
import json, locale, os, sys, time
found = {name: getattr(time, name) for name in ("timezone", "altzone", "daylight", "tzname")}
found["path"] = sys.path[:2]
found["cwd"] = os.getcwd()
found["environment"] = {name: os.environ.get(name) for name in ("LANG", "_", "HOME")}
found["environment"]["LC_CTYPE"] = locale.setlocale(locale.LC_CTYPE)
found["executable"] = sys.executable
found["runtime"] = sys._emscripten_info.runtime
found["names"] = sorted(set(globals()) & {"IPython", "micropip", "jedi", "binascii", "_mocks", "zone_name", "held",
                                          "zipfile", "gc"})
found["draw"] = DRAW
found["imported"] = all(name in sys.modules for name in ("IPython", "jedi", "pyodide_kernel", "piplite.piplite"))
print("SNAPSHOT", json.dumps(found))"""
#: The first random draw of a kernel, made as its first cell runs: nothing else has drawn yet.
FIRST_DRAW_CODE = "import random as _random\nDRAW = _random.random()\ndel _random"


def is_the_snapshot(url: str) -> bool:
    """The kernel's snapshot, at whichever version's address (``kernel.snapshot.gz?v=…``)."""
    return urlparse(url).path.endswith("/kernel.snapshot.gz")


def snapshot_facts(page: Page, run: str) -> dict[str, Any]:
    """Draw the kernel's first random number, then run ``SNAPSHOT_CELL`` and read what it printed."""
    assert page.evaluate(_EXECUTE_JS, FIRST_DRAW_CODE) == "ok"
    return json.loads(run_new_cell(page, SNAPSHOT_CELL.replace("RUN", run), "SNAPSHOT").split("SNAPSHOT", 1)[1])


def test_a_kernel_from_the_snapshot_is_the_learners_own(lite_page, offline_browser, visit):
    """Restored from the build's memory snapshot, the kernel still has this browser's time zone, a random
    state of its own, the drive as working directory, and a clean namespace; a damaged snapshot falls back
    to a plain start, which says why in the console."""
    page = visit.page
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    restart_kernel(page)  # a kernel that has run nothing yet: its first random draw is the start's own
    first = snapshot_facts(page, "first")
    assert {name: first[name] for name in TIME_ZONE_CONSTANTS} == TIME_ZONE_CONSTANTS, first
    assert first["path"][0] == "", first  # the working directory first, once
    assert first["path"][1] != "", first
    assert first["cwd"].startswith("/drive"), first
    assert first["names"] == [], first
    assert first["imported"], first
    assert sum(RESTORED in text for text in console) == 1, console

    restart_kernel(page)
    second = snapshot_facts(page, "second")
    assert sum(RESTORED in text for text in console) == 2, console
    assert second["draw"] != first["draw"], (first, second)  # each start seeds its own random numbers

    # A damaged snapshot: the kernel starts the plain way, and says why.
    visit.context.route(is_the_snapshot, lambda route: route.fulfill(status=200, body=b"not a snapshot"))
    try:
        restart_kernel(page)
        plain = snapshot_facts(page, "plain")
    finally:
        visit.context.unroute(is_the_snapshot)
    assert any(NOT_RESTORED in text for text in console), console
    assert {name: plain[name] for name in TIME_ZONE_CONSTANTS} == TIME_ZONE_CONSTANTS, plain
    assert plain["path"] == first["path"], plain
    assert first["environment"] == plain["environment"], (first, plain)  # not the build machine's
    assert first["executable"] == plain["executable"], (first, plain)
    assert first["runtime"] == plain["runtime"], (first, plain)  # the browser, not Node.js
    assert plain["names"] == [], plain
    assert plain["imported"], plain
    assert_stayed_local(visit, offline_browser.proxy)


def test_a_snapshot_that_would_hold_an_open_file_is_refused(lite_site, tmp_path, monkeypatch):
    """A file open in the snapshot's Python would name a descriptor the restored Python lacks: the build stops."""
    build = importlib.util.spec_from_file_location("lite_snapshot", REPO / "lite" / "snapshot.py")
    snapshot = importlib.util.module_from_spec(build)
    monkeypatch.setitem(sys.modules, "lite_snapshot", snapshot)  # its dataclass looks its module up
    build.loader.exec_module(snapshot)
    config = json.loads((lite_site.path / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    prelude = snapshot.KERNEL_PRELUDE + "\nimport builtins\nbuiltins.kept = open('/tmp/kept.txt', 'w')\n"
    result = subprocess.run(
        ["node", snapshot.MAKER, f"{lite_site.path / 'static' / 'pyodide'}/",
         json.dumps(kernel["loadPyodideOptions"]["packages"]), prelude, tmp_path / "kernel.snapshot"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode != 0
    assert "files open in the snapshot's Python: <_io.TextIOWrapper name='/tmp/kept.txt'" in result.stderr
    assert not (tmp_path / "kernel.snapshot").exists()


def test_drill_progress_survives_a_kernel_restart(lite_page, offline_browser, visit):
    """In JupyterLite the progress file lives in the browser's storage (/drive) and outlives the kernel."""
    page = visit.page
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    before = progress_of(page, 0)
    assert before["path"] == "/drive/.cardwidgets/progress.sqlite", before
    assert before["mastery"]["notice"] == "", before  # sqlite3 loaded, the file written
    assert (before["mastery"]["answered"], before["mastery"]["right"], before["number"]) == (1, 0, 1), before
    assert before["mastery"]["rating"] < 1500, before  # glicko2 and fsrs installed with cardwidgets, and used

    restart_kernel(page)
    deadline = time.monotonic() + 120
    run = 1
    after = progress_of(page, run)
    while not after["fresh"] and time.monotonic() < deadline:  # the old kernel answered: the restart is not over
        run += 1
        after = progress_of(page, run)
    assert after["fresh"], "the kernel never restarted"
    assert after["mastery"]["answered"] == 1, after  # kept across the restart, read back from the browser's storage
    assert after["mastery"]["rating"] == before["mastery"]["rating"], after  # the rating is kept too
    assert after["number"] == 2, after  # and the topic goes on with its next question
    assert_stayed_local(visit, offline_browser.proxy)


#: The kernel's modules came with their bytecode (lite/selfhost.py, PY_COMPILE): the browser did not compile them.
BYTECODE_CELL = """# test_lite: bytecode in the wheels
import json, os, sys
names = ("IPython.core.interactiveshell", "pyodide_kernel", "cardwidgets.widgets.table")
print("PYC", json.dumps({name: os.path.isfile(sys.modules[name].__spec__.cached) for name in names}))"""


#: Drill answers in the browser's Python, and where the learner stands then: the topic, the rating in the game.
RELOAD_CELL = """# test_lite: progress across a page load, RUN
%pip install cardwidgets
import json
from cardwidgets import Drill
from cardwidgets.drills.rating import LEARNER
from cardwidgets.widgets.drill import shared_progress
d = Drill("nimby-higher-card", seed=7)
for _ in range(ANSWERS):
    d.answer(next(i for i, c in enumerate(d.item.choices) if c.correct))
    d.next()
d.answer(next(i for i, c in enumerate(d.item.choices) if not c.correct)) if ANSWERS else None
learner = shared_progress().rating(LEARNER, "nimby")
print("RELOAD", json.dumps({"mastery": d.mastery, "number": d.question["number"], "learner": learner.rating,
                            "games": learner.attempts, "table": str(Drill.progress("nimby"))}))"""
#: The browser's store damaged under the learner: set aside with one message, the drill goes on; then the
#: progress exported before it is imported back.
DAMAGED_CELL = """# test_lite: a damaged store in the browser
import json
from cardwidgets import Drill
from cardwidgets.drills.progress import Progress, progress_path
path = progress_path()
path.write_bytes(b"damaged " * 500)
fresh = Drill("nimby-higher-card", seed=8, store=Progress(), locale="ru")
fresh.answer(0)
found = {"notice": fresh.mastery["notice"], "answered": fresh.mastery["answered"],
         "aside": sorted(p.name for p in path.parent.glob("progress.sqlite.bad-*"))}
kept = Drill.import_progress("my-progress.sqlite")
found["imported"] = Drill("nimby-higher-card", seed=7).mastery["answered"]
found["kept"] = kept.name
print("DAMAGED", json.dumps(found, ensure_ascii=False))"""


def reload_cell(page: Page, run: str, answers: int) -> dict[str, Any]:
    """Run ``RELOAD_CELL`` in a new cell (answering ``answers`` questions right, then one wrong) and read it."""
    code = RELOAD_CELL.replace("RUN", run).replace("ANSWERS", str(answers))
    return json.loads(run_new_cell(page, code, "RELOAD").split("RELOAD", 1)[1])


def test_drill_progress_survives_a_page_reload(lite_page, offline_browser, visit):
    """Answers kept in the browser's storage (IndexedDB, through /drive) are there when the page loads again.

    Loading the page again ends its kernel: the checks after this one share the new page's kernel. Then the
    store is damaged under the learner (set aside, one message, the drill goes on) and the progress exported
    before is imported back.
    """
    page = visit.page
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    before = reload_cell(page, "before", 3)
    assert before["mastery"]["notice"] == "", before
    assert (before["mastery"]["answered"], before["mastery"]["right"]) == (4, 3), before
    assert before["games"] >= 4, before  # the learner's rating in the game counts these answers
    assert "this browser's storage for this site" in before["table"], before["table"]
    exported = run_new_cell(page, "# test_lite: export\nprint('EXPORTED', Drill.export_progress('my-progress.sqlite'))",
                            "EXPORTED")
    assert "my-progress.sqlite" in exported
    listed = page.evaluate(
        "async () => (await window.jupyterapp.serviceManager.contents.get('my-progress.sqlite', {content: false})).name"
    )
    assert listed == "my-progress.sqlite"  # in the file browser, to download

    reload_s = open_notebook(page, visit.server, "00-start-here")  # the page loaded again: a new kernel
    page.wait_for_function(_KERNEL_IDLE_JS, arg="00-start-here.ipynb", timeout=120_000)
    lite_page.kernel_id = page.evaluate(_KERNEL_ID_JS)
    after = reload_cell(page, "after", 0)
    assert after["mastery"]["notice"] == "", after
    for key in ("answered", "right", "rating", "topic_rating"):
        assert after["mastery"][key] == before["mastery"][key], (key, before, after)
    assert (after["learner"], after["games"]) == (before["learner"], before["games"]), (before, after)
    assert after["number"] == before["number"] + 1, (before, after)  # the topic goes on after the last answered

    damaged = json.loads(run_new_cell(page, DAMAGED_CELL, "DAMAGED").split("DAMAGED", 1)[1])
    assert "повреждён" in damaged["notice"], damaged
    assert damaged["answered"] == 1, damaged  # the drill went on, on a new store
    assert len(damaged["aside"]) == 1, damaged  # the damaged file kept, under a name of its own
    assert damaged["imported"] == before["mastery"]["answered"], damaged
    assert damaged["kept"].startswith("progress.sqlite.before-import-"), damaged
    assert_stayed_local(visit, offline_browser.proxy)
    print(f"\nthe page loaded again: its new kernel ready in {reload_s:.1f} s, the progress read back from IndexedDB")


#: A drill answered (``ANSWERS`` right answers, each in a cell of its own as a learner clicks: the browser answers
#: the store's question about room between them) and what it says; ``size``: the progress file's bytes.
FULL_CELL = """# test_lite: the browser's storage full, RUN
%pip install cardwidgets
import json
from cardwidgets import Drill
from cardwidgets.drills.progress import progress_path
d = Drill("nimby-higher-card", seed=9, locale="ru")
for _ in range(ANSWERS):
    d.answer(next(i for i, c in enumerate(d.item.choices) if c.correct))
    d.next()
print("FULL", json.dumps({"notice": d.mastery["notice"], "answered": d.mastery["answered"],
                          "size": len(progress_path().read_bytes())}, ensure_ascii=False))"""
#: The kernel's worker told that the site's storage is all but full (``FULL``), or the browser's own answer again.
#: (Chromium's DevTools quota override does not reach a fresh, in-memory browser context.)
FAKE_FULL_CELL = """# test_lite: the browser's storage, FULL
from pyodide.code import run_js
run_js("if (FULL) { navigator.storage.estimate = async () => ({usage: 1000, quota: 2000}); }"
       + " else { delete navigator.storage.estimate; }")
print("STORAGE", "set")"""


def full_cell(page: Page, run: str, answers: int) -> dict[str, Any]:
    """Run ``FULL_CELL`` in a new cell and read what it printed."""
    code = FULL_CELL.replace("RUN", run).replace("ANSWERS", str(answers))
    return json.loads(run_new_cell(page, code, "FULL").split("FULL", 1)[1])


def test_a_full_browser_storage_is_said_and_the_drill_goes_on(lite_page, offline_browser, visit):
    """The browser says the site's storage is all but full: one message, no write, the drill goes on; with room
    again, every answer is written.

    A write IndexedDB has no room for is never answered by JupyterLite's page (the kernel would wait for ever):
    the store asks the browser (``navigator.storage.estimate``) how much room is left, and does not make a
    write that would not fit. Here the worker's answer is made small; the question and its answer are real.
    """
    page = visit.page
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    first = full_cell(page, "first", 1)
    room = "from cardwidgets.widgets.drill import shared_progress\nprint('ROOM', shared_progress()._room)"
    known = run_new_cell(page, "# test_lite: the room the browser gave\n" + room, "ROOM")
    assert int(known.split("ROOM", 1)[1]) > 10 * first["size"], known  # the browser's answer reached the store
    run_new_cell(page, FAKE_FULL_CELL.replace("FULL", "true"), "STORAGE set")
    try:
        full_cell(page, "look", 0)  # the store reads, and asks the browser how much room is left
        full = full_cell(page, "full", 1)
        full = full_cell(page, "full again", 1)
    finally:
        run_new_cell(page, FAKE_FULL_CELL.replace("FULL", "false"), "STORAGE set")
    assert "хранилище этого браузера" in full["notice"], full
    assert full["answered"] == first["answered"] + 2, full  # the drill went on
    full_cell(page, "room again", 0)
    again = full_cell(page, "written", 1)
    assert again["notice"] == "", again
    count = "from cardwidgets.drills.progress import Progress\nprint('KEPT', Progress().topic('nimby-higher-card'))"
    kept = run_new_cell(page, "# test_lite: what the storage holds\n" + count, "KEPT")
    assert f"answered={again['answered']}," in kept, kept  # a new store reads every answer from the drive
    assert_stayed_local(visit, offline_browser.proxy)


def test_start_here_plays_a_card_offline(lite_site, lite_page, offline_browser, visit):
    page = visit.page
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    run_all_s = run_all(page)
    assert not error_outputs(page), error_outputs(page)

    table = page.locator(".jp-CodeCell").filter(has_text='cw.Table("nimby"').locator(".cw-table")
    expect(table).to_have_count(1)
    page.wait_for_function(_LEARNERS_TURN_JS, arg=table.element_handle(), timeout=60_000)
    # The Hint runs the search bot in the browser's Python; then the learner plays a legal card (or action).
    hint_started = time.monotonic()
    table.locator('button[data-command="hint"]').click()
    expect(table.locator(".cw-hint-text")).to_contain_text("💡", timeout=KERNEL_ANSWER_MS)  # the kernel's hint
    hint_s = time.monotonic() - hint_started
    # The bots' moves of the notebook's cell may still be animated (the hint shows once they are over).
    page.wait_for_function(_LEARNERS_TURN_JS, arg=table.element_handle(), timeout=60_000)
    phase = table.get_attribute("data-phase")
    first = table.evaluate(_FIRST_CONTROL_JS)
    assert first, "the learner's turn, but no legal card and no action button"
    if "card" in first:
        action = f"play {first['card']}"
        table.locator(f'.cw-hand .cw-card.cw-legal[data-card="{first["card"]}"]').click()
        expect(table.locator(f'.cw-hand .cw-card[data-card="{first["card"]}"]')).to_have_count(
            0, timeout=KERNEL_ANSWER_MS
        )
    else:
        action = first["action"]
        table.locator(f'button[data-action="{action}"]').click()
        expect(table.locator(f'button[data-action="{action}"]')).to_have_count(0, timeout=KERNEL_ANSWER_MS)

    # The click went to the Python kernel in the page, and its engine took the action.
    code = "# test_lite: the kernel's history\nimport json\nprint('HISTORY', json.dumps(table.state.history))"
    history = json.loads(run_new_cell(page, code, "HISTORY").split("HISTORY", 1)[1])
    assert action in history, (action, history)
    if action.startswith("play "):
        assert history.count(action) == 1
    page.wait_for_function(_LEARNERS_TURN_JS, arg=table.element_handle(), timeout=60_000)  # the bots have played
    assert not widgets_showing_undefined(page), widgets_showing_undefined(page)
    bytecode = json.loads(run_new_cell(page, BYTECODE_CELL, "PYC").split("PYC", 1)[1])
    assert all(bytecode.values()), bytecode
    cell = DOUBLE_DUMMY_CELL.replace("TRICK_2_DEALS", str(TRICK_2_DEALS))
    wait_ms = KERNEL_ANSWER_MS + TRICK_2_DEALS * 60_000
    answer = json.loads(run_new_cell(page, cell, "DD", wait_ms).split("DD", 1)[1])
    solves = answer["times"]
    assert answer["engines"] == ["wasm"], answer  # nestors.wasm ran in the browser's WebAssembly
    table.screenshot(path=ARTIFACTS / "lite-00-start-here-table.png")

    assert_stayed_local(visit, offline_browser.proxy)
    site = f"{lite_site.size_mb:.1f} MB, built in {lite_site.build_s:.1f} s"
    ready = f"kernel '{KERNEL_NAME}' ready {lite_page.kernel_ready_s:.1f} s after opening the page"
    save_figures([
        f"JupyterLite site (lite/build.py --self-host-pyodide): {site}",
        f"00-start-here: {ready} (fresh browser cache, site on 127.0.0.1)",
        f"00-start-here: Run All {run_all_s:.1f} s; Hint (search bot) {hint_s:.1f} s",
        f"00-start-here: the learner did '{action}' in phase '{phase}'; the kernel's history has it",
        *(f"double_dummy in the browser's Python, {game}: {len(times)} random deals, "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
          for game, times in solves.items()),
        (f"the compiled Nestors core loaded in the browser's WebAssembly in {answer['load_s'] * 1000:.0f} ms "
         f"({'a shared' if answer['shared'] else 'an unshared'} memory)"),
        "requests for hosts other than 127.0.0.1: 0",
    ])


@pytest.mark.parametrize("name", OTHER_NOTEBOOKS)
def test_notebook_runs_offline(name, lite_page, offline_browser, visit):
    page = visit.page
    open_on_shared_kernel(page, name, lite_page.kernel_id)
    run_all(page)
    assert not error_outputs(page), error_outputs(page)
    page.wait_for_function(_WIDGETS_SETTLED_JS, timeout=60_000)  # the tables' bots finish their moves
    assert not widgets_showing_undefined(page), widgets_showing_undefined(page)
    assert_stayed_local(visit, offline_browser.proxy)


# ----- deal links: made in Python, opened in the offline site ----------------------------------------------------
#: The deal the link carries: a whole Nestors deal of the notebooks' records, opened at this step as this seat.
LINK_RECORD = REPO / "notebooks" / "records" / "nestors" / "nes8-made.json"
LINK_STEP, LINK_SEAT = 20, 1
#: Where the site's pages keep a deal link's fragment (lite/build.py, LINK_KEEPER; js/link/index.ts).
KEPT = "cardwidgets-deal-link"
#: The replay open.ipynb shows, as the kernel has it: the same text ``HandReplay.text()`` gives here.
OPENED_CELL = """# test_lite: the deal link's replay
import json
print("OPENED", json.dumps({"error": opener.error, "step": opener.replay and opener.replay.step,
                            "seat": opener.replay and opener.replay.seat,
                            "text": opener.replay and opener.replay.text()}))"""
#: A cut link in the same page: one sentence in the learner's language, no replay.
BAD_LINK_CELL = """# test_lite: a cut deal link
from cardwidgets.widgets.deal_link import open_link
bad = open_link(locale="ru")
bad"""


def test_a_deal_link_opens_at_its_step_offline(lite_site, lite_page, offline_browser, visit):
    from cardwidgets import HandReplay

    link = HandReplay(LINK_RECORD).link(step=LINK_STEP, seat=LINK_SEAT)
    assert link.startswith("lab/index.html?path=open.ipynb#deal=1."), link
    expected = HandReplay.from_link(link).text()
    fragment = "#" + link.split("#", 1)[1]

    # The link as a learner opens it: JupyterLite drops the fragment as it opens the notebook, the page kept it.
    # (A page of its own, closed before its kernel matters: the checks share the first page's kernel.)
    opening = visit.context.new_page()
    try:
        opening.goto(f"{visit.server.base}/{link}")
        opening.wait_for_function("(key) => !!window.sessionStorage.getItem(key)", arg=KEPT, timeout=30_000)
        kept = opening.evaluate("(key) => window.sessionStorage.getItem(key)", KEPT)
    finally:
        opening.close()
    assert kept == fragment

    page = visit.page
    page.evaluate("([key, value]) => window.sessionStorage.setItem(key, value)", [KEPT, kept])  # this tab's own
    open_on_shared_kernel(page, "open", lite_page.kernel_id)
    run_all(page)
    assert not error_outputs(page), error_outputs(page)
    replay = page.locator(".jp-CodeCell").filter(has_text="opener = open_link()").locator(".cw-replay")
    expect(replay).to_have_attribute("data-step", str(LINK_STEP), timeout=KERNEL_ANSWER_MS)
    expect(replay).to_have_attribute("data-seat", str(LINK_SEAT))
    expect(replay.locator('button[data-command="reveal"]')).to_have_count(1)  # a seat's view, Reveal available
    expect(replay.locator(".cw-status")).to_contain_text(f"{LINK_STEP}")
    opened = json.loads(run_new_cell(page, OPENED_CELL, "OPENED").split("OPENED", 1)[1])
    assert opened == {"error": "", "step": LINK_STEP, "seat": LINK_SEAT, "text": expected}, opened
    replay.screenshot(path=ARTIFACTS / "lite-deal-link.png")

    replay.locator('button[data-command="reveal"]').click()  # then Share gives the link back, whole
    share = replay.locator('button[data-command="share"]')
    share.click()
    shared = replay.locator(".cw-share-link").input_value()
    assert shared == f"{visit.server.base}/{link}", shared

    page.evaluate("([key, value]) => window.sessionStorage.setItem(key, value)", [KEPT, kept[:-60]])
    output = run_new_cell(page, BAD_LINK_CELL, "ссылка на сдачу повреждена")
    assert "Traceback" not in output
    assert_stayed_local(visit, offline_browser.proxy)


# ----- a puzzle played by clicks in the browser's Python ------------------------------------------------------
#: The shipped Nimby puzzle tests/browser/test_puzzle_clicks.py plays in JupyterLab, here in Russian on the Lite kernel
#: (read from the site's wheel, and named: a seed alone would pick by the set's calibrated ratings).
PUZZLE_CELL = """# test_lite: a puzzle in Russian
from cardwidgets import Puzzle
from cardwidgets.drills.progress import Progress
from cardwidgets.puzzles.shipped import shipped
chosen = [p for p in shipped("nimby") if p.id == "nimby-0-319-18"]
puzzle = Puzzle("nimby", puzzles=chosen, seed=23, pace=0, progress=Progress(False), locale="ru")
print("PUZZLE", puzzle.puzzle_id)
display(puzzle)"""
#: The learner may play ``card``: nothing is animating and the card is marked legal in the hand.
_CARD_LEGAL_JS = """([root, card]) => root.dataset.animating === 'false'
  && root.querySelector(`.cw-hand .cw-card.cw-legal[data-card="${card}"]`) !== null"""


def test_a_puzzle_is_played_by_clicks_offline_in_russian(lite_page, offline_browser, visit):
    """The shipped puzzles are in the site's wheel; a wrong card, the right one, then the last: *Решено* and the
    rating's move, each verdict the browser's Python's answer to a click."""
    page = visit.page
    open_on_shared_kernel(page, "00-start-here", lite_page.kernel_id)
    printed = run_new_cell(page, PUZZLE_CELL, "PUZZLE")
    puzzle_id = printed.split()[1]
    assert puzzle_id == "nimby-0-319-18", printed
    table = page.locator(".jp-CodeCell").filter(has_text="# test_lite: a puzzle in Russian").locator(".cw-table")
    expect(table).to_have_count(1)
    feedback = table.locator(".cw-feedback")
    expect(feedback).to_have_attribute("data-verdict", "task", timeout=KERNEL_ANSWER_MS)

    def click_when_my_turn(card: str) -> None:
        page.wait_for_function(_CARD_LEGAL_JS, arg=[table.element_handle(), card], timeout=KERNEL_ANSWER_MS)
        table.locator(f'.cw-hand .cw-card[data-card="{card}"]').click()

    click_when_my_turn("2S")
    expect(feedback).to_have_attribute("data-verdict", "wrong", timeout=KERNEL_ANSWER_MS)
    expect(feedback).to_contain_text("Не этот ход: Сыграть 2♠ стоит")
    expect(feedback).to_contain_text("Попробуйте ещё раз.")
    click_when_my_turn("6H")
    expect(feedback).to_have_attribute("data-verdict", "right", timeout=KERNEL_ANSWER_MS)
    expect(feedback).to_contain_text("Верно")
    click_when_my_turn("2S")
    expect(feedback).to_have_attribute("data-verdict", "solved", timeout=KERNEL_ANSWER_MS)
    expect(feedback).to_contain_text("Решено")
    expect(feedback).to_contain_text("Ваш рейтинг: 1500 → ")  # the miss counted: the rating moved
    rating = "# test_lite: the puzzle rating\nprint('RATING', round(puzzle._store_rating('learner', 'nimby').rating))"
    assert int(run_new_cell(page, rating, "RATING").split()[1]) < 1500
    table.screenshot(path=ARTIFACTS / "lite-puzzle.png")
    assert_stayed_local(visit, offline_browser.proxy)


# ----- a deal link round trip: Share in JupyterLab, opened in the offline site -----------------------------------
SHARED_REPLAY = "# test_lite: a replay to share"


def kept_fragment(visit: Visit, link: str) -> str:
    """Open ``link`` on the site in a page of its own, as a learner does, and return the fragment the page kept.

    (JupyterLite drops the fragment as it opens the notebook; the page keeps it for open.ipynb. The page is closed
    before its kernel matters: the checks share the first page's kernel.)
    """
    opening = visit.context.new_page()
    try:
        opening.goto(f"{visit.server.base}/{link}")
        opening.wait_for_function("(key) => !!window.sessionStorage.getItem(key)", arg=KEPT, timeout=30_000)
        return opening.evaluate("(key) => window.sessionStorage.getItem(key)", KEPT)
    finally:
        opening.close()


def test_a_link_shared_in_jupyterlab_opens_the_same_position_offline(notebook, lite_page, offline_browser, visit):
    """Share on a replay in JupyterLab (a server) at step 18 gives the link; the offline site opens it at step 18,
    and both tables show the same text."""
    cell = f"{SHARED_REPLAY}\nfrom cardwidgets import HandReplay\nreplay = HandReplay({str(LINK_RECORD)!r}, 17)\nreplay"
    nb = notebook([cell])
    lab = nb.page.locator(".jp-CodeCell").filter(has_text=SHARED_REPLAY).locator(".cw-replay")
    lab.locator('button[data-command="forward"]').click()
    expect(lab).to_have_attribute("data-step", "18")
    lab.locator('button[data-command="share"]').click()
    expect(lab.locator("input.cw-share-link")).to_have_value(re.compile(r"#deal=1\..*&step=18$"))
    link = lab.locator("input.cw-share-link").input_value()
    lab_board = lab.locator(".cw-board").inner_text()
    lab_seat = lab.get_attribute("data-seat")
    lab_text = nb.kernel_json("replay.text()")

    kept = kept_fragment(visit, link)
    assert kept == "#" + link.split("#", 1)[1]
    page = visit.page
    page.evaluate("([key, value]) => window.sessionStorage.setItem(key, value)", [KEPT, kept])  # this tab's own
    open_on_shared_kernel(page, "open", lite_page.kernel_id)
    run_all(page)
    assert not error_outputs(page), error_outputs(page)
    lite = page.locator(".jp-CodeCell").filter(has_text="opener = open_link()").locator(".cw-replay")
    expect(lite).to_have_attribute("data-step", "18", timeout=KERNEL_ANSWER_MS)
    if lab_seat is not None:
        expect(lite).to_have_attribute("data-seat", lab_seat)
    assert lite.locator(".cw-board").inner_text() == lab_board  # the same position, as the learner sees it
    opened = json.loads(run_new_cell(page, OPENED_CELL, "OPENED").split("OPENED", 1)[1])
    assert (opened["error"], opened["step"], opened["text"]) == ("", 18, lab_text), opened
    assert_stayed_local(visit, offline_browser.proxy)
