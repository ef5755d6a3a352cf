"""Shared test helpers: paths, record-test loading, the ``rules`` marker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the rule ids (NIM-5, N-2, option:target …) a test checks")
