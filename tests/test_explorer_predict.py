"""TrickExplorer's predict mode: the learner answers before the engine shows the trick.

One graded position per case of NES-6 (W1, W2, W3, W3a, W3b) and of the leave (NES-7);
the right answers are worked out again here from docs/rules/nestors.md (``test_drills``),
not taken from the engine; nothing in the synced state tells the answer before it is given.
"""

from __future__ import annotations

import json
import re

import pytest
from support import send_message
from test_drills import RULE_ID, nestors_trick

from cardwidgets import TrickExplorer
from cardwidgets.drills import DrillError
from cardwidgets.games.nestors.explorer import ExplorerError
from cardwidgets.games.nestors.predict import CASES, OWN_HAND
from cardwidgets.games.nestors.tricks import resolve_trick


def synced(explorer: TrickExplorer) -> str:
    state = explorer.get_state()
    return json.dumps({k: v for k, v in state.items() if k not in ("_esm", "_css", "ui")}, ensure_ascii=False)


@pytest.mark.rules("NES-6", "W1", "W2", "W3", "W3a", "W3b", "E-7")
def test_one_position_per_case_of_nes6() -> None:
    assert {resolve_trick(c.a, c.b, c.c, c.trump).rule for name, c in CASES.items() if name != "leave"} == {
        "W1", "W2", "W3", "W3a", "W3b"
    }
    for name, case in CASES.items():
        if name != "leave":
            assert resolve_trick(case.a, case.b, case.c, case.trump).rule == name


@pytest.mark.rules("NES-6", "W1", "W2", "W3", "W3a", "W3b")
@pytest.mark.parametrize("name", list(CASES))
def test_predict_then_see(name: str) -> None:
    case = CASES[name]
    winners, collector = nestors_trick(case.a, case.b, case.c, case.trump)
    x = TrickExplorer(locale="en")
    x.predict(name)
    assert x.result["trick"] is None  # not shown before the learner answers
    before = synced(x)
    assert '"correct"' not in before
    assert name == "leave" or f"\"{name}\"" not in json.dumps(x.quiz)  # the case's name would tell the answer
    wrong = "BD" if winners == "AC" else "AC"
    verdict = x.guess("winners", wrong)
    assert verdict["correct"] is False
    assert verdict["text"].startswith("Not ")
    assert RULE_ID.search(verdict["rule"])
    assert x.result["trick"] is None  # one question still open
    right = x.guess("collector", collector)
    assert right["correct"] is True
    assert right["text"].startswith("Right: ")
    if name == "leave":
        assert x.result["trick"] is None
        assert x.guess("leave", OWN_HAND)["correct"] is False
        assert x.guess("leave", case.table.text)["correct"] is True  # type: ignore[union-attr]
        assert x.quiz["questions"][2]["guess"]["rule"] == "NES-7"  # the first answer is the one kept
    assert x.quiz["done"] is True
    assert x.result["trick"]["collector"] == collector
    assert x.result["trick"]["winners"] == winners
    assert x.quiz["questions"][0]["guess"]["correct"] is False
    assert "Not " in x.text()


def test_predict_in_russian_reads_russian() -> None:
    x = TrickExplorer(locale="ru")
    x.predict("W3b")
    x.guess("winners", "BD")
    x.guess("collector", "C")
    texts = [q["text"] for q in x.quiz["questions"]] + [q["guess"]["text"] for q in x.quiz["questions"]]
    for text in texts:
        assert not re.search(r"[A-Za-z]", RULE_ID.sub("", text)), text
    assert x.quiz["questions"][0]["guess"]["text"].startswith("Нет, не Б и Г: ")


def test_bad_predictions_change_nothing() -> None:
    x = TrickExplorer()
    with pytest.raises(ExplorerError, match="nothing to predict"):
        x.guess("winners", "AC")
    x.predict("W1")
    before = synced(x)
    with pytest.raises(DrillError, match="no answer"):
        x.guess("winners", "A and C")
    with pytest.raises(DrillError, match="no answer"):
        x.guess("leave", "KC")  # not asked in this case
    with pytest.raises(DrillError, match='no position "W4"'):
        x.predict("W4")
    assert synced(x) == before
    send_message(x, {"command": "guess", "field": "winners", "value": 3})
    assert x.error["text"]
    x.error = {}
    assert synced(x) == before
    send_message(x, {"command": "guess", "field": "winners", "value": "AC"})
    assert x.quiz["questions"][0]["guess"]["correct"] is True
    x.set_cards("9S", "KS", "QS")  # a trick of one's own: predict mode ends
    assert x.quiz == {}
    assert x.result["trick"] is not None


