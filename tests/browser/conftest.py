"""Real-browser harness: Jupyter servers, generated notebooks, Playwright on the system Chromium.

pytest starts JupyterLab and Notebook 7 itself (127.0.0.1, all Jupyter state in
temporary directories), writes notebooks with nbformat into the server's root,
opens them in Chromium through pytest-playwright, runs them, and inspects both
sides: the kernel (a second kernel client through the connection file) and what
the browser received (the widget manager's models and every comm message).

Speed: one JupyterLab page serves test after test (``page``: each test's notebook opens in the JupyterLab
already loaded, the previous one closed; a failed test's page is replaced), and each notebook gets a kernel
started while the previous test ran (``JupyterServer.give_spare_kernel``). ``make test`` runs these tests
on one pytest-xdist worker, in order (``tests/conftest.py``), the Lite tests beside them on the other.

Run: ``python -m pytest tests/browser -q`` (part of the normal ``python -m pytest`` run); screenshots,
one per test, land in ``tests/browser/artifacts/`` (gitignored). Recipe and pitfalls:
``/work/shared/browser-testing.md``.

Missing browser policy (one place: ``browser_stack``): when Chromium or a
package of the Jupyter/Playwright stack is missing the browser tests are
skipped, with the reason; with ``CARDWIDGETS_REQUIRE_BROWSER=1`` they fail.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page

HERE = Path(__file__).parent
ARTIFACTS = HERE / "artifacts"
TOKEN = "cw-test-token"
REQUIRE_ENV = "CARDWIDGETS_REQUIRE_BROWSER"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: Python modules the browser tests need, with the package that provides each.
REQUIRED_MODULES = {
    "jupyterlab": "jupyterlab",
    "notebook": "notebook",
    "playwright": "playwright",
    "pytest_playwright": "pytest-playwright",
    "jupyter_client": "jupyter_client",
    "ipykernel": "ipykernel",
    "nbformat": "nbformat",
    "anywidget": "anywidget",
}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: What a Jupyter server's log must never hold: a Python traceback, an exception line
#: (Python's or Node's, e.g. the "Fail to get yarn configuration" dump ending in
#: ``Error: Dynamic require of "util" is not supported``), or a line logged at error level.
LOG_PROBLEM = re.compile(r"Traceback \(most recent call last\)|^\w*(Error|Exception): |^\[E |Fail to get yarn", re.M)
UIS = ("lab", "notebook")


# ----- missing browser policy ----------------------------------------------------------
def missing_requirements() -> list[str]:
    """What the browser tests need but this machine lacks (empty when all is there)."""
    missing = []
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        missing.append(f"Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)")
    missing += [
        f"the Python package {package}"
        for module, package in REQUIRED_MODULES.items()
        if importlib.util.find_spec(module) is None
    ]
    return missing


@pytest.fixture(scope="session", autouse=True)
def browser_stack() -> None:
    """Skip the browser tests when the stack is incomplete, or fail if ``CARDWIDGETS_REQUIRE_BROWSER=1``."""
    missing = missing_requirements()
    if not missing:
        return
    reason = "browser tests need " + "; ".join(missing)
    if any("package" in item for item in missing):
        reason += ' (pip install -e ".[test,lab]")'
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}; {REQUIRE_ENV}=1 makes a missing browser an error", pytrace=False)
    pytest.skip(f"{reason}; set {REQUIRE_ENV}=1 to fail instead of skipping")


# ----- pytest-playwright: the system Chromium ----------------------------------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (never a downloaded browser)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A viewport large enough for the whole card table."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item, so a fixture's teardown knows whether the test failed."""
    report = yield
    setattr(item, f"cw_report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def reused_context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """One browser context for the session: its page is handed from test to test (see ``page``)."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@pytest.fixture
def page(
    request: pytest.FixtureRequest, reused_context: BrowserContext, browser_context_args: dict[str, Any]
) -> Iterator[Page]:
    """The session's page, reused: a JupyterLab already loaded opens the next test's notebook without a reload.

    Loading JupyterLab is most of a browser test's time. What a test may change is put back afterwards
    (routes, viewport); after a failed test the page is closed and the next test gets a fresh one.
    """
    pages = [page for page in reused_context.pages if not page.is_closed()]
    page = pages[0] if pages else reused_context.new_page()
    yield page
    if any(getattr(getattr(request.node, f"cw_report_{when}", None), "failed", False) for when in ("setup", "call")):
        page.close()
        return
    page.unroute_all(behavior="ignoreErrors")
    page.set_viewport_size(browser_context_args["viewport"])
    if not page.evaluate(_IS_LAB_JS):
        page.goto("about:blank")  # a page left elsewhere (Notebook 7, Voila) would go on calling its stopped kernel


if importlib.util.find_spec("pytest_playwright") is None:

    @pytest.fixture
    def page() -> None:
        """Stand-in so tests resolve their fixtures; ``browser_stack`` has skipped or failed them already."""
        pytest.fail("pytest-playwright is not installed")


# ----- Jupyter servers -----------------------------------------------------------------------
def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM if pytest dies (pitfall 7)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def http(method: str, url: str, timeout: float = 5.0, body: Any = None) -> tuple[int, Any]:
    """A plain HTTP request (``body`` sent as JSON): status and body (parsed when it is JSON)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as resp:
        body = resp.read()
        if "json" in resp.headers.get("Content-Type", "") and body:
            return resp.status, json.loads(body)
        return resp.status, body


class JupyterServer:
    """A JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``) server with isolated state."""

    def __init__(self, app: str, tmp: Path) -> None:
        self.app = app
        self.root_dir = tmp / "root"
        self.root_dir.mkdir(parents=True, exist_ok=True)
        self.runtime_dir = tmp / "runtime"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"{app}-server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.spare: threading.Thread | None = None  # starting the next notebook's kernel (give_spare_kernel)
        self.spare_id: str | None = None
        self.env = {
            **os.environ,  # pitfall 6: isolate ALL Jupyter state; kernels inherit this environment
            "JUPYTER_CONFIG_DIR": str(tmp / "config"),
            "JUPYTER_RUNTIME_DIR": str(self.runtime_dir),
            "JUPYTERLAB_SETTINGS_DIR": str(tmp / "lab-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "lab-workspaces"),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",
            "JUPYTER_DATA_DIR": str(tmp / "data"),  # where a Drill keeps the learner's progress
        }
        self.env.pop("ANYWIDGET_HMR", None)
        self.env.pop("CARDWIDGETS_PROGRESS", None)  # in memory elsewhere (conftest.py): a file here
        # pitfall 4: no "Jupyter news?" toast over the notebook
        settings = tmp / "lab-settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True, exist_ok=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        args = [
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}",
            f"--ServerApp.root_dir={self.root_dir}",
        ]
        if os.geteuid() == 0:
            args.append("--allow-root")  # pitfall 1
        if app == "lab":
            args += [
                "--LabApp.expose_app_in_browser=True",  # -> window.jupyterapp
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
            ]
        else:
            args.append("--JupyterNotebookApp.expose_app_in_browser=True")
        self.cmd = [sys.executable, "-m", "jupyter", app, *args]

    def start(self, timeout: float = 60.0) -> JupyterServer:
        """Start the server and wait until its REST API answers."""
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            self.cmd,
            cwd=self.root_dir,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,  # noqa: PLW1509 (only sets the parent-death signal)
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter {self.app} exited:\n{self.log_path.read_text()}")
            try:
                if http("GET", f"{self.base}/api/status?token={TOKEN}", 2)[0] == 200:
                    break
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        else:
            self.stop()
            raise TimeoutError(f"jupyter {self.app} did not start:\n{self.log_path.read_text()}")
        try:
            self.check_log()  # a startup error (e.g. JupyterLab's yarn.js read as an ES module) fails at once
        except AssertionError:
            self.stop()
            raise
        return self

    def check_log(self) -> None:
        """Fail with the lines in question if the server's log holds an error or a traceback."""
        log = self.log_path.read_text(encoding="utf-8", errors="replace")
        problems = [line[:300] for line in log.splitlines() if LOG_PROBLEM.search(line)]
        if problems:
            raise AssertionError(f"the jupyter {self.app} log ({self.log_path}) shows errors:\n" + "\n".join(problems))

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """Call the server's REST API; returns the parsed body."""
        return http(method, f"{self.base}{path}?token={TOKEN}", timeout=60, body=body)[1]

    def give_spare_kernel(self, path: str) -> None:
        """Give the notebook ``path`` the kernel started beforehand, and start one for the next notebook.

        A fresh kernel per notebook, started while the previous test ran: the session is made
        here with that kernel, and JupyterLab (or Notebook 7) opening ``path`` joins it instead of starting one.
        The spare kernel runs in the server's root folder: a notebook in a subfolder starts its own, in its folder.
        """
        if "/" in path:
            return
        if self.spare is not None:
            self.spare.join()
            if self.spare_id is not None:
                session = {"path": path, "name": path, "type": "notebook", "kernel": {"id": self.spare_id}}
                self.api("POST", "/api/sessions", session)
        self.spare_id = None
        self.spare = threading.Thread(target=self._start_spare, daemon=True)
        self.spare.start()

    def _start_spare(self) -> None:
        with contextlib.suppress(urllib.error.URLError, OSError):  # then the notebook starts its own kernel
            self.spare_id = self.api("POST", "/api/kernels", {"name": "python3"})["id"]

    def url(self, path: str) -> str:
        """An authenticated URL on this server."""
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={TOKEN}"

    def kernel_id(self, notebook_path: str) -> str:
        """The id of the kernel of the session of ``notebook_path``."""
        sessions = [s for s in self.api("GET", "/api/sessions") if s["path"] == notebook_path]
        assert len(sessions) == 1, f"expected one session for {notebook_path}, found {sessions}"
        return sessions[0]["kernel"]["id"]

    def shutdown_sessions(self, notebook_path: str | None = None) -> None:
        """Delete the sessions (and their kernels) of one notebook, or all (pitfall 7)."""
        for session in self.api("GET", "/api/sessions") or []:
            if notebook_path is None or session["path"] == notebook_path:
                self.api("DELETE", f"/api/sessions/{session['id']}")
        if notebook_path is None:
            for kernel in self.api("GET", "/api/kernels") or []:
                self.api("DELETE", f"/api/kernels/{kernel['id']}")

    def stop(self) -> None:
        """Shut down kernels through the API, then the server."""
        if self.proc is None:
            return
        if self.spare is not None:
            self.spare.join()
        with contextlib.suppress(urllib.error.URLError, OSError):
            self.shutdown_sessions()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


