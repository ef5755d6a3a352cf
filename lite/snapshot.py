"""The kernel's memory snapshot: Python with IPython's stack imported, restored in the browser.

A plain start boots Python in the browser, then imports the kernel's modules (IPython, jedi, micropip,
piplite …): most of a warm start's seconds. At build time the site's own Pyodide does that once in
Node.js (``make_snapshot.mjs``) and saves its memory, gzipped, as ``static/pyodide/kernel.snapshot.gz``.
The kernel's ``pyodideUrl`` is ``kernel_pyodide.mjs`` (served as ``static/pyodide/kernel-pyodide.mjs``),
which restores that memory and falls back to a plain start when it cannot.

The snapshot holds the imports only: ``KERNEL_PRELUDE`` stops before ``import pyodide_kernel``, which
the kernel's worker still runs in the browser, after it has mounted the learner's drive and moved into
it, so that the kernel's shell starts where it always does. ``kernel_pyodide.mjs`` gives the restored
Python the learner's own random seed and time zone.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

LITE = Path(__file__).resolve().parent
MAKER = LITE / "make_snapshot.mjs"
LOADER = LITE / "kernel_pyodide.mjs"
#: Where the loader is served, next to Pyodide's own ``pyodide.mjs``.
LOADER_NAME = "kernel-pyodide.mjs"
SNAPSHOT_NAME = "kernel.snapshot.gz"
#: Run before the memory is saved: what ``import pyodide_kernel`` imports, in its order (its mocks of
#: ``termios``, ``fcntl`` … first, loaded from its file so that the package itself is not imported).
KERNEL_PRELUDE = """
import importlib.util, pathlib
_kernel = pathlib.Path(importlib.util.find_spec("pyodide_kernel").submodule_search_locations[0])
_spec = importlib.util.spec_from_file_location("_pyodide_kernel_mocks", _kernel / "mocks.py")
_mocks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mocks)
_mocks.apply_mocks()
import binascii, builtins, datetime, getpass, math, numbers, re, shlex, types, typing
import micropip, piplite.piplite, comm, jedi, traitlets.config
import IPython
import IPython.core.application, IPython.core.completer, IPython.core.displayhook, IPython.core.displaypub
import IPython.core.getipython, IPython.core.history, IPython.core.inputtransformer2
import IPython.core.interactiveshell, IPython.core.shellapp, IPython.display, IPython.utils.tokenutil
"""


@dataclass(frozen=True)
class Snapshot:
    """A snapshot written into a site: its size in bytes and its version (the start of its SHA-256).

    The kernel's ``pyodideUrl`` names the loader with ``query``, and the loader asks for the snapshot with
    its own query (``address``): a site built again gives both new addresses, so a browser never restores
    a snapshot it kept from an earlier build over the packages of a later one.
    """

    size: int
    version: str

    @property
    def query(self) -> str:
        """The query the loader is named with, and passes on to the snapshot."""
        return f"v={self.version}"

    @property
    def address(self) -> str:
        """The snapshot's address relative to the loader."""
        return f"{SNAPSHOT_NAME}?{self.query}"


def make_snapshot(site: Path, packages: list[str]) -> Snapshot:
    """Write the snapshot and its loader into ``site/static/pyodide/``."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the kernel's snapshot is made by the site's Pyodide in Node.js: install Node.js")
    target = site / "static" / "pyodide"
    with tempfile.TemporaryDirectory(prefix="cardwidgets-snapshot-") as tmp:
        raw = Path(tmp) / "kernel.snapshot"
        result = subprocess.run([node, MAKER, f"{target}/", json.dumps(packages), KERNEL_PRELUDE, raw],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0 or not raw.is_file():
            raise SystemExit(f"making the kernel's snapshot failed:\n{result.stderr[-3000:]}")
        with raw.open("rb") as source, gzip.GzipFile(target / SNAPSHOT_NAME, "wb", mtime=0) as zipped:
            shutil.copyfileobj(source, zipped)
    shutil.copy2(LOADER, target / LOADER_NAME)
    data = (target / SNAPSHOT_NAME).read_bytes()
    return Snapshot(len(data), hashlib.sha256(data).hexdigest()[:16])
