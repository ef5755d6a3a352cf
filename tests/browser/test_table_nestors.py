"""The Nestors ``Table`` in a real browser (JupyterLab): bidding, trump, the bidder's trick, C and the table card.

Each test opens a prepared record (``docs/records.md``) positioned so that the learner's clicks are the
decisions that matter; the bots are random, so a record never relies on what they choose. The kernel side
is checked with a second kernel client, and what the browser received is read from its widget manager.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import from_record, wait_model

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_stack skips (or fails) these tests with the reason
    expect = None

pytestmark = pytest.mark.timeout(120)

# One deal for every test. Seat 0 holds J♠ 10♠ K♥ Q♥ 9♥ (then 7♠ 6♥ J♦): a J and a 10 but no Ace.
# The row is 6♣ (face down), 6♦ 7♣ 8♣.
DEAL = {
    "row": ["6C", "6D", "7C", "8C"],
    "hands": [
        ["JS", "10S", "KH", "QH", "9H"],
        ["JC", "AC", "KC", "QC", "8D"],
        ["9S", "AS", "KS", "QS", "8S"],
        ["8H", "AH", "10H", "JH", "7H"],
    ],
    "extra": [["7S", "6H", "JD"], ["10C", "9C", "7D"], ["6S", "9D", "10D"], ["AD", "KD", "QD"]],
}
FACE_DOWN = "6C"

# Dealer 0: seat 1 bid 60, seat 2 passed, seat 3 bid 65; the learner (seat 0) speaks next.
BIDDING_RECORD = {"game": "nestors", "dealer": 0, "deal": DEAL, "actions": ["bid 60", "pass", "bid 65"]}
# Seat 1 made Jacks trump and took 6♦ 7♣ with J♣ (8♣ is the table card); in trick 2 A (seat 2) led 9♠ and
# B (seat 3) played 8♥. The learner (seat 0) is C and holds J♦, a third suit: he must play J♦ or a trump
# (J♠, J♦), never 10♠ 7♠ K♥ Q♥ 9♥ 6♥ (NES-6). Either Jack wins for A and C (W3a), so C collects (NES-7).
C_RECORD = {
    "game": "nestors",
    "dealer": 0,
    "deal": DEAL,
    "actions": ["bid 60", "pass", "pass", "pass", "trump J", "open JC 6D 7C", "play 9S", "play 8H"],
}
C_LEGAL = ["JS", "JD"]
# Dealer 3: seats 0 and 1 passed, seat 2 bid 60; the learner is seat 3 and still to speak.
PASS_RECORD = {"game": "nestors", "dealer": 3, "deal": DEAL, "actions": ["pass", "pass", "bid 60"]}

# Kernel-side helpers, defined in the notebook before the table.
HELPERS = """\
from cardwidgets.games.nestors.tricks import c_may_play


def c_choice(state):
    (_, a), (_, b) = state.tricks[-1].plays
    legal, why = c_may_play(a, b, state.hands[state.to_act], state.trump)
    return {"legal": [c.text for c in legal], "text": why.text("en"), "rule": why.rule}


def hand_of(seat):
    return [c.text for c in t.state.hands[seat]]
"""


def record_cells(record):
    """The cells that run before the table: the record and the kernel-side helpers."""
    return (f"record = {json.dumps(record)}", HELPERS)


def assert_positions(table, seat):
    """Anticlockwise (NES): the next seat in turn order sits on the learner's right, then top, then left."""
    expect(table.root.locator(".cw-seat.cw-pos-bottom")).to_have_attribute("data-seat", str(seat))
    for offset, position in ((1, "right"), (2, "top"), (3, "left")):
        box = table.root.locator(f".cw-seat.cw-pos-{position}")
        expect(box).to_have_count(1)
        expect(box).to_have_attribute("data-seat", str((seat + offset) % 4))


