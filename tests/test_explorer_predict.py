"""TrickExplorer's predict mode (issue 22): the learner answers before the engine shows the trick.

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
