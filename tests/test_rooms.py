"""The room engine: moves checked by the engine, bots on empty seats, matches played by several kernels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import rooms_support
from rooms_support import finish, finish_all, worker

from cardwidgets import GAMES
from cardwidgets.analysis import post_mortem
from cardwidgets.bots import make_bot
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.records import load_record, replay_match
from cardwidgets.store import RoomError, open_store
from cardwidgets.store.room import Room
from cardwidgets.widgets.replay import HandReplay

redis_server = rooms_support.redis_server  # the fixtures: a real redis-server, and each store in turn
store_address = rooms_support.store_address
#: Shorter matches than the default, where a game has a rule for it (any other game plays its default match).
SHORT = {"nimby": {"target": 2}, "tumbochka": {"max_deals": 2}, "nestors": {"target": 100}}


def play_alone(room: Room, seat: int) -> None:
    """Play ``seat`` of ``room`` to the end of its match with the rules-of-thumb bot, in this process."""
    bot = make_bot("heuristic", seat)
    while not room.match.is_over:
        state = room.state
        if state.is_done:
            room.next_deal(seat)
        elif state.to_act == seat:
            room.move(seat, bot.choose(state).text)
        else:
            room.play_bots()


# ----- opening a room, taking a seat ----------------------------------------------------------------------
def test_the_first_opener_sets_the_room_and_the_others_join_it(store_address: str) -> None:
    first = Room("class-3", "nestors", store=store_address, seed=5, bots="random")
    second = Room("class-3", store=store_address)
    third = Room("class-3", "nestors", store=store_address, seed=99)  # its settings come too late: the room has its own
    for room in (second, third):
        assert room.meta == first.meta
        assert room.state.hands == first.state.hands
    assert first.meta["bots"] == ["random"] * 4


@pytest.mark.parametrize("name", ["", "class 3", "-x", "x" * 41, "класс", "a/b", None, 3])
def test_a_bad_room_name_is_refused(store_address: str, name: object) -> None:
    with pytest.raises(RoomError) as refused:
        Room(name, "nimby", store=store_address)  # type: ignore[arg-type]
    assert refused.value.key == "room.bad_name"
    assert open_store(store_address).rooms() == []


def test_an_unknown_room_or_another_game_is_refused(store_address: str) -> None:
    with pytest.raises(RoomError) as unknown:
        Room("nobody-here", store=store_address)
    assert unknown.value.key == "room.no_room"
    Room("class-3", "nimby", store=store_address)
    with pytest.raises(RoomError) as other:
        Room("class-3", "nestors", store=store_address)
    assert other.value.key == "room.other_game"
    assert "plays nimby, not nestors" in other.value.explanation.text("en")


@pytest.mark.parametrize(("settings", "key"), [
    ({"game": "whist"}, "room.bad_settings"),
    ({"game": "nimby", "rules": {"target": "ten"}}, "room.bad_settings"),
    ({"game": "nimby", "bots": "genius"}, "room.bad_bots"),
    ({"game": "nimby", "bots": ["random"] * 3}, "room.bad_bots"),
    ({"game": "nimby", "seed": "x"}, "room.bad_settings"),
])  # fmt: skip
def test_bad_settings_create_no_room(store_address: str, settings: dict, key: str) -> None:
    settings = dict(settings)
    game = settings.pop("game")
    with pytest.raises(RoomError) as refused:
        Room("class-3", game, store=store_address, **settings)
    assert refused.value.key == key
    assert open_store(store_address).rooms() == []


@pytest.mark.parametrize("seat", [-1, 4, "2", 1.0, None])
def test_a_seat_out_of_range_is_refused(store_address: str, seat: object) -> None:
    room = Room("class-3", "nimby", store=store_address)
    with pytest.raises(RoomError) as refused:
        room.join(seat)  # type: ignore[arg-type]
    assert refused.value.key == "room.bad_seat"
    assert room.humans() == set()


def test_a_taken_seat_is_refused_and_a_restarted_kernel_takes_its_own_back(store_address: str, tmp_path: Path) -> None:
    learner = tmp_path / "learner-a"  # the learner's Jupyter data folder, where the seat's token is kept
    Room("class-3", "nimby", store=store_address)
    finish(worker("join", store_address, "class-3", "2", data_dir=learner))  # a kernel that joined, then died
    room = Room("class-3", store=store_address)
    assert room.humans() == set()  # its holder is gone: a bot plays it
    assert room.away() == {2}
    with pytest.raises(RoomError) as taken:
        room.join(2, token="someone-else")  # yet it stays the learner's: another is refused, in words
    assert taken.value.key == "room.away_seat"
    assert "за него играет бот, пока он не вернётся" in taken.value.explanation.text("ru")
    finish(worker("join", store_address, "class-3", "2", data_dir=learner))  # the restarted kernel: same token
    assert set(room.store.seats("class-3")) == {2}


def test_a_seat_held_by_a_running_kernel_is_not_taken_by_the_same_learner_twice(
    store_address: str, tmp_path: Path
) -> None:
    learner = tmp_path / "learner-a"
    Room("class-3", "nimby", store=store_address)
    sitting = worker("sit", store_address, "class-3", "1", data_dir=learner)
    try:
        assert sitting.stdout is not None
        assert sitting.stdout.readline().strip() == "ready"
        second = worker("join", store_address, "class-3", "1", data_dir=learner)
        second.communicate(timeout=rooms_support.PATIENCE)
        assert second.returncode != 0
    finally:
        sitting.kill()
        sitting.communicate()


# ----- moves --------------------------------------------------------------------------------------------------
def test_a_move_from_a_seat_not_held_changes_nothing(store_address: str) -> None:
    room = Room("class-3", "nimby", store=store_address, seed=3)
    room.join(0)
    version = room.version
    for seat in (1, 2, 3):
        with pytest.raises(RoomError) as refused:
            room.move(seat, room.state.legal_strings()[0] if room.state.legal_strings() else "pass")
        assert refused.value.key == "room.not_your_seat"
    assert open_store(store_address).version("class-3") == version == room.version


def test_an_illegal_move_is_the_engines_refusal_and_changes_nothing(store_address: str) -> None:
    room = Room("class-3", "nimby", store=store_address, seed=3)
    seat = room.state.to_act
    room.join(seat)
    with pytest.raises(IllegalActionError) as refused:
        room.move(seat, "play 2S")
    assert refused.value.explanation.rule
    assert open_store(store_address).version("class-3") == room.version == 0


def test_a_move_on_an_old_version_says_someone_moved_first_and_catches_up(store_address: str) -> None:
    a = Room("class-3", "nimby", store=store_address, seed=3, bots="random")
    b = Room("class-3", store=store_address)
    seat = a.state.to_act
    a.join(seat)
    b.join(seat, token=a.held[seat])  # the same learner's seat in two notebooks of this kernel, say
    first, second = a.state.legal_strings()[0], b.state.legal_strings()[-1]
    a.move(seat, first)
    with pytest.raises(RoomError) as late:
        b._append({"seat": seat, "action": second})  # b chose on the version it saw, before a's move
    assert late.value.key == "room.moved_first"
    assert b.version == a.version  # b caught up; its move is not in
    assert b.state.history == a.state.history
    assert open_store(store_address).moves("class-3")[0] == (1, {"seat": seat, "action": first})


def test_kernels_moving_the_same_bots_at_once_append_each_bot_move_once(store_address: str, tmp_path: Path) -> None:
    Room("class-3", "nestors", store=store_address, seed=11, bots="random")
    go = tmp_path / "go"
    kernels = [worker("bots", store_address, "class-3", str(go)) for _ in range(3)]
    go.touch()  # nobody sits: three kernels see the same bot moves due at the same moment
    appended = [int(out) for out in finish_all(kernels)]
    room = Room("class-3", store=store_address)
    assert room.state.is_done
    assert sum(appended) == room.version == len(room.state.history)  # every move appended by exactly one kernel
    alone = Room("alone", "nestors", store=store_address, seed=11, bots="random")
    alone.play_bots()
    assert alone.state.history == room.state.history  # the same moves as one kernel alone makes


def test_a_log_that_does_not_replay_is_one_clear_error(store_address: str) -> None:
    Room("class-3", "nimby", store=store_address, seed=3)
    store = open_store(store_address)
    store.append("class-3", 0, {"seat": 0, "action": "fly away"})
    with pytest.raises(RoomError) as broken:
        Room("class-3", store=store_address)
    assert broken.value.key == "room.bad_log"
    assert "damaged at move 1: the entry does not replay" in broken.value.explanation.text("en")
    assert "повреждён на ходе 1: запись не воспроизводится" in broken.value.explanation.text("ru")


def test_a_damaged_entry_does_not_replay(store_address: str) -> None:
    Room("class-3", "nimby", store=store_address, seed=3)
    open_store(store_address).append("class-3", 0, {"seat": 0, "action": "pass", "extra": 1})
    with pytest.raises(RoomError) as broken:
        Room("class-3", store=store_address)
    assert broken.value.key == "room.bad_log"


def test_next_deal_only_after_the_deal(store_address: str) -> None:
    room = Room("class-3", "nimby", store=store_address, seed=3, rules={"target": 2})
    room.join(0)
    with pytest.raises(RoomError) as early:
        room.next_deal(0)
    assert early.value.key == "room.deal_not_over"
    play_alone(room, 0)
    deals = len(room.match.deals)
    room.next_deal(0, after=deals - 1)  # another learner started it already: nothing to do
    assert len(room.match.deals) == deals
    with pytest.raises(RoomError) as over:
        room.next_deal(0)
    assert over.value.key == "room.match_over"


# ----- a match, and its records -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_finished_deals_are_ordinary_records(store_address: str, game: str) -> None:
    room = Room("class-3", game, store=store_address, seed=4, rules=SHORT.get(game))
    room.join(1)
    play_alone(room, 1)
    assert room.match.is_over
    record = room.match_record()
    replayed = replay_match(load_record(record.to_json()))
    assert replayed.scores == room.match.scores
    assert [s.history for s in replayed.deals] == [s.history for s in room.finished()]
    assert HandReplay(room.finished()[0]).text()
    assert isinstance(post_mortem(room.finished()[-1], 1, samples=1, total_seconds=2), list)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kernels_in_separate_processes_play_a_whole_match(store_address: str, game: str) -> None:
    Room("class-3", game, store=store_address, seed=8, rules=SHORT.get(game))
    seats = range(len(Room("class-3", store=store_address).bot_levels))
    players = [worker("play", store_address, "class-3", str(seat)) for seat in seats]
    results = [json.loads(out) for out in finish_all(players)]
    assert all(result == results[0] for result in results)
    room = Room("class-3", store=store_address)
    assert room.match.is_over
    assert results[0] == {"scores": room.match.scores, "version": room.version, "deals": len(room.finished())}


# ----- learner seats: the room waits for its learners -----------------------------------------------------
def test_learner_seats_are_kept_with_the_rooms_settings(store_address: str) -> None:
    first = Room("class-3", "nestors", store=store_address, seed=5, learner_seats=(3, 0))
    again = Room("class-3", store=store_address)
    assert first.meta["learners"] == [0, 3]
    assert again.learner_seats == (0, 3)
    assert not again.started
    assert again.waiting_for() == [0, 3]
    assert "learners" not in Room("plain", "nestors", store=store_address).meta  # no setting: as ever


@pytest.mark.parametrize("seats", [(0, 0), (4,), (-1,), ("0",), 3, (True,)])
def test_bad_learner_seats_create_no_room(store_address: str, seats: object) -> None:
    with pytest.raises(RoomError) as refused:
        Room("class-3", "nestors", store=store_address, learner_seats=seats)  # type: ignore[arg-type]
    assert refused.value.key == "room.bad_learner_seats"
    assert open_store(store_address).meta("class-3") is None


def test_a_bot_kernel_that_looks_first_makes_no_move_for_a_learner_seat(store_address: str, tmp_path: Path) -> None:
    Room("class-3", "nestors", store=store_address, seed=11, bots="random", learner_seats=(0, 3))
    go = tmp_path / "go"
    go.touch()
    assert finish(worker("bots", store_address, "class-3", str(go))) == "0\n"  # nobody sits yet: nothing moves
    seat0 = Room("class-3", store=store_address)
    seat0.join(0)
    assert finish(worker("bots", store_address, "class-3", str(go))) == "0\n"  # seat 3 is still awaited
    assert open_store(store_address).version("class-3") == 0
    assert seat0.waiting_for() == [3]
    with pytest.raises(RoomError) as refused:  # a learner cannot move either
        seat0.move(0, seat0.state.legal_actions()[0].text if seat0.state.to_act == 0 else "pass")
    assert refused.value.key == "room.waiting_start"
    assert "seats 3 not taken yet" in str(refused.value)
    assert "места 3 ещё не заняты" in refused.value.explanation.text("ru")
    seat3 = Room("class-3", store=store_address)
    seat3.join(3)  # every learner seat held: the next look starts the room, and bots play the others
    made = int(finish(worker("bots", store_address, "class-3", str(go))))
    room = Room("class-3", store=store_address)
    assert room.started
    assert open_store(store_address).moves("class-3")[0] == (1, {"seat": -1, "action": "start"})
    assert made == room.version - 1
    assert all(entry["seat"] not in (0, 3) for _, entry in open_store(store_address).moves("class-3"))
    assert room.state.to_act in (0, 3)


def test_the_instructor_starts_a_waiting_table_and_bots_play_its_seats(store_address: str, tmp_path: Path) -> None:
    from cardwidgets.widgets.classroom import Classroom

    klass = Classroom("class-3", tables=2, game="nestors", store=store_address, seed=11, bots="random",
                      learner_seats=(0, 3))
    assert "Waiting for the learners: seats 0, 3 not taken yet" in klass.table_line(1)
    assert Classroom("class-3", tables=2, game="nestors", store=store_address, locale="ru").table_line(2).count(
        "Ждём учеников: места 0, 3")
    assert klass.start(1)
    assert not klass.start(1)  # once
    go = tmp_path / "go"
    go.touch()
    made = int(finish(worker("bots", store_address, "class-3-t1", str(go))))
    assert made > 0
    assert Room("class-3-t1", store=store_address).state.is_done  # nobody sat: bots played it all
    assert "Waiting" not in klass.table_line(1)
    assert "Waiting" in klass.table_line(2)
    assert finish(worker("bots", store_address, "class-3-t2", str(go))) == "0\n"  # the other table still waits


def test_a_seat_whose_kernel_died_is_played_by_a_bot_until_its_learner_is_back(
    store_address: str, tmp_path: Path
) -> None:
    learner = tmp_path / "learner-a"
    Room("class-3", "nestors", store=store_address, seed=11, bots="random")
    sitting = worker("sit", store_address, "class-3", "0", data_dir=learner)
    assert sitting.stdout is not None
    assert sitting.stdout.readline().strip() == "ready"
    room = Room("class-3", store=store_address)
    assert room.humans() == {0}
    assert room.play_bots() == 0  # seat 0 opens the bidding: its learner's turn, nobody else moves
    sitting.kill()  # the kernel is killed mid-deal
    sitting.communicate()
    assert room.humans() == set()
    made = room.play_bots()
    assert made > 0
    assert room.state.is_done  # the bots played the whole deal, seat 0's moves too
    assert any(entry["seat"] == 0 for _, entry in room.store.moves("class-3"))
    other = Room("class-3", store=store_address)
    with pytest.raises(RoomError) as refused:
        other.join(0, token="someone-else")
    assert refused.value.key == "room.away_seat"
    back = worker("sit", store_address, "class-3", "0", data_dir=learner)  # the same learner comes back
    try:
        assert back.stdout is not None
        assert back.stdout.readline().strip() == "ready"
        assert room.humans() == {0}
        room.join(1)
        room.next_deal(1)
        started = room.version
        bot = make_bot("heuristic", 1)
        while room.state.to_act not in (0, None):  # the next deal, up to seat 0's turn
            if room.state.to_act == 1:
                room.move(1, bot.choose(room.state).text)
            else:
                room.play_bots()
        assert room.play_bots() == 0  # seat 0's turn is its learner's again
        assert room.state.to_act == 0
        assert all(entry["seat"] != 0 for _, entry in room.store.moves("class-3", started))
    finally:
        back.kill()
        back.communicate()


def test_a_learner_seat_claimed_by_a_kernel_that_died_counts_as_claimed(store_address: str, tmp_path: Path) -> None:
    made = Room("class-3", "nestors", store=store_address, seed=2, bots="random", learner_seats=(0, 3))
    assert made.state.to_act == 1  # seats 1, 2, 3 bid before seat 0
    finish(worker("join", store_address, "class-3", "3", data_dir=tmp_path / "learner-d"))  # sat, then its kernel ended
    room = Room("class-3", store=store_address)
    assert room.waiting_for() == [0]
    room.join(0)
    room.play_bots()  # every learner seat claimed: the room starts, and a bot plays seat 3 while its learner is away
    assert room.started
    assert room.state.to_act == 0  # bots played every seat up to the one live learner's turn, seat 3 included
    assert [entry["seat"] for _, entry in room.store.moves("class-3")][:4] == [-1, 1, 2, 3]
