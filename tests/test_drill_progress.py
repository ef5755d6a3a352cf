"""Progress that survives a restart: per-topic progress, ratings and reviews in a small SQLite file.

Answered, right and the run of right answers are kept per topic; the learner's Glicko-2 rating per
game and each topic's move after every first answer; each rule's FSRS card is reviewed, and a missed
rule comes back as a new question of that rule when FSRS makes it due; a topic is mastered when FSRS
holds its rules steady (practice spread over days); the file survives a new Python process; a file
of the earlier layout is brought to this one without losing what it holds; a damaged or foreign file
gives one clear message and a fresh start, never a traceback. Time is the store's clock, moved on by
the tests.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from cardwidgets import Drill
from cardwidgets.drills.progress import ENV, Progress, progress_path
from cardwidgets.drills.rating import DRILL, LEARNER, MASTERY_DAYS, PUZZLE, RELEARN, Glicko
from cardwidgets.drills.series import item_key, rule_of

ROOT = Path(__file__).parent.parent
TOPIC = "nimby-higher-card"
#: A topic of several rules (TUM-3, TUM-8, T-1): a missed one must come back as that rule.
RULES = "tumbochka-bids"
START = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


class Clock:
    """The store's time, moved on by the test (no waiting)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def wait(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def right_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if choice.correct)


def wrong_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if not choice.correct)


def test_a_missed_rule_comes_back_as_a_new_question_of_that_rule() -> None:
    clock = Clock()
    d = Drill(RULES, seed=5, store=Progress(None, clock=clock))
    while rule_of(d.item) == "TUM-3":  # a rule other than the commonest, so that coming back is not chance
        d.next()
    missed, rule = item_key(d.item), rule_of(d.item)
    d.answer(wrong_index(d))
    assert (d.mastery["answered"], d.mastery["due"]) == (1, 0)
    assert "next review in 1 min" in d.mastery["text"]
    clock.wait(seconds=20)
    d.next()
    assert not d.mastery["review"]  # not due yet: the series goes on
    clock.wait(seconds=45)  # FSRS's relearning step has passed
    d.next()
    assert d.mastery["review"] is True
    assert rule_of(d.item) == rule  # the same rule …
    assert item_key(d.item) != missed  # … in a new question, not the one missed
    d.answer(right_index(d))
    assert d.mastery["due"] == 0
    d.next()
    assert not d.mastery["review"]


def test_mastery_takes_reviews_spread_over_days() -> None:
    """Right answers on one day do not master a topic; FSRS's stability grows past a week only across days."""
    clock = Clock()
    store = Progress(None, clock=clock)
    d = Drill(TOPIC, seed=6, store=store)
    for _ in range(12):
        d.answer(right_index(d))
        d.next()
        clock.wait(minutes=1)
    assert not d.mastery["mastered"]
    assert d.mastery["streak"] == 12
    (card,) = store.reviews(TOPIC)
    assert card["card"].stability < MASTERY_DAYS
    assert "next review in 2 d" in d.mastery["text"]
    clock.wait(days=2)
    assert d.mastery["due"] == 0  # the drill's mastery is computed when it changes: ask the store
    assert store.topic(TOPIC).due == 1
    d.next()
    assert d.mastery["review"] is True
    d.answer(right_index(d))
    assert d.mastery["mastered"] is True
    assert store.reviews(TOPIC)[0]["card"].stability >= MASTERY_DAYS
    assert "mastered" in d.mastery["text"]
    d.answer(wrong_index(d))  # a later try on the same question: only the first answer counts
    d.next()
    d.answer(wrong_index(d))
    assert d.mastery["streak"] == 0
    assert d.mastery["mastered"] is True  # once mastered, a slip does not take it away


