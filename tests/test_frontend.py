"""The front-end checks run as part of the suite: ``npm test`` type-checks ``js/`` (``tsc``), then runs
``js/test/`` with Node's test runner and jsdom.

They draw the real kernel states of ``js/test/fixtures/`` (written by ``js/test/make_fixtures.py``);
the first test fails when those fixtures do not match what the widgets sync, so the front-end
is always tested against today's kernel. CI requires Node (``CARDWIDGETS_REQUIRE_BROWSER=1``);
elsewhere a missing Node or ``npm ci`` is a skip with the reason.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
FIXTURES = ROOT / "js" / "test" / "fixtures"
REQUIRED = os.environ.get("CARDWIDGETS_REQUIRE_BROWSER") == "1"


def make_fixtures():
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "js" / "test" / "make_fixtures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fixtures_are_what_the_widgets_sync_today(tmp_path: Path) -> None:
    written = make_fixtures().write(tmp_path)
    names = {p.name for p in FIXTURES.glob("*.json")}
    assert {p.name for p in written} == names, "run: python js/test/make_fixtures.py"
    for path in written:
        fresh = json.loads(path.read_text(encoding="utf-8"))
        committed = json.loads((FIXTURES / path.name).read_text(encoding="utf-8"))
        assert fresh == committed, f"{path.name} is stale: run python js/test/make_fixtures.py and review the diff"


def test_front_end_unit_tests_pass() -> None:
    needs = (("npm", shutil.which("npm")), ("npm ci", (ROOT / "node_modules" / "typescript").is_dir()))
    missing = [what for what, ok in needs if not ok]
    if missing:
        if REQUIRED:
            pytest.fail(f"front-end tests need {' and '.join(missing)}")
        pytest.skip(f"front-end tests need {' and '.join(missing)} (make test installs them when npm is there)")
    run = subprocess.run(["npm", "test"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.M)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.M)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert passed is not None
    assert failed is not None
    assert int(failed.group(1)) == 0
    assert int(passed.group(1)) >= 40, run.stdout[-2000:]
