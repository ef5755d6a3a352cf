"""Nestors' pure trick functions: exhaustive checks against the rule text (NES-1, NES-6, NES-7).

``reference_*`` below re-state ``docs/rules/nestors.md`` as literally as
possible, independently of ``cardwidgets.games.nestors.tricks``; the engine
tests in ``test_nestors.py`` reuse them.
"""

from __future__ import annotations

import doctest
import random
import re

import pytest

from cardwidgets.cards import SUITS, Card, Rank, parse_card
from cardwidgets.games.nestors import NESTORS_DECK
from cardwidgets.games.nestors import tricks as nestors_tricks
from cardwidgets.games.nestors import words as nestors_messages
from cardwidgets.games.nestors.tricks import (
    POSITIONS,
    TRUMP_RANKS,
    c_legal_cards,
    c_may_play,
    resolve_last_trick,
    resolve_trick,
)

DECK = list(NESTORS_DECK)
# NES-1: "Order within a suit, high to low: the trump-rank card, then A, K, Q, J, 10, 9, 8, 7, 6 without it."
SUIT_SETS = [{s for i, s in enumerate(SUITS) if mask >> i & 1} for mask in range(1, 16)]
PLAIN_ORDER = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX]


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def reference_order(trump: Rank) -> list[Rank]:
    """NES-1: ranks within a suit, high to low."""
    return [trump] + [r for r in PLAIN_ORDER if r != trump]


def reference_higher(x: Card, y: Card, trump: Rank) -> bool:
    """True if x is higher than y (same suit) under NES-1."""
    order = reference_order(trump)
    return order.index(x.rank) < order.index(y.rank)


def reference_a_or_b(a: Card, b: Card, trump: Rank) -> str:
    """W3's A-or-B rule, word for word: returns "A" or "B"."""
    a_trump, b_trump = a.rank == trump, b.rank == trump
    if a_trump and not b_trump:  # exactly one of A, B played a trump: that card
        return "A"
    if b_trump and not a_trump:
        return "B"
    if a_trump and b_trump:  # both did: A's (the earlier)
        return "A"
    if a.suit == b.suit:  # neither, and they share a suit: the higher
        return "A" if reference_higher(a, b, trump) else "B"
    return "A"  # otherwise A's


def reference_resolve(a: Card, b: Card, c: Card, trump: Rank) -> tuple[str, str]:
    """NES-6 W1-W3b: (collector position, rule)."""
    played = {"A": a, "B": b, "C": c}
    if a.suit == b.suit == c.suit:
        trumps = [pos for pos, card in played.items() if card.rank == trump]
        if trumps:
            return trumps[0], "W1"
        best = "A"
        for pos in ("B", "C"):
            if reference_higher(played[pos], played[best], trump):
                best = pos
        return best, "W2"
    if b.rank != trump and trump in (a.rank, c.rank):
        return "C", "W3a"  # A and C win; C collects
    if b.rank == trump and c.rank == trump and c.suit not in (a.suit, b.suit):
        return "C", "W3b"
    return reference_a_or_b(a, b, trump), "W3"


def reference_c_legal(a: Card, b: Card, hand: list[Card], trump: Rank) -> set[Card]:
    """NES-6: what C may play."""
    if a.suit == b.suit:
        if any(card.suit == a.suit for card in hand):
            return {card for card in hand if card.suit == a.suit or card.rank == trump}
        return set(hand)
    third = set(SUITS) - {a.suit, b.suit}
    if any(card.suit in third for card in hand):
        return {card for card in hand if card.suit in third or card.rank == trump}
    return set(hand)


# ----- the seed's examples, verbatim -------------------------------------------------------
@pytest.mark.rules("W3", "W3b", "E-7", "NES-1")
@pytest.mark.parametrize(
    ("c", "collector", "winners", "rule"),
    [("JC", "C", "AC", "W3b"), ("JH", "C", "AC", "W3b"), ("JS", "B", "BD", "W3")],
)
def test_seed_example_1(c: str, collector: str, winners: str, rule: str) -> None:
    """Jacks trump, A ♠10, B ♦J: C wins for A and C with ♣J or ♥J, but ♠J loses to B."""
    result = resolve_trick(parse_card("10S"), parse_card("JD"), parse_card(c), Rank.JACK)
    assert (result.collector, result.winners, result.rule) == (collector, winners, rule)


