"""Tumbochka drills: who wins the trick, may you show a troyan now, which bids are allowed (TUM-3, TUM-5, TUM-8).

Every answer is graded by ``cardwidgets.games.tumbochka``: the trick's collector
and explanation, the state's ``legal_actions`` and ``why_illegal``. Positions
come from random deals played out with random legal moves (troyans planted in a
hand now and then, so the question is not always "no"), or are hand-picked.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from cardwidgets.cards import SUITS, Card, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.drills.base import Choice, Item, Position, Seat, label_text, say
from cardwidgets.games.tumbochka import (
    ANNOUNCES,
    BID,
    BIDDING,
    PASS,
    PLAY,
    PLAY_CARD,
    PLAYERS,
    SITTER_MIN_BID,
    TRILYAZH,
    TRILYAZH_LEADS,
    TROYAN,
    TROYAN_CARDS,
    TUMBOCHKA,
    Tumbochka,
    TumbochkaState,
)
from cardwidgets.i18n.drills import drill_text
from cardwidgets.i18n.names import number_text

YES = {"en": "Yes", "ru": "Да"}
NO = {"en": "No", "ru": "Нет"}
PASS_LABEL = {"en": "pass", "ru": "пас"}


def _deal_with(rng: random.Random, seat: int, cards: tuple[Card, ...]) -> dict[str, object]:
    """A random deal in which ``seat`` holds ``cards`` (swapped in from the other hands or the talon)."""
    deal = Tumbochka.random_deal(rng)
    hands: list[list[Card]] = deal["hands"]
    places = [*hands, deal["talon"]]
    for card in cards:
        if card in hands[seat]:
            continue
        owner = next(place for place in places if card in place)
        swap = next(c for c in hands[seat] if c not in cards)
        owner[owner.index(card)] = swap
        hands[seat][hands[seat].index(swap)] = card
    return deal


def _play(
    state: TumbochkaState, rng: random.Random, stop: Callable[[TumbochkaState], bool], keep: tuple[Card, ...] = ()
) -> bool:
    """Random legal moves until ``stop``; troyans are shown when possible, ``keep`` cards are held back."""
    for _ in range(200):
        if stop(state):
            return True
        legal = state.legal_actions()
        if not legal:
            return False
        announce = [a for a in legal if a in ANNOUNCES and a.card not in keep]
        kept = [a for a in legal if not set(a.cards) & set(keep)]
        state.apply(rng.choice(announce) if announce and rng.random() < 0.6 else rng.choice(kept or legal))
    return False


def _trump(state: TumbochkaState) -> Suit | None:
    return state.trump


# ----- who wins the trick (TUM-5) -------------------------------------------------------------------
def make_trick_winner(rng: random.Random) -> Item:
    """A trick of a random deal (troyans shown when possible): which card wins it."""
    while True:
        k = rng.randrange(8)
        suit = rng.choice(SUITS)
        seat = rng.randrange(PLAYERS)
        deal = _deal_with(rng, seat, TROYAN_CARDS[suit]) if rng.random() < 0.5 else Tumbochka.random_deal(rng)
        state = Tumbochka.new_state(deal, rng.randrange(PLAYERS))
        if _play(state, rng, lambda s, k=k: s.is_done or (s.phase == PLAY and len(s.tricks) > k + 1)):
            break
    trick = state.tricks[k]
    why = trick.explanation
    assert why is not None
    choices = tuple(Choice(card, s == trick.collector, why) for s, card in trick.plays)
    position = Position(trump=_trump(state), trick=tuple((Seat(s), card) for s, card in trick.plays))
    position = position.marking(state.is_trump)
    prompt = Explanation("TUM-5", "drill.tum_winner_q", {"trump": _trump_words(state.trump)})
    return Item("tumbochka-trick-winner", prompt, position, choices)


def _trump_words(trump: Suit | None) -> Suit | dict[str, str]:
    return trump if trump is not None else {"en": "none yet", "ru": "пока нет"}


# ----- may you show a troyan now (TUM-5) -----------------------------------------------------------------
def troyan_item(state: TumbochkaState, suit: Suit, source: str = "engine") -> Item:
    """TUM-5: may the player to act show a troyan in ``suit`` now? The engine's legal actions decide."""
    seat = state.to_act
    assert seat is not None
    action = TROYAN[suit]
    allowed = action in state.legal_actions()
    why = Explanation("TUM-5", "drill.tum_troyan_ok", {"suit": suit}) if allowed else state.why_illegal(action)
    choices = (Choice(YES, allowed, why), Choice(NO, not allowed, why))
    facts = []
    if state.troyans:
        facts.append(Explanation("TUM-5", "drill.fact_troyans", {"suits": [s for _, s in state.troyans]}))
    if state.obligation() is not None:
        facts.append(Explanation("T-4", "drill.fact_trilyazh", {"suit": state.obligation().suit}))  # type: ignore[union-attr]
    trick = tuple((Seat(s, s == seat), card) for s, card in state.tricks[-1].plays)
    position = Position(trump=_trump(state), trick=trick, hand=tuple(state.hands[seat]), facts=tuple(facts))
    position = position.marking(state.is_trump)
    params = {"trump": _trump_words(state.trump), "seat": seat, "suit": suit}
    return Item("tumbochka-troyan", Explanation("TUM-5", "drill.tum_troyan_q", params), position, choices, source)


