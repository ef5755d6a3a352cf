"""The Russian notebooks (``notebooks/ru/``) stay in step with the English ones (issue 14).

A Russian notebook's code cells equal the English notebook's, up to the permitted differences only:
its first code cell may set the locale (``cw.set_locale("ru")``, with ``import cardwidgets`` if needed),
records are read from ``../records/`` (one folder down), a locale passed as ``"en"`` is ``"ru"``, and
comments (the learner reads them) are translated; ``NBVAL`` markers stay. Its markdown is Russian.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RU = NOTEBOOKS / "ru"
#: English notebooks that have a Russian edition: all of them (issue 14; 06 is issue 15's analysis notebook).
EDITIONS = [
    "00-start-here.ipynb", "01-nimby.ipynb", "02-tumbochka.ipynb", "03-nestors.ipynb", "04-instructor.ipynb",
    "05-strategy.ipynb", "06-analysis.ipynb", "07-classroom.ipynb", "play.ipynb",
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


#: Russian notebooks whose every printed output is Russian (besides the code a learner types).
RUSSIAN_OUTPUT = ["00-start-here.ipynb", "01-nimby.ipynb"]
#: What may stay Latin in a Russian output: card codes (``AS``, ``10H``), rule ids (``NIM-1``, ``N-3``),
#: action strings printed as the Python list the engine takes (``['agree', 'pass']``), file paths.
CODE_WORDS = re.compile(
    r"\b(?:10|[2-9AKQJ])[SHDC]\b|\b[A-Z]{1,3}-\d+[a-z]?\b|'[a-z]+(?: [0-9A-Z]+)?'|\S*/\S*"
)


def outputs(path: Path) -> list[tuple[int, str]]:
    """(cell number, text) of every stream and ``text/plain`` output saved in the notebook."""
    found = []
    for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            found.append((number, "".join(text)))
    return found


@pytest.mark.parametrize("name", RUSSIAN_OUTPUT)
def test_a_russian_lesson_prints_russian(name: str) -> None:
    """No English label in what the Russian edition prints: its labels come from ``cw.lesson_text`` (i18n)."""
    english = {
        (number, word)
        for number, text in outputs(RU / name)
        for word in re.findall(r"[A-Za-z][A-Za-z'-]+", CODE_WORDS.sub(" ", text))
    }
    assert not english, f"ru/{name}: Latin words in the outputs (cell, word): {sorted(english)}"
