"""Nimby: random-simulation invariants, property tests, the draw ritual, explanations."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwidgets import IllegalActionError, Match, parse_card
from cardwidgets.games.nimby import NIMBY_DECK, SCORE_TABLE, TEAM, Nimby, NimbyState, draw_key, draw_partnerships

DEALS = 2000


def play_random(seed: int) -> NimbyState:
    rng = random.Random(seed)
    state = Nimby.new_state(Nimby.random_deal(rng), rng.randrange(4))
    while not state.is_done:
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action"
        state.apply(rng.choice(legal))
    return state


@pytest.mark.rules("NIM-1", "NIM-3", "NIM-5", "NIM-6", "N-3", "N-5", "N-7")
def test_random_deals_keep_the_invariants() -> None:
    thrown_in = 0
    for seed in range(DEALS):
        state = play_random(seed)
        assert isinstance(state, NimbyState)
        if state.thrown_in:  # N-3: all four disagreed
            thrown_in += 1
            assert state.tricks == []
            assert state.score() == [0, 0]
            assert state.points() is None
            continue
        # N-5: all 24 cards are in play, each played exactly once in 6 tricks of 4.
        assert len(state.tricks) == 6
        played = [card for trick in state.tricks for card in trick.cards()]
        assert Counter(played) == Counter(NIMBY_DECK)
        assert all(len(trick.plays) == 4 for trick in state.tricks)
        assert all(not hand for hand in state.hands)
        # NIM-5: each trick's collector is a seat that played to it; the next trick is led by him.
        for trick, following in zip(state.tricks, state.tricks[1:], strict=False):
            assert following.plays[0][0] == trick.collector
        assert state.tricks[0].plays[0][0] == state.maker
        # NIM-6: the 2s taken add up to 4 and the score follows the table.
        points = state.points()
        assert points is not None
        assert sum(points) == 4
        maker_team = TEAM[state.maker]  # type: ignore[index]
        makers, defenders = SCORE_TABLE[points[maker_team]]
        score = state.score()
        assert score is not None
        assert score[maker_team] == makers
        assert score[1 - maker_team] == defenders
        assert min(score) <= 0  # NIM-7: only one side gains in a deal
    assert 0 < thrown_in < DEALS // 4


@pytest.mark.rules("NIM-7", "NIM-3")
def test_random_matches_end() -> None:
    for seed in range(100):
        match = Match("nimby", seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            state = match.new_deal()
            while not state.is_done:
                state.apply(rng.choice(state.legal_actions()))
            match.end_deal()
            if match.is_over:
                break
        assert match.is_over
        assert match.winner is not None
        assert match.scores[match.winner] >= 10
        assert match.scores[1 - match.winner] < 10
        assert [sum(s[t] for s in match.deal_scores) for t in (0, 1)] == match.scores


TWO_ORDER = {"2C": 4, "2S": 3, "2H": 2, "2D": 1}
PLAIN_ORDER = {"A": 14, "6": 6, "5": 5, "4": 4, "3": 3}


def reference_winner(texts: list[str], trump: str) -> int:
    """Index of the winning card, read straight from NIM-1 and NIM-5 on card texts."""

    def is_trump(text: str) -> bool:
        return text in TWO_ORDER or text[-1] == trump

    def key(text: str) -> tuple[int, int]:
        if text in TWO_ORDER:
            return (2, TWO_ORDER[text])
        if text[-1] == trump:
            return (1, PLAIN_ORDER[text[:-1]])
        led_plain = not is_trump(texts[0]) and text[-1] == texts[0][-1]
        return (0, PLAIN_ORDER[text[:-1]] if led_plain else -1)

    return max(range(len(texts)), key=lambda i: key(texts[i]))


@pytest.mark.rules("NIM-5", "NIM-1")
def test_winner_follows_trick_rules_against_a_reference() -> None:
    """An independent, plain reading of NIM-1/NIM-5 agrees with the engine on every trick."""
    for seed in range(300):
        state = play_random(seed)
        if state.thrown_in:
            continue
        trump = state.trump_json()
        assert trump is not None
        for trick in state.tricks:
            texts = [c.text for c in trick.cards()]
            assert trick.plays[reference_winner(texts, trump)][0] == trick.collector, texts


@given(st.lists(st.one_of(st.sampled_from(["agree", "pass", "exchange", "play", "bid 4", "xyz", ""]),
                          st.builds(lambda v, c: f"{v} {c}", st.sampled_from(["play", "exchange", "PLAY", "give"]),
                                    st.sampled_from([c.text for c in NIMBY_DECK] + ["10H", "♥2", "1", "QQ"]))),
                max_size=60),
       st.integers(0, 10_000))
@settings(max_examples=150, deadline=None)
def test_any_action_string_either_applies_or_raises_and_changes_nothing(texts: list[str], seed: int) -> None:
    state = Nimby.new_state(Nimby.random_deal(seed), seed % 4)
    for text in texts:
        before_view = json.dumps(state.view(None))
        before_history = list(state.history)
        try:
            is_legal = state.parse(text) in state.legal_actions()
        except IllegalActionError:
            is_legal = False
        if is_legal:
            state.apply(text)
            assert len(state.history) == len(before_history) + 1
        else:
            with pytest.raises(IllegalActionError):
                state.apply(text)
            assert json.dumps(state.view(None)) == before_view
            assert state.history == before_history


@pytest.mark.rules("NIM-2", "N-1")
def test_draw_ritual_pairs_highest_with_lowest_and_seats_highest_as_eldest() -> None:
    ties = 0
    for seed in range(300):
        result = draw_partnerships(random.Random(seed))
        first = {player: parse_card(card) for player, card in result["draws"][0]}
        keys = {player: draw_key(card) for player, card in first.items()}
        highest, lowest = result["highest"], result["lowest"]
        assert keys[highest] == max(keys.values())
        assert keys[lowest] == min(keys.values())
        assert highest != lowest
        seating = result["seating"]
        assert sorted(seating) == [0, 1, 2, 3]
        assert seating[0] == highest  # N-1: the highest drawer is eldest hand...
        assert seating[2] == lowest  # ...and his partner, the lowest, sits opposite
        assert result["dealer"] == 3  # the seat before eldest deals
        if len(result["draws"]) > 1:
            ties += 1
            assert Counter(keys.values())[keys[highest]] > 1 or Counter(keys.values())[keys[lowest]] > 1
    assert ties > 0, "some seeds must exercise the tie-break"


@pytest.mark.rules("NIM-2", "N-1")
def test_match_with_draw_starts_with_the_highest_drawer_to_speak() -> None:
    match = Match("nimby", seed=5, draw=True)
    assert match.ritual is not None
    state = match.new_deal()
    assert state.dealer == 3
    assert state.to_act == 0  # the highest drawer speaks first about trump


def test_draw_key_order() -> None:
    ranks = [draw_key(parse_card(t)) for t in ["3S", "4S", "5S", "6S", "AS", "2D", "2H", "2S", "2C"]]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == len(ranks)


@pytest.mark.rules("NIM-5")
def test_trick_explanations_in_both_languages() -> None:
    state = play_random(4)
    while state.thrown_in:
        state = play_random(state.dealer + 100)
    for trick in state.tricks:
        assert trick.explanation is not None
        assert trick.explanation.rule == "NIM-5"
        english, russian = trick.explanation.text("en"), trick.explanation.text("ru")
        assert f"seat {trick.collector}" in english
        assert f"игрок {trick.collector}" in russian
    assert state.score_explanation() is not None
    assert state.maker_explanation() is not None


@pytest.mark.rules("option:target", "option:throw_in")
def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match='unknown option "trumps"'):
        Match("nimby", {"trumps": 1})
    with pytest.raises(ValueError, match="throw_in = 'redeal' is not allowed"):
        Match("nimby", {"throw_in": "redeal"})
    with pytest.raises(ValueError, match="target = '10' is not allowed"):
        Match("nimby", {"target": "10"})


@pytest.mark.rules("NIM-1", "option:trump_suit_rank")
@pytest.mark.parametrize(("reading", "collector"), [("below_twos", 3), ("above_twos", 0)])
def test_the_solver_ranks_the_trump_suit_as_the_option_says(reading: str, collector: int) -> None:
    """NIM-1: the double-dummy position takes its strengths from the deal's option, as the engine does."""
    from support import RECORDS, load_record_test

    from cardwidgets import replay
    from cardwidgets.games.nimby.position import NimbyPosition

    record = load_record_test(RECORDS / "nimby" / "nim-1-twos-rank-above-the-trump-suit.json")["record"]
    record = {**record, "actions": record["actions"][:-1], "rules": {"trump_suit_rank": reading}}
    state = replay(record)  # 6♥ 3♥ 2♣ played, seat 0 holds A♥
    strength = NimbyPosition(state).table.strength
    ace, two = parse_card("AH"), parse_card("2C")
    assert (strength[ace.index] > strength[two.index]) == (reading == "above_twos")
    state.apply("play AH")
    assert state.tricks[0].collector == collector
