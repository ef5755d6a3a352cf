"""Tumbochka rules of thumb (``docs/rules/tumbochka.md``): every trick is a point (TUM-6).

Bidding (TUM-3): count the hand's points —
- per suit: the K is a trick; the Q a trick behind the K (half a trick with a
  guard, a fifth alone); the J a trick behind K Q; with the K, each card past
  the third another half trick;
- a **trilyazh** K Q J is worth its +3 bonus on top of its three tricks (TUM-5);
  a **troyan** 8 7 6 half a point (it can make its suit trump);
- the talon is worth about one more point to the declarer (TUM-4).
Bid one more than the current bid while the count reaches it, else pass.

Talon (TUM-4): **give away** the two cards worth least to you (low cards of
short suits, never a trilyazh card or a guarded K); **raise** to the count of
the eight cards less one when that is above the contract.

Play (TUM-5):
- Leading: announce a **trilyazh** (lead its J; +3 if you win J, Q, K); show a
  **troyan** when you hold four or more of its suit (your suit becomes trump);
  lead a **top card** (nothing still out beats it, trumps first); otherwise a
  low card of your longest suit.
- Following: break an opponent's trilyazh if you can; take the trick with the
  cheapest card that is sure to win it; otherwise play your lowest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots.base import Decision, own_hand, pass_and_bids, seat_to_act, sym, syms
from cardwidgets.cards import SUITS, Card, Rank, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.games.tumbochka.engine import (
    BIDDING,
    GIVE,
    KEEP,
    MAX_BID,
    PASS,
    PLAY_CARD,
    RAISE,
    TALON,
    TRILYAZH,
    TROYAN,
    TUMBOCHKA_DECK,
    TumbochkaState,
)
from cardwidgets.games.tumbochka.words import TRUMP_WORD

#: The search bot's default budget per decision: cards played in all the playouts together (``bots/search.py``).
BUDGET = 8000
#: Cards still to come into play before the hands are complete (the search bot deals them too).
UNDEALT = 3

K, Q, J = Rank.KING, Rank.QUEEN, Rank.JACK
TALON_WORTH = 1.0  # TUM-4: three cards in, two out, chosen by the declarer
TROYAN_WORTH = 0.5
TRILYAZH_WORTH = 3.0  # TUM-5
#: How much a card is worth keeping, by rank (K > Q > J > 8 > 7 > 6, TUM-1).
RANK_KEEP = {K: 6.0, Q: 4.0, J: 2.0, Rank.EIGHT: 1.0, Rank.SEVEN: 0.5, Rank.SIX: 0.0}


def decide(state: TumbochkaState) -> Decision:
    """The heuristic's action for the seat to act (who has a choice), with its reason."""
    if state.phase == BIDDING:
        return _decide_bid(state)
    if state.phase == TALON:
        return _decide_talon(state)
    return _decide_play(state)


def candidates(state: TumbochkaState) -> Sequence[Action]:
    """The actions the search bot compares: a few bids or raises, the four cheapest gifts, every play."""
    legal = state.legal_actions()
    if state.phase == BIDDING:
        return pass_and_bids(legal, 3)
    if state.phase == TALON:
        if legal[0].verb == "give":
            hand = own_hand(state, seat_to_act(state))
            cheap = sorted(hand, key=lambda card: keep_value(card, hand))[:4]
            return [a for a in legal if a.card in cheap]
        return legal[:4]
    return legal


# ----- TUM-3: bidding -----------------------------------------------------------------------------------
def hand_points(hand: list[Card]) -> float:
    """The expected deal points of ``hand`` (tricks + trilyazh bonuses), as the module docstring counts."""
    points = 0.0
    for suit in SUITS:
        ranks = {card.rank for card in hand if card.suit is suit}
        length = len(ranks)
        if K in ranks:
            points += 1 + 0.5 * max(0, length - 3)
        if Q in ranks:
            points += 1 if K in ranks else (0.5 if length >= 2 else 0.2)
        if J in ranks and K in ranks and Q in ranks:
            points += 1 + TRILYAZH_WORTH
        if {Rank.EIGHT, Rank.SEVEN, Rank.SIX} <= ranks:
            points += TROYAN_WORTH
    return points


def _decide_bid(state: TumbochkaState) -> Decision:
    seat = seat_to_act(state)
    legal = state.legal_actions()
    count = hand_points(own_hand(state, seat)) + TALON_WORTH
    bids = [a for a in legal if a.verb == "bid"]
    params = {"count": round(count, 1)}
    if bids and bids[0].arg(int) <= count:
        action = bids[0]
        return Decision(action, Explanation("TUM-6", "bots.tumbochka.bid", {**params, "bid": action.number}))
    nxt = bids[0].number if bids else state.bid + 1
    return Decision(PASS, Explanation("TUM-6", "bots.tumbochka.pass", {**params, "next": nxt}))


# ----- TUM-4: talon -------------------------------------------------------------------------------------
def keep_value(card: Card, hand: list[Card]) -> float:
    """How much ``card`` is worth keeping in ``hand``: rank, company, trilyazh and suit length."""
    suit = [c for c in hand if c.suit is card.suit]
    ranks = {c.rank for c in suit}
    value = RANK_KEEP[card.rank] + 0.3 * len(suit)
    if card.rank in (K, Q, J) and {K, Q, J} <= ranks:
        value += 10  # a trilyazh (TUM-5)
    elif card.rank == Q and K in ranks:
        value += 2
    return value


