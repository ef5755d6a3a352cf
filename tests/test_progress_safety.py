"""The learner's progress is never lost: the attacks on the progress file, with real processes.

A file another process holds locked is waited for, or kept in memory with a note under the
drill and written once it is free; a read-only file the same; neither is called damaged or
moved. Only a file that fails SQLite's own check is set aside, each under a name of its own.
Two kernels drilling on one file record every answer; an answer written counts once, whatever
fails after it. Each test uses its own files in ``tmp_path``.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import Drill
from cardwidgets.drills import progress
from cardwidgets.drills.progress import Progress

ROOT = Path(__file__).parent.parent
TOPIC = "nimby-higher-card"

#: Another process holding the file: ``BEGIN EXCLUSIVE`` (nobody reads) or ``BEGIN IMMEDIATE`` (nobody writes).
LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN " + sys.argv[2])
db.execute("UPDATE topics SET answered = answered WHERE 0")  # hold the lock as a writer would
print("locked", flush=True)
time.sleep(float(sys.argv[3]))
db.execute("COMMIT")
"""


def right_index(d: Drill) -> int:
    return next(i for i, choice in enumerate(d.item.choices) if choice.correct)


def answered_in_file(path: Path) -> int:
    """The topic's answers as the file holds them, read with SQLite alone."""
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT answered FROM topics WHERE topic = ?", (TOPIC,)).fetchone()
    return row[0] if row else 0


def drill_on(path: Path, answers: int, seed: int = 1) -> None:
    """Answer ``answers`` questions on the file at ``path``."""
    d = Drill(TOPIC, seed=seed, store=Progress(path))
    for _ in range(answers):
        d.answer(right_index(d))
        d.next()


