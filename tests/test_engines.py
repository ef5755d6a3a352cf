"""The State protocol, checked the same way for every registered game.

Random deals from fixed seeds check what every game must do: legal actions
until the deal is done, canonical action strings that parse back to the same
action, clones that are independent, views that hide other seats' hands,
records that replay to the same summary, JSON-ready summaries and views.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardwidgets import GAMES, IllegalActionError, record_of, replay, summary
from cardwidgets.core.state import GameState

GAME_NAMES = sorted(GAMES)


def random_deal(name: str, seed: int) -> tuple[GameState, random.Random]:
    game = GAMES[name]
    rng = random.Random(seed)
    return game.new_state(game.random_deal(rng), rng.randrange(game.num_players)), rng


@pytest.mark.parametrize("name", GAME_NAMES)
def test_legal_actions_until_done_and_canonical(name: str) -> None:
    for seed in range(60):
        state, rng = random_deal(name, seed)
        while not state.is_done:
            legal = state.legal_actions()
            assert legal, f"seed {seed}: no legal action in phase {state.phase}"
            assert len({a.text for a in legal}) == len(legal), "action strings are unique"
            for action in legal:
                assert state.parse(action.text) is action
            state.apply(rng.choice(legal))
        assert state.legal_actions() == ()
        assert state.to_act is None
        assert state.score() is not None


#: Where a clone is taken: a few random moves in, for every game; deeper into a Tumbochka deal; and at the first
#: moment of Nestors' leave phase (the collector leaves a table card, E-8).
CLONE_POINTS = [(name, 6) for name in GAME_NAMES] + [("tumbochka", 12), ("nestors", "leave")]


@pytest.mark.parametrize(("name", "point"), CLONE_POINTS)
def test_clone_is_independent(name: str, point: int | str) -> None:
    state, rng = random_deal(name, 7)
    moves = 0
    while (state.phase != point) if isinstance(point, str) else (moves < point):
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    before = json.dumps(state.view(None), sort_keys=True), list(state.history)
    copy = state.clone()
    assert json.dumps(copy.view(None), sort_keys=True) == before[0]
    while not copy.is_done:
        copy.apply(rng.choice(copy.legal_actions()))
    assert (json.dumps(state.view(None), sort_keys=True), list(state.history)) == before
    assert copy.history[: len(state.history)] == state.history
    assert copy.score() is not None
    assert state.score() is None


#: What a caller might do to the legal actions it was given.
MUTATIONS: tuple[Callable[[Any], object], ...] = (
    lambda legal: legal.clear(),
    lambda legal: legal.append(legal[0]),
    lambda legal: legal.__setitem__(0, legal[-1]),
    lambda legal: legal.sort(key=str, reverse=True),
)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_what_legal_actions_returns_cannot_change_the_state(name: str) -> None:
    # A cached list returned itself would be shared by the caller and by clones.
    for seed in range(10):
        state, rng = random_deal(name, seed)
        while not state.is_done:
            expected = state.legal_strings()
            copy = state.clone()
            for mutate in MUTATIONS:
                for holder in (state, copy):
                    with contextlib.suppress(AttributeError, TypeError):  # a tuple refuses: that is fine
                        mutate(holder.legal_actions())
            assert state.legal_strings() == expected
            assert copy.legal_strings() == expected
            action = rng.choice(state.legal_actions())
            copy.apply(action)
            state.apply(action)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_view_hides_other_hands(name: str) -> None:
    for seed in range(20):
        state, rng = random_deal(name, seed)
        while not state.is_done:
            for seat in range(state.num_players):
                view = state.view(seat)
                json.dumps(view)
                for other, hand in enumerate(view["hands"]):
                    assert (hand is None) == (other != seat)
                assert view["hand_sizes"] == [len(h) for h in state.hands]
                assert view["legal"] == (state.legal_strings() if seat == state.to_act else [])
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_record_round_trip(name: str) -> None:
    for seed in range(20):
        state, rng = random_deal(name, seed)
        stop = rng.randrange(60)
        while not state.is_done and len(state.history) < stop:
            state.apply(rng.choice(state.legal_actions()))
        record = record_of(state).to_json()
        again = replay(json.loads(json.dumps(record)))
        assert summary(again) == state.summary()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_illegal_action_raises_and_changes_nothing(name: str) -> None:
    state, rng = random_deal(name, 3)
    while not state.is_done:
        before = json.dumps(state.view(None))
        for text in ("garbage", "play", "play ZZ", "bid 9999", "pass pass"):
            if text in state.legal_strings():
                continue
            with pytest.raises(IllegalActionError) as info:
                state.apply(text)
            assert str(info.value)
            assert info.value.explanation.text("ru")
            assert json.dumps(state.view(None)) == before
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_view_of_a_bad_seat(name: str) -> None:
    state, _ = random_deal(name, 1)
    with pytest.raises(ValueError, match="no seat 9"):
        state.view(9)
