"""Test configuration: the ``rules`` marker (helpers live in ``support.py``)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the rule ids (NIM-5, N-2, option:target …) a test checks")
