"""Bots: legal moves only, no peeking at hidden cards, determinism, hints (docs/bots.md)."""

from __future__ import annotations

import random

import pytest

from cardwidgets.bots import LEVELS, HeuristicBot, RandomBot, SearchBot, hint, make_bot
from cardwidgets.bots.base import Player
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES

GAME_NAMES = list(GAMES)


def new_state(game: str, number: int) -> GameState:
    cls = GAMES[game]
    return cls.new_state(cls.random_deal(random.Random(number)), number % cls.num_players)


def checked_bot(level: str, seed: int) -> Player:
    """A bot of ``level``; the search level with a tiny budget to keep the suite fast."""
    return SearchBot(seed, samples=2) if level == "search" else make_bot(level, seed)


def play_out(state: GameState, bots: list[Player]) -> list[str]:
    """Let the bots play ``state`` to the end, checking each choice is legal before applying it."""
    while not state.is_done:
        legal = state.legal_strings()
        action = bots[state.to_act].choose(state)
        assert action.text in legal, (state.game_name, state.phase, action.text, legal)
        state.apply(action)
    return state.history


def decision_points(game: str, deals: int, every: int = 3) -> list[GameState]:
    """States along random deals (every ``every``-th decision with a choice), for probing the bots."""
    points = []
    for number in range(deals):
        state = new_state(game, 1000 + number)
        rng = random.Random(number)
        step = 0
        while not state.is_done:
            if len(state.legal_actions()) > 1:
                step += 1
                if step % every == 0:
                    points.append(state.clone())
            state.apply(HeuristicBot().choose(state) if rng.random() < 0.7 else rng.choice(state.legal_actions()))
    return points


# ----- legal moves only ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_random_and_heuristic_bots_only_play_legal_moves(game):
    for number in range(150):
        levels = [LEVELS[(number + s) % 2] for s in range(GAMES[game].num_players)]
        bots = [checked_bot(level, number * 10 + s) for s, level in enumerate(levels)]
        play_out(new_state(game, number), bots)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_level_together_only_plays_legal_moves(game):
    for number in range(4):
        players = GAMES[game].num_players
        bots = [checked_bot(LEVELS[(number + s) % 3], number * 10 + s) for s in range(players)]
        play_out(new_state(game, number), bots)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_search_bot_at_its_default_budget_plays_legal_moves(game):
    state = new_state(game, 5)
    bot = SearchBot(seed=1)
    for _ in range(6):
        if state.is_done:
            break
        decision = bot.decide(state)
        assert decision.action.text in state.legal_strings()
        assert decision.text("en")
        assert decision.text("ru")
        state.apply(decision.action)


# ----- never reading hidden cards ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_what_a_seat_knows_is_true_and_the_worlds_agree_with_it(game):
    rng = random.Random(3)
    for state in decision_points(game, 25, every=2):
        seat = state.to_act
        known = state.knowledge(seat)
        for slot, cards in known.fixed.items():
            if isinstance(slot, int):
                assert set(cards) <= set(state.hands[slot])
        for slot, banned in known.banned.items():
            assert not banned & set(state.hands[slot]), (slot, state.history)
        imagined = state.world(known, rng)
        assert imagined.hands[seat] == state.hands[seat]
        assert [len(h) for h in imagined.hands] == [len(h) for h in state.hands]
        assert imagined.legal_strings() == state.legal_strings()
        assert imagined.public_history(seat) == state.public_history(seat)
        for slot, banned in known.banned.items():
            assert not banned & set(imagined.hands[slot])
        while not imagined.is_done:  # the imagined deal is a real, playable deal
            imagined.apply(rng.choice(imagined.legal_actions()))


def twin(state: GameState, rng: random.Random) -> GameState:
    """The same position with every card the seat to act cannot see dealt again."""
    return state.world(state.knowledge(state.to_act), rng)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_fast_bots_decide_the_same_whatever_the_hidden_cards(game, level):
    rng = random.Random(7)
    changed = 0
    for state in decision_points(game, 40):
        other = twin(state, rng)
        changed += other.hands != state.hands
        first = make_bot(level, 11).decide(state)
        second = make_bot(level, 11).decide(other)
        assert first.action is second.action
        assert first.text("en") == second.text("en")
    assert changed > 0  # the twins really hid other cards


@pytest.mark.parametrize("game", GAME_NAMES)
def test_search_bot_decides_the_same_whatever_the_hidden_cards(game):
    rng = random.Random(8)
    points = decision_points(game, 12, every=4)[:10]
    for state in points:
        other = twin(state, rng)
        seat = state.to_act
        assert other.knowledge(seat) == state.knowledge(seat)
        first = SearchBot(5, samples=3).decide(state)
        second = SearchBot(5, samples=3).decide(other)
        assert first.action is second.action
        assert first.text("ru") == second.text("ru")


# ----- determinism ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_seeded_bots_are_deterministic(game, level):
    def history(seed: int) -> list[str]:
        players = GAMES[game].num_players
        return play_out(new_state(game, 21), [checked_bot(level, seed + s) for s in range(players)])

    assert history(1) == history(1)


def test_differently_seeded_random_bots_differ():
    histories = {tuple(play_out(new_state("nestors", 2), [RandomBot(seed)] * 4)) for seed in range(5)}
    assert len(histories) > 1


def test_make_bot_knows_every_level_and_refuses_others():
    assert LEVELS == ("random", "heuristic", "search")
    assert isinstance(make_bot("search", 1), SearchBot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")


# ----- hints --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_hint_is_legal_with_a_reason_in_both_languages(game):
    state = new_state(game, 9)
    for _ in range(3):
        seat = state.to_act
        english, russian = hint(state, seat, "en"), hint(state, seat, "ru")
        assert english["action"] in state.legal_strings()
        assert english["action"] == russian["action"]
        assert english["reason"].strip()
        assert russian["reason"].strip()
        assert english["reason"] != russian["reason"]
        state.apply(english["action"])


def test_hint_refuses_a_seat_that_is_not_to_act_and_unknown_locales():
    state = new_state("nimby", 1)
    with pytest.raises(ValueError, match="not seat"):
        hint(state, (state.to_act + 1) % 4)
    with pytest.raises(ValueError, match="locale"):
        hint(state, state.to_act, "de")
