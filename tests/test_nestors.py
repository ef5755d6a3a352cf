"""The Nestors engine: random deals and matches against the rule text, illegal actions, views, input.

The reference functions come from ``test_nestors_tricks.py`` (the rule text
re-stated); here they check whole deals played by random policies.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_nestors_tricks import reference_a_or_b, reference_c_legal, reference_order, reference_resolve

from cardwidgets import IllegalActionError, Match, RecordError, replay
from cardwidgets.cards import Rank, Suit, parse_card
from cardwidgets.games.nestors import (
    CARD_POINTS,
    NESTORS_DECK,
    Nestors,
    NestorsState,
    deal_score,
    partnership_points,
)

TESTS = Path(__file__).parent
RECORDS = TESTS / "records" / "nestors"
DECK_TEXTS = sorted(c.text for c in NESTORS_DECK)
GOLDEN = TESTS / "golden" / "nestors-seed-1.txt"
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(10|[6-9JQKA])([SHDC])(?![A-Z0-9])")

# NES-2, the table of the rule file: card points by trump rank.
RULE_POINTS = {
    Rank.ACE: {Rank.ACE: 15, Rank.JACK: 10, Rank.TEN: 5},
    Rank.JACK: {Rank.JACK: 15, Rank.ACE: 10, Rank.TEN: 5},
    Rank.TEN: {Rank.TEN: 15, Rank.ACE: 10, Rank.JACK: 5},
}


def new_state(seed: int, dealer: int = 0, rules: dict[str, Any] | None = None) -> NestorsState:
    state = Nestors.new_state(Nestors.random_deal(seed), dealer, rules)
    assert isinstance(state, NestorsState)
    return state


# ----- an independent check of a finished deal, from its summary -------------------------------
def reference_points(collected: list[list[str]], tricks: list[int], trump: Rank) -> list[int]:
    """NES-2: card points, 5 per trick, 10 for the spade majority (5 of 9)."""
    points = []
    for cards, count in zip(collected, tricks, strict=True):
        card_points = sum(RULE_POINTS[trump].get(parse_card(c).rank, 0) for c in cards)
        spades = sum(1 for c in cards if c.endswith("S"))
        points.append(card_points + 5 * count + (10 if spades >= 5 else 0))
    return points


def reference_score(bidder_team: int, bid: int, points: list[int], made_opponents: str = "own_points") -> list[int]:
    """NES-8 as written: made +p / failed −p for the bidders, +(190 − p) for the opponents.

    Option ``made_opponents: "nothing"`` (E-9's other reading): the opponents of a made bid score 0.
    """
    p = points[bidder_team]
    score = [0, 0]
    score[bidder_team] = p if p >= bid else -p
    score[1 - bidder_team] = 0 if p >= bid and made_opponents == "nothing" else 190 - p
    return score


def check_finished_deal(summary: dict[str, Any], row: list[str], made_opponents: str = "own_points") -> None:
    """Check a finished deal's summary against the rule text: tricks, table card, points, score."""
    assert summary["phase"] == "done"
    assert summary["to_act"] is None
    assert summary["legal"] == []
    trump = Rank.parse(summary["trump"])
    bidder, bid = summary["contract"]["seat"], summary["contract"]["bid"]
    tricks = summary["tricks"]
    assert len(tricks) == 12
    # Trick 1 (NES-6a): the bidder's card and two face-up cards of the row.
    first = tricks[0]
    assert first["collector"] == bidder
    assert first["left"] is None
    (seat, own), (none1, x), (none2, y) = first["plays"]
    assert (seat, none1, none2) == (bidder, None, None)
    assert x in row[1:]
    assert y in row[1:]
    assert row[1:].index(x) < row[1:].index(y)  # in the order they lie in the row
    table = next(c for c in row[1:] if c not in (x, y))
    collected: list[list[str]] = [[], []]
    won = [0, 0]
    collected[bidder % 2] += [own, x, y]
    won[bidder % 2] += 1
    from_hands = [own]
    # Tricks 2-11 (NES-6, E-6, NES-7): led by bidder + k - 1; four cards, one is left.
    for k, trick in enumerate(tricks[1:11], start=2):
        leader = (bidder + k - 1) % 4
        seats = [p[0] for p in trick["plays"]]
        assert seats == [leader, (leader + 1) % 4, (leader + 2) % 4]
        a, b, c = (parse_card(p[1]) for p in trick["plays"])
        position, _ = reference_resolve(a, b, c, trump)
        assert trick["collector"] == seats["ABC".index(position)]
        four = [p[1] for p in trick["plays"]] + [table]
        assert trick["left"] in four
        four.remove(trick["left"])
        collected[trick["collector"] % 2] += four
        won[trick["collector"] % 2] += 1
        from_hands += [p[1] for p in trick["plays"]]
        table = trick["left"]
    # Trick 12 (NES-7): the bidder and the next seat; the A-or-B rule; the table card goes along.
    (seat_a, card_a), (seat_b, card_b), (none, last_table) = tricks[11]["plays"]
    assert (seat_a, seat_b, none, last_table) == (bidder, (bidder + 1) % 4, None, table)
    winner = reference_a_or_b(parse_card(card_a), parse_card(card_b), trump)
    collector = seat_a if winner == "A" else seat_b
    assert tricks[11]["collector"] == collector
    assert tricks[11]["left"] is None
    collected[collector % 2] += [card_a, card_b, table]
    won[collector % 2] += 1
    from_hands += [card_a, card_b]
    # 36 cards, each exactly once: 33 from the hands plus the three face-up row cards.
    assert sorted(from_hands + row[1:]) == DECK_TEXTS
    assert sorted(collected[0] + collected[1]) == DECK_TEXTS
    points = reference_points(collected, won, trump)
    assert sum(points) == 190
    assert summary["points"] == points
    assert summary["score"] == reference_score(bidder % 2, bid, points, made_opponents)


# ----- random play --------------------------------------------------------------------------
def choose(state: NestorsState, rng: random.Random, style: str) -> str:
    """A random legal action; the ``passive`` style passes often, so forced bids occur (E-4)."""
    legal = state.legal_strings()
    if style == "passive" and "pass" in legal and rng.random() < 0.7:
        return "pass"
    return rng.choice(legal)


def check_legal_actions(state: NestorsState) -> None:
    """The legal actions of the seat to act agree with the rule text."""
    legal = state.legal_strings()
    assert legal, "legal actions are never empty before the deal is done"
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if state.phase == "bidding":
        high = state.high_bid
        lowest = state.rules["min_bid"] if high is None else high + 5
        bids = [f"bid {n}" for n in range(lowest, 191, 5)]
        forced = high is None and sum(state.passed) == 3  # E-4
        assert legal == ([] if forced else ["pass"]) + bids
    elif state.phase == "trump":
        held = [r.text for r in (Rank.ACE, Rank.JACK, Rank.TEN) if any(c.rank == r for c in hand)]
        assert legal == [f"trump {r}" for r in held or ["A", "J", "10"]]  # E-5
        assert len(hand) == 5
    elif state.phase == "open":
        order = reference_order(state.trump)
        top = min(order.index(c.rank) for c in hand)
        assert {t.split()[1] for t in legal} == {c.text for c in hand if order.index(c.rank) == top}
        assert len(legal) == 3 * len({t.split()[1] for t in legal})
        assert sorted(len(h) for h in state.hands) == [8, 8, 8, 9]
    elif state.phase == "play":
        plays = state.tricks[-1].plays
        cards = {parse_card(t.split()[1]) for t in legal}
        if len(plays) == 2 and len(state.tricks) < 12:
            assert cards == reference_c_legal(plays[0][1], plays[1][1], hand, state.trump)
        else:
            assert cards == set(hand)
    else:
        assert state.phase == "leave"
        assert len(legal) == 4


@pytest.mark.rules("NES-2", "NES-4", "NES-5", "NES-6", "NES-6a", "NES-7", "NES-8")
@pytest.mark.rules("E-3", "E-4", "E-5", "E-6", "E-8", "E-9")
def test_random_deals_keep_every_invariant() -> None:
    """2,400 seeded random deals: legal actions per the rules, 36 cards once, 12 tricks, 190 points."""
    rng = random.Random(2024)
    forced_bids = made = failed = 0
    for number in range(2400):
        dealer = number % 4
        rules = {"min_bid": rng.choice([5, 5, 60])}
        state = new_state(rng.randrange(10**9), dealer, rules)
        row = [c.text for c in state.deal["row"]]
        style = "passive" if number % 2 else "uniform"
        assert state.to_act == (dealer + 1) % 4
        steps = 0
        while not state.is_done:
            check_legal_actions(state)
            if state.phase == "bidding" and "pass" not in state.legal_strings():
                forced_bids += state.high_bid is None
            state.apply(choose(state, rng, style))
            steps += 1
            assert steps < 200
        assert state.legal_actions() == ()
        assert all(hand == [] for hand in state.hands)
        summary = state.summary()
        check_finished_deal(summary, row)
        if state.made():
            made += 1
        else:
            failed += 1
    assert forced_bids > 50
    assert made > 50
    assert failed > 50


@pytest.mark.rules("NES-9", "E-10", "E-1", "option:target")
@pytest.mark.parametrize("target", [1000, 400])
def test_random_matches_end_per_nes9(target: int) -> None:
    """Random matches end exactly when a side reaches +target (wins) or −target (loses)."""
    rng = random.Random(target)
    for seed in range(60):
        match = Match("nestors", {"target": target}, seed=seed)
        totals = [0, 0]
        for _ in range(300):  # safety cap
            dealer = match.dealer
            state = match.new_deal()
            assert state.dealer == dealer
            while not state.is_done:
                state.apply(rng.choice(state.legal_actions()))
            match.end_deal()
            score = state.score()
            totals = [t + s for t, s in zip(totals, score, strict=True)]
            assert match.scores == totals
            assert match.deal_scores[-1] == score
            assert match.dealer == (dealer + 1) % 4  # E-1: the deal passes to the next seat
            plus = [t for t in (0, 1) if totals[t] >= target]
            minus = [t for t in (0, 1) if totals[t] <= -target]
            if len(plus) == 2:
                assert state.made()
                expected = state.bidder % 2
            elif plus:
                expected = plus[0]
            elif minus:
                expected = 1 - minus[0]
            else:
                expected = None
            assert match.winner == expected
            assert match.is_over == (expected is not None)
            if match.is_over:
                break
        assert match.is_over, "a match must end"
        with pytest.raises(RecordError):
            match.new_deal()


def play_bid(match: Match, actions: list[str], rng: random.Random) -> NestorsState:
    """A new deal of ``match``: the given bidding actions, then random play to the end."""
    state = match.new_deal()
    for text in actions:
        state.apply(text)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    match.end_deal()
    return state


@pytest.mark.rules("NES-9", "E-10")
def test_both_reach_target_in_one_deal_the_bidders_win() -> None:
    """Both partnerships at +1000 after the same deal: this deal's bidders (who made it) win."""
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        match = Match("nestors", seed=seed, start={"scores": [990, 990]}, dealer=3)
        state = play_bid(match, ["bid 5", "pass", "pass", "pass"], rng)
        assert state.made()
        if min(match.scores) >= 1000:
            assert match.winner == 0  # seat 0 bid
            checked += 1
    assert checked > 20


@pytest.mark.rules("NES-9", "NES-8")
def test_failed_bidders_cannot_win_by_the_tie_break() -> None:
    rng = random.Random(6)
    for seed in range(20):
        match = Match("nestors", seed=seed, start={"scores": [990, 990]}, dealer=0)
        state = play_bid(match, ["bid 190", "pass", "pass", "pass"], rng)
        if not state.made():
            assert match.scores[1] < 990
            assert match.winner == (0 if match.scores[0] >= 1000 else None)


@pytest.mark.rules("NES-9")
def test_a_partnership_at_minus_target_loses() -> None:
    rng = random.Random(8)
    match = Match("nestors", seed=1, start={"scores": [-950, 0]}, dealer=3)
    state = play_bid(match, ["bid 190", "pass", "pass", "pass"], rng)
    assert not state.made()
    assert match.scores[0] <= -1000 or match.scores[1] >= 1000
    assert match.winner == 1


@pytest.mark.rules("NES-9")
@pytest.mark.parametrize("scores", [[1000, 0], [0, 1000], [-1000, 0], [5, -1200], [2000, 2000]])
def test_start_beyond_target_is_rejected(scores: list[int]) -> None:
    with pytest.raises(RecordError, match="NES-9"):
        Match("nestors", start={"scores": scores})


def test_start_just_inside_target_is_accepted() -> None:
    match = Match("nestors", start={"scores": [995, -995]}, seed=1)
    assert match.scores == [995, -995]
    with pytest.raises(RecordError, match="NES-9"):
        Match("nestors", {"target": 500}, start={"scores": [500, 0]})


@pytest.mark.rules("option:dealer")
def test_option_dealer_bidder_makes_the_last_bidder_deal() -> None:
    rng = random.Random(9)
    match = Match("nestors", {"dealer": "bidder"}, seed=3)
    for _ in range(12):
        state = match.new_deal()
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
        match.end_deal()
        assert match.dealer == state.bidder
        if match.is_over:
            break


@pytest.mark.rules("NES-3")
def test_draw_ritual_deals_until_a_six() -> None:
    """NES-3: face up, one card at a time in turn order, until someone gets a 6; he deals first."""
    dealers = set()
    for seed in range(200):
        match = Match("nestors", seed=seed, draw=True)
        ritual = match.ritual
        assert ritual is not None
        draws = ritual["draws"]
        assert [seat for seat, _ in draws] == [i % 4 for i in range(len(draws))]
        assert [card[0] for _, card in draws].count("6") == 1
        assert draws[-1][1].startswith("6")
        assert len({card for _, card in draws}) == len(draws)
        assert ritual["dealer"] == draws[-1][0] == match.dealer
        dealers.add(match.dealer)
        state = match.new_deal()
        assert state.to_act == (match.dealer + 1) % 4
    assert dealers == {0, 1, 2, 3}


@pytest.mark.rules("option:min_bid", "E-2")
def test_option_min_bid() -> None:
    state = new_state(1, rules={"min_bid": 60})
    assert state.legal_strings()[:3] == ["pass", "bid 60", "bid 65"]
    assert state.legal_strings()[-1] == "bid 190"
    with pytest.raises(IllegalActionError, match=r"the lowest bid is 60, so 55 is too low \(E-2\)"):
        state.apply("bid 55")
    for bad in (7, 0, 195, "60"):
        with pytest.raises(RecordError, match="min_bid"):
            new_state(1, rules={"min_bid": bad})


@pytest.mark.rules("NES-8", "E-9")
def test_seed_scoring_example_with_the_scoring_function() -> None:
    """Seed: bid 120, took 115 → opponents +75 (190 − 115), bidders −115."""
    assert deal_score(0, 120, [115, 75]) == [-115, 75]
    assert deal_score(1, 120, [75, 115]) == [75, -115]
    assert deal_score(1, 115, [75, 115]) == [75, 115]  # made exactly: +p
    assert deal_score(0, 5, [190, 0]) == [190, 0]


@pytest.mark.rules("NES-2")
def test_card_points_total_190() -> None:
    """NES-2: 60 for the trumps + 60 for the next two ranks, + 60 for 12 tricks + 10 for the spades."""
    for trump, table in CARD_POINTS.items():
        assert sum(table.values()) == 120
        for card, value in table.items():
            assert value == RULE_POINTS[trump].get(card.rank, 0)
    deck = list(NESTORS_DECK)
    spades = [c for c in deck if c.suit is Suit.S]
    others = [c for c in deck if c.suit is not Suit.S]
    # Five spades make the majority (6S-10S: 10S is worth 5 with Jacks trump); four do not.
    assert partnership_points([spades[:5], spades[5:] + others], [6, 6], Rank.JACK) == [5 + 30 + 10, 115 + 30]
    assert partnership_points([spades[:4], spades[4:] + others], [0, 12], Rank.TEN) == [0, 190]


# ----- illegal actions: precise, rule-citing reasons; nothing changes -------------------------------
def snapshot(state: NestorsState) -> tuple[str, list[str]]:
    return json.dumps(state.view(None), sort_keys=True), list(state.history)


def reach(seed: int, phase: str, rng: random.Random | None = None) -> NestorsState:
    """A random deal advanced to the first moment of ``phase``."""
    rng = rng or random.Random(seed)
    state = new_state(seed, dealer=3)
    while state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_illegal_actions_explain_with_rule_ids() -> None:
    state = new_state(11, dealer=3)
    cases = [
        ("bid 62", "a bid is a multiple of 5 points: 62 is not (NES-4)"),
        ("bid 200", "the highest bid is 190, all the points of a deal: 200 is too high (E-2)"),
        ("play 9S", "this is the bidding phase (NES-4)"),
        ("leave 9S", "legal now: pass, bid 65 … bid 190"),
        ("bid 60", "bid 60 is not higher than the current bid 60 (NES-4)"),
    ]
    state.apply("bid 60")
    for text, message in cases:
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as info:
            state.apply(text)
        assert message in str(info.value)
        assert info.value.explanation.rule.startswith(("NES-", "E-"))
        assert info.value.explanation.text("ru")
        assert snapshot(state) == before


@pytest.mark.rules("E-4", "E-3")
def test_forced_fourth_bid_and_final_passes() -> None:
    state = new_state(12, dealer=0)
    for _ in range(3):
        state.apply("pass")
    assert state.to_act == 0
    assert "pass" not in state.legal_strings()
    with pytest.raises(IllegalActionError, match=r"seat 0 must bid \(at least 5\) and may not pass \(E-4\)"):
        state.apply("pass")
    state.apply("bid 5")
    assert state.phase == "trump"
    assert state.contract_json() == {"seat": 0, "bid": 5}
    state = new_state(12, dealer=0)
    state.apply("bid 50")
    state.apply("pass")  # seat 2 passes: he is skipped from now on (E-3)
    state.apply("bid 55")  # seat 3 raises his partner's bid (NES-4)
    state.apply("bid 60")
    assert state.to_act == 1
    state.apply("bid 65")
    assert state.to_act == 3  # seat 2 passed for good


def c_is_restricted(state: NestorsState) -> bool:
    """C is to play and may not play every card he holds."""
    return state.position() == "C" and len(state.legal_actions()) < len(state.hands[state.to_act])


@pytest.mark.rules("NES-6")
def test_c_must_play_a_third_suit_message() -> None:
    """The message names the seat, A's and B's suits and the cards C holds (NES-6)."""
    rng = random.Random(1)
    for seed in range(400):
        state = reach(seed, "play", rng)
        while not state.is_done and not c_is_restricted(state):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_done:
            continue
        seat = state.to_act
        legal = set(state.legal_strings())
        bad = next(f"play {c}" for c in state.hands[seat] if f"play {c}" not in legal)
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        why = info.value.explanation
        assert why.rule == "NES-6"
        assert why.key in ("nestors.c_must_same", "nestors.c_must_third")
        text = str(info.value)
        assert f"seat {seat} (C) must play" in text
        assert text.endswith("(NES-6)")
        assert why.text("ru").endswith("(NES-6)")
        assert snapshot(state) == before
        return
    pytest.fail("no deal where C was restricted")


VERBS = ["bid", "pass", "trump", "open", "play", "leave", "BID", "Play", "agree", "exchange", ""]
CARD_WORDS = [*DECK_TEXTS, "2S", "11H", "♥10", "10♥", "tS", "В♠", "xx", "", "JJ"]
ARG_WORDS = [*CARD_WORDS, "0", "5", "7", "60", "185", "190", "195", "-5", "A", "J", "10", "K", "6", "Т"]
candidate = st.one_of(
    st.builds(lambda v, a: f"{v} {a}".strip(), st.sampled_from(VERBS), st.sampled_from(ARG_WORDS)),
    st.builds(
        lambda v, a, b, c: f"{v} {a} {b} {c}",
        st.sampled_from(["open", "play", "leave"]),
        st.sampled_from(CARD_WORDS),
        st.sampled_from(CARD_WORDS),
        st.sampled_from(CARD_WORDS),
    ),
    st.text(max_size=12),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.lists(st.tuples(st.booleans(), st.integers(0, 50), candidate), max_size=90))
def test_random_and_illegal_action_strings(seed: int, steps: list[tuple[bool, int, str]]) -> None:
    """Legal actions apply; illegal or garbage ones raise IllegalActionError and change nothing."""
    state = new_state(seed, dealer=seed % 4)
    for take_legal, index, text in steps:
        if state.is_done:
            break
        legal = state.legal_strings()
        if take_legal:
            state.apply(legal[index % len(legal)])
            continue
        before = snapshot(state)
        try:
            state.apply(text)
        except IllegalActionError as exc:
            error = exc
        else:
            assert state.history[-1] in legal
            assert state.history[:-1] == before[1]
            continue
        assert snapshot(state) == before
        assert state.legal_strings() == legal
        assert error.explanation.rule
        assert error.explanation.text("ru")


# ----- views hide what a seat may not see -------------------------------------------------------
@pytest.mark.rules("NES-3", "NES-5")
def test_views_never_show_hidden_cards() -> None:
    """A seat sees its own hand, the face-up row and cards played; never others' hands,
    the face-down row card (until played) or the undealt second batch."""
    rng = random.Random(77)
    for seed in range(100):
        state = new_state(seed, dealer=seed % 4)
        face_down = state.deal["row"][0].text
        face_up = {c.text for c in state.deal["row"][1:]}
        extra = {c.text for cards in state.deal["extra"] for c in cards}
        while True:
            played = {card.text for trick in state.tricks for _, card in trick.plays}
            full = json.dumps(state.view(None))
            assert sorted({rank + suit for rank, suit in CARD_TOKEN.findall(full)}) == DECK_TEXTS
            for seat in range(4):
                own = {c.text for c in state.hands[seat]}
                shown = {rank + suit for rank, suit in CARD_TOKEN.findall(json.dumps(state.view(seat)))}
                hidden = shown - own - face_up - played
                assert not hidden, (seat, state.phase, hidden)
                if state.phase in ("bidding", "trump"):
                    assert face_down not in shown
                    assert not (shown & extra)
                if seat != state.to_act:
                    assert state.view(seat)["legal"] == []
            if state.is_done:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_view_of_a_bad_seat_is_an_error() -> None:
    with pytest.raises(ValueError, match="no seat 4"):
        new_state(1).view(4)


# ----- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "unknown action"),
        ("fold", "unknown action"),
        ("bid", 'malformed action "bid": expected "bid N"'),
        ("bid ten", "malformed action"),
        ("bid 60 70", "malformed action"),
        ("open KS 7H", 'expected "open CARD CARD CARD"'),
        ("play 11S", 'bad card in action "play 11S"'),
        ("trump Z", "malformed action"),
    ],
)
def test_malformed_actions(text: str, message: str) -> None:
    state = new_state(3)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        state.apply(text)
    assert snapshot(state) == before


