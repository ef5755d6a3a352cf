"""``Puzzle``: a proved puzzle (``cardwidgets/puzzles``) played at the table, from the learner's seat.

The position is the ``Table``'s own seat view (``widgets/table.py``, ``js/table.ts``): the learner's
hand, what the seat has seen, the history in words; the learner plays the card or makes the call as at
any table (clicks, keys). The puzzle itself — the deal's hidden cards, the solution, the replies and the
values that prove it — stays in Python: nothing synced depends on the solution before the learner moves.

A right move plays on (the opponents' replies from the puzzle's line) or ends with *Solved* and the
why in words (the judge's sentence, made from the puzzle's stored values, and the next best's cost);
a wrong one says what it costs, allows one retry, then the solution is played step by step. Each
puzzle's first attempt moves the learner's and the puzzle's Glicko-2 ratings and reviews its FSRS
card (``drills/progress.py``); puzzles are chosen due reviews first, then near the learner's rating.
"""

from __future__ import annotations

import html
import random
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from cardwidgets.analysis.judge import Assessment, explain, phrase, result_words
from cardwidgets.analysis.outcome import thresholds
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import DealRecord, load_record, replay_match
from cardwidgets.core.registry import first_game
from cardwidgets.core.state import GameState
from cardwidgets.drills.progress import Progress
from cardwidgets.drills.rating import LEARNER, PUZZLE, START, Glicko
from cardwidgets.i18n import LOCALES, Points, resolve
from cardwidgets.i18n.puzzle_play import UI
from cardwidgets.puzzles.choose import choose
from cardwidgets.puzzles.format import Decision, PuzzleError, load_puzzles, theme_names
from cardwidgets.puzzles.format import Puzzle as PuzzleData
from cardwidgets.puzzles.shipped import shipped
from cardwidgets.widgets.base import MessageError
from cardwidgets.widgets.drill import shared_progress
from cardwidgets.widgets.match_driver import MatchDriver, completed_tricks
from cardwidgets.widgets.table import Table

#: Words in every locale (a nested sentence, rendered once per language).
Words = dict[str, str]


