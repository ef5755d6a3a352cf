"""Tumbochka drills: who wins the trick, may you show a troyan now, which bids are allowed (TUM-3, TUM-5, TUM-8).

Every answer is graded by ``cardwidgets.games.tumbochka``: the trick's collector
and explanation, the state's ``legal_actions`` and ``why_illegal``. Positions
come from random deals played out with random legal moves (troyans and trilyazhes
planted in a hand), kept when the rule decides them, the right answer aimed evenly
over the answers.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from cardwidgets.cards import SUITS, Card, Rank, Suit
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.drills.base import (
    NO,
    YES,
    Choice,
    Item,
    Position,
    Seat,
    label_text,
    one_right,
    rank_of,
    right_at,
    say,
    until,
)
from cardwidgets.drills.frame import one_of, placed, right_label, signed_label
from cardwidgets.games.tumbochka.engine import (
    ANNOUNCES,
    BID,
    BIDDING,
    GIVE,
    KEEP,
    MAX_BID,
    PASS,
    PLAY,
    PLAY_CARD,
    PLAYERS,
    RAISE,
    SITTER_MIN_BID,
    TALON,
    TRILYAZH,
    TRILYAZH_LEADS,
    TROYAN,
    TROYAN_CARDS,
    TUMBOCHKA,
    Tumbochka,
    TumbochkaState,
)
from cardwidgets.games.tumbochka.words import NO_TRUMP_YET, PASS_LABEL
from cardwidgets.i18n import Points
from cardwidgets.i18n.drills import drill_text
from cardwidgets.i18n.names import action_done, number_text


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
    """A trick of a random deal: which card wins it; the 1st, 2nd or 3rd card played equally often."""
    place = rng.randrange(PLAYERS)
    return until(lambda: _trick_winner(rng), lambda item: right_at(item) == [place])


def _trick_winner(rng: random.Random) -> Item:
    """A trick of a random deal (troyans shown when possible): which card wins it."""
    while True:
        k = rng.randrange(8)
        suit = rng.choice(SUITS)
        seat = rng.randrange(PLAYERS)
        deal = _deal_with(rng, seat, TROYAN_CARDS[suit]) if rng.random() < 0.5 else Tumbochka.random_deal(rng)
        state = Tumbochka.new_state(deal, rng.randrange(PLAYERS))

        def past_trick(s: TumbochkaState, k: int = k) -> bool:
            return s.is_done or (s.phase == PLAY and len(s.tricks) > k + 1)

        if _play(state, rng, past_trick):
            break
    trick = state.tricks[k]
    why = trick.explanation
    assert why is not None
    choices = tuple(Choice(card, s == trick.collector, why) for s, card in trick.plays)
    position = Position(trump=_trump(state), trick=tuple((Seat(s), card) for s, card in trick.seated_plays()))
    position = position.marking(state.is_trump)
    prompt = Explanation("TUM-5", "drill.tum_winner_q", {"trump": _trump_words(state.trump)})
    return Item("tumbochka-trick-winner", prompt, position, choices)


def _trump_words(trump: Suit | None) -> Suit | dict[str, str]:
    return trump if trump is not None else NO_TRUMP_YET


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
    obliged = state.obligation()
    if obliged is not None:
        facts.append(Explanation("T-4", "drill.fact_trilyazh", {"suit": obliged.suit}))
    trick = tuple((Seat(s, s == seat), card) for s, card in state.tricks[-1].seated_plays())
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
    """A random play position of a player who often holds a troyan (8, 7, 6 of a suit); yes in half of them."""
    yes = rng.random() < 0.5
    return until(lambda: _troyan(rng), lambda item: item.choices[0].correct == yes)


def _troyan(rng: random.Random) -> Item:
    """A random play position of a player who, more often than not, holds a troyan."""
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


#: Bids above the highest there is (TUM-3: 14): wrong answers larger than any right one, so that "the largest
#: number" is no way to the answer.
OVER_BIDS = (Action.make("bid", MAX_BID + 1), Action.make("bid", MAX_BID + 2))


def _wrong_calls(legal: tuple[Action, ...], right: Action, rng: random.Random) -> list[Action]:
    """Three calls not allowed: one below the right bid and one above it where there are such, a third at random.

    So neither the largest nor the smallest number among the answers is the right one by the look of it.
    """
    wrong = [call for call in [PASS, *BID.values(), *OVER_BIDS] if call not in legal]
    if right is PASS:
        return rng.sample(wrong, min(3, len(wrong)))
    below = [call for call in wrong if call is not PASS and call.arg(int) < right.arg(int)]
    above = [call for call in wrong if call is not PASS and call.arg(int) > right.arg(int)]
    picked = [rng.choice(side) for side in (below, above) if side]
    rest = [call for call in wrong if call not in picked]
    return picked + rng.sample(rest, min(3 - len(picked), len(rest)))


def bids_item(
    state: TumbochkaState, right: Action, scores: list[int], rng: random.Random, topic: str = "tumbochka-bids"
) -> Item | None:
    """TUM-3, TUM-8: which one of four calls the player to act may make (``right``; the others he may not).

    With nobody on the tumbochka (``state.sitter`` None) the facts leave out the sitter and the scores.
    """
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    wrong = _wrong_calls(legal, right, rng)
    graded = [Choice(_call(call), False, state.why_illegal(call)) for call in wrong]
    choices = one_right(Choice(_call(right), True, _why_allowed(state, right, scores)), graded, rng)
    facts = [
        Explanation("TUM-8", "drill.fact_sitter", {"seat": state.sitter}),
        Explanation("TUM-7", "drill.fact_scores", {"scores": _per_seat(scores), "values": list(scores)}),
    ] if state.sitter is not None else []
    facts.append(Explanation("TUM-3", "drill.fact_first_hand", {"seat": state.first_hand}))
    history = _seated(state)
    if history:
        facts.append(Explanation("TUM-3", "drill.fact_bids", {"calls": _calls_words(history), "history": history}))
    else:
        facts.append(Explanation("TUM-3", "drill.fact_no_bids"))
    prompt = Explanation("TUM-8" if state.sitter is not None else "TUM-3", "drill.tum_bid_q", {"seat": seat})
    return Item(topic, prompt, Position(facts=tuple(facts)), choices)


def _calls_words(history: list[tuple[int, str]]) -> dict[str, str]:
    """``Seat 2 bid 4, Seat 0 passed`` in each locale (the actions told as done, ``action_done``)."""
    return {
        loc: ", ".join(action_done(text, label_text(Seat(s), loc), loc, "tumbochka") for s, text in history)
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
        out.append((replay.actor, text))
        replay.apply(text)
    return out


def _scores_of(state: TumbochkaState) -> list[int]:
    """Scores with which ``state`` was made (only whether each is at least 1 matters to the bidding)."""
    return [TUMBOCHKA if s == state.sitter else (1 if ok else 0) for s, ok in enumerate(state.high_bid_ok)]


def _why_allowed(state: TumbochkaState, call: Action, scores: list[int]) -> Explanation:
    """Why an allowed call is allowed (TUM-3, TUM-8, T-1, T-10)."""
    seat = state.actor
    if call is PASS:
        if state.bid == 0:
            return Explanation("T-10", "drill.tum_sitter_pass")
        return Explanation("T-1", "drill.tum_pass_ok")
    bid = call.arg(int)
    if state.bid == 0 and seat != state.sitter:
        return Explanation("TUM-3", "drill.tum_open_ok")
    if seat == state.sitter:
        return Explanation("TUM-8", "drill.tum_sitter_ok", {"bid": bid})
    if bid >= SITTER_MIN_BID and state.sitter is not None:
        score = Points(scores[seat], "tumbochka")
        return Explanation("TUM-8", "drill.tum_point_ok", {"bid": bid, "sitter": state.sitter, "score": score})
    return Explanation("TUM-3", "drill.tum_bid_ok", {"bid": bid, "high": state.bid})


def bidding_state(
    rng: random.Random, sitter: int | None, scores: list[int], dealer: int, calls_made: int
) -> TumbochkaState:
    """A deal with ``sitter`` on the tumbochka, after ``calls_made`` random calls."""
    state = TumbochkaState(Tumbochka.random_deal(rng), dealer, None, sitter, scores)
    for _ in range(calls_made):
        if state.phase != BIDDING:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def make_bids(rng: random.Random) -> Item:
    """A random auction while someone sits on the tumbochka; scores around the 1-point line of TUM-8."""

    def make() -> Item | None:
        sitter = rng.randrange(PLAYERS)
        scores = [TUMBOCHKA if s == sitter else rng.choice((-6, -2, 0, 0, 1, 3, 8, 15)) for s in range(PLAYERS)]
        state = bidding_state(rng, sitter, scores, rng.randrange(PLAYERS), rng.randrange(3))
        if state.phase != BIDDING:
            return None
        right = _right_call(state, rng)
        return bids_item(state, right, scores, rng) if right is not None else None

    return until(make, lambda _item: True)


def _right_call(state: TumbochkaState, rng: random.Random) -> Action | None:
    """The allowed call to ask for: mostly the lowest bid allowed (the line the rules draw), another bid, or pass.

    None: try another auction (one where only a pass is allowed, asked in some questions only).
    """
    legal = state.legal_actions()
    bids = [call for call in legal if call is not PASS]
    draw = rng.random()
    if not bids:
        return PASS if draw < 0.4 else None  # only a pass is allowed: ask it now and then, not every time
    if draw < 0.15 and PASS in legal:
        return PASS
    return min(bids, key=lambda a: a.arg(int)) if draw < 0.6 else rng.choice(bids)


# ----- what happens at the end of this deal (TUM-8) ---------------------------------------------------------
#: The engine's match events (``state.match_events`` keys) -> the statement they make true.
EVENT_KIND = {
    "tumbochka.won_sitting": "wins",
    "tumbochka.won_sitting_points": "wins",
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


def random_start(rng: random.Random) -> dict[str, Any]:
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


def end_item(start: dict[str, Any], state: TumbochkaState, rng: random.Random, kind: str) -> Item | None:
    """TUM-8: which one of four statements about the end of this deal is true (one of ``kind``); None if none is."""
    true = {(EVENT_KIND[event.key], event.params["seat"]): event for event in state.match_events}
    summary = _events_summary(state)
    if not true:
        true = {NOTHING: summary}
    ours = [statement for statement in true if statement[0] == kind]
    if not ours:
        return None
    sitter = start["sitting"]
    candidates = [("wins", seat) for seat in range(PLAYERS)] + [("knocked", seat) for seat in range(PLAYERS)]
    candidates += [("arrives", seat) for seat in range(PLAYERS) if seat != sitter] + [NOTHING]
    right = rng.choice(ours)
    wrong = [Choice(_statement(*c), False, summary) for c in candidates if c not in true]
    choices = one_right(Choice(_statement(*right), True, true[right]), wrong, rng)
    score = state.score()
    assert score is not None
    facts = [Explanation("TUM-7", "drill.fact_before", {"scores": _per_seat(start["scores"])})]
    if sitter is not None:
        facts.append(Explanation("TUM-8", "drill.fact_sitting", {"seat": sitter, "n": start["sat_deals"]}))
    facts.append(Explanation("TUM-8", "drill.fact_removals", {"removals": _per_seat(start["removals"])}))
    facts.append(Explanation("TUM-6", "drill.fact_deal", {"scores": _per_seat(score, signed=True)}))
    prompt = Explanation("TUM-8", "drill.tum_end_q", {"start": start, "deal": score})
    return Item("tumbochka-end", prompt, Position(facts=tuple(facts)), choices)


def _events_summary(state: TumbochkaState) -> Explanation:
    """What the engine says happened (or that nothing did), as one explanation."""
    if not state.match_events:
        return Explanation("TUM-8", "drill.tum_no_events")
    words = {loc: "; ".join(say(event, loc) for event in state.match_events) for loc in ("en", "ru")}
    return Explanation(state.match_events[0].rule, "drill.tum_events", {"events": words})


def make_end(rng: random.Random) -> Item:
    """A random match position and deal, then the engine's end of deal (TUM-8); each kind of ending a quarter."""
    kind = rng.choice(("wins", "arrives", "knocked", "nothing"))

    def make() -> Item | None:
        start = random_start(rng)
        match = Match("tumbochka", seed=rng.randrange(2**32), start=copy.deepcopy(start))
        state = match.new_deal()
        assert isinstance(state, TumbochkaState)
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
        match.end_deal()
        return end_item(start, state, rng, kind)

    return until(make, lambda _item: True)


