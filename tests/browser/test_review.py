"""The Table's **Review** in a real browser: the entries are buttons that open the deal there.

A Nimby deal the learner (seat 0) has just played at random: **Review** is worked out in the kernel off the
message handler (the button is disabled meanwhile, a progress bar and Cancel show), then each costly
decision is a button numbered from 1; a click — or Enter — opens the deal at that decision right in the
table, with the analysis marks and the judge's verdict on the move played. In English and in Russian
(no Latin word in the Russian review but rule ids).
"""

from __future__ import annotations

import pytest
from conftest import wait_model
from test_table_russian import latin_in

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(180)

SETUP = """from cardwidgets import Table
from cardwidgets.bots import make_bot


def played(locale):
    table = Table("nimby", seat=0, seed=1, pace=0, bots="random", locale=locale)
    learner = make_bot("random", 1)
    while not table.state.is_done:
        table.act(learner.choose(table.state).text)
    return table"""
WORDS = {
    "en": {"review": "Review", "first": "Action "},
    "ru": {"review": "Обзор ходов", "first": "Ход "},
}


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_review_entry_opens_the_deal_at_that_decision_by_click_and_by_enter(open_table, locale):
    table = open_table(f'played("{locale}")', cells=(SETUP,))
    words = WORDS[locale]
    button = table.root.locator('button[data-command="review"]')
    expect(button).to_have_text(words["review"])
    button.click()
    wait_model(table.page, table.marker, "(m) => m.get('reviewed') === true", timeout_ms=90_000)
    expect(button).to_be_enabled()  # enabled again once the review is made
    entries = table.root.locator("button.cw-review-entry")
    rows = table.kernel("t.review_rows")
    assert len(rows) >= 2  # this deal has costly decisions: the test can fail
    expect(entries).to_have_count(len(rows))
    expect(entries.first.locator(".cw-review-index")).to_have_text("1. ")
    expect(entries.first).to_contain_text(words["first"])
    assert table.root.locator(".cw-review-entry").first.evaluate("(b) => getComputedStyle(b).cursor") == "pointer"

    entries.first.click()  # a click opens entry 1 right in the table
    wait_model(table.page, table.marker, "(m) => (m.get('review_view') || {}).entry === 1", timeout_ms=60_000)
    opened = table.root.locator("section.cw-review-replay")
    expect(opened).to_have_attribute("data-entry", "1")
    expect(opened).to_have_attribute("data-step", str(rows[0]["step"]))
    expect(opened.locator(".cw-board")).to_have_count(1)
    expect(opened.locator(".cw-analysis-verdict")).to_have_attribute("data-verdict", rows[0]["verdict"])
    if rows[0]["in_play"]:  # a card play: the analysis marks on the cards
        expect(opened.locator("[data-action].cw-dd")).not_to_have_count(0)
    table.nb.screenshot(f"review-open-{locale}")

    entries.nth(1).focus()  # Enter on entry 2 opens it
    table.page.keyboard.press("Enter")
    wait_model(table.page, table.marker, "(m) => (m.get('review_view') || {}).entry === 2", timeout_ms=60_000)
    expect(table.root.locator("section.cw-review-replay")).to_have_attribute("data-step", str(rows[1]["step"]))
    assert rows[0]["in_play"] or rows[1]["in_play"]  # one of the two shows the marks on the cards
    if rows[1]["in_play"]:
        expect(table.root.locator("section.cw-review-replay [data-action].cw-dd")).not_to_have_count(0)
    expect(entries.nth(1)).to_have_attribute("aria-current", "true")
    assert table.kernel("t.error") == {}
    if locale == "ru":
        assert latin_in(table.root.locator("section.cw-review")) == []

    table.root.locator('button[data-command="review_close"]').click()
    wait_model(table.page, table.marker, "(m) => Object.keys(m.get('review_view') || {}).length === 0")
    expect(table.root.locator("section.cw-review-replay")).to_have_count(0)
