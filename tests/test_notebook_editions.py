"""The Russian notebooks (``notebooks/ru/``) stay in step with the English ones.

A Russian notebook's code cells equal the English notebook's, up to the permitted differences only:
its first code cell may set the locale (``cw.set_locale("ru")``, with ``import cardwidgets`` if needed),
records are read from ``../records/`` (one folder down), a locale passed as ``"en"`` is ``"ru"``, and
comments (the learner reads them) are translated; ``NBVAL`` markers stay. Its markdown is Russian.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest

from cardwidgets.core.records import DEAL_KEYS, MATCH_KEYS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RU = NOTEBOOKS / "ru"
#: English notebooks that have a Russian edition: all of them (06 is the analysis notebook).
EDITIONS = [
    "00-start-here.ipynb", "01-nimby.ipynb", "02-tumbochka.ipynb", "03-nestors.ipynb", "04-instructor.ipynb",
    "05-strategy.ipynb", "06-analysis.ipynb", "07-classroom.ipynb", "08-puzzles.ipynb", "open.ipynb", "play.ipynb",
]
SET_LOCALE = re.compile(r"""^\s*(cw|cardwidgets)\.set_locale\((["'])ru\2\)\s*(#.*)?$""")
#: Four Latin words in a row, outside code spans: an English passage left in the Russian prose.
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[ ,;:]+[A-Za-z][A-Za-z'-]*){3,}")


def cells(path: Path, kind: str) -> list[str]:
    """The sources of ``path``'s cells of type ``kind``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == kind]


def tokens(code: str) -> list[tuple[int, str]]:
    """``code``'s tokens, without layout and comments (``NBVAL`` markers kept)."""
    kept = []
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        if token.type == tokenize.COMMENT and not token.string.startswith("# NBVAL"):
            continue
        kept.append((token.type, token.string))
    return kept


def without_set_locale(russian: str, english: str) -> str:
    """The Russian first cell without its permitted locale lines."""
    lines = [line for line in russian.splitlines() if not SET_LOCALE.match(line)]
    if "import cardwidgets" not in english.splitlines():
        lines = [line for line in lines if line.strip() != "import cardwidgets"]
    return "\n".join(lines) + "\n"


def same_token(english: tuple[int, str], russian: tuple[int, str]) -> bool:
    """Equal, or one of the permitted differences of a string literal."""
    if english == russian:
        return True
    if english[0] != tokenize.STRING or russian[0] != tokenize.STRING:
        return False
    if english[1] in ('"en"', "'en'") and russian[1] == english[1].replace("en", "ru"):
        return True
    normalised = russian[1].replace("../records/", "records/")
    if normalised[:1] in "fF":  # an f-string passing a locale inside: f"{rank_plural(trump, 'ru')}"
        normalised = re.sub(r"""(["'])ru\1\)""", r"\1en\1)", normalised)
    return normalised == english[1]


def code_differences(english: list[str], russian: list[str]) -> list[str]:
    """Where the Russian code cells differ from the English ones beyond what is permitted."""
    if len(english) != len(russian):
        return [f"{len(russian)} code cells, the English notebook has {len(english)}"]
    problems = []
    for number, (en, ru) in enumerate(zip(english, russian, strict=True)):
        if number == 0:
            ru = without_set_locale(ru, en)  # noqa: PLW2901 - the normalised cell
        en_tokens, ru_tokens = tokens(en), tokens(ru)
        if len(en_tokens) != len(ru_tokens) or not all(map(same_token, en_tokens, ru_tokens)):
            problems.append(f"code cell {number + 1} differs:\n--- en\n{en}\n--- ru\n{ru}")
    return problems


def english_runs(markdown: str) -> list[str]:
    """Runs of four or more Latin words in ``markdown``, outside code spans, code blocks and links."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return LATIN_RUN.findall(text)


@pytest.mark.parametrize("name", EDITIONS)
def test_russian_code_cells_are_the_english_ones(name):
    assert code_differences(cells(NOTEBOOKS / name, "code"), cells(RU / name, "code")) == []


@pytest.mark.parametrize("name", EDITIONS)
def test_russian_markdown_has_no_english_passage(name):
    for markdown in cells(RU / name, "markdown"):
        assert english_runs(markdown) == [], markdown
        assert re.search("[а-яё]", markdown, flags=re.IGNORECASE), markdown


def test_every_notebook_has_both_editions_and_is_listed():
    russian = sorted(path.name for path in RU.glob("*.ipynb"))
    assert russian == sorted(EDITIONS)
    assert sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")) == sorted(EDITIONS)  # no English-only notebook


def test_the_checks_catch_drift():
    english = ['import cardwidgets as cw\nDEAL = "records/x.json"  # a deal\n', 'Drill("t", locale="en")\n']
    fine = ['import cardwidgets as cw\ncw.set_locale("ru")\nDEAL = "../records/x.json"  # сдача\n',
            'Drill("t", locale="ru")\n']
    assert code_differences(english, fine) == []
    drifted = [fine[0], 'Drill("t", seed=2, locale="ru")\n']
    assert len(code_differences(english, drifted)) == 1
    assert len(code_differences(english, [fine[0].replace("x.json", "y.json"), fine[1]])) == 1
    assert len(code_differences(english, fine[:1])) == 1
    assert code_differences(["print(f\"{name(t, 'en')}\")"], ["print(f\"{name(t, 'ru')}\")"]) == []
    assert english_runs("Это `play the card now` по-русски") == []
    assert english_runs("Это the card you may play") == ["the card you may play"]


#: Latin words: two letters or more (a single letter is a Latin position name at most).
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")
#: What may stay Latin in what a Russian notebook prints; every other Latin word fails:
#: - rule ids: ``NIM-1``, ``N-3``, ``TUM-8``, ``NES-6a``, ``E-4``, ``W3b``;
#: - card codes in capitals (``AS``, ``10H``): 00-start-here teaches the notation («AS -> Т♠»);
#: - where a record error points into the file, the record's own text (``docs/records.md``; ru/04 says so):
#:   the field that starts the line (``deal: …``, ``start: …``) and an action as written («действие 9 «play 7S»»);
#: - names the code chose: a room and its tables (``class-3``, ``class-3-t1``), and the names of programs.
ALLOWED = re.compile(
    r"\b[A-Z]{1,8}-\d+[a-z]?\b|\bW\d[ab]?\b"
    r"|\b(?:10|[2-9AKQJ])[SHDC]\b"
    rf"|^(?:{'|'.join(sorted(DEAL_KEYS | MATCH_KEYS))}):"
    r"|\bдействие \d+ «[a-z]+(?: [0-9A-Z]+)*»"
    r"|\b[a-z]+(?:-[a-z]*\d+)+\b"
    r"|\bJupyterLab\b",
    flags=re.MULTILINE,
)
#: Cells that print data as the code takes it, and why; only a line that is a Python literal is let through, and
#: each of its Latin words is named in a code span of the Russian markdown right before the cell.
CODE_SHOWN = {
    ("00-start-here.ipynb", "0363997b"): "state.legal_strings(): the action strings state.apply() takes",
}


def printed(cell: dict[str, Any]) -> str:
    """What a code cell printed or returned as text, a widget's stand-in too (a viewer without widgets shows it).

    A picture's plain-text stand-in (matplotlib's ``<Figure size … with 2 Axes>``) is left out: every viewer
    shows the picture.
    """
    text = ""
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "text" in output:
            text += "".join(output["text"])
        elif not any(kind.startswith("image/") for kind in data):
            text += "".join(data.get("text/plain", ""))
    return text


def is_literal(line: str) -> bool:
    """Whether ``line`` is a Python literal (a list of action strings, as ``print`` shows it)."""
    try:
        ast.literal_eval(line.strip())
    except (ValueError, SyntaxError):
        return False
    return bool(line.strip())


def english_words(path: Path) -> list[tuple[str, str]]:
    """(cell id, word) of every Latin word a notebook's code cells print, but what ``ALLOWED`` lets through."""
    found = []
    notebook = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(notebook):
        if cell["cell_type"] != "code":
            continue
        lines = printed(cell).splitlines()
        if (path.name, cell["id"]) in CODE_SHOWN:
            shown = [line for line in lines if is_literal(line)]
            prose = "".join(notebook[number - 1]["source"])
            spans = set(re.findall(r"`([^`]+)`", prose))
            named = {word for line in shown for word in LATIN_WORD.findall(line)}
            assert named, f"{path.name} {cell['id']}: no code shown"
            assert named <= spans, f"{path.name} {cell['id']}: the prose before it does not name {named - spans}"
            lines = [line for line in lines if line not in shown]
        found += [(cell["id"], word) for line in lines for word in LATIN_WORD.findall(ALLOWED.sub(" ", line))]
    return found


@pytest.mark.parametrize("name", EDITIONS)
def test_a_russian_lesson_prints_russian(name: str) -> None:
    """No English in what a Russian notebook prints: its words come from ``cw.lesson_text`` and the other i18n."""
    english = english_words(RU / name)
    assert not english, f"ru/{name}: Latin words in the outputs (cell id, word): {sorted(set(english))}"


def test_the_output_check_lets_through_only_what_it_says() -> None:
    assert LATIN_WORD.findall(ALLOWED.sub(" ", "взятка (NES-6 W3b), AS -> Т♠, стол class-3-t1, в JupyterLab")) == []
    assert LATIN_WORD.findall(ALLOWED.sub(" ", "deal: карта В♠ встречается дважды; действие 9 «play 7S»")) == []
    wrong = ("seat 1 may", "игрок 1: play 7S", "ход «pass»", "код: deal", "{'play 3D': 1}", "карта AS is", "True", "of")
    for english in wrong:
        assert LATIN_WORD.findall(ALLOWED.sub(" ", english)), english
    assert is_literal("['agree', 'pass']")
    assert not is_literal("seat 1 may: agree")
