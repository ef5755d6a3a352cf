"""A fourth game that lives only in the tests (``tests/fourth_game``, docs/adding-a-game.md).

It registers itself like the built-in games, and the generic layers — the bots, the
double-dummy solver, the judge's scoring, the drills — serve it with no change of theirs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from fourth_game import SPEC
from fourth_game.engine import TROIKA_DECK, TroikaState, trick_winner
from support import registered

from cardwidgets.analysis import double_dummy
from cardwidgets.bots import make_bot
from cardwidgets.cards import parse_card
from cardwidgets.core.registry import first_game, get_game, spec_of
from cardwidgets.drills import feedback, make_item, topics
from cardwidgets.games import new_game


@pytest.fixture(autouse=True, scope="module")
def troika() -> Iterator[None]:
    """Troika is registered for these tests only: the others see the three games and their words only."""
    with registered("fourth_game"):
        yield


@pytest.mark.rules("TRO-1")
def test_it_registers_like_a_built_in_game() -> None:
    assert spec_of("troika") is SPEC
    assert get_game("troika").deck == TROIKA_DECK
    assert len(TROIKA_DECK) == 12


@pytest.mark.rules("TRO-2")
@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (("AS", "KS", "QS"), 2),  # TRO-2: all three followed: the lowest takes it
        (("KS", "AS", "QH"), 1),  # not all followed: the highest of the suit led
        (("QS", "AH", "KH"), 0),  # only the leader played the suit led
    ],
)
def test_its_own_trick_rule(cards: tuple[str, ...], winner: int) -> None:
    assert trick_winner([(seat, parse_card(text)) for seat, text in enumerate(cards)])[0] == winner


def refusable(seed: int) -> tuple[TroikaState, str] | None:
    """Deal ``seed`` after its lead, and a card the next seat holds off the suit led while it holds that suit."""
    state = new_game("troika", seed=seed)
    led = state.legal_actions()[0]
    state.apply(led)
    hand = state.hands[state.to_act]
    held = [c for c in hand if c.suit is led.cards[0].suit]
    off_suit = [c for c in hand if c.suit is not led.cards[0].suit]
    return (state, f"play {off_suit[0].text}") if held and off_suit else None


def test_a_wrong_card_is_refused_with_the_rule() -> None:
    state, wrong = next(found for seed in range(50) if (found := refusable(seed)) is not None)
    before = state.legal_strings()
    with pytest.raises(Exception, match="must follow") as refusal:
        state.apply(wrong)
    assert "TRO-2" in str(refusal.value.explanation.rule)
    assert state.legal_strings() == before


@pytest.mark.rules("TRO-3")
@pytest.mark.parametrize("level", ["random", "heuristic", "search"])
def test_every_bot_plays_it_to_the_end(level: str) -> None:
    bot = make_bot(level, seed=1)
    for seed in range(3):
        state = new_game("troika", seed=seed)
        while not state.is_done:
            state.apply(bot.choose(state))
        assert sum(state.score() or []) == 4


def brute_force(state: TroikaState) -> int:
    """The declarer's final tricks with best play from both sides, by trying every line."""
    if state.is_done:
        return state.tricks_won[state.declarer]
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(brute_force(child))
    return max(values) if state.to_act == state.declarer else min(values)


@pytest.mark.parametrize("seed", range(6))
def test_double_dummy_agrees_with_brute_force(seed: int) -> None:
    state = new_game("troika", seed=seed)
    for step in itertools.count():
        if state.is_done or step > 4:
            break
        values = double_dummy(state)
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            assert values[action.text] == brute_force(child), (seed, step, action.text)
        state.apply(random.Random(seed + step).choice(state.legal_actions()))


def test_drilled_with_its_topic() -> None:
    assert topics("troika") == ["troika-trick-winner"]
    item = make_item("troika-trick-winner", seed=5, n=0)
    right = next(i for i, choice in enumerate(item.choices) if choice.correct)
    for locale in ("en", "ru"):
        answer = feedback(item, right, locale)
        assert answer["correct"]
        assert answer["rule"] == "TRO-2"
        assert answer["text"]


def test_the_registry_refuses_a_second_game_of_a_name_and_unknown_parts() -> None:
    from fourth_game.engine import Troika

    from cardwidgets.core.registry import GameSpec, register

    with pytest.raises(ValueError, match="registered already"):
        register(GameSpec(Troika, "elsewhere", ("bot",)))
    with pytest.raises(ValueError, match="unknown parts"):
        register(GameSpec(Troika, "elsewhere", ("oracle",)))
    with pytest.raises(ValueError, match="has no board"):
        spec_of("troika").board()
    with pytest.raises(ValueError, match="unknown game"):
        spec_of("chess")


def test_a_table_and_the_app_open_the_first_registered_game_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets import Table
    from cardwidgets.core import registry
    from cardwidgets.widgets.app import read_query

    assert first_game() == "nimby"  # registered later, Troika is not the default
    assert Table(seed=1, bots="random", pace=0).game == "nimby"
    assert read_query("seed=3").game == "nimby"
    monkeypatch.setattr(registry, "SPECS", {})
    with pytest.raises(ValueError, match="no game is registered"):
        first_game()


def test_a_game_s_words_may_not_change_words_already_there() -> None:
    import types

    from cardwidgets.i18n import CATALOGUE
    from cardwidgets.i18n.tools import TOOLS
    from cardwidgets.i18n.words import add_words

    clash = types.ModuleType("clash")
    clash.MESSAGES = {"troika.brand_new": {"en": "new", "ru": "новое"}}  # type: ignore[attr-defined]
    clash.TOOLS = {"en": {"game_troika": "Not Troika"}, "ru": {"game_troika": "Тройка"}}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="game_troika"):
        add_words(clash)
    assert "troika.brand_new" not in CATALOGUE
    assert TOOLS["en"]["game_troika"] == "Troika"


@pytest.mark.rules("TRO-3", "option:target")
def test_a_match_ends_when_a_player_reaches_the_target() -> None:
    from cardwidgets.core.match import Match

    match, bot = Match(get_game("troika"), {"target": 3}, seed=2), make_bot("random", seed=2)
    while not match.is_over:
        state = match.new_deal()
        while not state.is_done:
            state.apply(bot.choose(state))
        match.end_deal()
    assert match.winner is not None
    assert match.scores[match.winner] >= 3