def _server(app: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    server = JupyterServer(app, tmp_path_factory.mktemp(f"jupyter-{app}")).start()
    try:
        yield server
    finally:
        server.stop()
    server.check_log()  # the whole session's log, kernels included: no error, no traceback


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """A JupyterLab server for the whole session."""
    yield from _server("lab", tmp_path_factory)


@pytest.fixture(scope="session")
def jupyter_notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """A Notebook 7 server for the whole session (started only if a test needs it)."""
    yield from _server("notebook", tmp_path_factory)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``tests/browser/artifacts/`` (gitignored): screenshots for CI."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# ----- notebooks ---------------------------------------------------------------------------------
_names = itertools.count(1)


def write_notebook(root: Path, cells: list[str], stem: str) -> str:
    """Write a notebook of code ``cells`` into ``root``; returns its path relative to the root."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    name = f"{next(_names):02d}-{stem}.ipynb"
    nbformat.write(nb, root / name)
    return name


# ----- the browser side -----------------------------------------------------------------------------
_KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const sc = w && w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return !!(sc && sc.isReady && k && k.connectionStatus === 'connected' && k.status === 'idle');
}"""

_IS_CURRENT_JS = """(path) => {
  const w = window.jupyterapp.shell.currentWidget;
  return !!w && !!w.context && w.context.path === path;
}"""

_IS_LAB_JS = "() => !!window.jupyterapp && window.jupyterapp.name === 'JupyterLab'"

# Close the main area's documents without JupyterLab's "save changes?" dialog. A notebook's focus callback
# may still be queued when it goes: it is made a no-op, so it cannot throw into the next test's page.
_CLOSE_DOCUMENTS_JS = """() => {
  for (const widget of Array.from(window.jupyterapp.shell.widgets('main'))) {
    if (widget.context) widget.context.model.dirty = false;
    if (widget.content && widget.content._ensureFocus) widget.content._ensureFocus = () => {};
    widget.dispose();
  }
}"""

# Every comm message the kernel sends to this page, recorded before any widget exists.
_RECORD_COMMS_JS = """() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  window.__cwComms = [];
  kernel.iopubMessage.connect((_, msg) => {
    const type = msg.header.msg_type;
    if (type === 'comm_open' || type === 'comm_msg') {
      window.__cwComms.push({type, comm_id: msg.content.comm_id, data: JSON.parse(JSON.stringify(msg.content.data))});
    }
  });
}"""

# State of Python code cells: executed, running, errors (finds cells by model, never by index).
_CELLS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const errors = [];
  for (const cell of cells) {
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const out = outputs.get(i).toJSON();
      if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
    }
  }
  return {
    done: cells.every(c => c.model.executionCount !== null),
    idle: !!kernel && kernel.status === 'idle',
    errors,
  };
}"""

# The browser-side model of the (last) widget displayed by the cell containing ``marker``.
_MODEL_STATE_JS = """async ([marker, mime]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.widgets.find(c => c.model.sharedModel.getSource().includes(marker));
  if (!cell) throw new Error(`no cell contains ${marker}`);
  let modelId = null;
  const outputs = cell.model.outputs;
  for (let i = 0; i < outputs.length; i++) {
    const view = outputs.get(i).data[mime];
    if (view) modelId = view.model_id;
  }
  if (!modelId) throw new Error(`the cell with ${marker} displays no widget`);
  // The output's widget renderer holds the notebook's widget manager (jupyterlab_widgets).
  const stack = [...cell.outputArea.widgets];
  let delegate = null;
  while (stack.length && !delegate) {
    const w = stack.pop();
    if (w._manager && w._manager.promise) delegate = w._manager;
    else if (w.widgets) stack.push(...w.widgets);
  }
  if (!delegate) throw new Error('no widget renderer found in the cell output');
  const manager = await delegate.promise;
  const model = await manager.get_model(modelId);
  (window.__cwModels = window.__cwModels || {})[marker] = model;  // for wait_model
  const state = model.serialize(model.get_state(false));
  delete state._esm;
  delete state._css;
  return JSON.parse(JSON.stringify(state));
}"""


def wait_app(page: Page, timeout_ms: int = 60_000) -> None:
    """Wait for the app and its kernel specs (pitfall 3: else a "Select Kernel" dialog may hang us)."""
    page.wait_for_function("() => !!window.jupyterapp", timeout=timeout_ms)
    page.wait_for_function("() => window.jupyterapp.serviceManager.kernelspecs.specs !== null", timeout=timeout_ms)
    page.evaluate("async () => { await window.jupyterapp.restored; }")


def run_command(page: Page, command: str, args: dict[str, Any] | None = None) -> None:
    """Fire a JupyterLab command without awaiting it (an awaited dialog would hang ``evaluate``)."""
    page.evaluate("([cmd, args]) => { window.jupyterapp.commands.execute(cmd, args); }", [command, args or {}])


def wait_kernel_ready(page: Page, timeout_s: float = 60) -> None:
    """Wait until the notebook's kernel is connected and idle (accepting a kernel dialog if one shows)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(_KERNEL_READY_JS):
            return
        accept = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
        if accept.count() and accept.first.is_visible():
            accept.first.click()
        page.wait_for_timeout(100)
    raise TimeoutError("the notebook's kernel never became ready")


