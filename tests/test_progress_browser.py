"""The learner's progress in JupyterLite, and moving it as a file.

In the browser the progress file lives in JupyterLite's ``/drive`` (kept in the browser's IndexedDB);
SQLite works on a copy in memory, written back whole after each transaction. Here ``/drive`` is a
folder of ``tmp_path`` and the store is told it runs in the browser (``IN_BROWSER``, ``DRIVE``); the
real browser is ``tests/browser/test_lite.py``. Storage that refuses a write (full, blocked) is set
aside with one message and the drill goes on; two kernels of one site record every answer; a
damaged file is set aside. ``export_to`` / ``import_from`` move the progress as a file.
"""

from __future__ import annotations

import errno
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardwidgets import Drill
from cardwidgets.drills import progress
from cardwidgets.drills.progress import Progress, ProgressFileError
from cardwidgets.widgets import drill as drill_widget

TOPIC = "nimby-higher-card"


def right_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if choice.correct)


def answer(d: Drill, n: int) -> None:
    for _ in range(n):
        d.answer(right_index(d))
        d.next()


def answered_in(data: bytes, tmp: Path) -> int:
    """The topic's answers in a progress file's bytes, read with SQLite alone."""
    copy = tmp / "read.sqlite"
    copy.write_bytes(data)
    with sqlite3.connect(copy) as db:
        row = db.execute("SELECT answered FROM topics WHERE topic = ?", (TOPIC,)).fetchone()
    copy.unlink()
    return row[0] if row else 0


@pytest.fixture
def drive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for JupyterLite's ``/drive``; the store behaves as in the browser."""
    folder = tmp_path / "drive"
    folder.mkdir()
    monkeypatch.setattr(progress, "IN_BROWSER", True)
    monkeypatch.setattr(progress, "DRIVE", folder)
    monkeypatch.delenv(progress.ENV, raising=False)
    return folder


@pytest.fixture
def refusing(monkeypatch: pytest.MonkeyPatch, drive: Path) -> list[bool]:
    """The browser's storage refuses writes while ``refusing[0]`` is True (a full or blocked IndexedDB)."""
    state = [False]
    write_bytes = Path.write_bytes

    def write(self: Path, data: bytes) -> int:
        if state[0] and drive in self.parents:
            raise OSError(errno.ENOSPC, "QuotaExceededError")
        return write_bytes(self, data)

    monkeypatch.setattr(Path, "write_bytes", write)
    return state


def test_in_the_browser_the_file_is_in_the_drive_and_each_answer_is_written_there(drive: Path) -> None:
    path = progress.progress_path()
    assert path == drive / ".cardwidgets" / "progress.sqlite"
    d = Drill(TOPIC, seed=1, store=Progress(path))
    for n in range(1, 4):
        answer(d, 1)
        assert answered_in(path.read_bytes(), drive.parent) == n  # written after each answer, not at the end
    assert d.mastery["notice"] == ""
    again = Drill(TOPIC, seed=1, store=Progress(path))  # a new kernel (a restart, a reload): read from the drive
    assert again.mastery["answered"] == 3
    assert again.mastery["rating"] == d.mastery["rating"]


def test_storage_that_refuses_a_write_is_set_aside_once_and_the_drill_goes_on(
    drive: Path, refusing: list[bool]
) -> None:
    path = progress.progress_path()
    assert path is not None
    d = Drill(TOPIC, seed=1, store=Progress(path), locale="ru")
    answer(d, 2)
    refusing[0] = True
    answer(d, 3)  # no exception: the answers are kept in memory
    assert d.mastery["answered"] == 5
    assert "хранилище этого браузера" in d.mastery["notice"], d.mastery
    assert "QuotaExceededError" in d.mastery["notice"]
    assert answered_in(path.read_bytes(), drive.parent) == 2  # the storage still holds what it took
    refusing[0] = False
    answer(d, 1)  # the storage takes writes again: the whole file, every answer kept meanwhile
    assert d.mastery["notice"] == ""
    assert answered_in(path.read_bytes(), drive.parent) == 6
    assert Drill(TOPIC, seed=1, store=Progress(path)).mastery["answered"] == 6