def test_ratings_move_after_every_first_answer() -> None:
    store = Progress(None)
    d = Drill(TOPIC, seed=2, store=store)
    ratings = [d.mastery["rating"]]
    for _ in range(3):
        d.answer(right_index(d))
        ratings.append(d.mastery["rating"])
        d.next()
    assert ratings[0] is None  # unrated yet
    assert ratings[1] > 1500
    assert ratings[1] < ratings[2] < ratings[3]
    learner, topic = store.rating(LEARNER, "nimby"), store.rating(DRILL, TOPIC)
    assert learner is not None
    assert topic is not None
    assert (learner.attempts, learner.won, topic.attempts, topic.won) == (3, 3, 3, 0)
    assert topic.rating < 1500 < learner.rating
    assert learner.rd < 350
    d.answer(wrong_index(d))
    assert store.rating(LEARNER, "nimby").rating < learner.rating  # type: ignore[union-attr]
    assert store.rating(DRILL, TOPIC).rating > topic.rating  # type: ignore[union-attr]
    assert "your rating 1" in d.mastery["text"]
    assert store.rating(LEARNER, "nestors") is None  # a rating per game


def test_a_puzzle_is_rated_and_reviewed_in_the_same_store() -> None:
    """Another kind of item (a puzzle) plugs in: its own rating from a calibrated start, its own FSRS card."""
    clock = Clock()
    store = Progress(None, clock=clock)
    store.record(TOPIC, "1/0/0", True, rule="NIM-1", game="nimby", answer="d/0")
    after_drill = store.rating(LEARNER, "nimby")
    hard = Glicko(rating=1900, rd=80)
    learner = store.attempt(PUZZLE, "nimby-0007", "nimby", True, topic="unblock", start=hard, answer="p/7")
    assert after_drill is not None
    assert learner.rating - after_drill.rating > 50  # solving a 1900 puzzle is worth much
    puzzle = store.rating(PUZZLE, "nimby-0007")
    assert puzzle is not None
    assert puzzle.rating < 1900
    assert store.attempt(PUZZLE, "nimby-0007", "nimby", True, topic="unblock", answer="p/7") == learner  # once
    assert store.due_items(PUZZLE, "nimby") == []
    store.attempt(PUZZLE, "nimby-0008", "nimby", False, topic="unblock")
    clock.wait(minutes=2)
    assert store.due_items(PUZZLE, "nimby") == ["nimby-0008"]  # missed: due again; the solved one is not yet
    assert store.topic(TOPIC).answered == 1  # drills and puzzles keep apart


def test_an_answer_written_twice_moves_the_ratings_once() -> None:
    store = Progress(None)
    store.record(TOPIC, "1/0/0", True, rule="NIM-1", game="nimby", answer="a/0")
    once = store.rating(LEARNER, "nimby")
    store.record(TOPIC, "1/0/0", True, rule="NIM-1", game="nimby", answer="a/0")  # a retry after a fault
    assert store.rating(LEARNER, "nimby") == once
    assert store.topic(TOPIC).answered == 1


def test_reset_and_the_progress_table_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Progress(tmp_path / "p.sqlite")
    d = Drill("nestors-collector", seed=1, store=store)
    d.answer(right_index(d))
    assert store.topic("nestors-collector").answered == 1
    monkeypatch.setattr("cardwidgets.widgets.drill._SHARED", [store])
    en, ru = str(Drill.progress("nestors")), str(Drill.progress("nestors", locale="ru"))
    assert "Your progress, Nestors · your rating 1662 ± 290 (1 answers)" in en
    assert "topic | answered | right | run | topic's rating | review | mastered" in en
    assert "Nestors: who collects the trick? | 1 | 1 | 1 | 1338 | in 10 min | " in en
    assert "Ваши успехи, Несторс · ваш рейтинг 1662 ± 290 (ответов: 1)" in ru
    assert "Несторс: кто забирает взятку? | 1 | 1 | 1 | 1338 | через 10 мин | " in ru
    assert str(tmp_path / "p.sqlite") in en
    assert "<table" in Drill.progress(locale="ru")._repr_html_()
    d.reset()
    assert store.topic("nestors-collector").answered == 0
    assert d.mastery["answered"] == 0


