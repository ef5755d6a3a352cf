"""What a game is, apart from its states: deck, deal layout, options, matches.

Each game package defines one ``Game`` subclass (in ``games/<game>/engine.py``) and
registers it in ``cardwidgets.games``. The base class gives every game the
same deal handling (random deals, JSON in and out with full validation) and
the match hooks that ``core.match.Match`` calls.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardwidgets.cards import Card, parse_card
from cardwidgets.core.errors import CardError, RecordError, echo
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, render
from cardwidgets.i18n.records import game_name

if TYPE_CHECKING:
    from cardwidgets.core.match import Match

#: A deal: part name -> cards (``"turnup"``), or one list of cards per seat (``"hands"``).
Deal = dict[str, Any]
#: What ``shuffle`` shuffles (cards, in a deal).
Item = TypeVar("Item")
#: A game's options table and the defaults read from it (each option's first allowed value), per game.
_DEFAULT_RULES: dict[type[Game], tuple[dict[str, tuple[Any, ...]], dict[str, Any]]] = {}


def shuffle(cards: list[Item], rng: random.Random) -> None:
    """Shuffle ``cards`` in place as ``rng.shuffle(cards)`` does: the same order, ``rng`` left in the same state.

    For a plain ``random.Random`` the standard library's steps (Fisher-Yates, each index drawn by
    ``getrandbits`` and redrawn while out of range) are written out here: one call fewer per card,
    which a deal's random playout feels (``tests/test_deal_shuffle.py`` checks that the two agree).
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@dataclass(frozen=True)
class DealPart:
    """One part of a deal's layout: ``lists`` lists of ``size`` cards (0: one card)."""

    name: str
    lists: int  # 0: a flat list (or a single card when size == 1); n: n lists
    size: int

    @property
    def single(self) -> bool:
        """True for a part that is one card, written as a string (``"turnup": "7C"``)."""
        return self.lists == 0 and self.size == 1


@dataclass
class MatchPosition:
    """Where a match stands between deals: the running scores (a game may add fields, e.g. who sits out)."""

    #: Running match scores, one per partnership (or per player).
    scores: list[int]

    def to_json(self) -> dict[str, Any]:
        """The record form (``docs/records.md``, a match's ``start``): plain JSON, lists copied."""
        out: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, list) else value
        return out