def open_notebook(page: Page, server: JupyterServer, path: str) -> None:
    """Open ``path`` in JupyterLab or Notebook 7 and wait for its kernel; starts recording comm messages."""
    server.give_spare_kernel(path)
    if server.app == "lab":
        if lab_is_open(page, server):
            close_documents(page)  # the previous test's notebook: its kernel is shut down by its owner
        else:
            page.goto(server.url("/lab?reset"))  # ?reset: do not restore an earlier test's tabs
            wait_app(page)
        page.evaluate("() => { window.__cwComms = []; window.__cwModels = {}; }")
        run_command(page, "docmanager:open", {"path": path})
    else:
        page.goto(server.url(f"/notebooks/{path}"))
        wait_app(page)
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=60_000)
    page.wait_for_function(_IS_CURRENT_JS, arg=path, timeout=60_000)
    wait_kernel_ready(page)
    page.evaluate(_RECORD_COMMS_JS)


def lab_is_open(page: Page, server: JupyterServer) -> bool:
    """Whether ``page`` shows this server's JupyterLab, loaded (so no reload is needed)."""
    return page.url.startswith(f"{server.base}/lab") and bool(page.evaluate(_IS_LAB_JS))


def close_documents(page: Page) -> None:
    """Close every document in JupyterLab's main area at once, unsaved changes discarded (no dialog)."""
    page.evaluate(_CLOSE_DOCUMENTS_JS)


