"""State fields are declared once (core/fields.py): every field is declared, and clone copies each one.

A field a game sets without declaring it, or a clone that shares a list with its
original, fails here.
"""

from __future__ import annotations

import random

import pytest

from cardwidgets.core.fields import copy_kind
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES

GAME_NAMES = sorted(GAMES)


def positions(name: str, deals: int = 6) -> list[GameState]:
    """Every position of a few random deals of game ``name``."""
    game = GAMES[name]
    rng = random.Random(41)
    found = []
    for _ in range(deals):
        state = game.new_state(game.random_deal(rng), rng.randrange(game.num_players))
        found.append(state.clone())
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
            state.points()  # fills Nestors' points cache at the end
            found.append(state.clone())
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_field_a_state_holds_is_declared(name):
    declared = set(GAMES[name].state_class.fields())
    for state in positions(name):
        assert set(vars(state)) == declared, (set(vars(state)) ^ declared, state.history)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_clone_equals_its_original_and_shares_no_list(name):
    plan = GAMES[name].state_class._copy_plan
    for state in positions(name, deals=2):
        copy = state.clone()
        assert vars(copy) == vars(state)
        for field in plan.lists + plan.nested + plan.records:
            mine, theirs = getattr(copy, field), getattr(state, field)
            if theirs is None:
                continue
            assert mine is not theirs, field
            for inner_mine, inner_theirs in zip(mine, theirs, strict=True):
                if isinstance(inner_theirs, list):
                    assert inner_mine is not inner_theirs, field
                if field in plan.records:
                    assert inner_mine.plays is not inner_theirs.plays, field


@pytest.mark.parametrize("name", GAME_NAMES)
def test_playing_on_a_clone_leaves_the_original_unchanged(name):
    rng = random.Random(5)
    for state in positions(name, deals=1)[::3]:
        before = repr(sorted(vars(state.clone()).items(), key=lambda item: item[0]))
        copy = state.clone()
        while not copy.is_done:
            copy.apply(rng.choice(copy.legal_actions()))
        assert repr(sorted(vars(state).items(), key=lambda item: item[0])) == before


def test_copy_kind_follows_the_declared_type():
    assert copy_kind("hands", "list[list[Card]]") == "nested"
    assert copy_kind("tricks", "list[Trick]") == "records"
    assert copy_kind("passed", "list[bool]") == "list"
    assert copy_kind("_points", "list[int] | None") == "list"
    assert copy_kind("order", "tuple[int, ...]") == "shared"
    assert copy_kind("deal", "dict[str, Any]") == "shared"
    assert copy_kind("syntax", "ClassVar[dict[str, str]]") is None


def test_a_mutable_field_clones_would_share_is_refused():
    with pytest.raises(TypeError, match="would be shared by clones"):

        class Broken(GameState):
            seen: set[int]
