"""01-nimby and 02-tumbochka in a real browser: they run, a drill asks before it tells, the coach speaks.

Each notebook is run whole in JupyterLab. Then the learner answers one of its drills wrong and then right (the
verdict cites the rule, and the kernel agrees). The coached first deal shows no verdict after Run All (the notebook
moves for nobody), and the coach's verdict once the learner has moved.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import kernel_eval, notebook_cell, open_notebook, run_all_cells

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(240)
#: The learner's turn on a table (its bots' moves drawn), and the first thing the learner may click there.
LEARNERS_TURN_JS = """(root) => root.dataset.animating === 'false' && root.dataset.toAct === '0'
  && root.querySelectorAll('.cw-hand .cw-card.cw-legal, button[data-action]').length > 0"""
FIRST_CONTROL_JS = """(root) => {
  const card = root.querySelector('.cw-hand .cw-card.cw-legal');
  if (card) return {card: card.dataset.card};
  const button = root.querySelector('button[data-action]');
  return button ? {action: button.dataset.action} : null;
}"""
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class Case(NamedTuple):
    """A notebook, one of its drills (a wrong and a right answer, the rule they cite) and its coached table."""

    name: str
    drill_call: str
    wrong: int
    right: int
    rule: str
    table_call: str


CASES = [
    Case("01-nimby.ipynb", 'Drill("nimby-trick-winner", seed=1)', 2, 0, "NIM-5", "seed=10, coach=True"),
    Case("02-tumbochka.ipynb", 'Drill("tumbochka-troyan", seed=4)', 1, 0, "TUM-5", "seed=9, coach=True"),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_game_notebook_drill_and_coach(page, jupyter_lab, case):
    name, drill_call, wrong, right, rule, table_call = case
    root = Path(jupyter_lab.root_dir)
    shutil.copy(NOTEBOOKS / name, root / name)
    shutil.copytree(NOTEBOOKS / "records", root / "records", dirs_exist_ok=True)
    open_notebook(page, jupyter_lab, name)
    run_all_cells(page, timeout_s=180)

    drill = notebook_cell(page, drill_call).locator(".cw-drill")
    expect(drill).to_have_count(1)
    drill.scroll_into_view_if_needed()
    expect(drill).to_have_attribute("data-state", "question")
    expect(drill.locator(".cw-d-feedback")).to_have_text("")  # asked, not yet told

    drill.locator(f'button.cw-d-option[data-option="{wrong}"]').click()
    feedback = drill.locator(".cw-d-feedback")
    expect(feedback).to_have_class("cw-d-feedback cw-d-wrong")
    expect(feedback).to_have_attribute("data-rule", rule)
    drill.locator(f'button.cw-d-option[data-option="{right}"]').click()
    expect(feedback).to_have_class("cw-d-feedback cw-d-right")
    expect(feedback.locator(".cw-d-rule")).to_have_text(rule)
    expect(drill.locator(".cw-d-score")).to_have_text("Score: 0 of 1")  # only the first answer counts

    # The kernel graded it: the drill object of that cell (the notebook does not name it) is found by its topic.
    topic = drill_call.split('"')[1]
    code = (
        "import gc, json\nfrom cardwidgets import Drill\n"
        # the one answered (a rule section may open with another drill of the same topic)
        f"d = [o for o in gc.get_objects() if isinstance(o, Drill) and o.topic == {topic!r} and o.score['asked']][0]\n"
        "print(json.dumps([d.score, d.feedback['correct'], d.feedback['rule']]))"
    )
    assert json.loads(kernel_eval(jupyter_lab, name, code)) == [{"asked": 1, "right": 0}, True, rule]

    # The coached first deal: Run All moved for nobody, so the coach has said nothing yet.
    table = notebook_cell(page, table_call).locator(".cw-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    verdict = table.locator(".cw-feedback")
    expect(verdict).to_have_count(0)
    code = (
        "import gc, json\nfrom cardwidgets import Table\n"
        "coached = [o for o in gc.get_objects() if isinstance(o, Table) and o.coach]\n"
        "print(json.dumps([t.feedback for t in coached]))"
    )
    assert json.loads(kernel_eval(jupyter_lab, name, code)) == [{}]  # the one coached table of the notebook

    # The learner moves (the first legal card, else the first action button): now the coach judges that move.
    page.wait_for_function(LEARNERS_TURN_JS, arg=table.element_handle(), timeout=60_000)
    first = table.evaluate(FIRST_CONTROL_JS)
    if "card" in first:
        table.locator(f'.cw-hand .cw-card.cw-legal[data-card="{first["card"]}"]').click()
    else:
        table.locator(f'button[data-action="{first["action"]}"]').click()
    expect(verdict).to_have_count(1, timeout=60_000)
    (shown,) = json.loads(kernel_eval(jupyter_lab, name, code))
    assert shown["verdict"] in {"best", "good", "inaccuracy", "mistake", "no_choice"}
    expect(verdict.locator(".cw-feedback-text")).to_contain_text(shown["text"])