class Game:
    """A game's fixed facts and its deal and match logic (no per-deal state)."""

    name: ClassVar[str]
    num_players: ClassVar[int]
    deck: ClassVar[tuple[Card, ...]]
    layout: ClassVar[tuple[DealPart, ...]]
    state_class: ClassVar[type[GameState]]
    #: Option name -> allowed values (first is the default); ``int`` means any whole number.
    options: ClassVar[dict[str, tuple[Any, ...]]]
    #: Side of each seat: partnerships (0, 1, 0, 1) or each player alone (0, 1, 2).
    sides: ClassVar[tuple[int, ...]]
    #: Whether the turn passes clockwise (the next seat sits on the viewer's left) or anticlockwise.
    clockwise: ClassVar[bool] = True

    # ----- rules options ---------------------------------------------------
    @classmethod
    def make_rules(cls, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with ``rules``; unknown or bad options raise ``RecordError``."""
        defaults = _DEFAULT_RULES.get(cls)
        if defaults is None or defaults[0] is not cls.options:  # worked out once per options table (every deal asks)
            defaults = _DEFAULT_RULES[cls] = (cls.options, {name: allowed[0] for name, allowed in cls.options.items()})
        merged = defaults[1].copy()
        if not rules:
            return merged
        for name, value in rules.items():
            if name not in cls.options:
                known = ", ".join(cls.options)
                raise RecordError("record.unknown_option", name=echo(name), game=game_name(cls.name), known=known)
            allowed = cls.options[name]
            if not _option_value_ok(value, allowed):
                shown = echo(value, quote=True)
                raise RecordError("record.bad_option", name=name, value=shown, expected=_describe(allowed))
            merged[name] = value
        return merged

    # ----- deals -------------------------------------------------------------
    @classmethod
    def random_deal(cls, rng: random.Random | int | None = None) -> Deal:
        """A deal shuffled from ``rng`` (a ``random.Random`` or a seed)."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        cards = list(cls.deck)
        shuffle(cards, rng)
        cards.reverse()  # dealt from the end of the shuffled list, as ever: the same deal for the same seed
        deal: Deal = {}
        at = 0
        for part in cls.layout:
            size = part.size
            if part.single:
                deal[part.name] = cards[at]
                at += 1
            elif part.lists == 0:
                deal[part.name] = cards[at : at + size]
                at += size
            else:
                lists = []
                for _ in range(part.lists):
                    lists.append(cards[at : at + size])
                    at += size
                deal[part.name] = lists
        return deal

    @classmethod
    def deal_from_json(cls, data: Any, seed: int | None = None) -> Deal:
        """Read and check a deal: the right shape and every card of the deck exactly once.

        With a ``seed`` the deal may be partial: a part left out, or ``"?"`` in place of a
        card, is dealt from the cards not given, shuffled from ``seed`` (reproducibly).
        """
        if not isinstance(data, dict):
            raise RecordError("record.deal_not_object_parts", parts=", ".join(p.name for p in cls.layout))
        extra = set(data) - {p.name for p in cls.layout}
        if extra:
            raise RecordError("record.unknown_part", name=echo(sorted(extra)[0]), game=game_name(cls.name))
        partial = seed is not None
        deal: Deal = {part.name: _read_part(part, data.get(part.name), partial=partial) for part in cls.layout}
        if seed is not None:  # partial
            deal = cls._fill_unknown(deal, seed)
        _check_every_card_once(cls.deck, cls.deal_cards(deal))
        return deal

    @classmethod
    def _fill_unknown(cls, deal: Deal, seed: int) -> Deal:
        """Deal the cards a partial deal does not give into its unknown places (None), from ``seed``."""
        given = [card for card in cls.deal_cards(deal) if card is not None]
        _check_no_card_twice(cls.deck, given)
        rest = [card for card in cls.deck if card not in set(given)]
        random.Random(seed).shuffle(rest)

        def fill(value: Any) -> Any:
            if isinstance(value, list):
                return [fill(v) for v in value]
            return rest.pop() if value is None else value

        return {name: fill(value) for name, value in deal.items()}

    @classmethod
    def deal_to_json(cls, deal: Deal) -> dict[str, Any]:
        """The deal in record form (canonical card strings)."""
        out: dict[str, Any] = {}
        for part in cls.layout:
            value = deal[part.name]
            if part.single:
                out[part.name] = value.text
            elif part.lists == 0:
                out[part.name] = [c.text for c in value]
            else:
                out[part.name] = [[c.text for c in cards] for cards in value]
        return out

    @classmethod
    def deal_cards(cls, deal: Deal) -> list[Card]:
        """Every card of a deal, part by part."""
        cards: list[Card] = []
        for part in cls.layout:
            value = deal[part.name]
            if part.single:
                cards.append(value)
            elif part.lists == 0:
                cards.extend(value)
            else:
                for seat_cards in value:
                    cards.extend(seat_cards)
        return cards

    @classmethod
    def new_state(
        cls, deal: Deal, dealer: int, rules: dict[str, Any] | None = None, match: Match | None = None
    ) -> GameState:
        """A new deal's state; ``match`` gives match context (e.g. who sits out)."""
        raise NotImplementedError

    # ----- matches -----------------------------------------------------------
    @classmethod
    def num_sides(cls) -> int:
        """Number of partnerships or players that score separately."""
        return max(cls.sides) + 1

    @classmethod
    def check_start(cls, start: dict[str, Any], rules: dict[str, Any]) -> MatchPosition:
        """A match start position (record form) read, with defaults filled in; unreachable ones raise."""
        extra = set(start) - {"scores"}
        if extra:
            raise RecordError("record.start_unknown_field", name=echo(sorted(extra)[0]), game=game_name(cls.name))
        scores = start.get("scores", [0] * cls.num_sides())
        if not (isinstance(scores, list) and len(scores) == cls.num_sides() and all(type(s) is int for s in scores)):
            raise RecordError("record.start_scores", count=cls.num_sides())
        return MatchPosition(list(scores))

    @classmethod
    def end_deal(cls, match: Match, state: GameState) -> None:
        """Add a finished deal to the match: scores, winner, game-specific state."""
        raise NotImplementedError

    @classmethod
    def draw_ritual(cls, rng: random.Random) -> dict[str, Any]:
        """The optional first-dealer ritual; returns at least ``{"dealer": seat}``."""
        raise NotImplementedError(f"{cls.name} has no draw ritual")

    @classmethod
    def match_summary_extra(cls, match: Match) -> dict[str, Any]:
        """Extra fields of this game's match summary (none by default)."""
        return {}

    @classmethod
    def next_dealer(cls, match: Match, state: GameState) -> int:
        """Who deals after ``state``: by default the next seat in turn order."""
        return (state.dealer + 1) % cls.num_players


def _option_value_ok(value: Any, allowed: tuple[Any, ...]) -> bool:
    if value is None:
        return None in allowed
    if int in allowed:
        return type(value) is int
    return any(type(value) is type(a) and value == a for a in allowed if a is not None)


def _describe(allowed: tuple[Any, ...]) -> dict[str, str]:
    """The values an option allows, per locale: "True or False" / «true или false» (Russian: as JSON writes them)."""
    def value(a: Any, locale: str) -> str:
        if a is int:
            return render("record.a_whole_number", {}, locale)
        return repr(a) if locale == "en" else json.dumps(a, ensure_ascii=False)

    return {locale: render("record.or", {}, locale).join(value(a, locale) for a in allowed) for locale in LOCALES}


#: In a partial deal (a record with a ``seed``), a card not given: dealt from the seed.
UNKNOWN = "?"


def _read_part(part: DealPart, value: Any, *, partial: bool = False) -> Any:
    """Read one part of a deal, checking its shape; a partial deal's unknown cards are None."""
    where = f"deal: {part.name}"
    if partial and value is None:  # a part left out of a partial deal: all of it unknown
        value = _all_unknown(part)
    if part.single:  # one card, written as a string ("turnup": "7C"), not as a list of one
        if not isinstance(value, str):
            raise RecordError("record.one_card", where=where)
        return _card(value, where, partial)
    if part.lists == 0:
        return _read_list(value, part.size, where, partial)
    if not isinstance(value, list) or len(value) != part.lists:
        raise RecordError("record.lists_of_cards", where=where, lists=part.lists, size=part.size)
    return [_read_list(v, part.size, f"{where}[{i}]", partial) for i, v in enumerate(value)]


def _all_unknown(part: DealPart) -> Any:
    """A part of a partial deal that gives none of its cards."""
    if part.single:
        return UNKNOWN
    if part.lists == 0:
        return [UNKNOWN] * part.size
    return [[UNKNOWN] * part.size for _ in range(part.lists)]


def _read_list(value: Any, size: int, where: str, partial: bool = False) -> list[Card | None]:
    if not isinstance(value, list) or len(value) != size:
        raise RecordError("record.cards", where=where, size=size)
    return [_card(v, where, partial) for v in value]


def _card(text: Any, where: str, partial: bool = False) -> Card | None:
    if text == UNKNOWN:
        if not partial:
            raise RecordError("record.unknown_needs_seed", where=where)
        return None
    try:
        return parse_card(text)
    except CardError as exc:
        raise RecordError("record.bad_card", where=where, error=exc) from None


def _check_no_card_twice(deck: tuple[Card, ...], cards: list[Card]) -> None:
    seen: set[Card] = set()
    deck_set = set(deck)
    for card in cards:
        if card not in deck_set:
            raise RecordError("record.card_not_in_deck", card=card)
        if card in seen:
            raise RecordError("record.card_twice", card=card)
        seen.add(card)


def _check_every_card_once(deck: tuple[Card, ...], cards: list[Card]) -> None:
    _check_no_card_twice(deck, cards)
    missing = [c for c in deck if c not in set(cards)]
    if missing:
        raise RecordError("record.card_missing", card=missing[0])
