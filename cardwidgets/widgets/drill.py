"""``Drill``: predict, answer, get the rule — a question, its answers as buttons, the engine's verdict.

::

    from cardwidgets import Drill
    Drill.topics(game)                   # the game's topic ids, e.g. ['<game>-trick-winner', …]
    d = Drill(topic, seed=1, locale="en")
    d.question                           # {"text": …, "position": {trump, trick, hand, table, pile, facts}}
    d.options                            # the answers, as labels: ['A and C', 'B and D']
    d.answer("A and C")                  # {"correct": True, "text": "Right: …", "rule": the rule's id}
    d.next()                             # the next question
    d.score                              # {"asked": 1, "right": 1}
    d.mastery                            # this topic's progress: answered, right, run, rating, due, mastered
    Drill.progress(game)                 # the learner's rating and a table per topic, kept across kernel restarts
    d.reset()                            # forget this topic's progress
    Drill.from_mistakes(table.record, seat=0)   # "find the best card" from the learner's own deal

Progress (``cardwidgets.drills.progress``) is kept per topic in a small SQLite file in the
learner's Jupyter data directory: the first answer to each question counts; it moves the
learner's Glicko-2 rating in the game and the topic's, and reviews the FSRS card of the
question's rule. A rule due for review (a missed one a minute later, one answered right after
FSRS's interval) comes back as a new question of that rule; a topic is mastered when FSRS holds
every rule of it met steady for a week (``cardwidgets.drills.rating``).

``Drill.from_mistakes`` makes its questions from a played deal (``cardwidgets.drills.mistakes``):
one per decision that lost points with all cards face up, graded by the double-dummy solver.

Questions and grading live in ``cardwidgets.drills`` (made and graded by the
engines); this widget shows them. What it sends to the browser never holds the
right answer before the learner answers, nor any card the learner may not see:
``question`` is the position as the learner sees it, ``options`` only labels,
``feedback`` only the verdict on the answers already given.
"""

from __future__ import annotations

import html
import json
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from cardwidgets.analysis.checks import AnalysisError, check_seed
from cardwidgets.core.records import DealRecord
from cardwidgets.core.state import GameState
from cardwidgets.drills import DrillError, Item, feedback, say, topics
from cardwidgets.drills.base import label_text, position_json, position_lines
from cardwidgets.drills.mistakes import MISTAKES, mistake_items, require_items
from cardwidgets.drills.progress import STORE_ERRORS, Progress, TopicProgress
from cardwidgets.drills.rating import LEARNER, Glicko
from cardwidgets.drills.registry import drill_games, get_topic
from cardwidgets.drills.series import WINDOW, Ref, Series, rule_of
from cardwidgets.i18n import resolve
from cardwidgets.i18n.drills import DRILL_UI, drill_text
from cardwidgets.i18n.ui import ui_texts
from cardwidgets.widgets.base import MessageError
from cardwidgets.widgets.tool import ToolWidget

STATIC = Path(__file__).parent.parent / "static"