@pytest.mark.rules("W3b")
@pytest.mark.parametrize("c", ["JH", "JD", "JC"])
def test_seed_example_2(c: str) -> None:
    """Jacks trump, A ♠10, B ♠J: any other Jack wins for A and C."""
    result = resolve_trick(parse_card("10S"), parse_card("JS"), parse_card(c), Rank.JACK)
    assert (result.collector, result.winners, result.rule) == ("C", "AC", "W3b")


def test_seed_example_2_other_cards_lose() -> None:
    """In example 2, a card that is not a Jack does not win for A and C (B's ♠J takes it)."""
    for card in DECK:
        if card.rank != Rank.JACK and card.text not in ("10S",):
            result = resolve_trick(parse_card("10S"), parse_card("JS"), card, Rank.JACK)
            assert result.collector == "B", card


# ----- the exhaustive test ----------------------------------------------------------------
@pytest.mark.rules("NES-1", "NES-6", "W1", "W2", "W3", "W3a", "W3b", "E-7")
def test_every_ordered_triple_for_every_trump() -> None:
    """All 36·35·34 ordered triples × 3 trump ranks agree with the rule text, with these properties:

    exactly one collector; winners is A's side unless B collects; W3a/W3b always go to A and C,
    collected by C; W1 only when all one suit with a trump, W2 when all one suit without;
    W3* only when not all one suit; the card that decided was played by the collector (W1-W3).
    """
    counts: dict[str, int] = {}
    checked = 0
    for trump in TRUMP_RANKS:
        for a in DECK:
            for b in DECK:
                if b is a:
                    continue
                for c in DECK:
                    if c is a or c is b:
                        continue
                    result = resolve_trick(a, b, c, trump)
                    collector, rule = result.collector, result.rule
                    assert (collector, rule) == reference_resolve(a, b, c, trump), (a, b, c, trump)
                    assert collector in ("A", "B", "C")
                    assert result.winners == ("BD" if collector == "B" else "AC")
                    one_suit = a.suit is b.suit is c.suit
                    has_trump = trump in (a.rank, b.rank, c.rank)
                    if rule == "W1":
                        assert one_suit
                        assert has_trump
                        assert result.card.rank is trump
                    elif rule == "W2":
                        assert one_suit
                        assert not has_trump
                    else:
                        assert not one_suit
                    if rule in ("W3a", "W3b"):
                        assert (collector, result.winners) == ("C", "AC")
                        assert result.card.rank is trump
                    else:
                        assert result.card is (a, b, c)[POSITIONS.index(collector)]
                    if rule == "W3":
                        assert collector in ("A", "B")
                    counts[rule] = counts.get(rule, 0) + 1
                    checked += 1
    assert checked == 36 * 35 * 34 * 3
    assert set(counts) == {"W1", "W2", "W3", "W3a", "W3b"}


@pytest.mark.rules("NES-7", "W3")
def test_last_trick_every_pair() -> None:
    """NES-7: the two-card last trick follows the A-or-B rule for every ordered pair."""
    for trump in TRUMP_RANKS:
        for a in DECK:
            for b in DECK:
                if a is b:
                    continue
                result = resolve_last_trick(a, b, trump)
                assert result.collector == reference_a_or_b(a, b, trump)
                assert result.rule == "W3"
                assert result.winners == ("AC" if result.collector == "A" else "BD")
                assert result.explanation.rule == "NES-7 W3"