SCRIPT = """
import json, sys
from cardwidgets import Drill
d = Drill("nimby-exchange", seed=3)
if sys.argv[1] == "answer":
    wrong = next(i for i, c in enumerate(d.item.choices) if not c.correct)
    d.answer(wrong)
print(json.dumps(d.mastery))
"""


def run(mode: str, path: Path) -> dict:
    env = {**os.environ, ENV: str(path), "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(out.stdout)


def test_progress_survives_a_new_python_process(tmp_path: Path) -> None:
    path = tmp_path / "data" / "progress.sqlite"
    assert run("answer", path)["answered"] == 1
    again = run("look", path)  # another process, as after a kernel restart
    assert again["answered"] == 1
    assert again["right"] == 0
    assert again["rating"] < 1500
    assert "next review" in again["text"]
    with sqlite3.connect(path) as db:
        ((rule, misses),) = db.execute("SELECT item, misses FROM reviews").fetchall()
        (number,) = db.execute("SELECT number FROM numbers").fetchone()
    assert (rule, misses, number) == ("N-2", 1, 1)


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"not a database at all" * 100, "is damaged"), (None, "is not a cardwidgets progress file")],
)
def test_a_damaged_or_foreign_file_gives_one_message_and_a_fresh_start(
    tmp_path: Path, content: bytes | None, words: str
) -> None:
    path = tmp_path / "progress.sqlite"
    if content is None:
        with sqlite3.connect(path) as db:  # another program's database
            db.execute("CREATE TABLE songs (title TEXT)")
    else:
        path.write_bytes(content)
    d = Drill(TOPIC, seed=1, store=Progress(path))
    d.answer(right_index(d))  # the drill goes on
    assert words in d.mastery["notice"]
    assert d.mastery["answered"] == 1
    (aside,) = tmp_path.glob("progress.sqlite.bad-*")  # the learner's file is kept aside, not lost
    assert str(aside) in d.mastery["notice"]
    assert Progress(path).topic(TOPIC).answered == 1  # the fresh file is ours now
    ru = Drill(TOPIC, seed=1, store=Progress(tmp_path / "other.sqlite"), locale="ru")
    assert ru.mastery["notice"] == ""


def test_an_unwritable_place_keeps_progress_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    d = Drill(TOPIC, seed=1, store=Progress(blocker / "progress.sqlite"))  # its folder cannot be made
    d.answer(0)
    assert "cannot be saved" in d.mastery["notice"]
    assert d.mastery["answered"] == 1


def test_where_the_file_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "x.sqlite"))
    assert progress_path() == tmp_path / "x.sqlite"
    monkeypatch.setenv(ENV, ":memory:")
    assert progress_path() is None
    monkeypatch.delenv(ENV)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jd"))
    assert progress_path() == tmp_path / "jd" / "cardwidgets" / "progress.sqlite"


def test_from_mistakes_keeps_no_progress() -> None:
    d = Drill("nimby-higher-card", seed=1, store=Progress(None))
    assert d.mastery["answered"] == 0
    fixed = Drill("mistakes", items=[d.item])
    fixed.answer(0)
    assert fixed.mastery == {}


def test_without_sqlite3_the_drill_goes_on_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLite's Pyodide loads sqlite3 only on request: the drill works and says progress is not kept."""

    def no_sqlite(self: Progress, wait: float | None = None) -> None:
        raise ImportError("No module named 'sqlite3'")

    monkeypatch.setattr(Progress, "_open", no_sqlite)
    store = Progress(None)
    d = Drill(TOPIC, seed=1, store=store)
    assert d.answer(right_index(d))["correct"] is True
    d.next()
    assert "sqlite3" in d.mastery["notice"]
    monkeypatch.setattr("cardwidgets.widgets.drill._SHARED", [Progress(None)])
    assert "sqlite3" in str(Drill.progress("nimby"))


