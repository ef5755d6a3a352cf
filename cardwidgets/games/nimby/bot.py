"""Nimby rules of thumb (``docs/rules/nimby.md``): only the 2s taken score (NIM-6).

Making trump (NIM-4):
- Count the hand for a suit: each 2 is worth 1 (2♣ 1.5, 2♠ 1.25: nothing can
  beat 2♣), each card of the suit 0.4 (its A 0.6). The makers need 3 of the
  four 2s to score, so **agree** only with a count of 2.6 or more.
- **Exchange a 2** for the face-up card when the 2's suit counts better than
  the face-up suit and reaches 2.6 as well; the dealer takes the last face-up
  card (N-5), so the exchange is cheap when you or your partner deal.
- Otherwise **pass**; once an opponent agreed or exchanged, agreeing changes
  nothing, and once your partner did, your side already makes.

Play (NIM-5):
- Leading: play a 2 that is now the **top trump** (every higher 2 is out) while
  other 2s are still out: the others must follow with trumps and may have to
  give up their 2s. Otherwise lead a **low plain card** and keep the 2s.
- Following: **bank a 2** on a trick your partner is sure to take (nothing
  still out can beat his card); **take a trick that holds 2s** with the
  cheapest card that is sure to win it; otherwise play your **lowest** card,
  and never a 2 into a trick the opponents take, if you can help it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots.base import Decision, own_hand, seat_to_act, sym, syms
from cardwidgets.cards import Card, Rank, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.games.nimby.engine import (
    AGREE,
    PASS,
    PLAY_CARD,
    PLAY_SUIT,
    STRENGTH,
    TEAM,
    TRUMP,
    TRUMPS,
    TWO_ORDER,
    TWOS,
    NimbyState,
)

#: The search bot's default budget per decision: cards played in all the playouts together (``bots/search.py``).
BUDGET = 12000
#: Cards still to come into play before the hands are complete (the search bot deals them too).
UNDEALT = 3

#: The count a suit needs before a player agrees to it or exchanges for it.
MAKE_AT = 2.6
TWO_VALUE = {Suit.C: 1.5, Suit.S: 1.25, Suit.H: 1.0, Suit.D: 1.0}


def decide(state: NimbyState) -> Decision:
    """The heuristic's action for the seat to act (who has a choice), with its reason."""
    if state.phase == TRUMP:
        return _decide_trump(state)
    return _decide_play(state)


def candidates(state: NimbyState) -> Sequence[Action]:
    """The actions the search bot compares (all of them: Nimby never has many)."""
    return state.legal_actions()


# ----- NIM-4: making trump --------------------------------------------------------------------------
def suit_count(hand: list[Card], suit: Suit) -> float:
    """The making count of ``hand`` with ``suit`` trump: 2s by their order, cards of the suit."""
    count = 0.0
    for card in hand:
        if card.rank == Rank.TWO:
            count += TWO_VALUE[card.suit]
        elif card.suit is suit:
            count += 0.6 if card.rank == Rank.ACE else 0.4
    return count


def _decide_trump(state: NimbyState) -> Decision:
    seat = seat_to_act(state)
    hand = own_hand(state, seat)
    display = state.display
    maker = state.last_exchanger if state.last_exchanger is not None else state.first_agreer
    options = _exchange_counts(state, seat, hand)
    agree_count = suit_count([*hand, display] if seat == state.dealer else hand, display.suit)
    best = max(options, key=lambda option: option[1], default=None)
    if best is not None and best[1] >= MAKE_AT and best[1] > agree_count:
        action, count = best
        two = action.card
        assert two is not None
        params = {"two": sym(two), "suit": two.suit, "count": round(count, 1), "need": MAKE_AT}
        return Decision(action, Explanation("NIM-4", "bots.nimby.exchange", params))
    if maker is not None:
        side = "partner" if TEAM[maker] == TEAM[seat] else "opponent"
        return Decision(PASS, Explanation("NIM-4", f"bots.nimby.pass_{side}", {"seat": maker}))
    params = {"suit": display.suit, "count": round(agree_count, 1), "need": MAKE_AT}
    if agree_count >= MAKE_AT:
        return Decision(AGREE, Explanation("NIM-6", "bots.nimby.agree", params))
    return Decision(PASS, Explanation("NIM-6", "bots.nimby.pass_weak", params))


def _exchange_counts(state: NimbyState, seat: int, hand: list[Card]) -> list[tuple[Action, float]]:
    """Each legal exchange and the count of the hand it leaves (N-5: the dealer gets the display)."""
    out = []
    for action in state.legal_actions():
        two = action.card
        if action.verb != "exchange" or two is None:
            continue
        after = [card for card in hand if card is not two] + [state.display]
        if TEAM[state.dealer] == TEAM[seat]:
            after.append(two)  # the 2 comes back to our side unless someone exchanges over it
        out.append((action, suit_count(after, two.suit)))
    return out


# ----- NIM-5: play --------------------------------------------------------------------------------------
def _decide_play(state: NimbyState) -> Decision:
    seat = seat_to_act(state)
    trump = state.trump
    assert trump is not None
    legal = [action.arg(Card) for action in state.legal_actions()]  # NIM-5: each is ``play CARD``
    out = state.unseen_cards(seat)  # not yet played, not in this hand: in the other hands
    plays = state.tricks[-1].plays
    if not plays:
        return _lead(state, legal, out, trump)
    return _follow(state, seat, legal, out, trump)


