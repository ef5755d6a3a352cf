"""A game's words live in its ``words``, ``texts`` and ``lessons`` modules, in both languages.

A Russian text written inline in a game's engine, bot or drills (``{"en": "trump", "ru": "козырь"}``)
escapes the catalogue checks (``tests/test_russian_catalogue.py``) and the translators; so every
string with a Cyrillic letter in a game package's other modules is a finding — docstrings and
comments, which quote the Russian seeds (``«перезаказать»``), aside.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
GAMES = ROOT / "cardwidgets" / "games"
#: The modules of a game package that hold its words.
WORD_MODULES = ("words.py", "texts.py", "lessons.py")
CYRILLIC = re.compile("[А-Яа-яЁё]")


def inline_words(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of each string with a Cyrillic letter in ``source``, its docstrings left out."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and CYRILLIC.search(node.value)
    ]


def game_code() -> list[Path]:
    """Every module of the built-in game packages but their words."""
    return [path for path in sorted(GAMES.rglob("*.py")) if path.name not in WORD_MODULES]


@pytest.mark.parametrize("path", game_code(), ids=lambda path: str(path.relative_to(ROOT)))
def test_a_game_keeps_its_words_in_its_words_modules(path: Path) -> None:
    found = inline_words(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)}: Russian words outside words/texts/lessons: {found}"


def test_the_check_finds_inline_words_and_spares_docstrings_and_comments() -> None:
    source = '''"""Модуль."""


def f() -> dict[str, str]:
    """Функция: «козырь»."""
    return {"en": "trump", "ru": "козырь"}  # «козырь»
'''
    assert inline_words(source) == [(6, "козырь")]
    assert inline_words('"""Только «документация»."""\nX = {"en": "trump"}  # и комментарий\n') == []