@pytest.mark.rules("NES-6")
def test_c_legal_cards_for_every_a_b_and_hand_shapes() -> None:
    """C's legal set: never empty, a subset of the hand in hand order, as the rule text says.

    Every (A, B) pair and trump with every one-card hand, every hand of all the cards of 1-4 suits,
    and seeded random hands of 1-8 cards.
    """
    rng = random.Random(3)
    for trump in TRUMP_RANKS:
        for a in DECK:
            for b in DECK:
                if a is b:
                    continue
                rest = [card for card in DECK if card is not a and card is not b]
                hands = [[card] for card in rest]
                hands += [[card for card in rest if card.suit in suits] for suits in SUIT_SETS]
                hands += [rng.sample(rest, rng.randint(1, 8)) for _ in range(6)]
                for hand in hands:
                    legal = c_legal_cards(a, b, hand, trump)
                    assert legal, (a, b, hand)
                    assert set(legal) == reference_c_legal(a, b, hand, trump), (a, b, hand, trump)
                    assert legal == [card for card in hand if card in legal]


@pytest.mark.rules("NES-6")
@pytest.mark.parametrize(
    ("a", "b", "hand", "legal", "key"),
    [
        # A ♠10, B ♦J (Jacks): C holds ♣9, so a third suit or a trump (♠J is a trump).
        ("10S", "JD", "JS 9C 9S", "JS 9C", "nestors.c_third_suit"),
        ("10S", "JD", "9S 8D", "9S 8D", "nestors.c_third_suit_free"),
        # A and B both ♠: C holds ♠, so ♠ or any trump.
        ("10S", "9S", "8S JH 9H", "8S JH", "nestors.c_same_suit"),
        ("10S", "9S", "JH 9H", "JH 9H", "nestors.c_same_suit_free"),
    ],
)
def test_c_may_play_explains(a: str, b: str, hand: str, legal: str, key: str) -> None:
    cards_legal, why = c_may_play(parse_card(a), parse_card(b), cards(hand), Rank.JACK)
    assert cards_legal == cards(legal)
    assert (why.rule, why.key) == ("NES-6", key)
    for locale in ("en", "ru"):
        assert "(NES-6)" in why.text(locale)
    assert "♠" in why.text("en")


@pytest.mark.rules("W1", "W2", "W3", "W3a", "W3b")
def test_explanations_render_in_both_languages_with_the_rule_id() -> None:
    """Every kind of result (rule and reason) renders in en and ru and cites its rule id."""
    rng = random.Random(7)
    seen: set[tuple[str, str]] = set()
    for _ in range(20_000):
        a, b, c = rng.sample(DECK, 3)
        trump = rng.choice(TRUMP_RANKS)
        result = resolve_trick(a, b, c, trump)
        if (result.rule, result.reason) in seen:
            continue
        seen.add((result.rule, result.reason))
        why = result.explanation
        assert why.rule == f"NES-6 {result.rule}"
        for locale in ("en", "ru"):
            text = why.text(locale)
            assert f"(NES-6 {result.rule})" in text
            assert "{" not in text
        assert result.collector in why.text("en")
    assert {rule for rule, _ in seen} == {"W1", "W2", "W3", "W3a", "W3b"}
    assert {reason for rule, reason in seen if rule == "W3"} == {"one_trump", "both_trumps", "higher", "first"}


def test_explanation_names_the_seat_when_asked() -> None:
    result = resolve_trick(parse_card("10S"), parse_card("JD"), parse_card("JC"), Rank.JACK)
    why = result.explain({"en": "seat 3 (C)", "ru": "игрок 3 (С)"})
    assert "seat 3 (C) collects" in why.text("en")
    assert "игрок 3 (С)" in why.text("ru")
    assert "J♦" in why.text("en")
    assert "J♣" in why.text("en")


def test_message_catalogue_is_complete() -> None:
    """Every Nestors message has English and Russian with the same fields."""
    field = re.compile(r"{(\w+)}")
    assert nestors_messages.MESSAGES
    for key, templates in nestors_messages.MESSAGES.items():
        assert set(templates) == {"en", "ru"}, key
        assert set(field.findall(templates["en"])) == set(field.findall(templates["ru"])), key


def test_module_doctests() -> None:
    failures, tried = doctest.testmod(nestors_tricks)
    assert tried >= 5
    assert failures == 0
