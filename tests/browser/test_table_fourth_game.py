"""A fourth game that lives only in the tests (``tests/fourth_game``) is played in a ``Table`` in a real browser.

Nothing generic knows it: the kernel imports it, it registers itself, and
the same widget and front-end draw it, take the learner's clicks and refuse an illegal card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(120)

TESTS = Path(__file__).resolve().parents[1]
REGISTER = f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport fourth_game\nfourth_game.register_troika()"
NEW_DEAL = 'Table("troika", seat=0, seed=2, bots="heuristic", pace=0)'


def test_a_whole_deal_by_clicking(open_table):
    table = open_table(NEW_DEAL, cells=(REGISTER,))
    expect(table.root).to_have_attribute("data-game", "troika")
    clicked = []
    for _ in range(8):  # 4 cards; more means the table is stuck
        if table.wait_for_turn() == "done":
            break
        card = table.legal_cards()[0]
        table.play(card)
        clicked.append(f"play {card}")
    assert len(clicked) == 4
    assert table.learner_actions() == clicked
    assert table.kernel("[t.state.phase, len(t.state.history)]") == ["done", 12]
    expect(table.root).to_have_attribute("data-phase", "done")
    assert sum(table.kernel("t.state.score()")) == 4
    expect(table.root.locator(".cw-why")).to_contain_text(table.kernel("t.state.tricks[-1].explanation.text('en')"))


def test_an_illegal_card_is_refused_with_its_rule(open_table):
    table = open_table('Table("troika", seat=2, seed=1, bots="heuristic", pace=0)', seat=2, cells=(REGISTER,))
    assert table.wait_for_turn() == "play"
    legal = table.legal_cards()
    other = [card for card in table.hand() if card not in legal]
    assert legal == ["AD"]  # seed 1: seat 1 led QD; seat 2 holds AD and three others
    assert other
    before = table.kernel("t.state.history")
    table.try_illegal(other[0])
    error = table.kernel("t.error")
    assert error["rule"] == "TRO-2"
    expect(table.error).to_contain_text(error["text"])
    assert table.kernel("t.state.history") == before