def test_answers_from_another_thread_are_kept(tmp_path: Path) -> None:
    """The kernel runs cells on one thread and handles the browser's clicks on another: both reach the file."""
    import threading

    d = Drill(TOPIC, seed=1, store=Progress(tmp_path / "p.sqlite"))  # the cell: opens the file on this thread
    click = threading.Thread(target=d.answer, args=(right_index(d),))  # the click: another thread
    click.start()
    click.join()
    assert d.mastery["notice"] == ""
    assert d.mastery["answered"] == 1
    assert Progress(tmp_path / "p.sqlite").topic(TOPIC).answered == 1


def test_a_new_drill_goes_on_where_the_learner_was(tmp_path: Path) -> None:
    """After a kernel restart (a new Drill over the same file) the topic goes on, and a missed rule comes back."""
    path = tmp_path / "p.sqlite"
    clock = Clock()
    first = Drill(TOPIC, seed=4, store=Progress(path, clock=clock))
    missed = item_key(first.item)
    first.answer(wrong_index(first))
    seen = [missed]
    for _ in range(2):
        first.next()
        seen.append(item_key(first.item))
        first.answer(right_index(first))
    first.next()
    waiting = item_key(first.item)  # shown, not answered: it is asked again after the restart
    again = Drill(TOPIC, seed=4, store=Progress(path, clock=clock))  # as after a kernel restart
    assert item_key(again.item) == waiting
    assert item_key(again.item) not in seen
    assert again.question["number"] == 4
    assert again.mastery["answered"] == 3
    clock.wait(days=3)  # every rule's review is due: the first question after this restart is one
    later = Drill(TOPIC, seed=4, store=Progress(path, clock=clock))
    assert later.mastery["review"] is True
    assert item_key(later.item) not in [*seen, waiting]
    other_seed = Drill(TOPIC, seed=5, store=Progress(path, clock=clock))
    assert other_seed.question["number"] == 1  # each seed's questions have their own place
    again.reset()
    assert Drill(TOPIC, seed=4, store=Progress(path)).question["number"] == 1


