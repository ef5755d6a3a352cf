"""JupyterLite start-up in Chromium: page open -> the first notebook's kernel idle -> its first table drawn.

    python benchmarks/lite.py [--rounds N] [--site NAME=DIR ...] [--notebook 00-start-here]

Without ``--site`` it builds the self-hosted site of this checkout (``lite/build.py --self-host-pyodide``)
into a temporary folder. Each site is served on 127.0.0.1 (its own port, so its own origin and cache) and
opened in Chromium (``/usr/bin/chromium``, Playwright) with a new profile (**cold**: nothing cached), then
the browser is closed and opened again on the same profile (**warm**). With several sites the rounds
alternate between them (A cold, B cold, A warm, B warm, …) so that each comparison sees the same load.

For each visit it prints the moment (seconds after ``page.goto``) each phase ends:

- ``jupyterlab-js``: the last script of the page's own (not the kernel's worker) before the worker starts;
- ``worker``: the kernel's web worker exists;
- ``wasm+stdlib``: ``pyodide.asm.wasm`` and ``python_stdlib.zip`` received by the kernel's worker;
- ``pyodide-boot``: the first wheel is asked for (Pyodide is up and loads packages);
- ``wheels``: the last of the kernel's wheels received (those asked for before it is idle);
- ``python``: Python restored from the kernel's memory snapshot, its packages loaded (``lite/snapshot.py``;
  the loader's console line; ``–`` when the kernel started the plain way);
- ``kernel-idle``: the notebook's kernel is idle (``import pyodide_kernel``: IPython and the kernel imported);
- ``browser-cpu``: the CPU seconds Chromium spent until then (all its processes; the load hardly moves it);
- ``first-table``: after Run All, the notebook's first cardwidgets table is drawn (seconds after kernel-idle).

The load average of the machine is printed with every visit: on a shared machine the figures move with it.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
#: The phases of a start, in order; each is the moment it ends, in seconds after the page was asked for.
PHASES = ("jupyterlab-js", "worker", "wasm+stdlib", "pyodide-boot", "wheels", "python", "kernel-idle")
#: The loader's console line once Python is restored from the kernel's snapshot (``lite/kernel_pyodide.mjs``).
RESTORED = "cardwidgets: Python restored from the kernel's snapshot"
#: The notebook's kernel has answered its first request (kernel info): Pyodide booted, the kernel imported.
KERNEL_ANSWERED_JS = """async () => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = widget && widget.sessionContext && widget.sessionContext.session
    && widget.sessionContext.session.kernel;
  if (!kernel) return false;
  await kernel.info;
  return kernel.status === 'idle';
}"""
FIRST_TABLE_JS = "() => [...document.querySelectorAll('.cw-table')].some((table) => table.childElementCount > 0)"


@dataclass
class Fetch:
    """One request the page or its workers made: its URL, whether a worker made it, when it began and ended."""

    url: str
    start: float
    end: float | None = None
    from_worker: bool = False


@dataclass
class Record:
    """What one visit saw, in seconds after ``page.goto``."""

    fetches: list[Fetch] = field(default_factory=list)
    worker: float | None = None
    kernel_idle: float | None = None
    first_table: float | None = None
    console: list[tuple[float, str]] = field(default_factory=list)
    cpu_s: float | None = None  # CPU seconds the browser's processes spent until kernel-idle


def phases(record: Record) -> dict[str, float | None]:
    """The end of each of ``PHASES`` (None when the visit did not show it) and ``first-table``."""
    def name(url: str) -> str:
        return url.split("?", 1)[0].rsplit("/", 1)[-1]

    page_js = [f.end for f in record.fetches if f.end is not None and not f.from_worker
               and name(f.url).endswith(".js") and "/static/pyodide/" not in f.url
               and (record.worker is None or f.start <= record.worker)]
    core: dict[str, float] = {}  # a file the service worker passes on is seen twice: the first to arrive counts
    worker_made = [f for f in record.fetches if record.worker is not None and f.start >= record.worker]
    for fetch in worker_made:  # the worker's requests: the page prefetches the same files as it opens
        if fetch.end is not None and fetch.from_worker and name(fetch.url) in ("pyodide.asm.wasm", "python_stdlib.zip"):
            core[name(fetch.url)] = min(fetch.end, core.get(name(fetch.url), fetch.end))
    # the kernel's wheels: those asked for before it was idle (a notebook's cells may load more)
    wheels = [f for f in record.fetches if name(f.url).endswith(".whl")
              and (record.kernel_idle is None or f.start <= record.kernel_idle)]
    wheel_starts = [f.start for f in wheels]
    wheel_ends = [f.end for f in wheels if f.end is not None]
    return {
        "jupyterlab-js": max(page_js, default=None),
        "worker": record.worker,
        "wasm+stdlib": max(core.values()) if len(core) == 2 else None,
        "pyodide-boot": min(wheel_starts, default=None),
        "wheels": max(wheel_ends, default=None),
        "python": min((moment for moment, text in record.console if RESTORED in text), default=None),
        "kernel-idle": record.kernel_idle,
        "browser-cpu": record.cpu_s,
        "first-table": (record.first_table - record.kernel_idle
                        if record.first_table is not None and record.kernel_idle is not None else None),
    }


def browser_cpu_s() -> float:
    """CPU seconds used so far by this process's descendants that are alive (Playwright's driver, Chromium).

    Unlike the wall-clock phases, it hardly moves with the machine's load: it is the work a start takes.
    """
    import psutil  # type: ignore[import-untyped]

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            times = child.cpu_times()
            total += times.user + times.system
    return total


def describe(label: str, record: Record) -> str:
    """One line: the visit's phases and the machine's load."""
    parts = [f"{key} {'–' if value is None else f'{value:.1f}'}" for key, value in phases(record).items()]
    load = "/".join(f"{value:.1f}" for value in os.getloadavg())
    return f"{label:<18} " + " | ".join(parts) + f"  (s; load {load})"


# ----- serving and building ------------------------------------------------------------------------------------
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that writes no log line per request.

    The site's own ``jupyter-lite.json`` is served with ``exposeAppInBrowser`` set, so that the visit can ask
    JupyterLab (``window.jupyterapp``) when the kernel has answered; the files on disk are not changed.
    """

    def do_GET(self) -> None:
        """The file, or ``jupyter-lite.json`` with the app exposed."""
        if self.path.split("?", 1)[0] != "/jupyter-lite.json":
            super().do_GET()
            return
        config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text(encoding="utf-8"))
        config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
        body = json.dumps(config).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Nothing: a benchmark's output is its figures."""


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (a free port) in a thread; yields its base URL."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def build_site(dest: Path) -> Path:
    """Build the self-hosted site of this checkout into ``dest``."""
    started = time.monotonic()
    subprocess.run([sys.executable, ROOT / "lite" / "build.py", "--self-host-pyodide", "--output-dir", dest],
                   check=True, capture_output=True)
    print(f"built {dest} in {time.monotonic() - started:.0f} s", flush=True)
    return dest


