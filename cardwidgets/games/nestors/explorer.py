"""``TrickExplorer``: try Nestors' three-card trick (NES-6, rules W1–W3b) card by card.

Pick the trump rank and the cards of A, B and C — and, if you like, C's whole
hand — or load one of the seed's two examples. The explorer shows which cards C
may play and why, what each of C's cards would do, who collects the trick and
which rule decided, in English or Russian. Everything is computed in Python by
``cardwidgets.games.nestors.tricks`` (``resolve_trick``, ``c_may_play``); the
front-end only draws ``result`` and sends the reader's choices back.

::

    explorer = TrickExplorer(trump="J")
    explorer.set_cards("10S", "JD", "JC")   # the seed's first example
    explorer.result["trick"]["rule"]         # 'W3b'

Predict mode: ``TrickExplorer(predict="W3b")`` (or ``explorer.predict("W3b")``) lays out a
graded position of one case of NES-6 (``W1``, ``W2``, ``W3``, ``W3a``, ``W3b``) or of the
leave (``"leave"``, NES-7) and hides the outcome; the learner answers, in this order, who
wins (``guess("winners", "AC")``), who collects (``guess("collector", "C")``) and, for the
leave, which card may stay. A question opens once the one before it has an answer; a
wrong answer may be tried again, and a right one after it is graded as such ("Right, on
the second try") and counted apart from the first-try ones. Once every question has an
answer the engine shows the trick. Positions and grading: ``cardwidgets.games.nestors.predict``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from cardwidgets.cards import Card, Rank, parse_card
from cardwidgets.core.errors import CardError, Refusal
from cardwidgets.games.nestors import predict as predicting
from cardwidgets.games.nestors.engine import NESTORS_DECK
from cardwidgets.games.nestors.tricks import (
    TRUMP_RANKS,
    c_may_play,
    resolve_trick,
)
from cardwidgets.games.nestors.words import POSITION_NAMES, TRUMP_NAMES
from cardwidgets.i18n.drills import drill_text
from cardwidgets.i18n.names import card_text
from cardwidgets.i18n.tools import TOOLS, tool_text
from cardwidgets.i18n.ui import ui_texts
from cardwidgets.widgets.base import MessageError
from cardwidgets.widgets.tool import ToolWidget

#: The built front-ends: this widget's, ``js/explorer/`` beside this module, is bundled into ``explorer.js|.css`` there.
STATIC = Path(__file__).parents[2] / "static"
#: NES-6a: after the bidder's trick everyone holds 8 cards, so C never holds more in a trick.
MAX_HAND = 8
#: The fields a reader can change, in the order ``update`` checks them.
FIELDS = ("trump", "a", "b", "c", "hand")
_UNSET: Any = object()


@dataclass(frozen=True)
class TrickSetup:
    """The trump rank, the cards of A, B and C (None: not chosen yet) and C's hand (None: not given)."""

    trump: Rank = Rank.JACK
    a: Card | None = None
    b: Card | None = None
    c: Card | None = None
    hand: tuple[Card, ...] | None = None


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def _example(trick: str, hand: str) -> TrickSetup:
    """Jacks trump, A's, B's and C's cards (``trick``) and C's hand, as card codes."""
    a, b, c = _cards(*trick.split())
    return TrickSetup(Rank.JACK, a, b, c, _cards(*hand.split()))


#: The seed's two examples, with Jacks trump (NES-6, Decision E-7). C's hand shows every choice:
#: 1. A ♠10, B ♦J — C wins for A and C with ♣J or ♥J (W3b), but ♠J loses to B (W3).
#: 2. A ♠10, B ♠J — any other Jack wins for A and C (W3b); a ♠ loses to B's trump (W1).
EXAMPLES: dict[str, TrickSetup] = {
    "1": _example("10S JD JC", "JC JH JS 9D"),
    "2": _example("10S JS JD", "JD JH JC 7S 9H"),
}


class ExplorerError(Refusal):
    """A choice the explorer refuses (a card not in the deck, the same card twice …)."""


# ----- reading and checking choices ------------------------------------------------------------
def read_trump(value: Rank | str, locale: str = "en") -> Rank:
    """NES-1: trump is a rank — Aces, Jacks or Tens."""
    try:
        rank = value if isinstance(value, Rank) else Rank.parse(str(value))
    except CardError:
        rank = None
    if rank is None or rank not in TRUMP_RANKS:
        raise ExplorerError(tool_text("err_trump", locale, text=value))
    return rank


