"""Nestors drills: who wins the trick, who collects it, what C may play, card points, the deal's score.

Every answer is graded by ``cardwidgets.games.nestors_tricks`` (``resolve_trick``,
``c_may_play``) or ``cardwidgets.games.nestors`` (``card_points``, ``deal_score``); the positions are
random but sensible (C plays a card he may play) and kept when the rule decides them;
each maker aims its right answer evenly over the answers, so none can be guessed.
"""

from __future__ import annotations

import random

from cardwidgets.cards import NESTORS_DECK, Card, Rank, parse_card
from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import MATCH_ENDS, Choice, Item, Position, card_text, match_end_item, one_right, until
from cardwidgets.games.nestors import BID_STEP, CARD_POINTS, TOTAL_POINTS, card_points, deal_score
from cardwidgets.games.nestors_tricks import (
    POSITIONS,
    POWER,
    TRUMP_RANKS,
    TrickResult,
    c_legal_cards,
    c_may_play,
    resolve_trick,
)
from cardwidgets.i18n.nestors import POSITION_NAMES, TRUMP_NAMES

#: The two partnerships of a trick (NES-6): A with C, B with D.
SIDES = {"AC": {"en": "A and C", "ru": "А и С"}, "BD": {"en": "B and D", "ru": "Б и Г"}}
#: NES-2: the rank worth 10 and the rank worth 5 under each trump rank.
TEN_FIVE = {Rank.ACE: (Rank.JACK, Rank.TEN), Rank.JACK: (Rank.ACE, Rank.TEN), Rank.TEN: (Rank.ACE, Rank.JACK)}
RANK_PLURAL = {
    Rank.ACE: {"en": "A", "ru": "Т"},
    Rank.JACK: {"en": "J", "ru": "В"},
    Rank.TEN: {"en": "10", "ru": "10"},
}
SITS_OUT = Explanation("NES-6", "drill.nes_sits_out")


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


#: The seed's examples of NES-6 ``(trump, A, B, C)`` (Decision E-7): shown by ``TrickExplorer``, checked by the tests.
SEED_TRICKS: tuple[tuple[Rank, tuple[Card, ...]], ...] = (
    (Rank.JACK, _cards("10S", "JD", "JC")),  # seed example 1: W3b, C collects for A and C
    (Rank.JACK, _cards("10S", "JD", "JS")),  # seed example 1, the trap: ♠J is A's suit, B wins (W3)
    (Rank.JACK, _cards("10S", "JS", "JD")),  # seed example 2: any other Jack wins (W3b)
)


# ----- random but sensible positions -------------------------------------------------------------
def random_trick(rng: random.Random) -> tuple[Rank, Card, Card, tuple[Card, ...], Card]:
    """A trump rank, A's and B's cards, C's hand (3–6 cards) and a card C may play (NES-6)."""
    trump = rng.choice(TRUMP_RANKS)
    deck = list(NESTORS_DECK)
    rng.shuffle(deck)
    # Favour trumps and shared suits a little: they make the interesting cases (W1, W3a, W3b).
    a, b = deck[0], deck[1]
    if rng.random() < 0.4:
        b = next(card for card in deck[2:] if card.suit is a.suit)
    hand_pool = [card for card in deck[2:] if card not in (a, b)]
    hand = tuple(hand_pool[: rng.randint(4, 7)])
    if rng.random() < 0.5 and not any(card.rank is trump for card in hand):
        extra = next(card for card in hand_pool if card.rank is trump)
        hand = (*hand[:-1], extra)
    c = rng.choice(c_legal_cards(a, b, hand, trump))
    return trump, a, b, hand, c


def _trick_position(trump: Rank, cards: tuple[Card, ...]) -> Position:
    plays = tuple((POSITION_NAMES[pos], card) for pos, card in zip(POSITIONS, cards, strict=True))
    return Position(trump=TRUMP_NAMES[trump], trick=plays, facts=(SITS_OUT,)).marking(lambda c: c.rank is trump)


def _prompt(key: str, trump: Rank) -> Explanation:
    return Explanation("NES-6", key, {"trump": TRUMP_NAMES[trump]})


# ----- topics --------------------------------------------------------------------------------------
def with_reading(why: Explanation) -> Explanation:
    """The engine's reason, then the seed's words it rests on and our reading of them (E-7, issue 22)."""
    return Explanation(why.rule, "drill.nes_reading", {"why": why})


def winner_item(trump: Rank, cards: tuple[Card, ...], source: str = "engine") -> Item:
    """NES-6 W1–W3b: which partnership wins, A and C or B and D."""
    result = resolve_trick(*cards, trump)  # type: ignore[call-arg]
    why = with_reading(result.explanation)
    choices = tuple(Choice(SIDES[side], result.winners == side, why) for side in SIDES)
    return Item(
        "nestors-trick-winner", _prompt("drill.nes_winner_q", trump), _trick_position(trump, cards), choices, source
    )