def _turn_of(seat: int, k: int, *, on_lead: bool) -> Callable[[TumbochkaState], bool]:
    """A stop: ``seat``'s turn to play in trick ``k + 1`` or later (to lead, if ``on_lead``)."""

    def stop(state: TumbochkaState) -> bool:
        turn = state.phase == PLAY and state.to_act == seat and len(state.tricks) > k
        return turn and (not on_lead or not state.tricks[-1].plays)

    return stop


def make_troyan(rng: random.Random) -> Item:
    """A random play position of a player who, more often than not, holds a troyan (8, 7, 6 of a suit)."""
    while True:
        seat = rng.randrange(PLAYERS)
        suit = rng.choice(SUITS)
        planted = TROYAN_CARDS[suit] if rng.random() < 0.7 else ()
        deal = _deal_with(rng, seat, planted) if planted else Tumbochka.random_deal(rng)
        state = Tumbochka.new_state(deal, rng.randrange(PLAYERS))
        stop = _turn_of(seat, rng.randrange(5), on_lead=rng.random() < 0.7)
        if _play(state, rng, stop, planted):
            return troyan_item(state, suit)


# ----- which bids are allowed while someone sits (TUM-3, TUM-8, T-10) ------------------------------------------
def _call(action: Action) -> str | dict[str, str]:
    return PASS_LABEL if action is PASS else str(action.number)


def bids_item(state: TumbochkaState, calls: list[Action], scores: list[int], source: str = "engine") -> Item:
    """TUM-3, TUM-8: which of ``calls`` the player to act may make; the engine's legal actions decide."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    choices = tuple(Choice(_call(call), call in legal, _why(state, call, scores)) for call in calls)
    facts = [
        Explanation("TUM-8", "drill.fact_sitter", {"seat": state.sitter}),
        Explanation("TUM-7", "drill.fact_scores", {"scores": _per_seat(scores), "values": list(scores)}),
        Explanation("TUM-3", "drill.fact_first_hand", {"seat": state.first_hand}),
    ]
    history = _seated(state)
    if history:
        facts.append(Explanation("TUM-3", "drill.fact_bids", {"calls": _calls_words(history), "history": history}))
    else:
        facts.append(Explanation("TUM-3", "drill.fact_no_bids"))
    prompt = Explanation("TUM-8", "drill.tum_bid_q", {"seat": seat})
    return Item("tumbochka-bids", prompt, Position(facts=tuple(facts)), choices, source)


def _why(state: TumbochkaState, call: Action, scores: list[int]) -> Explanation:
    """The engine's reason a call is refused, or why an allowed one is allowed."""
    return _why_allowed(state, call, scores) if call in state.legal_actions() else state.why_illegal(call)