def test_lenient_spellings_are_read_canonically() -> None:
    state = new_state(3, dealer=3)
    state.apply("BID 60")
    for _ in range(3):
        state.apply("Pass")
    choices = state.trump_choices()
    state.apply(f"trump {'т' if Rank.ACE in choices else choices[0].text}")
    assert state.history[-1] == f"trump {choices[0].text}"
    legal = state.legal_strings()[0]
    _, own, first, second = legal.split()
    state.apply(f"open {own} {second} {first}")  # the face-up cards in either order
    assert state.history[-1] == legal


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"row": ["7C", "AS", "KD"]}, "deal: row: expected 4 cards"),
        ({"hands": "x"}, "deal: hands: expected 4 lists of 5 cards"),
        ({"extra": [["6S", "7S", "8S"]]}, "deal: extra: expected 4 lists of 3 cards"),
        ({"talon": []}, 'unknown part "talon"'),
    ],
)
def test_bad_deal_shapes(deal: dict[str, Any], message: str) -> None:
    good = Nestors.deal_to_json(Nestors.random_deal(1))
    good.update(deal)
    with pytest.raises(RecordError, match=re.escape(message)):
        Nestors.deal_from_json(good)


def test_bad_dealer_and_bad_rules() -> None:
    with pytest.raises(RecordError, match="dealer"):
        Nestors.new_state(Nestors.random_deal(1), 4)
    for rules in ({"dealer": "left"}, {"target": 0}, {"trumps": "A"}, {"target": "1000"}):
        with pytest.raises(RecordError, match="rules"):
            Match("nestors", rules)


# ----- records (the golden playthrough is in test_golden.py) ----------------------------------------------------------
@pytest.mark.rules("NES-2", "NES-8")
def test_finished_records_agree_with_the_rule_text() -> None:
    """Every Nestors record test that plays a deal to the end checks out with the reference."""
    finished = 0
    for path in sorted(RECORDS.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        record = case["record"]
        if "error" in case or "deals" in record:
            continue
        state = replay(record)
        if state.is_done:
            made_opponents = record.get("rules", {}).get("made_opponents", "own_points")
            check_finished_deal(state.summary(), [c.text for c in state.deal["row"]], made_opponents)
            finished += 1
    assert finished >= 2
