"""Golden playthroughs: one human-readable seeded deal per game, compared exactly.

A difference means the rules, the notation or the random sequence changed.
If the change is intended, regenerate and review the diff:

    python -m cardwidgets playthrough GAME --seed 1 > tests/golden/GAME-seed-1.txt
"""

from __future__ import annotations

import difflib

import pytest
from support import TESTS

from cardwidgets import GAMES
from cardwidgets.playthrough import playthrough

GOLDEN = TESTS / "golden"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_matches_golden_file(name: str) -> None:
    path = GOLDEN / f"{name}-seed-1.txt"
    assert path.exists(), f"missing {path}: generate it with the command in this module's docstring"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(name, 1)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(path), "now", n=2))
        pytest.fail(
            f"playthrough of {name} changed; if intended, regenerate with\n"
            f"  python -m cardwidgets playthrough {name} --seed 1 > {path.relative_to(TESTS.parent)}\n{diff[:4000]}"
        )