def read_card(value: Card | str | None, locale: str = "en") -> Card | None:
    """A card of the Nestors deck (NES-1), or None; a clear ``ExplorerError`` otherwise."""
    if value is None or value == "":
        return None
    try:
        card = value if isinstance(value, Card) else parse_card(value)
    except CardError as exc:
        raise ExplorerError(str(exc)) from None
    if card not in NESTORS_DECK:
        raise ExplorerError(tool_text("err_not_in_deck", locale, card=card_text(card, locale)))
    return card


def read_hand(value: Any, locale: str = "en") -> tuple[Card, ...] | None:
    """C's hand: up to 8 different cards of the deck, or None (not given)."""
    if value is None:
        return None
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise ExplorerError(tool_text("err_position", locale, text=repr(value)))
    cards = tuple(read_card(v, locale) for v in value)
    hand = tuple(c for c in cards if c is not None)
    for i, card in enumerate(hand):
        if card in hand[:i]:
            raise ExplorerError(tool_text("err_hand_twice", locale, card=card_text(card, locale)))
    if len(hand) > MAX_HAND:
        raise ExplorerError(tool_text("err_hand_size", locale, n=len(hand)))
    return hand or None


def check_setup(setup: TrickSetup, locale: str = "en") -> None:
    """Raise ``ExplorerError`` unless the cards can lie in one trick (NES-6: C's obligations included)."""
    played = [(POSITION_NAMES[pos][locale], card) for pos, card in (("A", setup.a), ("B", setup.b), ("C", setup.c))]
    seen: dict[Card, str] = {}
    for position, card in played:
        if card is None:
            continue
        if card in seen:
            shown = card_text(card, locale)
            raise ExplorerError(tool_text("err_twice", locale, card=shown, first=seen[card], second=position))
        seen[card] = position
    if setup.c is not None and (setup.a is None or setup.b is None):
        raise ExplorerError(tool_text("err_need_ab", locale))
    if setup.hand is None:
        return
    for position, card in played[:2]:
        if card in setup.hand:
            name = tool_text("hand", locale)
            shown = card_text(card, locale)
            raise ExplorerError(tool_text("err_twice", locale, card=shown, first=position, second=name))
    if setup.c is None or setup.a is None or setup.b is None:  # with C, A and B are there (checked above)
        return
    if setup.c not in setup.hand:
        held = _text(setup.hand, locale)
        raise ExplorerError(tool_text("err_c_not_held", locale, card=card_text(setup.c, locale), hand=held))
    legal, why = c_may_play(setup.a, setup.b, setup.hand, setup.trump)
    if setup.c not in legal:
        raise ExplorerError(tool_text("err_c_illegal", locale, card=card_text(setup.c, locale), why=why.text(locale)))


# ----- what the explorer shows -------------------------------------------------------------------
def analyse(setup: TrickSetup, locale: str = "en") -> dict[str, Any]:
    """Everything the explorer shows for ``setup``, JSON-ready (see ``TrickExplorer.result``)."""
    a, b, c, hand, trump = setup.a, setup.b, setup.c, setup.hand, setup.trump
    result: dict[str, Any] = {
        "trump": trump.text,
        "trump_name": TRUMP_NAMES[trump][locale],
        "a": _card_text(a),
        "b": _card_text(b),
        "c": _card_text(c),
        "hand": [card.text for card in hand] if hand is not None else None,
        "may_play": None,
        "options": [],
        "trick": None,
        "prompt": "",
    }
    if a is None or b is None:
        result["prompt"] = tool_text("choose_ab", locale)
        return result
    if hand is not None:
        legal, why = c_may_play(a, b, hand, trump)  # NES-6: C's obligations
        result["may_play"] = {"cards": [card.text for card in legal], "rule": why.rule, "why": why.text(locale)}
        result["options"] = [_option(a, b, card, trump, legal=card in legal, locale=locale) for card in hand]
    if c is None:
        result["prompt"] = tool_text("choose_c", locale)
    else:
        result["trick"] = _outcome(a, b, c, trump, locale)
    return result


def _outcome(a: Card, b: Card, c: Card, trump: Rank, locale: str) -> dict[str, Any]:
    """NES-6 W1–W3b via ``resolve_trick``: who collects, which side wins, which rule, why."""
    trick = resolve_trick(a, b, c, trump)
    why = trick.explanation
    return {
        "collector": trick.collector,
        "winners": trick.winners,
        "rule": trick.rule,
        "rule_id": why.rule,
        "card": trick.card.text,
        "collects": tool_text("collects", locale, who=POSITION_NAMES[trick.collector][locale]),
        "winners_text": tool_text(f"winners_{trick.winners}", locale),
        "why": why.text(locale),
    }


