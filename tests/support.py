"""Helpers shared by the test modules: paths and record-test loading.

(Not in conftest.py: tests/browser has a conftest of its own, and two modules
named ``conftest`` cannot both be imported by name.)
"""

from __future__ import annotations

import json
from pathlib import Path

TESTS = Path(__file__).parent
ROOT = TESTS.parent
RECORDS = TESTS / "records"
RULES = ROOT / "docs" / "rules"


def record_tests(game: str) -> list[Path]:
    """The record-test files of one game (``tests/records/GAME/*.json``)."""
    return sorted((RECORDS / game).glob("*.json"))


def load_record_test(path: Path) -> dict:
    """A record test: ``rules`` (ids covered), ``record``, and ``expect`` or ``error``."""
    return json.loads(path.read_text(encoding="utf-8"))