_SHOW_CELL_JS = """async (marker) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex(c => c.model.sharedModel.getSource().includes(marker));
  if (index < 0) throw new Error(`no cell contains ${marker}`);
  await notebook.scrollToItem(index, 'center');
  notebook.widgets[index].node.setAttribute('data-cw-cell', String(index));
  return index;
}"""


def notebook_cell(page: Page, marker: str) -> Locator:
    """The cell (code or markdown) of the open notebook whose source holds ``marker``, scrolled into view.

    Found in JupyterLab's model, not by the page's text: a cell's editor draws only the lines on screen, so a
    cell far down a long notebook may show none of its source until it is scrolled to.
    """
    index = page.evaluate(_SHOW_CELL_JS, marker)
    return page.locator(f'[data-cw-cell="{index}"]')


def run_all_cells(page: Page, timeout_s: float = 60) -> None:
    """Run every cell and wait until all ran and the kernel is idle; fail on an error output."""
    run_command(page, "notebook:run-all-cells")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        status = page.evaluate(_CELLS_JS)
        if status["errors"]:
            raise AssertionError("a notebook cell failed: " + "; ".join(status["errors"]))
        if status["done"] and status["idle"]:
            return
        page.wait_for_timeout(100)
    raise TimeoutError(f"cells still running after {timeout_s} s: {status}")


