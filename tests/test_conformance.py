"""The conformance kit (``cardwidgets.testing``) on every registered game and every test-only game.

Each (game, check) pair is a test of its own: the built-in games as the registry lists them,
and each game folder of the tests (``tests/<x>_game/``), registered for its tests only. A new
game is checked with no line added here. The kit's own checks are shown to fail on a broken game.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest
from support import TEST_GAMES, registered

from cardwidgets import GAMES
from cardwidgets.testing import CHECKS, ConformanceError, check_game, run_check


@pytest.fixture(scope="module", params=TEST_GAMES)
def test_only(request: pytest.FixtureRequest) -> Iterator[ModuleType]:
    """A test-only game, registered for the tests that use it."""
    with registered(request.param) as package:
        yield package


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_registered_game_passes_each_check(game: str, check: str) -> None:
    run_check(game, check)


@pytest.mark.parametrize("check", list(CHECKS))
def test_every_test_only_game_passes_each_check(test_only: ModuleType, check: str) -> None:
    run_check(test_only.SPEC.name, check)


def test_check_game_reports_every_check_in_time(test_only: ModuleType) -> None:
    report = check_game(test_only.SPEC.name)
    assert list(report.seconds) == list(CHECKS)
    assert report.total < 10
    assert test_only.SPEC.name in str(report)


# ----- the kit fails a game that breaks a promise ----------------------------------------------------------------
@pytest.fixture
def troika() -> Iterator[ModuleType]:
    with registered("fourth_game") as package:
        yield package


def test_a_view_that_shows_another_hand_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game.engine import TroikaState

    def leaky(self: TroikaState, seat: int | None) -> dict:
        return {"tricks_won": list(self.tricks_won), "all": [[c.text for c in hand] for hand in self.hands]}

    monkeypatch.setattr(TroikaState, "_view_extra", leaky)
    with pytest.raises(ConformanceError, match=r'check_game\("troika"\), seat_views: seat 0.s view .* names hidden'):
        run_check("troika", "seat_views")


def test_a_word_missing_in_russian_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game import words

    monkeypatch.setitem(words.MESSAGES, "troika.rule_play", {"en": "play your lowest card"})
    with pytest.raises(ConformanceError, match=r"words: .*rule_play.* has no \['ru'\]"):
        run_check("troika", "words")


def test_a_drill_whose_answer_is_always_the_same_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game import drills

    monkeypatch.setattr(drills, "make_winner", drills.winner_item)  # no aiming: the leader wins most tricks
    monkeypatch.setattr(drills, "TOPICS", (("troika-trick-winner", drills.winner_item),))
    with pytest.raises(ConformanceError, match=r"drills: troika-trick-winner: the answer 'Seat 0' is right in"):
        run_check("troika", "drills")


def test_a_refusal_that_changes_the_deal_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game.engine import TroikaState

    def careless(self: TroikaState, action: object) -> None:
        self.tricks_won[0] += 1  # a reason that changes the state

    monkeypatch.setattr(TroikaState, "_why_illegal", careless)
    with pytest.raises(ConformanceError, match=r"playouts: 'play .*' changed it"):
        run_check("troika", "playouts")


def test_an_unknown_check_or_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown check"):
        run_check("nimby", "oracle")
    with pytest.raises(ValueError, match="unknown game"):
        check_game("chess")


def test_a_bot_that_answers_an_illegal_card_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game import bot

    from cardwidgets.bots.base import Decision
    from cardwidgets.core.actions import Action
    from cardwidgets.core.explain import Explanation

    def reckless(state: object) -> Decision:
        return Decision(Action.make("play", state.hands[state.to_act - 1][0]), Explanation("TRO-2", "troika.rule_play"))

    monkeypatch.setattr(bot, "decide", reckless)
    with pytest.raises(ConformanceError, match=r'check_game\("troika"\), bots: the heuristic bot chose'):
        run_check("troika", "bots")


def test_a_position_that_miscounts_fails_the_solver_check(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets.analysis.position import EnginePosition  # Troika's positions (fourth_game/position.py)

    counted = EnginePosition.play
    monkeypatch.setattr(EnginePosition, "play", lambda self, move: 2 * counted(self, move))
    with pytest.raises(ConformanceError, match=r"solver: deal \d+, play \w+: the solver \d+, every line \d+"):
        run_check("troika", "solver")


def test_a_record_that_replays_otherwise_fails(troika: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from fourth_game.engine import Troika

    dealt = Troika.new_state
    monkeypatch.setattr(Troika, "new_state", classmethod(lambda cls, deal, dealer, *rest: dealt(deal, 1 - dealer)))
    with pytest.raises(ConformanceError, match=r'check_game\("troika"\), records: .* is not legal now'):
        run_check("troika", "records")


@pytest.mark.parametrize(("check", "part"), [("bots", "bot"), ("judge", "position"), ("table", "position")])
def test_a_check_that_needs_a_part_the_game_lacks_says_which(
    troika: ModuleType, monkeypatch: pytest.MonkeyPatch, check: str, part: str
) -> None:
    import dataclasses

    from cardwidgets.core.registry import SPECS

    monkeypatch.setitem(SPECS, "troika", dataclasses.replace(SPECS["troika"], parts=()))
    with pytest.raises(ConformanceError, match=rf"{check}: no {part} part: "):
        run_check("troika", check)