def assert_c_choice(table):
    """The learner is C: ``.cw-legal`` is exactly what ``c_may_play`` allows, and ``.cw-notice`` says why."""
    choice = table.kernel("c_choice(t.state)")
    assert choice["rule"] == "NES-6"
    assert table.legal_cards() == [card for card in table.hand() if card in choice["legal"]]
    assert sorted(table.legal_cards()) == sorted(choice["legal"])
    notice = table.root.locator(".cw-notice")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text(choice["text"])
    expect(notice).to_contain_text("NES-6")
    return choice


def test_bidding_trump_and_the_opening_trick(open_table):
    table = open_table(from_record(0), cells=record_cells(BIDDING_RECORD))
    expect(table.root).to_have_attribute("data-game", "nestors")
    assert table.wait_for_turn() == "bidding"
    assert_positions(table, 0)

    # only the legal bids are offered: above 65, in steps of 5, up to 190, and pass (NES-4)
    assert table.actions() == ["pass"] + [f"bid {n}" for n in range(70, 195, 5)]
    assert table.actions() == table.kernel("t.legal")
    table.act("bid 190")

    # nobody can bid more than 190: seats 1 and 3 had to pass, and the learner is the bidder
    assert table.wait_for_turn() == "trump"
    assert table.seated_history() == [
        (1, "bid 60"), (2, "pass"), (3, "bid 65"), (0, "bid 190"), (1, "pass"), (3, "pass"),
    ]  # fmt: skip
    expect(table.root.locator(".cw-contract")).to_contain_text("190")
    # he holds a Jack and a Ten but no Ace among his five cards (NES-5, E-5)
    assert table.actions() == ["trump J", "trump 10"]

    # a card is not an answer in the trump phase: refused with the reason, nothing changes
    before = table.kernel("[t.state.history, hand_of(0)]")
    hand = table.hand()
    table.try_illegal("KH")
    error = table.kernel("t.error")
    assert error["action"] == "play KH"
    assert error["rule"] == "NES-5"
    expect(table.error).to_contain_text(error["text"])
    expect(table.error).to_contain_text("NES-5")
    assert table.kernel("[t.state.history, hand_of(0)]") == before
    assert table.hand() == hand

    table.act("trump 10")

    # the face-down card and the second batch joined the learner's hand; the row has three face-up cards
    assert table.wait_for_turn() == "open"
    expect(table.error).to_have_text("")
    assert sorted(table.hand()) == sorted([*DEAL["hands"][0], FACE_DOWN, *DEAL["extra"][0]])
    assert sorted(table.kernel("hand_of(0)")) == sorted(table.hand())
    ui = table.model()["ui"]
    expect(table.root.locator(".cw-trump .cw-value")).to_have_text(ui["rank_names"]["10"])
    expect(table.root.locator('.cw-hand .cw-card[data-card="10S"]')).to_have_class(re.compile("cw-trump-card"))
    row = table.root.locator(".cw-group-row")
    expect(row.locator(".cw-card")).to_have_count(3)
    expect(row.locator(".cw-back")).to_have_count(0)
    # his highest card is 10♠, the only trump: it goes with any two of the three face-up cards (NES-6a)
    assert table.actions() == ["open 10S 6D 7C", "open 10S 6D 8C", "open 10S 7C 8C"]
    table.act("open 10S 6D 8C")

    # trick 2 is led by seat 1 and played by seats 1, 2, 3 while the learner sits out (D); the collector
    # leaves a card; trick 3 is led by seat 2, so the learner plays it as C
    assert table.wait_for_turn() == "play"
    seated = table.seated_history()
    assert seated[6:8] == [(0, "trump 10"), (0, "open 10S 6D 8C")]
    assert [seat for seat, _ in seated[8:11]] == [1, 2, 3]
    assert seated[11][1].startswith("leave ")
    assert [seat for seat, _ in seated[12:]] == [2, 3]
    tricks = table.kernel("[trick.to_json() for trick in t.state.tricks]")
    assert tricks[0] == {"plays": [[0, "10S"], [None, "6D"], [None, "8C"]], "collector": 0, "left": None}
    assert tricks[1]["left"] == seated[11][1].split()[1] == table.kernel("t.state.table.text")
    assert [seat for seat, _ in tricks[2]["plays"]] == [2, 3]
    assert table.kernel("t.state.order") == [2, 3, 0]
    assert len(table.hand()) == 8
    expect(table.root).to_have_attribute("data-to-act", "0")
    assert_c_choice(table)


