"""Each game owns what a seat knows: the search reads it through the state only.

The knowledge's truth and its independence of the hidden cards are checked in
``tests/test_bots.py``; the goldens (``tests/golden``) print it at every step.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from cardwidgets.core.knowledge import Knowledge, sample
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES

BOTS = Path(__file__).parent.parent / "cardwidgets" / "bots"
GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_says_what_a_seat_knows(name):
    state_class = GAMES[name].state_class
    for method in ("knowledge", "placed"):
        assert getattr(state_class, method) is not getattr(GameState, method), (name, method)


@pytest.mark.parametrize("module", ["bots/search.py", "bots/hint.py", "analysis/coach.py", "analysis/judge.py"])
def test_the_search_reads_knowledge_from_the_state_not_from_a_game_module(module):
    tree = ast.parse((BOTS.parent / module).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name and name.startswith("cardwidgets.games.")}, imported


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unseen_cards_are_the_deck_less_the_hand_and_the_cards_seen(name):
    game = GAMES[name]
    rng = random.Random(2)
    state = game.new_state(game.random_deal(rng), 0)
    while not state.is_done:  # at every step of a whole deal, however long the game's deals are
        seat = state.actor
        unseen = state.unseen_cards(seat)
        assert set(unseen) == set(game.deck) - set(state.hands[seat]) - state.seen_cards()
        assert unseen == [card for card in game.deck if card in set(unseen)]  # deck order
        state.apply(rng.choice(state.legal_actions()))


def test_sample_fills_every_place_and_keeps_the_fixed_cards():
    deck = GAMES["nimby"].deck
    known = Knowledge.of_places(0, {1: 3, "stock": 2})
    known.fixed[1].append(deck[0])
    known.finish(list(deck[:5]))
    assert known.pool == list(deck[1:5])
    placement = sample(known, random.Random(1))
    assert placement[1][0] is deck[0]
    assert sorted(len(cards) for cards in placement.values()) == [2, 3]
    assert {card for cards in placement.values() for card in cards} == set(deck[:5])
