"""Nimby drills: the higher card (2s are trumps), what you may play, the trick's winner, exchanges, the score.

Every answer is graded by ``cardwidgets.games.nimby``: the card order of NIM-1
(``STRENGTH``), the state's ``legal_actions`` and ``why_illegal`` (NIM-4, NIM-5), the
trick's collector and explanation, and the finished deal's ``score`` (NIM-6). Positions
come from random deals played out with random legal moves, kept when the rule decides them,
with the right answer aimed evenly over the answers.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from cardwidgets.cards import SUITS, Card, Rank, Suit
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal
from cardwidgets.drills.base import (
    MATCH_ENDS,
    NO,
    YES,
    Choice,
    Item,
    Label,
    Position,
    Seat,
    match_end_item,
    one_right,
    random_playout,
    right_at,
    shuffled,
    until,
)
from cardwidgets.drills.frame import player_label
from cardwidgets.games.nimby.engine import (
    EXCHANGE,
    NIMBY_DECK,
    PLAY,
    PLAY_CARD,
    PLAY_SUIT,
    STRENGTH,
    TRUMPS,
    Nimby,
    NimbyState,
    draw_key,
    play_suit_name,
)
from cardwidgets.games.nimby.words import SCORE_LINE


# ----- which card is higher (NIM-1) ------------------------------------------------------------------
def comparable(trump: Suit, x: Card, y: Card) -> bool:
    """Whether one of two cards can beat the other: both of one play suit, or one a trump (NIM-1, NIM-5)."""
    play_suit = PLAY_SUIT[trump]
    return play_suit[x] == play_suit[y] or TRUMPS in (play_suit[x], play_suit[y])


def higher_item(trump: Suit, x: Card, y: Card, source: str = "engine") -> Item:
    """NIM-1: which of two comparable cards is higher, by the engine's card strengths."""
    strength = STRENGTH[trump]
    hi, lo = (x, y) if strength[x] > strength[y] else (y, x)
    why = Explanation("NIM-1", _higher_reason(trump, hi, lo), {"hi": hi, "lo": lo, "suit": hi.suit})
    choices = (Choice(x, x is hi, why), Choice(y, y is hi, why))
    prompt = Explanation("NIM-1", "drill.nim_higher_q", {"suit": trump})
    return Item("nimby-higher-card", prompt, Position(trump=trump, pile=(x, y)), choices, source)


def _higher_reason(trump: Suit, hi: Card, lo: Card) -> str:
    """Which sentence of NIM-1 explains ``hi`` over ``lo`` (the order itself comes from the engine)."""
    if hi.rank is Rank.TWO:
        if lo.rank is Rank.TWO:
            return "drill.nim_two_two"
        return "drill.nim_two_trump" if lo.suit is trump else "drill.nim_two_plain"
    if hi.suit is trump and lo.suit is not trump:
        return "drill.nim_trump_plain"
    return "drill.nim_same_suit"


def make_higher(rng: random.Random) -> Item:
    """Two random comparable cards under a random trump suit, mostly with a trump (where NIM-1 decides)."""
    trump = rng.choice(SUITS)
    first = rng.random() < 0.5  # the higher card first in half the questions
    # The 2s are trumps in every question, so they are the cards seen most often, and a 2 beats all but a
    # higher 2: how many 2s a question shows is aimed, so that picking the card seen most often is no way in.
    twos = rng.choices((0, 1, 2), weights=(70, 15, 15))[0]

    def make() -> Item | None:
        x, y = rng.sample(NIMBY_DECK, 2)
        if not comparable(trump, x, y) or [x.rank, y.rank].count(Rank.TWO) != twos:
            return None
        trumps = TRUMPS in (PLAY_SUIT[trump][x], PLAY_SUIT[trump][y])
        if not trumps and rng.random() < 0.8:
            return None  # two plain cards of one suit: the rank alone decides
        return higher_item(trump, x, y)

    return until(make, lambda item: right_at(item) == [0 if first else 1])


