"""Tumbochka: hidden information, illegal actions, explanations, bad input and the golden playthrough."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import RECORDS

from cardwidgets import IllegalActionError, Match, RecordError, Suit, parse_card
from cardwidgets.core.explain import Explanation
from cardwidgets.games.tumbochka import TROYAN, TUMBOCHKA_DECK, Tumbochka, TumbochkaState
from cardwidgets.games.tumbochka import words as messages

DECK_TEXTS = {c.text for c in TUMBOCHKA_DECK}
# Seat 0 holds a spade troyan and a heart trilyazh; seat 1 a club troyan.
DEAL = {
    "hands": [
        ["8S", "7S", "6S", "KH", "QH", "JH", "KD"],
        ["8C", "7C", "6C", "KS", "QS", "JS", "8D"],
        ["QD", "JD", "7D", "6D", "KC", "QC", "JC"],
    ],
    "talon": ["8H", "7H", "6H"],
}


def new_state(dealer: int = 2, rules: dict | None = None, **kwargs) -> TumbochkaState:
    return TumbochkaState(Tumbochka.deal_from_json(DEAL), dealer, rules, **kwargs)


def random_state(seed: int, steps: int, rules: dict | None = None) -> TumbochkaState:
    """A deal from ``seed`` after up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state = Tumbochka.new_state(Tumbochka.random_deal(rng), rng.randrange(3), rules)
    for _ in range(steps):
        if state.is_done:
            break
        legal = state.legal_actions()
        announcements = [a for a in legal if a.flag]
        state.apply(rng.choice(announcements or legal))
    return state


