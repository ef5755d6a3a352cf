"""``Table``: a live card table for one learner's seat, bots in the other seats.

Python is the only source of truth (``docs/widget-protocol.md``): the synced
traits carry the learner's *view* of the deal — never other seats' hidden
cards unless ``reveal=True`` — and the front-end sends action strings back,
which the engine validates. Bots move in Python; the front-end animates the
``events`` at the learner's chosen pace.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from cardwidgets.analysis import AnalysisError
from cardwidgets.analysis.checks import MAX_SECONDS, check_number, check_samples
from cardwidgets.analysis.coach import Verdict, coach, hint_decision
from cardwidgets.bots import LEVELS, Bot, Decision, make_bot
from cardwidgets.core.errors import IllegalActionError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.links import default_base, make_link
from cardwidgets.core.match import Match
from cardwidgets.core.numbering import decision_step
from cardwidgets.core.records import DealRecord, MatchRecord, load_record, record_of, replay_match
from cardwidgets.core.registry import first_game, get_game
from cardwidgets.core.state import GameState
from cardwidgets.i18n import Points, format_value, phase_name
from cardwidgets.i18n.names import action_done, action_phrase, number_text
from cardwidgets.i18n.tools import TOOLS, tool_text
from cardwidgets.i18n.ui import action_label, ui_texts
from cardwidgets.service.frame import frame_of, words_from_json
from cardwidgets.widgets.base import CardWidget, MessageError, SettingError
from cardwidgets.widgets.board import board_model, seat_name, side_notes
from cardwidgets.widgets.match_driver import MatchDriver, completed_tricks, make_bots
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.review_runner import ReviewRunner, group, judge_deal

STATIC = Path(__file__).parent.parent / "static"
#: The Review's bound in seconds for the whole deal (the judge's own budgets decide each verdict).
REVIEW_TOTAL_SECONDS = 30.0
#: The replay's texts the opened Review entry's panel uses (js/replay: analysisSection) and its Share button's.
REVIEW_REPLAY_TEXTS = (
    "dd_title", "dd_values", "dd_line", "dd_progress", "share", "share_label", "share_shown", "share_copied",
)
#: The slowest bot pace the table offers, in seconds per move (the slider's end).
MAX_PACE = 5.0


class Table(CardWidget):
    """A card table in a notebook cell: play ``game`` from ``seat`` against bots.

    ``game`` is a registered game's name; by default the one a learner meets first (``core.registry.first_game``).

    >>> t = Table(game, seat=0, seed=7)             # doctest: +SKIP
    >>> t.act("agree")                               # same as clicking "Agree"
    """

    _esm = STATIC / "table.js"
    #: What a fault inside a message must put back (``CardWidget._guarded``): the driver (the match, its deal,
    #: the bots, the events), the coach's verdict, the Review's rows, the hint.
    _transactional: ClassVar[tuple[str, ...]] = ("_driver", "_verdict", "_review", "_hint_cache", "_hint_running")
    _css = STATIC / "table.css"

    #: Which class seats a table at a shared room, given the constructor's keywords (``widgets/shared_table.py``
    #: registers it: the room service's seat where a service runs, the store's ``SharedTable`` where none does).
    shared: ClassVar[Callable[[dict[str, Any]], type[Table]] | None] = None
    #: The puzzle widget "Practise this" makes: ``widgets/puzzle.py`` registers ``Puzzle`` here.
    practice: ClassVar[Callable[..., Table] | None] = None

    #: The browser may write the bots' pace (the slider) and nothing else (``docs/widget-protocol.md``).
    browser_writable: ClassVar[frozenset[str]] = frozenset({"pace"})
    #: Set once ``__init__`` is done: settings changed before then are synced once, at its end.
    _ready = False

    game = traitlets.Unicode().tag(sync=True)
    #: The learner's seat; set from Python only (the browser may not move the learner).
    seat = traitlets.Int(0).tag(sync=True)
    #: Show every hand (instructors); set from Python only.
    reveal = traitlets.Bool(False).tag(sync=True)
    #: Seconds per bot move in the animation, 0 to ``MAX_PACE``.
    pace = traitlets.Float(0.6).tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    events: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    scoreboard = traitlets.Dict().tag(sync=True)
    ui = traitlets.Dict().tag(sync=True)
    #: The board model (``widgets/board.py``): seats and their badges, the cards on the table, the
    #: panel's facts — built from ``view``, every word localized; the front-end only draws it.
    board = traitlets.Dict().tag(sync=True)
    #: The bot level of each seat (``""`` for the learner's), changeable from the table.
    bot_levels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The last Hint asked for: ``{"action", "label", "reason"}``, or ``{}``.
    hint = traitlets.Dict().tag(sync=True)
    #: Judge every learner move (``Table(coach=True)``); set from Python only.
    coach = traitlets.Bool(False).tag(sync=True)
    #: The coach's verdict on the learner's last move: ``{"verdict", "text", "rule", "better"}``, or ``{}``.
    feedback = traitlets.Dict().tag(sync=True)
    #: After **Review** (``review()``): the learner's listed decisions of the deal just played, in every phase,
    #: group by group (``review_runner.GROUPS``: costly, a cost only face up, not valued),
    #: ``[{"index" (from 1), "number" (the action's), "step" (where it was chosen), "group", "action", "label",
    #: "verdict", "valued", "in_play" (False: a bid or the like, no face-up value), "best", "dd_cost",
    #: "mc_cost", "mc_error", "dd", "mc", "text"}]``.
    review_rows: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    #: Whether the review of this deal has been made (an empty ``review_rows`` then means: no costly decision).
    reviewed = traitlets.Bool(False).tag(sync=True)
    #: While the Review is being worked out (the button's message): ``[done, total]`` decisions, else ``[]``.
    review_progress = traitlets.List(traitlets.Int()).tag(sync=True)
    #: A Review entry opened right in the table (a click on it): ``{}`` or ``{"entry", "step", "steps",
    #: "board", "analysis_view", "heading"}`` — the HandReplay of this deal at that decision, Analysis on.
    review_view = traitlets.Dict().tag(sync=True)

    def __new__(cls, *args: Any, room: str | None = None, **kwargs: Any) -> Table:
        """``Table(game, room="class-3", seat=2)`` is a seat at a shared room (``widgets/shared_table.py``)."""
        if room is not None and cls is Table and Table.shared is not None:
            return super().__new__(Table.shared(kwargs), *args, **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(
        self,
        game: str | None = None,
        seat: int = 0,
        *,
        bots: str | Bot | list[str | Bot] = "heuristic",
        seed: int | None = None,
        locale: str | None = None,
        reveal: bool = False,
        rules: dict[str, Any] | None = None,
        pace: float = 0.6,
        match: Match | None = None,
        coach: bool = False,
    ) -> None:
        #: The match played from this seat (``widgets/match_driver.py``); the seat and locale traits check themselves.
        if match is None:
            match = Match(first_game() if game is None else game, rules, seed=seed)
        self._driver = MatchDriver(match)
        super().__init__(game=self.match.game.name, seat=seat, locale=locale, reveal=reveal, pace=pace, coach=coach)
        self.seed = seed
        self.bots, levels = make_bots(bots, self.match.game.num_players, seed)
        self.bot_levels = [level if s != seat else "" for s, level in enumerate(levels)]
        self._driver.start()
        self._hint_cache: tuple[tuple[int, int, int], Decision] | None = None
        self._hint_running = False
        self._verdict: Verdict | None = None
        #: The post-mortem of the deal just played (``review()``): the deal's number and its rows.
        self._review: tuple[int, list[tuple[dict[str, Any], Explanation]]] | None = None
        #: The Review being worked out off the message handler: its thread and its Cancel.
        self._reviews = ReviewRunner()
        #: The Review entry opened in the table: (its number, the replay).
        self._review_open: tuple[int, HandReplay] | None = None
        self._ready = True
        self._let_bots_play()
        self._sync()

    # ----- the match, as the driver holds it ---------------------------------------------------
    @property
    def match(self) -> Match:
        """The match being played."""
        return self._driver.match

    @match.setter
    def match(self, match: Match) -> None:
        self._driver.match = match

    @property
    def state(self) -> GameState:
        """The deal in play."""
        return self._driver.start()

    @state.setter
    def state(self, state: GameState) -> None:
        self._driver.state = state

    @property
    def bots(self) -> list[Bot]:
        """One bot per seat (the learner's is never asked)."""
        return self._driver.bots

    @bots.setter
    def bots(self, bots: list[Bot]) -> None:
        self._driver.bots = bots

    @property
    def _events(self) -> list[dict[str, Any]]:
        """The moves since the learner last acted, for the animation (``widgets/match_driver.py``)."""
        return self._driver.events

    @_events.setter
    def _events(self, events: list[dict[str, Any]]) -> None:
        self._driver.events = events

    # ----- alternate constructor ------------------------------------------------
    @classmethod
    def from_record(
        cls, record: str | Path | dict[str, Any] | DealRecord | MatchRecord, seat: int = 0, **kwargs: Any
    ) -> Table:
        """A table that continues a recorded hand (or match) from where it stops."""
        if not isinstance(record, (DealRecord, MatchRecord)):
            record = load_record(record)
        match = replay_match(record, seed=kwargs.get("seed"), end_last=False)
        return cls(record.game.name, seat, match=match, **kwargs)

    # ----- what the learner does ----------------------------------------------------
    def act(self, action: str) -> bool:
        """Play ``action`` for the learner's seat, then let the bots answer.

        Returns True if it was applied; otherwise ``error`` says why and nothing changed.
        """
        state = self.state
        if state.to_act != self.seat:
            reason = Explanation("ACTIONS", "core.wrong_seat", {"to_act": state.to_act, "seat": self.seat})
            if state.is_done:
                reason = Explanation("ACTIONS", "core.game_over")
            self._refuse(reason, action)
            return False
        before = state.clone() if self.coach else None
        try:
            self._driver.play(self.seat, action)
        except IllegalActionError as exc:
            self._refuse(exc.explanation, action)
            return False
        if before is not None:  # the coach judges the move on what the learner could see
            self._verdict = coach(before, state.history[-1])
        self._settle()
        return True

    def next_deal(self) -> bool:
        """Start the next deal of the match (after this one is over)."""
        if not self.state.is_done or self.match.is_over:
            key = "widget.match_over" if self.match.is_over else "widget.deal_not_over"
            self._refuse(Explanation("ACTIONS", key), "next_deal")
            return False
        self._driver.new_deal()
        self._verdict = None
        self._review_open = None
        self._reviews.drop()  # a review still being worked out is for the deal just left
        self._settle()
        return True

    def _settle(self) -> None:
        """After a move or a new deal: bots play up to the learner's turn, old error and hint go."""
        self._let_bots_play()
        self.error = {}
        self.hint = {}
        self._sync()

    def ask_hint(self) -> bool:
        """Ask the search bot what the learner should do now, and why (the **Hint** button).

        The search runs once per position: asking again, or in the other language,
        reuses it; a request that arrives while one is being worked out is refused.
        """
        if self.state.to_act != self.seat:
            self._refuse(Explanation("ACTIONS", "widget.no_hint"), "hint")
            return False
        if self._hint_running:
            self._refuse(Explanation("", "widget.hint_busy"), "hint")
            return False
        position = (len(self.match.deals), len(self.state.history), self.seat)
        if self._hint_cache is None or self._hint_cache[0] != position:
            self._hint_running = True
            try:
                decision = hint_decision(self.state, self.seat)
            finally:
                self._hint_running = False
            self._hint_cache = (position, decision)
        decision = self._hint_cache[1]
        suggestion = {"action": decision.action.text, "reason": decision.text(self.locale)}
        self.hint = {**suggestion, "label": action_label(suggestion["action"], self.locale, self.game)}
        self.error = {}
        return True

    def set_bot(self, seat: int, level: str) -> bool:
        """Let a bot of ``level`` (random, heuristic, search) play ``seat`` from now on."""
        if not (type(seat) is int and 0 <= seat < len(self.bots) and seat != self.seat and level in LEVELS):
            self._refuse(Explanation("ACTIONS", "widget.bad_bot", {"levels": ", ".join(LEVELS)}), echo([seat, level]))
            return False
        self.bots[seat] = make_bot(level, None if self.seed is None else self.seed * 10 + seat)
        self.bot_levels = [level if s == seat else old for s, old in enumerate(self.bot_levels)]
        return True

    # ----- the Review (the judge's verdicts on the learner's decisions, docs/analysis.md) ----------
    def review(
        self, samples: int | None = None, total_seconds: float = REVIEW_TOTAL_SECONDS
    ) -> list[dict[str, Any]] | None:
        """The learner's costly decisions in the deal just ended (the **Review** button), also in ``review_rows``.

        Every phase is reviewed: bids, raises, exchanges, cards passed, the talon, the table card and card play. Each
        row is the judge's (``post_mortem``): the verdict the coach gave, ``mc_cost`` ± ``mc_error`` (on
        what the learner could see) and ``dd_cost`` (all cards face up, in the play), and its sentence.
        Costly are the coach's inaccuracies and mistakes; a decision that cost only with all cards face
        up is listed apart, as is one the review had no time for (``total_seconds``).
        Before the end of the deal it is refused (``error``, None), as is a ``samples`` or
        ``total_seconds`` that is not a number in range (``analysis.checks``).
        """
        try:
            if samples is not None:
                check_samples(samples)
            check_number("total_seconds", total_seconds, low=0, high=MAX_SECONDS, seconds=True)
        except AnalysisError as exc:
            self._refuse(exc.explanation, "review")
            return None
        if not self.state.is_done:
            self._refuse(Explanation("", "analysis.review_not_over"), "review")
            return None
        if not self._reviewed_now() and not self._work_out_review(samples, total_seconds, cancel=None):
            return None
        self.error = {}
        self._sync()
        return list(self.review_rows)

    def start_review(self) -> bool:
        """The **Review** button: work the review out off the message handler, with progress and a Cancel.

        The table stays usable meanwhile; a second request while one runs is refused. Where there are no
        threads (JupyterLite's Pyodide) it is worked out at once.
        """
        if not self.state.is_done:
            self._refuse(Explanation("", "analysis.review_not_over"), "review")
            return False
        if self._reviews.busy:
            self._refuse(Explanation("", "analysis.review_busy"), "review")
            return False
        self.error = {}
        if self._reviewed_now():
            self._sync()
            return True

        def work(cancel: threading.Event) -> None:
            self._work_out_review(None, REVIEW_TOTAL_SECONDS, cancel=cancel)
            self._sync()

        def in_background() -> None:
            self.review_progress = [0, 0]

        self._reviews.start(work, in_background)
        return True

    def cancel_review(self) -> bool:
        """The Review's **Cancel**: stop the review being worked out (nothing is kept)."""
        return self._reviews.cancel()

    def _reviewed_now(self) -> bool:
        return self._review is not None and self._review[0] == len(self.match.deals)

    def _work_out_review(self, samples: int | None, total_seconds: float, *, cancel: threading.Event | None) -> bool:
        """The judge's rows for this deal into ``_review``; False (and ``error``) when refused or cancelled."""
        number = len(self.match.deals)

        def progress(done: int, total: int) -> None:
            self.review_progress = [done, total]

        try:
            rows = judge_deal(
                self.state, self.seat, samples, total_seconds,
                progress=progress if cancel is not None else None,
                cancelled=cancel.is_set if cancel is not None else None,
            )  # fmt: skip
        except AnalysisError as exc:  # a deal that ends before the play: nothing to review
            self._refuse(exc.explanation, "review")
            return False
        finally:
            self.review_progress = []
        if (cancel is not None and cancel.is_set()) or number != len(self.match.deals):
            return False
        self._review = (number, rows)
        return True

    def open_review_entry(self, number: int) -> bool:
        """Open Review entry ``number`` (from 1) right in the table: the replay at that decision, Analysis on."""
        try:
            replay = self.review_replay(number)
        except ValueError as exc:
            self._refuse(str(exc), "review")
            return False
        self._review_open = (number, replay)
        self.error = {}
        self._sync()
        return True

    def step_review_entry(self, step: int) -> bool:
        """Move the opened entry's replay one step (``-1``/``+1``), or close it (``0``); refused when none is open."""
        if self._review_open is None or not self._reviewed_now():
            self._refuse(Explanation("", "analysis.review_none_open"), "review")
            return False
        if step == 0:
            self._review_open = None
        elif step < 0:
            self._review_open[1].back()
        else:
            self._review_open[1].forward()
        self.error = {}
        self._sync()
        return True

    def review_replay(self, number: int, *, analysis: bool = True) -> HandReplay:
        """Review entry ``number`` (from 1, as shown) as a ``HandReplay`` of this deal at that decision, Analysis on."""
        rows = self._review[1] if self._review is not None and self._review[0] == len(self.match.deals) else []
        if not (type(number) is int and 1 <= number <= len(rows)):
            raise ValueError(Explanation("", "analysis.review_no_row", {"index": echo(number), "count": len(rows)})
                             .text(self.locale))
        step = decision_step(rows[number - 1][0]["number"])
        return HandReplay(self.state, step, locale=self.locale, analysis=analysis)

    def practise(self, entry: int | None = None) -> Any:
        """"Practise this": a ``Puzzle`` of the learner's own mistakes in the Review (entry ``entry``, or all of them).

        Each is the judge's mistake at that decision made a one-move puzzle (``puzzles.mistakes``); played
        and rated like any puzzle. Before a Review with a mistake in it, ``error`` says so and None comes back.
        """
        from cardwidgets.puzzles.mistakes import from_review

        rows = self._review[1] if self._review is not None and self._review[0] == len(self.match.deals) else []
        chosen = [row for i, (row, _reason) in enumerate(rows, start=1) if entry is None or i == entry]
        made = from_review(self.state, self.seat, chosen) if chosen else []
        if not made:
            self._refuse(Explanation("", "puzzle.no_mistake"), "practise")
            return None
        assert Table.practice is not None  # widgets/__init__ imports widgets/puzzle.py, which registers it
        return Table.practice(self.game, locale=self.locale, puzzles=made, pace=self.pace)

    def _review_view_json(self) -> dict[str, Any]:
        """The opened Review entry's replay as the front-end draws it (``{}`` when none is open)."""
        if self._review_open is None or not self._reviewed_now():
            return {}
        number, replay = self._review_open
        if replay.locale != self.locale:
            replay.locale = self.locale
        action = self._review[1][number - 1][0]["number"] if self._review is not None else 0
        played = tool_text("step", self.locale, step=replay.step, steps=replay.steps)
        key = "analysis.review_opened" if replay.step == decision_step(action) else "analysis.review_moved"
        return {
            "entry": number,
            "step": replay.step,
            "steps": replay.steps,
            "board": replay.board,
            "analysis_view": replay.analysis_view,
            "heading": Explanation("", key, {"entry": number, "number": action, "played": played}).text(self.locale),
        }

    def _review_json(self) -> list[dict[str, Any]]:
        """The review entries of the deal on show, every word in ``locale`` (``[]`` before ``review()``)."""
        if self._review is None or self._review[0] != len(self.match.deals):
            return []
        locale, game = self.locale, self.game
        record, base = self.record, default_base(locale)  # the deal is over: a link may hold every hand
        return [
            {
                "index": i,
                "link": make_link(record, base, decision_step(row["number"])),
                "number": row["number"],
                "step": decision_step(row["number"]),
                "group": group(row),
                "action": row["action"],
                "label": action_label(row["action"], locale, game),
                "verdict": row["verdict"],
                "valued": row["verdict"] is not None,
                "in_play": row["in_play"],
                "best": [action_label(a, locale, game) for a in row["best"]],
                "dd_cost": row["dd_cost"],
                "mc_cost": row["mc_cost"],
                "mc_error": row["mc_error"],
                "dd": cost_text(row["dd_cost"], locale, game),
                "mc": cost_text(row["mc_cost"], locale, game, decimals=1),
                "text": reason.text(locale),
            }
            for i, (row, reason) in enumerate(self._review[1], start=1)
        ]

    @property
    def record(self) -> dict[str, Any]:
        """The current hand so far, as a game-record dict (``docs/records.md``)."""
        return record_of(self.state).to_json()

    # ----- messages from the front-end -----------------------------------------------------
    def _apply_message(self, content: Any) -> None:
        """The front-end's messages: an action, a command, a Review entry, a bot level.

        ``{"action": "play 10S"}``, ``{"command": "next_deal" | "hint" | "review" | "review_cancel"}``,
        ``{"review": n}`` (open Review entry n), ``{"review_step": -1 | 1 | 0}`` (its replay: back, forward,
        close), ``{"bot": [seat, level]}`` or ``{"kind": "page_alive"}`` (the page's heartbeat).

        Anything else raises ``TypeError``: the base class refuses it with an error, nothing changes.
        """
        kind = next(iter(content)) if isinstance(content, dict) and len(content) == 1 else None
        value = content[kind] if kind else None
        if kind == "action" and isinstance(value, str):
            self.act(value)
        elif kind == "command" and value == "next_deal":
            self.next_deal()
        elif kind == "command" and value == "hint":
            self.ask_hint()
        elif kind == "command" and value == "review":
            self.start_review()
        elif kind == "command" and value == "review_cancel":
            self.cancel_review()
        elif kind == "review" and type(value) is int:
            self.open_review_entry(value)
        elif kind == "review_step" and value in (-1, 0, 1) and type(value) is int:
            self.step_review_entry(value)
        elif kind == "bot" and isinstance(value, list) and len(value) == 2:
            self.set_bot(value[0], value[1])
        elif content == {"kind": "page_alive"}:
            self._page_alive()
        else:
            raise MessageError(content)

    def _page_alive(self) -> None:
        """The page showing this table is open (it says so when drawn, then every 10 s; js/seat.ts).

        A hook: a single table needs nothing from it; a seat at a shared room passes it on to the room.
        """

    # ----- bots and events --------------------------------------------------------------------
    def _let_bots_play(self) -> None:
        """Bots act until it is the learner's turn or the deal is over (a hook: ``SharedTable`` asks its room)."""
        self._driver.let_bots_play(self.seat)

    def _record_event(self, seat: int, completed_before: int) -> None:
        """Remember the move ``seat`` just made in ``state``, as the learner may see it, for the animation."""
        self._driver.record(seat, completed_before, self.seat)

    # ----- syncing ------------------------------------------------------------------------------
    @traitlets.validate("seat")
    def _check_seat(self, proposal: dict[str, Any]) -> int:
        """The one check of the learner's seat (``Table(..., seat=9)`` and ``table.seat = 9`` alike)."""
        players, seat = self.match.game.num_players, proposal["value"]
        if not 0 <= seat < players:
            raise SettingError(f"seat must be 0 to {players - 1} for {self.match.game.name}, not {seat}")
        return seat

    @traitlets.validate("pace")
    def _check_pace(self, proposal: dict[str, Any]) -> float:
        pace = proposal["value"]
        if not (math.isfinite(pace) and 0 <= pace <= MAX_PACE):
            raise traitlets.TraitError(f"pace must be 0 to {MAX_PACE} seconds")
        return pace

    @traitlets.observe("locale", "reveal", "seat", "coach")
    def _settings_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:  # not while ``__init__`` sets them: it syncs once at its end
            self._sync()

    def _sync(self) -> None:
        """Push the learner's seat frame (``service/frame.py``: the view, nothing hidden) to the front-end."""
        self._push(self._frame())

    def _frame(self) -> dict[str, Any]:
        """The seat's frame of the deal in play (a hook: a seat at a room service shows the service's)."""
        return frame_of(self.state, self.seat, match=self.match, events=self._events, reveal=self.reveal)

    def _push(self, frame: dict[str, Any]) -> None:
        """Set the synced traits from ``frame`` alone, in the learner's words (beside the coach and the Review)."""
        view = dict(frame["view"])
        view["my_hand"] = list(frame["hand"])
        view["trumps"] = list(frame["trumps"])
        notices = [words_from_json(n) for n in frame["notices"]]
        view["notices"] = [{"rule": n.rule, "text": n.text(self.locale)} for n in notices if n is not None]
        legal = list(frame["legal"])
        game = get_game(self.game)
        ui = ui_texts(self.locale, game.deck, self.game)
        ui.update({key: TOOLS[self.locale][key] for key in REVIEW_REPLAY_TEXTS})  # the opened Review entry's panel
        summary = frame["match"]["summary"]  # the game's own parts of its match, worded by its board module
        with self.hold_sync():
            self.view = view
            self.legal = legal
            self.labels = {a: action_label(a, self.locale, self.game) for a in legal}
            # each event's action in words for the status line during bot moves, never its code
            self.events = [
                {**e, "done": self._done_words(e["done"]), **self._event_words(e, ui)} for e in frame["events"]
            ]
            self.scoreboard = self._scoreboard(frame, side_notes(self.game, summary, ui))
            self.ui = ui
            self.board = board_model(self.game, view, self.seat, ui, summary=summary, locale=self.locale)
            self.feedback = self._verdict.to_json(self.locale) if self._verdict is not None else {}
            self.review_rows = self._review_json()
            self.reviewed = self._reviewed_now()
            self.review_view = self._review_view_json()

    def _done_words(self, done: dict[str, Any] | None) -> dict[str, Any] | None:
        """A completed trick of an event: who took it, and why in the learner's words with the rule id."""
        if done is None:
            return None
        why = words_from_json(done["why"])
        text, rule = (why.text(self.locale), why.rule) if why else ("", "")
        return {"collector": done["collector"], "why": text, "rule": rule}

    def _event_words(self, event: dict[str, Any], ui: dict[str, Any]) -> dict[str, str]:
        """An event's action in words and the status line's sentence («Игрок 0 не согласился»)."""
        own = event["seat"] == self.seat
        name = seat_name(ui, event["seat"], self.seat)
        return {
            "text": action_phrase(event["action"], self.locale, self.game),
            "status": action_done(event["action"], name, self.locale, self.game, own=own),
        }

    def _scoreboard(self, frame: dict[str, Any], notes: list[list[str]]) -> dict[str, Any]:
        """The match score by side as the front-end writes it; ``notes``: the game's words beside each side's score."""
        match, view = frame["match"], frame["view"]
        why = words_from_json(frame["result"])
        return {
            "scores": list(match["scores"]),
            "deal": frame["deal"],
            "dealer": view["dealer"],
            "winner": match["winner"],
            "over": match["over"],
            "sides": list(get_game(self.game).sides),
            "deal_score": view["score"],
            # The same numbers as the learner's locale writes them («−2» in Russian), for the drawing.
            "score_texts": [number_text(score, self.locale) for score in match["scores"]],
            "deal_score_texts": _signed_texts(view["score"], self.locale),
            "why": why.text(self.locale) if why is not None else "",
            "side_notes": notes,
        }

    def text(self) -> str:
        """A deterministic one-line text form (the ``text/plain`` output, stable for nbval).

        English keeps the code-like ``Table(<game>, seat 0, phase trump, …)``; Russian says it in words.
        """
        state, locale = self.state, self.locale
        params: dict[str, Any] = {"seat": self.seat, "tricks": completed_tricks(state)}
        if locale == "en":
            params.update(game=self.game, phase=state.phase, to_act=state.to_act, scores=self.match.scores)
        else:
            to_act = "—" if state.to_act is None else tool_text("table_seat", locale, seat=state.to_act)
            scores = " : ".join(format_value(score, locale) for score in self.match.scores)
            params.update(game=tool_text(f"game_{self.game}", locale), phase=phase_name(state.phase)[locale])
            params.update(to_act=to_act, scores=scores)
        return tool_text("table_text", locale, **params)


def _signed_texts(scores: list[int] | None, locale: str) -> list[str] | None:
    """A deal's points by side with their sign (``+2``, «−2»), or None before the deal is scored."""
    return None if scores is None else [number_text(score, locale, signed=True) for score in scores]


def cost_text(cost: float | None, locale: str, game: str, decimals: int | None = None) -> str:
    """A cost in the game's points, rounded as the judge's sentence rounds it ("4.2 points" / «4,2 балла»).

    ``decimals=None``: a whole cost (face up); ``?`` when the solver did not finish.
    """
    if cost is None:
        return "?"
    return Points(cost if decimals is not None else int(cost), game, decimals=decimals).text(locale)

