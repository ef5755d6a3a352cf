"""The test suite's own world: its Jupyter state in a folder of its own, never in the user's.

Every pytest run under this repository (tests/ and notebooks/ alike) uses it.

A learner's drill progress and seat tokens live in the Jupyter data directory
(``cardwidgets.drills.progress``, ``cardwidgets.store``); so do kernels' connection
files. This file is loaded before any test module or notebook is collected, also
for ``pytest --nbval notebooks/….ipynb`` alone, and sets the environment once:

- ``JUPYTER_DATA_DIR`` (and so the runtime directory), ``JUPYTER_CONFIG_DIR`` and
  ``IPYTHONDIR``: folders in a temporary directory made for the run;
- ``CARDWIDGETS_PROGRESS=:memory:``: drills keep no progress at all in-process.

pytest-xdist workers, nbval's kernels and the servers and workers the tests start
inherit this environment (``tests/test_own_world.py`` checks it under a made-up
user's HOME). The folder the run makes is removed at its end; if a file appeared
meanwhile in the user's own cardwidgets folder, the run says so in red (another
program — the user's own JupyterLab — may have written it, so it is not a failure).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

#: Set to the run's world folder by the process that made it; workers and subprocesses find it set.
WORLD_ENV = "CARDWIDGETS_TEST_WORLD"
#: The user's Jupyter data directory as this run found it, before the run's own replaced it.
USER_DATA_ENV = "CARDWIDGETS_TEST_USER_DATA"


def _user_data_dir() -> Path:
    """The Jupyter data directory the user's environment names (read before the run changes it)."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir())


def _files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()} if folder.is_dir() else set()


def _make_world() -> tuple[Path | None, set[Path]]:
    """Point the environment at a new world folder (once per run); what the user's folder held then."""
    if os.environ.get(WORLD_ENV):  # an xdist worker (or a nested run): the controller made it
        return None, set()
    user = _user_data_dir()
    world = Path(tempfile.mkdtemp(prefix="cardwidgets-tests-"))
    os.environ.update(
        {
            WORLD_ENV: str(world),
            USER_DATA_ENV: str(user),
            "JUPYTER_DATA_DIR": str(world / "data"),
            "JUPYTER_CONFIG_DIR": str(world / "config"),
            "IPYTHONDIR": str(world / "ipython"),
            "CARDWIDGETS_PROGRESS": ":memory:",
        }
    )
    os.environ.pop("JUPYTER_RUNTIME_DIR", None)  # under the data directory, so in the world too
    return world, _files(user / "cardwidgets")


_WORLD, _USER_FILES_BEFORE = _make_world()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The process that made the world removes it, and says if a file appeared in the user's folder meanwhile."""
    if _WORLD is None:
        return
    user = Path(os.environ[USER_DATA_ENV]) / "cardwidgets"
    appeared = sorted(_files(user) - _USER_FILES_BEFORE)
    shutil.rmtree(_WORLD, ignore_errors=True)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if appeared and reporter is not None:
        shown = ", ".join(str(path) for path in appeared[:5])
        reporter.write_line(f"{len(appeared)} file(s) appeared in the user's data directory during the run: {shown}",
                            red=True)
