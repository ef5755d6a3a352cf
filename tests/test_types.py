"""The package's types are checked (``make test`` runs mypy); what mypy is told to skip stays small.

mypy itself runs in ``make test`` and CI (the Makefile); these tests keep its escape hatches in bounds:
at most 10 ``type: ignore`` in the package, each with its error code and its reason, and no module
excused from the check.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardwidgets"
MAX_IGNORES = 10
#: ``# type: ignore[code]  # why``: the code mypy raised and, after it, the reason in words.
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(,\s*[a-z-]+)*\]\s+#\s*\S.*$")


def _ignores() -> list[tuple[str, str]]:
    """Every ``type: ignore`` in the package: (file:line, the line)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"#\s*type:\s*ignore", line):
                found.append((f"{path.relative_to(ROOT)}:{number}", line.strip()))
    return found


def test_few_type_ignores() -> None:
    ignores = _ignores()
    assert len(ignores) <= MAX_IGNORES, "\n".join(where for where, _ in ignores)


def test_each_type_ignore_gives_its_code_and_reason() -> None:
    unexplained = [f"{where}: {line}" for where, line in _ignores() if not EXPLAINED.search(line)]
    assert not unexplained, "\n".join(unexplained)


def test_the_rule_sees_an_unexplained_ignore() -> None:
    assert EXPLAINED.search("x = f()  # type: ignore[misc]  # a mixin: the widget after it has it")
    assert not EXPLAINED.search("x = f()  # type: ignore[misc]")
    assert not EXPLAINED.search("x = f()  # type: ignore  # why")


def test_no_module_is_excused_from_mypy() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = re.search(r"^\[tool\.mypy\]$(.*?)(?=^\[[a-z]|\Z)", text, re.MULTILINE | re.DOTALL)  # with its overrides
    assert section is not None
    mypy = section.group(1)
    assert 'packages = ["cardwidgets"]' in mypy
    assert "ignore_errors" not in mypy
