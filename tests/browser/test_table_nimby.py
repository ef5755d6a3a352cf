"""The Nimby ``Table`` in a real browser: clicks, keyboard, refusals and what the browser may know.

Every test drives the widget through the DOM hooks of ``docs/widget-protocol.md`` and checks the kernel
side with a second kernel client. Bots move instantly (``pace=0``); waits are on state, never on time.
Nestors and Tumbochka get their own ``test_table_<game>.py`` with the same fixtures (``open_table``).
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import string_tokens, wait_model

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(120)

SEAT = 0
NEW_DEAL = 'Table("nimby", seat=0, seed=3, bots="random", pace=0)'

# Seat 1 led AS, seats 2 and 3 had no spade: seat 0 (the learner) must follow with 3S or 4S (NIM-5),
# and also holds AH, 3H, 4D and AC (taken as dealer), which are illegal now.
FOLLOW_RECORD = {
    "game": "nimby",
    "dealer": 0,
    "deal": {
        "hands": [
            ["3S", "4S", "AH", "3H", "4D"],
            ["AS", "5S", "6S", "2C", "5D"],
            ["2S", "4H", "5H", "6H", "3C"],
            ["2H", "2D", "3D", "6D", "4C"],
        ],
        "turnup": "AC",
        "stock": ["5C", "6C", "AD"],
    },
    "actions": ["agree", "pass", "pass", "pass", "play AS", "play 4H", "play 3D"],
}
FOLLOW_CELL = f"record = {json.dumps(FOLLOW_RECORD)}"
FOLLOW_TABLE = 'Table.from_record(record, seat=0, bots="random", seed=1, pace=0)'


def hidden_from(seat):
    """A kernel expression: the cards ``seat`` may not see now (the other hands and the stock)."""
    return (
        f"sorted({{c.text for s, h in enumerate(t.state.hands) if s != {seat} for c in h}}"
        " | {c.text for c in t.state.deal['stock']})"
    )


def assert_only_own_hand(view, seat):
    """``view.hands`` has the learner's cards and ``None`` for every other seat."""
    hands = view["hands"]
    assert isinstance(hands[seat], list), view
    assert [s for s, hand in enumerate(hands) if s != seat and hand is not None] == [], hands


def received_views(table):
    """Every non-empty ``view`` the browser received (the widget opens with ``{}`` before its first sync)."""
    views = [state["view"] for state in table.nb.received_states() if "view" in state]
    assert all(view == {} or "hands" in view for view in views), views
    return [view for view in views if view]


def play_deal_by_clicking(table):
    """Agree in the trump phase, then click the first legal card, until the deal is over; returns the clicks."""
    clicked = []
    for _ in range(20):  # 1 trump decision + 6 cards; more means the table is stuck
        phase = table.wait_for_turn()
        if phase == "done":
            return clicked
        if phase == "trump":
            assert "agree" in table.actions()
            table.act("agree")
            clicked.append("agree")
        else:
            card = table.legal_cards()[0]
            table.play(card)
            clicked.append(f"play {card}")
    pytest.fail(f"the deal did not end after clicking {clicked}")


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_whole_deal_by_clicking(open_table, ui):
    table = open_table(NEW_DEAL, ui=ui)
    expect(table.root).to_have_attribute("data-game", "nimby")

    clicked = play_deal_by_clicking(table)

    assert clicked[0] == "agree"
    assert len(clicked) == 7
    assert table.learner_actions() == clicked
    assert table.kernel("[t.state.phase, len(t.state.history), t.state.thrown_in]") == ["done", 28, False]
    expect(table.root).to_have_attribute("data-phase", "done")
    expect(table.root.locator(".cw-hand .cw-card")).to_have_count(0)
    # the result (NIM-6: who took how many 2s, who scores what), and who took the last trick and why (NIM-5)
    expect(table.status).to_contain_text(table.kernel("t.state.score_explanation().text('en')"))
    expect(table.root.locator(".cw-why")).to_contain_text(table.kernel("t.state.tricks[-1].explanation.text('en')"))
    scores = table.kernel("t.match.scores")
    assert scores == table.kernel("t.state.score()") != [0, 0]  # a deal that was played always scores
    # nothing hidden reached the browser at any point of the deal
    views = received_views(table)
    assert len(views) >= 8  # the first view and one per click
    for view in views:
        assert_only_own_hand(view, SEAT)


