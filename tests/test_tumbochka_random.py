"""Tumbochka: seeded random deals and matches checked against an independent referee.

The referee below re-derives everything from the deal and the action strings
alone (no engine code): who may do what, who wins each trick, the trump in
force, trilyazh bonuses, deal points and scores, and the tumbochka position
after each deal of a match.
"""

from __future__ import annotations

import random

import pytest

from cardwidgets import Match
from cardwidgets.games.tumbochka import Tumbochka, TumbochkaState

RANKS = ["6", "7", "8", "J", "Q", "K"]  # TUM-1, low to high
DEALS = 2000


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def suit(card: str) -> str:
    return card[-1]


class Referee:
    """An independent, string-based model of one Tumbochka deal's play phase."""

    def __init__(self, deal: dict, dealer: int) -> None:
        self.hands = [[c.text for c in hand] for hand in deal["hands"]]
        self.talon = [c.text for c in deal["talon"]]
        self.dealer = dealer
        self.bids: list[tuple[int, str]] = []
        self.declarer: int | None = None
        self.contract: int | None = None
        self.trump: str | None = None
        self.trick: list[tuple[int, str]] = []
        self.winners: list[int] = []
        self.tricks: list[list[tuple[int, str]]] = []
        self.bonus = [0, 0, 0]
        self.trilyazh: tuple[int, str, int] | None = None  # seat, suit, tricks won so far
        self.leader: int | None = None

    def legal_plays(self, seat: int) -> set[str]:
        """TUM-5 and T-4, written from the rule file."""
        hand = self.hands[seat]
        if not self.trick:
            if self.trilyazh is not None and self.trilyazh[0] == seat and self.trilyazh[2] > 0:
                return {f"play {'JQK'[self.trilyazh[2]]}{self.trilyazh[1]}"}
            legal = {f"play {c}" for c in hand}
            for s in "SHDC":
                if {f"K{s}", f"Q{s}", f"J{s}"} <= set(hand):
                    legal.add(f"play J{s} trilyazh")
                if {f"8{s}", f"7{s}", f"6{s}"} <= set(hand) and s != self.trump:
                    legal.add(f"play 6{s} troyan")
            return legal
        led = suit(self.trick[0][1])
        for wanted in (led, self.trump):
            cards = {f"play {c}" for c in hand if suit(c) == wanted}
            if cards:
                return cards
        return {f"play {c}" for c in hand}

    def play(self, seat: int, text: str) -> None:
        words = text.split()
        card = words[1]
        if not self.trick:
            self.leader = seat
            if words[-1] == "troyan":
                self.trump = suit(card)
            if words[-1] == "trilyazh":
                self.trilyazh = (seat, suit(card), 0)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 3:
            self.close()

    def close(self) -> None:
        led = suit(self.trick[0][1])
        trumps = [p for p in self.trick if suit(p[1]) == self.trump]
        pool = trumps or [p for p in self.trick if suit(p[1]) == led]
        winner = max(pool, key=lambda p: rank(p[1]))[0]
        self.winners.append(winner)
        self.tricks.append(self.trick)
        self.trick = []
        if self.trilyazh is not None:
            seat, s, won = self.trilyazh
            if winner != seat:
                self.trilyazh = None
            elif won == 2:
                self.bonus[seat] += 3
                self.trilyazh = None
            else:
                self.trilyazh = (seat, s, won + 1)

    def points(self) -> list[int]:
        return [self.winners.count(seat) + self.bonus[seat] for seat in range(3)]

    def score(self) -> list[int]:
        points = self.points()
        made = points[self.declarer] >= self.contract
        points[self.declarer] = self.contract if made else -self.contract
        return points


def check_bidding(state: TumbochkaState, sitter: int | None, scores: list[int]) -> None:
    """TUM-3, T-1, T-10, TUM-8 from the action strings of the auction."""
    seat = (state.dealer + 1) % 3
    current = 0
    passed: set[int] = set()
    last_bidder = None
    for text in state.history:
        if state.declarer is not None and len(passed) == 2:
            break
        assert seat not in passed
        if text == "pass":
            assert current > 0 or seat == sitter, "only a sitter may pass before the opening"
            passed.add(seat)
        else:
            bid = int(text.split()[1])
            if current == 0 and seat != sitter:
                assert bid == 4
            assert current < bid <= 14
            if seat == sitter:
                assert bid >= 7
            elif sitter is not None and bid >= 7:
                assert scores[seat] >= 1
            current, last_bidder = bid, seat
        if len(passed) == 2 and current > 0:
            break
        seat = (seat + 1) % 3
        while seat in passed:
            seat = (seat + 1) % 3
    assert state.declarer == last_bidder
    assert state.bid == current