def test_c_restricted_choice_then_leave_the_table_card(open_table):
    table = open_table(from_record(0), cells=record_cells(C_RECORD))
    assert table.wait_for_turn() == "play"
    assert table.kernel("[t.state.position(), t.state.order]") == ["C", [2, 3, 0]]
    assert [card for _, card in table.kernel("t.state.tricks[-1].to_json()['plays']")] == ["9S", "8H"]
    expect(table.root.locator(".cw-trick .cw-card")).to_have_count(2)

    # the legal cards are those c_may_play allows, and the notice explains C's obligation (NES-6)
    choice = assert_c_choice(table)
    assert choice["legal"] == C_LEGAL
    expect(table.root.locator(".cw-notice")).to_contain_text("third suit")

    # an illegal card: the reason, citing NES-6, and nothing changes in the kernel
    before = table.kernel("[t.state.history, hand_of(0), t.state.phase, t.state.to_act]")
    hand = table.hand()
    table.try_illegal("KH")
    error = table.kernel("t.error")
    assert error["action"] == "play KH"
    assert error["rule"] == "NES-6"
    assert "J♦" in error["text"]  # the third-suit card he holds (written with its suit sign, never a code)
    expect(table.error).to_contain_text(error["text"])
    expect(table.error).to_contain_text("NES-6")
    table.nb.screenshot("c-refused")
    assert table.kernel("[t.state.history, hand_of(0), t.state.phase, t.state.to_act]") == before
    assert table.hand() == hand
    assert table.legal_cards() == C_LEGAL

    # keyboard play: the arrows visit only the legal cards, Enter plays the focused one
    page = table.page
    cells_before = page.locator(".jp-Cell").count()
    focused = "() => (document.activeElement && document.activeElement.dataset.card) || null"
    table.root.focus()
    visited = []
    for _ in C_LEGAL:
        page.keyboard.press("ArrowRight")
        visited.append(page.evaluate(focused))
    assert visited == C_LEGAL
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == "JS"
    played_before = len(table.model()["view"]["history"])
    page.keyboard.press("Enter")
    expect(table.card("JS")).to_have_count(0)  # at once: the card leaves the hand before the kernel answers
    # the kernel's answer (the move in the history) before the turn is read: until then the page shows the old phase
    wait_model(page, table.marker, "(m, n) => m.get('view').history.length > n", played_before)
    # JupyterLab did not take the keys: no new cell, still in command mode
    assert page.locator(".jp-Cell").count() == cells_before
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode") == "command"

    # B played no trump and C did: A and C win, C collects (W3a) and chooses the table card (NES-7)
    assert table.wait_for_turn() == "leave"
    expect(table.error).to_have_text("")
    assert table.learner_actions() == ["pass", "play JS"]
    trick = table.kernel("t.state.tricks[-1].to_json()")
    assert trick == {"plays": [[2, "9S"], [3, "8H"], [0, "JS"]], "collector": 0, "left": None}
    expect(table.root.locator(".cw-why")).to_contain_text("W3a")
    pending = ["9S", "8H", "JS", "8C"]  # the three cards played and the table card
    assert table.kernel("[c.text for c in t.state.pending]") == pending
    group = table.root.locator(".cw-group-pending")
    assert group.locator(".cw-card").evaluate_all("els => els.map(e => e.dataset.card)") == pending
    expect(group.locator(".cw-card.cw-legal")).to_have_count(4)
    assert table.actions() == [f"leave {card}" for card in pending]
    assert table.legal_cards() == []  # no card of the hand can be played now
    table.nb.screenshot("leave")

    table.act("leave 8H")

    # 8♥ is the new table card; the partnership of seats 0 and 2 took the other three
    assert table.kernel("[t.state.table.text, t.state.tricks[1].left.text]") == ["8H", "8H"]
    assert sorted(table.kernel("[c.text for c in t.state.taken[0]]")) == sorted(["9S", "JS", "8C"])
    history = table.kernel("t.state.history")
    assert history[: len(C_RECORD["actions"])] == C_RECORD["actions"]
    assert history[len(C_RECORD["actions"]) : len(C_RECORD["actions"]) + 2] == ["play JS", "leave 8H"]
    assert table.learner_actions() == ["pass", "play JS", "leave 8H"]
    # trick 3 is led by seat 3 (E-6): the learner plays it as B
    assert table.wait_for_turn() == "play"
    assert table.kernel("t.state.order") == [3, 0, 1]
    expect(table.root.locator('.cw-group-table .cw-card[data-card="8H"]')).to_have_count(1)


