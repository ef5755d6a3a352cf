"""The seat frame (``service/frame.py``) says nothing its seat has not been shown.

A frame is what a seat's table shows and what the room service sends a learner's kernel. If it
depended on a hidden card, a deal that differs only in cards the seat cannot see would give another
frame: so for every registered game and many positions, a deal made again from the seat's knowledge
(``state.world(state.knowledge(seat), rng)``) must give the same frame, byte for byte.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardwidgets.analysis.coach import hint_decision
from cardwidgets.analysis.judge import judge
from cardwidgets.bots import make_bot
from cardwidgets.cards import parse_card
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.registry import GAMES
from cardwidgets.core.state import GameState
from cardwidgets.i18n import ActionText, CardText, Points
from cardwidgets.service.frame import frame_of, words_from_json, words_json
from cardwidgets.service.wire import explanation_json

#: Positions looked at per game: every move of a few deals, each seat at each.
DEALS = 3


def frame_bytes(state: GameState, seat: int, match: Match) -> bytes:
    """The frame as the wire carries it; once the deal is over its record (all hands public then) is left out."""
    frame = frame_of(state, seat, match=match, room="r", version=len(state.history))
    if state.is_done:
        frame.pop("record")
    return json.dumps(frame, sort_keys=True, ensure_ascii=False).encode()


def positions(game: str) -> list[tuple[GameState, Match]]:
    """Every position of ``DEALS`` deals of ``game`` played by random bots, with its match."""
    found: list[tuple[GameState, Match]] = []
    for seed in range(DEALS):
        match = Match(game, seed=seed)
        state = match.new_deal()
        bot = make_bot("random", seed)
        found.append((state.clone(), match))
        while not state.is_done:
            state.apply(bot.choose(state))
            found.append((state.clone(), match))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_frame_depends_only_on_the_seats_knowledge(game: str) -> None:
    rng = random.Random(7)
    looked = 0
    for state, match in positions(game):
        for seat in range(state.num_players):
            world = state.world(state.knowledge(seat), rng)
            assert frame_bytes(world, seat, match) == frame_bytes(state, seat, match), (game, state.history, seat)
            looked += 1
    assert looked > 50


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seats_hint_depends_only_on_the_seats_knowledge(game: str) -> None:
    """The Hint and the judge's sampled values: the same in any deal the seat cannot tell apart.

    Only decisions whose result differs from one sampled deal to the next are asked: there a sampler
    seeded from a hidden card would draw other deals and print other figures.
    """
    rng = random.Random(3)
    asked = 0
    for state, _match in positions(game)[::5]:
        seat = state.to_act
        if state.is_done or seat is None or len(state.legal_actions()) < 2:
            continue
        ours = judge(state, seat, dd=False)
        if all(len(set(row)) == 1 for row in ours.results.values()):
            continue
        world = state.world(state.knowledge(seat), rng)
        assert judge(world, seat, dd=False).results == ours.results, (game, state.history, seat)
        mine, theirs = hint_decision(state, seat), hint_decision(world, seat)
        said = [(hint.action.text, hint.text("en"), hint.text("ru")) for hint in (mine, theirs)]
        assert said[0] == said[1], (game, state.history, seat)
        asked += 1
        if asked == 3:
            break
    assert asked >= 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_services_hint_depends_only_on_the_seats_knowledge(game: str) -> None:
    """What the room service sends (its ``hint``, as wire data): the same in any deal the seat cannot tell apart."""
    rng = random.Random(3)
    asked = 0
    for state, _match in positions(game)[5::7][:4]:
        seat = state.to_act
        if state.is_done or seat is None or len(state.legal_actions()) < 2:
            continue
        world = state.world(state.knowledge(seat), rng)
        sent = [
            json.dumps({"action": hint.action.text, "why": explanation_json(hint.reason)}, sort_keys=True, default=str)
            for hint in (hint_decision(state, seat), hint_decision(world, seat))
        ]
        assert sent[0] == sent[1], (game, state.history, seat)
        asked += 1
    assert asked >= 1


def test_a_seat_frame_is_json_and_names_no_hidden_card() -> None:
    match = Match("nestors", seed=4)
    state = match.new_deal()
    frame = frame_of(state, 2, match=match)
    assert json.loads(json.dumps(frame)) == frame
    hidden = {c.text for s, hand in enumerate(state.hands) if s != 2 for c in hand}
    assert not hidden & set(json.dumps(frame).replace('"', " ").replace(",", " ").split())
    assert frame["view"]["hands"][2] is not None
    assert frame["view"]["hands"][0] is None
    assert frame["record"] is None


def test_words_travel_as_data_and_read_the_same_in_each_locale() -> None:
    reason = Explanation("NES-6", "core.not_legal", {
        "text": ActionText("play 10S", "nestors"), "legal": ["a"], "n": 3,
        "card": CardText(parse_card("AH")), "points": Points(2.5, "nestors"),
        "inner": Explanation("ROOM", "room.no_room", {"room": "x"}),
    })
    back = words_from_json(json.loads(json.dumps(words_json(reason))))
    assert back is not None
    for locale in ("en", "ru"):
        assert back.text(locale) == reason.text(locale)
    assert words_from_json({"key": 3}) is None
    assert words_from_json("x") is None


def test_the_single_table_pushes_its_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets.widgets.table import Table

    pushed: list[dict[str, Any]] = []
    table = Table("nimby", seat=1, seed=2)
    original = Table._push
    monkeypatch.setattr(Table, "_push", lambda self, frame: (pushed.append(frame), original(self, frame))[1])
    table.act(table.legal[0]) if table.legal else table.next_deal()
    assert pushed
    assert pushed[-1]["seat"] == 1
    assert table.view["my_hand"] == pushed[-1]["hand"]
    assert table.legal == pushed[-1]["legal"]
