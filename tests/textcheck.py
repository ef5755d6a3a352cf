"""Small checks of the words a person reads against the data they were made from (``test_text_checker.py``).

Each ``check_*`` raises ``AssertionError`` naming what is wrong and quoting the text. The judge's sentences
are checked against their ``Assessment``: the action they name is the one judged, the better one is the
judgement's best, "any card does" only when every action valued gives the same result, figures in the
game's points with one rounding. Every text, in either language, is checked for card codes ("KC") and
action strings ("play KC"), and Russian text for Latin words other than rule ids.
"""

from __future__ import annotations

import re

from cardwidgets.analysis.judge import Assessment, Judgement
from cardwidgets.bots.base import Decision
from cardwidgets.core.state import GameState
from cardwidgets.i18n.names import action_phrase

#: A card code as the engine writes it (``KC``, ``10H``, ``2S``): never shown to a person.
CARD_CODE = re.compile(r"(?<![\w♠♣♥♦])(?:10|[2-9AKQJT])[CDHS](?![\w])")
#: An action string (``play KC``, ``exchange 2C``, ``bid 170`` as a dict key): never shown either.
ACTION_STRING = re.compile(r"['\"](?:play|bid|pass|give|leave|raise|keep|agree|exchange|open|announce)[ '\"]")
#: Rule ids (``NIM-6``, ``TUM-5``, ``E-4``, ``NES-6 W3a``) and the rule ids' wins (``W3b``): the only Latin in Russian.
RULE_ID = re.compile(r"\b[A-Z]{1,4}-\d+[a-z]?\b|\bW\d[a-z]?\b")
#: A number written with a decimal point or comma ("4.19", «0,5»).
DECIMAL = re.compile(r"(?<![\d.,])[+−-]?\d+[.,](\d+)")
#: The unit words of the games' points (``i18n.names.points_word``, the games' ``POINT_FORMS``).
UNITS = re.compile(r"^\s*(?:points?|очк(?:о|а|ов)|балл(?:а|ов)?)\b")


def check_no_codes(text: str) -> None:
    """No card code and no action string, in either language."""
    found = CARD_CODE.search(text) or ACTION_STRING.search(text)
    assert found is None, f"code {found.group(0)!r} in {text!r}"


def check_russian(text: str) -> None:
    """Russian text has no Latin letter outside the rule ids."""
    rest = RULE_ID.sub("", text)
    latin = re.findall(r"[A-Za-z]+", rest)
    assert not latin, f"Latin {latin} in Russian text {text!r}"


def check_words(text: str, locale: str) -> None:
    """The checks every text a person reads passes."""
    assert text.strip(), "an empty text"
    check_no_codes(text)
    if locale == "ru":
        check_russian(text)


def check_figures(text: str) -> None:
    """Every decimal figure has one digit after the point (one rounding) and the game's unit after it."""
    for match in DECIMAL.finditer(text):
        assert len(match.group(1)) == 1, f"figure {match.group(0)!r} not rounded to one decimal in {text!r}"
        assert UNITS.match(text[match.end() :]), f"figure {match.group(0)!r} without its unit in {text!r}"


def named(text: str, state: GameState, locale: str) -> set[str]:
    """The legal actions of ``state`` that ``text`` names (as ``action_phrase`` words them, any case)."""
    lower = text.lower()
    found = set()
    for action in state.legal_strings():
        words = re.escape(action_phrase(action, locale, state.game_name).lower())
        if re.search(rf"(?<![\w]){words}(?![\w])", lower):
            found.add(action)
    return found


def check_judge_sentence(
    text: str, a: Assessment, state: GameState, locale: str, *, tip: Decision, face_up: bool = True
) -> None:
    """A judge's sentence against its assessment (``tip``: the rule of thumb's; ``face_up``: with that clause).

    It names the action judged; a good or costly verdict names the judgement's best as the better one; a best
    verdict names no other action than the rule of thumb's tied move; the face-up clause names the best face up.
    The rule of thumb's reason stands only after the action it is about: the one judged when it is best, the
    better one after an inaccuracy or a mistake (what the reason itself names is checked in ``test_tips.py``).
    """
    check_words(text, locale)
    own = without(text, tip.text(locale))
    if own != text:
        about = a.action if a.verdict == "best" else a.best[0]
        assert tip.action.text == about, f"a {a.verdict} verdict on {a.action} quotes the tip for another: {text!r}"
    names = named(own, state, locale)
    assert a.action in names, f"the action judged ({a.action}) is not named in {text!r}"
    allowed = {a.action}
    if a.verdict in ("good", "inaccuracy", "mistake"):
        assert a.best[0] in names, f"the best ({a.best[0]}) is not named in {text!r}"
        allowed.add(a.best[0])
    if a.verdict == "best" and tip.action.text in a.best:
        allowed.add(tip.action.text)
    if a.dd_cost and face_up:
        allowed.add(a.dd_best[0])
    assert names <= allowed, f"{sorted(names - allowed)} named in a {a.verdict} verdict on {a.action}: {text!r}"
    check_figures(own)
    if a.verdict in ("inaccuracy", "mistake") and a.dd_cost == 0 and face_up:
        lucky = "happened to be best" if locale == "en" else "случайно оказался лучшим"
        assert lucky in text, f"a costly verdict that was best face up does not say both: {text!r}"
    assert "best too" not in text or a.verdict in ("best", "good"), f"'best too' after a {a.verdict}: {text!r}"


def without(text: str, tip: str) -> str:
    """``text`` without the rule of thumb's reason ``tip`` (quoted in any case of its first letter)."""
    body = tip[1:]
    return text.replace(body, "") if body and body in text else text


def check_no_choice(text: str, a: Assessment, judgement: Judgement, locale: str) -> None:
    """The words of "no choice" as what it is: one legal action, or every valued action with one result, counted."""
    legal = judgement.state.legal_strings()
    any_words = ("any card does", "any choice does") if locale == "en" else ("годится любая", "годится любой")
    only_words = "the only legal action" if locale == "en" else "единственный разрешённый"
    says_any = any(words in text for words in any_words)
    if a.verdict != "no_choice":
        assert not says_any, f"'any does' in a {a.verdict} verdict: {text!r}"
        assert only_words not in text, f"'the only legal action' in a {a.verdict} verdict: {text!r}"
        return
    if len(legal) == 1:
        assert only_words in text, f"a single legal action not said so: {text!r}"
        return
    rows = list(judgement.results.values())
    assert all(row == rows[0] for row in rows), f"'any does' with different results: {text!r}"
    assert says_any, f"a no-choice verdict among {len(legal)} actions does not say any does: {text!r}"
    count = len(judgement.results)
    assert re.search(rf"\b{count}\b", text), f"the count {count} missing in {text!r}"
