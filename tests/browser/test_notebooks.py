"""The teaching notebooks in a real browser, both editions: 03-nestors and its TrickExplorer; 00-start-here after
Run All."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import ARTIFACTS, kernel_eval, notebook_cell, open_notebook, run_all_cells

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(180)
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
EDITIONS = ("en", "ru")
#: Per edition: how section 5 of 00-start-here names the drill's trump, and how the drill shows it.
TRUMP_WORDS = {
    "en": ("Try this one: the trump suit is", "Trump: {}"),
    "ru": ("Попробуйте: козырная масть —", "Козырь: {}"),
}


def copy_notebook(root: Path, name: str, edition: str) -> str:
    """Put the ``edition``'s notebook ``name`` and the records it reads under the server's root; its path there."""
    path = name if edition == "en" else f"ru/{name}"
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(NOTEBOOKS / path, root / path)
    shutil.copytree(NOTEBOOKS / "records", root / "records", dirs_exist_ok=True)
    return path


@pytest.mark.parametrize("edition", EDITIONS)
def test_nestors_notebook_runs_and_its_trick_explorer_answers_a_click(page, jupyter_lab, edition):
    path = copy_notebook(Path(jupyter_lab.root_dir), "03-nestors.ipynb", edition)
    open_notebook(page, jupyter_lab, path)
    run_all_cells(page, timeout_s=150)

    # After Run All no explorer shows an outcome before the learner answers: the first prediction of section 3
    # waits for its answers, and the explorer of "predict, then check" is not the one the answer cells load.
    predicting = notebook_cell(page, 'first.predict("W3")').locator(".cw-explorer")
    expect(predicting).to_have_attribute("data-predicting", "true")
    to_check = notebook_cell(page, "explorer = TrickExplorer").locator(".cw-explorer")
    for unanswered in (predicting, to_check):
        expect(unanswered.locator(".cw-x-trick")).to_have_count(0)
        expect(unanswered.locator(".cw-x-options")).to_have_count(0)

    # The free explorer (the ones before it ask a prediction first): the cell that makes ``explorer``.
    explorer = notebook_cell(page, "explorer = TrickExplorer").locator(".cw-explorer")
    explorer.scroll_into_view_if_needed()
    explorer.locator('button[data-command="example"][data-value="1"]').click()  # the seed's first example
    expect(explorer.locator(".cw-x-trick")).to_have_attribute("data-rule", "W3b")
    ARTIFACTS.mkdir(exist_ok=True)
    explorer.screenshot(path=ARTIFACTS / f"trick-explorer-{edition}.png")

    # The kernel computed it (the front-end only draws): its result is what the page shows.
    code = "import json; print(json.dumps(explorer.result['trick']))"
    trick = json.loads(kernel_eval(jupyter_lab, path, code))
    assert trick["rule"] == "W3b"
    assert trick["winners"] == "AC"
    expect(explorer.locator(".cw-x-trick")).to_have_attribute("data-collector", trick["collector"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_start_here_run_all_judges_no_move_and_names_the_drills_trump(page, jupyter_lab, edition):
    """00-start-here after Run All: the coached table shows no verdict (nobody moved for the learner), and the
    trump the text names in section 5 is the one its drill draws."""
    path = copy_notebook(Path(jupyter_lab.root_dir), "00-start-here.ipynb", edition)
    open_notebook(page, jupyter_lab, path)
    run_all_cells(page, timeout_s=150)

    table = notebook_cell(page, 'cw.Table("nimby"').locator(".cw-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    expect(table.locator(".cw-feedback")).to_have_count(0)
    code = "import json; print(json.dumps([table.feedback, table.state.to_act, len(table.state.history)]))"
    feedback, to_act, actions = json.loads(kernel_eval(jupyter_lab, path, code))
    assert feedback == {}
    assert (to_act, actions) == (0, 1), "Run All took an action for the learner"  # only the bot before him spoke

    says, shows = TRUMP_WORDS[edition]
    cell = notebook_cell(page, says)
    cell.scroll_into_view_if_needed()
    prompt = cell.text_content() or ""
    named = re.search(re.escape(says) + r" ([♠♥♦♣])", prompt)
    assert named is not None, prompt
    drill = notebook_cell(page, 'Drill("nimby-higher-card"').locator(".cw-drill")
    expect(drill).to_have_count(1)
    expect(drill.locator(".cw-d-trump")).to_have_text(shows.format(named[1]))
