"""Nestors drills: who wins the trick, who collects it, what C may play, card points, the deal's score.

Every answer is graded by ``cardwidgets.games.nestors.tricks`` (``resolve_trick``,
``c_may_play``) or ``cardwidgets.games.nestors`` (``card_points``, ``deal_score``); the positions are
random but sensible (C plays a card he may play) and kept when the rule decides them;
each maker aims its right answer evenly over the answers, so none can be guessed.
"""

from __future__ import annotations

import random

from cardwidgets.cards import Card, Rank, parse_card
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import (
    MATCH_ENDS,
    Choice,
    Item,
    Position,
    card_text,
    match_end_item,
    one_right,
    random_playout,
    rank_of,
    right_at,
    shuffled,
    until,
)
from cardwidgets.drills.frame import LOCALES, one_of, right_label
from cardwidgets.games import new_game
from cardwidgets.games.nestors.engine import (
    BID,
    BID_STEP,
    CARD_POINTS,
    NAME_TRUMP,
    NESTORS_DECK,
    PASS,
    TOTAL_POINTS,
    NestorsState,
    card_points,
    deal_score,
)
from cardwidgets.games.nestors.tricks import (
    POSITIONS,
    POWER,
    TRUMP_RANKS,
    TrickResult,
    c_legal_cards,
    c_may_play,
    resolve_trick,
)
from cardwidgets.games.nestors.words import DRILL_WORDS, POSITION_NAMES, SIDES, TRUMP_NAMES
from cardwidgets.i18n.names import action_label, rank_plural

#: NES-2: the rank worth 10 and the rank worth 5 under each trump rank.
TEN_FIVE = {Rank.ACE: (Rank.JACK, Rank.TEN), Rank.JACK: (Rank.ACE, Rank.TEN), Rank.TEN: (Rank.ACE, Rank.JACK)}
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
    """The engine's reason, then the seed's words it rests on and our reading of them (E-7)."""
    return Explanation(why.rule, "drill.nes_reading", {"why": why})


def winner_item(trump: Rank, cards: tuple[Card, Card, Card], source: str = "engine") -> Item:
    """NES-6 W1–W3b: which partnership wins, A and C or B and D."""
    result = resolve_trick(*cards, trump)
    why = with_reading(result.explanation)
    choices = tuple(Choice(SIDES[side], result.winners == side, why) for side in SIDES)
    return Item(
        "nestors-trick-winner", _prompt("drill.nes_winner_q", trump), _trick_position(trump, cards), choices, source
    )


def collector_item(trump: Rank, cards: tuple[Card, Card, Card], source: str = "engine") -> Item:
    """NES-6: who collects; when A and C win together (W3a, W3b), C collects."""
    result: TrickResult = resolve_trick(*cards, trump)
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
    params = {"detail": _detail(pile, trump), "total": total, "ten": ten, "five": five}  # «тузы — по 10»
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
    """A score line as an answer, in each language: "bidders +190, opponents −40" (a real minus sign)."""
    signed = {"bidders": f"{bidders:+d}".replace("-", "−"), "opponents": f"{opponents:+d}".replace("-", "−")}
    return {locale: text.format(**signed) for locale, text in DRILL_WORDS["score_line"].items()}


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
    # The slips: the sign (made or failed), and the two partnerships' points swapped. Each answer is made of the
    # points taken, p and 190 − p, as they stand in the question: none can be told by its numbers, nor by how
    # often it is seen among the answers. Scoring the bid instead fills in where p = 190 − p.
    slips = [(-right[0], other), (other, points), (-other, points)]
    slips = list(dict.fromkeys(pair for pair in slips if pair != right))
    fill = [pair for pair in ((bid, other), (-bid, other), (points, 0), (-points, 0)) if pair not in (right, *slips)]
    slips += rng.sample(fill, 3 - len(slips))
    pairs = [right, *slips]
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
def _both_at_the_line(scores: list[int]) -> bool:
    """Both partnerships past ±1000, or both at +1000 (NES-9)."""
    return all(abs(score) >= 1000 for score in scores) or min(scores) >= 1000