def kernel_eval(server: JupyterServer, notebook_path: str, code: str, timeout: float = 30) -> str:
    """Run ``code`` in the notebook's kernel through a second client (pitfall 11); returns its stdout."""
    from jupyter_client import BlockingKernelClient

    kid = server.kernel_id(notebook_path)
    client = BlockingKernelClient(connection_file=str(server.runtime_dir / f"kernel-{kid}.json"))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=timeout)
        out: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                out.append("\n".join(msg["content"]["traceback"]))

        reply = client.execute_interactive(code, timeout=timeout, output_hook=hook, allow_stdin=False)
        assert reply["content"]["status"] == "ok", f"kernel_eval failed:\n{''.join(out)}"
        return "".join(out)
    finally:
        client.stop_channels()


def model_state(page: Page, marker: str) -> dict[str, Any]:
    """The widget model state the browser holds for the widget shown by the cell containing ``marker``."""
    return page.evaluate(_MODEL_STATE_JS, [marker, WIDGET_MIME])


def wait_model(page: Page, marker: str, predicate_js: str, arg: Any = None, timeout_ms: int = 30_000) -> None:
    """Wait until ``predicate_js`` (``(model, arg) => bool``) holds for the browser-side model of ``marker``.

    Widget views redraw synchronously in the model's change events, so once this holds the DOM shows it too.
    """
    model_state(page, marker)  # finds the model and caches it in window.__cwModels
    page.wait_for_function(
        f"([marker, arg]) => ({predicate_js})(window.__cwModels[marker], arg)", arg=[marker, arg], timeout=timeout_ms
    )


