"""Comments, docstrings and test texts say what the code is and why, never which issue or what it once was.

A comment that names a ticket number or tells the code's past sends the reader to a history they do
not have; the reason belongs in the comment, or a rule id (NES-6) or a doc (docs/analysis.md)
that holds it. The scan covers the code and build files: the package, the front-end sources, the tests, the
benchmarks and the build and deploy folders. docs/ and notebooks/ are left out: the docs may tell history,
and the notebooks' words are the learners' text.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Folders scanned whole, and files scanned by name at the root.
FOLDERS = ["cardwidgets", "js", "tests", "benchmarks", ".ci", "lite", "binder"]
FILES = ["Makefile", "pyproject.toml"]
#: Source and build files. Data (.json records, golden .txt games) holds game text, not comments.
SUFFIXES = {".py", ".c", ".h", ".ts", ".mjs", ".js", ".css", ".toml", ".cfg", ".sh", ".yml", ".yaml"}
#: Files without a suffix that are code (build scripts).
NAMES = {"Makefile", "run"}
SKIP_DIRS = {"node_modules", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
#: A ticket number, or a phrase about the code's past. Written as patterns, so this file passes too.
HISTORY = re.compile(r"\bissues?\s+#?\d+|\bas\s+before\b|\bno\s+longer\b|\bused\s+to\s+be\b", re.IGNORECASE)


def scanned_files() -> list[Path]:
    """The project's own code and build files: those git tracks, or would (not what a build or a run left there)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *FOLDERS, *FILES],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode()
    paths = sorted({ROOT / name for name in listed.split("\0") if name})
    return [
        path for path in paths
        if path.is_file() and (path.suffix in SUFFIXES or path.name in NAMES)
        and not any(part in SKIP_DIRS for part in path.relative_to(ROOT).parts)
    ]


def history_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if HISTORY.search(line)
    ]


def test_the_scan_reaches_every_kind_of_file() -> None:
    """The scan finds files of each kind it claims to cover, so an empty scan cannot pass by accident."""
    suffixes = {path.suffix for path in scanned_files()}
    names = {path.name for path in scanned_files()}
    assert {".py", ".c", ".ts", ".css", ".mjs", ".toml"} <= suffixes
    assert {"Makefile", "run"} <= names


def test_the_pattern_finds_what_it_should() -> None:
    """The pattern matches a ticket number and the phrases of history, and leaves "is used to" alone."""
    for line in ["# see Issue " + "12", "(issues " + "3 and 4)", "works as " + "before", "no " + "longer drawn",
                 "what it used to " + "be"]:
        assert HISTORY.search(line), line
    for line in ["the helper is used to deal", "the issue is the trump", "NES-6 W3b"]:
        assert not HISTORY.search(line), line


@pytest.mark.parametrize("folder", FOLDERS + FILES)
def test_no_issue_numbers_or_history_in_code(folder: str) -> None:
    """No comment, docstring, test name or message names an issue or the code's past."""
    found = [
        line
        for path in scanned_files()
        if path.relative_to(ROOT).parts[0] == folder
        for line in history_lines(path)
    ]
    assert not found, "say what the code is and why, not its history:\n" + "\n".join(found)
