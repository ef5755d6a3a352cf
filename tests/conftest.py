"""Test configuration: the ``rules`` marker; every test starts from the default locale and no drill progress.

Helpers: ``support.py``.
"""

from __future__ import annotations

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
    """``make test`` runs ``pytest -n 2 --dist loadscope --no-loadscope-reorder``: each test module (and each
    notebook's cells) on one worker, and the browser tests on one worker, one after another, sharing their Jupyter
    servers and page. The JupyterLite tests (their own site and browser contexts, the slowest module) are a unit
    of their own, so the other worker runs them meanwhile. Units go out in the order collected: the browser tests
    first, then the Lite tests, then the other modules (the Binder check, the slowest of them, early).

    (pytest-xdist's ``loadgroup`` cannot group tests under pytest 9.2, which does not read the node id it edits.)
    """
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
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