def received_states(page: Page) -> list[dict[str, Any]]:
    """Every widget state the kernel sent this page since the notebook opened (comm_open and updates)."""
    comms = page.evaluate("() => window.__cwComms || []")
    return [c["data"]["state"] for c in comms if isinstance(c.get("data"), dict) and "state" in c["data"]]


# ----- one open notebook, as tests use it ----------------------------------------------------------------
@dataclass
class Notebook:
    """A generated notebook open in the browser: its page, server and path, and the helpers bound to them."""

    page: Page
    server: JupyterServer
    path: str
    artifact_stem: str
    console: list[str] = field(default_factory=list)

    def screenshot(self, suffix: str = "") -> Path:
        """Save ``artifacts/<test name>[-suffix].png`` (the whole page) and return its path."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / (f"{self.artifact_stem}-{suffix}.png" if suffix else f"{self.artifact_stem}.png")
        self.page.screenshot(path=path, full_page=True)
        return path

    def run_all_cells(self, timeout_s: float = 60) -> None:
        """Run every cell (see ``run_all_cells``)."""
        run_all_cells(self.page, timeout_s)

    def kernel_eval(self, code: str) -> str:
        """Run ``code`` in this notebook's kernel; returns its stdout."""
        return kernel_eval(self.server, self.path, code)

    def kernel_json(self, expression: str) -> Any:
        """The value of a JSON-able Python ``expression`` in this notebook's kernel."""
        marker = "@@cw-json@@"
        out = self.kernel_eval(f"import json as _j; print({marker!r} + _j.dumps({expression}))")
        return json.loads(out.split(marker, 1)[1])

    def model_state(self, marker: str) -> dict[str, Any]:
        """The browser-side model state of the widget shown by the cell containing ``marker``."""
        return model_state(self.page, marker)

    def received_states(self) -> list[dict[str, Any]]:
        """Every widget state the kernel sent this page (see ``received_states``)."""
        return received_states(self.page)


OpenNotebook = Callable[..., Notebook]


@pytest.fixture
def notebook(request: pytest.FixtureRequest, page: Page, artifacts_dir: Path) -> Iterator[OpenNotebook]:
    """Factory: ``notebook(cells, ui="lab" | "notebook", run=True)`` writes, opens and runs a notebook.

    On teardown it saves a screenshot ``artifacts/<test name>.png`` and shuts the notebook's kernel down.
    """
    opened: list[Notebook] = []

    def on_page_error(exc: Exception) -> None:
        if opened:
            opened[-1].console.append(f"pageerror: {exc}")

    def on_console(msg: ConsoleMessage) -> None:
        if opened and msg.type == "error":
            opened[-1].console.append(msg.text)

    page.on("pageerror", on_page_error)
    page.on("console", on_console)
    stem = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in request.node.name).strip("-")

    def open_(cells: list[str], ui: str = "lab", *, run: bool = True) -> Notebook:
        assert ui in UIS, ui
        server: JupyterServer = request.getfixturevalue("jupyter_lab" if ui == "lab" else "jupyter_notebook7")
        path = write_notebook(server.root_dir, cells, stem[:60])
        nb = Notebook(page, server, path, stem)
        opened.append(nb)
        open_notebook(page, server, path)
        if run:
            nb.run_all_cells()
        return nb

    yield open_
    try:
        if opened:
            opened[-1].screenshot()
    finally:
        page.remove_listener("pageerror", on_page_error)  # the page goes on to the next test
        page.remove_listener("console", on_console)
        if opened and opened[-1].server.app == "lab" and lab_is_open(page, opened[-1].server):
            close_documents(page)  # before their kernels go, so no "kernel died" dialog is left open
        for nb in opened:
            if nb.console:
                (artifacts_dir / f"{stem}.console.txt").write_text("\n".join(nb.console) + "\n")
            nb.server.shutdown_sessions(nb.path)