# ----- one visit -------------------------------------------------------------------------------------------------
def visit(playwright: object, profile: Path, base: str, notebook: str, timeout_s: float = 180) -> Record:
    """Open ``notebook`` in Chromium on ``profile``; wait for its kernel idle, then Run All and its first table."""
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 800})
    record = Record()
    fetches: dict[object, Fetch] = {}
    t0 = 0.0

    def now() -> float:
        return time.monotonic() - t0

    def on_request(request: object) -> None:
        fetches[request] = Fetch(request.url, now())  # type: ignore[attr-defined]
        record.fetches.append(fetches[request])

    def on_done(request: object) -> None:
        if request in fetches:
            fetches[request].end = now()

    def on_worker(worker: object) -> None:
        if record.worker is None:
            record.worker = now()
        worker.on("console", lambda message: record.console.append((now(), message.text)))  # type: ignore[attr-defined]

    try:
        page = context.pages[0] if context.pages else context.new_page()
        context.on("request", on_request)
        context.on("requestfinished", on_done)
        page.on("worker", on_worker)
        page.on("console", lambda message: record.console.append((now(), message.text)))
        cpu_before = browser_cpu_s()
        t0 = time.monotonic()
        page.goto(f"{base}/lab/index.html?path={notebook}.ipynb")
        deadline = time.monotonic() + timeout_s
        while not page.evaluate(KERNEL_ANSWERED_JS):
            if time.monotonic() > deadline:
                raise TimeoutError("the kernel never answered")
            page.wait_for_timeout(50)
        record.kernel_idle = now()
        record.cpu_s = browser_cpu_s() - cpu_before
        worker_urls = {worker.url for worker in page.workers}
        for fetch in record.fetches:  # the worker's own requests: what it loads by URL from the site
            fetch.from_worker = (fetch.url in worker_urls or "/static/pyodide/" in fetch.url
                                 or fetch.url.endswith(".whl"))
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.locator("li[data-command='runmenu:run-all']").click()
        page.wait_for_function(FIRST_TABLE_JS, timeout=timeout_s * 1000, polling=50)
        record.first_table = now()
    finally:
        context.close()
    return record


def main(argv: list[str] | None = None) -> int:
    """Entry point (``--help``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", default=[], metavar="NAME=DIR", help="a built site (repeatable)")
    parser.add_argument("--rounds", type=int, default=2, help="cold + warm visits per site")
    parser.add_argument("--notebook", default="00-start-here")
    parser.add_argument("--console", action="store_true", help="also print the kernel worker's console, timed")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cw-lite-bench-") as tmp:
        sites = {}
        for spec in args.site:
            name, _, folder = spec.partition("=")
            sites[name] = Path(folder)
        if not sites:
            sites["site"] = build_site(Path(tmp) / "site")
        results: dict[str, list[dict[str, float | None]]] = {}
        with contextlib.ExitStack() as stack, sync_playwright() as playwright:
            bases = {name: stack.enter_context(serve(path)) for name, path in sites.items()}
            for round_ in range(args.rounds):
                profiles = {name: Path(tmp) / f"profile-{name}-{round_}" for name in sites}
                for kind in ("cold", "warm"):
                    for name in sites:
                        record = visit(playwright, profiles[name], bases[name], args.notebook)
                        results.setdefault(f"{name} {kind}", []).append(phases(record))
                        print(describe(f"{name} {kind}", record), flush=True)
                        if args.console:
                            lines = [(moment, text) for moment, text in record.console]
                            lines += [(f.start, f"fetch {f.url.rsplit('/', 1)[-1][:60]} -> "
                                       + ("–" if f.end is None else f"{f.end:.2f}"))
                                      for f in record.fetches if f.from_worker]
                            for moment, text in sorted(lines):
                                print(f"    {moment:6.2f} {text[:160]}")
        print("\nmedians (s):")
        for label, runs in results.items():
            cells = []
            for key in (*PHASES, "browser-cpu", "first-table"):
                values = [value for run in runs if (value := run[key]) is not None]
                cells.append(f"{key} {statistics.median(values):.1f}" if values else f"{key} –")
            print(f"{label:<18} " + " | ".join(cells))
        print("load " + "/".join(f"{value:.1f}" for value in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
