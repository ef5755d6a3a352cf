"""The coaching table (Table(coach=True)): its verdicts are the judge's (analysis/coach.py, analysis/judge.py)."""

from __future__ import annotations

import re

import pytest

from cardwidgets import GAMES, Table, new_game
from cardwidgets.analysis.coach import VERDICTS, coach, hint_decision
from cardwidgets.analysis.judge import judge
from cardwidgets.bots import make_bot

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
def test_the_coachs_verdict_is_the_judges(game: str) -> None:
    for state in decisions(game, seed=4, count=2):
        judgement = judge(state, dd=False)
        for action in state.legal_actions()[:4]:
            verdict = coach(state, action)
            assessment = judgement.assess(action)
            assert verdict.verdict == assessment.verdict
            assert verdict.verdict in VERDICTS
            if verdict.verdict in ("inaccuracy", "mistake"):
                assert verdict.better == assessment.best[0] != action.text
            else:
                assert verdict.better is None


def test_judging_changes_nothing_and_is_deterministic() -> None:
    state = next(decisions("nestors", seed=2, count=1))
    history = list(state.history)
    action = state.legal_actions()[-1]
    first, second = coach(state, action), coach(state, action.text)
    assert first == second
    assert state.history == history


def test_a_forced_move_changes_nothing() -> None:
    state = new_game("nestors", seed=1)
    bot = make_bot("random", 1)
    while len(state.legal_actions()) != 1:
        state.apply(bot.choose(state))
    verdict = coach(state, state.legal_actions()[0])
    assert verdict.verdict == "no_choice"
    assert "the only legal action here" in verdict.to_json("en")["text"]
    assert "единственный разрешённый здесь ход" in verdict.to_json("ru")["text"]


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
            verdict = coach(state, action)
            if verdict.verdict == "mistake":
                text = verdict.to_json("en")["text"]
                assert verdict.better is not None
                assert "less on average than" in text
                return
    pytest.fail("no costly move came up")


def test_without_coach_there_is_no_feedback() -> None:
    table = Table("nimby", seat=0, seed=3, pace=0)
    table.act(table.legal[0])
    assert table.feedback == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hints_move_is_judged_best(game: str) -> None:
    for state in decisions(game, seed=9, count=4):
        advice = hint_decision(state, state.to_act)
        assert coach(state, advice.action).verdict in ("best", "no_choice")
