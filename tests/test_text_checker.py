"""Every text the teaching tools show, checked against the data it was made from (``tests/textcheck.py``).

Over seeded random deals of every game, every phase and both languages: the judge's sentences (the coach's,
on what the seat saw, and the Review's, with the face-up clause), the Hint, ``post_mortem`` rows, the Nestors
explorer and predict mode, and the drills. The judge runs on small samples (``SAMPLES``) and a small face-up
budget (``NODES``), so each game takes a few seconds. The facts the rules of thumb's tips state about the
cards are checked on 200 positions per tip in ``test_tips.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from textcheck import check_figures, check_judge_sentence, check_no_choice, check_words, named, without

import cardwidgets as cw
from cardwidgets.analysis import DoubleDummy
from cardwidgets.analysis.coach import coach, hint_decision
from cardwidgets.analysis.judge import Judgement, explain, judge
from cardwidgets.analysis.position import play_phases
from cardwidgets.analysis.postmortem import post_mortem
from cardwidgets.bots import heuristic
from cardwidgets.bots.hint import hint
from cardwidgets.bots.hint import hint_decision as search_decision
from cardwidgets.core.records import replay
from cardwidgets.core.registry import GAMES as REGISTERED
from cardwidgets.core.state import GameState
from cardwidgets.drills import feedback, make_item, say, topics
from cardwidgets.drills.base import position_lines
from cardwidgets.games.nestors import explorer, predict
from cardwidgets.i18n import LOCALES, Points
from cardwidgets.i18n.names import action_phrase
from cardwidgets.i18n.ui import UI
from cardwidgets.widgets.analysis_view import analyse
from cardwidgets.widgets.replay import analysis_lines
from cardwidgets.widgets.review_runner import group, listed
from cardwidgets.widgets.table import cost_text

GAMES = sorted(REGISTERED)
#: The judge's budget here: sampled deals and face-up positions (small: the words, not the values, are tested).
SAMPLES = 8
NODES = 200_000
#: Decisions judged per phase of each game (every action of each), from this many seeded deals.
PER_PHASE = 4
DEALS = 6


def decisions(game: str) -> Iterator[GameState]:
    """Decisions with a choice in every phase of ``game``: seeded deals, the rules of thumb with random slips."""
    seen: Counter[str] = Counter()
    for seed in range(DEALS):
        rng = random.Random(seed)
        state = cw.new_game(game, seed=seed)
        while not state.is_done:
            legal = state.legal_actions()
            if len(legal) > 1 and seen[state.phase] < PER_PHASE and rng.random() < 0.5:
                seen[state.phase] += 1
                yield state.clone()
            state.apply(heuristic.policy(state) if rng.random() < 0.8 else rng.choice(legal))


def phases_with_a_choice(game: str) -> set[str]:
    """Every phase in which a seat had a choice, in the same seeded deals."""
    found = set()
    for seed in range(DEALS):
        rng = random.Random(seed)
        state = cw.new_game(game, seed=seed)
        while not state.is_done:
            legal = state.legal_actions()
            if len(legal) > 1:
                found.add(state.phase)
            state.apply(heuristic.policy(state) if rng.random() < 0.8 else rng.choice(legal))
    return found


def judged(state: GameState) -> Judgement:
    """The judge on ``state``, small budgets, face up in the play."""
    return judge(state, dd=state.phase in play_phases(state.game_name), samples=SAMPLES, nodes=NODES)


@pytest.mark.parametrize("game", GAMES)
def test_every_judge_sentence_names_what_was_judged(game: str) -> None:
    """The coach's and the Review's sentence on every action of sampled decisions, in both languages."""
    checked, phases = 0, set()
    for state in decisions(game):
        phases.add(state.phase)
        judgement = judged(state)
        tip = heuristic.decide(state)
        for action in state.legal_strings()[:12]:
            a = judgement.assess(action)
            for face_up in (True, False):
                reason = explain(a, state, state.actor, face_up=face_up)
                for locale in LOCALES:
                    text = reason.text(locale)
                    check_judge_sentence(text, a, state, locale, tip=tip, face_up=face_up)
                    check_no_choice(text, a, judgement, locale)
                    checked += 1
    assert checked >= 100
    assert phases == phases_with_a_choice(game)  # every phase


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_and_the_search_reason_name_their_move_with_units(game: str) -> None:
    """The Table's Hint (the judge's best) and ``hint()`` (the search bot): their move named, figures in points.

    The move is named by the rule of thumb's reason when it is the rule of thumb's, else by the sentence itself.
    """
    hinted: set[str] = set()
    for n, state in enumerate(decisions(game)):
        if state.phase in hinted:  # one decision per phase: the Hint samples the judge's full count
            continue
        hinted.add(state.phase)
        seat, tip = state.actor, heuristic.decide(state)
        table_hint, search_hint = hint_decision(state, seat), search_decision(state, seat, n)  # hint()'s decision
        for locale in LOCALES:
            for decision in (table_hint, search_hint):
                action, text = decision.action.text, decision.text(locale)
                check_words(text, locale)
                own = without(text, tip.text(locale))  # the tip's counts are checked in test_tips.py
                check_figures(own)
                if tip.action.text == action:  # "agree": the rule of thumb's reason names the move in its words
                    assert own != text, f"the rule of thumb's reason for {action} missing in {text!r}"
                else:
                    assert action in named(own, state, locale), f"{action} not named in {text!r}"


@pytest.mark.parametrize("game", GAMES)
def test_review_rows_name_the_action_and_carry_units(game: str) -> None:
    """``post_mortem`` rows of a seeded deal: the sentence names the row's action; its costs are in points."""
    state = cw.new_game(game, seed=4)
    while not state.is_done:
        state.apply(heuristic.policy(state))
    for locale in LOCALES:
        for row in post_mortem(state, 0, locale=locale, samples=SAMPLES, nodes=NODES):
            text = row["text"]
            check_words(text, locale)
            check_figures(text.split(". ")[0])
            if row["mc_cost"] is not None:
                check_figures(cost_text(row["mc_cost"], locale, game, decimals=1))


