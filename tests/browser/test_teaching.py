"""Teaching surfaces in a real browser (JupyterLab): a coached move shows its verdict; a seat's-view replay
shows no other hand until Reveal; a Russian drill reads Russian only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import wait_model
from test_table_russian import LATIN, READ_PAGE, RULE_ID

from cardwidgets import HandReplay

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(180)

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")
RECORD = Path(__file__).parents[2] / "notebooks" / "records" / "nestors" / "nes7-whole-deal-and-last-trick.json"


def test_a_coached_move_shows_its_verdict(open_table):
    table = open_table('Table("nimby", seat=0, seed=3, bots="random", pace=0, coach=True)')
    table.wait_for_turn()
    feedback = table.root.locator(".cw-feedback")
    expect(feedback).to_have_count(0)  # nothing to judge before the first move
    first = table.kernel("t.legal[0]")
    if first.startswith("play "):
        table.play(first.split()[1])
    else:
        table.act(first)
    verdict = table.kernel("t.feedback")
    assert verdict["verdict"] in ("best", "good", "inaccuracy", "mistake", "no_choice")
    expect(feedback).to_have_attribute("data-verdict", verdict["verdict"])
    expect(feedback.locator(".cw-verdict")).to_have_text(
        {
            "best": "Best move.",
            "good": "As good as the best.",
            "inaccuracy": "Inaccuracy.",
            "mistake": "Mistake.",
            "no_choice": "No difference.",
        }[verdict["verdict"]]
    )
    expect(feedback).to_contain_text(verdict["text"][:40])


def test_a_seat_view_replay_hides_other_hands_until_reveal(notebook):
    marker = "# cw:replay"
    record = json.loads(RECORD.read_text())
    replay = f"{marker}\nfrom cardwidgets import HandReplay\nr = HandReplay(record, step=20, seat=1)\nr"
    cells = [f"record = {json.dumps(record)}", replay]
    nb = notebook(cells)
    root = nb.page.locator(".jp-CodeCell").filter(has_text=marker).locator(".cw-replay")
    expect(root).to_have_attribute("data-revealed", "false")
    expect(root).to_have_attribute("data-seat", "1")
    expected = HandReplay(record, step=20, seat=1)
    allowed = set(CARD_TOKEN.findall(json.dumps(expected.state.view(1))))
    shown = set(root.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert shown
    assert shown <= allowed, sorted(shown - allowed)
    expect(root.locator(".cw-board .cw-back").first).to_be_visible()
    states = [{k: v for k, v in state.items() if k not in ("ui", "_esm", "_css")} for state in nb.received_states()]
    received = set().union(*(CARD_TOKEN.findall(json.dumps(state)) for state in states))
    assert received <= allowed, sorted(received - allowed)  # nothing hidden reached the page, in any trait
    root.locator('button[data-command="reveal"]').click()
    wait_model(nb.page, marker, "(m) => m.get('revealed') === true")
    expect(root).to_have_attribute("data-revealed", "true")
    expect(root.locator(".cw-board .cw-back")).to_have_count(0)
    every = {c.text for hand in expected.state.hands for c in hand}
    shown = set(root.locator(".cw-seat [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert every <= shown


def test_a_russian_drill_reads_russian_only(notebook):
    marker = "# cw:drill-ru"
    # question 1 of seed 1 whatever earlier tests in this server answered (a Drill resumes where it was)
    fresh = 'Drill("nestors-trick-winner", seed=1).reset()'
    drill = 'd = Drill("nestors-trick-winner", seed=1, locale="ru")'
    cell = f"{marker}\nfrom cardwidgets import Drill\n{fresh}\n{drill}\nd"
    nb = notebook([cell])
    root = nb.page.locator(".jp-CodeCell").filter(has_text=marker).locator(".cw-drill")
    expect(root).to_have_attribute("data-state", "question")
    text = root.evaluate(READ_PAGE)
    assert "Козырь" in text or "козыр" in text
    assert LATIN.findall(RULE_ID.sub("", text)) == []
    root.locator('button.cw-d-option[data-option="0"]').click()  # a wrong answer first
    wait_model(nb.page, marker, "(m) => (m.get('feedback') || {}).correct === false")
    root.locator('button.cw-d-option[data-option="1"]').click()
    wait_model(nb.page, marker, "(m) => (m.get('feedback') || {}).correct === true")
    text = root.evaluate(READ_PAGE)
    assert "NES-6" in text
    assert LATIN.findall(RULE_ID.sub("", text)) == []