def cards_in(value: object) -> set[str]:
    """Every card text found anywhere in a JSON value (also inside action strings)."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, str):
        return {word for word in value.split() if word in DECK_TEXTS}
    return set()


def allowed_cards(state: TumbochkaState, seat: int) -> set[str]:
    """What ``seat`` may know: own hand, cards played, shown troyans, the shown talon, own gifts.

    An announced trilyazh tells everyone that its leader holds the K and Q of that suit.
    """
    allowed = {c.text for c in state.hands[seat]}
    allowed |= {c.text for t in state.tricks for c in t.cards()}
    for _, troyan_suit in state.troyans:
        allowed |= {f"{r}{troyan_suit.value}" for r in "876"}
    for _, trilyazh_suit, _ in state.trilyazhes:
        allowed |= {f"{r}{trilyazh_suit.value}" for r in "KQJ"}
    if state.talon_visible(seat):
        allowed |= {c.text for c in state.deal["talon"]}
    for receiver, card in enumerate(state.given):
        if card is not None and seat in (state.declarer, receiver):
            allowed.add(card.text)
    return allowed


# ----- hidden information ---------------------------------------------------------
@pytest.mark.rules("TUM-4", "T-2", "TUM-5")
@pytest.mark.parametrize("talon_shown", [True, False])
def test_views_hide_what_a_seat_may_not_see(talon_shown: bool) -> None:
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = Tumbochka.new_state(Tumbochka.random_deal(rng), rng.randrange(3), {"talon_shown": talon_shown})
        while True:
            for seat in range(3):
                view = state.view(seat)
                assert [h is None for h in view["hands"]] == [s != seat for s in range(3)]
                leaked = cards_in(view) - allowed_cards(state, seat)
                assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"
                checked += 1
            if state.is_done:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 1000


@pytest.mark.rules("T-2", "option:talon_shown")
def test_talon_hidden_in_bidding_then_shown_to_all() -> None:
    state = new_state()
    talon = ["8H", "7H", "6H"]
    assert all(state.view(seat)["talon"] is None for seat in range(3))
    assert state.view(None)["talon"] == talon
    assert all(not cards_in(state.view(seat)) & set(talon) for seat in range(3))
    for action in ["bid 4", "pass", "pass"]:
        state.apply(action)
    assert [state.view(seat)["talon"] for seat in range(3)] == [talon, talon, talon]


@pytest.mark.rules("option:talon_shown")
def test_talon_not_shown_is_seen_by_the_declarer_only() -> None:
    state = new_state(rules={"talon_shown": False})
    for action in ["bid 4", "pass", "pass"]:
        state.apply(action)
    assert [state.view(seat)["talon"] for seat in range(3)] == [["8H", "7H", "6H"], None, None]
    assert not cards_in(state.view(1)) & {"8H", "7H", "6H"}


@pytest.mark.rules("TUM-4")
def test_a_given_card_is_hidden_from_the_third_player() -> None:
    state = new_state()
    for action in ["bid 4", "pass", "pass", "give 8H 1"]:
        state.apply(action)
    assert state.view(0)["history"][-1] == "give 8H 1"
    assert state.view(1)["history"][-1] == "give 8H 1"
    assert state.view(2)["history"][-1] == "give ? 1"
    assert state.view(2)["given"] == [None, "?", None]
    assert state.view(1)["given"] == [None, "8H", None]
    assert state.view(None)["history"][-1] == "give 8H 1"
    assert state.history[-1] == "give 8H 1"


@pytest.mark.rules("TUM-5")
def test_troyan_cards_become_public() -> None:
    state = new_state()
    for action in ["bid 4", "pass", "pass", "give 8H 1", "give 7H 2", "keep"]:
        state.apply(action)
    assert not cards_in(state.view(1)) & {"8S", "7S"}
    state.apply("play 6S troyan")
    for seat in (1, 2):
        view = state.view(seat)
        assert view["troyans"] == [{"seat": 0, "suit": "S", "cards": ["8S", "7S", "6S"]}]
        assert view["trump"] == "S"
    assert state.is_trump(parse_card("8S"))
    assert not state.is_trump(parse_card("KH"))


def test_view_of_a_bad_seat() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        new_state().view(3)


# ----- illegal actions change nothing -------------------------------------------------
CARD_WORDS = st.sampled_from([*sorted(DECK_TEXTS), "10H", "AS", "2C", "XX", "♥K", "кс", ""])
ACTION_TEXT = st.one_of(
    st.builds(lambda n: f"bid {n}", st.integers(-3, 20)),
    st.builds(lambda n: f"raise {n}", st.integers(0, 20)),
    st.builds(lambda c, s: f"give {c} {s}", CARD_WORDS, st.integers(-1, 4)),
    st.builds(lambda c, f: f"play {c} {f}".strip(), CARD_WORDS, st.sampled_from(["", "troyan", "trilyazh", "bogus"])),
    st.sampled_from(["pass", "keep", "PASS", "Keep", "bid", "give", "play", "", "   ", "pass now", "bid four"]),
    st.text(max_size=20),
)


@pytest.mark.rules("TUM-3", "TUM-4", "TUM-5", "T-4")
@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), texts=st.lists(ACTION_TEXT, min_size=1, max_size=6))
def test_illegal_actions_raise_and_change_nothing(seed: int, steps: int, texts: list[str]) -> None:
    state = random_state(seed, steps)
    for text in texts:
        legal = set(state.legal_strings())
        before_view = json.dumps(state.view(None), sort_keys=True)
        before_history = list(state.history)
        try:
            action = state.parse(text)
        except IllegalActionError:
            action = None
        if action is not None and action.text in legal:
            state.apply(text)
            assert state.history == [*before_history, action.text]
            continue
        with pytest.raises(IllegalActionError) as info:
            state.apply(text)
        explanation = info.value.explanation
        assert explanation.text("en")
        assert explanation.text("ru")
        if action is not None and not state.is_done:  # a well-formed action: the reason cites a rule
            assert re.fullmatch(r"TUM-\d|T-\d+", explanation.rule), explanation
        assert json.dumps(state.view(None), sort_keys=True) == before_view
        assert state.history == before_history


def test_apply_rejects_non_strings() -> None:
    state = new_state()
    with pytest.raises(IllegalActionError, match="malformed"):
        state.apply(4)  # type: ignore[arg-type]
    assert state.history == []


@pytest.mark.rules("TUM-5")
def test_troyan_in_the_trump_suit_is_refused() -> None:
    """Unreachable in real play (the 6 of the trump suit was led to make it trump), checked directly."""
    state = new_state()
    for action in ["bid 4", "pass", "pass", "give 8H 1", "give 7H 2", "keep"]:
        state.apply(action)
    state.trump = Suit.S  # as if a spade troyan had been shown
    state._legal_cache = None
    assert TROYAN[Suit.S] not in state.legal_actions()
    refused = r"♠ is already trump: a troyan in the trump suit is not allowed \(TUM-5\)"
    with pytest.raises(IllegalActionError, match=refused):
        state.apply("play 6S troyan")


@pytest.mark.rules("TUM-5", "T-4")
def test_every_trick_explanation_cites_its_rule() -> None:
    keys = set()
    for seed in range(200):
        state = random_state(seed, 200)
        assert state.is_done
        for trick in state.tricks:
            explanation = trick.explanation
            assert explanation is not None
            assert explanation.rule in ("TUM-5", "T-4")
            keys.add(explanation.key)
            for locale in ("en", "ru"):
                assert f"({explanation.rule})" in explanation.text(locale)
        assert state.score_explanation().rule == "TUM-6"
    kinds = ("trick_trump", "trick_suit", "trilyazh_next", "trilyazh_made", "trilyazh_broken")
    assert keys == {f"tumbochka.{k}" for k in kinds}


def test_messages_render_in_both_locales() -> None:
    params = {
        "seat": 1,
        "sitter": 0,
        "bid": 5,
        "to": 2,
        "card": parse_card("JS"),
        "suit": Suit.H,
        "held": [parse_card("7H")],
        "what": {"en": "a troyan", "ru": "троян"},
        "won": {"en": "J", "ru": "валетом"},
        "next": parse_card("QS"),
        "winner": 2,
        "points": 3,
        "contract": 6,
        "score": 10,
        "removals": 1,
        "bagel": "",
        "text": "keep",
        "phase": {"en": "bidding", "ru": "торговля"},
        "rule": "TUM-3",
        "legal": "bid 4",
    }
    for key, texts in messages.MESSAGES.items():
        assert set(texts) == {"en", "ru"}
        english = Explanation("?", key, params).text("en")
        russian = Explanation("?", key, params).text("ru")
        rule = re.search(r"\((TUM-\d|T-\d+)\)", english)
        assert rule, f"{key}: the English text cites no rule id"
        assert f"({rule.group(1)})" in russian
        assert "{" not in english
        assert "{" not in russian
    ru = " ".join(t["ru"] for t in messages.MESSAGES.values())
    for term in ("трильяж", "троян", "тумбочк", "золот"):
        assert term in ru


def test_explanations_are_precise_in_russian_too() -> None:
    state = new_state()
    with pytest.raises(IllegalActionError) as info:
        state.apply("bid 5")
    assert info.value.explanation.rule == "TUM-3"
    assert info.value.explanation.text("ru") == "первая рука обязана заказать ровно 4 (TUM-3)"


# ----- matches ---------------------------------------------------------------------------
@pytest.mark.rules("TUM-8", "TUM-2")
def test_match_deals_know_the_sitter_and_rotate() -> None:
    match = Match("tumbochka", start={"scores": [20, 0, 3], "sitting": 0}, dealer=2)
    state = match.new_deal(Tumbochka.deal_from_json(DEAL))
    assert isinstance(state, TumbochkaState)
    assert state.sitter == 0
    assert state.to_act == 0
    assert state.legal_strings() == [f"bid {n}" for n in range(7, 15)] + ["pass"]
    state.apply("pass")
    assert state.legal_strings() == ["bid 4"]
    state.apply("bid 4")
    assert state.legal_strings() == [f"bid {n}" for n in range(5, 15)] + ["pass"]  # seat 2 has 3 points
    state.apply("pass")
    assert state.contract_json() == {"seat": 1, "bid": 4}
    while not state.is_done:
        state.apply(state.legal_actions()[0])
    match.end_deal()
    assert match.dealer == 0
    assert match.scores[0] == 20
    assert match.position.sat_deals == 1  # type: ignore[attr-defined]
    position = {"sitting": 0, "removals": [0, 0, 0], "bagels": [False, False, False]}
    assert match.summary_extra() == {"tumbochka": position}


def test_match_start_is_copied_not_shared() -> None:
    start = {"scores": [20, 0, 0], "sitting": 0, "removals": [1, 0, 0], "bagels": [False, False, False]}
    match = Match("tumbochka", start=start)
    match.position.removals[0] = 5  # type: ignore[attr-defined]
    match.position.scores[1] = 7
    assert start["removals"] == [1, 0, 0]
    assert start["scores"] == [20, 0, 0]


@pytest.mark.rules("TUM-8")
@pytest.mark.parametrize(
    ("start", "message"),
    [
        ({"sitting": "0"}, "sitting must be null or a seat"),
        ({"sitting": True, "scores": [0, 20, 0]}, "sitting must be null or a seat"),
        ({"sat_deals": -1}, "sat_deals must be 0, 1 or 2"),
        ({"sat_deals": 1.0}, "sat_deals must be 0, 1 or 2"),
        ({"removals": "000"}, "removals must be a list of 3 values"),
        ({"removals": [0, 0, 0.5]}, "removals must be 3 whole numbers"),
        ({"bagels": [0, 0, 0]}, "bagels must be 3 true/false values"),
        ({"bagels": [False, False]}, "bagels must be a list of 3 values"),
        ({"scores": [1, 2, "3"]}, "scores must be 3 whole numbers"),
        ({"scores": [0, 0, 20]}, "seat 2 has 20 without sitting"),
        ({"removals": [0, 2, 0], "bagels": [False, False, False]}, "his golden bagel must be true"),
    ],
)
def test_bad_start_positions(start: dict, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        Match("tumbochka", start=start)


@pytest.mark.rules("option:max_deals")
@pytest.mark.parametrize("value", [0, -2, 1.5, "3", True])
def test_bad_max_deals(value: object) -> None:
    with pytest.raises(RecordError, match="max_deals"):
        Tumbochka.make_rules({"max_deals": value})


def test_rules_defaults_and_unknown_option() -> None:
    defaults = {
        "talon_shown": True,
        "defenders_score": "own_points",
        "first_lead": "declarer",
        "win_on_tumbochka": "deal_score",
        "arrivals_first": False,
        "timeout_removal": True,
        "raise_limited": False,
        "max_deals": None,
    }
    assert Tumbochka.make_rules() == defaults
    assert Tumbochka.make_rules({"max_deals": 3}) == {**defaults, "max_deals": 3}
    with pytest.raises(RecordError, match='unknown option "target"'):
        Tumbochka.make_rules({"target": 10})


@pytest.mark.rules("option:win_on_tumbochka", "option:defenders_score", "T-7", "T-5")
def test_other_readings_tell_what_they_decided() -> None:
    """Under ``win_on_tumbochka: "deal_points"`` the win names the points taken, in both languages."""
    case = json.loads((RECORDS / "tumbochka" / "option-win-on-tumbochka-deal-points.json").read_text(encoding="utf-8"))
    match = Match("tumbochka", rules=case["record"]["rules"], start=case["record"]["start"])
    deal = case["record"]["deals"][0]
    state = match.new_deal(Tumbochka.deal_from_json(deal["deal"]), deal["dealer"])
    for action in deal["actions"]:
        state.apply(action)
    assert state.score() == [-10, 0, 0]
    match.end_deal()
    assert match.winner == 0
    (event,) = state.match_events
    assert (event.rule, event.key) == ("T-7", "tumbochka.won_sitting_points")
    assert event.text("en").startswith("seat 0 took 8 in tricks and trilyazhes")
    assert event.text("ru").startswith("игрок 0 взял за сдачу 8")
    assert Tumbochka.make_rules({"defenders_score": "nothing"})["defenders_score"] == "nothing"
    with pytest.raises(RecordError, match="defenders_score"):
        Tumbochka.make_rules({"defenders_score": "all"})


def test_bad_deals_are_refused() -> None:
    with pytest.raises(RecordError, match="expected an object"):
        Tumbochka.deal_from_json([["KS"]])
    bad = json.loads(json.dumps(DEAL))
    bad["talon"][0] = "KS"
    with pytest.raises(RecordError, match="card K♠ appears twice"):
        Tumbochka.deal_from_json(bad)


def test_the_deal_record_round_trips() -> None:
    deal = Tumbochka.random_deal(3)
    assert Tumbochka.deal_from_json(Tumbochka.deal_to_json(deal)) == deal
