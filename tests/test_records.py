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

from cardwidgets import HandReplay, RecordError, Table, replay, summary
from cardwidgets.core.records import load_record, replay_match

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


def test_one_match_replay_serves_the_replay_the_table_and_handreplay() -> None:
    """``replay_match`` is the one way to rebuild a match; the three readers agree."""
    data = load_record_test(RECORDS / "tumbochka" / "tum-8-time-out-after-three-deals.json")["record"]
    record = load_record(data)
    last = len(record.deals) - 1
    scored = replay_match(record)
    on_table = replay_match(record, end_last=False)
    assert scored.current is None
    assert on_table.current is not None
    assert on_table.current.is_done
    table = Table.from_record(data, pace=0)
    replay = HandReplay(data, deal=last)
    replay.end()
    assert table.state.history == on_table.current.history == replay.state.history
    on_table.end_deal()
    assert on_table.scores == scored.scores