def play_deal(state: TumbochkaState, rng: random.Random, referee: Referee | None = None) -> None:
    """Random legal actions (announcing when possible, mostly) to the end, checked by the referee."""
    while not state.is_done:
        legal = state.legal_actions()
        assert legal, "legal actions are never empty before the deal is done"
        assert len({a.text for a in legal}) == len(legal)
        seat = state.to_act
        if referee is not None and state.phase == "play":
            if referee.declarer is None:
                referee.declarer, referee.contract = state.declarer, state.contract
                referee.hands = [[c.text for c in h] for h in state.hands]
                assert seat == state.declarer  # T-3
            assert {a.text for a in legal} == referee.legal_plays(seat)
        announcements = [a for a in legal if a.flag]
        action = rng.choice(announcements if announcements and rng.random() < 0.7 else legal)
        assert state.parse(action.text) is action  # canonical strings read back to the same action
        state.apply(action)
        if referee is not None and action.verb == "play":
            referee.play(seat, action.text)


@pytest.mark.rules("TUM-1", "TUM-2", "TUM-3", "TUM-4", "TUM-5", "TUM-6", "T-1", "T-3", "T-4", "T-5")
def test_random_deals_against_the_referee() -> None:
    announced = {"trilyazh": 0, "troyan": 0, "bonus": 0}
    for seed in range(DEALS):
        rng = random.Random(seed)
        deal = Tumbochka.random_deal(rng)
        dealer = rng.randrange(3)
        cards = Tumbochka.deal_cards(deal)
        assert len(cards) == 24
        assert len(set(cards)) == 24
        assert [len(h) for h in deal["hands"]] == [7, 7, 7]
        assert len(deal["talon"]) == 3
        state = Tumbochka.new_state(deal, dealer)
        referee = Referee(deal, dealer)
        play_deal(state, rng, referee)
        check_bidding(state, None, [0, 0, 0])
        # 8 tricks, every card once, each seat once per trick, the winner leads next.
        assert len(state.tricks) == 8
        played = [c for t in state.tricks for c in t.cards()]
        assert sorted(played) == sorted(cards)
        assert all(h == [] for h in state.hands)
        leaders = [t.plays[0][0] for t in state.tricks]
        assert leaders == [state.declarer] + [t.collector for t in state.tricks[:-1]]
        assert all(sorted(s for s, _ in t.plays) == [0, 1, 2] for t in state.tricks)
        assert [t.collector for t in state.tricks] == referee.winners
        assert state.trump_json() == referee.trump
        # Deal points = tricks + trilyazh bonuses; declarer +/- contract, defenders their points.
        points = state.points()
        assert points == referee.points()
        assert sum(points) == 8 + sum(referee.bonus)
        assert state.score() == referee.score()
        assert state.contract is not None
        assert 4 <= state.bid <= state.contract <= 14
        announced["trilyazh"] += sum("trilyazh" in h for h in state.history)
        announced["troyan"] += sum("troyan" in h for h in state.history)
        announced["bonus"] += sum(referee.bonus) // 3
    # The random deals really exercise the announcements.
    assert announced["trilyazh"] > 100
    assert announced["troyan"] > 100
    assert announced["bonus"] > 20


def reference_end_deal(position: dict, deal_score: list[int]) -> int | None:
    """TUM-7 and TUM-8 in the rule file's order; changes ``position``; returns the winner."""
    scores, sitter = position["scores"], position["sitting"]

    def knock_off(seat: int) -> None:
        position["removals"][seat] += 1
        if position["removals"][seat] >= 2:
            scores[seat] = 0
            position["bagels"][seat] = True
        else:
            scores[seat] = 10
        if position["sitting"] == seat:
            position["sitting"] = None
            position["sat_deals"] = 0

    for seat in range(3):
        if seat != sitter:
            scores[seat] += deal_score[seat]
    if sitter is not None and deal_score[sitter] >= 7:
        return sitter
    arrivals = [s for s in range(3) if s != sitter and scores[s] >= 20]
    if len(arrivals) == 1:
        if position["bagels"][arrivals[0]]:
            return arrivals[0]
        if sitter is not None:
            knock_off(sitter)
        position["sitting"], position["sat_deals"] = arrivals[0], 0
        scores[arrivals[0]] = 20
    elif arrivals:
        for seat in [*arrivals, *([sitter] if sitter is not None else [])]:
            knock_off(seat)
    if sitter is not None and position["sitting"] == sitter:
        position["sat_deals"] += 1
        if position["sat_deals"] == 3:
            knock_off(sitter)
    return None