def test_the_reviews_costs_carry_the_games_unit_and_the_sentences_rounding() -> None:
    """The Review wrote "lost on what you could see: 4.19" beside "4.2" in the sentence: one rounding, and units."""
    assert cost_text(4.19, "en", "tumbochka", decimals=1) == "4.2 points"
    assert cost_text(4.19, "ru", "nimby", decimals=1) == "4,2 балла"
    assert cost_text(10, "en", "nestors") == "10 points"
    assert cost_text(1, "ru", "tumbochka") == "1 очко"
    assert cost_text(None, "en", "nestors") == "?"


# ----- the examples: sentences that contradicted their verdict ------------------------------------
def tied_decision(game: str, *, play: bool = False) -> tuple[Judgement, str, str]:
    """A judgement where the rule of thumb's move and another action are both best (equal in every deal).

    ``play``: a decision of the card play (else the first decision among three actions or more).
    """
    for seed in range(40):
        state = cw.new_game(game, seed=seed)
        while not state.is_done:
            legal = state.legal_strings()
            tip = heuristic.decide(state).action.text
            if len(legal) > 2 and (not play or state.phase in play_phases(game)):
                other = next(a for a in legal if a != tip)
                judgement = Judgement(state, state.actor, [state] * 3, None, "none")
                judgement.results = {a: [1.0, 2.0, 3.0] if a in (tip, other) else [0.0, 0.0, 0.0] for a in legal}
                return judgement, tip, other
            state.apply(heuristic.policy(state))
    raise AssertionError("no decision among three actions")


@pytest.mark.parametrize("game", GAMES)
def test_a_best_verdict_never_advises_another_action(game: str) -> None:
    """The coach said "Best move. Leave 6♣ on the table: … Leave 6♦ on the table: it is worth least"."""
    judgement, tip, other = tied_decision(game)
    state = judgement.state
    a = judgement.assess(other)
    assert a.verdict == "best"
    tip_text = heuristic.decide(state).reason
    for locale in LOCALES:
        text = explain(a, state, judgement.seat).text(locale)
        assert tip_text.text(locale)[1:] not in text, text
        assert named(text, state, locale) == {other, tip}, text  # the rule of thumb's move, named as tied
        check_judge_sentence(text, a, state, locale, tip=heuristic.decide(state))
    own = explain(judgement.assess(tip), state, judgement.seat).text("en")
    assert tip_text.text("en")[1:] in own  # the tip stays with the move it is about