class Drill(ToolWidget):
    """One drill topic, question after question; see the module docstring.

    A bad answer (not one of ``options``) raises ``DrillError`` (a ``ValueError``)
    and changes nothing; from the front-end it sets ``error`` instead.
    """

    _esm = STATIC / "drill.js"
    #: What a fault inside a message must put back (``CardWidget._guarded``).
    _transactional: ClassVar[tuple[str, ...]] = (
        "_number", "_item", "_tried", "_asked", "_right", "_n", "_ref", "_review", "_series"
    )
    _css = STATIC / "drill.css"

    #: The topic id, ``"<game>-<topic>"`` (``Drill.topics(game)`` lists them).
    topic = traitlets.Unicode(read_only=True).tag(sync=True)
    #: ``{"text", "title", "number", "position": {trump, trick: [{who, card}], hand, table, pile, facts}}``.
    question = traitlets.Dict().tag(sync=True)
    #: The answers the learner can pick, as labels (in ``locale``).
    options = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The verdict on the last answer: ``{}`` or ``{"option", "correct", "text", "rule"}``.
    feedback = traitlets.Dict().tag(sync=True)
    #: The answers tried on this question: ``[{"option": index, "correct": bool}]``.
    tried: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    #: ``{"asked": questions answered, "right": questions answered right at the first try}``.
    score = traitlets.Dict().tag(sync=True)
    #: Fixed texts: labels, the topic's title, card names.
    ui = traitlets.Dict().tag(sync=True)
    #: This topic's progress: ``{"answered", "right", "streak", "mastered", "due", "rating", "topic_rating",
    #: "review", "text", "notice"}`` (``review``: this question came back for a review of its rule).
    mastery = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        topic: str,
        seed: int = 1,
        *,
        locale: str | None = None,
        items: Sequence[Item] | None = None,
        store: Progress | None = None,
    ) -> None:
        locale = resolve(locale)
        if items is None:
            get_topic(topic, locale)  # an unknown topic: DrillError, nothing built
        elif not items:
            raise DrillError(drill_text("err_no_mistakes", locale))
        try:  # the one check of a number (``analysis.checks``), said as the drill's own error
            check_seed(seed)
        except AnalysisError as exc:
            raise DrillError(exc.explanation.text(locale)) from None
        super().__init__(locale=locale)
        self._seed = seed
        self._number = 0
        #: Fixed questions (``from_mistakes``), asked in turn; None: made from the topic and the seed.
        self._items = tuple(items) if items is not None else None
        #: The topic's questions for this seed, none repeating within 20 (``cardwidgets.drills.series``).
        self._series = Series(topic, seed) if items is None else None
        #: Where progress is kept (None for ``from_mistakes``: its questions cannot be made again later).
        self._store = (store or shared_progress()) if items is None else None
        self._failed: Progress | None = None  # a store set aside after an error (its notice is still shown)
        #: This drill's answers are written as ``<this>/<question number>``: written again (a retry), they count once.
        self._answers = uuid.uuid4().hex
        self.set_trait("topic", topic)
        #: The next new question of the series: where the learner had got to, after a kernel restart too.
        self._n = self._resume(seed) if self._series is not None else 0
        #: Questions numbered before this one (shown as ``_number + 1``): after the last one answered for this seed.
        self._number = (self._safe(lambda store: store.number(topic, seed)) or 0) if self._series is not None else 0
        self._ref: Ref | None = None
        self._review = False
        self._item = self._new()
        self._tried: list[int] = []
        self._asked = 0
        self._right = 0
        self._ready_to_sync()

    @classmethod
    def from_mistakes(
        cls,
        record: GameState | DealRecord | dict[str, Any] | str | Path,
        seat: int,
        *,
        locale: str | None = None,
        seconds: float | None = 5.0,
    ) -> Drill:
        """"Find the best card" at each decision of ``seat`` in a played deal that lost points.

        The options are the legal actions there; the right ones are the best by double dummy
        (``cardwidgets.analysis``). ``seconds`` bounds each solve (a decision it cannot finish
        gives no question). A deal without such a decision raises ``DrillError``; a bad
        record, a deal that never reached the play or an unknown seat raise their own errors.
        """
        items = mistake_items(record, seat, seconds=seconds)
        return cls(MISTAKES, locale=locale, items=require_items(items, resolve(locale)))

    def _resume(self, seed: int) -> int:
        """The stored place of this topic's questions for ``seed``; the last ``WINDOW`` are made again (no repeats)."""
        n = self._safe(lambda store: store.resume(self.topic, seed)) or 0
        assert self._series is not None
        for earlier in range(max(0, n - WINDOW + 1), n):
            self._series.make(earlier)
        return n

    def _new(self) -> Item:
        """The next question: a new one of a rule due for review, else the next fixed one, or the topic's next."""
        if self._series is None:
            assert self._items is not None
            return self._items[self._number % len(self._items)]
        rule = self._safe(lambda store: store.due(self.topic))
        if rule is not None:
            self._ref, item = self._series.review(rule, self._number)
            self._review = True
            return item
        self._ref, item = self._series.make(self._n)
        self._n += 1
        self._review = False
        return item

    def _safe(self, use: Any) -> Any:
        """``use(store)``; a store that fails is set aside with one message: it never stops a drill."""
        if self._store is None:
            return None
        try:
            return use(self._store)
        except STORE_ERRORS as err:
            self._store.notice, self._store.notice_params = "err_progress_unwritable", {
                "path": str(self._store.path),
                "reason": str(err),
            }
            self._failed = self._store
            self._store = None
            return None

    # ----- the Python API ---------------------------------------------------------------------
    @staticmethod
    def topics(game: str) -> list[str]:
        """The topic ids of ``game`` (a registered game's name)."""
        return topics(game)

    @staticmethod
    def progress(game: str | None = None, *, locale: str | None = None) -> ProgressTable:
        """Where the learner stands: per game the rating, and a table of its topics (answered, right, run, due …)."""
        games = [game] if game is not None else drill_games()
        for name in games:
            topics(name)  # an unknown game: DrillError
        return ProgressTable(shared_progress(), games, resolve(locale))

    def reset(self) -> None:
        """Forget this topic's progress (answered, right, run, mastered, reviews); the ratings stay."""
        self._safe(lambda store: store.reset(self.topic))
        self._sync()

    @property
    def item(self) -> Item:
        """The current question, with its graded choices (for tests and instructors: it holds the answers)."""
        return self._item

    def answer(self, option: str | int) -> dict[str, Any]:
        """Answer with one of ``options`` (its label, or its index): ``{"correct", "text", "rule"}``.

        Only the first answer to a question counts in ``score``; later ones are graded all the same.
        """
        index = self._option_index(option)
        if not self._tried:
            correct = self._item.choices[index].correct
            if self._ref is not None:
                ref = self._ref
                place = None if self._review else (ref.seed, ref.n)  # where a restart goes on (a new question)
                number = (self._seed, self._number + 1)  # the number it had: a restart numbers on from it
                answer = f"{self._answers}/{self._number}"  # the same after a fault put the widget back
                rule, game = rule_of(self._item), get_topic(self.topic).game
                self._safe(
                    lambda store: store.record(
                        self.topic, ref.key, correct, rule=rule, game=game, place=place, number=number, answer=answer
                    )
                )
            self._asked += 1
            self._right += correct
        if index in self._tried:
            self._tried.remove(index)
        self._tried.append(index)  # the last answer last: it is the one ``feedback`` shows
        self.error = {}
        self._sync()
        return feedback(self._item, index, self.locale)

    def next(self) -> None:
        """The next question of the topic (a new one of a rule due for review first)."""
        self._number += 1
        self._item = self._new()
        self._tried = []
        self.error = {}
        self._sync()

    def text(self) -> str:
        """What the drill shows, as plain text (deterministic, for notebooks and tests)."""
        locale = self.locale
        lines = [f"{drill_text('drill', locale)} — {drill_text(self.topic, locale)} ({self._number + 1})"]
        lines += position_lines(self._item.position, locale)
        lines.append(self.question["text"])
        lines.append("  ".join(f"{i + 1}. {label}" for i, label in enumerate(self.options)))
        if self.feedback:
            lines.append(self.feedback["text"])
        lines.append(drill_text("score", locale, **self.score))
        return "\n".join(lines)

    def _option_index(self, option: object) -> int:
        """The index of ``option`` (a label of ``options`` or an index); ``DrillError`` otherwise."""
        if type(option) is int and 0 <= option < len(self.options):
            return option
        if isinstance(option, str) and option in self.options:
            return self.options.index(option)
        shown = json.dumps(option, ensure_ascii=False, default=str)[:40]
        raise DrillError(drill_text("err_option", self.locale, option=shown, options=", ".join(self.options)))

    # ----- the front-end ---------------------------------------------------------------------------
    def _apply_message(self, content: Any) -> None:
        """``{"command": "answer", "option": index}`` or ``{"command": "next"}`` (``docs/teaching-tools.md``)."""
        if not isinstance(content, dict) or not isinstance(content.get("command"), str):
            raise MessageError(content)
        command = content["command"]
        if command == "answer" and "option" in content and set(content) == {"command", "option"}:
            self.answer(content["option"] if type(content["option"]) is int else json.dumps(content["option"]))
        elif command == "next" and set(content) == {"command"}:
            self.next()
        else:
            raise MessageError(content)

    def _sync(self) -> None:
        locale = self.locale
        item = self._item
        with self.hold_sync():
            self.question = {
                "text": say(item.prompt, locale, cite=False),
                "title": drill_text(self.topic, locale),
                "number": self._number + 1,
                "position": position_json(item.position, locale),
            }
            self.options = [label_text(choice.label, locale) for choice in item.choices]
            self.tried = [{"option": i, "correct": item.choices[i].correct} for i in self._tried]
            self.feedback = (
                {"option": self._tried[-1], **feedback(item, self._tried[-1], locale)} if self._tried else {}
            )
            self.score = {"asked": self._asked, "right": self._right}
            self.ui = _ui(locale, len(self.options))
            self.mastery = self._mastery(locale)

    def _mastery(self, locale: str) -> dict[str, Any]:
        """The topic's progress for the front-end, in words too; ``{}`` for ``from_mistakes``."""
        store = self._store or self._failed
        if store is None:
            return {}
        mine = self._safe(lambda s: s.topic(self.topic))
        notice = drill_text(store.notice, locale, **store.notice_params) if store.notice else ""
        if mine is None:
            return {"notice": notice}
        learner = self._safe(lambda s: s.rating(LEARNER, get_topic(self.topic).game))
        extra = drill_text("progress_mastered", locale) if mine.mastered else ""
        extra += due_text(mine, store.clock(), locale)
        text = drill_text(
            "progress", locale, answered=mine.answered, right=mine.right, streak=mine.streak,
            rating=rating_text(learner), more=extra,
        )
        return {
            "answered": mine.answered,
            "right": mine.right,
            "streak": mine.streak,
            "mastered": mine.mastered,
            "due": mine.due,
            "rating": round(learner.rating) if learner else None,
            "topic_rating": round(mine.rating.rating) if mine.rating else None,
            "review": self._review,
            "text": text,
            "notice": notice,
        }


