"""Duel's own rules (``tests/fifth_game/rules.md``); the conformance kit checks the rest (tests/test_conformance.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support import registered

from cardwidgets.cards import Suit, parse_card
from cardwidgets.core.match import Match
from cardwidgets.core.registry import get_game
from cardwidgets.games import new_game
from fifth_game.engine import DUEL_DECK, trick_winner


@pytest.fixture(autouse=True, scope="module")
def duel() -> Iterator[None]:
    with registered("fifth_game"):
        yield


@pytest.mark.rules("DUE-1")
def test_the_deal_and_the_turned_up_trump() -> None:
    state = new_game("duel", seed=3)
    assert len(DUEL_DECK) == 24
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert len(state.stock) == 11
    assert state.trump is state.turnup.suit
    assert state.to_act == (state.dealer + 1) % 2


@pytest.mark.rules("DUE-2", "D-1")
@pytest.mark.parametrize(
    ("lead", "follow", "trump", "winner"),
    [
        ("KS", "AS", Suit.H, 1),  # the higher of the suit led
        ("AS", "9H", Suit.H, 1),  # a trump takes a plain suit
        ("9S", "AD", Suit.H, 0),  # no trump, not the suit led: the leader
        ("9H", "AS", Suit.H, 0),  # the trump led stays highest
    ],
)
def test_who_takes_the_trick(lead: str, follow: str, trump: Suit, winner: int) -> None:
    assert trick_winner(parse_card(lead), parse_card(follow), trump)[0] == winner


@pytest.mark.rules("DUE-2")
def test_a_card_off_the_suit_led_is_refused_while_the_suit_is_held() -> None:
    for seed in range(40):
        state = new_game("duel", seed=seed)
        lead = state.legal_actions()[0]
        state.apply(lead)
        hand = state.hands[state.actor]
        off = [card for card in hand if card.suit is not lead.cards[0].suit]
        if off and len(off) < len(hand):
            history = list(state.history)
            with pytest.raises(ValueError, match="must follow") as refusal:
                state.apply(f"play {off[0].text}")
            assert refusal.value.explanation.rule == "DUE-2"
            assert state.history == history
            return
    pytest.fail("no deal to refuse a card in")


@pytest.mark.rules("DUE-3", "option:target")
def test_a_match_ends_at_its_target_with_the_higher_score() -> None:
    match = Match(get_game("duel"), {"target": 4}, seed=1)
    while not match.is_over:
        state = match.new_deal()
        while not state.is_done:
            state.apply(state.legal_actions()[0])
        assert sum(state.score() or []) == 6
        match.end_deal()
    assert match.winner is not None
    assert match.scores[match.winner] == max(match.scores) >= 4