# ----- the cardwidgets Table (docs/widget-protocol.md) ------------------------------------------------------
TABLE_MARKER = "# cw:table"

# Seat and action of every entry of the kernel's history, by replaying the deal from its record.
_SEATED_HISTORY = """
from cardwidgets.core.records import record_of as _cw_record_of
_cw_record = _cw_record_of({var}.state)
_cw_replay = _cw_record.game.new_state(_cw_record.deal, _cw_record.dealer, _cw_record.rules)
_cw_seated = []
for _cw_action in {var}.state.history:
    _cw_seated.append([_cw_replay.to_act, _cw_action])
    _cw_replay.apply(_cw_action)
"""

# The learner may act: the deal is over, or it is the seat's turn, nothing is animating and a control is there.
_TURN_JS = """([root, seat]) => {
  if (root.dataset.phase === 'done') return 'done';
  if (root.dataset.animating === 'true' || root.dataset.toAct !== String(seat)) return null;
  const controls = root.querySelectorAll('.cw-hand .cw-card.cw-legal, button[data-action]');
  return controls.length ? root.dataset.phase : null;
}"""


def table_cell(constructor: str, marker: str = TABLE_MARKER, var: str = "t") -> str:
    """A notebook cell that builds a ``Table`` with ``constructor`` (e.g. ``Table("nimby", seat=0)``) and shows it."""
    return f"{marker}\nfrom cardwidgets import Table\n\n{var} = {constructor}\n{var}"