def rating_text(rating: Glicko | None) -> str:
    """A rating as shown: ``1620 ± 85``; unrated: the starting ``1500 ± 350``."""
    shown = rating or Glicko()
    return f"{round(shown.rating)} ± {round(shown.rd)}"


def due_text(row: TopicProgress, now: datetime, locale: str) -> str:
    """`` · 2 reviews due now`` or `` · next review in 10 min``; ``""`` when nothing is scheduled."""
    if row.due:
        return drill_text("progress_due", locale, n=row.due)
    if row.next_due is None:
        return ""
    return drill_text("progress_next", locale, when=when_text(row.next_due - now, locale))


def when_text(wait: timedelta, locale: str) -> str:
    """How long until a review, in words: ``in 10 min``, ``in 3 h``, ``in 2 d``."""
    minutes = max(1, round(wait.total_seconds() / 60))
    if minutes < 60:
        return drill_text("due_in_min", locale, n=minutes)
    if minutes < 48 * 60:
        return drill_text("due_in_h", locale, n=round(minutes / 60))
    return drill_text("due_in_d", locale, n=round(minutes / 1440))


def _ui(locale: str, options: int) -> dict[str, Any]:
    """The front-end's fixed texts: labels, key help and every card's spoken name."""
    from cardwidgets.cards import ALL_CARDS

    texts: dict[str, Any] = {key: value for key, value in DRILL_UI[locale].items() if not key.startswith("err_")}
    texts["keys"] = drill_text("keys", locale, n=options)
    base = ui_texts(locale, ALL_CARDS)
    texts["card_names"] = base["card_names"]
    texts["rank_letters"] = base["rank_letters"]
    return texts