def _calls_words(history: list[tuple[int, str]]) -> dict[str, str]:
    """``Seat 2: 4, Seat 0: pass`` in each locale."""
    calls = [(seat, PASS if text == "pass" else BID[int(text.split()[1])]) for seat, text in history]
    return {
        loc: ", ".join(f"{label_text(Seat(s), loc)}: {label_text(_call(a), loc)}" for s, a in calls)
        for loc in ("en", "ru")
    }


def _per_seat(values: list[int], *, signed: bool = False) -> dict[str, str]:
    """``Seat 0: 5, Seat 1: 20, Seat 2: 0`` in each locale (``signed``: ``+5``, ``−4``)."""
    def shown(value: int, locale: str) -> str:
        return f"{value:+d}".replace("-", "−") if signed else number_text(value, locale)  # Russian: «−2»

    return {
        loc: ", ".join(f"{label_text(Seat(s), loc)}: {shown(v, loc)}" for s, v in enumerate(values))
        for loc in ("en", "ru")
    }


def _seated(state: TumbochkaState) -> list[tuple[int, str]]:
    """Who made each call of the bidding so far (replayed from the start)."""
    replay = TumbochkaState(state.deal, state.dealer, state.rules, state.sitter, _scores_of(state))
    out = []
    for text in state.history:
        out.append((replay.to_act, text))
        replay.apply(text)
    return out  # type: ignore[return-value]


def _scores_of(state: TumbochkaState) -> list[int]:
    """Scores with which ``state`` was made (only whether each is at least 1 matters to the bidding)."""
    return [TUMBOCHKA if s == state.sitter else (1 if ok else 0) for s, ok in enumerate(state.high_bid_ok)]


def _why_allowed(state: TumbochkaState, call: Action, scores: list[int]) -> Explanation:
    """Why an allowed call is allowed (TUM-3, TUM-8, T-1, T-10)."""
    seat = state.to_act
    if call is PASS:
        if state.bid == 0:
            return Explanation("T-10", "drill.tum_sitter_pass")
        return Explanation("T-1", "drill.tum_pass_ok")
    bid = call.number
    if state.bid == 0 and seat != state.sitter:
        return Explanation("TUM-3", "drill.tum_open_ok")
    if seat == state.sitter:
        return Explanation("TUM-8", "drill.tum_sitter_ok", {"bid": bid})
    if bid >= SITTER_MIN_BID:  # type: ignore[operator]
        return Explanation("TUM-8", "drill.tum_point_ok", {"bid": bid, "sitter": state.sitter, "score": scores[seat]})  # type: ignore[index]
    return Explanation("TUM-3", "drill.tum_bid_ok", {"bid": bid, "high": state.bid})


def bidding_state(rng: random.Random, sitter: int, scores: list[int], dealer: int, calls_made: int) -> TumbochkaState:
    """A deal with ``sitter`` on the tumbochka, after ``calls_made`` random calls."""
    state = TumbochkaState(Tumbochka.random_deal(rng), dealer, None, sitter, scores)
    for _ in range(calls_made):
        if state.phase != BIDDING:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _calls(state: TumbochkaState, rng: random.Random) -> list[Action]:
    """Four calls to grade: always 7 (the boundary of TUM-8), at least one allowed one."""
    pool = [PASS, *(BID[n] for n in range(4, 12) if n != SITTER_MIN_BID)]
    calls = [BID[SITTER_MIN_BID], *rng.sample(pool, 3)]
    legal = state.legal_actions()
    if not any(call in legal for call in calls):
        calls[-1] = rng.choice(legal)
    return sorted(set(calls), key=lambda a: (a is PASS, a.number or 0))


def make_bids(rng: random.Random) -> Item:
    """A random auction while someone sits on the tumbochka; scores around the 1-point line of TUM-8."""
    while True:
        sitter = rng.randrange(PLAYERS)
        scores = [TUMBOCHKA if s == sitter else rng.choice((-6, -2, 0, 0, 1, 3, 8, 15)) for s in range(PLAYERS)]
        state = bidding_state(rng, sitter, scores, rng.randrange(PLAYERS), rng.randrange(3))
        if state.phase == BIDDING:
            return bids_item(state, _calls(state, rng), scores)