def _option(a: Card, b: Card, card: Card, trump: Rank, *, legal: bool, locale: str) -> dict[str, Any]:
    """What would happen if C played ``card`` (nothing, if NES-6 forbids it)."""
    option: dict[str, Any] = {"card": card.text, "legal": legal}
    if legal:
        outcome = _outcome(a, b, card, trump, locale)
        option.update(rule=outcome["rule"], winners=outcome["winners"], winners_text=outcome["winners_text"])
    return option


def describe(result: dict[str, Any], locale: str = "en") -> str:
    """``result`` as plain text, line by line (the explorer's ``text/plain``)."""
    texts = TOOLS[locale]
    names = {pos: POSITION_NAMES[pos][locale] for pos in ("A", "B", "C")}
    lines = [f"{texts['explorer']} — {tool_text('trump_is', locale, trump=result['trump_name'])}"]
    lines.append("  ".join(f"{names[p]}: {_shown(result[p.lower()], locale) or '—'}" for p in ("A", "B", "C")))
    hand = result["hand"]
    lines.append(f"{texts['hand']}: {_shown_all(hand, locale) if hand else texts['hand_none']}")
    if result["may_play"]:
        may = result["may_play"]
        lines.append(f"{texts['may_play']}: {_shown_all(may['cards'], locale)} — {may['why']}")
    if result["options"]:
        parts = [
            f"{_shown(o['card'], locale)} → {o['winners_text']} ({o['rule']})"
            if o["legal"]
            else f"{_shown(o['card'], locale)} {texts['not_allowed']}"
            for o in result["options"]
        ]
        lines.append(f"{texts['if_c_plays']}: " + "; ".join(parts))
    trick = result["trick"]
    if trick:
        lines.append(f"{trick['collects']}, {trick['winners_text']} — {trick['why']}")
    if result["prompt"]:
        lines.append(result["prompt"])
    return "\n".join(lines)


def _shown(code: str | None, locale: str) -> str | None:
    """A card code of ``result`` as a person reads it: "J♦" / «В♦», never the code ``JD``."""
    return card_text(parse_card(code), locale) if code else code


def _shown_all(codes: list[str], locale: str) -> str:
    return " ".join(str(_shown(code, locale)) for code in codes)


def _card_text(card: Card | None) -> str | None:
    return card.text if card is not None else None


def _text(cards: tuple[Card, ...], locale: str) -> str:
    return " ".join(card_text(card, locale) for card in cards)