_SHARED: list[Progress] = []


def shared_progress() -> Progress:
    """The learner's progress store, one per kernel (opened on first use)."""
    if not _SHARED:
        _SHARED.append(Progress())
    return _SHARED[0]


class ProgressTable:
    """``Drill.progress()``: per game the learner's rating and a table of topics, as HTML and as text (``str``)."""

    def __init__(self, store: Progress, games: list[str], locale: str) -> None:
        self.locale = locale
        self.now = store.clock()
        try:
            self.rows = {game: [store.topic(topic) for topic in topics(game)] for game in games}
            self.ratings = {game: store.rating(LEARNER, game) for game in games}
        except STORE_ERRORS as err:  # the store cannot be read: say so, show nothing practised
            store.notice, store.notice_params = "err_progress_unwritable", {"path": str(store.path), "reason": str(err)}
            self.rows = {game: [TopicProgress(topic) for topic in topics(game)] for game in games}
            self.ratings = dict.fromkeys(games)
        where = drill_text("progress_where", locale, path=store.path) if store.path else ""
        self.where = where or drill_text("progress_memory", locale)
        self.notice = drill_text(store.notice, locale, **store.notice_params) if store.notice else ""

    def _cells(self, row: TopicProgress) -> list[str]:
        mark = "✓" if row.mastered else ""
        if row.due:
            due = drill_text("due_now", self.locale, n=row.due)
        else:
            due = when_text(row.next_due - self.now, self.locale) if row.next_due is not None else ""
        rating = str(round(row.rating.rating)) if row.rating else ""
        return [drill_text(row.topic, self.locale), str(row.answered), str(row.right), str(row.streak), rating, due,
                mark]

    def _title(self, game: str) -> str:
        title = drill_text("progress_title", self.locale, game=drill_text(f"game_{game}", self.locale))
        rating = self.ratings[game]
        answers = rating.attempts if rating else 0
        return title + " · " + drill_text("progress_rating", self.locale, rating=rating_text(rating), n=answers)

    def __str__(self) -> str:
        lines = [self.notice] if self.notice else []
        for game, rows in self.rows.items():
            lines.append(self._title(game))
            lines.append(" | ".join(drill_text("progress_head", self.locale).split("|")))
            lines += [" | ".join(self._cells(row)) for row in rows]
        lines.append(f"({self.where})")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        parts = [f"<p><b>{html.escape(self.notice)}</b></p>"] if self.notice else []
        for game, rows in self.rows.items():
            head = "".join(f"<th>{html.escape(h)}</th>" for h in drill_text("progress_head", self.locale).split("|"))
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in self._cells(row)) + "</tr>" for row in rows
            )
            title = html.escape(self._title(game))
            parts.append(f"<h4>{title}</h4><table class='cw-progress'><tr>{head}</tr>{body}</table>")
        parts.append(f"<p><small>{html.escape(self.where)}</small></p>")
        return "".join(parts)
