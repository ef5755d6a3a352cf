"""Every rule id, decision and option in docs/rules/*.md is checked by some test.

A test claims rule ids either in a record test's ``"rules"`` list or with the
``@pytest.mark.rules("NIM-2", "option:target")`` marker; this test collects
both and compares them with the ids found in each rule file.
"""

from __future__ import annotations

import re

import pytest
from support import RULES, TESTS, load_record_test, record_tests

ID_PATTERNS = {
    "nimby": r"\b(?:NIM|N)-\d+\b",
    "tumbochka": r"\b(?:TUM|T)-\d+\b",
    "nestors": r"\b(?:NES|E)-\d+[a-z]?\b|\bW\d[ab]?\b",
}
MARKER = re.compile(r"mark\.rules\(([^)]*)\)")


def rule_ids(game: str) -> set[str]:
    """Rule ids and options (``option:NAME``) named in ``docs/rules/GAME.md``."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    ids = set(re.findall(ID_PATTERNS[game], text))
    options = text.split("## Options", 1)[1]
    ids |= {f"option:{name}" for name in re.findall(r"^- `(\w+)`", options, re.MULTILINE)}
    return ids


def claimed_ids(game: str) -> set[str]:
    """Rule ids claimed by record tests of ``game`` and by ``rules`` markers anywhere."""
    claimed: set[str] = set()
    for path in record_tests(game):
        claimed |= set(load_record_test(path)["rules"])
    for path in TESTS.rglob("test_*.py"):
        for args in MARKER.findall(path.read_text(encoding="utf-8")):
            claimed |= set(re.findall(r'"([^"]+)"', args))
    return claimed


@pytest.mark.parametrize("game", ["nimby", "tumbochka", "nestors"])
def test_every_rule_has_a_test(game: str) -> None:
    ids = rule_ids(game)
    assert len(ids) >= 5, f"rule ids of {game} not found"
    missing = sorted(ids - claimed_ids(game))
    assert not missing, f"{game}: rules without a test: {', '.join(missing)}"
