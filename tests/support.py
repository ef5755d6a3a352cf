"""Helpers shared by the test modules: paths and record-test loading.

(Not in conftest.py: tests/browser has a conftest of its own, and two modules
named ``conftest`` cannot both be imported by name.)
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

TESTS = Path(__file__).parent
ROOT = TESTS.parent
RECORDS = TESTS / "records"
RULES = ROOT / "docs" / "rules"


def record_tests(game: str) -> list[Path]:
    """The record-test files of one game (``tests/records/GAME/*.json``)."""
    return sorted((RECORDS / game).glob("*.json"))


# ----- the rules docs (docs/adding-a-game.md, "The rules doc") ----------------------------------------------------
def rules_docs() -> dict[str, Path]:
    """Every rules doc by game: ``docs/rules/<game>.md``, and a test-only game's ``tests/<x>_game/rules.md``."""
    docs = {path.stem: path for path in sorted(RULES.glob("*.md")) if path.stem != "README"}
    for path in sorted(TESTS.glob("*_game/rules.md")):
        docs[importlib.import_module(path.parent.name).SPEC.name] = path  # imported, not registered
    return docs


def rule_id_pattern(text: str) -> str:
    """The regular expression of the rule ids a rules doc uses.

    A rule's id stands in its heading, ``## Play (NIM-5)``; a decision's after the word,
    ``**Decision N-4:**``; a numbered part of a rule opens a list item, ``- W3a. …``. An id is
    its prefix, a number and perhaps a letter (``NES-6a``).
    """
    prefixes = set(re.findall(r"^#+ .*\(([A-Z]+)-\d+", text, re.MULTILINE))
    prefixes |= set(re.findall(r"Decision ([A-Z]+)-\d+", text))
    parts = set(re.findall(r"^\s*- ([A-Z])\d+[a-z]?\.", text, re.MULTILINE))
    pattern = rf"\b(?:{'|'.join(sorted(prefixes))})-\d+[a-z]?\b"
    return pattern + (rf"|\b(?:{'|'.join(sorted(parts))})\d+[a-z]?\b" if parts else "")


def rule_ids(path: Path) -> set[str]:
    """Rule ids and options (``option:NAME``, the list under ``## Options``) named in a rules doc."""
    text = path.read_text(encoding="utf-8")
    ids = set(re.findall(rule_id_pattern(text), text))
    options = text.split("## Options", 1)[1] if "## Options" in text else ""
    return ids | {f"option:{name}" for name in re.findall(r"^- `(\w+)`", options, re.MULTILINE)}


#: Any rule id of any rules doc (``NIM-5``, ``E-2``, ``W3b`` …).
RULE_ID = re.compile("|".join(rule_id_pattern(path.read_text(encoding="utf-8")) for path in rules_docs().values()))


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


# ----- the test-only games -----------------------------------------------------------------------------------------
#: The folders of the games that live only in the tests (``tests/<x>_game/``, each with ``register()``).
TEST_GAMES = sorted(path.parent.name for path in TESTS.glob("*_game/__init__.py"))


def _catalogues() -> list[dict]:
    """Every catalogue a game's words join (``i18n.words.add_words``)."""
    from cardwidgets.i18n import CATALOGUE, names, ui, words

    return [CATALOGUE, ui.GAME_UI, names.POINT_FORMS, *(words.TABLES.values())]


@contextmanager
def registered(folder: str) -> Iterator[ModuleType]:
    """The test-only game of ``tests/<folder>`` registered (its package, with ``SPEC`` and ``register()``) while inside.

    After it, the game is out of the registry and every catalogue is as it was, in place (the
    modules hold these very dicts): the other tests see the built-in games and their words only.
    """
    from cardwidgets.core.registry import SPECS, unregister
    from cardwidgets.drills.registry import refresh

    package = importlib.import_module(folder)
    if SPECS.get(package.SPEC.name) is package.SPEC:  # inside another ``registered`` of the game: that one ends it
        yield package
        return
    saved = [copy.deepcopy(table) for table in _catalogues()]
    spec = package.register()
    refresh()
    try:
        yield package
    finally:
        unregister(spec.name)
        refresh()
        for table, before in zip(_catalogues(), saved, strict=True):
            table.clear()
            table.update(before)
