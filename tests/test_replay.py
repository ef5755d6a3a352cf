"""HandReplay, kernel side: every position is the engine's, branches are valid records, notes land right."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import load_record_test, record_tests, send_message

from cardwidgets import GAMES, HandReplay, IllegalActionError, Table, load_record, replay
from cardwidgets.bots import make_bot
from cardwidgets.games import new_game


def bot_record(game: str, seed: int) -> dict[str, Any]:
    """A whole deal of ``game`` played by random bots, as a record dict."""
    state = new_game(game, seed=seed)
    bot = make_bot("random", seed)
    while not state.is_done:
        state.apply(bot.choose(state))
    record = Table.from_record({"game": game, "dealer": 0, "seed": seed, "actions": state.history}, pace=0).record
    assert replay(record).is_done
    return record


def summary_after(record: dict[str, Any], steps: int) -> dict[str, Any]:
    return replay({**record, "actions": record["actions"][:steps]}).summary()


def widget_state(widget: HandReplay) -> str:
    keys = ("step", "steps", "board", "line", "trick_ends", "branched_at", "record")
    return json.dumps({k: getattr(widget, k) for k in keys}) + widget.text()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_forward_and_back_is_the_engines_replay(game: str) -> None:
    record = bot_record(game, seed=4)
    widget = HandReplay(record)
    steps = len(record["actions"])
    assert widget.steps == steps
    expected = [summary_after(record, k) for k in range(steps + 1)]
    for k in range(steps + 1):
        assert widget.step == k
        assert widget.state.summary() == expected[k]
        widget.forward()
    assert widget.step == steps  # forward stops at the end
    for k in range(steps, -1, -1):
        assert widget.state.summary() == expected[k]
        widget.back()
    assert widget.step == 0
    for k in (steps, 3, 0, steps // 2):
        widget.go(k)
        assert widget.state.summary() == expected[k]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_trick_by_trick(game: str) -> None:
    record = bot_record(game, seed=9)
    widget = HandReplay(record)
    done = len(replay(record).tricks)
    assert len(widget.trick_ends) == done
    for number in range(1, done + 1):
        widget.next_trick()
        assert widget.step == widget.trick_ends[number - 1]
        taken = [t for t in widget.state.tricks if t.collector is not None]
        assert len(taken) == number
        before = HandReplay(record, step=widget.step - 1).state
        assert sum(1 for t in before.tricks if t.collector is not None) == number - 1  # it was taken just now
    widget.next_trick()
    assert widget.step == widget.steps
    widget.trick(2)
    assert widget.step == widget.trick_ends[1]
    widget.previous_trick()
    assert widget.step == widget.trick_ends[0]
    widget.previous_trick()
    assert widget.step == 0
    with pytest.raises(ValueError, match=f"no trick {done + 1}: tricks completed in this line: {done}"):
        widget.trick(done + 1)


def test_record_tests_replay_step_by_step() -> None:
    """Each valid record of tests/records (a match: its last deal): the last position is the replay's."""
    checked = 0
    for game in sorted(GAMES):
        for path in record_tests(game):
            case = load_record_test(path)
            if "error" in case:
                continue
            record = case["record"]
            last = len(record.get("deals", [None])) - 1
            widget = HandReplay(record, deal=last)
            widget.end()
            result = replay(record)
            expected = result.deals[last] if "deals" in record else result
            assert widget.state.summary() == expected.summary(), path.name
            checked += 1
    assert checked > 80


def test_notes_are_shown_at_their_step() -> None:
    record = {**bot_record("nestors", 2), "notes": {"0": "The deal", "5": "Why the bidder names Jacks", "9": "C"}}
    widget = HandReplay(record)
    assert widget.note == "The deal"
    assert "Note: The deal" in widget.text()
    widget.go(4)
    assert widget.note == ""
    assert "Note:" not in widget.text()
    widget.forward()
    assert widget.note == "Why the bidder names Jacks"
    assert widget.line[4] == {
        "step": 5,
        "seat": widget._line.actor(5),
        "action": record["actions"][4],
        "text": record["actions"][4],  # in English the action reads as written
        "note": widget.note,
    }
    assert widget.board["note"] == "Why the bidder names Jacks"
    assert widget.ui["deal_note"] == "The deal"


def test_branch_by_hand_then_bots_gives_a_valid_record(tmp_path) -> None:
    record = {**bot_record("nimby", 6), "notes": {"2": "kept", "12": "dropped with the old line"}}
    widget = HandReplay(record)
    widget.go(10)
    own = record["actions"][10]
    other = next(a for a in widget.state.legal_strings() if a != own)
    widget.play(own)  # the record's own next action: just a step forward, no branch
    assert (widget.step, widget.branched_at) == (11, None)
    widget.back()
    widget.play(other)
    assert widget.step == 11
    assert widget.branched_at == 10
    assert widget.branch_record["actions"] == [*record["actions"][:10], other]
    assert widget.branch_record["notes"] == {"2": "kept"}
    assert "branch from step 10" in widget.text()
    widget.finish(seed=3)
    assert widget.step == 11  # finishing does not move
    widget.end()
    assert widget.state.is_done
    branch = widget.branch_record
    assert replay(branch).summary() == widget.state.summary()
    path = tmp_path / "branch.json"
    widget.save(path)
    assert load_record(path).to_json() == branch
    widget.original()
    assert widget.branched_at is None
    assert widget.branch_record == load_record(record).to_json()