# ----- which cards may you play (NIM-5) ------------------------------------------------------------------
def may_play_item(state: NimbyState, rng: random.Random, source: str = "engine") -> Item | None:
    """NIM-5: which one of four of the player's cards may follow the trick so far; None if three may not."""
    seat = state.to_act
    assert seat is not None
    assert state.trump is not None
    legal = state.legal_actions()
    plays = state.tricks[-1].plays
    play_suit = PLAY_SUIT[state.trump]
    led = play_suit[plays[0][1]]
    hand = state.hands[seat]
    follow = [card for card in hand if PLAY_CARD[card] in legal]
    if len(hand) - len(follow) < 3:
        return None  # (nearly) every card may be played: too little to learn, and fewer answers to choose from
    suit = play_suit_name(led)
    right = rng.choice(follow)
    why_right = Explanation("NIM-5", "drill.nim_follows", {"card": right, "suit": suit})
    wrong = [Choice(card, False, _not_following(card, led, follow, state.trump)) for card in hand if card not in follow]
    choices = one_right(Choice(right, True, why_right), wrong, rng)
    prompt = Explanation("NIM-5", "drill.nim_may_q", {"suit": state.trump, "seat": seat, "led": plays[0][1]})
    trick = tuple((Seat(s), card) for s, card in state.tricks[-1].seated_plays())
    position = Position(trump=state.trump, trick=trick, hand=tuple(hand)).marking(state.is_trump)
    return Item("nimby-may-play", prompt, position, choices, source)


def _not_following(card: Card, led: Suit | str, follow: list[Card], trump: Suit) -> Explanation:
    """Why ``card`` may not be played: the decisive fact first (a 2 is a trump, not of its printed suit)."""
    params = {"card": card, "suit": play_suit_name(led), "follow": follow}
    if card.rank is Rank.TWO and led != TRUMPS:
        return Explanation("NIM-5", "drill.nim_two_not_follow", {**params, "printed": card.suit})
    if PLAY_SUIT[trump][card] == TRUMPS:
        return Explanation("NIM-5", "drill.nim_trump_not_follow", params)
    return Explanation("NIM-5", "drill.nim_not_follow", params)


def _played_deal(rng: random.Random, stop: Callable[[NimbyState], bool]) -> NimbyState:
    """A random Nimby deal played with random legal moves until ``stop`` (deals thrown in are redealt)."""
    while True:
        seed = rng.randrange(2**32)
        state = Nimby.new_state(Nimby.random_deal(seed), rng.randrange(4))
        reached = random_playout(state, rng, stop)
        if reached is not None and not state.thrown_in:
            return reached


def _following(state: NimbyState, trick: int, place: int) -> bool:
    """Whether ``state`` is the ``place``-th card (1–3) of trick ``trick`` (0–5)."""
    return state.phase == PLAY and len(state.tricks) == trick + 1 and len(state.tricks[-1].plays) == place


def make_may_play(rng: random.Random) -> Item:
    """A random following position where the rule forbids some cards; in half of them a 2 of the suit led."""
    trap = rng.random() < 0.5

    def make() -> Item | None:
        trick, place = rng.randrange(5), rng.randint(1, 3)
        state = _played_deal(rng, lambda s: _following(s, trick, place))
        return may_play_item(state, rng)

    return until(make, lambda item: _has_two_trap(item) == trap, tries=60)


def _has_two_trap(item: Item) -> bool:
    """Whether a 2 of the printed suit led is among the answers (it looks like following, but is a trump)."""
    led = item.position.trick[0][1]
    labels = [c.label for c in item.choices]
    return any(isinstance(label, Card) and label.rank is Rank.TWO and label.suit is led.suit for label in labels)


# ----- who wins the trick (NIM-5) -------------------------------------------------------------------------
def make_trick_winner(rng: random.Random) -> Item:
    """A trick of a random deal played out: which card wins it; the 1st, 2nd, 3rd or 4th card equally often."""
    place = rng.randrange(4)
    # The 2♣ wins every trick it is in (NIM-1): a trick holds it in one question in ten, not in one in six as
    # random tricks would, so that picking it (or whichever card was seen most often) is no way in.
    top = rng.random() < 0.1
    return until(
        lambda: _trick_winner(rng),
        lambda item: right_at(item) == [place] and any(choice.label == TOP for choice in item.choices) == top,
    )


