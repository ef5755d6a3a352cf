"""The Table widget, kernel side: messages, hidden cards, records, matches.

These tests drive the widget exactly as the front-end does, by sending it the
custom messages of docs/widget-protocol.md; the browser tests in tests/browser/
do the same through real clicks.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import send_message

from cardwidgets import GAMES, Table, replay
from cardwidgets.bots import RandomBot


def synced_state(table: Table) -> str:
    """Everything the browser receives: the synced traits, as JSON."""
    state = table.get_state()  # the serialized model state, as sent to the front-end
    return json.dumps({k: v for k, v in state.items() if not k.startswith("_")}, sort_keys=True)


def hidden_cards(table: Table) -> set[str]:
    """Cards in other seats' hands, which the learner must not see."""
    return {c.text for seat, hand in enumerate(table.state.hands) if seat != table.seat for c in hand}


def test_a_legal_action_is_applied_and_bots_answer() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    assert table.state.to_act == 0
    send_message(table, {"action": table.legal[0]})
    assert table.error == {}
    assert table.state.history[table.state.history.index("agree")] == "agree"
    assert table.state.to_act == 0 or table.state.is_done  # bots played until it is our turn again
    assert table.events[0]["seat"] == 0


def test_an_illegal_action_sets_error_and_changes_nothing() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    before = synced_state(table)
    history = list(table.state.history)
    send_message(table, {"action": "play 2C"})
    assert table.error["rule"] == "ACTIONS"
    assert "not possible now" in table.error["text"]
    assert table.state.history == history
    after = json.loads(synced_state(table))
    after["error"] = {}
    assert json.dumps(after) == before


def test_illegal_card_reason_cites_the_rule_in_the_learners_language() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0, locale="ru")
    while not table.state.is_done:
        state = table.state
        if state.phase == "play" and state.tricks[-1].plays:
            legal = set(table.legal)
            illegal = [f"play {c}" for c in state.hands[0] if f"play {c}" not in legal]
            if illegal:
                send_message(table, {"action": illegal[0]})
                assert table.error["rule"] == "NIM-5"
                assert "должен положить карту масти" in table.error["text"]
                return
        send_message(table, {"action": table.legal[0]})
    pytest.fail("no illegal card came up in this deal")


@pytest.mark.parametrize(
    "content",
    ["play 2C", ["play 2C"], {"action": 5}, {"action": "agree", "extra": 1}, {"command": "explode"}, {}, None],
)
def test_malformed_messages_are_refused(content: Any) -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    history = list(table.state.history)
    send_message(table, content)
    assert "did not understand" in table.error["text"]
    assert table.state.history == history


def test_acting_out_of_turn_is_refused() -> None:
    table = Table("nimby", seat=2, seed=3, pace=0)
    assert table.state.to_act == 2  # bots always play up to the learner's turn...
    table.state.to_act = 1  # ...so force a bot's turn for this test
    assert not table.act("agree")
    assert "seat 1's turn" in table.error["text"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hidden_cards_never_reach_the_browser(name: str) -> None:
    table = Table(name, seat=1, seed=11, pace=0)
    for _ in range(200):
        synced = json.loads(synced_state(table))
        synced.pop("ui")  # names every card of the deck, which is no secret
        assert all(hand is None for seat, hand in enumerate(synced["view"]["hands"]) if seat != table.seat)
        private = {"hands", "my_hand", "trumps", "legal"}
        public = json.dumps({k: v for k, v in synced["view"].items() if k not in private})
        everything = json.dumps(synced)
        for card in hidden_cards(table):
            if f'"{card}"' in everything:  # a hidden card may only show where it is public (played, shown)
                assert f'"{card}"' in public or f" {card}" in public, card
        if table.state.is_done:
            break
        table.act(table.legal[0])


def test_reveal_shows_every_hand() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0, reveal=True)
    assert all(hand is not None for hand in table.view["hands"])
    table.reveal = False
    assert [hand is None for hand in table.view["hands"]] == [False, True, True, True]


