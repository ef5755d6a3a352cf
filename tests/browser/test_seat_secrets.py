"""A seat's view keeps its secrets against a real page: the browser tries to play another
seat's cards in ``HandReplay(seat=k)``; the kernel refuses each the same way, and nothing the page
received — any trait, any error, in any notation — names a card hidden from seat k.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import wait_model

from cardwidgets import HandReplay
from cardwidgets.i18n.names import cards_named
from cardwidgets.i18n.tools import tool_text

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(180)

RECORD = Path(__file__).parents[2] / "notebooks" / "records" / "nimby" / "bots-deal-makers-take-two.json"
MARKER = "# cw:seat-secrets"


def test_the_page_cannot_play_another_seats_cards_in_a_seat_view(notebook):
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    expected = HandReplay(record, step=4, seat=0)
    other = expected.state.to_act
    assert other not in (None, 0)
    tries = [*expected.state.legal_strings(), "pass", "play 2C", "play AS"]
    nb = notebook([f"record = {json.dumps(record)}",
                   f"{MARKER}\nfrom cardwidgets import HandReplay\nr = HandReplay(record, step=4, seat=0)\nr"])
    root = nb.page.locator(".jp-CodeCell").filter(has_text=MARKER).locator(".cw-replay")
    expect(root).to_have_attribute("data-seat", "0")
    refused = tool_text("err_not_your_turn", "en", seat=0)
    for number, action in enumerate(tries):
        wait_model(nb.page, MARKER, "(m) => true")
        nb.page.evaluate(
            "([marker, action]) => { const m = window.__cwModels[marker];"
            " m.set('error', {}); m.send({action}); }",
            [MARKER, action],
        )
        wait_model(nb.page, MARKER, "(m, text) => ((m.get('error') || {}).text || '') === text", refused)
        expect(root).to_contain_text(refused[:30])
        assert nb.kernel_json("[r.step, r.branched_at, len(r.line)]") == [4, None, 4], (number, action)
    hidden = expected.state.knowledge(0).hidden()
    page_text = root.inner_text()
    assert not cards_named(page_text) & hidden
    # Every state the page received; of the fixed words (``ui``) only the deal's note can hold a card.
    states = [
        {**{k: v for k, v in s.items() if k not in ("_esm", "_css", "ui")}, "note": s.get("ui", {}).get("deal_note")}
        for s in nb.received_states()
    ]
    received = cards_named(json.dumps(states, ensure_ascii=False))
    assert not received & hidden, sorted(map(str, received & hidden))
    assert not nb.console, nb.console
