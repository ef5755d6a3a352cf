"""A learner's progress per drill topic, kept in a small SQLite file that survives a kernel restart.

Per topic: questions answered, answered right at the first try, the current run of
right answers (on different questions) and whether the topic is mastered. Ratings and
reviews (``cardwidgets.drills.rating``): the learner's Glicko-2 rating per game and each
item's (a drill topic; a puzzle, of kind ``PUZZLE``, the same way), updated after every
first answer; and an FSRS card per rule of a topic (per puzzle), reviewed at every answer
of that rule: what is *due* is what FSRS schedules now. A missed rule is due again a minute
later (``RELEARN``) and comes back as a new question of that rule. A topic is mastered when
every rule of it met is steady in FSRS's review (``MASTERY_DAYS``); once mastered, it stays so.
Where each topic's questions had got to (per seed) is kept too, so a ``Drill`` made after a
kernel restart goes on with the next question instead of the first, numbered after the last
one answered (questions that came back included: numbers only go up).

A file of the earlier layout (``user_version`` 1, missed questions instead of review cards) is
brought to this one in place, in one transaction: each missed question becomes a card of its
topic due now (its rule unknown: any new question of the topic answers it), its misses kept.

Where the file lives (``progress_path``): ``$CARDWIDGETS_PROGRESS`` if set (``:memory:``:
kept in memory only, as the tests do); in JupyterLite (Pyodide) ``/drive/.cardwidgets/``,
the folder the browser keeps in its own storage (IndexedDB) across kernel restarts and
page loads, while the rest of Pyodide's file system is lost at each restart; otherwise
``cardwidgets/progress.sqlite`` in the learner's Jupyter data directory
(``jupyter_core.paths.jupyter_data_dir()``).

In JupyterLite, ``/drive`` is JupyterLite's own file system of the site's files (its DriveFS: each read and
write a synchronous request the page answers from its IndexedDB; the file browser shows the same files).
SQLite cannot work on it (a damaged-file error on the first query), so it works on a copy in Pyodide's
memory, read in at the first use and written back whole after every transaction: an answer is in
IndexedDB when ``record`` returns, and a reload or a restart finds it. Before each change the copy is
read in again if another kernel of the site (a second notebook) wrote the file since, so both kernels'
answers stay. Storage that refuses a write (full, blocked) is set aside with one message
(``err_progress_browser``): the drill goes on on the copy in memory, and each later change writes the whole
file again, so the storage gets every answer once it takes writes. Without ``/drive`` progress is kept
in memory only, with the same message.

``Progress.export_to`` writes the whole progress to a file and ``Progress.import_from`` takes one in
(``Drill.export_progress`` / ``Drill.import_progress``): the way to move it between computers, browsers,
or JupyterLab and JupyterLite.

The learner's data is never lost. Each change is one transaction (``BEGIN IMMEDIATE``), so kernels
drilling on one file record every answer; a file another process holds locked is waited for (SQLite's
busy timeout, ``BUSY_SECONDS``). A file that cannot be written now (still locked, read-only, a disk
fault) keeps the changes in memory, says so (``Progress.notice``), and writes them as soon as it can
(on a later use, and when the kernel exits). Only a file that fails SQLite's own check ("file is not a
database", ``PRAGMA quick_check``) or that is another program's database is set aside, under a name of
its own (``progress.sqlite.bad-<time>-<n>``, never overwriting an earlier one), with one clear message;
progress starts afresh there. Each answer carries an id: writing it again (a retry after a fault)
changes nothing, so an answer counts once.
"""

from __future__ import annotations

import _thread  # not threading: the package imports nothing Pyodide lacks (tests/test_lite_notebooks.py)
import atexit
import errno
import functools
import importlib
import itertools
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from cardwidgets.drills.rating import DRILL, LEARNER, START, Glicko, card_of, now_utc, rated, reviewed, steady

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
#: How a learner saves progress the store cannot keep (``Drill.export_progress``), as the browser notice names it.
EXPORT_CALL = 'Drill.export_progress("progress.sqlite")'
#: SQLite's ``application_id`` of our files: "CWDP".
APP_ID = 0x43574450
VERSION = 2
#: How long a change waits for another process's lock on the file (SQLite's busy timeout) before it is
#: kept in memory until the file can be written.
BUSY_SECONDS = 10.0
#: While changes wait in memory: how long a later use waits for the lock, and how often it tries at most.
RETRY_SECONDS = 0.2
RETRY_EVERY = 1.0

#: Whether this Python runs in a browser (Pyodide: JupyterLite).
IN_BROWSER = sys.platform == "emscripten"
#: A write to the browser's storage is made only with this many times the file's size free there (JupyterLite
#: keeps a file as base64 text, beside its earlier version until the write ends).
ROOM_FACTOR = 3
#: JupyterLite's drive: the kernel's view of the site's files, which JupyterLite keeps in the browser's IndexedDB.
DRIVE = Path("/drive")