def test_without_the_drive_the_drill_goes_on_in_memory_and_says_so(
    drive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DRIVE", drive / "not-mounted")
    path = progress.progress_path()
    assert path is not None
    d = Drill(TOPIC, seed=1, store=Progress(path))
    answer(d, 2)
    assert d.mastery["answered"] == 2
    assert "this browser's storage cannot keep your progress" in d.mastery["notice"], d.mastery
    assert not (drive / "not-mounted").exists()  # nothing pretends to be kept in a folder that is lost


def test_two_kernels_of_one_site_record_every_answer(drive: Path) -> None:
    """Two notebooks open in one site: two kernels, each on its own copy of the one file in the drive."""
    path = progress.progress_path()
    assert path is not None
    first = Drill(TOPIC, seed=1, store=Progress(path))
    second = Drill(TOPIC, seed=2, store=Progress(path))
    for _ in range(3):
        answer(first, 1)
        answer(second, 2)
    assert answered_in(path.read_bytes(), drive.parent) == 9
    assert Drill(TOPIC, seed=3, store=Progress(path)).mastery["answered"] == 9


def test_a_damaged_file_in_the_drive_is_set_aside_and_the_drill_goes_on(
    drive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(progress.os, "link")  # as in Pyodide, whose ``os`` has no hard links
    path = progress.progress_path()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database " * 300)
    d = Drill(TOPIC, seed=1, store=Progress(path))
    assert "is damaged" in d.mastery["notice"]
    answer(d, 2)
    (aside,) = path.parent.glob("progress.sqlite.bad-*")
    assert aside.read_bytes() == b"not a database " * 300
    assert answered_in(path.read_bytes(), drive.parent) == 2


# ----- moving progress as a file ---------------------------------------------------------------------------
def test_progress_exported_and_imported_elsewhere_is_the_same(tmp_path: Path) -> None:
    here = Progress(tmp_path / "here" / "progress.sqlite")
    d = Drill(TOPIC, seed=1, store=here)
    answer(d, 3)
    d.answer(next(i for i, c in enumerate(d.item.choices) if not c.correct))
    file = here.export_to(tmp_path / "moved" / "my-progress.sqlite")
    there = Progress(tmp_path / "there" / "progress.sqlite")
    Drill(TOPIC, seed=5, store=there).answer(0)  # what was there before is replaced, and kept aside
    kept = there.import_from(file)
    assert kept is not None
    assert kept.name.startswith("progress.sqlite.before-import-")
    assert answered_in(kept.read_bytes(), tmp_path) == 1
    assert there.topic(TOPIC) == here.topic(TOPIC)
    assert there.reviews(TOPIC) == here.reviews(TOPIC)
    assert there.rating(progress.LEARNER, "nimby") == here.rating(progress.LEARNER, "nimby")
    restarted = Drill(TOPIC, seed=1, store=Progress(here.path)).question["number"]  # where a restart goes on
    assert Drill(TOPIC, seed=1, store=Progress(there.path)).question["number"] == restarted


def test_export_includes_answers_waiting_in_memory_and_a_store_in_memory(tmp_path: Path) -> None:
    memory = Progress(None)
    answer(Drill(TOPIC, seed=1, store=memory), 2)
    file = memory.export_to(tmp_path / "from-memory.sqlite")
    other = Progress(None)
    assert other.import_from(file) is None
    assert other.topic(TOPIC).answered == 2


@pytest.mark.parametrize(
    ("content", "key"),
    [(b"junk " * 100, "err_import_foreign"), (b"", "err_import_foreign"), (None, "err_import_unreadable")],
)
def test_a_bad_file_is_refused_and_changes_nothing(tmp_path: Path, content: bytes | None, key: str) -> None:
    store = Progress(tmp_path / "progress.sqlite")
    answer(Drill(TOPIC, seed=1, store=store), 2)
    bad = tmp_path / "bad.sqlite"
    if content is not None:
        bad.write_bytes(content)
    with pytest.raises(ProgressFileError) as caught:
        store.import_from(bad)
    assert caught.value.key == key
    assert str(bad) in str(caught.value)
    assert store.topic(TOPIC).answered == 2
    assert not list(tmp_path.glob("progress.sqlite.before-import-*"))


def test_another_programs_database_and_another_version_are_refused(tmp_path: Path) -> None:
    store = Progress(tmp_path / "progress.sqlite")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(ProgressFileError, match="not a cardwidgets progress file"):
        store.import_from(other)
    newer = store.export_to(tmp_path / "newer.sqlite")
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {progress.VERSION + 1}")
    with pytest.raises(ProgressFileError, match="another version"):
        store.import_from(newer)


def test_drill_exports_and_imports_the_learners_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(progress.ENV, str(tmp_path / "progress.sqlite"))
    monkeypatch.setattr(drill_widget, "_SHARED", [])
    d = Drill(TOPIC, seed=1)
    answer(d, 2)
    file = Drill.export_progress(tmp_path / "export.sqlite")
    Drill(TOPIC, seed=1).reset()
    assert Drill(TOPIC, seed=1).mastery["answered"] == 0
    Drill.import_progress(file)
    assert Drill(TOPIC, seed=1).mastery["answered"] == 2


def answering_browser(monkeypatch: pytest.MonkeyPatch, room: dict[str, int]) -> list[int]:
    """The browser (``js``) answering the store's question about room from ``room``; the list counts the questions."""
    asked: list[int] = []

    class Estimate:
        def then(self, answer: Callable[[SimpleNamespace], None]) -> None:
            asked.append(1)
            answer(SimpleNamespace(**room))  # the browser answers later; here at once

    browser = SimpleNamespace(navigator=SimpleNamespace(storage=SimpleNamespace(estimate=Estimate)))
    monkeypatch.setitem(sys.modules, "js", browser)
    return asked


def test_a_write_the_browser_has_no_room_for_is_not_made(drive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write IndexedDB has no room for never comes back to the kernel (JupyterLite's page drops it): the
    store asks the browser how much room is left after each write and does not make one that would not fit."""
    room = {"quota": 10_000_000, "usage": 0}
    answering_browser(monkeypatch, room)
    path = progress.progress_path()
    assert path is not None
    d = Drill(TOPIC, seed=1, store=Progress(path))
    answer(d, 2)
    assert d.mastery["notice"] == ""
    room["usage"] = room["quota"] - 1000  # the site's storage all but full
    answer(d, 1)  # this write still went (the answer about the room comes after it)
    answer(d, 2)
    assert "full" in d.mastery["notice"], d.mastery
    assert d.mastery["answered"] == 5  # the drill went on
    assert answered_in(path.read_bytes(), drive.parent) == 3
    room["usage"] = 0  # room again (the learner cleared other sites' data): the next write takes every answer
    answer(d, 1)
    answer(d, 1)
    assert d.mastery["notice"] == ""
    assert answered_in(path.read_bytes(), drive.parent) == 7


def test_while_a_write_waits_for_room_each_use_asks_the_browser(drive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a write was held back, a read asks again at once (not once a second): the learner who made room
    sees the next answer written, however quickly the cells follow each other."""
    room = {"quota": 10_000_000, "usage": 10_000_000 - 1000}
    asked = answering_browser(monkeypatch, room)
    store = Progress(progress.progress_path())
    d = Drill(TOPIC, seed=1, store=store)
    answer(d, 2)
    assert "full" in d.mastery["notice"], d.mastery
    room["usage"] = 0
    before = len(asked)
    store.topic(TOPIC)  # a read, within a second of the last question
    assert len(asked) == before + 1
    answer(d, 1)  # the first write after the room was made is made
    assert d.mastery["notice"] == ""
