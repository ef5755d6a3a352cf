"""A coached Tumbochka deal, then its **Review**, in a real browser: the Review says what the coach said.

The learner (seat 0, seed 5) is the forced opener and then the declarer: he gives two cards from the
talon and raises to 8 — three moves the coach calls mistakes as they are clicked — then plays his cards.
The Review lists every decision the coach called an inaccuracy or a mistake, under the same word
("Mistake." / «Ошибка.») with the coach's own sentence, and nothing else as costly; each entry opens the
deal at the step its number names ("step k of n", the replay's own count). English and Russian.
"""

from __future__ import annotations

import pytest
from conftest import wait_model
from test_table_russian import latin_in

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(400)  # the suite's browser tests share one worker: room for a busy machine

COSTLY = ("inaccuracy", "mistake")
ACTION = {"en": "Action", "ru": "Ход"}
#: The learner's choices at the talon (TUM-4): two gifts, then the raise.
TALON = (("8H", "give 8H 1"), ("KH", "give KH 2"))
RAISE = "raise 8"
WAIT = 120_000  # ms: a click's answer (the coach, the bots) on a loaded machine


def constructor(locale: str) -> str:
    return f'Table("tumbochka", seat=0, seed=5, bots="heuristic", pace=0, coach=True, locale="{locale}")'


def coached_click(table, said: dict, click) -> None:
    """Make one learner move with ``click()``; keep the coach's verdict on it (model and page) by action number."""
    legal = table.kernel("t.legal")
    number = len(table.model()["view"]["history"]) + 1
    click()
    wait_model(table.page, table.marker, "(m, n) => m.get('view').history.length >= n", number, timeout_ms=WAIT)
    feedback = table.model()["feedback"]
    box = table.root.locator(".cw-feedback")
    expect(box).to_have_attribute("data-verdict", feedback["verdict"])
    if len(legal) > 1:  # a decision (a forced move is not one)
        said[number] = {**feedback, "word": box.locator(".cw-verdict").inner_text().strip()}


def play_to_the_end(table, said: dict) -> None:
    """The learner's cards: the first legal action each time (a card by its click, anything else by its button)."""
    while table.wait_for_turn(timeout_ms=WAIT) != "done":
        action = table.kernel("t.legal")[0]
        words = action.split()
        if len(words) == 2 and words[0] == "play":
            coached_click(table, said, lambda card=words[1]: table.card(card).click())
        else:
            button = table.root.locator(f'button[data-action="{action}"]')
            coached_click(table, said, button.click)


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_the_review_of_a_coached_deal_says_what_the_coach_said(open_table, locale):
    table = open_table(constructor(locale))
    said: dict[int, dict] = {}
    assert table.wait_for_turn(timeout_ms=WAIT) == "bidding"
    assert table.actions() == ["bid 4"]  # the forced opener (TUM-3): no choice, so no decision to review
    coached_click(table, said, lambda: table.root.locator('button[data-action="bid 4"]').click())
    assert table.wait_for_turn(timeout_ms=WAIT) == "talon"
    for card, give in TALON:
        table.card(card).click()
        coached_click(table, said, lambda give=give: table.root.locator(f'button[data-action="{give}"]').click())
    coached_click(table, said, lambda: table.root.locator(f'button[data-action="{RAISE}"]').click())
    history = table.kernel("t.state.history")
    walked = {history[n - 1]: said[n] for n in said}
    for action in ("give 8H 1", "give KH 2", RAISE):  # the coach spoke on the gifts and the raise
        assert walked[action]["verdict"] == "mistake", walked[action]
    table.nb.screenshot(f"coached-{locale}")
    play_to_the_end(table, said)

    button = table.root.locator('button[data-command="review"]')
    button.click()
    wait_model(table.page, table.marker, "(m) => m.get('reviewed') === true", timeout_ms=240_000)
    rows = table.kernel("t.review_rows")
    costly = {n for n, verdict in said.items() if verdict["verdict"] in COSTLY}
    assert {row["number"] for row in rows if row["group"] == "costly"} == costly
    listed = table.root.locator(".cw-review-list .cw-review-row")
    expect(listed).to_have_count(len(costly))
    expect(table.root.locator(".cw-review-none")).to_have_count(0)
    for number in sorted(costly):  # the same word and the coach's own sentence, under the same number
        entry = table.root.locator(f'.cw-review-list .cw-review-row[data-number="{number}"]')
        expect(entry).to_have_attribute("data-verdict", said[number]["verdict"])
        expect(entry.locator(".cw-review-verdict")).to_have_text(said[number]["word"])
        verdict_clause = said[number]["text"].split(" — ")[0]
        text = entry.locator(".cw-review-text").inner_text()
        assert text.startswith(f"{ACTION[locale]} {number}: {verdict_clause}"), (text, said[number]["text"])
    for entry in table.root.locator(".cw-review-face-up .cw-review-row").all():  # apart: never called costly
        assert said[int(entry.get_attribute("data-number"))]["verdict"] not in COSTLY
    table.nb.screenshot(f"review-{locale}")

    raised = next(row for row in rows if row["action"] == RAISE)  # open the raise: the step its number names
    table.root.locator(f'.cw-review-row[data-number="{raised["number"]}"] button.cw-review-entry').click()
    wait_model(table.page, table.marker, "(m, i) => (m.get('review_view') || {}).entry === i", raised["index"])
    opened = table.root.locator("section.cw-review-replay")
    expect(opened).to_have_attribute("data-step", str(raised["number"] - 1))
    heading = opened.locator(".cw-review-replay-heading").inner_text()
    replay_heading = table.kernel(f"t.review_replay({raised['index']}).text().splitlines()[0]")
    count = replay_heading.rsplit(" — ", 1)[1]  # the replay's own "step k of n" / «шаг k из n»
    assert count in heading, (heading, replay_heading)
    assert f" {raised['number']}," in heading
    expect(opened.locator(".cw-analysis-verdict")).to_have_attribute("data-verdict", "mistake")
    assert table.kernel("t.error") == {}
    if locale == "ru":
        assert latin_in(table.root.locator("section.cw-review")) == []
    table.nb.screenshot(f"review-open-{locale}")
