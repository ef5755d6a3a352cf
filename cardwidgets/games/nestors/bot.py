"""Nestors rules of thumb (``docs/rules/nestors.md``): 190 points a deal, the bid must be made (NES-8).

Bidding (NES-4): the bid only decides made or failed — a made bid scores the
points taken, whatever the bid — so win the auction as **cheaply** as the hand
allows. The hand's count for a trump rank R it may name (NES-5):
``BASE`` points, plus ``PER_TRUMP`` for each R held, plus the card points of
the other cards (NES-2), plus the best two face-up cards of the row, which the
bidder takes with his first trick (NES-6a). Bid one step over the current bid
while that stays within the count less a safety margin; never outbid a partner.

Trump (NES-5): name the rank held most often (face-up cards of that rank
count half: the bidder can take two of them).

The bidder's trick (NES-6a): take the two face-up cards worth most (spades
break ties: the spade majority is worth 10) and leave the cheapest as the
table card. Leaving (NES-7): leave the card worth least.

Tricks (NES-6), A and C are partners against B:
- A: a trump led by A **always** takes the trick for A and C (W1, W3a, W3),
  so lead one when the table card is worth 10 or more or you hold three
  trumps; otherwise lead your highest plain card without points (else your
  highest plain card), which B beats only with a higher card of its suit or a trump.
- B: after A's plain card, a trump wins unless C answers with a trump of a
  third suit (W3b): play one when the trick is worth 15 or more; else beat A
  in his suit with a card nothing still out can beat; else give your
  cheapest card.
- C sees both cards and knows exactly which of his cards win (``resolve_trick``):
  win with the cheapest, or throw a point card onto a trick his side wins anyway;
  on a lost trick give the cheapest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots.base import Decision, own_hand, pass_and_bids, seat_to_act, sym
from cardwidgets.cards import Card, Rank, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.games.nestors.engine import (
    BIDDING,
    CARD_POINTS,
    LEAVE,
    LEAVE_CARD,
    NAME_TRUMP,
    OPEN,
    PASS,
    PLAY,
    PLAY_CARD,
    TEAM,
    TRUMP,
    NestorsState,
)
from cardwidgets.games.nestors.tricks import POWER, TRUMP_RANKS, resolve_trick
from cardwidgets.games.nestors.words import TRUMP_NAMES
from cardwidgets.i18n import Points

#: The search bot's default budget per decision: cards played in all the playouts together (``bots/search.py``).
BUDGET = 8000
#: Cards still to come into play before the hands are complete (the search bot deals them too).
UNDEALT = 13

#: Bidding count: what a partnership takes on average, and what each trump adds (calibrated by simulation).
BASE = 55
PER_TRUMP = 22
MARGIN = 10
LEAD_TRUMP_TABLE = 10  # A leads a trump when the table card is worth this much
B_TRUMP_STAKE = 15  # B trumps a trick worth this much


def decide(state: NestorsState) -> Decision:
    """The heuristic's action for the seat to act (who has a choice), with its reason."""
    phase = state.phase
    if phase == PLAY:
        return _decide_play(state)
    if phase == LEAVE:
        return _decide_leave(state)
    if phase == BIDDING:
        return _decide_bid(state)
    if phase == TRUMP:
        return _decide_trump(state)
    assert phase == OPEN
    return _decide_open(state)


def candidates(state: NestorsState) -> Sequence[Action]:
    """The actions the search bot compares: pass and the next four bids; everything else."""
    legal = state.legal_actions()
    if state.phase == BIDDING:
        return pass_and_bids(legal, 4)
    return legal


# ----- NES-4, NES-5: bidding and trump -----------------------------------------------------------------
def hand_count(hand: list[Card], face_up: list[Card], trump: Rank) -> int:
    """The expected points of the bidding partnership with ``trump``, from the 5 cards and the row."""
    points = CARD_POINTS[trump]
    trumps = sum(1 for card in hand if card.rank is trump)
    others = sum(points[card] for card in hand if card.rank is not trump)
    row = sorted((points[card] for card in face_up), reverse=True)[:2]
    return BASE + PER_TRUMP * trumps + others + sum(row)