class Puzzle(Table):
    """Play puzzles of ``game`` (optionally of one ``theme``) at a table, one after another.

    >>> p = Puzzle()                       # doctest: +SKIP  (the first game a learner meets)
    >>> p.act(p.legal[0])                  # same as clicking the card
    >>> p.next_puzzle()                    # the Next puzzle button
    >>> p.progress()                       # rating, solved, streak, due reviews

    ``puzzles``: the puzzles to choose from (a list, or a puzzle file's path); default the game's shipped set.
    ``progress``: the learner's store (default: the one the drills use). ``seed``: the choice among equals.
    """

    #: Besides the table's own: the puzzle and where the learner is in its line (put back on a fault).
    _transactional: ClassVar[tuple[str, ...]] = (
        *Table._transactional, "_current", "_index", "_misses", "_failed", "_over", "_feedback", "_rating_words",
    )  # fmt: skip

    def __init__(
        self,
        game: str | None = None,
        theme: str | None = None,
        locale: str | None = None,
        *,
        puzzles: Iterable[PuzzleData] | str | Path | None = None,
        progress: Progress | None = None,
        seed: int | None = None,
        pace: float = 0.6,
    ) -> None:
        name = first_game() if game is None else game
        pool = shipped(name) if puzzles is None else (
            load_puzzles(Path(puzzles), game=name) if isinstance(puzzles, (str, Path)) else list(puzzles)
        )  # fmt: skip
        if theme is not None and theme not in theme_names(name):
            raise PuzzleError("puzzle.unknown_theme", theme=theme, game=name)
        self._pool = [p for p in pool if p.game == name and (theme is None or theme in p.themes)]
        if not self._pool:
            raise PuzzleError("puzzle.none", game=name, theme=_theme_clause(name, theme))
        self._store = progress if progress is not None else shared_progress()
        self._rng = random.Random(seed)
        #: The puzzles served, oldest first (``choose`` serves none of the last few again).
        self._played: list[str] = []
        #: The puzzles' ratings read from the store, by id (a serve compares every puzzle's with the learner's).
        self._ratings: dict[str, Glicko] = {}
        self._begin(self._choose())
        super().__init__(name, self._current.seat, locale=locale, pace=pace, match=self._match, bots="random")
        self.bot_levels = []

    # ----- one puzzle ----------------------------------------------------------------------------------
    def _begin(self, puzzle: PuzzleData) -> None:
        """Set ``puzzle`` up: its position, the first decision, no miss yet."""
        record = load_record(puzzle.record)
        assert isinstance(record, DealRecord)
        self._match = replay_match(record, end_last=False)
        self._current = puzzle
        self._index = 0
        self._misses = 0
        self._failed = False
        self._over = False
        #: How the learner's rating moved at this puzzle's first attempt (said when the puzzle ends).
        self._rating_words: Words = dict.fromkeys(LOCALES, "")
        self._answer = f"puzzle:{puzzle.id}:{uuid.uuid4().hex}"
        self._played.append(puzzle.id)
        self._feedback: dict[str, Any] = {"verdict": "task", "words": self._task_words(puzzle), "rule": ""}

    def _let_bots_play(self) -> None:
        """No bot moves in a puzzle: the other seats' replies are the puzzle's line."""

    def next_puzzle(self) -> bool:
        """Serve the next puzzle (due reviews first, then near the learner's rating): the **Next puzzle** button."""
        self._begin(self._choose())
        bots = self.bots
        self._driver = MatchDriver(self._match)
        self._driver.bots = bots
        self._driver.start()
        self._review_open = None
        self._reviews.drop()
        self._review = None
        with self.hold_trait_notifications():
            self.seat = self._current.seat
        self.error = {}
        self.hint = {}
        self._sync()
        return True

    @property
    def puzzle_id(self) -> str:
        """The id of the puzzle on the table."""
        return self._current.id

    @property
    def solved(self) -> bool:
        """Whether the puzzle on the table was solved without a miss."""
        return self._over and not self._failed

    # ----- what the learner does ---------------------------------------------------------------------------
    def act(self, action: str) -> bool:
        """Play ``action`` as the learner's move in the puzzle (a click on the card or the call).

        Returns True if the move was taken (right or wrong); an illegal one is refused as at the table.
        """
        state = self.state
        if self._over or state.to_act != self.seat:
            self._refuse(Explanation("", "puzzle.over"), action)
            return False
        text = _legal_text(state, action)
        if text is None:
            try:
                state.clone().apply(action)
            except IllegalActionError as exc:
                self._refuse(exc.explanation, action)
                return False
            raise MessageError(action)  # pragma: no cover - an action the rules accept is legal
        decision = self._current.decisions[self._index]
        if text in decision.solution:
            self._right(state, decision, text)
        else:
            self._wrong(state, decision, text)
        self.error = {}
        self.hint = {}
        self._sync()
        return True

    def _right(self, state: GameState, decision: Decision, action: str) -> None:
        why = self._why(state, decision, action)
        self._driver.events = []
        self._play(self.seat, action)
        self._play_replies(decision)
        self._index += 1
        self._misses = 0
        if self._index < len(self._current.decisions):
            self._feedback = {"verdict": "right", "words": _all("puzzle.right", why=why), "rule": ""}
            return
        self._over = True
        rating = self._attempt(True) if not self._failed else self._rating_words
        words = _all("puzzle.solved", why=why, next_best=self._next_best(decision), rating=rating)
        self._feedback = {"verdict": "solved", "words": words, "rule": ""}

    def _wrong(self, state: GameState, decision: Decision, action: str) -> None:
        self._misses += 1
        wrong = self._wrong_words(state, decision, action)
        if not self._failed:
            self._rating_words = self._attempt(False)
        self._failed = True
        self._driver.events = []
        if self._misses == 1:
            self._feedback = {"verdict": "wrong", "words": _all("puzzle.retry", wrong=wrong), "rule": ""}
            return
        steps = []
        for number, later in enumerate(self._current.decisions[self._index :], start=1):
            here = self.state
            why = self._why(here, later, later.solution[0])
            steps.append(_all("puzzle.step", n=number, why=why))
            self._play(self.seat, later.solution[0])
            self._play_replies(later)
        self._index = len(self._current.decisions)
        self._over = True
        shown = {locale: " ".join(step[locale] for step in steps) for locale in LOCALES}
        self._feedback = {"verdict": "shown", "words": _all("puzzle.shown", wrong=wrong, steps=shown,
                                          rating=self._rating_words),
                          "rule": ""}  # fmt: skip

    def _play(self, seat: int, action: str) -> None:
        """Apply one action of the line and leave its event for the animation."""
        state = self.state
        completed = completed_tricks(state)
        state.apply(action)
        self._driver.record(seat, completed, self.seat)

    def _play_replies(self, decision: Decision) -> None:
        """The other seats' replies after the learner's move (the puzzle's line), as events."""
        for reply in decision.replies:
            state = self.state
            if state.is_done or state.to_act is None or reply not in state.legal_strings():
                break  # an equivalent card of the learner's may leave a reply unplayable: the line ends here
            self._play(state.to_act, reply)
        if self.state.is_done and len(self.match.deal_scores) < len(self.match.deals):
            self.match.end_deal()

    # ----- the words ------------------------------------------------------------------------------------------
    def _task_words(self, puzzle: PuzzleData) -> Words:
        names = theme_names(puzzle.game)
        themes = {loc: ", ".join(names[t][loc] for t in puzzle.themes if t in names) for loc in LOCALES}
        rated = self._puzzle_rating(puzzle)
        return _all("puzzle.task", themes=themes, rating=round(rated.rating))

    def _why(self, state: GameState, decision: Decision, action: str) -> Words:
        """The judge's sentence on the solution's ``action``, made from the puzzle's stored values."""
        assessment = _assessment(state, decision, action)
        if assessment is None:
            return dict.fromkeys(LOCALES, "")
        reason = explain(assessment, state, self.seat)
        return {locale: reason.text(locale) for locale in LOCALES}

    def _next_best(self, decision: Decision) -> Words:
        """The next best action and what it costs, on the seat's information and face up."""
        values = decision.values
        others = [a for a in values.mc if a not in decision.solution]
        if not others:
            return dict.fromkeys(LOCALES, "")
        other = max(others, key=lambda a: values.mc[a])
        face_up = dict.fromkeys(LOCALES, "")
        if values.dd_cost is not None:
            face_up = _all("puzzle.next_best_face_up", cost=Points(values.dd_cost, self.game))
        cost = Points(values.cost, self.game, decimals=1)
        return _all("puzzle.next_best", action=phrase(other, self.game), cost=cost, face_up=face_up)

    def _wrong_words(self, state: GameState, decision: Decision, action: str) -> Words:
        """"Not this: 6♠ costs 8 (the contract of 4 fails)": face up when known, else on the seat's information."""
        values = decision.values
        name = phrase(action, self.game, capital=True)
        if values.dd is not None and action in values.dd:
            cost = max(values.dd.values()) - values.dd[action]
            result = result_words(state, self.seat, values.dd[action])
            return _all("puzzle.wrong", action=name, cost=Points(cost, self.game), result=result)
        if action in values.mc:
            cost_mc = max(values.mc.values()) - values.mc[action]
            result = _all("puzzle.wrong_sampled", n=values.samples)
            points = Points(round(cost_mc, 1), self.game, decimals=1)
            return _all("puzzle.wrong", action=name, cost=points, result=result)
        return _all("puzzle.wrong_unvalued", action=name)

    # ----- ratings --------------------------------------------------------------------------------------------
    def _store_rating(self, kind: str, item: str) -> Glicko | None:
        try:
            return self._store.rating(kind, item)
        except Exception:  # an unreadable store is the store's to report; the puzzle goes on unrated
            return None

    def _puzzle_rating(self, puzzle: PuzzleData) -> Glicko:
        """A puzzle's rating: read from the store once, then kept (this widget's attempts update it)."""
        if puzzle.id not in self._ratings:
            self._ratings[puzzle.id] = self._store_rating(PUZZLE, puzzle.id) or _start(puzzle)
        return self._ratings[puzzle.id]

    def _attempt(self, correct: bool) -> Words:
        """Rate this attempt (the learner's and the puzzle's Glicko-2, its FSRS review) and say how the rating moved."""
        puzzle = self._current
        before = self._store_rating(LEARNER, self.game) or START
        topic = puzzle.themes[0] if puzzle.themes else ""
        after = self._store.attempt(PUZZLE, puzzle.id, self.game, correct, topic=topic, start=_start(puzzle),
                                    answer=self._answer)  # fmt: skip
        self._ratings.pop(puzzle.id, None)  # read again when next needed
        delta = round(after.rating) - round(before.rating)
        return _all("puzzle.rating_move", before=round(before.rating), after=round(after.rating),
                    delta=f"{'+' if delta >= 0 else '−'}{abs(delta)}")  # fmt: skip

    def _choose(self) -> PuzzleData:
        """Due reviews first, then a puzzle rated near the learner's (``puzzles.choose``), none served lately."""
        game = self._pool[0].game
        try:
            due = self._store.due_items(PUZZLE, game)
        except Exception:  # an unreadable store: nothing is due
            due = []
        learner = (self._store_rating(LEARNER, game) or START).rating
        ratings = {p.id: self._puzzle_rating(p).rating for p in self._pool}
        chosen = choose(self._pool, learner, due=due, recent=self._played, ratings=ratings,
                        seed=self._rng.randrange(2**32))  # fmt: skip
        assert chosen is not None  # the pool is never empty (the constructor refuses an empty one)
        return chosen

    # ----- the table ------------------------------------------------------------------------------------------
    def ask_hint(self) -> bool:
        """A puzzle gives no hint (the Hint would be the solution)."""
        self._refuse(Explanation("", "puzzle.no_hint"), "hint")
        return False

    def next_deal(self) -> bool:
        """A puzzle has no next deal: the next puzzle instead."""
        self._refuse(Explanation("", "puzzle.over"), "next_deal")
        return False

    def _apply_message(self, content: Any) -> None:
        """``{"action": …}``, ``{"command": "next_puzzle" | "hint"}``; anything else is refused in words."""
        kind = next(iter(content)) if isinstance(content, dict) and len(content) == 1 else None
        value = content[kind] if kind else None
        if kind == "action" and isinstance(value, str):
            self.act(value)
        elif kind == "command" and value == "next_puzzle":
            self.next_puzzle()
        elif kind == "command" and value == "hint":
            self.ask_hint()
        else:
            raise MessageError(content)

    def _sync(self) -> None:
        """The table's seat view, then the puzzle's words and buttons (never the solution)."""
        super()._sync()
        locale = resolve(self.locale)
        with self.hold_sync():
            self.ui = {**self.ui, **UI[locale], "puzzle": True, "puzzle_over": self._over}
            self.feedback = {"verdict": self._feedback["verdict"], "text": self._feedback["words"][locale],
                             "rule": self._feedback["rule"], "better": ""}  # fmt: skip

    def text(self) -> str:
        """The puzzle's words now (the task, or what the last move did): the ``text/plain`` output."""
        return str(self.feedback.get("text", ""))

    def progress(self) -> PuzzleProgress:
        """The learner's puzzles of this game: rating, solved, streak and what is due for review (en and ru)."""
        return PuzzleProgress(self, resolve(self.locale))


