"""The coaching table (Table(coach=True)) and its judge (bots/coach.py)."""

from __future__ import annotations

import re

import pytest

from cardwidgets import GAMES, Table, new_game
from cardwidgets.bots import heuristic, hint_decision, make_bot
from cardwidgets.bots.coach import COSTLY, TIE, VERDICTS, judge
from cardwidgets.bots.search import SearchBot

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
RULE_ID = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")


def decisions(game: str, seed: int, count: int):
    """``count`` positions with a real choice, from a deal played by the rules-of-thumb bots."""
    state, bot, found = new_game(game, seed=seed), make_bot("heuristic", seed), 0
    while not state.is_done and found < count:
        if len(state.legal_actions()) > 1:
            found += 1
            yield state.clone()
        state.apply(bot.choose(state))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_verdict_follows_the_search_evaluation(game: str) -> None:
    for state in decisions(game, seed=4, count=2):
        legal = state.legal_actions()
        candidates = list(heuristic.candidates(state))
        samples = SearchBot(7).budget(state, len(candidates))
        for action in legal[:4]:
            compared = candidates if action in candidates else [*candidates, action]
            evaluated = {e.action.text: e.value for e in SearchBot(7, samples=samples).evaluate(state, compared)}
            best = max(evaluated.values())
            verdict = judge(state, action, seed=7)
            loss = best - evaluated[action.text]
            assert verdict.verdict in VERDICTS
            if loss < TIE[game]:
                assert verdict.verdict == "best"
                assert verdict.better is None
            else:
                assert verdict.verdict == ("mistake" if loss >= COSTLY[game] else "good")
                assert verdict.better in legal
                assert verdict.better != action


def test_judging_changes_nothing_and_is_deterministic() -> None:
    state = next(decisions("nestors", seed=2, count=1))
    history = list(state.history)
    action = state.legal_actions()[-1]
    first, second = judge(state, action, seed=3), judge(state, action.text, seed=3)
    assert first == second
    assert state.history == history


def test_a_forced_move_is_always_best() -> None:
    state = new_game("nestors", seed=1)
    bot = make_bot("random", 1)
    while len(state.legal_actions()) != 1:
        state.apply(bot.choose(state))
    verdict = judge(state, state.legal_actions()[0])
    assert verdict.verdict == "best"
    assert "only legal move" in verdict.to_json("en")["text"]


def test_the_coaching_table_judges_each_learner_move_in_the_learners_language() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0, coach=True, locale="ru")
    assert table.feedback == {}
    table.act(table.legal[0])
    feedback = table.feedback
    assert feedback["verdict"] in VERDICTS
    assert not LATIN_WORD.search(RULE_ID.sub("", feedback["text"])), feedback["text"]
    assert feedback["better"] is None or isinstance(feedback["better"], str)
    table.locale = "en"
    assert table.feedback["verdict"] == feedback["verdict"]
    assert LATIN_WORD.search(table.feedback["text"])
    while not table.state.is_done:
        table.act(table.legal[0])
    table.next_deal()
    assert table.feedback == {}  # a new deal: nothing to judge yet


def test_a_costly_move_names_a_better_one() -> None:
    for state in decisions("tumbochka", seed=2, count=6):
        for action in state.legal_actions()[-2:]:
            verdict = judge(state, action, seed=1)
            if verdict.verdict == "mistake":
                text = verdict.to_json("en")["text"]
                assert verdict.better is not None
                assert "less than" in text
                return
    pytest.fail("no costly move came up")


def test_without_coach_there_is_no_feedback() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    table.act(table.legal[0])
    assert table.feedback == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hints_move_is_judged_best(game: str) -> None:
    for state in decisions(game, seed=9, count=4):
        seed = len(state.history)  # as the Table seeds both
        advice = hint_decision(state, state.to_act, seed=seed)
        assert judge(state, advice.action, seed=seed).verdict == "best"