def make_match_end(rng: random.Random) -> Item:
    """Scores near ±1000, a random deal played out: team 0, team 1 or nobody has won, each in a third of them."""
    end = rng.choice(MATCH_ENDS)
    line = Explanation("NES-9", "drill.nes_match_line")

    def before() -> list[int]:
        return [rng.choice((-1, 1)) * rng.randrange(700, 1000, 5) for _ in range(2)]

    return until(
        lambda: match_end_item("nestors-match-end", "nestors", before(), rng, line, both_reached=_both_at_the_line),
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
    # The A, J and 10 are in every question, so they are the cards seen most often: which one is higher is aimed
    # (an A, J or 10 over another card, another card over one of them, or two of them), so that picking the card
    # seen most often wins no more than half the time.
    aim = rng.choices(("high", "low", "both"), weights=(35, 35, 30))[0]

    def make() -> Item | None:
        x, y = rng.sample(NESTORS_DECK, 2)
        if x.suit is not y.suit or not {x.rank, y.rank} & set(TRUMP_RANKS):
            return None
        return higher_item(trump, x, y)

    return until(make, lambda item: item.choices[0].correct == first and _aimed(item) == aim)


def _aimed(item: Item) -> str:
    """``"both"``: both cards an A, J or 10; ``"high"``: the higher one is; ``"low"``: the lower one is."""
    ranks = [rank_of(choice) in TRUMP_RANKS for choice in item.choices]
    if all(ranks):
        return "both"
    return "high" if ranks[right_at(item)[0]] else "low"



# ----- Nestors: bidding (NES-4, E-2 … E-4), trump (NES-5, E-5), the bidder's trick (NES-6a), last trick (NES-7) ---
def _nestors(rng: random.Random) -> NestorsState:
    state = new_game("nestors", seed=rng.randrange(2**32), dealer=rng.randrange(4))
    assert isinstance(state, NestorsState)
    return state


def make_nestors_bidding(rng: random.Random) -> Item:
    """A random auction: which one of four calls is allowed (a multiple of 5, higher, a pass unless forced)."""
    forced = rng.random() < 0.25
    return until(lambda: _nes_bidding(rng, forced), lambda _item: True)


def _nes_bidding(rng: random.Random, forced: bool) -> Item | None:
    state, calls = _nestors(rng), []
    for _ in range(3 if forced else rng.randrange(6)):
        if state.phase != "bidding":
            return None
        legal = state.legal_actions()
        action = PASS if forced else rng.choice([PASS, *legal[:8]] if PASS in legal else legal[:8])  # E-4
        calls.append((state.to_act, action.text))
        state.apply(action)
    if state.phase != "bidding":
        return None
    legal = state.legal_actions()
    high = state.high_bid or 0
    right = rng.choice(legal[:4] if rng.random() < 0.7 else legal)
    wrong = [PASS] if PASS not in legal else []
    wrong += [BID[b] for b in range(max(5, high - 15), high + 5, 5) if BID[b] not in legal]
    odd = rng.choice([b for b in range(high + 1, high + 30) if b % 5])
    wrong += [Action.make("bid", rng.choice([195, 200])), Action.make("bid", odd)]
    why = _bid_ok(state, right, forced)
    facts = (Explanation("NES-4", "drill.nes_fact_bids", {"calls": _calls(calls)}),)
    prompt = Explanation("NES-4", "drill.nes_bid_q", {"seat": state.to_act})
    return Item("nestors-bidding", prompt, Position(facts=facts), one_of(state, (right, why), wrong, rng))


def _bid_ok(state: NestorsState, right: Action, forced: bool) -> Explanation:
    """Why the allowed call is allowed (NES-4, E-2, E-3, E-4)."""
    if forced:
        return Explanation("E-4", "nestors.must_bid", {"seat": state.to_act, "min": state.rules["min_bid"]})
    if state.high_bid is None:
        return Explanation("E-2", "drill.nes_first_bid_ok")
    return Explanation("NES-4", "drill.nes_bid_ok", {"high": state.high_bid})


def _calls(calls: list[tuple[int | None, str]]) -> dict[str, str]:
    """The calls so far, ``Seat 1: Bid 25, Seat 2: Pass`` in each language (or: nobody has spoken)."""
    out = {}
    for locale in LOCALES:
        seat = DRILL_WORDS["seat"][locale]
        words = ", ".join(f"{seat.format(n=s)}: {action_label(t, locale, 'nestors')}" for s, t in calls)
        out[locale] = words or DRILL_WORDS["nobody_spoke"][locale]
    return out


def make_nestors_trump(rng: random.Random) -> Item:
    """The bidder's five cards: which trump rank may he name (the one of A, J, 10 he holds)."""
    rank = rng.choice(TRUMP_RANKS)
    return until(lambda: _nes_trump(rng), lambda item: right_label(item) == rank_plural(rank, "en"))


def _nes_trump(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: _nes_modest(s, rng) and s.phase == "trump") is None:
        return None
    legal = state.legal_actions()
    if len(legal) != 1:
        return None  # holding two of A, J, 10 (or none: any of the three, E-5): more than one answer is right
    seat = state.actor
    why = Explanation("E-5", "drill.nes_trump_ok", {"rank": legal[0].args[0]})
    choices = []
    for rank in TRUMP_RANKS:
        action = NAME_TRUMP[rank]
        label = {locale: rank_plural(rank, locale) for locale in LOCALES}
        choices.append(Choice(label, action in legal, why if action in legal else state.why_illegal(action)))
    position = Position(hand=tuple(state.hands[seat]))
    prompt = Explanation("NES-5", "drill.nes_trump_q", {"seat": seat, "bid": state.high_bid})
    return Item("nestors-trump", prompt, position, tuple(choices))


def _nes_modest(state: NestorsState, rng: random.Random) -> bool:
    """Play out the bidding with calls a learner would make (most pass, bids a little higher); True: a ``stop``."""
    while state.phase == "bidding":
        legal = state.legal_actions()
        bids = [call for call in legal if call.verb == "bid"][:4]
        pass_ok = PASS in legal and state.high_bid is not None
        state.apply(PASS if pass_ok and rng.random() < 0.65 else rng.choice(bids))
    return True


def make_nestors_open(rng: random.Random) -> Item:
    """The bidder's nine cards and trump: which card does he put down to take two face-up cards (his highest)."""
    place = rng.randrange(4)
    return until(lambda: _nes_open(rng), lambda item: right_at(item) == [place] and _alike(item) >= 3)


def _alike(item: Item) -> int:
    """How many of the answers are an A, J or 10."""
    return sum(rank_of(choice) in TRUMP_RANKS for choice in item.choices)


def _nes_open(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: s.phase == "open") is None:
        return None
    seat, trump = state.actor, state.trump
    assert trump is not None  # NES-5: the trump is named before the bidder opens
    hand = state.hands[seat]
    highest = state.highest_cards()
    x, y = state.face_up[:2]
    right = rng.choice(highest)
    why = Explanation("NES-6a", "drill.nes_open_ok", {"card": right})
    # The right card is an A, J or 10 mostly (the trump rank, or an A): so are the wrong ones where the hand has
    # them, else those would be the cards seen most often among the answers, and right.
    lower = [c for c in hand if c not in highest]
    alike = rng.sample([c for c in lower if c.rank in TRUMP_RANKS], min(3, sum(c.rank in TRUMP_RANKS for c in lower)))
    rest = [c for c in lower if c not in alike]
    wrong = [
        Choice(card, False, state.why_illegal(Action.make("open", card, x, y)))
        for card in alike + rng.sample(rest, 3 - len(alike))
    ]
    choices = shuffled([Choice(right, True, why), *wrong], rng)
    position = Position(trump=_trump_label(trump), hand=tuple(hand), pile=tuple(state.face_up))
    prompt = Explanation("NES-6a", "drill.nes_open_q", {"seat": seat, "trump": _trump_label(trump)})
    return Item("nestors-open", prompt, position.marking(lambda c: c.rank is trump), choices)


def _trump_label(rank: Rank) -> dict[str, str]:
    return {locale: rank_plural(rank, locale) for locale in LOCALES}


def make_nestors_last_trick(rng: random.Random) -> Item:
    """The last trick of a random deal: which of its two players takes it (the A-or-B rule)."""
    place = rng.randrange(2)
    return until(lambda: _nes_last(rng), lambda item: right_at(item) == [place])


def _nes_last(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: s.is_done, limit=400) is None:
        return None
    trick = state.tricks[-1]
    (seat_a, a), (seat_b, b), (_none, table) = trick.plays
    why, trump = trick.explanation, state.trump
    assert why is not None
    assert trump is not None  # NES-5: named before the play
    roles = {seat_a: POSITION_NAMES["A"], seat_b: POSITION_NAMES["B"]}
    place = DRILL_WORDS["place_and_seat"]
    labels = {s: {loc: text.format(pos=names[loc], n=s) for loc, text in place.items()} for s, names in roles.items()}
    choices = tuple(Choice(labels[s], s == trick.collector, why) for s in (seat_a, seat_b))
    position = Position(trump=_trump_label(trump), trick=((labels[seat_a], a), (labels[seat_b], b)), table=table)
    prompt = Explanation("NES-7", "drill.nes_last_q", {"trump": _trump_label(trump)})
    return Item("nestors-last-trick", prompt, position.marking(lambda c: c.rank is trump), choices)


#: The topics, in the order the Drill lists them: (topic id, maker of its questions).
TOPICS = (
    ("nestors-higher-card", make_higher),
    ("nestors-trick-winner", make_winner),
    ("nestors-collector", make_collector),
    ("nestors-c-may-play", make_c_may_play),
    ("nestors-pile-points", make_pile_points),
    ("nestors-deal-score", make_deal_score),
    ("nestors-match-end", make_match_end),
    # the frame of a deal: partners, bidding, the talon, the score (drills/frame.py)
    ("nestors-last-trick", make_nestors_last_trick),
    ("nestors-bidding", make_nestors_bidding),
    ("nestors-trump", make_nestors_trump),
    ("nestors-open", make_nestors_open),
)