@contextmanager
def locked(path: Path, mode: str, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """Another process holds ``path`` locked for ``seconds`` (from when this returns)."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path), mode, str(seconds)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout is not None
        assert locker.stdout.readline().strip() == "locked"
        yield locker
    finally:
        locker.wait(timeout=30)
        if locker.stdout is not None:
            locker.stdout.close()


def scaled_wait(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The store waits ``seconds`` for a lock (as with any wait shorter than the lock: the same code path)."""
    monkeypatch.setattr(progress, "BUSY_SECONDS", seconds, raising=False)
    connect = sqlite3.connect

    def short(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return connect(*args, **{"timeout": seconds, **kwargs})

    monkeypatch.setattr(sqlite3, "connect", short)


@pytest.mark.parametrize("mode", ["EXCLUSIVE", "IMMEDIATE"])
def test_a_file_locked_longer_than_the_wait_is_kept_in_memory_and_said_then_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """Locked by another process for longer than the store waits (8 s against a few): never damaged, never moved."""
    path = tmp_path / "progress.sqlite"
    drill_on(path, 3)
    scaled_wait(monkeypatch, 0.2)
    with locked(path, mode, 2.0) as locker:
        d = Drill(TOPIC, seed=1, store=Progress(path))
        ru = Drill(TOPIC, seed=1, store=Progress(path), locale="ru")
        d.answer(right_index(d))
        ru.answer(right_index(ru))
        assert "is in use by another program" in d.mastery["notice"], d.mastery
        assert "занят другой программой" in ru.mastery["notice"], ru.mastery
        assert (d._store.waiting if d._store else None) == 1  # one answer waits in memory, to be written
        assert locker.poll() is None  # all this while the file was locked
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite"]  # nothing set aside
    assert answered_in_file(path) == 3  # the file as it was: the answer waits in memory
    monkeypatch.setattr(progress, "RETRY_EVERY", 0.0, raising=False)  # the next use tries at once
    ru.next()  # the file is free: the answers kept in memory are written at the next use
    assert ru.mastery["notice"] == ""
    d.next()
    d.answer(right_index(d))
    assert d.mastery["notice"] == ""
    assert answered_in_file(path) == 6  # three before, two kept in memory, one after
    assert d.mastery["answered"] == 6


def test_a_file_locked_for_less_than_the_wait_is_waited_for(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    drill_on(path, 2)
    with locked(path, "EXCLUSIVE", 1.0):
        start = time.monotonic()
        d = Drill(TOPIC, seed=1, store=Progress(path))
        d.answer(right_index(d))
    assert time.monotonic() - start >= 0.5  # it waited for the lock
    assert d.mastery["notice"] == ""
    assert d.mastery["answered"] == 3
    assert answered_in_file(path) == 3


def test_answers_kept_in_memory_are_written_when_the_kernel_exits(tmp_path: Path) -> None:
    """A kernel that answers while the file is locked, then stops: its answers reach the file on the way out."""
    path = tmp_path / "progress.sqlite"
    drill_on(path, 1)
    script = f"""
import sqlite3, sys
from cardwidgets import Drill
from cardwidgets.drills import progress
print("ready", flush=True)
sys.stdin.readline()  # the file is locked now
progress.BUSY_SECONDS = 0.2
d = Drill({TOPIC!r}, seed=1, store=progress.Progress(sys.argv[1]))
d.answer(next(i for i, c in enumerate(d.item.choices) if c.correct))
assert "in use" in d.mastery["notice"], d.mastery
progress.BUSY_SECONDS = 10.0  # the way out waits for the lock as long as any change does
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kernel = subprocess.Popen(
        [sys.executable, "-c", script, str(path)], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert kernel.stdin is not None
    assert kernel.stdout is not None
    assert kernel.stdout.readline().strip() == "ready"
    with locked(path, "EXCLUSIVE", 1.5):
        kernel.stdin.write("go\n")
        kernel.stdin.close()
        assert kernel.wait(timeout=60) == 0
    kernel.stdout.close()
    assert answered_in_file(path) == 2


def test_a_read_only_file_is_kept_and_read_and_written_when_it_can_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.sqlite"
    drill_on(path, 2)
    monkeypatch.setattr(progress, "RETRY_EVERY", 0.0, raising=False)
    path.chmod(0o444)
    connect = sqlite3.connect
    if os.geteuid() == 0:  # root writes read-only files: SQLite is made to open it read-only, as it would then

        def read_only(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
            if str(target) == str(path):
                return connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)
            return connect(target, *args, **kwargs)

        monkeypatch.setattr(sqlite3, "connect", read_only)
    d = Drill(TOPIC, seed=1, store=Progress(path))
    assert d.mastery["answered"] == 2  # read as it is
    d.answer(right_index(d))
    assert "is read-only" in d.mastery["notice"]
    assert d.mastery["answered"] == 3  # kept in memory, and said so
    assert Drill(TOPIC, seed=1, store=Progress(path), locale="ru").mastery["notice"] == ""  # reading alone is fine
    d.next()
    d.answer(right_index(d))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite"]  # never moved
    assert answered_in_file(path) == 2
    monkeypatch.setattr(sqlite3, "connect", connect)
    path.chmod(0o644)  # writable again: what waited in memory is written at the next use
    d.next()
    assert d.mastery["notice"] == ""
    assert answered_in_file(path) == 4


def test_each_damaged_file_is_set_aside_under_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    asides = []
    for n in range(3):
        path.write_bytes(f"damage number {n} ".encode() * 200)
        store = Progress(path)
        d = Drill(TOPIC, seed=1, store=store, locale=("en", "ru")[n % 2])
        assert ("is damaged", "повреждён")[n % 2] in d.mastery["notice"]
        asides.append(Path(store.notice_params["aside"]))
        assert str(asides[-1]) in d.mastery["notice"]
        store.close()
    assert len(set(asides)) == 3
    assert sorted(tmp_path.glob("progress.sqlite.bad-*")) == sorted(asides)
    for n, aside in enumerate(asides):  # each damaged file kept whole, none overwritten
        assert aside.read_bytes() == f"damage number {n} ".encode() * 200


def test_a_file_failing_sqlites_own_check_is_set_aside(tmp_path: Path) -> None:
    """A file whose header is fine but whose pages are not: ``PRAGMA quick_check`` says so."""
    path = tmp_path / "progress.sqlite"
    drill_on(path, 20)
    with sqlite3.connect(path) as db:
        page = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
    assert pages > 2
    data = bytearray(path.read_bytes())
    data[page + 8 : 2 * page] = b"\xff" * (page - 8)  # the second page damaged
    path.write_bytes(bytes(data))
    d = Drill(TOPIC, seed=1, store=Progress(path))
    assert "is damaged" in d.mastery["notice"]
    (aside,) = tmp_path.glob("progress.sqlite.bad-*")
    assert aside.read_bytes() == bytes(data)
    d.answer(right_index(d))
    assert answered_in_file(path) == 1  # a fresh file


def drill_together(path_stem: str, trials: int, answers: int, seed: int, start: Any) -> None:
    """One of two kernels: in each trial, after the other is ready too, ``answers`` answers on the trial's file."""
    for trial in range(trials):
        start.wait()  # both kernels open the new file and drill at the same moment
        store = Progress(f"{path_stem}-{trial}.sqlite")
        d = Drill(TOPIC, seed=seed, store=store)
        for _ in range(answers):
            d.answer(right_index(d))
            d.next()
        store.close()


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder of this test's own in memory (``/dev/shm``) where there is one: a commit there needs no disk."""
    if not Path("/dev/shm").is_dir():
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="cardwidgets-progress-", dir="/dev/shm"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    ("trials", "answers"),
    [
        (10, 50),  # two kernels drilling together
        (60, 1),  # two kernels making the file at the same moment: neither takes the other's half-made file
    ],
)
def test_two_kernels_drilling_on_one_file_record_every_answer(fast_dir: Path, trials: int, answers: int) -> None:
    """Two processes x 50 answers on one file, started together, 10 trials: 100 of 100 recorded each time."""
    context = multiprocessing.get_context("fork")
    start = context.Barrier(2)
    stem = str(fast_dir / "shared")
    kernels = [
        context.Process(target=drill_together, args=(stem, trials, answers, seed, start)) for seed in (1, 1)
    ]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(timeout=120)
        assert kernel.exitcode == 0
    recorded = [Progress(f"{stem}-{trial}.sqlite").topic(TOPIC).answered for trial in range(trials)]
    assert recorded == [2 * answers] * trials


def test_an_answer_counts_once_whatever_fails_after_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault in the widget after the progress write puts the widget back; the browser's retry counts nothing twice."""
    path = tmp_path / "progress.sqlite"
    store = Progress(path)
    d = Drill(TOPIC, seed=1, store=store)
    shown = Drill._mastery
    faults = [RuntimeError("a fault after the write")]

    def fails_once(self: Drill, locale: str) -> dict[str, Any]:
        if faults:
            raise faults.pop()
        return shown(self, locale)

    monkeypatch.setattr(Drill, "_mastery", fails_once)
    click = {"command": "answer", "option": right_index(d)}
    d._on_front_end_message(d, click, [])
    assert d.error  # the fault is said, the widget put back
    assert d.score["asked"] == 0
    assert store.topic(TOPIC).answered == 1  # the answer was written before the fault
    d._on_front_end_message(d, click, [])  # the learner clicks again
    assert d.error == {}
    assert d.score["asked"] == 1
    assert store.topic(TOPIC).answered == 1  # counted once
    assert answered_in_file(path) == 1
    d.next()
    faults.append(RuntimeError("again, through the Python API"))
    again = right_index(d)
    with pytest.raises(RuntimeError):
        d.answer(again)
    d.answer(again)
    assert (d.score["asked"], store.topic(TOPIC).answered) == (2, 2)


def test_a_file_removed_or_replaced_under_a_running_drill_is_followed(tmp_path: Path) -> None:
    """Answers go to the file at the path, not to one unlinked meanwhile (another kernel set it aside)."""
    path = tmp_path / "progress.sqlite"
    d = Drill(TOPIC, seed=1, store=Progress(path))
    d.answer(right_index(d))
    path.unlink()
    d.next()
    d.answer(right_index(d))
    assert answered_in_file(path) == 1
    other = tmp_path / "other.sqlite"
    drill_on(other, 5)
    os.replace(other, path)
    d.next()
    d.answer(right_index(d))
    assert answered_in_file(path) == 6


def test_a_file_of_another_version_is_kept_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    drill_on(path, 2)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {progress.VERSION + 1}")
    before = path.read_bytes()
    d = Drill(TOPIC, seed=1, store=Progress(path), locale="ru")
    d.answer(right_index(d))
    assert "другой версией" in d.mastery["notice"]
    assert d.mastery["answered"] == 1  # kept in memory
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite"]
    assert path.read_bytes() == before
