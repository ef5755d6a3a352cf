"""Partial deals: a record gives only some cards (``"?"`` or a part left out) and a ``seed`` deals the rest."""

from __future__ import annotations

import pytest

from cardwidgets import GAMES, RecordError, get_game, load_record, replay


def partial(game: str) -> dict:
    """A deal that fixes one hand's first two cards and leaves everything else to the seed."""
    layout, deck = get_game(game).layout, get_game(game).deck
    hands = next(part for part in layout if part.name == "hands")
    given = [card.text for card in deck[-2:]]
    first = [[*given, *["?"] * (hands.size - 2)], *[["?"] * hands.size for _ in range(hands.lists - 1)]]
    return {"hands": first}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_given_cards_stay_where_they_are_and_the_rest_is_dealt_from_the_seed(game: str) -> None:
    record = {"game": game, "dealer": 0, "seed": 7, "deal": partial(game)}
    deal = load_record(record).deal
    given = [c.text for c in get_game(game).deck[-2:]]
    assert [c.text for c in deal["hands"][0][:2]] == given
    every = get_game(game).deal_cards(deal)
    assert sorted(every) == sorted(get_game(game).deck)  # every card exactly once
    assert load_record(record).deal == deal  # the same seed, the same deal: the replay stays exact
    other = load_record({**record, "seed": 8}).deal
    assert other != deal
    assert [c.text for c in other["hands"][0][:2]] == given


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_partial_record_replays_and_saves_as_a_full_deal(game: str) -> None:
    record = {"game": game, "dealer": 0, "seed": 3, "deal": partial(game)}
    loaded = load_record(record)
    saved = loaded.to_json()
    assert "?" not in str(saved["deal"])
    assert load_record(saved).deal == loaded.deal
    assert replay(saved).summary()["phase"] == replay(record).summary()["phase"]


def test_a_question_mark_without_a_seed_is_one_clear_error() -> None:
    with pytest.raises(RecordError, match=r'"\?" \(a card to deal\) needs a "seed"'):
        load_record({"game": "nimby", "dealer": 0, "deal": {"hands": [["?"] * 5] * 4, "turnup": "AS", "stock": []}})


def test_a_card_given_twice_in_a_partial_deal_is_refused() -> None:
    with pytest.raises(RecordError, match="appears twice"):
        load_record({"game": "tumbochka", "dealer": 0, "seed": 1, "deal": {"talon": ["KH", "KH", "?"]}})