def test_an_inaccuracy_that_was_best_face_up_says_both_in_one_sentence() -> None:
    """The Review said "Play K♥: an inaccuracy — … With all cards face up it was best too." (which one is it?)"""
    judgement, _tip, other = tied_decision("tumbochka", play=True)
    state = judgement.state
    judgement.results[other] = [-9.0, -8.0, -10.0]
    judgement.dd = dict.fromkeys(state.legal_strings(), 3)
    judgement.dd_status = "done"
    a = judgement.assess(other)
    assert a.verdict in ("inaccuracy", "mistake")
    assert a.dd_cost == 0
    en = explain(a, state, judgement.seat).text("en")
    ru = explain(a, state, judgement.seat).text("ru")
    assert " points); with all cards face up it happened to be best." in en
    assert "best too" not in en
    assert "; при открытых картах этот ход случайно оказался лучшим." in ru
    assert "тоже лучший" not in ru


def test_any_card_does_is_said_with_the_count_and_one_card_as_the_only_one() -> None:
    """The coach said "Nothing to choose. Play Q♦: nothing you could play here changes the result." with 8 cards."""
    judgement, _tip, _other = tied_decision("tumbochka", play=True)
    state = judgement.state
    legal = state.legal_strings()
    judgement.results = {a: [1.0, 2.0, 3.0] for a in legal}
    a = judgement.assess(legal[0])
    en, ru = (explain(a, state, judgement.seat).text(locale) for locale in LOCALES)
    assert f"all {len(legal)} you could play give the same result in each of the 3 deals" in en
    assert f"здесь годится любая карта — какую из {len(legal)} ни сыграй" in ru
    for locale, text in (("en", en), ("ru", ru)):
        check_no_choice(text, a, judgement, locale)


def test_the_nimby_tip_never_tells_to_keep_the_2s_while_playing_one() -> None:
    """``hint()`` said "play 2♦, your lowest: … keep your strong cards and your 2s"."""
    record = {
        "game": "nimby", "dealer": 2, "seed": 2,
        "actions": ["pass", "pass", "exchange 2C", "pass", "play 4H", "play 6H", "play 4D", "play 3H", "play 4C",
                    "play 3C", "play 6C", "play AC", "play 5H", "play 3D", "play 5S", "play AH", "play 3S", "play 5D",
                    "play 6D", "play 6S", "play AD", "play 4S"],
    }  # fmt: skip
    state = replay(record)
    assert isinstance(state, GameState)
    en, ru = hint(state, 1, "en"), hint(state, 1, "ru")
    assert en["action"] == "play 2D"
    assert "your 2s" not in en["reason"]
    assert "your lowest 2: you hold only 2s here" in en["reason"]
    assert "берегите" not in ru["reason"]
    assert "самую младшую из ваших двоек" in ru["reason"]
    for locale, found in (("en", en), ("ru", ru)):
        check_words(found["reason"], locale)
        check_figures(found["reason"])
    verdict = coach(state, "play 2D")
    assert verdict.verdict == "no_choice"
    assert "any card does here — all 2 you could play give the same result" in verdict.to_json("en")["text"]


# ----- the other tools' texts: words only ------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_drill_texts_are_words_in_the_learners_language(game: str) -> None:
    """Every drill topic's prompts, positions and feedback: no card code, no Latin in Russian but rule ids."""
    for topic in topics(game):
        for n in range(6):
            item = make_item(topic, 1, n)
            for locale in LOCALES:
                check_words(say(item.prompt, locale), locale)
                for line in position_lines(item.position, locale):
                    check_words(line, locale)
                for index in range(len(item.choices)):
                    check_words(feedback(item, index, locale)["text"], locale)