def collector_item(trump: Rank, cards: tuple[Card, ...], source: str = "engine") -> Item:
    """NES-6: who collects; when A and C win together (W3a, W3b), C collects."""
    result: TrickResult = resolve_trick(*cards, trump)  # type: ignore[call-arg]
    why = with_reading(result.explanation)
    choices = tuple(Choice(POSITION_NAMES[pos], result.collector == pos, why) for pos in POSITIONS)
    return Item(
        "nestors-collector", _prompt("drill.nes_collector_q", trump), _trick_position(trump, cards), choices, source
    )


def c_may_play_item(
    trump: Rank, a: Card, b: Card, hand: tuple[Card, ...], rng: random.Random, *, source: str = "engine"
) -> Item:
    """NES-6: which one of four of C's cards he may play after A's and B's (the others he may not)."""
    legal, why = c_may_play(a, b, hand, trump)
    right = Choice(rng.choice(sorted(legal, key=hand.index)), True, why)
    choices = one_right(right, [Choice(card, False, why) for card in hand if card not in legal], rng)
    prompt = Explanation("NES-6", "drill.nes_c_q", {"trump": TRUMP_NAMES[trump], "a": a, "b": b})
    plays = ((POSITION_NAMES["A"], a), (POSITION_NAMES["B"], b))
    position = Position(trump=TRUMP_NAMES[trump], trick=plays, hand=hand, facts=(SITS_OUT,))
    position = position.marking(lambda c: c.rank is trump)
    return Item("nestors-c-may-play", prompt, position, choices, source)


def pile_points_item(
    trump: Rank, pile: tuple[Card, ...], rng: random.Random, place: int, *, source: str = "engine"
) -> Item | None:
    """NES-2: a pile's card points, the right total at ``place`` (0–3) among the usual slips; None if it cannot be."""
    total = card_points(pile, trump)
    ten, five = TEN_FIVE[trump]
    params = {"detail": _detail(pile, trump), "total": total, "ten": RANK_PLURAL[ten], "five": RANK_PLURAL[five]}
    why = Explanation("NES-2", "drill.nes_points_why", params)
    swapped = _swapped_points(pile, trump)
    slips = {swapped, *(total + step for step in (-20, -15, -10, -5, 5, 10, 15, 20))} - {total}
    below = sorted(v for v in slips if 0 <= v < total)
    above = sorted(v for v in slips if v > total)
    if len(below) < place or len(above) < 3 - place:
        return None
    low = _slips(below, place, swapped, rng)
    high = _slips(above, 3 - place, swapped, rng)
    options = [*low, total, *high]
    choices = tuple(Choice(str(value), value == total, why) for value in options)
    prompt = Explanation("NES-2", "drill.nes_points_q", {"trump": TRUMP_NAMES[trump]})
    position = Position(trump=TRUMP_NAMES[trump], pile=pile).marking(lambda c: c.rank is trump)
    return Item("nestors-pile-points", prompt, position, choices, source)


def _slips(values: list[int], count: int, swapped: int, rng: random.Random) -> list[int]:
    """``count`` of ``values``, the 10-and-5-swapped slip among them when it is one (sorted)."""
    chosen = [swapped] if swapped in values and count else []
    rest = [v for v in values if v not in chosen]
    return sorted(chosen + rng.sample(rest, count - len(chosen)))


def _detail(pile: tuple[Card, ...], trump: Rank) -> dict[str, str]:
    """``J♦ 10 + 10♦ 5 + …`` in each language: each card with its points (NES-2)."""
    return {
        locale: " + ".join(f"{card_text(card, locale)} {CARD_POINTS[trump][card]}" for card in pile)
        for locale in ("en", "ru")
    }


def _swapped_points(pile: tuple[Card, ...], trump: Rank) -> int:
    """The usual slip: the 10- and 5-point ranks the wrong way round."""
    ten, five = TEN_FIVE[trump]
    table = {trump: 15, ten: 5, five: 10}
    return sum(table.get(card.rank, 0) for card in pile)


def make_winner(rng: random.Random) -> Item:
    """A random sensible trick: who wins; A and C or B and D, each in half the questions."""
    side = rng.choice(tuple(SIDES))

    def make() -> Item:
        trump, a, b, _hand, c = random_trick(rng)
        return winner_item(trump, (a, b, c))

    return until(make, lambda item: label_is(item, SIDES[side]))


def make_collector(rng: random.Random) -> Item:
    """A random sensible trick: who collects; A, B or C, each in a third of the questions."""
    collector = rng.choice(POSITIONS)

    def make() -> Item:
        trump, a, b, _hand, c = random_trick(rng)
        return collector_item(trump, (a, b, c))

    return until(make, lambda item: label_is(item, POSITION_NAMES[collector]))


def label_is(item: Item, label: object) -> bool:
    """Whether the right answer of ``item`` is ``label``."""
    return any(choice.correct and choice.label == label for choice in item.choices)


def make_c_may_play(rng: random.Random) -> Item:
    """A random trick before C plays, with C's hand, where the rule forbids some of his cards."""

    def make() -> Item | None:
        trump, a, b, hand, _c = random_trick(rng)
        if len(hand) - len(c_legal_cards(a, b, hand, trump)) < 3:
            return None  # C may play (nearly) anything: too little to learn, and fewer answers to choose from
        return c_may_play_item(trump, a, b, hand, rng)

    return until(make, lambda _item: True)


