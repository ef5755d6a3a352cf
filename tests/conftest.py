"""Test configuration: the ``rules`` marker; every test starts from the default locale and no drill progress.

Helpers: ``support.py``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from cardwidgets import set_locale

# Drills keep the learner's progress in a file (cardwidgets.drills.progress): never the real one in tests.
os.environ["CARDWIDGETS_PROGRESS"] = ":memory:"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the rule ids (NIM-5, N-2, option:target …) a test checks")


@pytest.fixture(autouse=True)
def _locale_set_by_a_test_does_not_leak() -> Iterator[None]:
    """A test (or a notebook it runs in-process, e.g. ``cw.set_locale("ru")``) leaves the default as it was."""
    yield
    set_locale(None)


@pytest.fixture(autouse=True)
def _progress_kept_by_a_test_does_not_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no drill progress: a Drill goes on where the last one of its topic got to (issue 22)."""
    monkeypatch.setattr("cardwidgets.widgets.drill._SHARED", [])
