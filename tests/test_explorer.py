"""TrickExplorer, kernel side: it shows exactly what nestors_tricks decides, and refuses bad choices.

The explorer must agree with ``resolve_trick`` and ``c_may_play`` (which
test_nestors_tricks.py checks against the rule text), say so in words, and
leave everything unchanged when a choice is refused.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import send_message

from cardwidgets import TrickExplorer
from cardwidgets.cards import Rank, parse_card
from cardwidgets.games.nestors import NESTORS_DECK
from cardwidgets.games.nestors.explorer import EXAMPLES, ExplorerError
from cardwidgets.games.nestors.tricks import TRUMP_RANKS, c_may_play, resolve_trick


def snapshot(widget: TrickExplorer) -> str:
    return json.dumps({"setup": repr(widget.setup), "result": widget.result, "text": widget.text()})


deals = st.tuples(
    st.sampled_from(TRUMP_RANKS),
    st.lists(st.sampled_from(NESTORS_DECK), min_size=3, max_size=10, unique=True),
    st.integers(min_value=0, max_value=7),
)


@pytest.mark.rules("NES-6", "W1", "W2", "W3", "W3a", "W3b")
@settings(max_examples=300, deadline=None)
@given(deals)
def test_explorer_agrees_with_the_trick_functions(deal) -> None:
    trump, cards, extra = deal
    a, b, *hand = cards
    hand = hand[: max(1, min(extra + 1, 8))]
    explorer = TrickExplorer(trump=trump, a=a.text, b=b.text, hand=[c.text for c in hand])
    legal, why = c_may_play(a, b, hand, trump)
    result = explorer.result
    assert result["may_play"] == {"cards": [c.text for c in legal], "rule": "NES-6", "why": why.text("en")}
    for option, card in zip(result["options"], hand, strict=True):
        assert option["card"] == card.text
        assert option["legal"] == (card in legal)
        if option["legal"]:
            trick = resolve_trick(a, b, card, trump)
            assert (option["rule"], option["winners"]) == (trick.rule, trick.winners)
    explorer.update(c=legal[0].text)
    trick = resolve_trick(a, b, legal[0], trump)
    shown = explorer.result["trick"]
    assert (shown["collector"], shown["winners"], shown["rule"]) == (trick.collector, trick.winners, trick.rule)
    assert shown["why"] == trick.explanation.text("en")
    assert shown["rule_id"] == f"NES-6 {trick.rule}"


@pytest.mark.rules("W3b", "W3", "W1", "E-7")
def test_the_seeds_first_example() -> None:
    explorer = TrickExplorer()
    explorer.load_example("1")
    outcome = {o["card"]: (o["winners"], o["rule"]) for o in explorer.result["options"] if o["legal"]}
    assert outcome == {"JC": ("AC", "W3b"), "JH": ("AC", "W3b"), "JS": ("BD", "W3")}  # not with ♠J
    assert [o["card"] for o in explorer.result["options"] if not o["legal"]] == ["9D"]
    assert explorer.result["trick"]["collector"] == "C"
    for c in ("JH", "JS"):
        explorer.load_example(1, c=c)
        assert explorer.result["c"] == c
    assert explorer.result["trick"]["winners"] == "BD"


@pytest.mark.rules("W3b", "W1")
def test_the_seeds_second_example() -> None:
    explorer = TrickExplorer()
    explorer.load_example(2)
    outcome = {o["card"]: (o["winners"], o["rule"]) for o in explorer.result["options"] if o["legal"]}
    assert outcome == {"JD": ("AC", "W3b"), "JH": ("AC", "W3b"), "JC": ("AC", "W3b"), "7S": ("BD", "W1")}
    assert EXAMPLES["2"].a == parse_card("10S")
    assert EXAMPLES["2"].b == parse_card("JS")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"a": "2S"}, "2♠ is not in the Nestors deck"),
        ({"a": "ZZ"}, 'bad card "ZZ"'),
        ({"b": "10S"}, "10♠ cannot be played twice (A and B)"),
        ({"c": "10S"}, "10♠ cannot be played twice (A and C)"),
        ({"c": "9D"}, "C may not play 9♦: A played ♠ and B ♦: C must play a third suit"),
        ({"c": "AS"}, "C does not hold A♠"),
        ({"hand": ["JC", "JC"]}, "J♣ is twice in C's hand"),
        ({"hand": ["10S", "JC"]}, "10♠ cannot be played twice (A and C's hand)"),
        ({"hand": ["6C", "7C", "8C", "9C", "QC", "KC", "AC", "6H", "7H"]}, "at most 8 cards"),
        ({"trump": "K"}, "trump is a rank"),
        ({"trump": "X"}, "trump is a rank"),
        ({"hand": ["JH", "JS", "9D"]}, "C does not hold J♣"),
        ({"colour": "red"}, "no position colour"),
    ],
)
def test_bad_choices_are_refused_and_change_nothing(change: dict[str, Any], message: str) -> None:
    explorer = TrickExplorer()
    explorer.load_example("1")
    before = snapshot(explorer)
    with pytest.raises(ExplorerError, match=message.replace("(", r"\(").replace(")", r"\)")):
        explorer.update(**change)
    assert snapshot(explorer) == before


def test_c_needs_a_and_b_first() -> None:
    explorer = TrickExplorer()
    with pytest.raises(ValueError, match="choose A's and B's cards before C's"):
        explorer.set_cards(None, None, "JC")
    assert explorer.result["prompt"] == "Choose A's and B's cards."


def test_any_notation_is_read() -> None:
    explorer = TrickExplorer(trump="В", a="♠10", b="вd", c="jc")  # Russian В (J), suit symbols, lower case
    assert (explorer.result["trump"], explorer.result["a"], explorer.result["b"]) == ("J", "10S", "JD")
    assert explorer.setup.trump is Rank.JACK


def test_messages_from_the_front_end() -> None:
    explorer = TrickExplorer()
    send_message(explorer, {"command": "trump", "value": "10"})
    send_message(explorer, {"command": "card", "position": "a", "value": "10S"})
    send_message(explorer, {"command": "card", "position": "b", "value": "JD"})
    for card in ("10D", "AC", "10D"):  # toggled in, in, out again
        send_message(explorer, {"command": "card", "position": "hand", "value": card})
    assert explorer.error == {}
    assert explorer.result["hand"] == ["AC"]
    assert explorer.result["trump"] == "10"
    send_message(explorer, {"command": "card", "position": "c", "value": "AC"})
    assert explorer.result["trick"]["rule"] == "W3a"  # A played the trump 10S, B none
    send_message(explorer, {"command": "example", "value": "2"})
    assert explorer.result["a"] == "10S"
    assert explorer.result["b"] == "JS"
    send_message(explorer, {"command": "clear"})
    assert explorer.result["a"] is None
    assert explorer.result["hand"] is None


@pytest.mark.parametrize(
    "content",
    [
        None,
        "clear",
        {"command": "explode"},
        {"command": "card", "position": "d", "value": "10S"},
        {"command": "trump", "value": 10},
        {"command": "card", "position": "a", "value": "2S"},
        {"command": "example", "value": "3"},
    ],
)
def test_bad_messages_set_error_and_change_nothing(content: Any) -> None:
    explorer = TrickExplorer()
    explorer.load_example("1")
    before = snapshot(explorer)
    send_message(explorer, content)
    assert explorer.error["text"]
    assert snapshot(explorer) == before
    send_message(explorer, {"command": "trump", "value": "J"})
    assert explorer.error == {}


def test_russian_and_a_bad_locale() -> None:
    explorer = TrickExplorer(locale="ru")
    explorer.load_example("1")
    assert "А и С" in explorer.result["trick"]["why"]
    assert explorer.text().startswith("Разбор взятки в Несторс — козырь: валеты")
    assert explorer.ui["card_names"]["JC"] == "валет треф"
    with pytest.raises(ValueError, match="one of en, ru"):
        TrickExplorer(locale="de")


def test_text_repr_is_deterministic_and_has_no_model_id() -> None:
    first, second = TrickExplorer(), TrickExplorer()
    first.load_example("1")
    second.load_example("1")
    data, _meta = first._repr_mimebundle_()
    assert data["text/plain"] == second.text() == first.text()
    assert first.model_id not in data["text/plain"]
    assert "C collects, A and C win — B played the trump J♦ and C the trump J♣" in first.text()
    assert (
        "If C plays: J♣ → A and C win (W3b); J♥ → A and C win (W3b); J♠ → B (and his partner D) wins (W3)"
        in first.text()
    )
