"""Test configuration: the ``rules`` marker; every test starts from the default locale and no drill progress.

Helpers: ``support.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from cardwidgets import set_locale

# The run's own Jupyter folders and in-memory drill progress: conftest.py at the repository root.

#: The browser tests' node ids start with this (relative to the repository root).
BROWSER_SCOPE = "tests/browser/"
LITE_TESTS = "tests/browser/test_lite.py"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the rule ids (NIM-5, N-2, option:target …) a test checks")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """How pytest-xdist shares the tests among its workers, for any ``-n N`` (plain ``pytest -n 2`` included).

    Each test module and each notebook (its cells share one kernel and run in order) is a unit that goes whole
    to one worker; all the browser tests are one unit, run one after another, sharing their Jupyter servers and
    page; the JupyterLite tests (one Pyodide page of their own) are a unit apart, so the other worker runs them
    meanwhile. Units go out in the order collected: the browser tests first, then the Lite tests, then the other
    modules (the Binder check, the slowest of them, early). A worker gets its next unit when two tests or fewer
    of its own are left, so while one worker runs the browser tests the other runs the Lite tests and then
    module after module, and the first to finish takes what is left.

    This applies to xdist's default ``load`` and to ``loadscope``; another ``--dist`` mode is left alone.
    (pytest-xdist's ``loadgroup`` cannot group tests under pytest 9.2, which does not read the node id it edits;
    ``--dist`` cannot sit in pyproject's ``addopts``, where ``-p no:xdist`` would make it an unknown option.)
    """
    if config.getoption("dist") not in ("load", "loadscope"):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def __init__(self, config: pytest.Config, log: Any = None) -> None:
            super().__init__(config, log)
            config.option.loadscopereorder = False  # the order collected, not the largest unit first

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(BROWSER_SCOPE) and not nodeid.startswith(LITE_TESTS):
                return BROWSER_SCOPE
            return super()._split_scope(nodeid)

    return BrowserTestsTogether(config, log)


@pytest.fixture(autouse=True)
def _locale_set_by_a_test_does_not_leak() -> Iterator[None]:
    """A test (or a notebook it runs in-process, e.g. ``cw.set_locale("ru")``) leaves the default as it was."""
    yield
    set_locale(None)


@pytest.fixture(autouse=True)
def _progress_kept_by_a_test_does_not_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no drill progress: a Drill goes on where the last one of its topic got to."""
    monkeypatch.setattr("cardwidgets.widgets.drill._SHARED", [])


@pytest.fixture(autouse=True)
def _no_event_loop_running_outside_the_browser_tests(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test but the browser tests starts, as a plain script does, with no event loop running in this thread.

    pytest-playwright's sync API keeps its own loop marked as running in the main thread for the whole session;
    under ``-n N`` the worker that ran the browser tests goes on to other modules, where ``asyncio.run`` or a
    loop's ``run_until_complete`` would then refuse to start and a table would think it runs in a kernel.
    """
    if request.node.nodeid.startswith(BROWSER_SCOPE):
        yield
        return
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)