def suit_company(card: Card, hand: list[Card]) -> int:
    """How many other cards of ``card``'s suit ``hand`` holds."""
    return sum(1 for other in hand if other.suit is card.suit and other is not card)


def _decide_talon(state: TumbochkaState) -> Decision:
    seat = seat_to_act(state)
    hand = own_hand(state, seat)
    waiting = [s for s in state.opponents() if state.given[s] is None]
    if waiting:
        card = min(hand, key=lambda c: keep_value(c, hand))
        company = suit_company(card, hand)
        key = "bots.tumbochka.give_more" if company else "bots.tumbochka.give"
        params = {"card": sym(card), "to": waiting[0], "held": company + 1, "suit": card.suit}
        return Decision(GIVE[(card, waiting[0])], Explanation("TUM-4", key, params))
    contract = state.contract
    assert contract is not None
    target = min(MAX_BID, int(hand_points(hand)) - 1)
    params = {"count": round(hand_points(hand), 1), "contract": contract, "bid": target}
    if target > contract:
        return Decision(RAISE[target], Explanation("TUM-6", "bots.tumbochka.raise", params))
    return Decision(KEEP, Explanation("TUM-6", "bots.tumbochka.keep", params))


# ----- TUM-5: play --------------------------------------------------------------------------------------
def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """TUM-5: a higher card of the same suit, or a trump over a non-trump."""
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit is trump


def _decide_play(state: TumbochkaState) -> Decision:
    seat = seat_to_act(state)
    legal = state.legal_actions()
    hand = own_hand(state, seat)
    out = state.unseen_cards(seat)  # not played, not in this hand
    if not state.tricks[-1].plays:
        return _lead(state, legal, hand, out)
    return _follow(state, seat, [a.arg(Card) for a in legal], hand, out)  # TUM-5: each is ``play CARD``


def _lead(state: TumbochkaState, legal: Sequence[Action], hand: list[Card], out: list[Card]) -> Decision:
    trump = state.trump
    for suit in SUITS:
        if TRILYAZH[suit] in legal:
            return Decision(TRILYAZH[suit], Explanation("TUM-5", "bots.tumbochka.trilyazh", {"suit": suit}))
    for suit in SUITS:
        length = sum(1 for card in hand if card.suit is suit)
        if TROYAN[suit] in legal and length >= 4:
            params = {"suit": suit, "length": length}
            return Decision(TROYAN[suit], Explanation("TUM-5", "bots.tumbochka.troyan", params))
    plain = [a.arg(Card) for a in legal if a.flag is None]
    tops = [card for card in plain if _is_top(card, out, trump)]
    if tops:
        card = max(tops, key=lambda c: (c.suit is trump, c.rank))
        gone = [c for c in TUMBOCHKA_DECK if c.suit is card.suit and c.rank > card.rank and c not in hand]
        key = "bots.tumbochka.lead_top_after" if gone else "bots.tumbochka.lead_top"
        what = TRUMP_WORD if card.suit is trump else card.suit
        return _play(card, "TUM-5", key, gone=syms(gone), what=what)
    return _play(_lowest_of_longest(plain, hand), "TUM-5", "bots.tumbochka.lead_low")


def _is_top(card: Card, out: list[Card], trump: Suit | None) -> bool:
    """Nothing still out is higher in ``card``'s suit (and, for a non-trump, no trump is out)."""
    if any(c.suit is card.suit and c.rank > card.rank for c in out):
        return False
    return card.suit is trump or trump is None or not any(c.suit is trump for c in out)


def _lowest_of_longest(cards: list[Card], hand: list[Card]) -> Card:
    length = {suit: sum(1 for c in hand if c.suit is suit) for suit in SUITS}
    return min(cards, key=lambda c: (-length[c.suit], c.rank))


def _follow(state: TumbochkaState, seat: int, legal: list[Card], hand: list[Card], out: list[Card]) -> Decision:
    plays = state.tricks[-1].plays
    trump = state.trump
    best = plays[0][1]
    for _, card in plays[1:]:
        if _beats(card, best, trump):
            best = card
    last = len(plays) == 2
    winners = [c for c in legal if _beats(c, best, trump) and (last or not any(_beats(o, c, trump) for o in out))]
    trilyazh = state.trilyazh
    if winners and trilyazh is not None and trilyazh[0] != seat:
        card = min(winners, key=lambda c: c.rank)
        return _play(card, "T-4", "bots.tumbochka.break_trilyazh", seat=trilyazh[0])
    if winners:
        card = min(winners, key=lambda c: (c.suit is trump, c.rank))
        return _play(card, "TUM-5", "bots.tumbochka.take")
    return _play(min(legal, key=lambda c: keep_value(c, hand)), "TUM-5", "bots.tumbochka.duck")


def _play(card: Card, rule: str, key: str, **params: object) -> Decision:
    """Play ``card``, for the reason ``key`` (its ``{card}`` is filled in)."""
    return Decision(PLAY_CARD[card], Explanation(rule, key, {"card": sym(card), **params}))