def test_hidden_cards_never_reach_the_browser(open_table):
    table = open_table(from_record(3), seat=3, cells=record_cells(PASS_RECORD))
    assert table.wait_for_turn() == "bidding"
    assert_positions(table, 3)
    secret = {FACE_DOWN} | {card for cards in DEAL["extra"] for card in cards}  # undealt, even the learner's own
    others = {card for seat, cards in enumerate(DEAL["hands"]) if seat != 3 for card in cards}

    view = table.model()["view"]
    assert view["row"] == [None, "6D", "7C", "8C"]
    assert "extra" not in view
    assert view["undealt"] == 12
    assert sorted(view["my_hand"]) == sorted(DEAL["hands"][3]) == sorted(table.kernel("hand_of(3)"))
    assert [s for s, hand in enumerate(view["hands"]) if hand is not None] == [3]
    row = table.root.locator(".cw-group-row")
    expect(row.locator(".cw-back")).to_have_count(1)
    expect(row.locator(".cw-card")).to_have_count(3)
    tokens = table.received_tokens()
    assert set(view["my_hand"]) <= tokens  # the scan does see cards: the learner's own
    assert tokens & (secret | others) == set()
    assert table.shown_cards() & (secret | others) == set()

    first_after = len(table.nb.received_states())
    table.act("pass")

    # three passes: seat 2 bids 60, names the trump, takes the face-down card and opens; the second batch
    # is dealt and trick 2 is led by the learner (the seat after the bidder)
    assert table.wait_for_turn() == "play"
    seated = table.seated_history()
    assert seated[:4] == [(0, "pass"), (1, "pass"), (2, "bid 60"), (3, "pass")]
    assert [seat for seat, _ in seated[4:]] == [2, 2]
    assert table.kernel("t.state.order") == [3, 0, 1]
    mine = DEAL["hands"][3] + DEAL["extra"][3]
    assert sorted(table.hand()) == sorted(mine)
    hidden = set(table.kernel("sorted(c.text for s in (0, 1, 2) for c in t.state.hands[s])"))
    assert FACE_DOWN in hidden  # in the bidder's hand now
    assert len(hidden) == 8 + 8 + 8
    view = table.model()["view"]
    assert [s for s, hand in enumerate(view["hands"]) if hand is not None] == [3]
    assert view["hand_sizes"] == [8, 8, 8, 8]
    assert "extra" not in view
    assert view["undealt"] == 0
    assert table.received_tokens(first_after) & hidden == set()
    assert table.received_tokens() & hidden == set()
    assert table.shown_cards() & hidden == set()
    for seat in (0, 1, 2):
        expect(table.root.locator(f'.cw-seat[data-seat="{seat}"] .cw-count')).to_contain_text("8")
