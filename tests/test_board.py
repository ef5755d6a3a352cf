"""The board model (``widgets/board.py``): one seat-filtered description of the table, drawn by the JS and the HTML.

It is built from ``state.view(seat)`` only, so it can never hold a card hidden from that seat; its
words are localized; seats sit in each game's turn direction with the viewer at the bottom.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from cardwidgets import GAMES, Table
from cardwidgets.core.match import Match
from cardwidgets.core.registry import SPECS, Capabilities
from cardwidgets.games import new_game
from cardwidgets.i18n.ui import ui_texts
from cardwidgets.widgets.board import board_model, seat_notes, seat_position, side_notes, table_groups, trump_text
from cardwidgets.widgets.export import board_facts

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])")


def cards_in(value: object) -> set[str]:
    """Every card string anywhere in a JSON-able value."""
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


def test_seats_sit_clockwise_in_nimby_and_tumbochka_anticlockwise_in_nestors() -> None:
    # NIM-3 / TUM-2: clockwise, the next seat on the viewer's left; Nestors anticlockwise: on the right.
    assert [seat_position("nimby", 4, s) for s in range(4)] == ["bottom", "left", "top", "right"]
    assert [seat_position("nestors", 4, s) for s in range(4)] == ["bottom", "right", "top", "left"]
    assert [seat_position("tumbochka", 3, s) for s in range(3)] == ["bottom", "left", "right"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_viewer_always_sits_at_the_bottom_and_the_others_keep_their_order(game: str) -> None:
    n = GAMES[game].num_players
    for viewer in range(n):
        places = [seat_position(game, n, (viewer + k) % n, viewer) for k in range(n)]
        assert places == [seat_position(game, n, k) for k in range(n)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_model_never_holds_a_card_the_seat_may_not_see(game: str) -> None:
    rng = random.Random(7)
    for seed in range(4):
        table = Table(game, seat=0, seed=seed, bots="random", pace=0)
        state = table.state
        ui = ui_texts("en", table.match.game.deck, game)
        while not state.is_done:
            for seat in range(len(state.hands)):
                view = state.view(seat)
                board = board_model(game, view, seat, ui)
                assert cards_in(board) <= cards_in(view), (game, seat, cards_in(board) - cards_in(view))
            state.apply(rng.choice(state.legal_strings()))


def test_the_table_syncs_the_board_model_of_its_view() -> None:
    table = Table("nestors", seat=1, seed=5, bots="random", pace=0, locale="ru")
    assert table.board == board_model("nestors", table.view, 1, table.ui, locale="ru")
    seats = table.board["seats"]
    assert [s["position"] for s in seats] == ["left", "bottom", "right", "top"]
    assert seats[1]["name"] == "Вы"
    assert seats[0]["name"] == "Игрок 0"
    assert table.board["trump"] == "пока нет"


def test_badges_and_facts_are_localized_words() -> None:
    table = Table("tumbochka", seat=0, seed=9, bots="random", pace=0)
    assert table.board["seats"][2]["badges"] == ["bid 4"]  # TUM-3: the high bid while bidding
    assert table.board["high_bid"] == "4 (Seat 2)"
    ru = Table("tumbochka", seat=0, seed=9, bots="random", pace=0, locale="ru")
    assert ru.board["seats"][2]["badges"] == ["заказ 4"]


#: A Tumbochka match (TUM-8): seat 0 knocked off once, seat 1 twice (his golden bagel, T-9), seat 2 sitting.
ON_THE_TUMBOCHKA = {"scores": [3, 0, 20], "sitting": 2, "removals": [1, 2, 0], "bagels": [False, True, False]}


@pytest.mark.parametrize(
    ("locale", "notes"),
    [
        ("en", [["knocked off: 1"], ["knocked off: 2", "golden bagel"], ["on the tumbochka"]]),
        ("ru", [["снят с тумбочки: 1"], ["снят с тумбочки: 2", "золотая баранка"], ["на тумбочке"]]),
    ],
)
def test_the_game_words_its_match_beside_each_score_and_seat(locale: str, notes: list[list[str]]) -> None:
    # TUM-8 / T-9: the game's package words its match; the Table syncs the words, the front-end only appends them.
    match = Match("tumbochka", seed=9, start=ON_THE_TUMBOCHKA)
    table = Table(match=match, seat=0, seed=9, bots="random", pace=0, locale=locale)
    assert table.scoreboard["side_notes"] == notes
    badges = [seat["badges"] for seat in table.board["seats"]]
    assert [notes[2][0] in seat for seat in badges] == [False, False, True]
    assert "tumbochka" not in table.scoreboard  # the match's own data stays in the kernel


def test_a_game_with_nothing_to_say_of_its_match_has_no_notes() -> None:
    table = Table("nimby", seat=0, seed=3, bots="random", pace=0)
    assert table.scoreboard["side_notes"] == []
    assert side_notes("tumbochka", None, table.ui) == seat_notes("nimby", {"x": 1}, table.ui) == []


def test_table_groups_keep_face_down_cards_and_hide_the_talon_after_the_first_trick() -> None:
    ui = ui_texts("en", GAMES["nestors"].deck, "nestors")
    groups = table_groups({"row": [None, "QC", "7S", "8C"], "table": "8H"}, ui, 0, "nestors")
    assert groups == [
        {"key": "row", "label": "Row", "cards": [None, "QC", "7S", "8C"]},
        {"key": "table", "label": "Table card", "cards": ["8H"]},
    ]
    taken = [{"collector": 1, "plays": []}]
    assert table_groups({"talon": ["QS"], "phase": "play", "tricks": []}, ui, 0, "tumbochka")[0]["key"] == "talon"
    assert table_groups({"talon": ["QS"], "phase": "play", "tricks": taken}, ui, 0, "tumbochka") == []  # TUM-4 / T-2


def test_trump_text_is_a_symbol_a_rank_name_or_none_yet() -> None:
    ui = ui_texts("en", GAMES["nestors"].deck, "nestors")
    assert trump_text({"trump": "H"}, ui) == "♥"
    assert trump_text({"trump": "J"}, ui) == ui["rank_names"]["J"]
    assert trump_text({"trump": None}, ui) == ui["no_trump"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_sees_its_own_hand_face_up_and_the_others_face_down(game: str) -> None:
    table = Table(game, seat=1, seed=2, bots="random", pace=0)
    seats = table.board["seats"]
    state = table.state
    for entry in seats:
        assert entry["count"] == len(state.hands[entry["seat"]])
        assert entry["to_act"] == (state.to_act == entry["seat"])
        assert entry["dealer"] == (state.dealer == entry["seat"])
        if entry["seat"] == 1:
            assert sorted(entry["hand"]) == sorted(c.text for c in state.hands[1])
        else:
            assert entry["hand"] is None
    revealed = Table(game, seat=1, seed=2, bots="random", pace=0, reveal=True)
    assert all(entry["hand"] is not None for entry in revealed.board["seats"])


def test_the_static_board_takes_its_seats_from_the_board_model() -> None:
    from cardwidgets import new_game
    from cardwidgets.widgets.export import board_facts

    state = new_game("nestors", seed=1)
    for step in range(6):
        state.apply(state.legal_strings()[0])
        board = board_facts(state, "en", seat=2)
        model = board_model("nestors", state.view(2), None, board.ui, bottom=2)  # the viewer at the bottom
        for seat, entry in zip(board.seats, model["seats"], strict=True):
            assert {key: value for key, value in seat.items() if key != "trumps"} == entry, step


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_view_schema_is_uniform_the_auction_under_bidding_the_contract_under_contract(game: str) -> None:
    """One word, one meaning in every game: no bare ``bid`` (the high bid in Tumbochka, the contract in Nestors)."""
    from cardwidgets import new_game

    rng = random.Random(3)
    bidding = "bid" in GAMES[game].state_class.syntax  # a game with bids (not every game has an auction)
    for seed in range(3):
        state = new_game(game, seed=seed)
        while True:
            for seat in (None, *range(state.num_players)):
                view = state.view(seat)
                assert not {"bid", "bidder", "passed"} & set(view), sorted(view)
                if bidding:  # NES-4, TUM-3: every auction under the same keys
                    assert {"high_bid", "high_bidder", "passed"} <= set(view["bidding"])
                assert view["contract"] is None or set(view["contract"]) <= {"seat", "bid"}
            if state.is_done:
                break
            state.apply(rng.choice(state.legal_strings()))
        if bidding:
            bidding, contract = state.view(None)["bidding"], state.view(None)["contract"]
            assert (contract["seat"], contract["bid"] >= bidding["high_bid"]) == (bidding["high_bidder"], True)


def test_the_declarer_is_marked_in_every_game_that_has_one() -> None:
    """Nestors' bidder and Tumbochka's declarer carry the «играющий» badge; Nimby's maker does not (it has no bid)."""
    from cardwidgets import new_game

    for game in sorted(GAMES):
        state = new_game(game, seed=4)
        while state.phase in ("bidding", "trump", "exchange"):
            state.apply(state.legal_strings()[-1])
        ui = ui_texts("ru", GAMES[game].deck, game)
        model = board_model(game, state.view(None), None, ui)
        marked = [entry["seat"] for entry in model["seats"] if "играющий" in entry["badges"]]
        contract = state.view(None).get("contract") or {}
        assert marked == ([contract["seat"]] if "bid" in contract else []), game  # a bid's declarer, not a maker