#: The highest card of the game, whatever the trump (NIM-1).
TOP = Card.of(Rank.TWO, Suit.C)


def _trick_winner(rng: random.Random) -> Item:
    """A trick of a random deal played out (the engine's collector and reason)."""
    k = rng.randrange(6)
    state = _played_deal(rng, lambda s: s.is_done or (s.phase == PLAY and len(s.tricks) > k + 1))
    assert state.trump is not None
    trick = state.tricks[k]
    why = trick.explanation
    assert why is not None
    choices = tuple(Choice(card, seat == trick.collector, why) for seat, card in trick.plays)
    position = Position(trump=state.trump, trick=tuple((Seat(seat), card) for seat, card in trick.seated_plays()))
    position = position.marking(state.is_trump)
    prompt = Explanation("NIM-5", "drill.nim_winner_q", {"suit": state.trump})
    return Item("nimby-trick-winner", prompt, position, choices)


# ----- the score from the 2s taken (NIM-6) ------------------------------------------------------------------
#: Every line of NIM-6's table as (makers, defenders): each one is an answer to grade.
SCORE_LINES = ((4, 0), (2, 0), (-2, 0), (-2, 3), (-2, 6))


def _score_label(makers: int, defenders: int) -> dict[str, str]:
    """A score line as an answer, in each language: "makers +2, defenders −3" (a real minus sign)."""
    signed = {"makers": f"{makers:+d}".replace("-", "−"), "defenders": f"{defenders:+d}".replace("-", "−")}
    return {locale: text.format(**signed) for locale, text in SCORE_LINE.items()}


def score_item(state: NimbyState, source: str = "engine") -> Item:
    """NIM-6: what a finished deal scores, from the 2s each partnership took (the engine's ``score``)."""
    assert state.maker is not None
    team = state.maker % 2
    score = state.score()
    why = state.score_explanation()
    assert score is not None
    assert why is not None
    right = (score[team], score[1 - team])
    choices = tuple(Choice(_score_label(*line), line == right, why) for line in SCORE_LINES)
    taken = state.twos_taken
    params = {"seat": state.maker, "team": team, "m": taken[team], "d": taken[1 - team]}
    position = Position(trump=state.trump)
    return Item("nimby-score", Explanation("NIM-6", "drill.nim_score_q", params), position, choices, source)


def make_score(rng: random.Random) -> Item:
    """A random deal played out to the end; each line of NIM-6's table right in a fifth of the questions.

    The lines come in a random order: in the table's order, the first line whose numbers stand in the
    question (the 2s taken) would be right too often.
    """
    line = rng.randrange(len(SCORE_LINES))
    item = until(lambda: score_item(_played_deal(rng, lambda s: s.is_done)), lambda item: right_at(item) == [line])
    return dataclasses.replace(item, choices=shuffled(item.choices, rng))


# ----- may you exchange a 2 (NIM-4, N-2) --------------------------------------------------------------------
def exchange_item(state: NimbyState, two: Card, source: str = "engine") -> Item:
    """NIM-4, N-2: may the player to speak exchange ``two`` for the face-up card? The legal actions decide."""
    seat = state.to_act
    assert seat is not None
    action = EXCHANGE[two]
    allowed = action in state.legal_actions()
    if not allowed:
        why = state.why_illegal(action)
    elif state.display.rank is Rank.TWO:
        why = Explanation("N-2", "drill.nim_exchange_higher", {"two": two, "display": state.display})
    else:
        why = Explanation("N-2", "drill.nim_exchange_any", {"two": two, "display": state.display})
    choices = (Choice(YES, allowed, why), Choice(NO, not allowed, why))
    prompt = Explanation("NIM-4", "drill.nim_exchange_q", {"seat": seat, "two": two, "display": state.display})
    position = Position(table=state.display, hand=tuple(state.hands[seat]))
    return Item("nimby-exchange", prompt, position, choices, source)


def make_exchange(rng: random.Random) -> Item:
    """A random moment of making trump, a 2 face up in most (then only a higher 2 may); yes in half of them."""
    yes = rng.random() < 0.5
    return until(lambda: _exchange(rng), lambda item: item.choices[0].correct == yes)


