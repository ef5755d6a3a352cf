"""The rules of thumb do what their docstrings say (``cardwidgets/bots/{nimby,tumbochka,nestors}.py``)."""

from __future__ import annotations

import random

from cardwidgets.bots import HeuristicBot
from cardwidgets.cards import Rank, Suit, parse_cards
from cardwidgets.games import GAMES
from cardwidgets.games.nestors import CARD_POINTS, TEAM
from cardwidgets.games.nestors.bot import hand_count
from cardwidgets.games.nestors.tricks import resolve_trick
from cardwidgets.games.nimby import Nimby
from cardwidgets.games.nimby.bot import suit_count
from cardwidgets.games.tumbochka.bot import hand_points

BOT = HeuristicBot()


def states_along(game: str, deals: int):
    """Every state of ``deals`` deals played by the heuristic bots (with some random moves mixed in)."""
    cls = GAMES[game]
    for number in range(deals):
        state = cls.new_state(cls.random_deal(number), number % cls.num_players)
        rng = random.Random(number)
        while not state.is_done:
            yield state
            legal = state.legal_actions()
            state.apply(BOT.choose(state) if rng.random() < 0.8 else rng.choice(legal))


# ----- Nimby -----------------------------------------------------------------------------------------
def nimby_deal() -> dict:
    hands = ["2C AS 3S 4S 5S", "2S 6S AH 3H 4H", "2D 4D 5H 6H 3C", "2H 5D 6D AC 4C"]
    return Nimby.deal_from_json({"hands": [h.split() for h in hands], "turnup": "3D", "stock": ["AD", "5C", "6C"]})


def test_nimby_leads_the_top_two_and_partner_banks_a_two_on_it():
    state = Nimby.new_state(nimby_deal(), dealer=3)
    for action in ("agree", "pass", "pass", "pass"):
        state.apply(action)
    lead = BOT.decide(state)
    assert lead.action.text == "play 2C"
    assert lead.reason.key == "bots.nimby.lead_top_two"
    state.apply(lead.action)
    state.apply("play 2S")  # seat 1 must follow trumps with his only trump
    bank = BOT.decide(state)  # seat 2 holds 2D and 4D: the 2 goes on partner's sure trick
    assert bank.action.text == "play 2D"
    assert bank.reason.key == "bots.nimby.bank_two"
    assert "2C" in bank.text("en").replace("♣", "C")


def test_nimby_counts_twos_and_trumps_and_passes_weak_hands():
    strong = parse_cards(["2C", "2S", "AD", "4D", "3H"])
    weak = parse_cards(["2D", "3S", "4H", "AC", "5C"])
    assert suit_count(strong, Suit.D) >= 2.6 > suit_count(weak, Suit.D)
    state = Nimby.new_state(nimby_deal(), dealer=3)  # eldest (seat 0) holds one 2 only
    decision = BOT.decide(state)
    assert decision.action.text == "pass"
    assert decision.reason.key == "bots.nimby.pass_weak"


def test_nimby_last_player_never_throws_a_two_to_the_opponents_needlessly():
    checked = 0
    for state in states_along("nimby", 120):
        plays = state.tricks[-1].plays if state.phase == "play" else []
        if len(plays) != 3:
            continue
        legal = [a.card for a in state.legal_actions()]
        card = BOT.choose(state).card
        after = state.clone()
        after.apply(f"play {card}")
        taker = after.tricks[-1].collector if after.tricks[-1].collector is not None else after.tricks[-2].collector
        if taker % 2 != state.to_act % 2 and any(c.rank != Rank.TWO for c in legal):
            checked += 1
            assert card.rank != Rank.TWO, (state.history, card)
    assert checked > 50


# ----- Tumbochka ------------------------------------------------------------------------------------------
def test_tumbochka_counts_kings_queens_and_trilyazhes():
    assert hand_points(parse_cards(["KS", "QS", "JS", "6H", "7H", "8D", "6C"])) == 6  # 3 tricks + 3 for the trilyazh
    assert hand_points(parse_cards(["6S", "7H", "8H", "6D", "7D", "JC", "8C"])) < 1


def test_tumbochka_announces_every_trilyazh_it_may():
    announced = 0
    for state in states_along("tumbochka", 150):
        if state.phase != "play":
            continue
        legal = state.legal_strings()
        decision = BOT.decide(state)
        if any(text.endswith("trilyazh") for text in legal):
            announced += 1
            assert decision.action.text.endswith("trilyazh")
    assert announced > 5


def test_tumbochka_gives_away_its_least_useful_cards():
    for state in states_along("tumbochka", 60):
        if state.phase == "talon" and state.legal_actions()[0].verb == "give":
            card = BOT.choose(state).card
            assert card.rank != Rank.KING or all(c.rank == Rank.KING for c in state.hands[state.to_act])


# ----- Nestors ------------------------------------------------------------------------------------------------
def test_nestors_count_rises_with_trumps_held():
    row = parse_cards(["6S", "7H", "8D"])
    few = parse_cards(["6C", "7C", "8C", "9C", "QS"])
    many = parse_cards(["JS", "JH", "JD", "9C", "QS"])
    assert hand_count(many, row, Rank.JACK) > hand_count(few, row, Rank.JACK) + 50


def test_nestors_c_wins_whenever_he_can_and_leaves_the_cheapest_card():
    wins = 0
    for state in states_along("nestors", 80):
        if state.phase == "leave":
            left = BOT.choose(state).card
            points = CARD_POINTS[state.trump]
            assert points[left] == min(points[c] for c in state.pending)
        if state.phase != "play" or len(state.tricks[-1].plays) != 2 or len(state.order) != 3:
            continue
        (_, a), (_, b) = state.tricks[-1].plays
        legal = [x.card for x in state.legal_actions()]
        can_win = [c for c in legal if resolve_trick(a, b, c, state.trump).winners == "AC"]
        card = BOT.choose(state).card
        if can_win:
            wins += 1
            assert card in can_win
    assert wins > 50


def test_nestors_bidders_never_outbid_their_partner():
    for state in states_along("nestors", 150):
        if state.phase != "bidding" or state.high_bidder is None or state.must_bid():
            continue
        if TEAM[state.high_bidder] == TEAM[state.to_act]:
            assert BOT.choose(state).text == "pass"