#: The tables of a progress file (created if missing: a file of an earlier release gains ``answers``).
TABLES = {
    "topics": "topic TEXT PRIMARY KEY, answered INTEGER NOT NULL, right INTEGER NOT NULL, "
    "streak TEXT NOT NULL, mastered INTEGER NOT NULL",
    # Glicko-2 ratings: the learner's per game (kind "learner", item the game), each drill topic's, each puzzle's.
    "ratings": "kind TEXT NOT NULL, item TEXT NOT NULL, game TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL, "
    "vol REAL NOT NULL, attempts INTEGER NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (kind, item)",
    # FSRS cards: for drills one per (topic, rule) (rule "": any question of the topic), for puzzles one per puzzle
    # (topic: its theme); ``due`` is the card's due time (seconds since 1970, UTC) to find what is due fast.
    "reviews": "kind TEXT NOT NULL, game TEXT NOT NULL, topic TEXT NOT NULL, item TEXT NOT NULL, card TEXT NOT NULL, "
    "due REAL NOT NULL, misses INTEGER NOT NULL, PRIMARY KEY (kind, topic, item)",
    "series": "topic TEXT NOT NULL, seed INTEGER NOT NULL, next INTEGER NOT NULL, PRIMARY KEY (topic, seed)",
    "numbers": "topic TEXT NOT NULL, seed INTEGER NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (topic, seed)",
    # The answers written, by id: an answer written again (a retry after a fault) changes nothing.
    "answers": "id TEXT PRIMARY KEY, topic TEXT NOT NULL",
    # The learner's run of right first attempts at items of ``kind`` in ``game`` (puzzles; topic "": the game's).
    "streaks": "kind TEXT NOT NULL, game TEXT NOT NULL, topic TEXT NOT NULL, run INTEGER NOT NULL, "
    "PRIMARY KEY (kind, game, topic)",
}

#: SQLite's primary result codes saying the file is in use or cannot be written now: it is not damaged.
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
_READONLY_CODE = 8  # SQLITE_READONLY
#: The codes of a damaged file (checked again with ``PRAGMA quick_check`` before it is set aside).
_DAMAGED_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB

#: One change of the store, run inside a transaction (on the file, or on the copy in memory).
Op = Callable[["sqlite3.Connection"], None]


def connect(path: Path | str, timeout: float | None = None) -> sqlite3.Connection:
    """A connection usable from the kernel's threads (``Progress`` serialises its use with a lock).

    Transactions are explicit (``BEGIN IMMEDIATE`` … ``COMMIT``); another process's lock is waited
    for up to ``timeout`` seconds (``BUSY_SECONDS``).
    """
    import sqlite3

    wait = BUSY_SECONDS if timeout is None else timeout
    return sqlite3.connect(path, timeout=wait, check_same_thread=False, isolation_level=None)


