"""What a notebook says about the widget beside it is what that widget shows, in both editions.

- ``03-nestors`` §3: after Run All, no explorer shown before the answer cell shows a trick's outcome; the trick
  predicted first is the first of the seed's two examples (the text says so), and "C holds J♣ J♥ J♠ 9♦" is that
  example's hand.
- ``02-tumbochka`` §6: the sentence before the end-of-deal drill says how many statements are true, as the
  drill's own question does.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import Drill, TrickExplorer
from cardwidgets.games.nestors import predict as predicting
from cardwidgets.games.nestors.drills import SEED_TRICKS
from cardwidgets.games.nestors.explorer import EXAMPLES
from cardwidgets.i18n.names import card_text

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LOCALES = ("en", "ru")
#: The markdown cell after which the answer is printed: the widgets above it are questions.
ANSWER = {
    "en": "The answer (run this after you have predicted)",
    "ru": "Ответ (выполните, когда сделаете свой прогноз)",
}
#: How the text names C's hand in the seed's first example.
C_HOLDS = {"en": r"C holds ((?:\S+ ){3}\S+?)\.", "ru": r"у С на руках ((?:\S+ ){3}\S+?)\."}


def notebook(name: str, locale: str) -> Path:
    return NOTEBOOKS / name if locale == "en" else NOTEBOOKS / "ru" / name


def section(path: Path, number: int) -> list[dict[str, str]]:
    """The cells of ``## <number>.`` (heading excluded), as ``{"type", "source"}``."""
    cells, inside = [], False
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            inside = source.startswith(f"## {number}.")
            continue
        if inside:
            cells.append({"type": cell["cell_type"], "source": source})
    return cells


def first_code(path: Path) -> str:
    """The notebook's first code cell (its imports)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return next("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def run_cell(source: str, namespace: dict[str, Any]) -> Any:
    """Run ``source`` as a notebook cell; the value of its last line if that is an expression (what it shows)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


@pytest.mark.parametrize("locale", LOCALES)
def test_nestors_explorers_shown_before_the_answer_show_no_outcome_after_run_all(locale, monkeypatch):
    path = notebook("03-nestors.ipynb", locale)
    monkeypatch.chdir(path.parent)
    namespace: dict[str, Any] = {}
    run_cell(first_code(path), namespace)
    questions: list[TrickExplorer] = []
    answered = False
    for cell in section(path, 3):
        if cell["type"] == "markdown":
            answered = answered or cell["source"].startswith(ANSWER[locale])
            continue
        shown = run_cell(cell["source"], namespace)
        if isinstance(shown, TrickExplorer) and not answered:
            questions.append(shown)
    assert answered, "the section prints its answer after a marked cell"
    assert len(questions) == 2  # the Try-first prediction and the "predict, then check" explorer
    for explorer in questions:  # the state the widget shows once every cell of the section has run
        assert explorer.result["trick"] is None, explorer.text()
        assert explorer.result["options"] == [], explorer.text()


@pytest.mark.parametrize("locale", LOCALES)
def test_nestors_section_3_says_true_things_about_the_seeds_examples(locale):
    path = notebook("03-nestors.ipynb", locale)
    cells = section(path, 3)
    predicted = next(re.search(r'\.predict\("(\w+)"\)', c["source"]) for c in cells if ".predict(" in c["source"])
    assert predicted is not None
    case = predicting.CASES[predicted.group(1)]
    # "The trick you predicted above is the first of the two examples in the original Russian rules"
    assert (case.trump, (case.a, case.b, case.c)) in SEED_TRICKS
    example = EXAMPLES["1"]
    # "A leads 10♠ and B plays J♦, as in the trick you predicted at the start of this section"
    assert (example.trump, example.a, example.b) == (case.trump, case.a, case.b)
    text = " ".join(c["source"] for c in cells if c["type"] == "markdown")
    held = re.search(C_HOLDS[locale], re.sub(r"\s+", " ", text))
    assert held is not None
    assert example.hand is not None
    assert held.group(1).split() == [card_text(card, locale) for card in example.hand]
    # the drill that follows is not said to be a seed example (its tricks are random)
    assert "first question is one of" not in text
    assert "Первый вопрос — один из" not in text


@pytest.mark.parametrize("locale", LOCALES)
def test_tumbochka_end_drill_text_says_how_many_statements_are_true_as_the_drill_does(locale):
    cells = section(notebook("02-tumbochka.ipynb", locale), 6)
    found = [
        (before["source"], cell["source"])
        for before, cell in itertools.pairwise(cells)
        if cell["type"] == "code" and 'Drill("tumbochka-end", seed=2' in cell["source"]
    ]
    assert len(found) == 1
    markdown, code = found[0]
    drill = eval(code.split("\n", 1)[1], {"Drill": Drill})
    drill.locale = locale
    question = [line for line in drill.text().splitlines() if "? " in line][-1]
    claim = re.search(r"\? \(?([^()?]*)\.\)?$", question)  # "(One statement is true.)" / «Верный ответ один.»
    assert claim is not None
    assert claim.group(1) in re.sub(r"\s+", " ", markdown), (claim.group(1), markdown)