# ----- the widget ----------------------------------------------------------------------------------
class TrickExplorer(ToolWidget):
    """Nestors' three-card trick, explained (NES-6 W1–W3b); see the module docstring.

    Python API (the front-end sends the same choices as messages)::

        explorer = TrickExplorer(trump="J", locale="en")
        explorer.set_cards("10S", "JD", "JC")      # A, B, C
        explorer.set_hand(["JC", "JH", "JS", "9D"]) # C's hand (optional)
        explorer.set_trump("10")
        explorer.load_example("1")                  # or "2": the seed's examples
        explorer.result                             # what is shown, as a dict
        print(explorer.text())                      # the same, as text

    A bad choice raises ``ExplorerError`` (a ``ValueError``) and changes nothing.
    """

    _esm = STATIC / "explorer.js"
    #: What a fault inside a message must put back (``CardWidget._guarded``).
    _transactional: ClassVar[tuple[str, ...]] = ("_setup", "_case", "_guesses")
    _css = STATIC / "explorer.css"

    #: What is shown: the choices, C's legal cards and why, each card's outcome, the trick's result.
    result = traitlets.Dict().tag(sync=True)
    #: Fixed texts: labels, card names, the deck, the examples.
    ui = traitlets.Dict().tag(sync=True)
    #: Predict mode: ``{}`` or ``{"questions": [{"field", "text", "options", "asked", "guess"}], "table", "done",
    #: "case", "score"}``; ``guess``: the last answer graded, with ``tries`` (``score``: right at the first try).
    quiz = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        trump: Rank | str = "J",
        a: Card | str | None = None,
        b: Card | str | None = None,
        c: Card | str | None = None,
        hand: list[Card | str] | None = None,
        *,
        predict: str | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(locale=locale)
        self._setup = TrickSetup()
        self._case: str | None = None  # predict mode: the case asked
        self._guesses: dict[str, list[str]] = {}  # its answers by question, up to the first right one
        self._ready_to_sync()
        if predict is None:
            self.update(trump=trump, a=a, b=b, c=c, hand=hand)
        else:
            self.predict(predict)

    # ----- the Python API ---------------------------------------------------------------------
    @property
    def setup(self) -> TrickSetup:
        """The current choices."""
        return self._setup

    def update(self, **changes: Any) -> None:
        """Change any of ``trump``, ``a``, ``b``, ``c``, ``hand`` at once; all checked before any is applied."""
        self._setup = self._checked(changes)
        self._case, self._guesses = None, {}  # a trick of one's own: not predicting
        self.error = {}
        self._sync()

    def _checked(self, changes: dict[str, Any]) -> TrickSetup:
        """The setup with ``changes`` applied, each read and all checked together (``ExplorerError`` otherwise)."""
        unknown = set(changes) - set(FIELDS)
        if unknown:
            raise ExplorerError(tool_text("err_position", self.locale, text=sorted(unknown)[0]))
        locale = self.locale
        readers = {"trump": read_trump, "a": read_card, "b": read_card, "c": read_card, "hand": read_hand}
        values: dict[str, Any] = {name: readers[name](value, locale) for name, value in changes.items()}  # per field
        setup = dataclasses.replace(self._setup, **values)
        check_setup(setup, locale)
        return setup

    def predict(self, case: str) -> None:
        """Predict mode: the graded position of ``case`` (``W1`` … ``W3b``, ``leave``), its outcome hidden.

        One change: the front-end never sees the case's cards with their outcome.
        """
        found = predicting.get_case(case, self.locale)
        self._setup = self._checked({"trump": found.trump, "a": found.a, "b": found.b, "c": found.c, "hand": None})
        self._case, self._guesses = case, {}
        self.error = {}
        self._sync()

    def guess(self, field: str, value: str) -> dict[str, Any]:
        """Answer question ``field`` (``winners``, ``collector``, ``leave``): ``{"correct", "text", "rule", "tries"}``.

        Questions are answered in order: one opens once the one before it has an answer. A wrong
        answer may be tried again; the answers up to the first right one are kept (``tries``), and
        a later answer to a question already answered right changes nothing.
        """
        case = self._case
        if case is None:
            raise ExplorerError(drill_text("err_no_predict", self.locale))
        fields = predicting.questions(case)
        if field in fields:
            waiting = next((earlier for earlier in fields[: fields.index(field)] if earlier not in self._guesses), None)
            if waiting is not None:
                first, asked = drill_text(f"q_{waiting}", self.locale), drill_text(f"q_{field}", self.locale)
                raise ExplorerError(drill_text("err_not_asked", self.locale, first=first, question=asked))
        answers = self._guesses.get(field, [])
        settled = bool(answers) and predicting.grade(case, field, answers[-1], self.locale)["correct"]
        if not settled and value not in answers:
            answers = [*answers, value]
        tries = answers.index(value) + 1 if value in answers else len(answers)
        verdict = predicting.grade(case, field, value, self.locale, tries=tries)
        self._guesses[field] = answers
        self.error = {}
        self._sync()
        return {**verdict, "tries": tries}

    def set_cards(self, a: Card | str | None, b: Card | str | None, c: Card | str | None = None) -> None:
        """A's, B's and C's cards (C's may be left out)."""
        self.update(a=a, b=b, c=c)

    def set_hand(self, hand: Sequence[Card | str] | None) -> None:
        """C's hand (None: not given); C's card, if chosen, must be a legal card of it."""
        self.update(hand=hand)

    def set_trump(self, trump: Rank | str) -> None:
        """The trump rank: ``A``, ``J`` or ``10`` (NES-1)."""
        self.update(trump=trump)

    def load_example(self, name: str | int, c: Card | str | None = _UNSET) -> None:
        """The seed's example ``1`` or ``2``, with C's hand; ``c`` picks another card of that hand."""
        example = EXAMPLES.get(str(name))
        if example is None:
            raise ExplorerError(tool_text("err_example", self.locale, name=name, names=", ".join(EXAMPLES)))
        values = {field.name: getattr(example, field.name) for field in dataclasses.fields(example)}
        if c is not _UNSET:
            values["c"] = c
        self.update(**values)

    def clear(self) -> None:
        """Forget all cards and C's hand (the trump rank stays)."""
        self.update(a=None, b=None, c=None, hand=None)

    def text(self) -> str:
        """What the explorer shows, as plain text (deterministic, for notebooks and tests)."""
        lines = [describe(self.result, self.locale)]
        if self.quiz.get("table"):
            lines.append(f"{drill_text('table_card', self.locale)}: {_shown(self.quiz['table'], self.locale)}")
        for question in self.quiz.get("questions", []):
            guess = question["guess"]
            labels = " / ".join(option["label"] for option in question["options"])
            lines.append(f"{question['text']} [{labels}]" + (f" — {guess['text']}" if guess else ""))
        return "\n".join(lines)

    # ----- the front-end ---------------------------------------------------------------------------
    def _apply_message(self, content: Any) -> None:
        """``{"command": "trump"|"card"|"example"|"clear", …}`` (``docs/teaching-tools.md``)."""
        if not isinstance(content, dict) or not isinstance(content.get("command"), str):
            raise MessageError(content)
        command, value = content["command"], content.get("value")
        if command == "trump" and isinstance(value, str):
            self.set_trump(value)
        elif command == "card" and content.get("position") in ("a", "b", "c"):
            self.update(**{content["position"]: value})
        elif command == "card" and content.get("position") == "hand":
            self.set_hand(_toggled(self._setup.hand, read_card(value, self.locale)))
        elif command == "example" and isinstance(value, str):
            self.load_example(value)
        elif command == "clear":
            self.clear()
        elif command == "predict" and isinstance(value, str):
            self.predict(value)
        elif command == "guess" and isinstance(value, str) and isinstance(content.get("field"), str):
            self.guess(content["field"], value)
        else:
            raise MessageError(content)

    def _sync(self) -> None:
        with self.hold_sync():
            quiz = self._quiz()
            result = analyse(self._setup, self.locale)
            if quiz and not quiz["done"]:
                result["trick"] = None  # predict first: the engine's answer waits for the learner's
            self.result = result
            self.quiz = quiz
            self.ui = _ui(self.locale)

    def _quiz(self) -> dict[str, Any]:
        """The predict-mode questions, in order, each with its last answer graded (and on which try)."""
        case, locale = self._case, self.locale
        if case is None:
            return {}
        asked: list[dict[str, Any]] = []
        is_open = True
        for field in predicting.questions(case):
            answers = self._guesses.get(field, [])
            graded: dict[str, Any] | None = None
            if answers:
                verdict = predicting.grade(case, field, answers[-1], locale, tries=len(answers))
                graded = {"value": answers[-1], **verdict, "tries": len(answers)}
            asked.append({
                "field": field,
                "text": drill_text(f"q_{field}", locale),
                "options": predicting.options(case, field, locale),
                "asked": is_open,
                "guess": graded,
            })
            is_open = is_open and graded is not None  # the next question opens once this one has an answer
        done = all(question["guess"] is not None for question in asked)
        given = [q["guess"] for q in asked if q["guess"] is not None]
        score = {"asked": len(given), "right": sum(bool(g["correct"] and g["tries"] == 1) for g in given)}
        table = predicting.CASES[case].table
        return {
            "questions": asked,
            "table": table.text if table else None,
            "done": done,
            "case": case if done else "",
            "score": score,
        }


def _toggled(hand: tuple[Card, ...] | None, card: Card | None) -> list[Card] | None:
    """C's hand with ``card`` added, or removed if it was there."""
    cards = list(hand or ())
    if card is not None:
        if card in cards:
            cards.remove(card)
        else:
            cards.append(card)
    return cards or None


def _ui(locale: str) -> dict[str, Any]:
    """The front-end's fixed texts: tool labels, position and trump names, card names, the deck."""
    texts: dict[str, Any] = dict(TOOLS[locale])
    base = ui_texts(locale, NESTORS_DECK)
    texts["card_names"] = base["card_names"]
    texts["rank_letters"] = base["rank_letters"]
    texts["trump"] = base["trump"]
    texts["deck"] = [card.text for card in NESTORS_DECK]
    texts["trumps"] = [[rank.text, TRUMP_NAMES[rank][locale]] for rank in TRUMP_RANKS]  # in NES-1's order
    texts["positions"] = {pos.lower(): POSITION_NAMES[pos][locale] for pos in ("A", "B", "C")}
    texts["example_names"] = list(EXAMPLES)
    texts["predict_cases"] = list(predicting.CASES)
    texts.update({key: drill_text(key, locale) for key in ("predict", "predict_title", "table_card")})
    return texts