def _code(err: Exception) -> int | None:
    """SQLite's primary result code of ``err`` (read from its words where Python does not give it)."""
    code = getattr(err, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(err).lower()
    for words, guess in (("locked", 5), ("readonly", 8), ("malformed", 11), ("not a database", 26)):
        if words in text:
            return guess
    return None


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None


def progress_path() -> Path | None:
    """The progress file (see the module docstring); None: kept in memory only."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen in ("", MEMORY) else Path(chosen)
    if IN_BROWSER:  # JupyterLite: the browser keeps /drive (``_open`` checks it is there)
        return DRIVE / ".cardwidgets" / "progress.sqlite"
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # no Jupyter installed: the place Jupyter would use on Linux
        return Path.home() / ".local" / "share" / "jupyter" / "cardwidgets" / "progress.sqlite"
    return Path(jupyter_data_dir()) / "cardwidgets" / "progress.sqlite"


def in_browser_storage(path: Path) -> bool:
    """Whether ``path`` is in JupyterLite's ``/drive`` (kept by the browser; SQLite cannot work there)."""
    return IN_BROWSER and DRIVE in path.parents


class ProgressFileError(ValueError):
    """A file given to ``Progress.import_from`` that is not a cardwidgets progress file (or is damaged).

    ``key`` and ``params``: its message in ``cardwidgets.i18n.drills`` (``str(err)`` is the English one).
    """

    def __init__(self, key: str, **params: str) -> None:
        from cardwidgets.i18n.drills import drill_text

        super().__init__(drill_text(key, "en", **params))
        self.key = key
        self.params = params


def _locked(method: Callable[..., T]) -> Callable[..., T]:
    """Run ``method`` holding the store's lock (cells and widget messages may come on different threads)."""

    @functools.wraps(method)
    def run(self: Progress, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            return method(self, *args, **kwargs)

    return run


@dataclass(frozen=True)
class TopicProgress:
    """One topic's progress: answered, right at the first try, the current run, mastered, reviews and rating."""

    topic: str
    answered: int = 0
    right: int = 0
    streak: int = 0
    mastered: bool = False
    #: Reviews of the topic's rules due now (FSRS).
    due: int = 0
    #: When the next review not due yet falls due (None: none scheduled, or some are due now).
    next_due: datetime | None = None
    #: The topic's own Glicko-2 rating (None: never answered).
    rating: Glicko | None = None


def _schema(db: sqlite3.Connection) -> None:
    """Make ``db`` a progress file, or bring one of the earlier layout to this one (in the caller's transaction)."""
    db.execute(f"PRAGMA application_id = {APP_ID}")
    db.execute(f"PRAGMA user_version = {VERSION}")
    for name, columns in TABLES.items():
        db.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'missed'").fetchone():
        rows = db.execute("SELECT topic, sum(misses), min(seen_time) FROM missed GROUP BY topic").fetchall()
        for topic, misses, seen in rows:
            # the missed question's rule is not kept: a card of the whole topic, missed when it was last seen
            card = reviewed(None, False, datetime.fromtimestamp(seen, timezone.utc))
            db.execute(
                "INSERT OR IGNORE INTO reviews VALUES (?, ?, ?, '', ?, ?, ?)",
                (DRILL, topic.split("-", maxsplit=1)[0], topic, card.to_json(), card.due.timestamp(), misses),
            )
        db.execute("DROP TABLE missed")


def _kind(db: sqlite3.Connection) -> str:
    """``"ours"``, ``"empty"``, ``"older"`` (a table missing), ``"other version"`` or ``"foreign"``.

    ``DatabaseError``: no database at all.
    """
    app, version, names = db.execute(  # one statement: one snapshot, never a file half made by another kernel
        "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version), "
        "(SELECT group_concat(name, '/') FROM sqlite_master WHERE type = 'table')"
    ).fetchone()
    tables = set(names.split("/")) if names else set()
    if app == 0 and not tables:
        return "empty"
    if app == APP_ID and version == VERSION:
        return "ours" if set(TABLES) <= tables else "older"
    if app == APP_ID and version < VERSION:
        return "older"  # an earlier layout: brought to this one (``_schema``)
    return "other version" if app == APP_ID else "foreign"


def _row(db: sqlite3.Connection, topic: str) -> tuple[int, int, list[str], bool]:
    row = db.execute("SELECT answered, right, streak, mastered FROM topics WHERE topic = ?", (topic,)).fetchone()
    if row is None:
        return 0, 0, [], False
    return row[0], row[1], json.loads(row[2]), bool(row[3])


def _rating(db: sqlite3.Connection, kind: str, item: str) -> Glicko | None:
    row = db.execute(
        "SELECT rating, rd, vol, attempts, won FROM ratings WHERE kind = ? AND item = ?", (kind, item)
    ).fetchone()
    return Glicko(*row) if row else None


def _put_rating(db: sqlite3.Connection, kind: str, item: str, game: str, value: Glicko) -> None:
    db.execute(
        "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (kind, item, game, value.rating, value.rd, value.vol, value.attempts, value.won),
    )


def attempt(
    db: sqlite3.Connection,
    kind: str,
    item: str,
    game: str,
    *,
    correct: bool,
    now: datetime,
    topic: str,
    review: str,
    start: Glicko = START,
) -> None:
    """One first answer to ``item`` (of ``kind``, in ``game``), in the caller's transaction.

    The learner's rating in ``game`` and the item's move by Glicko-2 (the item starts at ``start`` if
    never rated); the FSRS card ``review`` of ``topic`` is reviewed. For a drill, ``item`` is the
    topic and ``review`` the question's rule; for a puzzle, ``item`` and ``review`` are the puzzle, ``topic``
    its theme. A card of the whole topic (rule ``""``, from a file of the earlier layout) is reviewed too,
    and retired once answered right.
    """
    learner = _rating(db, LEARNER, game) or START
    other = _rating(db, kind, item) or start
    score = 1.0 if correct else 0.0
    _put_rating(db, LEARNER, game, game, rated(learner, other, score))
    _put_rating(db, kind, item, game, rated(other, learner, 1.0 - score))
    for name in dict.fromkeys((review, "")):
        row = db.execute(
            "SELECT card, misses FROM reviews WHERE kind = ? AND topic = ? AND item = ?", (kind, topic, name)
        ).fetchone()
        if row is None and name != review:
            continue
        if name != review and correct:
            db.execute("DELETE FROM reviews WHERE kind = ? AND topic = ? AND item = ?", (kind, topic, name))
            continue
        card = reviewed(row[0] if row else None, correct, now)
        misses = (row[1] if row else 0) + (not correct)
        db.execute(
            "INSERT OR REPLACE INTO reviews VALUES (?, ?, ?, ?, ?, ?, ?)",
            (kind, game, topic, name, card.to_json(), card.due.timestamp(), misses),
        )


def _run(db: sqlite3.Connection, kind: str, game: str) -> int:
    """The learner's run of right first attempts at items of ``kind`` in ``game`` (0: none yet, or the last missed)."""
    row = db.execute("SELECT run FROM streaks WHERE kind = ? AND game = ? AND topic = ''", (kind, game)).fetchone()
    return int(row[0]) if row else 0


def _mastered(db: sqlite3.Connection, topic: str) -> bool:
    """Every rule of ``topic`` the learner has met is steady in FSRS's review (``MASTERY_DAYS``)."""
    cards = db.execute("SELECT card FROM reviews WHERE kind = ? AND topic = ?", (DRILL, topic)).fetchall()
    return bool(cards) and all(steady(card_of(text)) for (text,) in cards)


class Progress:
    """The progress store; ``Progress()`` opens the learner's file (``progress_path()``), ``Progress(None)`` memory.

    ``clock``: the time now, as an aware ``datetime`` (the tests move it on instead of waiting).
    """

    def __init__(self, path: Path | str | bool | None = True, *, clock: Callable[[], datetime] = now_utc) -> None:
        self.path: Path | None = progress_path() if path is True else (Path(path) if path else None)
        self.clock = clock
        #: One clear message when the file could not be used (in use, read-only, damaged, foreign); else "".
        self.notice = ""
        self.notice_params: dict[str, str] = {}
        #: The file, opened and checked (or memory, where there is no file).
        self._db: sqlite3.Connection | None = None
        #: The file SQLite works on: ``path``, or its copy in memory in JupyterLite (``_work_copy``).
        self._working: Path | None = None
        #: The file opened and its inode: a file removed or replaced meanwhile is opened afresh.
        self._opened: tuple[Path, int | None] | None = None
        #: While the file cannot be written: a copy of it in memory, with the changes not written yet applied.
        self._memory: sqlite3.Connection | None = None
        #: Those changes, in order: written to the file, in one transaction, as soon as it can be written.
        self._pending: list[Op] = []
        self._tried_at = 0.0
        #: The notice before changes were kept in memory (shown again once they are written), and the one said then.
        self._before: tuple[str, dict[str, str]] = ("", {})
        self._kept_params: dict[str, str] = {}
        self._at_exit = False
        #: JupyterLite: the bytes of the file in the browser's storage as this kernel last read or wrote them
        #: (another kernel's write since is read in before the next change), and whether the copy in memory
        #: holds changes the browser's storage refused (written with the next change that it takes).
        self._synced: bytes | None = None
        self._scratch: Path | None = None
        #: JupyterLite: the bytes the browser last said this site may still store (None: not known), and when
        #: it was last asked (after each write, and at most every ``RETRY_EVERY`` on reads).
        self._room: int | None = None
        self._asked_at = -RETRY_EVERY
        self._unsaved = False
        #: The kernel answers widget messages on another thread than the cells: one connection, one at a time.
        self._lock = _thread.RLock()

    # ----- opening ---------------------------------------------------------------------------------------
    def _file(self, wait: float | None = None) -> sqlite3.Connection:
        """The file, opened and checked on first use (a Drill that is never answered writes nothing).

        Raises ``sqlite3.Error`` while it cannot be used (locked, read-only): nothing is set aside then.
        """
        if self._db is not None and self._opened is not None and _inode(self._opened[0]) != self._opened[1]:
            self._db.close()  # removed or replaced under this kernel (another one set it aside): use what is there now
            self._db = None
        if self._db is None:
            self._opened = None
            self._db = self._open(wait)
            if self._working is not None:
                self._opened = (self._working, _inode(self._working))
        return self._db

    def _open(self, wait: float | None) -> sqlite3.Connection:
        import sqlite3  # ImportError where Pyodide has not loaded it: the drill keeps no progress, and says so

        if self.path is None:
            return self._fresh(connect(MEMORY))
        try:
            if in_browser_storage(self.path) and not DRIVE.is_dir():
                raise OSError("JupyterLite's /drive is not mounted")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._working = self._work_copy(self.path)
        except OSError as err:
            self._warn("err_progress_browser" if in_browser_storage(self.path) else "err_progress_unwritable",
                       reason=str(err))
            self._working = None
            return self._fresh(connect(MEMORY))
        working = self._working
        for attempt in range(3):
            inode = _inode(working)
            db = connect(working, wait)
            try:
                kind = _kind(db)
                if kind != "foreign" and db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    kind = "err_progress_corrupt"  # SQLite's own check: only such a file is set aside
                elif kind in ("empty", "older"):
                    self._apply(db, [_schema], file=True)
                    kind = "ours"
            except sqlite3.DatabaseError as err:
                db.close()
                if not self._damaged(err):
                    raise  # in use or read-only: not damaged (the caller keeps changes in memory)
                kind = "err_progress_corrupt"
            if kind == "ours":
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
                return db
            db.close()
            if kind == "other version":  # another release's progress: kept as it is, never moved
                self._warn("err_progress_version")
                self._working = None
                return self._fresh(connect(MEMORY))
            if attempt < 2 and _inode(working) != inode:
                continue  # another kernel replaced the file meanwhile: check the new one
            return self._set_aside("err_progress_foreign" if kind == "foreign" else kind)
        raise AssertionError("unreachable")

    def _damaged(self, err: Exception) -> bool:
        """Whether the file fails SQLite's own check (``err`` came from reading it): only then is it set aside."""
        import sqlite3

        code = _code(err)
        if code == 26:  # "file is not a database"
            return True
        if code in _BUSY_CODES or code == _READONLY_CODE or self._working is None:
            return False
        try:
            with closing(connect(self._working)) as db:
                rows = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as again:
            return _code(again) in _DAMAGED_CODES
        return rows != [("ok",)]

    def _set_aside(self, key: str) -> sqlite3.Connection:
        """Move the damaged or foreign file aside under a name of its own, say so once, and start a new one."""
        assert self.path is not None
        assert self._working is not None
        try:
            aside = self._move_aside(self.path)
            if self._working != self.path:
                self._working.unlink(missing_ok=True)
        except OSError as err:
            self._warn("err_progress_unwritable", reason=str(err))
            self._working = None
            return self._fresh(connect(MEMORY))
        self._warn(key, aside=str(aside))
        return self._fresh(connect(self._working))

    @staticmethod
    def _move_aside(path: Path) -> Path:
        """Rename ``path`` to ``<name>.bad-<time>-<n>``, a name no earlier file has (never overwriting one)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in itertools.count(1):
            aside = path.with_name(f"{path.name}.bad-{stamp}-{n}")
            link = getattr(os, "link", None)  # Pyodide's ``os`` has none
            try:
                if link is None:
                    raise OSError("no hard links")
                link(path, aside)  # fails if the name is taken, even by another process at the same moment
            except FileExistsError:
                continue
            except OSError:  # no hard links here (JupyterLite's storage, Pyodide)
                if aside.exists():
                    continue
                os.replace(path, aside)
                return aside
            os.unlink(path)
            return aside
        raise AssertionError("unreachable")

    def _fresh(self, db: sqlite3.Connection, *, file: bool = True) -> sqlite3.Connection:
        """``db`` made a new, empty progress store (``file``: the store's own, see ``_apply``)."""
        self._apply(db, [_schema], file=file)
        return db

    def _work_copy(self, path: Path) -> Path:
        """Where SQLite works on ``path``: the file itself, or in JupyterLite a copy in memory.

        SQLite cannot work on JupyterLite's ``/drive`` (the browser's storage: a damaged-file
        error on the first query); plain reads and writes work there. So the file is read into
        Pyodide's memory file system, and written back after every change (``_apply``).
        """
        if not in_browser_storage(path):
            return path
        if self._scratch is None:  # this store's own folder (two stores in one process: two copies)
            self._scratch = Path(tempfile.mkdtemp(prefix="cardwidgets-progress-"))
        working = self._scratch / "progress.sqlite"
        self._synced = path.read_bytes() if path.exists() else None
        self._unsaved = False
        if self._synced is not None:
            working.write_bytes(self._synced)
        else:
            working.unlink(missing_ok=True)
        return working

    def _write_back(self) -> None:
        """JupyterLite: write the working copy to the browser's storage (one whole file, after each transaction).

        Storage that refuses it (full, blocked, gone) is set aside with one message (``err_progress_browser``):
        the drill goes on on the copy in memory, and the next change tries again with the whole file.
        """
        assert self.path is not None
        assert self._working is not None
        data = self._working.read_bytes()
        try:
            if self._room is not None and ROOM_FACTOR * len(data) > self._room:
                raise OSError(errno.ENOSPC, "the browser's storage for this site is full")
            self.path.write_bytes(data)
        except OSError as err:
            self._ask_room()  # room may be made meanwhile (the learner clears other sites' data)
            if not self._unsaved:
                self._before = (self.notice, self.notice_params)
                self._warn("err_progress_browser", reason=str(err) or type(err).__name__)
                self._kept_params = self.notice_params
            self._unsaved = True
            return
        self._synced = data
        self._ask_room()
        if self._unsaved and self.notice_params is self._kept_params:
            self.notice, self.notice_params = self._before
        self._unsaved = False

    def _ask_room(self) -> None:
        """JupyterLite: ask the browser how much this site may still store; the answer comes between cells.

        A write the browser's storage has no room for is not reported back to the kernel: JupyterLite's
        page never answers it, and the kernel would wait for ever. So a write that would not fit is not
        made (``_write_back``), and the learner is told the storage is full.
        """
        if not IN_BROWSER or self._working in (None, self.path):
            return
        self._asked_at = time.monotonic()

        def answer(estimate: Any) -> None:
            self._room = int(estimate.quota) - int(estimate.usage)

        with suppress(Exception):  # a browser without the Storage API: not known, the write is tried
            browser = importlib.import_module("js")  # Pyodide's bridge to the browser (the worker's globals)
            browser.navigator.storage.estimate().then(answer)

    def _catch_up(self) -> None:
        """JupyterLite: before a change, read in the file another kernel of this site wrote since (its answers stay).

        Two notebooks open in one site are two kernels on one file, each working on its own copy in memory.
        """
        if self._db is None or self.path is None or self._working in (None, self.path) or self._unsaved:
            return
        try:
            data = self.path.read_bytes() if self.path.exists() else None
        except OSError:
            return
        if data is not None and data != self._synced:
            self._db.close()
            self._db = None  # reopened (and checked) on the file as it is now

    def _warn(self, key: str, **params: str) -> None:
        self.notice = key
        self.notice_params = {"path": str(self.path), "export": EXPORT_CALL, **params}

    # ----- transactions, and changes kept in memory ------------------------------------------------------------
    def _apply(self, db: sqlite3.Connection, ops: list[Op], *, file: bool) -> None:
        """Run ``ops`` on ``db`` in one transaction, all or nothing.

        ``file``: ``db`` is the store's own (in JupyterLite its working copy is then written back).
        """
        db.execute("BEGIN IMMEDIATE")  # the write lock first: another kernel's answer cannot slip in between
        try:
            for op in ops:
                op(db)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with suppress(Exception):
                    db.execute("ROLLBACK")
            raise
        if file and self.path is not None and self._working not in (None, self.path):
            self._write_back()

    def _write(self, op: Op) -> None:
        """Apply the change ``op`` to the file; while it cannot be written, to the copy in memory (and say so)."""
        import sqlite3

        self._retry()
        if self._memory is None:
            try:
                self._catch_up()
                self._apply(self._file(), [op], file=True)
                return
            except sqlite3.Error as err:
                self._keep_in_memory(err)
        assert self._memory is not None
        self._apply(self._memory, [op], file=False)
        self._pending.append(op)

    def _read(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """``query`` on the file; while it cannot be read or written, on the copy in memory."""
        import sqlite3

        self._retry()
        if self._unsaved or time.monotonic() - self._asked_at >= RETRY_EVERY:
            self._ask_room()  # while a write waits for room, each use asks: the next write knows of room made
        if self._memory is None:
            try:
                return query(self._file())
            except sqlite3.Error as err:
                self._keep_in_memory(err)
        assert self._memory is not None
        return query(self._memory)

    def _keep_in_memory(self, err: Exception) -> None:
        """The file cannot be used now: say why, and go on with a copy in memory (``_retry`` writes it back)."""
        code = _code(err)
        self._before = (self.notice, self.notice_params)
        if code in _BUSY_CODES:
            self._warn("err_progress_busy")
        elif code == _READONLY_CODE:
            self._warn("err_progress_readonly")
        else:
            self._warn("err_progress_unwritable", reason=str(err))
        self._kept_params = self.notice_params
        self._reopen_later(err)
        self._memory = self._copy()
        self._tried_at = time.monotonic()
        if not self._at_exit:  # the kernel stops: one last try to write what waits in memory
            atexit.register(self._write_at_exit)
            self._at_exit = True

    def _copy(self) -> sqlite3.Connection:
        """The file's content in memory, if it can be read now (else an empty store)."""
        import sqlite3

        memory = self._fresh(connect(MEMORY), file=False)
        if self._working is None or not self._working.exists():
            return memory
        rows: dict[str, list[Any]] = {}
        try:  # not ``backup``: it would wait for another process's lock without end
            with closing(connect(self._working, RETRY_SECONDS)) as source:
                source.execute("BEGIN")  # one snapshot of every table
                if _kind(source) in ("ours", "older"):
                    names = source.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
                    present = [name for name in TABLES if (name,) in names]
                    rows = {name: source.execute(f"SELECT * FROM {name}").fetchall() for name in present}
        except sqlite3.Error:
            return memory  # locked or unreadable: what this kernel does from now on is kept all the same

        def fill(db: sqlite3.Connection) -> None:
            for name, found in rows.items():
                if found:
                    marks = ", ".join("?" * len(found[0]))
                    db.executemany(f"INSERT INTO {name} VALUES ({marks})", found)

        self._apply(memory, [fill], file=False)
        return memory

    def _retry(self) -> None:
        """Changes wait in memory: try to write them (waiting ``RETRY_SECONDS``, at most every ``RETRY_EVERY``)."""
        if self._memory is not None and time.monotonic() - self._tried_at >= RETRY_EVERY:
            self._flush(RETRY_SECONDS)

    def _flush(self, wait: float) -> bool:
        """Write the changes kept in memory to the file in one transaction; True if it could (then back on the file)."""
        import sqlite3

        self._tried_at = time.monotonic()
        try:
            db = self._file(wait)
            db.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            try:
                if self._pending:
                    self._apply(db, self._pending, file=True)
                else:
                    db.execute("SELECT count(*) FROM topics").fetchone()
            finally:
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        except sqlite3.Error as err:
            self._reopen_later(err)
            return False
        self._pending.clear()
        if self._memory is not None:
            self._memory.close()
            self._memory = None
        if self.notice_params is self._kept_params:  # the file was not set aside meanwhile (that notice stays)
            self.notice, self.notice_params = self._before
        return True

    def _reopen_later(self, err: Exception) -> None:
        """Close the file after ``err`` where a new connection may do better (it is reopened at the next try).

        A file made writable again (SQLite opened it read-only), or one damaged since it was opened
        (checked, and set aside, when reopened).
        """
        if self._db is not None and self.path is not None and _code(err) in (_READONLY_CODE, *_DAMAGED_CODES):
            self._db.close()
            self._db = None

    def _write_at_exit(self) -> None:
        with self._lock, suppress(*STORE_ERRORS):
            if self._memory is not None:
                self._flush(BUSY_SECONDS)

    @property
    def waiting(self) -> int:
        """How many changes are kept in memory, not written to the file yet."""
        return len(self._pending)

    # ----- reading and writing -------------------------------------------------------------------------------
    @_locked
    def record(
        self,
        topic: str,
        item: str,
        correct: bool,
        *,
        rule: str = "",
        game: str | None = None,
        place: tuple[int, int] | None = None,
        number: tuple[int, int] | None = None,
        answer: str | None = None,
    ) -> TopicProgress:
        """A first answer to question ``item`` of ``topic``: the counts, the run, the ratings, the rule's review.

        ``rule``: the rule that decides the question (its FSRS card is reviewed); ``game``: the topic's game
        (the learner's rating there moves; by default the topic id's first word). ``place``: ``(seed, n)`` of a
        new question of the topic's series, where a restart goes on after (``resume``); ``number``: ``(seed,
        the number the learner saw)``, which a restart counts on from (``number``). ``answer``: the answer's id;
        an answer already written with it changes nothing. All is one transaction (in JupyterLite one write to
        the browser's storage).
        """
        now = self.clock()
        game = game or topic.split("-", maxsplit=1)[0]

        def write(db: sqlite3.Connection) -> None:
            if answer is not None:
                if db.execute("SELECT 1 FROM answers WHERE id = ?", (answer,)).fetchone():
                    return
                db.execute("INSERT INTO answers VALUES (?, ?)", (answer, topic))
            if place is not None:
                db.execute(
                    "INSERT INTO series VALUES (?, ?, ?) "
                    "ON CONFLICT (topic, seed) DO UPDATE SET next = max(next, excluded.next)",
                    (topic, place[0], place[1] + 1),
                )
            if number is not None:
                db.execute(
                    "INSERT INTO numbers VALUES (?, ?, ?) "
                    "ON CONFLICT (topic, seed) DO UPDATE SET number = max(number, excluded.number)",
                    (topic, *number),
                )
            attempt(db, DRILL, topic, game, correct=correct, now=now, topic=topic, review=rule)
            answered, right, streak, mastered = _row(db, topic)
            answered += 1
            right += correct
            streak = sorted({*streak, item}) if correct else []
            mastered = mastered or _mastered(db, topic)
            db.execute(
                "INSERT OR REPLACE INTO topics VALUES (?, ?, ?, ?, ?)",
                (topic, answered, right, json.dumps(streak), int(mastered)),
            )

        self._write(write)
        return self.topic(topic)

    @_locked
    def attempt(
        self,
        kind: str,
        item: str,
        game: str,
        correct: bool,
        *,
        topic: str = "",
        start: Glicko = START,
        answer: str | None = None,
    ) -> Glicko:
        """A first attempt at ``item`` of ``kind`` other than a drill question (a puzzle): ratings and its review.

        The learner's rating in ``game`` and the item's (from ``start`` if never rated: a puzzle's calibrated
        rating) move by Glicko-2; the item's own FSRS card (under ``topic``, a puzzle's theme) is reviewed.
        ``answer``: the attempt's id; one already written changes nothing. Returns the learner's rating after it.
        """
        now = self.clock()

        def write(db: sqlite3.Connection) -> None:
            if answer is not None:
                if db.execute("SELECT 1 FROM answers WHERE id = ?", (answer,)).fetchone():
                    return
                db.execute("INSERT INTO answers VALUES (?, ?)", (answer, topic))
            attempt(db, kind, item, game, correct=correct, now=now, topic=topic, review=item, start=start)
            run = _run(db, kind, game) + 1 if correct else 0
            db.execute("INSERT OR REPLACE INTO streaks VALUES (?, ?, '', ?)", (kind, game, run))

        self._write(write)
        return self.rating(LEARNER, game) or START

    @_locked
    def streak(self, kind: str, game: str) -> int:
        """The learner's run of right first attempts at items of ``kind`` (puzzles) in ``game``, kept with the rest."""
        return self._read(lambda db: _run(db, kind, game))

    @_locked
    def due_items(self, kind: str, game: str) -> list[str]:
        """The items of ``kind`` in ``game`` whose review is due now, the longest due first (puzzles to review)."""
        now = self.clock().timestamp()
        rows = self._read(
            lambda db: db.execute(
                "SELECT item FROM reviews WHERE kind = ? AND game = ? AND due <= ? ORDER BY due", (kind, game, now)
            ).fetchall()
        )
        return [row[0] for row in rows]

    @_locked
    def due(self, topic: str) -> str | None:
        """The rule of ``topic`` whose review is due now (the longest due first; ``""``: any question of it)."""
        now = self.clock().timestamp()

        def query(db: sqlite3.Connection) -> str | None:
            row = db.execute(
                "SELECT item FROM reviews WHERE kind = ? AND topic = ? AND due <= ? ORDER BY due LIMIT 1",
                (DRILL, topic, now),
            ).fetchone()
            return row[0] if row else None

        return self._read(query)

    @_locked
    def rating(self, kind: str, item: str) -> Glicko | None:
        """The Glicko-2 rating of ``item`` of ``kind`` (``LEARNER`` and a game: the learner's there); None: unrated."""
        return self._read(lambda db: _rating(db, kind, item))

    @_locked
    def resume(self, topic: str, seed: int) -> int:
        """Where the questions of ``topic`` for ``seed`` go on: the number of the next new question (0: the first)."""
        row = self._read(
            lambda db: db.execute("SELECT next FROM series WHERE topic = ? AND seed = ?", (topic, seed)).fetchone()
        )
        return int(row[0]) if row else 0

    @_locked
    def number(self, topic: str, seed: int) -> int:
        """The number of the last question of ``topic`` for ``seed`` the learner answered (0: none yet)."""
        row = self._read(
            lambda db: db.execute("SELECT number FROM numbers WHERE topic = ? AND seed = ?", (topic, seed)).fetchone()
        )
        return int(row[0]) if row else self.resume(topic, seed)

    @_locked
    def topic(self, topic: str) -> TopicProgress:
        """``topic``'s progress (all zero if never practised)."""
        now = self.clock().timestamp()

        def query(db: sqlite3.Connection) -> TopicProgress:
            answered, right, streak, mastered = _row(db, topic)
            due, soonest = db.execute(
                "SELECT count(*) FILTER (WHERE due <= ?), min(due) FILTER (WHERE due > ?) FROM reviews "
                "WHERE kind = ? AND topic = ?",
                (now, now, DRILL, topic),
            ).fetchone()
            upcoming = datetime.fromtimestamp(soonest, timezone.utc) if soonest is not None and not due else None
            rating = _rating(db, DRILL, topic)
            return TopicProgress(topic, answered, right, len(streak), mastered, due, upcoming, rating)

        return self._read(query)

    @_locked
    def reviews(self, topic: str) -> list[dict[str, Any]]:
        """``topic``'s review cards: the rule, FSRS's card (state, stability, due …) and how often it was missed."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT item, card, misses FROM reviews WHERE kind = ? AND topic = ? ORDER BY due", (DRILL, topic)
            ).fetchall()
        )
        return [{"rule": rule, "card": card_of(card), "misses": misses} for rule, card, misses in rows]

    @_locked
    def reset(self, topic: str | None = None) -> None:
        """Forget the progress of ``topic``, or of every topic."""
        where, args = ("WHERE topic = ?", (topic,)) if topic is not None else ("", ())

        def write(db: sqlite3.Connection) -> None:
            for table in TABLES:
                if table != "ratings":  # a topic's own rating and the learner's stay (their Glicko-2 history)
                    db.execute(f"DELETE FROM {table} {where}", args)
            if topic is None:
                db.execute("DELETE FROM ratings")

        self._write(write)

    # ----- moving progress: a file out, a file in --------------------------------------------------------------
    @_locked
    def export_to(self, path: Path | str) -> Path:
        """Write all the progress kept here (answers waiting in memory included) to ``path``, a progress file.

        In JupyterLite give a path in the file browser's folder (``/drive``, the notebook's own): the file shows
        there, to download. ``import_from`` on another computer or browser takes it in.
        """
        target = Path(path)
        with tempfile.TemporaryDirectory(prefix="cardwidgets-export-") as tmp:
            copy = Path(tmp) / "progress.sqlite"  # SQLite writes in Pyodide's memory; the bytes then go to /drive
            with closing(connect(copy)) as out:
                self._read(lambda db: db.backup(out))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(copy.read_bytes())
        return target

    @_locked
    def import_from(self, path: Path | str) -> Path | None:
        """Replace the progress kept here with the progress file ``path`` (one ``export_to`` wrote), in one transaction.

        What was kept here before is first written next to the store (``<name>.before-import-<time>``, returned;
        None for a store in memory): nothing is lost. A file that is not a cardwidgets progress file, is
        damaged or comes from another version raises ``ProgressFileError`` and changes nothing.
        """
        import sqlite3

        source = Path(path)
        with tempfile.TemporaryDirectory(prefix="cardwidgets-import-") as tmp:
            copy = Path(tmp) / "progress.sqlite"  # a copy SQLite can work on (``path`` may be in /drive)
            try:
                copy.write_bytes(source.read_bytes())
                with closing(connect(copy, RETRY_SECONDS)) as db:
                    kind = _kind(db)
                    if kind in ("ours", "older") and db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                        kind = "damaged"
                    if kind == "older":
                        self._apply(db, [_schema], file=False)
                    rows = {name: db.execute(f"SELECT * FROM {name}").fetchall() for name in TABLES} if kind in (
                        "ours", "older") else {}
            except sqlite3.DatabaseError:
                kind = "damaged"
            except OSError as err:
                raise ProgressFileError("err_import_unreadable", path=str(source), reason=str(err)) from err
        if kind == "other version":
            raise ProgressFileError("err_import_version", path=str(source))
        if kind not in ("ours", "older"):
            raise ProgressFileError("err_import_foreign", path=str(source))
        kept = None
        if self.path is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = self.export_to(self.path.with_name(f"{self.path.name}.before-import-{stamp}"))

        def replace(db: sqlite3.Connection) -> None:
            for name, found in rows.items():
                db.execute(f"DELETE FROM {name}")
                if found:
                    db.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * len(found[0]))})", found)

        self._write(replace)
        return kept

    @_locked
    def close(self) -> None:
        """Close the file (it is reopened on next use; changes waiting in memory still wait)."""
        if self._db is not None:
            self._db.close()
            self._db = None
