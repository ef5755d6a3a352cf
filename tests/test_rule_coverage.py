"""Every rule id, decision and option in docs/rules/*.md is checked by some test.

A test claims rule ids either in a record test's ``"rules"`` list or with the
``@pytest.mark.rules("NIM-2", "option:target")`` marker; this test collects
both and compares them with the ids found in each rule file.
"""

from __future__ import annotations

import re

import pytest
from support import TESTS, load_record_test, record_tests, rule_ids, rules_docs

from cardwidgets import GAMES

MARKER = re.compile(r"mark\.rules\(([^)]*)\)")


def claimed_ids(game: str) -> set[str]:
    """Rule ids claimed by record tests of ``game`` and by ``rules`` markers anywhere."""
    claimed: set[str] = set()
    for path in record_tests(game):
        claimed |= set(load_record_test(path)["rules"])
    for path in TESTS.rglob("test_*.py"):
        for args in MARKER.findall(path.read_text(encoding="utf-8")):
            claimed |= set(re.findall(r'"([^"]+)"', args))
    return claimed


DOCS = rules_docs()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_its_rules_doc(game: str) -> None:
    assert game in DOCS, f"{game}: no docs/rules/{game}.md"


@pytest.mark.parametrize("game", sorted(DOCS))
def test_every_rule_has_a_test(game: str) -> None:
    ids = rule_ids(DOCS[game])
    assert len(ids) >= 3, f"rule ids of {game} not found"  # a deal, its play, its score at the least
    missing = sorted(ids - claimed_ids(game))
    assert not missing, f"{game}: rules without a test: {', '.join(missing)}"