def string_tokens(value: Any, skip: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """Every whitespace-separated word of every string inside ``value`` (dict keys in ``skip`` left out)."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return set().union(*(string_tokens(v) | string_tokens(k) for k, v in value.items() if k not in skip))
    if isinstance(value, list):
        return set().union(*(string_tokens(v) for v in value))
    return set()


def from_record(seat: int, seed: int = 1) -> str:
    """A ``Table`` constructor continuing the notebook's ``record`` with random bots that move at once."""
    return f'Table.from_record(record, seat={seat}, bots="random", seed={seed}, pace=0)'


@dataclass
class TableDriver:
    """Drives one ``Table`` shown by the cell containing ``marker``, through the documented DOM hooks."""

    nb: Notebook
    marker: str = TABLE_MARKER
    var: str = "t"
    seat: int = 0

    @property
    def page(self) -> Page:
        """The browser page."""
        return self.nb.page

    @property
    def root(self) -> Locator:
        """``div.cw-table`` in the output of this table's cell."""
        return self.page.locator(".jp-CodeCell").filter(has_text=self.marker).locator(".cw-table")

    @property
    def error(self) -> Locator:
        """``.cw-error``: why the last action was refused."""
        return self.root.locator(".cw-error")

    @property
    def status(self) -> Locator:
        """``.cw-status``: whose turn, or the result."""
        return self.root.locator(".cw-status")

    def card(self, card: str) -> Locator:
        """The learner's card ``card`` (e.g. ``"10H"``) in ``.cw-hand``."""
        return self.root.locator(f'.cw-hand .cw-card[data-card="{card}"]')

    def hand(self) -> list[str]:
        """The learner's cards as shown, in order."""
        return self.root.locator(".cw-hand .cw-card").evaluate_all("els => els.map(e => e.dataset.card)")

    def legal_cards(self) -> list[str]:
        """The learner's cards marked ``cw-legal``, in order."""
        return self.root.locator(".cw-hand .cw-card.cw-legal").evaluate_all("els => els.map(e => e.dataset.card)")

    def actions(self) -> list[str]:
        """The ``data-action`` of every action button shown."""
        return self.root.locator("button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")

    def shown_cards(self) -> set[str]:
        """Every ``data-card`` anywhere in the table (what the learner can see)."""
        return set(self.root.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))

    def model(self) -> dict[str, Any]:
        """The state of this table's model in the browser."""
        return self.nb.model_state(self.marker)

    def wait_for_turn(self, timeout_ms: int = 30_000) -> str:
        """Wait until the learner can act (returns ``data-phase``) or the deal is over (returns ``"done"``)."""
        handle = self.root.element_handle(timeout=timeout_ms)
        result = self.page.wait_for_function(_TURN_JS, arg=[handle, self.seat], timeout=timeout_ms)
        return result.json_value()

    def _history_length(self) -> int:
        return len(self.model()["view"]["history"])

    def _click_and_wait(self, target: Locator) -> None:
        """Click a legal control and wait until the browser's model holds the kernel's answer."""
        before = self._history_length()
        target.click()
        wait_model(self.page, self.marker, "(m, n) => m.get('view').history.length > n", before)

    def act(self, action: str) -> None:
        """Click ``button[data-action=action]`` (a legal non-card action)."""
        self._click_and_wait(self.root.locator(f'button[data-action="{action}"]'))

    def play(self, card: str) -> None:
        """Click the learner's legal card ``card``; afterwards it has left the hand."""
        from playwright.sync_api import expect

        self._click_and_wait(self.card(card))
        expect(self.card(card)).to_have_count(0)

    def try_illegal(self, card: str) -> None:
        """Click the learner's card ``card`` that is not legal, and wait for the kernel's refusal."""
        self.card(card).click()
        wait_model(self.page, self.marker, "(m, a) => (m.get('error') || {}).action === a", f"play {card}")

    def received_tokens(self, first: int = 0, last: int | None = None) -> set[str]:
        """Every word of the widget states the page received (messages ``first:last``), ``ui`` left out.

        ``ui`` names every card of the deck (for accessible names), so it is no leak.
        """
        states = self.nb.received_states()[first:last]
        assert states, "the page received no widget state"
        return set().union(*(string_tokens(state, skip={"ui"}) for state in states))

    def kernel(self, expression: str) -> Any:
        """A JSON-able expression about the table in the kernel (``t`` is the table's variable)."""
        return self.nb.kernel_json(expression)

    def seated_history(self) -> list[tuple[int, str]]:
        """The kernel's ``state.history`` with the seat that took each action."""
        self.nb.kernel_eval(_SEATED_HISTORY.format(var=self.var))
        return [(seat, action) for seat, action in self.nb.kernel_json("_cw_seated")]

    def learner_actions(self) -> list[str]:
        """The learner's actions in the kernel's history, in order."""
        return [action for seat, action in self.seated_history() if seat == self.seat]


OpenTable = Callable[..., TableDriver]


@pytest.fixture
def open_table(notebook: OpenNotebook) -> OpenTable:
    """Factory: ``open_table('Table("nimby", seat=0, pace=0)', ui="lab", cells=[...])`` -> a ``TableDriver``.

    ``cells`` run before the table's cell (e.g. to define a record).
    """

    def open_(constructor: str, ui: str = "lab", *, seat: int = 0, cells: tuple[str, ...] = ()) -> TableDriver:
        from playwright.sync_api import expect

        nb = notebook([*cells, table_cell(constructor)], ui=ui)
        table = TableDriver(nb, seat=seat)
        expect(table.root).to_have_count(1)
        return table

    return open_
