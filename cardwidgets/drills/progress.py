"""A learner's progress per drill topic, kept in a small SQLite file that survives a kernel restart.

Per topic: questions answered, answered right at the first try, the current run of
right answers (on different questions) and whether the topic is mastered (a run of
``MASTERY``). A question answered wrong is *missed*: it comes back after
``REVIEW_AFTER[0]`` other questions, and each time it is then answered right it
comes back later again (``REVIEW_AFTER``), until it is retired; when it was last
seen is kept (the count of questions answered then, and the time). Where each topic's
questions had got to (per seed) is kept too, so a ``Drill`` made after a kernel restart
goes on with the next question instead of the first, numbered after the last one answered
(questions that came back included: numbers only go up). The run shown stops at ``MASTERY``.

Where the file lives (``progress_path``): ``$CARDWIDGETS_PROGRESS`` if set (``:memory:``:
kept in memory only, as the tests do); in JupyterLite (Pyodide) ``/drive/.cardwidgets/``,
the folder the browser keeps in its own storage (IndexedDB) across kernel restarts and
page loads, while the rest of Pyodide's file system is lost at each restart (SQLite cannot work on
``/drive`` itself: it works on a copy in memory, written back to ``/drive`` after every change); otherwise
``cardwidgets/progress.sqlite`` in the learner's Jupyter data directory
(``jupyter_core.paths.jupyter_data_dir()``). A file that is corrupted or not ours
(another program's database, a text file) is moved aside (``….bad``) with one clear
message (``Progress.notice``), and progress starts afresh: it never stops a drill.
"""

from __future__ import annotations

import _thread  # not threading: the package imports nothing Pyodide lacks (tests/test_lite_notebooks.py)
import functools
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

try:
    import sqlite3

    #: What a failing store raises: it is set aside, never stopping a drill.
    STORE_ERRORS: tuple[type[Exception], ...] = (OSError, ImportError, sqlite3.Error)
except ImportError:  # Pyodide loads sqlite3 only on request (a cell's own ``import sqlite3`` does)
    STORE_ERRORS = (OSError, ImportError)

T = TypeVar("T")

