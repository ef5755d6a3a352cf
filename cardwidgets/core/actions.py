"""Actions: one canonical string each (``play 10H``, ``bid 60``, ``pass``).

The actions an engine makes (``Action.make``) are interned: the same canonical
text always gives the same object, so actions compare by identity and
legal-action checks are cheap. Engines make only actions that can be legal, so
the intern table stays small. Each game describes its action forms once as an
``ActionSyntax`` (``{"bid": "bid N"}``) and ``parse_action`` reads
any accepted spelling (``PLAY ♥10``) into the canonical action: the interned
one if it exists, else a fresh one that is not kept (a person's ``bid 9999``
never enters the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, TypeVar

from cardwidgets.cards import Card, Rank, parse_card
from cardwidgets.core.errors import CardError, IllegalActionError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.limits import MAX_ACTION_CHARS, MAX_ACTION_DIGITS

#: An action's argument: a card (``play 10H``), a rank (a trump named by rank), a number (a bid, a seat) or a word.
Arg = Card | Rank | int | str
#: One kind of argument, as ``Action.arg`` reads it.
ArgT = TypeVar("ArgT", bound=Arg)
#: verb -> form, e.g. ``{"play": "play CARD [WORD|WORD]", "bid": "bid N"}`` (a play may end in a word of the game's).
ActionSyntax = Mapping[str, str]


class Action:
    """One action. Build with ``Action.make(verb, *args)``; ``str()`` is canonical."""

    __slots__ = ("args", "cards", "text", "verb")
    _interned: ClassVar[dict[str, Action]] = {}

    verb: str
    args: tuple[Arg, ...]
    cards: tuple[Card, ...]
    text: str

    def __init__(self, verb: str, args: tuple[Arg, ...], text: str) -> None:
        self.verb = verb
        self.args = args
        self.cards = tuple([a for a in args if isinstance(a, Card)])
        self.text = text

    @classmethod
    def make(cls, verb: str, *args: Arg) -> Action:
        """The unique (interned) action with this verb and these arguments; for engines."""
        text = " ".join([verb, *map(str, args)])
        action = cls._interned.get(text)
        if action is None:
            action = cls._interned[text] = cls(verb, args, text)
        return action

    @classmethod
    def find(cls, verb: str, *args: Arg) -> Action:
        """The interned action if an engine made it, else a fresh one that is not kept."""
        text = " ".join([verb, *(str(a) for a in args)])
        action = cls._interned.get(text)
        return action if action is not None else cls(verb, args, text)

    @property
    def card(self) -> Card | None:
        """The first card argument (the card played, given, exchanged …)."""
        return self.cards[0] if self.cards else None

    @property
    def number(self) -> int | None:
        """The first whole-number argument (a bid, a seat …)."""
        for arg in self.args:
            if isinstance(arg, int) and not isinstance(arg, Rank):
                return arg
        return None

    def arg(self, kind: type[ArgT], index: int = 0) -> ArgT:
        """Argument ``index``, of the ``kind`` the action's form gives it: ``action.arg(Card)`` for ``play CARD``.

        For engines, which know their forms: a ``TypeError`` says an engine read the wrong action (a bug).
        """
        value = self.args[index]
        if not isinstance(value, kind):
            raise TypeError(f"{self.text}: argument {index} is not a {kind.__name__}")
        return value

    @property
    def flag(self) -> str | None:
        """A trailing word (an announcement the game lets a play carry), else None."""
        last = self.args[-1] if self.args else None
        return last if isinstance(last, str) else None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[Arg, ...]]:
        return (Action.make, (self.verb, *self.args))


def parse_action(text: str, syntax: ActionSyntax) -> Action:
    """Read an action string in ``syntax``; raise ``IllegalActionError`` if malformed.

    Strings longer than ``MAX_ACTION_CHARS`` are refused unread; the error quotes
    at most ``ECHO_CHARS`` of the text.
    """
    if not isinstance(text, str):
        raise _error("core.malformed_action", text=text, form="verb …")
    if len(text) > MAX_ACTION_CHARS:
        raise _error("core.action_too_long", text=text, limit=MAX_ACTION_CHARS)
    words = text.split(" ")
    if text and (not all(words) or not text.isprintable()):  # docs/records.md: words separated by single spaces
        raise _error("core.action_spacing", text=text)
    # The verbs are what one types (``table.act("agree")``): Russian quotes them as code words.
    verbs = {"en": " | ".join(syntax), "ru": ", ".join(f"«{verb}»" for verb in syntax)}
    if not words or words[0].lower() not in syntax:
        raise _error("core.unknown_action", text=text, verbs=verbs)
    verb = words[0].lower()
    form = syntax[verb]
    slots = form.split()[1:]
    args: list[Arg] = []
    values = words[1:]
    for slot in slots:
        optional = slot.startswith("[")
        if not values:
            if optional:
                continue
            raise _error("core.malformed_action", text=text, form=form)
        try:
            args.append(_read_slot(slot, values[0]))
        except (CardError, ValueError) as exc:
            if slot == "CARD":
                raise _error("core.bad_card", text=text, reason=exc) from None
            raise _error("core.malformed_action", text=text, form=form) from None
        values.pop(0)
    if values:
        raise _error("core.malformed_action", text=text, form=form)
    return Action.find(verb, *args)


def _read_slot(slot: str, word: str) -> Arg:
    """One argument of a form: CARD, N (number), SEAT, RANK or [a|b] (a word)."""
    if slot == "CARD":
        return parse_card(word)
    if slot in ("N", "SEAT"):
        if not (word.isascii() and word.isdigit() and len(word) <= MAX_ACTION_DIGITS):
            raise ValueError(word)  # str.isdigit alone also accepts "²" and "٥"
        return int(word)
    if slot == "RANK":
        return Rank.parse(word)
    choices = slot.strip("[]").split("|")
    if word.lower() not in choices:
        raise ValueError(word)
    return word.lower()


def _error(key: str, text: object, **params: object) -> IllegalActionError:
    """A malformed action's error; it quotes the person's text cut short (``echo``)."""
    shown = echo(text)
    return IllegalActionError(Explanation("ACTIONS", key, {"text": shown, **params}), shown)