Table.practice = Puzzle


class PuzzleProgress:
    """``Puzzle.progress()``: the rating, the puzzles solved, the streak and the reviews due, as text and HTML."""

    def __init__(self, widget: Puzzle, locale: str) -> None:
        game = widget.game
        rating = widget._store_rating(LEARNER, game)
        try:
            due = [i for i in widget._store.due_items(PUZZLE, game) if i != widget.puzzle_id or not widget._over]
        except Exception:
            due = []
        from cardwidgets.i18n.tools import tool_text

        rated = str(round(rating.rating)) if rating else Explanation("", "puzzle.unrated").text(locale)
        self.title = Explanation("", "puzzle.progress_title", {
            "game": tool_text(f"game_{game}", locale), "rating": rated, "n": rating.attempts if rating else 0,
        }).text(locale)  # fmt: skip
        solved = rating.won if rating else 0
        played = rating.attempts if rating else 0
        listed = ", ".join(due[:10]) if due else Explanation("", "puzzle.progress_none_due").text(locale)
        self.line = Explanation("", "puzzle.progress_line", {
            "solved": solved, "played": played, "streak": widget._store.streak(PUZZLE, game), "due": listed,
        }).text(locale)  # fmt: skip

    def __str__(self) -> str:
        return f"{self.title}\n{self.line}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return f"<h4>{html.escape(self.title)}</h4><p>{html.escape(self.line)}</p>"


