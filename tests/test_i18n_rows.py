"""Analysis results printed for a person (``cardwidgets.i18n.rows``).

Words, not action strings; each figure with its unit and one rounding.
"""

from __future__ import annotations

import re

import pytest

import cardwidgets as cw
from cardwidgets.analysis import double_dummy
from cardwidgets.i18n.rows import row_line, value_lines, verdict_word

ROW = {"number": 12, "action": "play 6H", "verdict": "good", "dd_cost": 0, "mc_cost": 0.2, "mc_error": 0.05}
#: A card code as the engine writes it ("6H", "10S"), as in an action string ("play AC").
CODE = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b")


def test_a_row_in_english_names_the_action_the_verdict_and_each_loss_with_its_unit():
    line = row_line(ROW, "tumbochka", "en")
    assert line == ("Action 12: Play 6♥ · As good as the best · lost on what you could see: 0.2 ± 0.1 points"
                    " · lost with all cards face up: 0 points")


def test_a_row_in_russian_is_russian_with_the_decimal_comma():
    line = row_line(ROW, "tumbochka", "ru")
    assert line == ("Ход 12: Сыграть 6♥ · Не хуже лучшего · потеря по тому, что вы видели: 0,2 ± 0,1 очка"
                    " · потеря при открытых картах: 0 очков")
    assert re.search(r"[A-Za-z]", line) is None


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_the_error_is_rounded_once_as_the_judges_sentence_rounds_it(locale):
    line = row_line({**ROW, "mc_cost": 0.1234, "mc_error": 0.0449}, "nestors", locale)
    assert ("0.1 ± 0.0 points" if locale == "en" else "0,1 ± 0,0 очка") in line


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_every_verdict_has_a_word_and_an_unvalued_row_says_so(locale):
    for verdict in ("best", "good", "inaccuracy", "mistake", "no_choice"):
        word = verdict_word(verdict, locale)
        assert word
        assert not word.endswith(".")
    line = row_line({**ROW, "verdict": None, "dd_cost": None}, "nimby", locale)
    assert ("not valued" if locale == "en" else "не оценён") in line
    assert CODE.search(line) is None


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_face_up_values_are_printed_as_actions_in_words_with_points(locale):
    state = cw.new_game("nimby", seed=37)
    while not (state.phase == "play" and len(state.hands[state.to_act]) == 2 and not state.tricks[-1].plays):
        state.apply(state.legal_actions()[0])
    values = double_dummy(state)
    lines = value_lines(values, "nimby", locale)
    assert len(lines) == len(values)
    noun = "point" if locale == "en" else "балл"
    for line, value in zip(lines, values.values(), strict=True):
        assert CODE.search(line) is None, line
        assert line.endswith(f": {value} {noun}") or re.search(rf": {value} {noun}\w*$", line), line
    cw.set_locale(locale)
    assert value_lines(values, "nimby") == lines  # the current locale when none is given