def best_trump(hand: list[Card], face_up: list[Card], choices: list[Rank]) -> tuple[Rank, int]:
    """The trump rank (among ``choices``) with the highest count, and that count."""
    rank = max(choices, key=lambda r: (hand_count(hand, face_up, r), -TRUMP_RANKS.index(r)))
    return rank, hand_count(hand, face_up, rank)


def _decide_bid(state: NestorsState) -> Decision:
    seat = seat_to_act(state)
    hand = own_hand(state, seat)
    choices = [r for r in TRUMP_RANKS if any(c.rank is r for c in hand)] or list(TRUMP_RANKS)
    rank, count = best_trump(hand, state.face_up, choices)
    legal = state.legal_actions()
    bids = [a for a in legal if a.verb == "bid"]
    limit = count - MARGIN
    partner_holds = state.high_bidder is not None and TEAM[state.high_bidder] == TEAM[seat]
    params = {"count": Points(count, "nestors"), "trump": TRUMP_NAMES[rank], "limit": limit}
    if PASS in legal and partner_holds:
        return Decision(PASS, Explanation("NES-4", "bots.nestors.pass_partner", {**params, "seat": state.high_bidder}))
    if bids and (bids[0].arg(int) <= limit or PASS not in legal):
        action = bids[0]
        return Decision(action, Explanation("NES-8", "bots.nestors.bid", {**params, "bid": action.number}))
    return Decision(PASS, Explanation("NES-8", "bots.nestors.pass", {**params, "next": bids[0].number if bids else 0}))


def _decide_trump(state: NestorsState) -> Decision:
    seat = seat_to_act(state)
    hand = own_hand(state, seat)
    choices = state.trump_choices()

    def score(rank: Rank) -> float:
        held = sum(1 for card in hand if card.rank is rank)
        return held + 0.5 * sum(1 for card in state.face_up if card.rank is rank) + 0.01 * hand_count(hand, [], rank)

    rank = max(choices, key=score)
    held = sum(1 for card in hand if card.rank is rank)
    params = {"trump": TRUMP_NAMES[rank], "held": held}
    return Decision(NAME_TRUMP[rank], Explanation("NES-5", "bots.nestors.trump", params))


# ----- NES-6a, NES-7: the bidder's trick and the table card ------------------------------------------------
def _worth(card: Card, trump: Rank) -> tuple[int, bool, int]:
    """How much a card is worth taking: its points, then a spade (NES-2 majority), then its height."""
    return CARD_POINTS[trump][card], card.suit is Suit.S, POWER[trump][card]


def _decide_open(state: NestorsState) -> Decision:
    trump = state.trump
    assert trump is not None
    legal = state.legal_actions()
    action = max(legal, key=lambda a: (sum(CARD_POINTS[trump][c] for c in a.cards[1:]), _spades(a.cards[1:])))
    table = next(c for c in state.face_up if c not in action.cards)
    params = {"taken": [sym(c) for c in action.cards[1:]], "table": sym(table)}
    return Decision(action, Explanation("NES-6a", "bots.nestors.open", params))


def _spades(cards: tuple[Card, ...]) -> int:
    return sum(1 for card in cards if card.suit is Suit.S)


def _decide_leave(state: NestorsState) -> Decision:
    trump = state.trump
    assert trump is not None
    card = min(state.pending, key=lambda c: _worth(c, trump))
    params = {"card": sym(card), "points": Points(CARD_POINTS[trump][card], "nestors")}
    return Decision(LEAVE_CARD[card], Explanation("NES-7", "bots.nestors.leave", params))


# ----- NES-6: tricks -----------------------------------------------------------------------------------------
def _decide_play(state: NestorsState) -> Decision:
    seat = seat_to_act(state)
    trump = state.trump
    assert trump is not None
    legal = [a.arg(Card) for a in state.legal_actions()]  # NES-6: each is ``play CARD``
    plays = state.tricks[-1].plays
    if len(plays) == 2:
        return _play_c(state, legal, trump)
    if len(plays) == 1:
        return _play_b(state, seat, legal, trump)
    return _play_a(state, legal, trump)