def _legal_text(state: GameState, action: str) -> str | None:
    """``action`` as the state's canonical text when it is legal now (``2♠`` and ``play 2S`` alike), else None."""
    legal = state.legal_strings()
    if action in legal:
        return action
    try:
        text = state.parse(action).text
    except Exception:  # not an action of this game: the caller refuses it in words
        return None
    return text if text in legal else None


def _assessment(state: GameState, decision: Decision, action: str) -> Assessment | None:
    """The judge's assessment of ``action`` rebuilt from the puzzle's stored values (no sampling, no solve)."""
    values = decision.values
    if action not in values.mc:
        return None
    top = decision.solution[0] if decision.solution[0] in values.mc else max(values.mc, key=lambda a: values.mc[a])
    best = [a for a in decision.solution if a in values.mc] or [top]
    cost = max(0.0, values.mc[top] - values.mc[action])
    floor, mistake = thresholds(state.game_name)
    if action in decision.solution:
        verdict = "best"
    else:
        verdict = "mistake" if cost >= mistake else "inaccuracy" if cost >= floor else "good"
    dd = dd_cost = best_dd = None
    dd_best: list[str] = []
    if values.dd:
        best_dd = max(values.dd.values())
        dd_best = [a for a, v in values.dd.items() if v == best_dd]
        dd = values.dd.get(action)
        dd_cost = None if dd is None else best_dd - dd
    return Assessment(
        action, verdict, best, dd_best, values.mc[action], round(cost, 1), round(values.error.get(action, 0.0), 1),
        dd, dd_cost, values.samples, values.mc[top], best_dd, len(values.mc),
    )  # fmt: skip


def _start(puzzle: PuzzleData) -> Glicko:
    """The puzzle's calibrated rating (``START`` before it is calibrated)."""
    if not puzzle.rating:
        return START
    return Glicko(rating=puzzle.rating["rating"], rd=puzzle.rating["rd"], vol=puzzle.rating["vol"])


def _theme_clause(game: str, theme: str | None) -> Words:
    if theme is None:
        return dict.fromkeys(LOCALES, "")
    name = theme_names(game).get(theme, dict.fromkeys(LOCALES, theme))
    return {loc: Explanation("", "puzzle.none_theme", {"theme": name[loc]}).text(loc) for loc in LOCALES}


def _all(key: str, **params: Any) -> Words:
    """Message ``key`` rendered in every locale."""
    return {locale: Explanation("", key, params).text(locale) for locale in LOCALES}
