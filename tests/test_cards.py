"""Card notation (docs/records.md, *Cards*) and the three decks."""

from __future__ import annotations

import pytest

from cardwidgets import Card, CardError, Rank, Suit, parse_card
from cardwidgets.games.nestors import NESTORS_DECK
from cardwidgets.games.nimby import NIMBY_DECK
from cardwidgets.games.tumbochka import TUMBOCHKA_DECK
from cardwidgets.i18n import card_name


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("10♥", "10H"),
        ("♥10", "10H"),
        ("10h", "10H"),
        (" js ", "JS"),
        ("2C", "2C"),
        ("A♦", "AD"),
        ("♣Q", "QC"),
        ("ВS", "JS"),  # Russian В(алет) = J
        ("дH", "QH"),  # Д(ама) = Q
        ("К♠", "KS"),  # К(ороль) = K
        ("Т♣", "AC"),  # Т(уз) = A
        ("♡5", "5H"),
    ],
)
def test_parse_accepts_every_spelling(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert card is parse_card(canonical)  # cards are interned


@pytest.mark.parametrize("text", ["", "1H", "11S", "10", "H", "10X", "ZZ", "10HH", "♥♥", "AS ", "A S"])
def test_parse_rejects_bad_text_naming_it(text: str) -> None:
    if text == "AS ":  # surrounding spaces are forgiven
        assert parse_card(text) is Card.of(Rank.ACE, Suit.S)
        return
    with pytest.raises(CardError, match=f'bad card "{text}"'):
        parse_card(text)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(CardError, match="expected a string"):
        parse_card(10)  # type: ignore[arg-type]


def test_card_of_and_text() -> None:
    card = Card.of(10, "H")
    assert card.text == "10H"
    assert card.symbol_text == "10♥"
    assert card.rank is Rank.TEN
    assert card.suit is Suit.H


def test_decks() -> None:
    assert len(NIMBY_DECK) == len(set(NIMBY_DECK)) == 24
    assert {c.rank.text for c in NIMBY_DECK} == {"2", "3", "4", "5", "6", "A"}
    assert len(TUMBOCHKA_DECK) == 24
    assert {c.rank.text for c in TUMBOCHKA_DECK} == {"K", "Q", "J", "8", "7", "6"}
    assert len(NESTORS_DECK) == 36
    assert {c.rank.text for c in NESTORS_DECK} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}


def test_card_names_in_both_languages() -> None:
    assert card_name(parse_card("10H"), "en") == "ten of hearts"
    assert card_name(parse_card("10H"), "ru") == "десятка червей"
    assert card_name(parse_card("QS"), "ru") == "дама пик"
