"""Every game record under tests/records/ replays to its expected summary or error.

A record test is a JSON file::

    {"title": "...", "rules": ["NIM-4", "N-2"],
     "record": {... a deal or match record ...},
     "expect": {... keys of the replay summary, compared exactly ...}}

or with ``"error": "text the RecordError must contain"`` instead of ``expect``.
The same files are replayed once more through the command line in
``test_cli.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RECORDS, load_record_test

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
    result = summary(replay(case["record"]))
    for key, expected in case["expect"].items():
        assert result[key] == expected, f"{key}: {result[key]!r} != {expected!r}"