def make_pile_points(rng: random.Random) -> Item:
    """A random pile of 3–6 cards with at least one card that counts; the right total at a random place."""
    trump = rng.choice(TRUMP_RANKS)
    place = rng.randrange(4)
    counting = [card for card in NESTORS_DECK if CARD_POINTS[trump][card]]
    others = [card for card in NESTORS_DECK if not CARD_POINTS[trump][card]]

    def make() -> Item | None:
        size = rng.randint(3, 6)
        scoring = rng.randint(1, min(size, 4))
        pile = rng.sample(counting, scoring) + rng.sample(others, size - scoring)
        rng.shuffle(pile)
        return pile_points_item(trump, tuple(pile), rng, place)

    return until(make, lambda _item: True)


# ----- the deal's score (NES-8) -------------------------------------------------------------------------------
def _score_label(bidders: int, opponents: int) -> dict[str, str]:
    return {
        "en": f"bidders {bidders:+d}, opponents {opponents:+d}".replace("-", "−"),
        "ru": f"играющие {bidders:+d}, соперники {opponents:+d}".replace("-", "−"),
    }


def deal_score_item(team: int, bid: int, points: int, rng: random.Random, source: str = "engine") -> Item:
    """NES-8: what the deal scores when partnership ``team`` bid ``bid`` and took ``points`` of the 190."""
    taken = [0, 0]
    taken[team], taken[1 - team] = points, TOTAL_POINTS - points
    score = deal_score(team, bid, taken)
    right = (score[team], score[1 - team])
    made = score[team] > 0
    key = "nestors.score_made" if made else "nestors.score_failed"
    why = Explanation("NES-8", key, {"team": team, "bid": bid, "p": points, "q": TOTAL_POINTS - points})
    other = TOTAL_POINTS - points
    slips = {(points, other), (-points, other), (bid, other), (-bid, other), (points, 0), (-points, 0)} - {right}
    pairs = [right, *rng.sample(sorted(slips), 3)]
    rng.shuffle(pairs)
    choices = tuple(Choice(_score_label(*pair), pair == right, why) for pair in pairs)
    prompt = Explanation("NES-8", "drill.nes_score_q", {"team": team, "bid": bid, "p": points, "q": other})
    return Item("nestors-deal-score", prompt, Position(), choices, source)


def make_deal_score(rng: random.Random) -> Item:
    """A random bid and result, often close to the bid (where made and failed are easy to mix up)."""
    bid = rng.randrange(60, 155, BID_STEP)
    points = bid + rng.randrange(-30, 35, BID_STEP) if rng.random() < 0.7 else rng.randrange(40, 175, BID_STEP)
    return deal_score_item(rng.randrange(2), bid, min(points, TOTAL_POINTS), rng)


# ----- has the match been won (NES-9) ----------------------------------------------------------------------
def make_match_end(rng: random.Random) -> Item:
    """Scores near ±1000, a random deal played out: team 0, team 1 or nobody has won, each in a third of them."""
    end = rng.choice(MATCH_ENDS)
    line = Explanation("NES-9", "drill.nes_match_line")

    def before() -> list[int]:
        return [rng.choice((-1, 1)) * rng.randrange(700, 1000, 5) for _ in range(2)]

    return until(
        lambda: match_end_item("nestors-match-end", "nestors", before(), rng, line),
        lambda item: [c.correct for c in item.choices] == [e == end for e in MATCH_ENDS],
    )


# ----- which card is higher (NES-1) ------------------------------------------------------------------------
def higher_item(trump: Rank, x: Card, y: Card) -> Item:
    """NES-1: which of two cards of one suit is higher, by the engine's order (``POWER``)."""
    hi, lo = (x, y) if POWER[trump][x] > POWER[trump][y] else (y, x)
    key = "drill.nes_higher_trump" if hi.rank is trump else "drill.nes_higher_plain"
    why = Explanation("NES-1", key, {"hi": hi, "lo": lo, "trump": TRUMP_NAMES[trump]})
    prompt = Explanation("NES-1", "drill.nes_higher_q", {"trump": TRUMP_NAMES[trump]})
    position = Position(trump=TRUMP_NAMES[trump], pile=(x, y)).marking(lambda c: c.rank is trump)
    return Item("nestors-higher-card", prompt, position, (Choice(x, x is hi, why), Choice(y, y is hi, why)))


def make_higher(rng: random.Random) -> Item:
    """Two cards of one suit under a random trump rank, one of them a trump or an A, J or 10 (where NES-1 decides)."""
    trump = rng.choice(TRUMP_RANKS)
    first = rng.random() < 0.5  # the higher card first in half the questions

    def make() -> Item | None:
        x, y = rng.sample(NESTORS_DECK, 2)
        if x.suit is not y.suit or not {x.rank, y.rank} & set(TRUMP_RANKS):
            return None
        return higher_item(trump, x, y)

    return until(make, lambda item: item.choices[0].correct == first)
