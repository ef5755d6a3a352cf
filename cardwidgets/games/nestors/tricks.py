"""Nestors' three-card trick as pure functions (``docs/rules/nestors.md``, NES-1, NES-6, NES-7).

In Nestors three players A, B, C play to each trick while the fourth (D) sits
out; A and C are partners, so every trick goes either to **A and C** or to
**B** (and his partner D). These functions need no game state, so a notebook
or a widget can call them directly to teach the rules::

    >>> from cardwidgets.cards import Rank, parse_card as card
    >>> result = resolve_trick(card("10S"), card("JD"), card("JC"), Rank.JACK)
    >>> result.collector, result.winners, result.rule
    ('C', 'AC', 'W3b')
    >>> print(result.explanation.text("en"))  # doctest: +ELLIPSIS
    B played the trump J♦ and C the trump J♣, of a suit neither A nor B played: ...
    >>> legal, why = c_may_play(card("10S"), card("JD"), [card("JS"), card("9C"), card("9S")], Rank.JACK)
    >>> [c.text for c in legal]
    ['JS', '9C']

- ``resolve_trick(a, b, c, trump)``: who collects, which partnership wins, the
  rule that decided (W1, W2, W3, W3a, W3b) and an explanation in en/ru.
- ``resolve_last_trick(a, b, trump)``: the two-card last trick (NES-7), decided
  by the *A-or-B rule* of W3.
- ``c_may_play(a, b, hand, trump)``: the cards C may play, and why (NES-6).
- ``c_legal_cards(…)``: the same without the explanation; ``c_allowed(…)`` as a set (the engine's fast path).
- ``trick_winner(a, b, c, trump)`` and ``binds_c(a_suit, b_suit, suit)``: W1-W3b and
  C's duty themselves, the one source the engine and the solver's position share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardwidgets.cards import SUITS, Card, Rank, Suit, make_deck
from cardwidgets.core.explain import Explanation
from cardwidgets.games.nestors.words import POSITION_NAMES, TRUMP_NAMES

#: Nestors (NES-1): 6 to A of each suit — 36 cards.
NESTORS_DECK = make_deck(tuple(r for r in Rank if r >= Rank.SIX))

#: NES-1: the ranks that can be trump, in the order the rule file names them.
TRUMP_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.JACK, Rank.TEN)
#: The three positions of a trick, in playing order.
POSITIONS = ("A", "B", "C")


def _power_table(trump: Rank) -> dict[Card, int]:
    """NES-1: order within a suit — the trump-rank card (15) above A (14), K … 6."""
    return {card: 15 if card.rank is trump else int(card.rank) for card in NESTORS_DECK}


#: ``POWER[trump][card]``: a card's height within its suit (only compared within one suit).
POWER: dict[Rank, dict[Card, int]] = {trump: _power_table(trump) for trump in TRUMP_RANKS}


class TrickResult(NamedTuple):
    """Who takes a trick and why; build it with ``resolve_trick`` or ``resolve_last_trick``."""

    #: The position that collects the trick: ``"A"``, ``"B"`` or ``"C"`` (C whenever A and C win together).
    collector: str
    #: The winning partnership: ``"AC"`` (A and his partner C) or ``"BD"`` (B and his partner D).
    winners: str
    #: The rule that decided: ``"W1"``, ``"W2"``, ``"W3"``, ``"W3a"`` or ``"W3b"``.
    rule: str
    #: Which case of the rule: ``trump``/``highest`` (W1/W2), ``one_trump``, ``both_trumps``,
    #: ``higher``, ``first`` (the A-or-B rule of W3), or ``W3a``/``W3b``.
    reason: str
    #: The card that decided (the winning trump, the highest card, C's trump …).
    card: Card
    #: The cards played, in order: ``(a, b, c)``, or ``(a, b)`` in the last trick.
    cards: tuple[Card, ...]
    trump: Rank

    @property
    def explanation(self) -> Explanation:
        """Why, in words (``.text("en")`` / ``.text("ru")``), citing the rule id."""
        return self.explain()

    def explain(self, who: object = None) -> Explanation:
        """The explanation; ``who`` names the collector (default: his position, e.g. ``C``)."""
        if who is None:
            who = POSITION_NAMES[self.collector]
        last = len(self.cards) == 2
        rule = ("NES-7 " if last else "NES-6 ") + self.rule
        a, b = self.cards[0], self.cards[1]
        params: dict[str, object] = {"who": who, "card": self.card, "a": a, "b": b, "trump": TRUMP_NAMES[self.trump]}
        if self.rule in ("W1", "W2"):
            params["suit"] = a.suit
            return Explanation(rule, f"nestors.{self.rule.lower()}", params)
        if self.rule == "W3a":
            trumps = [card for card in (a, self.cards[2]) if card.rank is self.trump]
            both = len(trumps) == 2
            params["side"] = POSITION_NAMES["A and C" if both else ("A" if a.rank is self.trump else "C")]
            params["trumps"] = trumps
            return Explanation(rule, "nestors.w3a", params)
        if self.rule == "W3b":
            params.update(c=self.cards[2], a_suit=a.suit, b_suit=b.suit)
            return Explanation(rule, "nestors.w3b", params)
        # W3, the A-or-B rule (also the whole of the last trick, NES-7).
        params["pos"] = POSITION_NAMES["A" if self.card is a else "B"]
        params["suit"] = a.suit
        prefix = "nestors.last_" if last else "nestors.w3_"
        return Explanation(rule, prefix + self.reason, params)


def is_trump(card: Card, trump: Rank) -> bool:
    """NES-1: the four cards of the trump rank are the trumps (whatever their suit)."""
    return card.rank is trump


def a_or_b(a: Card, b: Card, trump: Rank) -> tuple[int, str]:
    """W3's *A-or-B rule*: ``(0 for A or 1 for B, reason)``.

    If exactly one of A, B played a trump, that card; if both did, A's (the
    earlier); if neither and they share a suit, the higher; otherwise A's.
    """
    a_trump = a.rank is trump
    b_trump = b.rank is trump
    if a_trump is not b_trump:
        return (0 if a_trump else 1), "one_trump"
    if a_trump:
        return 0, "both_trumps"
    if a.suit is b.suit:
        power = POWER[trump]
        return (0 if power[a] > power[b] else 1), "higher"
    return 0, "first"


def trick_winner(a: Card, b: Card, c: Card, trump: Rank) -> tuple[int, str, str]:
    """NES-6 W1-W3b (Decision E-7), the one place they are written: ``(position, rule, reason)``.

    ``position`` collects the trick A ``a``, B ``b``, C ``c`` played: 0 (A), 1
    (B) or 2 (C, whenever A and C win together). The engine (``resolve_trick``)
    and the solver's position (its tables, ``position/rules.py``) both ask it.

    - W1: all three of one suit with a trump among them: the trump wins.
    - W2: all three of one suit, no trump: the highest card wins.
    - W3: otherwise A or B wins by the A-or-B rule, except
      W3a: B played no trump and A or C did — A and C win;
      W3b: B played a trump and C a trump of a suit different from A's and B's — A and C win.
    """
    suit = a.suit
    if b.suit is suit and c.suit is suit:
        cards = (a, b, c)
        for index, card in enumerate(cards):
            if card.rank is trump:  # NES-6 W1: only one card of a suit has the trump rank
                return index, "W1", "trump"
        power = POWER[trump]  # NES-6 W2: the highest (cards of one suit are never equal in power)
        pa, pb, pc = power[a], power[b], power[c]
        return (0 if pa > pb and pa > pc else 1 if pb > pc else 2), "W2", "highest"
    if b.rank is not trump:
        if a.rank is trump or c.rank is trump:  # NES-6 W3a
            return 2, "W3a", "W3a"
    elif c.rank is trump and c.suit is not suit and c.suit is not b.suit:  # NES-6 W3b
        return 2, "W3b", "W3b"
    index, reason = a_or_b(a, b, trump)  # NES-6 W3
    return index, "W3", reason


def resolve_trick(a: Card, b: Card, c: Card, trump: Rank) -> TrickResult:
    """Who takes the trick A, B, C played, under trump rank ``trump``, and why (NES-6 W1-W3b: ``trick_winner``).

    The deciding card is the collector's, except under W3a when only A played a
    trump (A's trump then wins the trick for C to collect).
    """
    index, rule, reason = trick_winner(a, b, c, trump)
    return _result(index, rule, reason, (a, b, c), trump, deciding=a if rule == "W3a" and c.rank is not trump else None)


def resolve_last_trick(a: Card, b: Card, trump: Rank) -> TrickResult:
    """NES-7: the last trick has two players, A and B; the A-or-B rule of W3 decides."""
    index, reason = a_or_b(a, b, trump)
    return _result(index, "W3", reason, (a, b), trump)


def _result(
    index: int, rule: str, reason: str, cards: tuple[Card, ...], trump: Rank, *, deciding: Card | None = None
) -> TrickResult:
    """The result in which position ``index`` collects, having played the deciding card unless ``deciding`` says."""
    card = cards[index] if deciding is None else deciding
    return TrickResult(POSITIONS[index], "BD" if index == 1 else "AC", rule, reason, card, cards, trump)


def binds_c(a_suit: Suit, b_suit: Suit, suit: Suit) -> bool:
    """NES-6, C's duty: whether C, holding a card of ``suit``, must play it or a trump.

    After A's card of ``a_suit`` and B's of ``b_suit``: that suit if they are
    the same, else a third suit (neither of theirs). Trumps keep their printed
    suit (NES-1). The engine (``c_legal_cards``) and the solver's position
    (its tables, ``position/rules.py``) both ask it.
    """
    if a_suit is b_suit:
        return suit is a_suit
    return suit is not a_suit and suit is not b_suit


def c_legal_cards(a: Card, b: Card, hand: Sequence[Card], trump: Rank) -> list[Card]:
    """The cards of ``hand`` that C may play after A's ``a`` and B's ``b`` (NES-6).

    If C holds a card that binds him (``binds_c``: A's and B's suit when they
    are the same, else a third suit), such a card or a trump; otherwise any card.
    """
    allowed = c_allowed(a, b, hand, trump)
    return list(hand) if allowed is None else [card for card in hand if card in allowed]


def c_allowed(a: Card, b: Card, hand: Sequence[Card], trump: Rank) -> frozenset[Card] | None:
    """C's duty in ``hand`` after A's ``a`` and B's ``b`` (NES-6), as the set of cards he may play.

    None when no card of ``hand`` binds him (``binds_c``), so that any card is allowed; the engine
    filters a hand by the set into its actions at once.
    """
    binding, allowed = C_DUTY[a.suit][b.suit][trump]
    return None if binding.isdisjoint(hand) else allowed


def _c_duty(a_suit: Suit, b_suit: Suit, trump: Rank) -> tuple[frozenset[Card], frozenset[Card]]:
    """C's duty after A's card of ``a_suit`` and B's of ``b_suit`` (``binds_c``), as two sets of cards.

    The cards that bind him, and those he may play when he holds one of them (they, and the trumps).
    """
    binding = frozenset(card for card in NESTORS_DECK if binds_c(a_suit, b_suit, card.suit))
    return binding, binding | {card for card in NESTORS_DECK if card.rank is trump}


#: ``C_DUTY[a_suit][b_suit][trump]``: ``_c_duty``, worked out once for every case, so that
#: ``c_legal_cards`` (the engine's hot path) asks sets of cards and calls nothing.
C_DUTY: dict[Suit, dict[Suit, dict[Rank, tuple[frozenset[Card], frozenset[Card]]]]] = {
    a_suit: {b_suit: {trump: _c_duty(a_suit, b_suit, trump) for trump in TRUMP_RANKS} for b_suit in SUITS}
    for a_suit in SUITS
}


def c_may_play(a: Card, b: Card, hand: Sequence[Card], trump: Rank) -> tuple[list[Card], Explanation]:
    """The cards C may play after A's ``a`` and B's ``b``, and why (NES-6).

    Returns ``(legal cards in hand order, Explanation)``; the legal set is never
    empty for a non-empty hand.
    """
    legal = c_legal_cards(a, b, hand, trump)
    params: dict[str, object] = {"a_suit": a.suit, "b_suit": b.suit, "suit": a.suit, "trump": TRUMP_NAMES[trump]}
    held = any(binds_c(a.suit, b.suit, card.suit) for card in hand)
    if a.suit is b.suit:
        key = "nestors.c_same_suit" if held else "nestors.c_same_suit_free"
    else:
        params["third"] = third_suits(a, b)
        key = "nestors.c_third_suit" if held else "nestors.c_third_suit_free"
    return legal, Explanation("NES-6", key, params)


def third_suits(a: Card, b: Card) -> list[Suit]:
    """The suits that neither A's nor B's card has (NES-6)."""
    return [suit for suit in SUITS if suit is not a.suit and suit is not b.suit]