def _declaring(monkeypatch: pytest.MonkeyPatch, game: str, capabilities: Capabilities) -> None:
    """``game`` declares ``capabilities`` instead of its own, for one test."""
    monkeypatch.setitem(SPECS, game, dataclasses.replace(SPECS[game], capabilities=capabilities))


def test_the_board_draws_only_what_the_game_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that declares no trump, no auction and nobody sitting out gets no such fact and no such badge."""
    state = new_game("nestors", seed=3)
    while state.phase != "play":  # a contract, a trump, a seat sitting out
        state.apply(state.legal_strings()[-1])
    ui = ui_texts("en", GAMES["nestors"].deck, "nestors")
    declared = board_model("nestors", state.view(0), 0, ui)
    assert {"trump", "high_bid", "contract"} <= set(declared)
    assert any("sits out" in seat["badges"] for seat in declared["seats"])
    assert any("declarer" in seat["badges"] for seat in declared["seats"])
    _declaring(monkeypatch, "nestors", Capabilities())
    bare = board_model("nestors", state.view(0), 0, ui)
    assert not {"trump", "high_bid", "contract"} & set(bare)
    badges = [badge for seat in bare["seats"] for badge in seat["badges"]]
    assert badges  # only the game's own: its A/B/C (NES-6)
    assert all(badge.startswith("plays ") for badge in badges)
    board = board_facts(state, "en")
    assert [label for label, _ in board.info] == ["Phase", "To act"]


def test_a_game_says_its_own_badges_and_facts_from_its_board_module() -> None:
    """Tumbochka's trilyazh (T-4) and the card given (TUM-4) come from its package, already worded."""
    ui = ui_texts("ru", GAMES["tumbochka"].deck, "tumbochka")
    trilyazh = {"seat": 1, "suit": "S", "status": "made"}
    view = {"hand_sizes": [7, 7, 7], "given": [None, "QD", "?"], "trilyazhes": [trilyazh]}
    model = board_model("tumbochka", view, 0, ui, locale="ru")
    assert [seat["badges"] for seat in model["seats"]] == [[], ["получил Д♦"], ["получил ?"]]
    assert model["facts"] == [{"key": "trilyazh", "label": "", "text": "Трильяж ♠ (Игрок 1): сыгран"}]
    assert model["card_seat"] == [{"verb": "give", "hint": ui["choose_give"]}]
    assert board_model("nimby", {"hand_sizes": [0] * 4}, 0, ui)["facts"] == []
    assert board_model("nimby", {"hand_sizes": [0] * 4}, 0, ui)["card_seat"] == []
