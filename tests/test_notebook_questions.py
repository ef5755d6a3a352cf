"""The question before the rule: in 00–03, both editions, a section opens with a graded question; what a lesson
says about a drill is the drill's, and Run All neither moves for a coached learner nor closes what it showed.

A *rule section* is a ``## `` section whose heading names a rule id. It *opens with a
graded question* when, right after its heading (and the goal line), a "Try first" prompt
stands and the section's first code cell is a graded interaction — a ``Drill`` or a
``TrickExplorer`` in predict mode — before any explanation. Every rule section of 01–03
does; a new rule section without one fails. The graded interactions per
notebook are counted (``GRADED``): drills and predict-mode positions, before or after the rule.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
RULE = re.compile(r"\b(?:NIM|TUM|NES)-\d|\b[NTE]-\d|\bW\d")
GRADED_CODE = re.compile(r"\bDrill\(|\.predict\(")
TRY_FIRST = ("**Try first.**", "**Сначала попробуйте.**")
#: The notebooks checked: every rule section in them opens with a graded question.
NAMES = ("01-nimby.ipynb", "02-tumbochka.ipynb", "03-nestors.ipynb")
#: Graded interactions per notebook (a count each notebook must reach): at least these.
GRADED = {"01-nimby.ipynb": 11, "02-tumbochka.ipynb": 11, "03-nestors.ipynb": 17}
PATHS = [NOTEBOOKS / name for name in NAMES] + [NOTEBOOKS / "ru" / name for name in NAMES]


def sections(path: Path) -> list[tuple[str, list[dict]]]:
    """(heading line, the cells of the section after its heading cell) for every ``## `` section."""
    out: list[tuple[str, list[dict]]] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            out.append((source.splitlines()[0], []))
        elif out:
            out[-1][1].append({"type": cell["cell_type"], "source": source})
    return out


def opens_with_a_question(cells: list[dict]) -> bool:
    """A "Try first" prompt, then a graded code cell, before any other cell."""
    return (
        len(cells) >= 2
        and cells[0]["type"] == "markdown"
        and cells[0]["source"].startswith(TRY_FIRST)
        and cells[1]["type"] == "code"
        and GRADED_CODE.search(cells[1]["source"]) is not None
    )


@pytest.mark.parametrize("path", PATHS, ids=[f"{p.parent.name}/{p.name}" for p in PATHS])
def test_rule_sections_open_with_a_graded_question(path: Path) -> None:
    without = set()
    for heading, cells in sections(path):
        if not RULE.search(heading):
            continue
        number = heading.split(" ", 2)[0] + " " + heading.split(" ", 2)[1]
        if not opens_with_a_question(cells):
            without.add(number)
    assert not without, "rule sections that do not open with a graded question"


@pytest.mark.parametrize("path", PATHS, ids=[f"{p.parent.name}/{p.name}" for p in PATHS])
def test_graded_interactions_are_counted(path: Path) -> None:
    graded = sum(
        1
        for _heading, cells in sections(path)
        for cell in cells
        if cell["type"] == "code" and GRADED_CODE.search(cell["source"])
    )
    print(f"{path.parent.name}/{path.name}: {graded} graded interactions")
    assert graded >= GRADED[path.name]


#: ``00-start-here`` has no rule ids in its headings: every numbered section of it opens with a graded question.
START = [NOTEBOOKS / "00-start-here.ipynb", NOTEBOOKS / "ru" / "00-start-here.ipynb"]
ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "ru").glob("*.ipynb"))
#: A sentence naming a drill's trump before it: "the trump suit is ♥" / «козырная масть — ♥».
TRUMP_SENTENCE = re.compile(r"the trump suit is ([♠♥♦♣])|козырная масть — ([♠♥♦♣])")
DRILL_CALL = re.compile(r"""Drill\(\s*["']([\w-]+)["']\s*,\s*seed=(\d+)\s*\)""")


def notebook_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", START, ids=[notebook_id(p) for p in START])
def test_every_section_of_start_here_opens_with_a_graded_question(path: Path) -> None:
    numbered = [(heading, cells) for heading, cells in sections(path) if re.match(r"## \d", heading)]
    assert len(numbered) >= 6
    without = [heading for heading, cells in numbered if not opens_with_a_question(cells)]
    assert not without, "sections of 00-start-here that tell before they ask"


def cells_of(path: Path) -> list[dict]:
    return [{"type": cell["cell_type"], "source": "".join(cell["source"])}
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[notebook_id(p) for p in ALL_NOTEBOOKS])
def test_a_trump_named_before_a_drill_is_the_drills_trump(path: Path) -> None:
    """"Try this one: the trump suit is ♥" must be the trump of the drill the next code cell makes."""
    from cardwidgets import Drill

    locale = "ru" if path.parent.name == "ru" else "en"
    label = {"en": "Trump: ", "ru": "Козырь: "}[locale]
    cells = cells_of(path)
    checked = 0
    for number, cell in enumerate(cells):
        named = [a or b for a, b in TRUMP_SENTENCE.findall(cell["source"])] if cell["type"] == "markdown" else []
        if not named:
            continue
        following = next(c["source"] for c in cells[number + 1:] if c["type"] == "code")
        call = DRILL_CALL.search(following)
        assert call is not None, f"cell {number} names a trump, but the next code cell makes no drill"
        shown = Drill(call[1], seed=int(call[2]), locale=locale).text()
        for suit in named:
            assert f"{label}{suit}" in shown, f"cell {number} says {suit}, the drill shows:\n{shown}"
        checked += 1
    if path.name == "00-start-here.ipynb":
        assert checked == 1, "00-start-here names the trump of its first drill in section 5"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[notebook_id(p) for p in ALL_NOTEBOOKS])
def test_run_all_makes_no_move_for_a_coached_learner(path: Path) -> None:
    """A coached table judges the learner's moves: no cell moves at it for them (its verdict would be on that move)."""
    code = [cell["source"] for cell in cells_of(path) if cell["type"] == "code"]
    coached = {match[1] for source in code for match in re.finditer(r"(\w+) = .*Table\(.*coach=True", source)}
    moving = [source for source in code for name in coached if re.search(rf"\b{name}\.act\(", source)]
    assert not moving, f"cells that move for the learner at a coached table: {moving}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[notebook_id(p) for p in ALL_NOTEBOOKS])
def test_run_all_leaves_every_widget_on_the_page(path: Path) -> None:
    """A lesson shows what its text promises after Run All: no cell closes a widget it showed (07's learner table)."""
    closing = [cell["source"] for cell in cells_of(path) if cell["type"] == "code" and ".close()" in cell["source"]]
    assert not closing, f"cells that close a widget: {closing}"


DRILL_CALL = re.compile(r'Drill\("(?P<topic>[a-z0-9-]+)", seed=(?P<seed>\d+)')


@pytest.mark.parametrize("edition", [NOTEBOOKS, NOTEBOOKS / "ru"], ids=["en", "ru"])
def test_every_drill_a_learner_meets_starts_fresh(edition: Path) -> None:
    """Progress is kept per topic and seed: a drill shown in two lessons would open the second at question 2."""
    shown: dict[tuple[str, str], str] = {}
    twice = []
    for path in sorted(edition.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            for found in DRILL_CALL.finditer("".join(cell["source"])):
                key = (found["topic"], found["seed"])
                if key in shown and shown[key] != path.name:
                    twice.append(f"{key} in {shown[key]} and {path.name}")
                shown.setdefault(key, path.name)
    assert not twice
