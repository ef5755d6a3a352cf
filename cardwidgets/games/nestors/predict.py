"""Predict before the engine shows it: one graded Nestors trick per case of NES-6, and one of the leave (NES-7).

``TrickExplorer.predict(case)`` lays out ``CASES[case]`` and asks, before it shows
the outcome and one question after the other: which partnership wins the trick, who
collects it, and (case ``"leave"``) which card may stay on the table. ``grade`` grades
an answer with the engine (``resolve_trick``) and explains it: the decisive fact in
words, then the rule id, in the learner's language — never the answer to a question
asked later (who wins is said without who collects). A right answer after wrong ones
says on which try it came.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardwidgets.cards import Card, Rank, parse_card
from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import DrillError, card_text, say
from cardwidgets.games.nestors.drills import SIDES as SIDE_NAMES
from cardwidgets.games.nestors.drills import with_reading
from cardwidgets.games.nestors.tricks import POSITIONS, TrickResult, resolve_trick
from cardwidgets.games.nestors.words import POSITION_NAMES
from cardwidgets.i18n import render
from cardwidgets.i18n.drills import drill_text

#: The questions, in the order they are asked.
WINNERS, COLLECTOR, LEAVE = "winners", "collector", "leave"
#: A card of the collector's own hand: never one that may stay (NES-7).
OWN_HAND = "hand"
SIDES = ("AC", "BD")


@dataclass(frozen=True)
class Case:
    """A trick to predict: the trump rank, A's, B's and C's cards, and the table card lying beside them."""

    trump: Rank
    a: Card
    b: Card
    c: Card
    table: Card | None = None


def _case(trump: Rank, a: str, b: str, c: str, table: str | None = None) -> Case:
    return Case(trump, parse_card(a), parse_card(b), parse_card(c), parse_card(table) if table else None)


#: One position per case of NES-6 (W1 – W3b) and one of the leave (NES-7, Decision E-8).
CASES: dict[str, Case] = {
    "W1": _case(Rank.JACK, "9S", "KS", "JS"),  # all spades, C's J is the trump: C wins for A and C
    "W2": _case(Rank.ACE, "QD", "KD", "9D"),  # all diamonds, no trump: B's K is highest
    "W3": _case(Rank.JACK, "10S", "JD", "JS"),  # the seed's trap: ♠J is A's suit, so B's trump wins
    "W3a": _case(Rank.JACK, "JH", "AH", "7C"),  # A's trump, B none: A and C win, C collects
    "W3b": _case(Rank.JACK, "10S", "JD", "JC"),  # the seed's first example: C's ♣J of a third suit
    "leave": _case(Rank.TEN, "KC", "QC", "10H", "9D"),  # C collects three of the four cards, one stays
}


def questions(case: str) -> tuple[str, ...]:
    """What ``case`` asks: who wins, who collects, and for the leave which card may stay."""
    return (WINNERS, COLLECTOR, LEAVE) if case == "leave" else (WINNERS, COLLECTOR)


def get_case(case: str, locale: str = "en") -> Case:
    """The position of ``case``; a ``DrillError`` naming the cases otherwise."""
    found = CASES.get(case) if isinstance(case, str) else None
    if found is None:
        raise DrillError(drill_text("err_case", locale, case=case, cases=", ".join(CASES)))
    return found


def options(case: str, field: str, locale: str) -> list[dict[str, str]]:
    """The answers offered for ``field``: ``[{"value", "label"}]``."""
    if field == WINNERS:
        return [{"value": side, "label": drill_text(side, locale)} for side in SIDES]
    if field == COLLECTOR:
        return [{"value": pos, "label": POSITION_NAMES[pos][locale]} for pos in POSITIONS]
    found = CASES[case]
    cards = [found.a, found.b, found.c, found.table]
    shown = [{"value": card.text, "label": card_text(card, locale)} for card in cards if card is not None]
    return [*shown, {"value": OWN_HAND, "label": drill_text("own_hand", locale)}]


def grade(case: str, field: str, value: str, locale: str, tries: int = 1) -> dict[str, Any]:
    """``{"correct", "text", "rule"}`` for ``value`` as the answer to ``field``; ``DrillError`` if not offered.

    ``tries``: which answer to this question ``value`` is (1: the first); a right one after wrong ones says so.
    """
    found = get_case(case, locale)
    offered = [option["value"] for option in options(case, field, locale)] if field in questions(case) else []
    if value not in offered:
        raise DrillError(drill_text("err_option", locale, option=value, options=", ".join(offered)))
    why, correct = _verdict(found, field, value)
    text = say(why, locale)
    label = next(o["label"] for o in options(case, field, locale) if o["value"] == value)
    key = "drill.wrong"
    if correct:
        key = "drill.right" if tries <= 1 else "drill.right_second" if tries == 2 else "drill.right_later"
    params = {"why": text, "option": label, "n": tries}
    return {"correct": correct, "text": render(key, params, locale), "rule": why.rule}


def _verdict(case: Case, field: str, value: str) -> tuple[Explanation, bool]:
    """The engine's reason and whether ``value`` is right for ``field``."""
    trick = resolve_trick(case.a, case.b, case.c, case.trump)
    if field == WINNERS:
        return with_reading(side_reason(trick)), value == trick.winners
    if field == COLLECTOR:
        return with_reading(trick.explanation), value == trick.collector
    collector = POSITION_NAMES[trick.collector]
    four = [case.a, case.b, case.c, case.table]
    why = Explanation("NES-7", "drill.nes_leave_why", {"who": collector, "four": four})
    return why, value != OWN_HAND


def side_reason(trick: TrickResult) -> Explanation:
    """Why ``trick.winners`` win (NES-6 W1 – W3b), without who collects: that is the question asked next."""
    a, b, c = trick.cards
    params: dict[str, object] = {"side": SIDE_NAMES[trick.winners], "card": trick.card, "suit": a.suit, "b": b, "c": c}
    params["trumps"] = [card for card in (a, c) if card.rank is trick.trump]  # W3a: A's, C's or both
    rule = trick.rule.lower() if trick.rule != "W3" else f"w3_{trick.reason}"
    return Explanation(f"NES-6 {trick.rule}", f"drill.nes_side_{rule}", params)