def test_illegal_card_shows_reason_and_changes_nothing(open_table):
    table = open_table(FOLLOW_TABLE, cells=(FOLLOW_CELL,))
    assert table.wait_for_turn() == "play"
    assert sorted(table.legal_cards()) == ["3S", "4S"]
    assert "AH" in table.hand()
    hand = table.hand()
    before = table.kernel("[t.state.history, [[c.text for c in h] for h in t.state.hands]]")
    expect(table.error).to_have_text("")

    table.try_illegal("AH")

    error = table.kernel("t.error")
    assert error["action"] == "play AH"
    assert error["rule"] == "NIM-5"
    expect(table.error).to_contain_text(error["text"])
    expect(table.error).to_contain_text("NIM-5")
    table.nb.screenshot("refused")
    assert table.model()["error"] == error
    assert table.kernel("[t.state.history, [[c.text for c in h] for h in t.state.hands]]") == before
    assert table.hand() == hand
    assert sorted(table.legal_cards()) == ["3S", "4S"]
    expect(table.root).to_have_attribute("data-to-act", str(SEAT))

    table.play("3S")  # a legal card is still accepted, and the refusal goes away

    expect(table.error).to_have_text("")
    assert table.learner_actions()[-1] == "play 3S"


def test_keyboard_play(open_table):
    table = open_table(FOLLOW_TABLE, cells=(FOLLOW_CELL,))
    assert table.wait_for_turn() == "play"
    legal = table.legal_cards()
    assert len(legal) == 2
    assert set(table.hand()) - set(legal)  # illegal cards, which the arrows must skip
    page = table.page
    cells_before = page.locator(".jp-Cell").count()
    focused = "() => (document.activeElement && document.activeElement.dataset.card) || null"

    expect(table.root).to_have_attribute("data-lm-suppress-shortcuts", re.compile(".*"))
    table.root.focus()
    visited = []
    for _ in legal:
        page.keyboard.press("ArrowRight")
        visited.append(page.evaluate(focused))
    assert sorted(visited) == sorted(legal)  # each legal card once, nothing else
    page.keyboard.press("ArrowLeft")
    chosen = page.evaluate(focused)
    assert chosen == visited[-2]  # back to the previous one

    page.keyboard.press("Enter")
    expect(table.card(chosen)).to_have_count(0)

    assert table.learner_actions()[-1] == f"play {chosen}"
    # JupyterLab did not take the keys: no new cell, still in command mode
    assert page.locator(".jp-Cell").count() == cells_before
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode") == "command"


def test_hidden_cards_never_reach_the_browser(open_table):
    table = open_table(NEW_DEAL)
    table.wait_for_turn()
    hidden = set(table.kernel(hidden_from(SEAT)))
    assert len(hidden) == 15 + 3  # three other hands of 5 and the stock

    model = table.model()
    assert_only_own_hand(model["view"], SEAT)
    assert model["view"]["hand_sizes"] == [5, 5, 5, 5]
    received = table.nb.received_states()
    views = received_views(table)
    assert views
    for view in views:
        assert_only_own_hand(view, SEAT)
    # no hidden card anywhere in what the browser received ("ui" names every card of the deck: not a leak)
    tokens = set().union(*(string_tokens(state, skip={"ui"}) for state in received))
    assert set(model["view"]["my_hand"]) <= tokens  # the scan does see cards: the learner's own
    assert tokens & hidden == set()
    assert table.shown_cards() & hidden == set()
    for seat in (1, 2, 3):
        expect(table.root.locator(f'.cw-seat[data-seat="{seat}"] .cw-count')).to_contain_text("5")


def test_reveal_shows_every_hand(open_table):
    table = open_table(NEW_DEAL.replace("pace=0", "pace=0, reveal=True"))
    table.wait_for_turn()
    hands = table.kernel("[[c.text for c in h] for h in t.state.hands]")

    assert table.model()["view"]["hands"] == hands
    assert table.shown_cards() >= set(hands[1] + hands[2] + hands[3])