def picked_bids(rng: random.Random) -> Item:
    """Hand-picked: the sitter as first hand (T-10), or a player with 0 points facing 7 (TUM-8)."""
    if rng.random() < 0.5:
        scores = [TUMBOCHKA, 5, 0]
        state = TumbochkaState(Tumbochka.random_deal(rng), 2, None, 0, scores)  # seat 0, the sitter, is first hand
        return bids_item(state, [BID[4], BID[7], BID[8], PASS], scores, "picked")
    scores = [0, TUMBOCHKA, 4]
    state = TumbochkaState(Tumbochka.random_deal(rng), 1, None, 1, scores)  # seat 2 opens with 4, seat 0 has 0
    state.apply(BID[4])
    return bids_item(state, [BID[5], BID[6], BID[7], PASS], scores, "picked")


# ----- what happens at the end of this deal (TUM-8) ---------------------------------------------------------
#: The engine's match events (``state.match_events`` keys) -> the statement they make true.
EVENT_KIND = {
    "tumbochka.won_sitting": "wins",
    "tumbochka.won_bagel": "wins",
    "tumbochka.sits": "arrives",
    "tumbochka.knocked_by_arrival": "knocked",
    "tumbochka.knocked_together": "knocked",
    "tumbochka.timed_out": "knocked",
}
NOTHING = ("nothing", -1)


def _statement(kind: str, seat: int) -> dict[str, str]:
    if kind == "nothing":
        return {loc: drill_text("opt_nothing", loc) for loc in ("en", "ru")}
    return {loc: drill_text(f"opt_{kind}", loc, seat=seat) for loc in ("en", "ru")}


def random_start(rng: random.Random) -> dict[str, object]:
    """A match position a Tumbochka match can reach, often with someone on the tumbochka or close to 20."""
    sitter = rng.randrange(PLAYERS) if rng.random() < 0.7 else None
    removals = [0 if seat == sitter and rng.random() < 0.5 else rng.choice((0, 0, 1, 2)) for seat in range(PLAYERS)]
    if sitter is not None:
        removals[sitter] = min(removals[sitter], 1)  # a sitter with a golden bagel would have won (TUM-8)
    scores = [
        TUMBOCHKA if seat == sitter else rng.choice((-3, 4, 10, 13, 15, 16, 17, 18, 19)) for seat in range(PLAYERS)
    ]
    return {
        "scores": scores,
        "sitting": sitter,
        "sat_deals": rng.randrange(3) if sitter is not None else 0,
        "removals": removals,
        "bagels": [r >= 2 for r in removals],
    }


def end_item(start: dict[str, object], state: TumbochkaState, rng: random.Random, source: str = "engine") -> Item:
    """TUM-8: which of four statements about the end of this deal are true; the engine's match events decide."""
    true = {(EVENT_KIND[event.key], event.params["seat"]): event for event in state.match_events}
    score = state.score()
    assert score is not None
    sitter = start["sitting"]
    statements = set(true) or {NOTHING}
    candidates = [("wins", seat) for seat in range(PLAYERS)] + [("knocked", seat) for seat in range(PLAYERS)]
    candidates += [("arrives", seat) for seat in range(PLAYERS) if seat != sitter] + [NOTHING]
    others = [c for c in candidates if c not in statements]
    chosen = sorted(statements | set(rng.sample(others, max(0, 4 - len(statements)))), key=candidates.index)
    summary = _events_summary(state)
    choices = tuple(
        Choice(_statement(*c), c in true or (c == NOTHING and not true), true.get(c, summary)) for c in chosen
    )
    facts = [Explanation("TUM-7", "drill.fact_before", {"scores": _per_seat(start["scores"])})]  # type: ignore[arg-type]
    if sitter is not None:
        facts.append(Explanation("TUM-8", "drill.fact_sitting", {"seat": sitter, "n": start["sat_deals"]}))
    facts.append(Explanation("TUM-8", "drill.fact_removals", {"removals": _per_seat(start["removals"])}))  # type: ignore[arg-type]
    facts.append(Explanation("TUM-6", "drill.fact_deal", {"scores": _per_seat(score, signed=True)}))
    prompt = Explanation("TUM-8", "drill.tum_end_q", {"start": start, "deal": score})
    return Item("tumbochka-end", prompt, Position(facts=tuple(facts)), choices, source)


