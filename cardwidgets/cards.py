"""Cards, suits and ranks: parsing, canonical text, and ``make_deck`` (each game defines its own deck).

Notation follows ``docs/records.md`` (``spec/records.md``): ``<rank><suit>``,
ranks ``2 … 10 J Q K A``, suits ``S H D C``. Input also accepts the suit
symbols before or after the rank, lower case and the Russian rank letters
В (J), Д (Q), К (K), Т (A).

Cards are interned: there is exactly one ``Card`` object per rank and suit,
so cards compare and hash by identity, which keeps the engines fast.
"""

from __future__ import annotations

import reprlib
from enum import Enum, IntEnum
from typing import ClassVar

#: A person's text echoed back in an error message is cut to this many characters.
ECHO_CHARS = 40


class CardError(ValueError):
    """Malformed card, rank or suit text.

    ``key`` names the message in ``cardwidgets.i18n`` (``cards.bad_card`` …) and
    ``given`` the echoed text, so that the error can be said in Russian too.
    """

    def __init__(self, message: str, key: str = "", given: str = "") -> None:
        super().__init__(message)
        self.key = key
        self.given = given


_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = _REPR.maxother = ECHO_CHARS


def echo(value: object, limit: int = ECHO_CHARS, *, quote: bool = False) -> str:
    """A person's input, safe to repeat in a one-line message: cut to ``limit`` characters + "…".

    Strings come as they are (``quote=True``: in quotes, as ``repr`` would),
    other values as a short ``repr``; control characters are shown escaped.
    Every error that repeats what it was given goes through here.
    """
    if isinstance(value, str):
        text = value
        if quote:
            return repr(echo(value, limit))
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        text = f"<a number of {value.bit_length()} bits>"  # str() of a huge int is slow or refused
    else:
        try:
            text = _REPR.repr(value)
        except ValueError:  # a huge int inside a list
            text = f"<{type(value).__name__}>"
    cut = text[:limit] + ("…" if len(text) > limit else "")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)


class Suit(Enum):
    """A suit, with its letter as value."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``♠``."""
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.value

    #: The four suits are singletons compared by identity, so identity hashing is exact, and it is
    #: done in C (Enum's default hashes the name in Python; the engines look suits up per card).
    __hash__ = object.__hash__


_SUIT_SYMBOLS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}


class Rank(IntEnum):
    """A rank; the value is its natural order (2 lowest, ace highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """Canonical rank text: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank (``10``, ``J``, ``в``, ``Т`` …); raise ``CardError`` otherwise."""
        rank = _RANK_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if rank is None:
            given = echo(text)
            raise CardError(f'bad rank "{given}": expected one of 2 3 4 5 6 7 8 9 10 J Q K A', "cards.bad_rank", given)
        return rank


_RANK_TEXT = {r: (str(r.value) if r.value <= 10 else "JQKA"[r.value - 11]) for r in Rank}
_RANK_BY_TEXT: dict[str, Rank] = {text: rank for rank, text in _RANK_TEXT.items()}
# Russian rank letters: В(алет) J, Д(ама) Q, К(ороль) K, Т(уз) A.
_RANK_BY_TEXT.update({"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE})
_SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in Suit}
_SUIT_BY_TEXT.update({sym: s for s, sym in _SUIT_SYMBOLS.items()})
_SUIT_BY_TEXT.update({"♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C})


class Card:
    """One playing card. Use ``Card.of(rank, suit)`` or ``parse_card(text)``."""

    __slots__ = ("index", "rank", "suit", "text")
    _all: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit
    text: str
    index: int

    def __init__(self, rank: Rank, suit: Suit, index: int) -> None:
        self.rank = rank
        self.suit = suit
        self.text = rank.text + suit.value
        self.index = index

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | str) -> Card:
        """The (unique) card of this rank and suit."""
        return cls._all[(Rank(rank), Suit(suit))]

    @property
    def symbol_text(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # Equality is identity, as ``object``'s (a card is a singleton); written out because ``__lt__`` sends
    # every comparison of a card through Python, where ``object``'s equality is tried both ways before it
    # falls back to identity, and the engines search hands for a card at every card played.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return False
        return NotImplemented

    __hash__ = object.__hash__

    def __reduce__(self) -> tuple[object, tuple[Rank, Suit]]:
        return (Card.of, (self.rank, self.suit))


SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
for _i, (_s, _r) in enumerate((s, r) for s in SUITS for r in Rank):
    Card._all[(_r, _s)] = Card(_r, _s, _i)
ALL_CARDS: tuple[Card, ...] = tuple(sorted(Card._all.values()))
_CARD_BY_TEXT: dict[str, Card] = {c.text: c for c in ALL_CARDS}


def parse_card(text: str) -> Card:
    """Parse one card in any accepted notation; raise ``CardError`` naming the text."""
    if not isinstance(text, str):
        given = echo(text)
        raise CardError(f"bad card {given}: expected a string such as 10H", "cards.not_a_string", given)
    card = _CARD_BY_TEXT.get(text)
    if card is not None:
        return card
    cleaned = text.strip().upper()
    if len(cleaned) >= 2:
        # The suit may stand after the rank (10♥, 10H) or before it (♥10).
        for rank_text, suit_text in ((cleaned[:-1], cleaned[-1]), (cleaned[1:], cleaned[0])):
            rank = _RANK_BY_TEXT.get(rank_text)
            suit = _SUIT_BY_TEXT.get(suit_text)
            if rank is not None and suit is not None:
                return Card._all[(rank, suit)]
    given = echo(text)
    message = f'bad card "{given}": expected rank 2-10/J/Q/K/A and suit S/H/D/C, e.g. 10H'
    raise CardError(message, "cards.bad_card", given)


def parse_cards(texts: list[str] | tuple[str, ...]) -> list[Card]:
    """Parse a list of card texts."""
    return [parse_card(t) for t in texts]


def make_deck(ranks: tuple[Rank, ...]) -> tuple[Card, ...]:
    """All cards of the given ranks in the four suits, in canonical order."""
    return tuple(c for c in ALL_CARDS if c.rank in ranks)