def test_two_views_stay_in_sync_and_redisplay_shows_the_same_state(notebook):
    nb = notebook([f"from cardwidgets import Table\nt = {NEW_DEAL}\nt", "t  # the same widget, shown a second time"])
    first, second = nb.page.locator(".cw-table").nth(0), nb.page.locator(".cw-table").nth(1)
    expect(nb.page.locator(".cw-table")).to_have_count(2)
    expect(first.locator('button[data-action="agree"]')).to_be_visible()
    first.locator('button[data-action="agree"]').click()  # a click in one view...
    expect(second).to_have_attribute("data-phase", "play")  # ...moves the other one too
    hand = first.locator(".cw-hand .cw-card")
    expect(second.locator(".cw-hand .cw-card")).to_have_count(hand.count())
    assert [c.get_attribute("data-card") for c in hand.all()] == [
        c.get_attribute("data-card") for c in second.locator(".cw-hand .cw-card").all()
    ]
    assert nb.kernel_json("t.state.history").count("agree") >= 1


def test_hint_and_bot_levels_from_the_side_panel(open_table):
    table = open_table(FOLLOW_TABLE, cells=(FOLLOW_CELL,))
    assert table.wait_for_turn() == "play"
    table.root.locator('button[data-command="hint"]').click()
    hint = table.root.locator(".cw-hint-text")
    expect(hint).to_be_visible()
    suggested = table.kernel("t.hint")
    assert suggested["action"] in [f"play {card}" for card in table.legal_cards()]  # 3S or 4S (NIM-5)
    expect(table.root.locator(".cw-hand .cw-card.cw-hinted")).to_have_attribute(
        "data-card", suggested["action"].split()[1]
    )
    table.root.locator('select.cw-bot-level[data-seat="2"]').select_option("search")
    # The kernel answers by syncing bot_levels back: once the browser-side model holds it, the kernel has it.
    # (The <select> shows "search" as soon as it is chosen, so it says nothing about the kernel.)
    wait_model(table.page, table.marker, "(m) => m.get('bot_levels')[2] === 'search'")
    assert table.kernel("t.bot_levels") == ["", "random", "search", "random"]
    expect(table.root.locator('select.cw-bot-level[data-seat="2"]')).to_have_value("search")


# Every value ``data-animating`` takes from now on (a MutationObserver keeps the old values, so none is lost).
_WATCH_ANIMATING_JS = """(root) => {
  const seen = [root.dataset.animating];
  root.__cwAnimating = seen;
  new MutationObserver((records) => records.forEach((record, i) => {
    seen.push(i + 1 < records.length ? records[i + 1].oldValue : root.dataset.animating);
  })).observe(root, {attributes: true, attributeFilter: ['data-animating'], attributeOldValue: true});
}"""


def test_bot_moves_are_animated_to_the_end_when_a_trait_changes_meanwhile(open_table):
    # The learner's 3S completes trick 1; the bots then lead and follow trick 2: four animated steps
    # (2 s each, 4 s for a completed trick). A trait that changes meanwhile (here the locale, from Python;
    # as well the Hint's answer or a trait synced after ``events`` in the same message) must not draw the
    # final position at once, with the learner's controls, while the animation goes on: a learner (or a
    # test) could act on a table that is about to disappear.
    table = open_table(FOLLOW_TABLE.replace("pace=0", "pace=2"), cells=(FOLLOW_CELL,))
    assert table.wait_for_turn() == "play"
    table.root.evaluate(_WATCH_ANIMATING_JS)

    table.play("3S")
    expect(table.root).to_have_attribute("data-animating", "true")
    table.nb.kernel_eval("t.locale = 'ru'")
    wait_model(table.page, table.marker, "(m) => m.get('locale') === 'ru'")
    assert table.wait_for_turn(timeout_ms=60_000) == "play"

    shown = table.root.evaluate("root => root.__cwAnimating")
    runs = [value for i, value in enumerate(shown) if i == 0 or shown[i - 1] != value]
    assert runs == ["false", "true", "false"], shown  # animated once, to the end, then the learner's turn
    expect(table.status).to_have_text(table.model()["ui"]["your_turn"])