def _events_summary(state: TumbochkaState) -> Explanation:
    """What the engine says happened (or that nothing did), as one explanation."""
    if not state.match_events:
        return Explanation("TUM-8", "drill.tum_no_events")
    words = {loc: "; ".join(say(event, loc) for event in state.match_events) for loc in ("en", "ru")}
    return Explanation(state.match_events[0].rule, "drill.tum_events", {"events": words})


def make_end(rng: random.Random) -> Item:
    """A random match position, a random deal played out, then the engine's end of deal (TUM-8)."""
    for _ in range(4):  # "nothing happens" is common in random deals: prefer deals where something does
        start = random_start(rng)
        match = Match("tumbochka", seed=rng.randrange(2**32), start=copy.deepcopy(start))
        state = match.new_deal()
        assert isinstance(state, TumbochkaState)
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
        match.end_deal()
        if state.match_events or rng.random() < 0.3:
            break
    return end_item(start, state, rng)


# ----- what a trilyazh obliges (TUM-5, T-4) -----------------------------------------------------------------
def trilyazh_item(state: TumbochkaState, rng: random.Random, source: str = "engine") -> Item:
    """T-4: the leader who won a trick of his trilyazh must lead its next card; which of these cards may he lead."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    hand = state.hands[seat]
    forced = state.obligation()
    assert forced is not None
    others = [card for card in hand if card is not forced]
    shown = sorted([forced, *rng.sample(others, min(3, len(others)))], key=hand.index)
    choices = tuple(
        Choice(
            card, PLAY_CARD[card] in legal, state.why_illegal(PLAY_CARD[card]) if PLAY_CARD[card] not in legal else why
        )
        for card, why in ((card, state.notices(seat)[0]) for card in shown)
    )
    trilyazh = [Explanation("T-4", "drill.fact_trilyazh", {"suit": forced.suit})]
    position = Position(trump=_trump(state), hand=tuple(hand), facts=tuple(trilyazh)).marking(state.is_trump)
    params = {"seat": seat, "trump": _trump_words(state.trump)}
    return Item("tumbochka-trilyazh", Explanation("T-4", "drill.tum_trilyazh_q", params), position, choices, source)


def make_trilyazh(rng: random.Random) -> Item:
    """A random deal in which a player holding K, Q, J of a suit announced it and has won its first trick(s)."""
    while True:
        seat = rng.randrange(PLAYERS)
        suit = rng.choice(SUITS)
        trilyazh = TRILYAZH_LEADS[suit]
        deal = _deal_with(rng, seat, trilyazh)
        state = Tumbochka.new_state(deal, rng.randrange(PLAYERS))
        announce = TRILYAZH[suit]

        def bound(s: TumbochkaState, seat: int = seat) -> bool:
            return s.phase == PLAY and s.to_act == seat and s.obligation() is not None

        if _play_announcing(state, rng, bound, announce, trilyazh):
            return trilyazh_item(state, rng)


def _play_announcing(
    state: TumbochkaState,
    rng: random.Random,
    stop: Callable[[TumbochkaState], bool],
    announce: Action,
    keep: tuple[Card, ...],
) -> bool:
    """Random legal moves until ``stop``, announcing ``announce`` whenever it is legal (``keep`` held back)."""
    for _ in range(200):
        if stop(state):
            return True
        legal = state.legal_actions()
        if not legal:
            return False
        kept = [a for a in legal if not set(a.cards) & set(keep)]
        state.apply(announce if announce in legal else rng.choice(kept or legal))
    return False