def test_an_illegal_branch_is_refused_and_changes_nothing() -> None:
    widget = HandReplay(bot_record("nestors", 1), step=7)
    before = widget_state(widget)
    with pytest.raises(IllegalActionError):
        widget.play("play 2S")
    with pytest.raises(IllegalActionError):
        widget.play("bid 60")
    assert widget_state(widget) == before
    widget.end()
    with pytest.raises(IllegalActionError, match="the deal is over"):
        widget.play(widget.branch_record["actions"][-1])


def test_a_match_deal_replays_in_its_match_context() -> None:
    """A Tumbochka start position with a sitter (TUM-8): the sitter may bid only 7 or more."""
    case = load_record_test(next(p for p in record_tests("tumbochka") if p.name == "start-position-replays.json"))
    widget = HandReplay(case["record"])
    widget.play("bid 4")  # seat 1, first hand, opens with 4
    widget.play("pass")  # seat 2
    assert widget.state.to_act == 0
    assert widget.state.legal_strings()[:2] == ["bid 7", "bid 8"]  # seat 0 sits on the tumbochka
    branch = widget.branch_record
    assert branch["start"] == case["record"]["start"]
    assert branch["deals"][0]["actions"] == ["bid 4", "pass"]
    assert replay(branch).deals[-1].summary() == widget.state.summary()


def test_a_later_deal_of_a_match() -> None:
    match = {"game": "nimby", "deals": [{"dealer": 0, "seed": s, "actions": []} for s in (1, 2)]}
    match["deals"][0]["actions"] = bot_record("nimby", 1)["actions"]
    widget = HandReplay(match, deal=1)
    assert widget.state.dealer == replay({**match, "deals": match["deals"]}).deals[1].dealer
    assert len(widget.branch_record["deals"]) == 2
    with pytest.raises(ValueError, match="deal: expected 0 to 1"):
        HandReplay(match, deal=2)


def test_sources_table_state_and_file(tmp_path) -> None:
    table = Table("nestors", seat=0, seed=5, pace=0)
    for source in (table, table.record, table.state):
        widget = HandReplay(source)
        widget.end()
        assert widget.state.summary() == table.state.summary()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(table.record), encoding="utf-8")
    assert HandReplay(str(path)).steps == len(table.state.history)


def test_front_end_messages() -> None:
    record = bot_record("tumbochka", 8)
    widget = HandReplay(record)
    send_message(widget, {"command": "end"})
    assert widget.step == widget.steps
    send_message(widget, {"command": "back_trick"})
    assert widget.step == widget.trick_ends[-2]
    send_message(widget, {"command": "go", "step": 3})
    assert widget.step == 3
    send_message(widget, {"command": "trick", "trick": 1})
    assert widget.step == widget.trick_ends[0]
    send_message(widget, {"command": "start"})
    send_message(widget, {"action": widget.state.legal_strings()[-1]})
    assert widget.error == {}
    assert widget.step == 1
    send_message(widget, {"command": "finish"})
    send_message(widget, {"command": "original"})
    assert widget.branched_at is None


@pytest.mark.parametrize(
    "content",
    [
        None,
        "forward",
        {"command": "explode"},
        {"command": "go", "step": 999},
        {"command": "go", "step": "3"},
        {"command": "trick", "trick": 99},
        {"action": "play 2C"},
        {"action": 5},
        {"command": "forward", "extra": 1},
    ],
)
def test_bad_messages_set_error_and_change_nothing(content: Any) -> None:
    widget = HandReplay(bot_record("nimby", 3), step=5)
    before = widget_state(widget)
    send_message(widget, content)
    assert widget.error["text"]
    assert widget_state(widget) == before


def test_bad_steps_and_locale() -> None:
    record = bot_record("nimby", 3)
    with pytest.raises(ValueError, match="no step 99: steps go from 0 to"):
        HandReplay(record, step=99)
    widget = HandReplay(record, locale="ru")
    assert widget.text().startswith("Просмотр сдачи — Нимби — шаг 0 из")
    with pytest.raises(Exception, match="locale must be one of en, ru"):
        widget.locale = "de"


def test_every_hand_is_shown_and_the_text_is_deterministic() -> None:
    record = bot_record("nestors", 7)
    first, second = HandReplay(record, step=12), HandReplay(record, step=12)
    data, _meta = first._repr_mimebundle_()
    assert data["text/plain"] == second.text()
    assert first.model_id not in data["text/plain"]
    for seat, hand in enumerate(first.state.hands):
        assert first.board["seats"][seat]["hand"] == [card.text for card in hand]
        for card in hand:
            assert card.symbol_text in first.text()  # words, not codes


def test_a_russian_replay_prints_the_faces_the_russian_way() -> None:
    """HandReplay's board in Russian: Т, К, Д, В on the faces, as its text says."""
    from cardwidgets import HandReplay, new_game

    replay = HandReplay(new_game("nestors", seed=1), locale="ru")
    assert replay.ui["rank_letters"] == {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
    assert HandReplay(new_game("nestors", seed=1), locale="en").ui["rank_letters"] == {}