def test_in_the_browsers_storage_sqlite_works_on_a_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLite: SQLite cannot work on /drive, so it works on a copy in memory, written back after each answer."""
    monkeypatch.setattr("cardwidgets.drills.progress.in_browser_storage", lambda path: True)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "memory"))
    (tmp_path / "memory").mkdir()
    kept = tmp_path / "drive" / ".cardwidgets" / "progress.sqlite"
    d = Drill(TOPIC, seed=2, store=Progress(kept))
    d.answer(wrong_index(d))
    assert d.mastery["notice"] == ""
    assert kept.exists()  # written back to the browser's storage
    assert (tmp_path / "memory" / "cardwidgets-progress.sqlite").exists()  # where SQLite worked
    (tmp_path / "memory" / "cardwidgets-progress.sqlite").unlink()  # a kernel restart loses Pyodide's memory
    again = Drill(TOPIC, seed=2, store=Progress(kept))
    assert (again.mastery["answered"], again.mastery["right"], again.question["number"]) == (1, 0, 2)
    assert again.mastery["rating"] < 1500


def test_question_numbers_only_go_up_across_restarts(tmp_path: Path) -> None:
    """Questions that came back are numbered too: a restart counts on from the last one answered."""
    path = tmp_path / "p.sqlite"
    d = Drill(TOPIC, seed=3, store=Progress(path))
    assert d.question["number"] == 1  # a fresh drill starts at 1
    numbers = []
    for n in range(14):
        numbers.append(d.question["number"])
        d.answer(wrong_index(d) if n in (0, 2, 5) else right_index(d))  # three missed: they come back
        d.next()
    assert numbers == list(range(1, 15))
    assert d.mastery["answered"] == 14
    again = Drill(TOPIC, seed=3, store=Progress(path))  # as after a kernel restart
    assert again.question["number"] == 15
    again.answer(right_index(again))
    again.next()
    assert again.question["number"] == 16
    assert Drill(TOPIC, seed=3, store=Progress(path)).question["number"] == 16


V1_TABLES = {
    "topics": "topic TEXT PRIMARY KEY, answered INTEGER NOT NULL, right INTEGER NOT NULL, "
    "streak TEXT NOT NULL, mastered INTEGER NOT NULL",
    "missed": "topic TEXT NOT NULL, item TEXT NOT NULL, misses INTEGER NOT NULL, stage INTEGER NOT NULL, "
    "seen_at_answer INTEGER NOT NULL, seen_time REAL NOT NULL, due INTEGER NOT NULL, PRIMARY KEY (topic, item)",
    "series": "topic TEXT NOT NULL, seed INTEGER NOT NULL, next INTEGER NOT NULL, PRIMARY KEY (topic, seed)",
    "numbers": "topic TEXT NOT NULL, seed INTEGER NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (topic, seed)",
    "answers": "id TEXT PRIMARY KEY, topic TEXT NOT NULL",
}


def test_a_file_of_the_earlier_layout_is_brought_up_without_losing_progress(tmp_path: Path) -> None:
    """Counts, runs, places and answers stay; each missed question becomes a review of its topic, due now."""
    path = tmp_path / "progress.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 1129792592")
        db.execute("PRAGMA user_version = 1")
        for name, columns in V1_TABLES.items():
            db.execute(f"CREATE TABLE {name} ({columns})")
        db.execute("INSERT INTO topics VALUES (?, 9, 7, ?, 1)", (TOPIC, json.dumps(["1/5/0", "1/6/0"])))
        db.execute("INSERT INTO missed VALUES (?, '1/2/0', 2, 0, 3, ?, 6)", (TOPIC, START.timestamp()))
        db.execute("INSERT INTO series VALUES (?, 1, 9)", (TOPIC,))
        db.execute("INSERT INTO numbers VALUES (?, 1, 9)", (TOPIC,))
        db.execute("INSERT INTO answers VALUES ('x/8', ?)", (TOPIC,))
    clock = Clock()
    clock.wait(days=1)
    store = Progress(path, clock=clock)
    d = Drill(TOPIC, seed=1, store=store)
    assert store.notice == ""  # brought up in place: no message, nothing set aside
    assert not list(tmp_path.glob("*.bad-*"))
    assert (d.mastery["answered"], d.mastery["right"], d.mastery["streak"], d.mastery["mastered"]) == (9, 7, 2, True)
    assert d.question["number"] == 10
    assert d.mastery["review"] is True  # the missed question's topic is due: a new question of it
    (card,) = store.reviews(TOPIC)
    assert (card["rule"], card["misses"]) == ("", 2)
    store.record(TOPIC, "1/8/0", True, rule="NIM-1", answer="x/8")  # an answer written before: counts once
    assert store.topic(TOPIC).answered == 9
    d.answer(right_index(d))
    assert [row["rule"] for row in store.reviews(TOPIC)] == ["NIM-1"]  # the topic's card, answered, is retired
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (2,)
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'missed'").fetchone()
    assert Progress(path, clock=clock).topic(TOPIC).answered == 10


def test_a_file_of_a_later_layout_is_kept_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 1129792592")
        db.execute("PRAGMA user_version = 3")
        db.execute("CREATE TABLE future (x)")
    d = Drill(TOPIC, seed=1, store=Progress(path))
    d.answer(right_index(d))
    assert "another version" in d.mastery["notice"]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (3,)


def test_the_progress_text_in_both_languages() -> None:
    clock = Clock()
    for locale, words in (("en", ("run 1", "next review in 10 min", "due for review now")),
                          ("ru", ("серия 1", "следующее повторение через 10 мин", "пора повторить: 1"))):
        d = Drill(TOPIC, seed=7, store=Progress(None, clock=clock), locale=locale)
        d.answer(right_index(d))
        assert words[0] in d.mastery["text"]
        assert words[1] in d.mastery["text"], d.mastery["text"]
        clock.wait(minutes=11)
        d.next()
        d.answer(wrong_index(d))
        clock.wait(seconds=RELEARN.total_seconds())
        d.next()
        assert words[2] in d.mastery["text"], d.mastery["text"]
        assert d.mastery["review"] is True