def cautious_choice(state: TumbochkaState, rng: random.Random):
    """Random play that bids low more often, so scores climb and the tumbochka is reached."""
    legal = state.legal_actions()
    if state.phase == "bidding" and rng.random() < 0.8:
        return legal[0] if rng.random() < 0.5 else legal[-1]  # the lowest bid or a pass
    if state.phase == "talon" and legal[0].verb == "keep" and rng.random() < 0.8:
        return legal[0]
    return rng.choice(legal)


def random_start(rng: random.Random) -> dict:
    """A reachable start position, often close to the tumbochka."""
    sitting = rng.choice([None, 0, 1, 2])
    scores = [rng.randint(10, 19) if rng.random() < 0.6 else rng.randint(-10, 19) for _ in range(3)]
    removals = [rng.choice([0, 0, 1, 2, 3]) for _ in range(3)]
    start = {"scores": scores, "sitting": sitting, "sat_deals": 0, "removals": removals}
    if sitting is not None:
        scores[sitting] = 20
        removals[sitting] = rng.randint(0, 1)  # a bagel holder never sits
        start["sat_deals"] = rng.randint(0, 2)
    start["bagels"] = [r >= 2 for r in removals]
    return start


@pytest.mark.rules("TUM-7", "TUM-8", "T-6", "T-7", "T-8", "T-9", "T-10", "option:max_deals")
def test_random_matches_keep_the_tumbochka_invariants() -> None:
    seen = {"sit": 0, "removal": 0, "bagel": 0, "win": 0, "limit": 0, "sitter_first_hand": 0}
    events: set[str] = set()
    for seed in range(300):
        rng = random.Random(seed)
        start = random_start(rng) if seed % 2 else None
        match = Match("tumbochka", {"max_deals": 30}, seed=seed, start=start)
        expected = match.position.to_json()  # the reference's position: the record form
        while not match.is_over:
            sitter = match.position.to_json()["sitting"]
            scores = list(match.scores)
            state = match.new_deal()
            assert isinstance(state, TumbochkaState)
            if sitter is not None and state.to_act == sitter:
                seen["sitter_first_hand"] += 1
            while not state.is_done:
                state.apply(cautious_choice(state, rng))
            check_bidding(state, sitter, scores)
            removals_before = match.position.to_json()["removals"]
            bagels_before = match.position.to_json()["bagels"]
            match.end_deal()
            winner = reference_end_deal(expected, state.score())
            position = match.position.to_json()
            assert match.winner == winner
            if winner is None:
                assert position == expected
            # At most one sitter, sitting at exactly 20; nobody else at 20 or more.
            sitting = position["sitting"]
            if sitting is not None and winner is None:
                assert position["scores"][sitting] == 20
                assert 0 <= position["sat_deals"] < 3
            if winner is None:
                assert all(s < 20 for seat, s in enumerate(position["scores"]) if seat != sitting)
            # Removal counts only grow; a bagel comes with the second removal and stays.
            assert all(a >= b for a, b in zip(position["removals"], removals_before, strict=True))
            assert all(a or not b for a, b in zip(position["bagels"], bagels_before, strict=True))
            assert all(bagel == (r >= 2) for bagel, r in zip(position["bagels"], position["removals"], strict=True))
            seen["sit"] += sitting is not None and sitting != sitter
            seen["removal"] += sum(position["removals"]) > sum(removals_before)
            seen["bagel"] += sum(position["bagels"]) > sum(bagels_before)
            events |= {e.key for e in state.match_events}
        assert match.is_over
        assert len(match.deals) <= 30
        if match.winner is None:
            assert len(match.deals) == 30
            seen["limit"] += 1
        else:
            seen["win"] += 1
    assert all(count > 0 for count in seen.values()), seen
    transitions = {"sits", "won_sitting", "won_bagel", "knocked_by_arrival", "knocked_together", "timed_out"}
    assert events == {f"tumbochka.{key}" for key in transitions}
