"""A 2 refused as not following says the decisive fact first: it is a trump.

"2♠ is a trump (NIM-1), so it does not follow ♠: seat 1 must follow ♠ (holds 6♠)", in English
and in Russian, with the rule id; any other card refused keeps "seat 1 must follow ♠ (holds 6♠)".
"""

from __future__ import annotations

import random

import pytest

import cardwidgets as cw
from cardwidgets.cards import Card, Rank
from cardwidgets.games.nimby import PLAY_CARD, NimbyState


def refused(same_suit: bool) -> tuple[NimbyState, Card]:
    """A random position where a card of the player to act is refused: a 2 of the suit led, or a plain card."""
    rng = random.Random(7)
    for seed in range(500):
        state = cw.new_game("nimby", seed=seed, dealer=0)
        while not state.is_done:
            if state.phase == "play" and state.tricks[-1].plays:
                led = state.tricks[-1].plays[0][1]
                for card in state.hands[state.to_act]:
                    two = card.rank is Rank.TWO and card.suit is led.suit and led.rank is not Rank.TWO
                    plain = card.rank is not Rank.TWO and not state.is_trump(card)
                    if PLAY_CARD[card] not in state.legal_actions() and (two if same_suit else plain):
                        return state, card  # type: ignore[return-value]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position in 500 deals")


@pytest.mark.rules("NIM-5", "NIM-1")
def test_a_two_of_the_suit_led_is_refused_as_a_trump_first() -> None:
    state, two = refused(same_suit=True)
    symbol = two.suit.symbol
    with pytest.raises(cw.IllegalActionError) as caught:
        state.apply(PLAY_CARD[two])
    why = caught.value.explanation
    assert why.rule == "NIM-5"
    assert why.text("en").startswith(f"2{symbol} is a trump (NIM-1), so it does not follow {symbol}: seat ")
    assert why.text("ru").startswith(f"2{symbol} — козырь (NIM-1), а не карта масти {symbol}: игрок ")
    assert f"must follow {symbol} (holds " in why.text("en")


@pytest.mark.rules("NIM-5")
def test_another_card_refused_names_the_suit_to_follow() -> None:
    state, card = refused(same_suit=False)
    why = state.why_illegal(PLAY_CARD[card])
    assert why is not None
    assert why.text("en").startswith(f"seat {state.to_act} must follow ")
    led = state.tricks[-1].plays[0][1]
    if state.is_trump(led):  # a trump led: follow with a trump (NIM-5), said as such
        assert "должен положить козырь" in why.text("ru")
    else:
        assert "козырь" not in why.text("ru")