def predicting(name: str, locale: str = "en") -> TrickExplorer:
    x = TrickExplorer(locale=locale)
    x.predict(name)
    return x


#: Words that say who collects a trick: the question asked after who wins.
COLLECTING = {"en": ("collect", "takes the trick", "takes both"), "ru": ("забира", "берёт")}


@pytest.mark.rules("NES-6")
@pytest.mark.parametrize("locale", ["en", "ru"])
@pytest.mark.parametrize("name", list(CASES))
def test_who_wins_is_said_without_who_collects(name: str, locale: str) -> None:
    """The verdict on "which partnership wins" never answers "who collects", asked after it."""
    for side in ("AC", "BD"):
        x = predicting(name, locale)
        text = x.guess("winners", side)["text"]
        assert not any(word in text.lower() for word in COLLECTING[locale]), text
        assert RULE_ID.search(text)
        assert all(not q["guess"] or q["field"] == "winners" for q in x.quiz["questions"])


@pytest.mark.parametrize(
    ("locale", "second", "wrong"),
    [("en", "Right, on the second try: ", "Not A and C: "), ("ru", "Верно, со второй попытки: ", "Нет, не А и С: ")],
)
def test_a_right_answer_after_a_wrong_one_is_graded_and_counted(locale: str, second: str, wrong: str) -> None:
    x = predicting("W3", locale)  # B and D win, B collects
    assert x.guess("winners", "AC")["text"].startswith(wrong)
    verdict = x.guess("winners", "BD")
    assert verdict["correct"] is True
    assert verdict["text"].startswith(second)
    assert verdict["tries"] == 2
    shown = x.quiz["questions"][0]["guess"]
    assert (shown["value"], shown["correct"], shown["tries"]) == ("BD", True, 2)
    assert shown["text"].startswith(second)
    assert second in x.text()
    assert wrong not in x.text()
    assert x.quiz["score"] == {"asked": 1, "right": 0}  # right, but not at the first try
    x.guess("collector", "B")
    assert x.quiz["score"] == {"asked": 2, "right": 1}
    x.guess("winners", "AC")  # answered right already: nothing changes
    assert x.quiz["questions"][0]["guess"]["tries"] == 2
    assert x.quiz["questions"][0]["guess"]["correct"] is True


def test_a_third_try_says_which_try() -> None:
    x = predicting("W3a")  # C collects
    x.guess("winners", "AC")
    assert not x.guess("collector", "A")["correct"]
    assert not x.guess("collector", "A")["correct"]  # the same wrong answer again is no new try
    assert not x.guess("collector", "B")["correct"]
    assert x.guess("collector", "C")["text"].startswith("Right, on try 3: ")


def test_questions_are_asked_one_after_the_other() -> None:
    x = predicting("leave", "en")
    assert [q["asked"] for q in x.quiz["questions"]] == [True, False, False]
    before = synced(x)
    with pytest.raises(ExplorerError, match='answer "Which partnership wins this trick\\?" first'):
        x.guess("collector", "C")
    send_message(x, {"command": "guess", "field": "leave", "value": "9D"})
    assert "first" in x.error["text"]
    x.error = {}
    assert synced(x) == before
    x.guess("winners", "BD")  # wrong: the next question opens all the same
    assert [q["asked"] for q in x.quiz["questions"]] == [True, True, False]


@pytest.mark.parametrize("name", list(CASES))
def test_the_outcome_never_reaches_the_front_end_before_the_answers(name: str) -> None:
    """Every state synced on the way into predict mode hides the trick (a view may draw any of them)."""
    shown: list[dict[str, object]] = []
    x = TrickExplorer(locale="en")
    x.observe(lambda change: shown.append(change["new"]), names=["result"])
    x.predict(name)
    born: list[dict[str, object]] = []
    original = TrickExplorer._sync

    def recording(self: TrickExplorer) -> None:
        original(self)
        born.append(self.result)

    try:
        TrickExplorer._sync = recording  # type: ignore[method-assign]
        TrickExplorer(predict=name)  # born in predict mode: no other state first
    finally:
        TrickExplorer._sync = original  # type: ignore[method-assign]
    assert shown
    assert born
    assert all(result["trick"] is None for result in shown + born)
