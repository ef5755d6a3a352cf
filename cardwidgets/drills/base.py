"""What every drill item is made of, and how it is put into words.

An ``Item`` is one question: a prompt, the position the learner sees (``Position``)
and the possible answers (``Choice``), each graded by an engine with the engine's
own explanation. Items hold no words, only ``Explanation``s and labels, so one item
can be shown in English or in Russian (``say``, ``label_text``, ``position_json``).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardwidgets.cards import Card, Rank, Suit, parse_card
from cardwidgets.core.errors import Refusal
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, render
from cardwidgets.i18n.drills import drill_text
from cardwidgets.i18n.names import card_text


@dataclass(frozen=True)
class Seat:
    """A seat in a question's text; ``you``: the learner's own seat."""

    number: int
    you: bool = False


#: A label: the same word in every language (``"7"``), a word per locale, a card, a suit or a seat.
Label = str | Mapping[str, str] | Card | Suit | int | Seat

#: The two answers of a yes-or-no question.
YES: Mapping[str, str] = {locale: drill_text("yes", locale) for locale in LOCALES}
NO: Mapping[str, str] = {locale: drill_text("no", locale) for locale in LOCALES}

#: A card code left in a message template (``2C > 2S``): written like the other cards.
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


class DrillError(Refusal):
    """A drill request that cannot be met (an unknown topic, an answer that is not offered …)."""


@dataclass(frozen=True)
class Choice:
    """One answer the learner can pick: its label, whether the engine says it is right, and why."""

    label: Label
    correct: bool
    why: Explanation


@dataclass(frozen=True)
class Position:
    """What the learner sees: trump, the trick so far, his hand, the table card, a pile, other facts."""

    trump: Label | None = None
    trick: tuple[tuple[Label, Card], ...] = ()
    hand: tuple[Card, ...] | None = None
    table: Card | None = None
    pile: tuple[Card, ...] = ()
    facts: tuple[Explanation, ...] = ()
    #: The cards shown that are trumps, marked as the table marks them.
    trumps: frozenset[Card] = frozenset()

    def marking(self, is_trump: Callable[[Card], bool]) -> Position:
        """The same position with its trumps marked (``is_trump``: the game's own test)."""
        shown = [card for _who, card in self.trick] + list(self.pile) + list(self.hand or ())
        if self.table is not None:
            shown.append(self.table)
        return dataclasses.replace(self, trumps=frozenset(card for card in shown if is_trump(card)))


@dataclass(frozen=True)
class Item:
    """One question of a topic; at least one choice is correct."""

    topic: str
    prompt: Explanation
    position: Position
    choices: tuple[Choice, ...]
    #: How the item was made: ``"engine"`` (a random position) or ``"picked"`` (a hand-picked one).
    source: str = field(default="engine", compare=False)


#: A topic's item maker: a random generator in, an item out.
Maker = Callable[[random.Random], Item]


# ----- words ---------------------------------------------------------------------------------

def label_text(label: Label | None, locale: str) -> str:
    """A label in ``locale``."""
    if label is None:
        return drill_text("no_trump", locale)
    if isinstance(label, Card):
        return card_text(label, locale)
    if isinstance(label, Suit):
        return label.symbol
    if isinstance(label, Seat):
        return drill_text("you", locale) if label.you else drill_text("seat", locale, n=label.number)
    if isinstance(label, Mapping):
        return label[locale]
    return str(label)


def _localize(value: Any, locale: str) -> Any:
    """Explanation parameters with every card (also inside lists) written for ``locale``."""
    if isinstance(value, Card):
        return card_text(value, locale)
    if isinstance(value, Seat):
        return label_text(value, locale)
    if isinstance(value, (list, tuple)):
        return [_localize(v, locale) for v in value]
    if isinstance(value, (set, frozenset)):
        return [_localize(v, locale) for v in sorted(value)]
    if isinstance(value, Explanation):
        return say(value, locale)
    return value


def say(explanation: Explanation, locale: str, *, cite: bool = True) -> str:
    """An explanation in ``locale``, cards with suit symbols (В Д К Т in Russian); ``cite``: with its rule id."""
    params = {name: _localize(value, locale) for name, value in explanation.params.items()}
    text = CARD_CODE.sub(lambda m: card_text(parse_card(m.group(0)), locale), render(explanation.key, params, locale))
    return text if not cite or explanation.rule in text else f"{text} ({explanation.rule})"


def feedback(item: Item, index: int, locale: str) -> dict[str, Any]:
    """``{"correct", "text", "rule"}`` for answer ``index``: right or wrong, why, and the rule id."""
    choice = item.choices[index]
    why = say(choice.why, locale)
    if choice.correct:
        text = render("drill.right", {"why": why}, locale)
    elif choice.label in (YES, NO):  # "Not No" does not read: name the right answer instead
        right = next(other for other in item.choices if other.correct)
        text = render("drill.wrong_yes_no", {"right": label_text(right.label, locale), "why": why}, locale)
    else:
        text = render("drill.wrong", {"option": label_text(choice.label, locale), "why": why}, locale)
    return {"correct": choice.correct, "text": text, "rule": choice.why.rule}


def position_json(position: Position, locale: str) -> dict[str, Any]:
    """The position for the front-end: card codes to draw, and every word in ``locale``."""
    return {
        "trump": label_text(position.trump, locale) if position.trump is not None else None,
        "trick": [{"who": label_text(who, locale), "card": card.text} for who, card in position.trick],
        "hand": [card.text for card in position.hand] if position.hand is not None else None,
        "table": position.table.text if position.table is not None else None,
        "pile": [card.text for card in position.pile],
        "facts": [say(fact, locale, cite=False) for fact in position.facts],
        "trumps": sorted(card.text for card in position.trumps),
    }


def position_lines(position: Position, locale: str) -> list[str]:
    """The position as plain text lines (for ``Drill.text()``)."""
    lines = []
    if position.trump is not None:
        lines.append(f"{drill_text('trump', locale)}: {label_text(position.trump, locale)}")
    if position.trick:
        lines.append("  ".join(f"{label_text(w, locale)}: {card_text(c, locale)}" for w, c in position.trick))
    if position.table is not None:
        lines.append(f"{drill_text('table_card', locale)}: {card_text(position.table, locale)}")
    if position.pile:
        lines.append(f"{drill_text('pile', locale)}: {cards_text(position.pile, locale)}")
    if position.hand is not None:
        lines.append(f"{drill_text('your_hand', locale)}: {cards_text(position.hand, locale)}")
    lines.extend(say(fact, locale, cite=False) for fact in position.facts)
    return lines


def cards_text(cards: Sequence[Card], locale: str) -> str:
    """Cards separated by spaces, written for ``locale``."""
    return " ".join(card_text(card, locale) for card in cards)


# ----- playing out deals for positions -------------------------------------------------------------
#: A game's own state class, kept through ``random_playout`` (its ``stop`` and its answer).
StateT = TypeVar("StateT", bound=GameState)


def random_playout(
    state: StateT, rng: random.Random, stop: Callable[[StateT], bool], limit: int = 200
) -> StateT | None:
    """Play random legal actions from ``state`` until ``stop(state)``; None if the deal ends first."""
    for _ in range(limit):
        if stop(state):
            return state
        legal = state.legal_actions()
        if not legal:
            return None
        state.apply(rng.choice(legal))
    return None


def shuffled(choices: Sequence[Choice], rng: random.Random) -> tuple[Choice, ...]:
    """The choices in a random order (the right one is not always first)."""
    out = list(choices)
    rng.shuffle(out)
    return tuple(out)


# ----- items no one can guess ------------------------------------------------------------------------------
#: How many candidate positions a maker tries before it settles for the last one it made.
TRIES = 400


def until(make: Callable[[], Item | None], accept: Callable[[Item], bool], tries: int = TRIES) -> Item:
    """Made items until one is ``accept``-ed (an instructive one, with the answer aimed at); else the last one."""
    item = None
    for _ in range(tries):
        candidate = make()
        if candidate is None:
            continue
        item = candidate
        if accept(item):
            return item
    if item is None:
        raise RuntimeError("no drill item could be made")  # never seen: every maker succeeds within a few tries
    return item


def rank_of(choice: Choice) -> Rank | None:
    """The rank of a choice that is a card (None for any other label)."""
    return choice.label.rank if isinstance(choice.label, Card) else None


def right_at(item: Item) -> list[int]:
    """The positions of the right answers among the choices."""
    return [i for i, choice in enumerate(item.choices) if choice.correct]


def one_right(right: Choice, wrong: Sequence[Choice], rng: random.Random, size: int = 4) -> tuple[Choice, ...]:
    """``right`` and up to ``size - 1`` of the ``wrong`` choices, in a random order: exactly one answer is right."""
    picked = rng.sample(list(wrong), min(size - 1, len(wrong)))
    return shuffled([right, *picked], rng)


# ----- the end of a match (a game's own rule) ------------------------------------------------------------------------
#: The three answers to "who has won the match?": team 0, team 1, nobody yet (None).
MATCH_ENDS: tuple[int | None, ...] = (0, 1, None)


def match_end_item(
    topic: str,
    game: str,
    before: list[int],
    rng: random.Random,
    line: Explanation,
    *,
    both_reached: Callable[[list[int]], bool],
) -> Item | None:
    """A random deal played from scores ``before``: who has won the match now (the engine's ``Match``); None on a tie.

    ``line``: the rule that ends the match, in words, shown only after the answer; ``both_reached(scores)``:
    whether both sides are at the line (the game's tie rule then needs the match's history: no question).
    """
    from cardwidgets.core.match import Match

    match = Match(game, seed=rng.randrange(2**32), start={"scores": list(before)})
    state = match.new_deal()
    if random_playout(state, rng, lambda s: s.is_done, limit=400) is None:
        return None
    match.end_deal()
    after, deal = list(match.scores), match.deal_scores[-1]
    if match.winner is not None and both_reached(after):
        return None  # both sides at the line: the seed's tie rule needs the match's history
    params = {"after": _teams(after), "line": line, "team": match.winner}
    why = Explanation(line.rule, "drill.match_won" if match.winner is not None else "drill.match_on", params)
    choices = tuple(Choice(_end_label(end), end == match.winner, why) for end in MATCH_ENDS)
    facts = (
        Explanation(line.rule, "drill.fact_before_match", {"scores": _teams(before)}),
        Explanation(line.rule, "drill.fact_deal_match", {"scores": _teams(deal, signed=True)}),
    )
    return Item(topic, Explanation(line.rule, "drill.match_end_q"), Position(facts=facts), choices)


def _teams(scores: Sequence[int], *, signed: bool = False) -> dict[str, str]:
    """``team 0: 8, team 1: 3`` in each language (``signed``: ``+2``, ``−2``)."""

    def shown(value: int) -> str:
        return f"{value:+d}".replace("-", "−") if signed else str(value).replace("-", "−")

    return {
        locale: ", ".join(drill_text("team", locale, n=team) + f": {shown(v)}" for team, v in enumerate(scores))
        for locale in ("en", "ru")
    }


def _end_label(end: int | None) -> dict[str, str]:
    if end is None:
        return {locale: drill_text("opt_match_on", locale) for locale in ("en", "ru")}
    return {locale: drill_text("opt_match_won", locale, n=end) for locale in ("en", "ru")}