def _cheapest(cards: list[Card], trump: Rank) -> Card:
    """The card to give away: no trump if possible, then fewest points, then lowest."""
    return min(cards, key=lambda c: (c.rank is trump, CARD_POINTS[trump][c], POWER[trump][c]))


def _play_a(state: NestorsState, legal: list[Card], trump: Rank) -> Decision:
    trumps = [c for c in legal if c.rank is trump]
    table = state.table
    table_points = CARD_POINTS[trump][table] if table is not None else 0
    worth = {"table": sym(table) if table else "", "points": Points(table_points, "nestors")}
    if trumps and (table_points >= LEAD_TRUMP_TABLE or len(trumps) >= 3):
        return _play(trumps[0], "NES-6", "bots.nestors.lead_trump", **worth)
    blank = [c for c in legal if c.rank is not trump and CARD_POINTS[trump][c] == 0]
    plain = blank or [c for c in legal if c.rank is not trump]
    if not plain:  # only trumps left: any of them takes the trick for A and C
        return _play(min(legal, key=lambda c: POWER[trump][c]), "NES-6", "bots.nestors.lead_trump", **worth)
    card = max(plain, key=lambda c: POWER[trump][c])
    return _play(card, "NES-6", "bots.nestors.lead_high" if blank else "bots.nestors.lead_plain")


def _play_b(state: NestorsState, seat: int, legal: list[Card], trump: Rank) -> Decision:
    a = state.tricks[-1].plays[0][1]
    points = CARD_POINTS[trump]
    if a.rank is trump:
        return _play(_cheapest(legal, trump), "NES-6", "bots.nestors.b_lost", a=sym(a))
    table = state.table
    stake = points[a] + (points[table] if table is not None else 0) + 5
    out = state.unseen_cards(seat)  # not in its hand, not played, taken or on the table
    trumps = [c for c in legal if c.rank is trump]
    if trumps and stake >= B_TRUMP_STAKE:
        # W3b: C wins only with a trump of a suit that is neither A's nor ours.
        card = min(trumps, key=lambda t: sum(1 for c in out if c.rank is trump and c.suit not in (a.suit, t.suit)))
        return _play(card, "NES-6", "bots.nestors.b_trump", stake=Points(stake, "nestors"))
    power = POWER[trump]
    higher = [
        c
        for c in legal
        if c.suit is a.suit
        and c.rank is not trump
        and power[c] > power[a]
        and not any(o.suit is a.suit and power[o] > power[c] for o in out)
    ]
    if higher:
        card = min(higher, key=lambda c: power[c])
        return _play(card, "NES-6", "bots.nestors.b_higher", a=sym(a))
    card = _cheapest(legal, trump)
    return _play(card, "NES-6", "bots.nestors.dump" if b_loses(a, card, trump) else "bots.nestors.cheapest")


def b_loses(a: Card, b: Card, trump: Rank) -> bool:
    """Whether B's ``b`` leaves the trick to A and C whatever C plays: no trump, not above A's card (W2, W3, W3a)."""
    return b.rank is not trump and not (b.suit is a.suit and POWER[trump][b] > POWER[trump][a])


def _play_c(state: NestorsState, legal: list[Card], trump: Rank) -> Decision:
    (_, a), (_, b) = state.tricks[-1].plays
    points = CARD_POINTS[trump]
    wins = {c: resolve_trick(a, b, c, trump) for c in legal}
    winning = [c for c, result in wins.items() if result.winners == "AC"]
    if winning and len(winning) == len(legal):
        plain = [c for c in legal if c.rank is not trump]
        card = max(plain, key=lambda c: (points[c], -POWER[trump][c])) if plain else winning[0]
        return _play(card, "NES-6", "bots.nestors.c_schmear")
    if winning:
        card = min(winning, key=lambda c: (c.rank is trump, -points[c]))
        rule = wins[card].rule
        return _play(card, f"NES-6 {rule}", "bots.nestors.c_win", which=rule)
    return _play(_cheapest(legal, trump), "NES-6", "bots.nestors.dump")


def _play(card: Card, rule: str, key: str, **params: object) -> Decision:
    """Play ``card``, for the reason ``key`` (its ``{card}`` is filled in)."""
    return Decision(PLAY_CARD[card], Explanation(rule, key, {"card": sym(card), **params}))