def test_explorer_and_predict_texts_are_words_in_the_learners_language() -> None:
    """The TrickExplorer's outcome lines (every example) and predict mode's feedback to every answer."""
    for setup in explorer.EXAMPLES.values():
        for locale in LOCALES:
            for line in explorer.describe(explorer.analyse(setup, locale), locale).splitlines():
                check_words(line, locale)
    for case in predict.CASES:
        for field in predict.questions(case):
            for locale in LOCALES:
                for option in predict.options(case, field, locale):
                    check_words(predict.grade(case, field, option["value"], locale)["text"], locale)


@pytest.mark.parametrize("game", GAMES)
def test_the_analysis_badges_say_what_their_figures_are(game: str) -> None:
    """HandReplay's Analysis marked a card "1 −7" where the text said "leave the makers with 1": units on both."""
    state = cw.new_game(game, seed=2)
    while state.phase not in play_phases(game) or len(state.legal_actions()) < 2 or sum(map(len, state.hands)) > 12:
        state.apply(heuristic.policy(state))
    value_words = {"nimby": {"en": "2s: ", "ru": "двоек: "}}
    for locale in LOCALES:
        view = analyse(state, DoubleDummy(max_nodes=NODES), locale, 20.0)
        assert view["status"] == "done"
        for entry in view["actions"]:
            shown, lost = entry["badge"].split(" · ")
            own = value_words.get(game, {}).get(locale)
            assert shown == (f"{own}{entry['value']}" if own else Points(entry["value"], game).text(locale))
            assert lost == ("✓" if entry["loss"] == 0 else f"−{Points(entry['loss'], game).text(locale)}")
            check_words(entry["badge"], locale)
        printed = analysis_lines(view, locale)[1]  # HandReplay.text(): the same marks, with their units
        assert printed == "  ".join(f"{entry['label']}: {entry['badge']}" for entry in view["actions"])


def test_a_flagged_play_reads_as_words_inside_a_sentence() -> None:
    """The judge wrote "less on average than trilyazh! Lead J♣ in 8 deals": a button label inside a sentence."""
    judgement, _tip, other = tied_decision("tumbochka", play=True)
    state = judgement.state
    assert action_phrase("play JC trilyazh", "en", "tumbochka") == "announce the trilyazh and lead J♣"
    assert action_phrase("play JC trilyazh", "ru", "tumbochka") == "объявить трильяж и зайти с В♣"
    assert action_phrase("play 6D troyan", "en", "tumbochka") == "show the troyan and lead 6♦"
    assert action_phrase("play 6D troyan", "ru", "tumbochka") == "показать трояна и зайти с 6♦"
    for locale in LOCALES:
        assert "!" not in explain(judgement.assess(other), state, judgement.seat).text(locale)


def test_the_review_heading_fits_an_entry_that_was_as_good_as_the_best() -> None:
    """The coach said "As good as the best. Play K♦…" and the Review listed K♦ under "Your costly decisions".

    A decision that cost only with all cards face up is listed apart, under a heading that says so and never
    calls it costly; the costly heading holds only the coach's inaccuracies and mistakes.
    """
    as_good = {"verdict": "good", "dd_cost": 10}
    assert listed(as_good)
    assert group(as_good) == "face_up"
    assert group({"verdict": "mistake", "dd_cost": 0}) == "costly"
    en, ru = UI["en"]["review_face_up"], UI["ru"]["review_face_up"]
    assert "costly" not in en
    assert "with all cards face up" in en
    assert "ошибк" not in ru
    assert "при открытых картах" in ru
    assert "on what you could see" in UI["en"]["review_title"]
    assert "по тому, что вы видели" in UI["ru"]["review_title"]


def test_the_judges_figures_have_the_rounding_its_sentence_shows() -> None:
    """A row printed "mc_cost 0.2 ± 0.05" beside the sentence's "± 0.1": the figures are rounded once."""
    judgement, _tip, other = tied_decision("tumbochka", play=True)
    judgement.results[other] = [0.7, 1.9, 2.8]  # 0.2 less on average than the best, error 0.0577…
    a = judgement.assess(other)
    assert (a.mc_cost, a.mc_error) == (0.2, 0.1)
    text = explain(a, judgement.state, judgement.seat).text("en")
    assert "0.2 points less on average" in text
    assert "(± 0.1 points)" in text