# ----- what a trilyazh obliges (TUM-5, T-4) -----------------------------------------------------------------
def trilyazh_item(state: TumbochkaState, rng: random.Random) -> Item:
    """T-4: the leader who won the tricks of his trilyazh so far must lead its next card; which one of four may he."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    forced = state.obligation()
    assert forced is not None
    wrong = [Choice(card, False, state.why_illegal(PLAY_CARD[card])) for card in hand if card is not forced]
    trilyazh = TRILYAZH_LEADS[forced.suit]
    traps = [choice for choice in wrong if choice.label in trilyazh]  # the trilyazh's other card comes first
    # then a K or Q of another suit: the trilyazh's cards are the ones seen most often among the answers, and
    # the right one must not be told by that
    alike = [choice for choice in wrong if choice not in traps and rank_of(choice) in (Rank.KING, Rank.QUEEN)]
    same = [choice for choice in alike if rank_of(choice) is forced.rank]
    traps += rng.sample(same or alike, min(len(same or alike), 1))
    others = [choice for choice in wrong if choice not in traps]
    wrong = traps + rng.sample(others, min(len(others), 3 - len(traps)))
    choices = one_right(Choice(forced, True, state.notices(seat)[0]), wrong, rng)
    led = list(trilyazh[: trilyazh.index(forced)])
    facts = (Explanation("T-4", "drill.fact_trilyazh_led", {"cards": led}),)
    position = Position(trump=_trump(state), hand=tuple(hand), facts=facts).marking(state.is_trump)
    params = {"seat": seat, "trump": _trump_words(state.trump)}
    return Item("tumbochka-trilyazh", Explanation("T-4", "drill.tum_trilyazh_q", params), position, choices)


def make_trilyazh(rng: random.Random) -> Item:
    """A random deal in which a player announced his K, Q, J and won its first trick (the Q is due) or two (the K)."""
    stage = rng.choice((1, 2))

    def make() -> Item | None:
        seat = rng.randrange(PLAYERS)
        suit = rng.choice(SUITS)
        trilyazh = TRILYAZH_LEADS[suit]
        state = Tumbochka.new_state(_deal_with(rng, seat, trilyazh), rng.randrange(PLAYERS))

        def bound(s: TumbochkaState) -> bool:
            return s.phase == PLAY and s.to_act == seat and s.obligation() == trilyazh[stage]

        if _play_announcing(state, rng, bound, TRILYAZH[suit], trilyazh) and len(state.hands[seat]) >= 4:
            return trilyazh_item(state, rng)
        return None  # not reached, or too few cards left to choose from

    return until(make, _two_alike)


def _two_alike(item: Item) -> bool:
    """At least two kings or queens among the answers: the one due is not the only card of its look."""
    return sum(rank_of(choice) in (Rank.KING, Rank.QUEEN) for choice in item.choices) >= 2


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



# ----- Tumbochka: bidding (TUM-3, T-1), the talon (TUM-4), the score (TUM-6, T-5) ---------------------------------
def make_tumbochka_bidding(rng: random.Random) -> Item:
    """A random auction (nobody on the tumbochka): which one of four calls is allowed."""
    kind = rng.random()

    def make() -> Item | None:
        state = bidding_state(rng, None, [0, 0, 0], rng.randrange(3), rng.randrange(4))
        if state.phase != BIDDING:
            return None
        legal = state.legal_actions()
        bids = [call for call in legal if call.verb == "bid"]
        passes = [call for call in legal if call.verb == "pass"]
        right = rng.choice((passes if kind < 0.2 else bids) or legal)
        return bids_item(state, right, [0, 0, 0], rng, topic="tumbochka-bidding")

    return until(make, lambda _item: True)


def make_tumbochka_talon(rng: random.Random) -> Item:
    """A moment after the bidding: which one of four things may the declarer do now (give, raise, keep)."""
    giving = rng.random() < 0.6
    return until(lambda: _talon(rng, giving), lambda _item: True)


def _talon(rng: random.Random, giving: bool) -> Item | None:
    state = _new_deal(rng)
    gifts = rng.randrange(2) if giving else 2
    if not _play(state, rng, lambda s: _modest(s, rng) and s.phase == TALON and _gifts(s) >= gifts):
        return None
    if state.phase != TALON:
        return None
    declarer, contract = state.declarer, state.contract
    assert declarer is not None
    assert contract is not None
    legal = state.legal_actions()
    hand = state.hands[declarer]
    others = [GIVE[(card, declarer)] for card in rng.sample(hand, 2)]
    others += [GIVE[(rng.choice(hand), seat)] for seat in state.opponents() if state.given[seat] is not None]
    others += [KEEP, *(RAISE[n] for n in range(max(contract - 1, 5), contract + 1))]
    wrong = [a for a in dict.fromkeys(others) if a not in legal]
    right = rng.choice(legal)
    if KEEP in legal:  # the gifts are made: keep or raise, each as often; a raise above 14 is among the wrong ones
        raises = [a for a in legal if a.verb == "raise"]
        right = rng.choice(raises) if raises and rng.random() < 0.5 else KEEP
        over = Action.make("raise", MAX_BID + 1)
        wrong = [over, *rng.sample(wrong, min(2, len(wrong)))]
    key = "drill.tum_give_ok" if right.verb == "give" else "drill.tum_keep_ok"
    why = Explanation("TUM-4", key, {"contract": contract})
    declared = Explanation("TUM-4", "drill.fact_declarer", {"seat": declarer, "contract": contract})
    facts: tuple[Explanation, ...] = (declared,)
    if _gifts(state):
        given = [Seat(seat) for seat in state.opponents() if state.given[seat] is not None]
        facts += (Explanation("TUM-4", "drill.fact_given", {"to": given}),)
    position = Position(hand=tuple(hand), facts=facts)
    prompt = Explanation("TUM-4", "drill.tum_talon_q", {"seat": declarer})
    return Item("tumbochka-talon", prompt, position, one_of(state, (right, why), wrong, rng))


def _new_deal(rng: random.Random) -> TumbochkaState:
    """A random deal (its seed, then its dealer, drawn from ``rng``)."""
    seed = rng.randrange(2**32)
    return Tumbochka.new_state(Tumbochka.random_deal(seed), rng.randrange(PLAYERS))


def _gifts(state: TumbochkaState) -> int:
    return sum(state.given[seat] is not None for seat in state.opponents())


def _modest(state: TumbochkaState, rng: random.Random, *, keep: bool = False) -> bool:
    """Play out the bidding with modest calls (contracts a random play can make); True: a ``stop`` helper.

    ``keep``: the declarer also keeps his contract, mostly, instead of raising it at random.
    """
    while state.phase == BIDDING:
        legal = state.legal_actions()
        passes = [call for call in legal if call.verb == "pass"]
        bids = [call for call in legal if call.verb == "bid"][:2]
        state.apply(rng.choice(passes) if passes and (not bids or rng.random() < 0.6) else rng.choice(bids))
    if keep and state.phase == TALON and KEEP in state.legal_actions() and rng.random() < 0.8:
        state.apply(KEEP)
    return True


def make_tumbochka_score(rng: random.Random) -> Item:
    """A random deal played out: what the declarer scores (his contract, made or failed: never his points)."""
    made = rng.random() < 0.5
    item = until(lambda: _tum_score(rng), lambda item: right_label(item).startswith("+" if made else "−"))
    return placed(item, rng.randrange(len(item.choices)))


def _tum_score(rng: random.Random) -> Item | None:
    state = _new_deal(rng)
    if not _play(state, rng, lambda s: _modest(s, rng, keep=True) and s.is_done):
        return None
    declarer, contract = state.declarer, state.contract
    points, score = state.points(), state.score()
    if declarer is None or contract is None or points is None or score is None or points[declarer] == contract:
        return None  # exactly the contract: "+contract, never more" (TUM-6) would not show
    taken = points[declarer]
    # Failed, the shortfall added to the contract (a plausible slip) stands below −contract: the right answer is
    # then neither the smallest number nor the largest, as it is not when the contract is made.
    slips = [taken, -taken] if taken > contract else [-taken, -(2 * contract - taken)]
    values = dict.fromkeys([contract, -contract, *slips])
    why = state.score_explanation()
    assert why is not None
    choices = tuple(Choice(signed_label(v), v == score[declarer], why) for v in values)
    params = {"seat": declarer, "contract": contract, "taken": taken}
    return Item("tumbochka-score", Explanation("TUM-6", "drill.tum_score_q", params), Position(), choices)


#: The topics, in the order the Drill lists them: (topic id, maker of its questions).
TOPICS = (
    ("tumbochka-trick-winner", make_trick_winner),
    ("tumbochka-troyan", make_troyan),
    ("tumbochka-trilyazh", make_trilyazh),
    ("tumbochka-bids", make_bids),
    ("tumbochka-end", make_end),
    # the frame of a deal: partners, bidding, the talon, the score (drills/frame.py)
    ("tumbochka-score", make_tumbochka_score),
    ("tumbochka-bidding", make_tumbochka_bidding),
    ("tumbochka-talon", make_tumbochka_talon),
)
