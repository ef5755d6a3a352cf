"""How ``pytest -n N`` shares the tests among workers (``tests/conftest.py``): what must stay together does.

A notebook's cells share one kernel and run in order, so a notebook goes whole to one worker; the browser tests
share their servers and page, so they go together; the Lite tests are a unit apart. A plain ``pytest -n 2``
(xdist's default ``load`` mode) must group the same way as ``--dist loadscope``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("xdist")

CONFTEST = Path(__file__).parent / "conftest.py"


def make_scheduler(dist: str) -> tuple[Any, SimpleNamespace]:
    """The scheduler tests/conftest.py gives for ``--dist dist`` with two workers, and the options it saw."""
    spec = importlib.util.spec_from_file_location("tests_conftest_grouping", CONFTEST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    option = SimpleNamespace(dist=dist, loadscopereorder=True, tx=["popen", "popen"], numprocesses=2, maxprocesses=None)
    config = SimpleNamespace(option=option, getoption=lambda name: getattr(option, name))
    config.getvalue = config.getoption
    return module.pytest_xdist_make_scheduler(config, None), option


@pytest.mark.parametrize("dist", ["load", "loadscope"])
def test_plain_n_and_loadscope_keep_notebooks_modules_and_browser_tests_together(dist: str) -> None:
    scheduler, option = make_scheduler(dist)
    assert scheduler is not None, f"--dist {dist} gets xdist's own scheduler: a notebook's cells would be split"
    scope = scheduler._split_scope
    assert scope("notebooks/01-nimby.ipynb::Cell 3") == scope("notebooks/01-nimby.ipynb::Cell 40")
    assert scope("notebooks/01-nimby.ipynb::Cell 3") != scope("notebooks/02-tumbochka.ipynb::Cell 3")
    assert scope("tests/browser/test_drill.py::test_a[chromium]") == scope("tests/browser/test_table_nimby.py::test_b")
    lite = scope("tests/browser/test_lite.py::test_notebook_runs_offline[chromium-play]")
    assert lite == scope("tests/browser/test_lite.py::test_start_here_plays_a_card_offline[chromium]")
    assert lite != scope("tests/browser/test_drill.py::test_a[chromium]")
    assert scope("tests/test_binder.py::test_a") == scope("tests/test_binder.py::test_b")
    assert scope("tests/test_binder.py::test_a") != scope("tests/test_judge.py::test_a")
    assert option.loadscopereorder is False  # units go out in the order collected: the browser tests first


@pytest.mark.parametrize("dist", ["loadfile", "worksteal", "each"])
def test_another_dist_mode_asked_for_is_left_alone(dist: str) -> None:
    assert make_scheduler(dist)[0] is None
