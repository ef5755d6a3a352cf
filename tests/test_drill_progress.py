"""Mastery that survives a restart: per-topic progress in a small SQLite file.

Answered, right, the run of right answers and missed questions are kept per topic; a
missed question comes back after a few others, then after more; a run of ``MASTERY``
right answers masters the topic; the file survives a new Python process; a damaged
or foreign file gives one clear message and a fresh start, never a traceback.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardwidgets import Drill
from cardwidgets.drills.progress import ENV, MASTERY, REVIEW_AFTER, Progress, progress_path
from cardwidgets.drills.series import item_key

ROOT = Path(__file__).parent.parent
TOPIC = "nimby-higher-card"


def right_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if choice.correct)


def wrong_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if not choice.correct)


def test_a_missed_question_comes_back_after_a_few_then_after_more() -> None:
    d = Drill(TOPIC, seed=5, store=Progress(None))
    missed = item_key(d.item)
    d.answer(wrong_index(d))
    assert d.mastery["missed"] == 1
    assert d.mastery["answered"] == 1
    shown = []
    for _ in range(REVIEW_AFTER[0] + REVIEW_AFTER[1] + 2):
        d.next()
        shown.append(item_key(d.item) == missed)
        d.answer(right_index(d))
    # back after REVIEW_AFTER[0] other questions, then (answered right) after REVIEW_AFTER[1] more
    first = shown.index(True)
    assert first == REVIEW_AFTER[0]
    assert shown.index(True, first + 1) == first + 1 + REVIEW_AFTER[1]
    assert d.mastery["missed"] == 1  # still to come back once more (REVIEW_AFTER[2])


def test_a_run_of_right_answers_masters_the_topic() -> None:
    d = Drill(TOPIC, seed=6, store=Progress(None))
    for n in range(MASTERY):
        assert not d.mastery["mastered"], n
        d.answer(right_index(d))
        d.next()
    assert d.mastery["mastered"] is True
    assert d.mastery["streak"] == MASTERY
    assert "mastered" in d.mastery["text"]
    d.answer(wrong_index(d))
    assert d.mastery["streak"] == 0
    assert d.mastery["mastered"] is True  # once mastered, a slip does not take it away


def test_reset_and_the_progress_table_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Progress(tmp_path / "p.sqlite")
    d = Drill("nestors-collector", seed=1, store=store)
    d.answer(right_index(d))
    assert store.topic("nestors-collector").answered == 1
    monkeypatch.setattr("cardwidgets.widgets.drill._SHARED", [store])
    en, ru = str(Drill.progress("nestors")), str(Drill.progress("nestors", locale="ru"))
    assert "Nestors: who collects the trick? | 1 | 1 | 1 |  | 0" in en
    assert "Несторс: кто забирает взятку? | 1 | 1 | 1 |  | 0" in ru
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
    assert again["missed"] == 1
    with sqlite3.connect(path) as db:
        (item, seen),  = db.execute("SELECT item, seen_at_answer FROM missed").fetchall()
    assert item == "3/0/0"
    assert seen == 1


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
    """After a kernel restart (a new Drill over the same file) the topic goes on, and a missed question comes back."""
    path = tmp_path / "p.sqlite"
    first = Drill(TOPIC, seed=4, store=Progress(path))
    missed = item_key(first.item)
    first.answer(wrong_index(first))
    seen = [missed]
    for _ in range(2):
        first.next()
        seen.append(item_key(first.item))
        first.answer(right_index(first))
    first.next()
    waiting = item_key(first.item)  # shown, not answered: it is asked again after the restart
    again = Drill(TOPIC, seed=4, store=Progress(path))  # as after a kernel restart
    assert item_key(again.item) == waiting
    assert item_key(again.item) not in seen
    assert again.question["number"] == 4
    assert again.mastery["answered"] == 3
    comes_back = []
    for _ in range(REVIEW_AFTER[0] + 1):
        again.answer(right_index(again))
        again.next()
        comes_back.append(item_key(again.item))
    assert missed in comes_back  # the missed question still comes back, after the restart
    other_seed = Drill(TOPIC, seed=5, store=Progress(path))
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
    assert (again.mastery["answered"], again.mastery["missed"], again.question["number"]) == (1, 1, 2)


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


def test_the_run_shown_stops_at_the_mastery_mark() -> None:
    runs = (("en", f"run {MASTERY} of {MASTERY} · mastered"), ("ru", f"серия {MASTERY} из {MASTERY} · освоено"))
    for locale, shown in runs:
        d = Drill(TOPIC, seed=7, store=Progress(None), locale=locale)
        for _ in range(MASTERY + 14):
            d.answer(right_index(d))
            d.next()
        assert d.mastery["streak"] == MASTERY
        assert shown in d.mastery["text"], d.mastery["text"]
        assert d.mastery["answered"] == MASTERY + 14