def test_record_round_trip_and_from_record() -> None:
    table = Table("nimby", seat=0, seed=5, pace=0)
    for _ in range(3):
        if table.state.is_done:
            break
        table.act(table.legal[-1])
    record = table.record
    assert replay(record).summary() == table.state.summary()
    again = Table.from_record(record, seat=0, pace=0)
    assert again.state.summary() == table.state.summary()
    assert again.view == table.view


def test_from_record_continues_with_bots() -> None:
    record = {"game": "nimby", "dealer": 3, "seed": 8, "actions": []}
    table = Table.from_record(record, seat=2, bots="random", pace=0)
    assert table.state.to_act == 2  # seats 0 and 1 (bots) have spoken
    assert len(table.state.history) == 2


def test_next_deal_and_match_end() -> None:
    table = Table("nimby", seat=0, seed=1, pace=0, rules={"target": 4})
    assert not table.next_deal()
    assert "finish this deal" in table.error["text"]
    for _ in range(500):
        while not table.state.is_done:
            table.act(table.legal[0])
        if table.scoreboard["over"]:
            break
        send_message(table, {"command": "next_deal"})
    assert table.scoreboard["over"]
    assert table.scoreboard["winner"] in (0, 1)
    assert max(table.match.scores) >= 4
    assert not table.next_deal()
    assert "match is over" in table.error["text"]


def test_locale_switch_relabels() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    assert table.labels["agree"] == "Agree"
    table.locale = "ru"
    assert table.labels["agree"] == "Согласиться"
    assert table.ui["card_names"]["2C"] == "двойка треф"


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        Table("nimby", seat=4)
    with pytest.raises(ValueError, match="one of en, ru"):
        Table("nimby", locale="de")
    with pytest.raises(ValueError, match='unknown bot "genius"'):
        Table("nimby", bots="genius")
    with pytest.raises(ValueError, match="unknown game"):
        Table("poker")


def test_bots_can_be_given_as_objects() -> None:
    bots = [RandomBot(s) for s in range(4)]
    table = Table("nimby", seat=0, seed=3, bots=bots, pace=0)
    assert table.bots == bots


def test_text_repr_is_deterministic() -> None:
    first = Table("nimby", seat=0, seed=3, pace=0).text()
    assert first == Table("nimby", seat=0, seed=3, pace=0).text()
    assert first.startswith("Table(nimby, seat 0, phase trump")


def test_hint_suggests_a_legal_action_with_a_reason() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    send_message(table, {"command": "hint"})
    assert table.error == {}
    assert table.hint["action"] in table.legal
    assert table.hint["reason"]
    assert table.hint["label"]
    table.act(table.hint["action"])
    assert table.hint == {}  # a hint is for one decision


def test_bot_level_per_seat_from_the_table() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0, bots=["random", "heuristic", "random", "search"])
    assert table.bot_levels == ["", "heuristic", "random", "search"]
    send_message(table, {"bot": [2, "search"]})
    assert table.bot_levels == ["", "heuristic", "search", "search"]
    for bad in ([0, "search"], [1, "genius"], [9, "random"], ["1", "random"]):
        send_message(table, {"bot": bad})
        assert "choose a bot level" in table.error["text"]
    assert table.bot_levels == ["", "heuristic", "search", "search"]


def test_hint_is_worked_out_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardwidgets.widgets.table as table_module

    calls: list[int] = []
    real = table_module.hint_decision

    def counting(state, seat):
        calls.append(len(state.history))
        return real(state, seat)

    monkeypatch.setattr(table_module, "hint_decision", counting)
    table = Table("nimby", seat=0, seed=3, pace=0)
    for _ in range(10):  # ten clicks on Hint
        send_message(table, {"command": "hint"})
    table.locale = "ru"
    send_message(table, {"command": "hint"})
    assert len(calls) == 1
    assert table.hint["action"] in table.legal
    assert any("а" <= ch <= "я" for ch in table.hint["reason"])  # the same search, in Russian now
    table.act(table.hint["action"])
    if table.state.to_act == 0:
        send_message(table, {"command": "hint"})
        assert len(calls) == 2  # a new position: a new search


def test_a_hint_asked_while_one_is_running_is_refused() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    table._hint_running = True  # as if a search for this table were under way
    assert not table.ask_hint()
    assert table.hint == {}
    assert "already" in table.error["text"]
