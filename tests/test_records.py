"""Every game record under tests/records/ replays to its expected summary or error.

A record test is a JSON file::

    {"title": "...", "rules": ["NIM-4", "N-2"],
     "record": {... a deal or match record ...},
      "expect": {... parts of the replay summary ...}}

or with ``"error": "text the RecordError must contain"`` instead of ``expect``.
``expect`` is compared as a pattern: every key it gives must match, lists must
have the same length, and nested objects again compare only the keys given.
The same files are replayed once more through the command line in
``test_cli.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import RECORDS, load_record_test

from cardwidgets import RecordError, replay, summary

ALL = sorted(RECORDS.glob("*/*.json"))


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_record(path: Path) -> None:
    case = load_record_test(path)
    assert case["rules"], "a record test names the rules it checks"
    assert ("expect" in case) != ("error" in case), "a record test has exactly one of expect and error"
    if "error" in case:
        with pytest.raises(RecordError) as info:
            replay(case["record"])
        assert case["error"] in str(info.value)
        return
    assert_matches(summary(replay(case["record"])), case["expect"], "summary")


def assert_matches(actual: object, expected: object, where: str) -> None:
    """``actual`` has every key of ``expected`` with matching values (recursively)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        for key, value in expected.items():
            assert key in actual, f"{where}: no key {key!r}"
            assert_matches(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{where}: {actual!r} is not a list"
        assert len(actual) == len(expected), f"{where}: {len(actual)} items, expected {len(expected)}: {actual!r}"
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            assert_matches(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"