def _beats(card: Card, best: Card, led: object, trump: Suit) -> bool:
    """NIM-5: whether ``card`` beats ``best`` in a trick whose led play suit is ``led``."""
    play_suit, strength = PLAY_SUIT[trump], STRENGTH[trump]
    if play_suit[card] == TRUMPS:
        return play_suit[best] != TRUMPS or strength[card] > strength[best]
    return play_suit[best] != TRUMPS and play_suit[card] == led and strength[card] > strength[best]


def _is_top(card: Card, out: list[Card], trump: Suit) -> bool:
    """No card still out can beat ``card`` when it leads or follows its own play suit."""
    led = PLAY_SUIT[trump][card]
    return not any(_beats(other, card, led, trump) for other in out)


def _lowest(cards: list[Card], trump: Suit) -> Card:
    """The cheapest card to give away: not a 2 if possible, then the weakest."""
    strength = STRENGTH[trump]
    return min(cards, key=lambda card: (card.rank == Rank.TWO, strength[card]))


def _lead(state: NimbyState, legal: list[Card], out: list[Card], trump: Suit) -> Decision:
    twos_out = [card for card in out if card.rank == Rank.TWO]
    card = top_two(legal, out, trump)
    if card is not None and twos_out:
        gone = twos_played_above(state, card)
        key = "bots.nimby.lead_top_two_after" if gone else "bots.nimby.lead_top_two"
        params = {"card": sym(card), "gone": syms(gone), "left": len(twos_out)}
        return Decision(PLAY_CARD[card], Explanation("NIM-1", key, params))
    plain = [card for card in legal if PLAY_SUIT[trump][card] != TRUMPS]
    key = "bots.nimby.lead_low" if plain else "bots.nimby.lead_low_trump"
    return _play(_lowest(plain or legal, trump), "NIM-5", key)


def top_two(legal: list[Card], out: list[Card], trump: Suit) -> Card | None:
    """The highest 2 held, when nothing still out can beat it (it is the top trump left), else None."""
    twos = [card for card in legal if card.rank == Rank.TWO]
    card = max(twos, key=lambda c: TWO_ORDER[c.suit], default=None)
    return card if card is not None and _is_top(card, out, trump) else None


def twos_played_above(state: NimbyState, card: Card) -> list[Card]:
    """The 2s above ``card`` already played, highest first (NIM-1: 2♣ > 2♠ > 2♥ > 2♦)."""
    played = {c for trick in state.tricks for _, c in trick.plays}
    above = [two for two in TWOS if TWO_ORDER[two.suit] > TWO_ORDER[card.suit] and two in played]
    return sorted(above, key=lambda two: -TWO_ORDER[two.suit])


def _follow(state: NimbyState, seat: int, legal: list[Card], out: list[Card], trump: Suit) -> Decision:
    plays = state.tricks[-1].seated_plays()
    led = PLAY_SUIT[trump][plays[0][1]]
    best_seat, best = plays[0]
    for other_seat, card in plays[1:]:
        if _beats(card, best, led, trump):
            best_seat, best = other_seat, card
    last = len(plays) == 3
    twos_in = sum(1 for _, card in plays if card.rank == Rank.TWO)
    partner_sure = TEAM[best_seat] == TEAM[seat] and (last or not any(_beats(c, best, led, trump) for c in out))
    if partner_sure:
        twos = [card for card in legal if card.rank == Rank.TWO and not _beats(card, best, led, trump)]
        twos = twos or [card for card in legal if card.rank == Rank.TWO]
        if twos:
            card = min(twos, key=lambda c: TWO_ORDER[c.suit])
            key = "bots.nimby.bank_two_over" if _beats(card, best, led, trump) else "bots.nimby.bank_two"
            return _play(card, "NIM-6", key, winner=sym(best))
        card = _lowest(legal, trump)
        key = "bots.nimby.partner_wins_over" if _beats(card, best, led, trump) else "bots.nimby.partner_wins"
        return _play(card, "NIM-5", key, winner=sym(best))
    winners = [card for card in legal if _beats(card, best, led, trump) and (last or _sure(card, out, led, trump))]
    only_twos = all(card.rank == Rank.TWO for card in legal)
    if winners and (twos_in or only_twos):
        card = min(winners, key=lambda c: STRENGTH[trump][c])
        key = "bots.nimby.take_twos" if twos_in else "bots.nimby.take_safe"
        return _play(card, "NIM-6", key, twos=syms([c for _, c in plays if c.rank == Rank.TWO]))
    card = _lowest(legal, trump)
    if card.rank == Rank.TWO:  # only 2s may be played, and none is sure to win (else: take_safe)
        key = "bots.nimby.duck_two"
    else:
        key = "bots.nimby.duck" if not winners else "bots.nimby.duck_no_twos"
    return _play(card, "NIM-5", key)


def _sure(card: Card, out: list[Card], led: object, trump: Suit) -> bool:
    """``card`` would beat every card still out (the players after us cannot take the trick)."""
    return not any(_beats(other, card, led, trump) for other in out)


def _play(card: Card, rule: str, key: str, **params: object) -> Decision:
    """Play ``card``, for the reason ``key`` (its ``{card}`` is filled in)."""
    return Decision(PLAY_CARD[card], Explanation(rule, key, {"card": sym(card), **params}))
