"""Typed access for engines (types checked): an action's argument by kind, the seat to act."""

from __future__ import annotations

import pytest

import cardwidgets as cw
from cardwidgets.cards import Card, Rank, parse_card
from cardwidgets.core.actions import Action


def test_an_argument_is_read_as_the_kind_its_form_gives() -> None:
    play = Action.make("play", parse_card("10H"))
    assert play.arg(Card) == parse_card("10H")
    assert Action.make("bid", 60).arg(int) == 60
    assert Action.make("give", parse_card("7H"), 1).arg(int, 1) == 1
    assert Action.make("trump", Rank.JACK).arg(Rank) is Rank.JACK


def test_an_argument_of_another_kind_is_a_clear_type_error() -> None:
    with pytest.raises(TypeError, match=r"bid 60: argument 0 is not a Card"):
        Action.make("bid", 60).arg(Card)


def test_the_seat_to_act_is_an_int_while_one_is_and_an_error_after() -> None:
    table = cw.Table("nimby", seed=3, bots="random", pace=0)
    state = table.state
    assert state.actor == state.to_act
    while not state.is_done:
        state.apply(state.legal_actions()[0])
    with pytest.raises(RuntimeError, match="no seat is to act"):
        _ = state.actor
