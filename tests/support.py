"""Helpers shared by the test modules: paths and record-test loading.

(Not in conftest.py: tests/browser has a conftest of its own, and two modules
named ``conftest`` cannot both be imported by name.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def send_message(widget: Any, content: Any) -> None:
    """What ipywidgets does with a browser custom message (``model.send``)."""
    widget._handle_custom_msg(content, [])


def send_update(widget: Any, state: Any) -> None:
    """What ipywidgets does with a browser ``update`` message (``model.set`` + ``save_changes``)."""
    widget.set_state(state)


def synced(widget: Any) -> dict[str, Any]:
    """The synced traits as the browser receives them (ipywidgets' private traits, such as the bundle, left out)."""
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items() if not k.startswith("_")}))