#: The environment variable naming the progress file (``:memory:``: nothing is written).
ENV = "CARDWIDGETS_PROGRESS"
MEMORY = ":memory:"
#: SQLite's ``application_id`` of our files: "CWDP".
APP_ID = 0x43574450
VERSION = 1
#: A missed question comes back after this many other questions; then after more each time it is answered right.
REVIEW_AFTER = (3, 8, 20)
#: A topic is mastered after this many right answers in a row, on as many different questions.
MASTERY = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS topics (
    topic TEXT PRIMARY KEY, answered INTEGER NOT NULL, right INTEGER NOT NULL,
    streak TEXT NOT NULL, mastered INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS missed (
    topic TEXT NOT NULL, item TEXT NOT NULL, misses INTEGER NOT NULL, stage INTEGER NOT NULL,
    seen_at_answer INTEGER NOT NULL, seen_time REAL NOT NULL, due INTEGER NOT NULL,
    PRIMARY KEY (topic, item)
);
CREATE TABLE IF NOT EXISTS series (
    topic TEXT NOT NULL, seed INTEGER NOT NULL, next INTEGER NOT NULL, PRIMARY KEY (topic, seed)
);
CREATE TABLE IF NOT EXISTS numbers (
    topic TEXT NOT NULL, seed INTEGER NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (topic, seed)
);
"""


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection usable from the kernel's threads (``Progress`` serialises its use with a lock)."""
    import sqlite3

    return sqlite3.connect(path, check_same_thread=False)


def progress_path() -> Path | None:
    """The progress file (see the module docstring); None: kept in memory only."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen in ("", MEMORY) else Path(chosen)
    if sys.platform == "emscripten" and Path("/drive").is_dir():  # JupyterLite: the browser keeps /drive
        return Path("/drive/.cardwidgets/progress.sqlite")
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # no Jupyter installed: the place Jupyter would use on Linux
        return Path.home() / ".local" / "share" / "jupyter" / "cardwidgets" / "progress.sqlite"
    return Path(jupyter_data_dir()) / "cardwidgets" / "progress.sqlite"


def in_browser_storage(path: Path) -> bool:
    """Whether ``path`` is in JupyterLite's ``/drive`` (kept by the browser; SQLite cannot work there)."""
    return sys.platform == "emscripten" and Path("/drive") in path.parents


def _locked(method: Callable[..., T]) -> Callable[..., T]:
    """Run ``method`` holding the store's lock (cells and widget messages may come on different threads)."""

    @functools.wraps(method)
    def run(self: Progress, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            return method(self, *args, **kwargs)

    return run


@dataclass(frozen=True)
class TopicProgress:
    """One topic's progress: questions answered, right at the first try, the current run, mastered, missed."""

    topic: str
    answered: int = 0
    right: int = 0
    streak: int = 0
    mastered: bool = False
    #: Missed questions still to come back.
    missed: int = 0


class Progress:
    """The progress store; ``Progress()`` opens the learner's file (``progress_path()``), ``Progress(None)`` memory."""

    def __init__(self, path: Path | str | bool | None = True) -> None:
        self.path: Path | None = progress_path() if path is True else (Path(path) if path else None)
        #: One clear message when the file could not be used (corrupted, foreign, unwritable); else "".
        self.notice = ""
        self.notice_params: dict[str, str] = {}
        self._db: sqlite3.Connection | None = None
        #: The file SQLite works on: ``path``, or its copy in memory in JupyterLite (``_work_copy``).
        self._working: Path | None = None
        #: The kernel answers widget messages on another thread than the cells: one connection, one at a time.
        self._lock = _thread.RLock()

    # ----- opening ---------------------------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        """The open database (opened on first use: a Drill that is never answered writes nothing)."""
        with self._lock:
            if self._db is None:
                self._db = self._open()
            return self._db

    def _open(self) -> sqlite3.Connection:
        import sqlite3  # ImportError where Pyodide has not loaded it: the drill keeps no progress, and says so

        if self.path is None:
            return self._init(connect(MEMORY))
        db = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._working = self._work_copy(self.path)
            db = connect(self._working)
            return self._init(db) if self._ours(db) else self._fresh(db, "err_progress_foreign")
        except sqlite3.DatabaseError:
            return self._fresh(db, "err_progress_corrupt")
        except OSError as err:
            self._warn("err_progress_unwritable", reason=str(err))
            return self._init(connect(MEMORY))

    @staticmethod
    def _work_copy(path: Path) -> Path:
        """Where SQLite works on ``path``: the file itself, or in JupyterLite a copy in memory.

        SQLite cannot work on JupyterLite's ``/drive`` (the browser's storage: a damaged-file
        error on the first query); plain reads and writes work there. So the file is read into
        Pyodide's memory file system, and written back after every change (``_commit``).
        """
        if not in_browser_storage(path):
            return path
        working = Path(tempfile.gettempdir()) / "cardwidgets-progress.sqlite"
        if path.exists():
            working.write_bytes(path.read_bytes())
        else:
            working.unlink(missing_ok=True)
        return working

    def _commit(self, db: sqlite3.Connection) -> None:
        """Commit, and write a working copy back to the browser's storage (``_work_copy``)."""
        db.commit()
        if self.path is not None and self._working not in (None, self.path):
            self.path.write_bytes(self._working.read_bytes())

    def _ours(self, db: sqlite3.Connection) -> bool:
        """Whether ``db`` is empty or one of our progress files (``DatabaseError`` if it is no database)."""
        app = db.execute("PRAGMA application_id").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        return (app == 0 and tables == 0) or (app == APP_ID and version == VERSION)

    def _fresh(self, db: sqlite3.Connection | None, key: str) -> sqlite3.Connection:
        """Move the bad file aside, say so once, and start a new one."""
        import sqlite3

        if db is not None:
            db.close()
        assert self.path is not None
        aside = self.path.with_name(self.path.name + ".bad")
        self._warn(key, aside=str(aside))
        try:
            os.replace(self.path, aside)
            if self._working not in (None, self.path):
                self._working.unlink(missing_ok=True)
            return self._init(connect(self._working or self.path))
        except (OSError, sqlite3.DatabaseError):
            return self._init(connect(MEMORY))

    def _warn(self, key: str, **params: str) -> None:
        self.notice = key
        self.notice_params = {"path": str(self.path), **params}

    @staticmethod
    def _init(db: sqlite3.Connection) -> sqlite3.Connection:
        db.execute(f"PRAGMA application_id = {APP_ID}")
        db.execute(f"PRAGMA user_version = {VERSION}")
        db.executescript(SCHEMA)
        db.commit()
        return db

    # ----- reading and writing -------------------------------------------------------------------------------
    @_locked
    def record(
        self,
        topic: str,
        item: str,
        correct: bool,
        *,
        place: tuple[int, int] | None = None,
        number: tuple[int, int] | None = None,
    ) -> TopicProgress:
        """A first answer to question ``item`` of ``topic``: the counts, the run, the missed questions.

        ``place``: ``(seed, n)`` of a new question of the topic's series, where a restart goes on after
        (``resume``); ``number``: ``(seed, the number the learner saw)``, which a restart counts on from
        (``number``). Both are written in the same change (in JupyterLite one write to the browser's storage).
        """
        db = self._conn()
        if place is not None:
            self._advance(topic, *place)
        if number is not None:
            db.execute(
                "INSERT INTO numbers VALUES (?, ?, ?) "
                "ON CONFLICT (topic, seed) DO UPDATE SET number = max(number, excluded.number)",
                (topic, *number),
            )
        answered, right, streak, mastered = self._row(topic)
        answered += 1
        right += correct
        streak = (sorted({*streak, item}) if correct else [])
        mastered = mastered or len(streak) >= MASTERY
        db.execute(
            "INSERT OR REPLACE INTO topics VALUES (?, ?, ?, ?, ?)",
            (topic, answered, right, json.dumps(streak), int(mastered)),
        )
        self._review(topic, item, correct, answered)
        self._commit(db)
        return self.topic(topic)

    def _row(self, topic: str) -> tuple[int, int, list[str], bool]:
        row = self._conn().execute(
            "SELECT answered, right, streak, mastered FROM topics WHERE topic = ?", (topic,)
        ).fetchone()
        if row is None:
            return 0, 0, [], False
        return row[0], row[1], json.loads(row[2]), bool(row[3])

    def _review(self, topic: str, item: str, correct: bool, answered: int) -> None:
        """Schedule a missed question: back after a few questions, then after more each time it is right."""
        db = self._conn()
        row = db.execute("SELECT misses, stage FROM missed WHERE topic = ? AND item = ?", (topic, item)).fetchone()
        if row is None and correct:
            return
        misses, stage = row or (0, 0)
        if correct:
            stage += 1
            if stage >= len(REVIEW_AFTER):
                db.execute("DELETE FROM missed WHERE topic = ? AND item = ?", (topic, item))
                return
        else:
            misses, stage = misses + 1, 0
        due = answered + REVIEW_AFTER[stage]
        db.execute(
            "INSERT OR REPLACE INTO missed VALUES (?, ?, ?, ?, ?, ?, ?)",
            (topic, item, misses, stage, answered, time.time(), due),
        )

    @_locked
    def due(self, topic: str, *, besides: str = "") -> str | None:
        """The missed question of ``topic`` due to come back now (the longest due first), other than ``besides``."""
        answered = self._row(topic)[0]
        row = self._conn().execute(
            "SELECT item FROM missed WHERE topic = ? AND due <= ? AND item != ? ORDER BY due, seen_time LIMIT 1",
            (topic, answered, besides),
        ).fetchone()
        return row[0] if row else None

    @_locked
    def resume(self, topic: str, seed: int) -> int:
        """Where the questions of ``topic`` for ``seed`` go on: the number of the next new question (0: the first)."""
        row = self._conn().execute("SELECT next FROM series WHERE topic = ? AND seed = ?", (topic, seed)).fetchone()
        return row[0] if row else 0

    @_locked
    def number(self, topic: str, seed: int) -> int:
        """The number of the last question of ``topic`` for ``seed`` the learner answered (0: none yet)."""
        row = self._conn().execute("SELECT number FROM numbers WHERE topic = ? AND seed = ?", (topic, seed)).fetchone()
        return row[0] if row else self.resume(topic, seed)

    def _advance(self, topic: str, seed: int, answered: int) -> None:
        """Question ``answered`` of ``topic`` for ``seed`` was answered: a restart goes on after it."""
        self._conn().execute(
            "INSERT INTO series VALUES (?, ?, ?) "
            "ON CONFLICT (topic, seed) DO UPDATE SET next = max(next, excluded.next)",
            (topic, seed, answered + 1),
        )

    @_locked
    def forget(self, topic: str, item: str) -> None:
        """Drop a missed question that this version cannot make (its file written by another version)."""
        self._conn().execute("DELETE FROM missed WHERE topic = ? AND item = ?", (topic, item))
        self._commit(self._conn())

    @_locked
    def topic(self, topic: str) -> TopicProgress:
        """``topic``'s progress (all zero if never practised)."""
        answered, right, streak, mastered = self._row(topic)
        missed = self._conn().execute("SELECT count(*) FROM missed WHERE topic = ?", (topic,)).fetchone()[0]
        return TopicProgress(topic, answered, right, min(len(streak), MASTERY), mastered, missed)

    @_locked
    def missed(self, topic: str) -> list[dict[str, Any]]:
        """``topic``'s missed questions: item, misses, stage, when last seen (answer count and time), due."""
        rows = self._conn().execute(
            "SELECT item, misses, stage, seen_at_answer, seen_time, due FROM missed WHERE topic = ? ORDER BY due",
            (topic,),
        )
        names = ("item", "misses", "stage", "seen_at_answer", "seen_time", "due")
        return [dict(zip(names, row, strict=True)) for row in rows]

    @_locked
    def reset(self, topic: str | None = None) -> None:
        """Forget the progress of ``topic``, or of every topic."""
        db = self._conn()
        where, args = ("WHERE topic = ?", (topic,)) if topic is not None else ("", ())
        db.execute(f"DELETE FROM topics {where}", args)
        db.execute(f"DELETE FROM missed {where}", args)
        db.execute(f"DELETE FROM series {where}", args)
        db.execute(f"DELETE FROM numbers {where}", args)
        self._commit(db)

    def close(self) -> None:
        """Close the file (it is reopened on next use)."""
        if self._db is not None:
            self._db.close()
            self._db = None
