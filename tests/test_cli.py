"""The command line's replay contract (docs/records.md): JSON on stdout, or exit 2
with one line on stderr and nothing on stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import RECORDS, load_record_test

from cardwidgets import replay, summary
from cardwidgets.cli import main

ALL = sorted(RECORDS.glob("*/*.json"))


def run_replay(tmp_path: Path, record: object, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_replay_prints_the_summary_or_one_error_line(path: Path, tmp_path: Path, capsys) -> None:
    case = load_record_test(path)
    code, out, err = run_replay(tmp_path, case["record"], capsys)
    if "error" in case:
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith(f"{tmp_path / 'record.json'}: ")
        assert case["error"] in err
    else:
        assert code == 0
        assert err == ""
        assert json.loads(out) == summary(replay(case["record"]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON: line 1 column 2"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"game": "poker"}', 'game: expected one of'),
        ('{"game": "nimby", "dealer": 0, "seed": 1, "actions": "pass"}', "actions: expected a list"),
        ('{"game": "nimby", "dealer": 0, "actions": []}', 'expected "deal" (the cards), "seed"'),
        ('{"game": "nimby", "dealer": 0, "seed": 1, "deal": {"turnup": "AH", "stock": ["AH", "?", "?"]}}',
         "card A♥ appears twice"),
        ('{"game": "nimby", "seed": 1}', "dealer: missing"),
        ('{"game": "nimby", "dealer": 4, "seed": 1}', "dealer: expected a seat from 0 to 3"),
        ('{"game": "nimby", "dealer": 0, "seed": 1, "extra": 1}', 'unknown field "extra"'),
        ('{"game": "nimby", "dealer": 0, "seed": 1, "rules": {"x": 1}}', 'rules: unknown option "x"'),
        ('{"game": "nimby", "dealer": 0, "seed": 1, "notes": {"a": "b"}}', 'notes: "a" must be an action index'),
        ('{"game": "nimby", "dealer": 0, "deal": {"hands": []}}', "deal: hands: expected 4 lists of 5 cards"),
        ('{"game": "nimby", "deals": []}', "deals: a match record needs at least one deal"),
        ('{"game": "nimby", "start": {"scores": [1]}, "deals": [{"dealer": 0, "seed": 1}]}', "start: scores must be"),
    ],
)
def test_broken_records_exit_2_with_one_line(text: str, message: str, tmp_path: Path, capsys) -> None:
    code, out, err = run_replay(tmp_path, text, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_missing_file(tmp_path: Path, capsys) -> None:
    code = main(["replay", str(tmp_path / "nope.json")])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "cannot read record" in err


def test_python_dash_m_entry_point(tmp_path: Path) -> None:
    case = load_record_test(RECORDS / "nimby" / "n-5-completing-hands.json")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(case["record"]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardwidgets", "replay", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["trump"] == "S"
    broken = subprocess.run([sys.executable, "-m", "cardwidgets", "replay", str(tmp_path / "missing.json")],
                            capture_output=True, text=True, check=False)
    assert broken.returncode == 2
    assert broken.stdout == ""
