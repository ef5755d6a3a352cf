"""HandReplay's **Analysis** switch in a real browser: marks on the cards, the panel, and no leak.

A Nimby position (notebooks/06-analysis, section 1: seat 3 to lead trick 3, only A♣ keeps the makers' 3)
is shown twice: in the instructor's view, where the Analysis button turns the double-dummy marks on and
off; and in seat 1's view, which has no Analysis button and refuses the message the button would send,
so no double-dummy value — which would give the hidden hands away — ever reaches the browser.
"""

from __future__ import annotations

import pytest
from conftest import wait_model

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(120)

SETUP = """from cardwidgets import HandReplay, new_game
from cardwidgets.bots import make_bot

state = new_game("nimby", seed=37)
bots = [make_bot("heuristic", 370 + seat) for seat in range(4)]
while not (state.phase == "play" and len(state.hands[state.to_act]) == 4 and not state.tricks[-1].plays):
    state.apply(bots[state.to_act].choose(state))
step = len(state.history)"""
FULL = "# cw:analysis-full"
SEAT = "# cw:analysis-seat"
CELLS = [
    SETUP,
    f"{FULL}\nfull = HandReplay(state, step=step)\nfull",
    f"{SEAT}\nseat = HandReplay(state, step=step, seat=1)\nseat",
]


def test_the_analysis_switch_marks_the_cards_and_is_refused_in_a_seat_view(notebook):
    nb = notebook(CELLS)
    root = nb.page.locator(".jp-CodeCell").filter(has_text=FULL).locator(".cw-replay")
    switch = root.locator('button[data-command="analysis"]')
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(root.locator(".cw-analysis")).to_have_count(0)

    switch.click()
    wait_model(nb.page, FULL, "(m) => (m.get('analysis_view') || {}).status === 'done'")
    expect(root.locator('button[data-command="analysis"]')).to_have_attribute("aria-pressed", "true")
    board = root.locator(".cw-board")
    expect(board.locator('.cw-dd-best[data-action="play AC"]')).to_have_count(1)
    expect(board.locator('.cw-dd-best[data-action="play AC"]')).to_have_attribute("data-dd-value", "3")
    expect(board.locator("[data-action].cw-dd-loss")).to_have_count(3)
    # the value is the makers' 2s (1); the mark what it loses in the deal's score for seat 3:
    # 3 twos score the makers +2, 1 two scores them −2 and the defenders 3 — a loss of 7
    expect(board.locator('.cw-dd-loss[data-action="play 2S"] .cw-dd-mark')).to_have_text("2s: 1 · −7 points")
    panel = root.locator("section.cw-analysis")
    expect(panel).to_have_attribute("data-status", "done")
    expect(panel.locator(".cw-analysis-side")).to_have_text("Values: the 2s the makers take (seats 1, 3).")
    expect(panel.locator(".cw-analysis-values li")).to_have_count(4)
    expect(panel.locator(".cw-analysis-kind")).to_have_text("Only card: a single action keeps the best result.")
    expect(panel.locator(".cw-analysis-line")).to_contain_text("Best line from here: Play A♣, Play 5♣")
    expect(panel.locator(".cw-analysis-legend li")).to_have_count(3)
    nb.screenshot("analysis-on")
    assert nb.kernel_json("[full.analysis, full.error]") == [True, {}]

    root.locator('button[data-command="analysis"]').click()
    wait_model(nb.page, FULL, "(m) => m.get('analysis') === false")
    expect(root.locator(".cw-analysis")).to_have_count(0)
    expect(root.locator(".cw-board .cw-dd")).to_have_count(0)

    # Seat 1's view: no switch, and the message the switch would send is refused.
    seat_root = nb.page.locator(".jp-CodeCell").filter(has_text=SEAT).locator(".cw-replay")
    expect(seat_root.locator('button[data-command="reveal"]')).to_have_count(1)
    expect(seat_root.locator('button[data-command="analysis"]')).to_have_count(0)
    wait_model(nb.page, SEAT, "(m) => true")
    nb.page.evaluate(f"() => window.__cwModels[{SEAT!r}].send({{command: 'analysis', on: true}})")
    wait_model(nb.page, SEAT, "(m) => ((m.get('error') || {}).text || '').includes('Reveal')")
    assert nb.kernel_json("[seat.analysis, seat.analysis_view]") == [False, {}]
    expect(seat_root.locator(".cw-analysis")).to_have_count(0)
    assert nb.model_state(SEAT)["analysis_view"] == {}  # no value reached the seat's view
    assert not nb.console, nb.console


TABLE = "# cw:review-table"
TABLE_CELLS = [
    f"""{TABLE}
from cardwidgets import Table
from cardwidgets.bots import make_bot

table = Table("nimby", seat=0, seed=3, pace=0)
learner = make_bot("random", 3)
while not table.state.is_done:
    table.act(learner.choose(table.state).text)
table"""
]


def test_the_review_button_lists_the_costly_decisions_with_both_costs(notebook):
    nb = notebook(TABLE_CELLS)
    root = nb.page.locator(".jp-CodeCell").filter(has_text=TABLE).locator(".cw-table")
    expect(root.locator(".cw-review")).to_have_count(0)
    root.locator('button[data-command="review"]').click()
    wait_model(nb.page, TABLE, "(m) => m.get('reviewed') === true")
    rows = nb.kernel_json("table.review_rows")
    assert rows  # this deal has costly decisions (notebooks/06-analysis, section 5)
    items = root.locator("li.cw-review-row")
    expect(items).to_have_count(len(rows))
    assert items.evaluate_all("els => els.map(e => Number(e.dataset.number))") == [row["number"] for row in rows]
    last = rows[-1]
    expect(items.last.locator(".cw-review-text")).to_have_text(last["text"])
    expect(items.last.locator(".cw-review-dd")).to_have_text(f"lost with all cards face up: {last['dd']}")
    expect(items.last.locator(".cw-review-mc")).to_contain_text(f"lost on what you could see: {last['mc']}")
    nb.screenshot("review")
    assert not nb.console, nb.console