def _exchange(rng: random.Random) -> Item:
    """A random moment of making trump; two times in three a 2 is face up."""
    while True:
        deal = Nimby.random_deal(rng)
        if rng.random() < 0.67:
            _turn_up_a_two(deal, rng)
        state = Nimby.new_state(deal, rng.randrange(4))
        speaker = rng.randrange(4)
        stop = lambda s, seat=speaker: s.phase == "trump" and s.to_act == seat  # noqa: E731
        reached = random_playout(state, rng, stop)
        twos = [card for card in state.hands[speaker] if card.rank is Rank.TWO] if reached else []
        if twos:
            return exchange_item(state, rng.choice(twos))


def _turn_up_a_two(deal: Deal, rng: random.Random) -> None:
    """Swap a 2 from a hand or the stock into the turn-up."""
    two = rng.choice([card for card in NIMBY_DECK if card.rank is Rank.TWO and card is not deal["turnup"]])
    hands: list[list[Card]] = deal["hands"]
    stock: list[Card] = deal["stock"]
    for place in [*hands, stock]:
        if two in place:
            place[place.index(two)] = deal["turnup"]
    deal["turnup"] = two


# ----- has the match been won (NIM-7) -----------------------------------------------------------------------
def _both_won(scores: list[int]) -> bool:
    """Both partnerships at 10 or more (NIM-7)."""
    return min(scores) >= 10


def make_match_end(rng: random.Random) -> Item:
    """Scores near 10, a random deal played out: team 0, team 1 or nobody has won, each in a third of them."""
    end = rng.choice(MATCH_ENDS)
    line = Explanation("NIM-7", "drill.nim_match_line")
    return until(
        lambda: match_end_item(
            "nimby-match-end", "nimby", [rng.randint(3, 9), rng.randint(3, 9)], rng, line, both_reached=_both_won
        ),
        lambda item: [c.correct for c in item.choices] == [e == end for e in MATCH_ENDS],
    )



# ----- Nimby: the draw for partners (NIM-2, N-1) -------------------------------------------------------------
def make_nimby_draw(rng: random.Random) -> Item:
    """Four players draw a card: who becomes a given player's partner (the highest with the lowest, NIM-2)."""
    place = rng.randrange(3)
    return until(lambda: _draw(rng), lambda item: right_at(item) == [place])


def _draw(rng: random.Random) -> Item | None:
    cards = rng.sample(NIMBY_DECK, 4)
    keys = [draw_key(card) for card in cards]
    top, low = max(keys), min(keys)
    if keys.count(top) > 1 or keys.count(low) > 1:
        return None  # a tie at the top or the bottom: those players draw again (NIM-2)
    highest, lowest = keys.index(top), keys.index(low)
    middle = [p for p in range(4) if p not in (highest, lowest)]
    asked = rng.randrange(4)
    partner = {highest: lowest, lowest: highest, middle[0]: middle[1], middle[1]: middle[0]}[asked]
    params = {"hi": highest, "hi_card": cards[highest], "lo": lowest, "lo_card": cards[lowest],
              "asked": asked, "partner": partner}
    why = Explanation("NIM-2", "drill.nim_draw_why", params)
    choices = tuple(Choice(player_label(p), p == partner, why) for p in range(4) if p != asked)
    trick: tuple[tuple[Label, Card], ...] = tuple((player_label(p), card) for p, card in enumerate(cards))
    prompt = Explanation("NIM-2", "drill.nim_draw_q", {"asked": asked})
    return Item("nimby-draw", prompt, Position(trick=trick), choices)


#: The topics, in the order the Drill lists them: (topic id, maker of its questions).
TOPICS = (
    ("nimby-higher-card", make_higher),
    ("nimby-may-play", make_may_play),
    ("nimby-trick-winner", make_trick_winner),
    ("nimby-exchange", make_exchange),
    ("nimby-score", make_score),
    ("nimby-match-end", make_match_end),
    # the frame of a deal: the questions that open the notebooks' sections on it
    ("nimby-draw", make_nimby_draw),
)
