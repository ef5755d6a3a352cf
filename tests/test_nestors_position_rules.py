"""The solver's NES-6 tables (``games/nestors/position/rules.py``) agree with the rule text on every card.

They are made from the engine's pure functions (``tricks.py``: ``binds_c``,
``a_or_b``, ``trick_winner``); here they are checked, card by card, against
the word-for-word references of ``test_nestors_tricks.py``.
"""

from __future__ import annotations

import itertools
import random

import pytest
from test_nestors_tricks import reference_a_or_b, reference_c_legal, reference_resolve

from cardwidgets.analysis.position import SUIT_NUMBER
from cardwidgets.games.nestors import NESTORS_DECK
from cardwidgets.games.nestors.position.rules import rule_tables
from cardwidgets.games.nestors.tricks import POSITIONS, TRUMP_RANKS


@pytest.mark.rules("NES-6")
@pytest.mark.parametrize("trump", TRUMP_RANKS)
def test_c_duties_table_is_the_rule(trump) -> None:
    """Per suits of A's and B's cards: C holding a binding card plays it or a trump; else any card."""
    duties = rule_tables(trump).c_duties
    rng = random.Random(f"duties-{trump}")
    for _ in range(3000):
        a, b, *hand = rng.sample(list(NESTORS_DECK), 2 + rng.randint(1, 9))
        bound, allowed = duties[SUIT_NUMBER[a.suit] * 4 + SUIT_NUMBER[b.suit]]
        legal = [c for c in hand if allowed[c.index]] if any(bound[c.index] for c in hand) else hand
        assert set(legal) == reference_c_legal(a, b, hand, trump), (a, b, hand, trump)


@pytest.mark.rules("W3", "NES-7")
@pytest.mark.parametrize("trump", TRUMP_RANKS)
def test_a_or_b_table_is_the_rule(trump) -> None:
    """Every pair of A's and B's cards: B's card wins by the A-or-B rule exactly when the table says so."""
    beats = rule_tables(trump).b_beats_a
    for a, b in itertools.permutations(NESTORS_DECK, 2):
        assert beats[a.index][b.index] == (reference_a_or_b(a, b, trump) == "B"), (a, b, trump)


@pytest.mark.rules("W1", "W2", "W3", "W3a", "W3b", "E-7")
@pytest.mark.parametrize("trump", TRUMP_RANKS)
def test_winner_rows_are_the_rule(trump) -> None:
    """Every trick of three cards: the table's collecting position is the rule text's."""
    tables = rule_tables(trump)
    for a, b in itertools.permutations(NESTORS_DECK, 2):
        row = tables.winner_row(a.index, b.index)
        for c in NESTORS_DECK:
            if c not in (a, b):
                assert POSITIONS[row[c.index]] == reference_resolve(a, b, c, trump)[0], (a, b, c, trump)
