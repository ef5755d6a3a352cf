"""``HandReplay``: an instructor's replay of a recorded hand, every hand face up, with branches.

Load a record (a file, a dict, a ``DealRecord``/``MatchRecord``, a ``Table``'s
``record``, or a game state), step through it one action or one trick at a
time, jump to any trick, read the notes attached to actions, and **branch**:
from any position play a different legal action and go on by hand or let bots
finish; ``branch_record`` is the new line as a record and ``save(path)`` writes it.

This is an instructor's tool: it shows **every** hand, face up, in Python and
in the browser — unlike ``Table``, which never sends hidden cards. Show it to a
class, not to a player who is still to play that deal.

Positions come from the engine only: position *k* is the deal as set up with the
line's first *k* actions applied (``clone()`` + ``apply``), so legality, trick
winners and scores are the engine's.

Notes: ``notes[k]`` belongs to action *k*, counted from 1 as in error messages
(``docs/records.md``), and is shown at step *k*, right after that action;
``notes[0]`` describes the deal before any action. A seat's view shows before Reveal
only the notes the record marks ``"public": true`` — free text cannot be checked for
every way of naming a card — and the others wait for Reveal.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import traitlets

from cardwidgets.analysis import DoubleDummy
from cardwidgets.analysis.checks import MAX_SECONDS, check_number, check_seed, shown_number
from cardwidgets.analysis.parallel import machine_cores
from cardwidgets.bots import Bot, make_bot
from cardwidgets.cards import Card
from cardwidgets.core.errors import RecordError, Refusal, echo
from cardwidgets.core.links import default_base, make_link, read_link
from cardwidgets.core.numbering import action_number
from cardwidgets.core.records import (
    DealRecord,
    MatchRecord,
    Note,
    Record,
    apply_actions,
    check_data,
    check_replays,
    load_record,
    record_of,
    replay_deal,
    replay_match,
    save_record,
)
from cardwidgets.core.state import GameState
from cardwidgets.i18n import format_value, note_text
from cardwidgets.i18n.names import RANK_LETTERS, cards_named
from cardwidgets.i18n.tools import TOOLS, tool_text
from cardwidgets.i18n.ui import UI, action_phrase
from cardwidgets.widgets.analysis_view import analyse
from cardwidgets.widgets.base import MessageError
from cardwidgets.widgets.export import Board, board_facts, board_json, board_text
from cardwidgets.widgets.tool import ToolWidget

STATIC = Path(__file__).parent.parent / "static"
#: Seconds the Analysis switch may spend on one step (its values, then the best line); past them: "not finished".
ANALYSIS_SECONDS = 5.0
COMMANDS = ("start", "back", "forward", "back_trick", "forward_trick", "end", "finish", "original", "reveal")
RecordSource = str | Path | dict[str, Any] | DealRecord | MatchRecord | GameState | Any


def read_source(source: RecordSource, deal: int = 0) -> tuple[DealRecord, MatchRecord | None, int]:
    """The deal record to replay, its match record (None for a lone deal) and its index in the match."""
    if isinstance(source, GameState):
        source = record_of(source)
    elif isinstance(playing := getattr(source, "record", None), dict):  # a Table: the hand it is playing
        source = playing
    if isinstance(source, (DealRecord, MatchRecord)):
        check_replays(source)  # a record built in Python is checked whole too, as load_record checks a file
        record: Record = source
    else:
        record = load_record(source)
    deals = [record] if isinstance(record, DealRecord) else record.deals
    if not (type(deal) is int and 0 <= deal < len(deals)):
        raise RecordError("record.no_such_deal", last=len(deals) - 1, deal=shown_number(deal))
    if isinstance(record, DealRecord):
        return record, None, 0
    return record.deals[deal], record, deal


class RecordLine:
    """A deal record as a line of positions, one per action; no widget, so ``to_html`` can use it too.

    ``state(k)`` is the position after the line's first ``k`` actions. ``play`` and
    ``finish`` change the line from the current position on (a *branch*);
    ``original`` goes back to the record's own line.
    """

    def __init__(self, source: RecordSource, deal: int = 0) -> None:
        self.record, self.match_record, self.deal_index = read_source(source, deal)
        self.original: list[str] = list(self.record.actions)
        self.states: list[GameState] = [self._set_up()]
        self.notes: dict[int, Note] = {}
        #: The notes every seat may read before Reveal (``DealRecord.public_notes``).
        self.public: set[int] = set()
        self.line: list[str] = []
        self._extend(self.original)
        self.notes, self.public = dict(self.record.notes), set(self.record.public_notes)

    def _set_up(self) -> GameState:
        """The deal as dealt, before its first action (with the match's context: scores, a sitter …)."""
        empty = dataclasses.replace(self.record, actions=[])
        if self.match_record is None:
            return replay_deal(empty)
        before = self.match_record.deals[: self.deal_index]
        match = replay_match(dataclasses.replace(self.match_record, deals=[*before, empty]))
        assert match.current is not None
        return match.current

    def _extend(self, actions: list[str]) -> None:
        """Apply ``actions`` one by one after the last position; ``RecordError`` names a bad one."""
        for text in actions:
            state = self.states[-1].clone()
            apply_actions(state, [text], first_number=action_number(len(self.line)))
            self.states.append(state)
            self.line.append(state.history[-1])

    # ----- reading the line -------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """The number of actions in the line (positions are 0 … steps)."""
        return len(self.line)

    def state(self, step: int) -> GameState:
        """The position after ``step`` actions (do not change it: ``clone()`` it first)."""
        return self.states[step]

    def check_step(self, step: int, locale: str = "en") -> None:
        """A clear ``ValueError`` unless ``step`` is a position of the line (0 … steps)."""
        if not (type(step) is int and 0 <= step <= self.steps):
            given = format_value(shown_number(step), locale)
            raise Refusal(tool_text("err_step", locale, step=given, steps=self.steps))

    def actor(self, step: int) -> int | None:
        """The seat that took action ``step`` (counted from 1)."""
        return self.states[step - 1].to_act if step > 0 else None

    def trick_ends(self) -> list[int]:
        """The steps at which a trick was completed: trick ``n`` ends at ``trick_ends()[n - 1]``."""
        done = [sum(1 for t in s.tricks if t.collector is not None) for s in self.states]
        return [k for k in range(1, len(done)) if done[k] > done[k - 1]]

    @property
    def branched_at(self) -> int | None:
        """The first step at which the line leaves the record's own actions (None: it has not)."""
        for k, (mine, theirs) in enumerate(zip(self.line, self.original, strict=False)):
            if mine != theirs:
                return k
        return None if len(self.line) == len(self.original) else min(len(self.line), len(self.original))

    def board(self, step: int, locale: str = "en", *, interactive: bool = False, seat: int | None = None) -> Board:
        """What the board shows at ``step`` (every hand, or only what ``seat`` may see), with its note."""
        self.check_step(step, locale)
        game = tool_text(f"game_{self.record.game.name}", locale)
        heading = f"{game} — {tool_text('step', locale, step=step, steps=self.steps)}"
        return board_facts(
            self.state(step),
            locale,
            last_seat=self.actor(step),
            note=self.note(step, locale, seat),
            heading=heading,
            interactive=interactive,
            seat=seat,
        )

    def note(self, number: int, locale: str, seat: int | None = None, at: int | None = None) -> str:
        """Note ``number`` as ``seat`` may read it at step ``at`` (default: ``number``); ``None``: as written.

        A seat reads only the notes marked public, and of those none that names a card hidden from
        it at that step in a notation ``cards_named`` knows; any other note is withheld (a short
        sentence says so) until Reveal, which shows the replay with ``seat=None``.
        """
        text = note_text(self.notes.get(number), locale)
        if seat is None or not text:
            return text
        named_hidden = cards_named(text) & self.hidden_from(seat, number if at is None else at)
        if number not in self.public or named_hidden:
            return tool_text("note_withheld", locale, seat=seat)
        return text

    def hidden_from(self, seat: int, step: int) -> set[Card]:
        """The cards whose place ``seat`` does not know at ``step`` (``Knowledge.hidden``)."""
        return self.states[step].knowledge(seat).hidden()

    def snapshot(self) -> tuple[list[GameState], list[str], dict[int, Note], set[int]]:
        """The line as it is (its positions are never changed in place, so shallow copies keep it)."""
        return list(self.states), list(self.line), dict(self.notes), set(self.public)

    def put_back(self, snapshot: tuple[list[GameState], list[str], dict[int, Note], set[int]]) -> None:
        """The line as ``snapshot`` saw it (after a fault inside a message: ``CardWidget._guarded``)."""
        states, line, notes, public = snapshot
        self.states, self.line, self.notes, self.public = list(states), list(line), dict(notes), set(public)

    def public_action(self, step: int, seat: int | None) -> str:
        """Action ``step`` (from 1) as ``seat`` may know it (``None``: as it was)."""
        return self.states[step].public_history(seat)[-1]

    # ----- changing the line --------------------------------------------------------------------------
    def play(self, step: int, action: str) -> None:
        """From position ``step`` play ``action`` instead of the line's next one; ``IllegalActionError`` if illegal.

        Playing the line's own next action changes nothing. Otherwise the line is cut
        after ``step`` (and its later notes with it) and goes on with ``action``.
        """
        state = self.states[step].clone()
        state.apply(action)  # raises IllegalActionError; nothing has changed yet
        if step < self.steps and state.history[-1] == self.line[step]:
            return
        self._cut(step)
        self.states.append(state)
        self.line.append(state.history[-1])

    def finish(self, step: int, bot: str | Bot = "heuristic", seed: int | None = None) -> None:
        """From position ``step`` let ``bot`` (a name for ``make_bot``, or a bot) play every seat to the end.

        ``seed`` (None: a new one each time) is a whole number from 0 to ``analysis.checks.MAX_SEED``.
        """
        if seed is not None:
            check_seed(seed)
        player = make_bot(bot, seed) if isinstance(bot, str) else bot
        state = self.states[step].clone()
        actions = []
        while not state.is_done:
            action = player.choose(state)
            state.apply(action)
            actions.append(action.text)
        self._cut(step)
        self._extend(actions)

    def restore(self) -> None:
        """Back to the record's own line and notes."""
        self._cut(0)
        self._extend(self.original)
        self.notes, self.public = dict(self.record.notes), set(self.record.public_notes)

    def _cut(self, step: int) -> None:
        del self.states[step + 1 :]
        del self.line[step:]
        self.notes = {k: v for k, v in self.notes.items() if k <= step}
        self.public = {k for k in self.public if k <= step}

    # ----- the line as a record -------------------------------------------------------------------------
    def to_record(self) -> Record:
        """The line as a record: a deal record, or the match record up to this deal."""
        deal = dataclasses.replace(self.record, actions=list(self.line), notes=dict(self.notes),
                                   public_notes=set(self.public))
        if self.match_record is None:
            return deal
        return dataclasses.replace(self.match_record, deals=[*self.match_record.deals[: self.deal_index], deal])


class HandReplay(ToolWidget):
    """Step through a recorded hand with every hand face up, and branch from any position.

    ::

        replay = HandReplay("notebooks/records/<game>/<deal>.json")   # or a dict, a Table, table.record
        replay.end(); replay.previous_trick(); replay.go(3); replay.trick(2)
        replay.back()                # C is to play trick 2
        replay.play("play KH")       # a different card: a branch from here
        replay.finish(seed=1)        # bots play the rest of the deal
        replay.branch_record         # the branch as a record (dict)
        replay.save("branch.json")

    Instructor's tool: every hand is shown, in Python and in the browser (see the module docstring) —
    unless ``seat`` is given: then the replay shows only what that seat may see (other hands face
    down, the line only up to the position shown) until ``reveal()`` (the **Reveal** button), so a
    class can be asked "what would you play here?" first. Until then the browser receives no card
    hidden from that seat, in any trait.

    **Analysis** (``replay.analysis = True``, or the front-end's switch): at each step every legal
    action with its double-dummy value (``analysis_view``; ``docs/analysis.md``), the best line from
    here and "only card" / "any card". One solver table serves every step of the replay; a step may
    take ``analysis_seconds``, past them it says "not finished" with the exact values it has. It
    would show hidden cards, so a seat's view refuses it until Reveal.
    Refused input (an illegal action, a step out of range) raises ``ValueError`` from Python and
    sets ``error`` from the front-end; either way nothing changes.
    """

    _esm = STATIC / "replay.js"
    _css = STATIC / "replay.css"

    game = traitlets.Unicode().tag(sync=True)
    #: The position shown: the number of actions applied (0 … steps).
    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    #: The board at this step as data (``export.board_json``: the board model, words localized), drawn by
    #: ``js/board.js`` like the card table's; a seat's view holds only what that seat may see.
    board = traitlets.Dict().tag(sync=True)
    #: Every action of the line: ``{"step", "seat", "action", "note"}``.
    line: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    #: The steps at which tricks 1, 2, … were completed.
    trick_ends = traitlets.List(traitlets.Int()).tag(sync=True)
    #: The first step where the line leaves the record (None: it has not).
    branched_at = traitlets.Int(None, allow_none=True).tag(sync=True)
    #: The line as a record dict, for the front-end's download button (``{}`` while a seat's view hides hands).
    record = traitlets.Dict().tag(sync=True)
    #: A link to the line on show at this step (``link()``), for the **Share** button; ``""`` while a seat's
    #: view hides hands (a link holds every hand).
    share_link = traitlets.Unicode("").tag(sync=True)
    ui = traitlets.Dict().tag(sync=True)
    #: Whose view is shown (None: the instructor's, every hand); set from Python only.
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    #: True once **Reveal** was pressed: a seat's view then shows everything.
    revealed = traitlets.Bool(False).tag(sync=True)
    #: The **Analysis** switch (set from Python, or by the front-end's ``{"command": "analysis", "on": …}``).
    analysis = traitlets.Bool(False).tag(sync=True)
    #: What the analysis shows at this step (``analysis_view.analyse``); ``{}`` while it is off.
    analysis_view = traitlets.Dict().tag(sync=True)
    #: ``[done, total]`` while a step is being solved (the progress bar), else ``[]``.
    analysis_progress = traitlets.List(traitlets.Int()).tag(sync=True)

    def __init__(
        self,
        source: RecordSource,
        step: int = 0,
        *,
        deal: int = 0,
        locale: str | None = None,
        seat: int | None = None,
        analysis: bool = False,
        analysis_seconds: float = ANALYSIS_SECONDS,
    ) -> None:
        super().__init__(locale=locale)
        check_number("analysis_seconds", analysis_seconds, low=0, high=MAX_SECONDS, seconds=True)
        self._line = RecordLine(source, deal)
        self.seat = seat
        self.game = self._line.record.game.name
        self._check_step(step)
        self.step = step
        #: Seconds one step's analysis may take (its values and then the best line).
        self.analysis_seconds = analysis_seconds
        # one table for every step of this replay; the root's actions shared by the machine's cores (parallel.py)
        self._solver = DoubleDummy(workers=machine_cores())
        self._analysed: tuple[tuple[str, ...], str, dict[str, Any]] | None = None
        self.set_analysis(analysis)
        self._ready_to_sync()

    # ----- where we are ----------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The position shown (the engine's state; do not change it — ``clone()`` it)."""
        return self._line.state(self.step)

    @property
    def note(self) -> str:
        """The note attached to the action just taken (or, at step 0, to the deal)."""
        return self._line.note(self.step, self.locale, self.viewer)

    @property
    def notes(self) -> dict[int, Note]:
        """The line's notes by action number (from 1; 0 is the deal): a text, or one per locale."""
        return dict(self._line.notes)

    @property
    def branch_record(self) -> dict[str, Any]:
        """The line on show as a record dict: the loaded record until you branch, then the branch."""
        return self._line.to_record().to_json()

    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown now: ``seat`` until Reveal, then None (every hand)."""
        return None if self.revealed else self.seat

    def board_facts(self, *, interactive: bool = False) -> Board:
        """What the board shows now (``export.Board``); ``interactive`` adds the legal actions as controls."""
        return self._line.board(self.step, self.locale, interactive=interactive, seat=self.viewer)

    def reveal(self) -> None:
        """Show every hand and the whole line (the **Reveal** button of a seat's view)."""
        self.revealed = True
        self._sync()

    def hide(self) -> None:
        """Back to the seat's view (from Python: the browser can only reveal); the analysis goes off."""
        with self.hold_trait_notifications():
            self.analysis = False
            self.revealed = False
        self._sync()

    def set_analysis(self, on: bool) -> None:
        """Turn the **Analysis** switch on or off; in a seat's view before Reveal it is refused (``ValueError``)."""
        if type(on) is not bool:
            raise TypeError(on)
        if on and self.viewer is not None:
            raise Refusal(tool_text("err_dd_seat_view", self.locale))
        self.analysis = on

    def text(self) -> str:
        """The position as plain text (deterministic, for notebooks and tests)."""
        lines = [f"{tool_text('replay_text', self.locale)} — {board_text(self.board_facts())}"]
        if self.branched_at is not None:
            lines.append(tool_text("branch", self.locale, step=self.branched_at))
        if self.analysis_view:
            lines.extend(analysis_lines(self.analysis_view, self.locale))
        return "\n".join(lines)

    # ----- moving --------------------------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show the position after ``step`` actions (0: the deal as set up)."""
        self._check_step(step)
        self.step = step
        self._sync()

    def forward(self) -> None:
        """One action forward (stays at the end)."""
        self.go(min(self.step + 1, self._line.steps))

    def back(self) -> None:
        """One action back (stays at the start)."""
        self.go(max(self.step - 1, 0))

    def next_trick(self) -> None:
        """To the end of the next trick (or the end of the line)."""
        later = [k for k in self._line.trick_ends() if k > self.step]
        self.go(later[0] if later else self._line.steps)

    def previous_trick(self) -> None:
        """To the end of the previous trick (or the start)."""
        earlier = [k for k in self._line.trick_ends() if k < self.step]
        self.go(earlier[-1] if earlier else 0)

    def trick(self, number: int) -> None:
        """To the position where trick ``number`` (from 1) has just been taken."""
        ends = self._line.trick_ends()
        if not (type(number) is int and 1 <= number <= len(ends)):
            given = format_value(shown_number(number), self.locale)
            raise Refusal(tool_text("err_trick", self.locale, n=given, count=len(ends)))
        self.go(ends[number - 1])

    def start(self) -> None:
        """To the deal as set up."""
        self.go(0)

    def end(self) -> None:
        """To the last position of the line."""
        self.go(self._line.steps)

    # ----- branching --------------------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """Play ``action`` at this position: the line's own next action steps forward, another one branches."""
        self._line.play(self.step, action)
        self.go(self.step + 1)

    def finish(self, bot: str | Bot = "heuristic", seed: int | None = None) -> None:
        """Let bots (rules of thumb by default) play every seat from here to the end of the deal; stay here."""
        self._line.finish(self.step, bot, seed)
        self._sync()

    def original(self) -> None:
        """Drop any branch: back to the record's own line (and to its end, if this step is past it)."""
        self._line.restore()
        self.go(min(self.step, self._line.steps))

    def add_note(self, text: str, step: int | None = None, *, public: bool = False) -> None:
        """Attach a note to action ``step`` (default: the one just taken); it is saved with the line.

        ``public=True`` lets a seat's view show it before Reveal: say so only of a note that tells
        nothing a seat cannot see (``docs/records.md``, *notes*).
        """
        step = self.step if step is None else step
        self._check_step(step)
        if type(public) is not bool:
            raise Refusal(tool_text("err_public", self.locale, value=echo(public)))
        check_data(str(text))  # a lone surrogate could be neither sent to the browser nor saved
        self._line.notes[step] = str(text)
        self._line.public.discard(step)
        if public:
            self._line.public.add(step)
        self._sync()

    def save(self, path: str | Path) -> None:
        """Write the line on show (``branch_record``) as a JSON record."""
        save_record(self._line.to_record(), path)

    # ----- deal links (core/links.py) -----------------------------------------------------------------------------
    def link(self, step: int | None = None, seat: int | None = None, base: str | None = None) -> str:
        """A URL that carries the line on show (``branch_record``) and opens it at ``step`` (default: this one).

        ``seat`` (default: this replay's) opens it as that seat's view, Reveal available. ``base`` is
        the page the link opens: by default the JupyterLite site's ``open.ipynb`` (``core.links.default_base``:
        relative to the site's root, or ``CARDWIDGETS_LINK_BASE``); the Voila app's ``…/open.ipynb`` works too. The
        link holds the whole deal, every hidden hand: anyone with it can read them, so it is for showing
        a hand, not for a fair game.
        """
        step = self.step if step is None else step
        seat = self.seat if seat is None else seat
        self._check_step(step)
        self._check_seat(seat)
        base = default_base(self.locale) if base is None else base
        return make_link(self._line.to_record().to_json(), base, step, seat)

    @classmethod
    def from_link(cls, url: str, *, locale: str | None = None, analysis: bool = False) -> HandReplay:
        """The replay a deal link (``link()``) carries, at its step and, if it names one, as its seat's view.

        ``url`` is the whole link, or only what follows its ``#`` (or ``?``). A bad link — cut
        short, changed, of another version, too long, a deal that does not replay, a step or seat
        the deal has not — is one ``RecordError`` (a ``ValueError``) in the learner's language;
        nothing but the record parser runs on what a link holds.
        """
        opened = read_link(url)
        deals = 1 if isinstance(opened.record, DealRecord) else len(opened.record.deals)
        replay = cls(opened.record, 0, deal=deals - 1, locale=locale, analysis=analysis)
        replay._check_seat(opened.seat)
        with replay.hold_trait_notifications():
            replay.seat = opened.seat
        replay.go(0 if opened.step is None else opened.step)
        return replay

    def _check_seat(self, seat: int | None) -> None:
        """A clear ``ValueError`` unless ``seat`` is None or a seat of this deal."""
        players = len(self._line.state(0).hands)
        if seat is not None and not (type(seat) is int and 0 <= seat < players):
            raise Refusal(tool_text("err_seat", self.locale, seat=echo(seat), last=players - 1))

    # ----- the front-end -----------------------------------------------------------------------------------------
    def _apply_message(self, content: Any) -> None:
        """A command (``{"command": "forward"}``, ``go`` + ``step``, ``trick`` + ``trick``) or ``{"action": …}``."""
        if not isinstance(content, dict):
            raise MessageError(content)
        keys = set(content)
        if keys == {"action"} and isinstance(content["action"], str):
            self._play_from_browser(content["action"])
        elif keys == {"command"} and content["command"] in COMMANDS:
            name = {"back_trick": "previous_trick", "forward_trick": "next_trick"}.get(content["command"])
            getattr(self, name or content["command"])()
        elif keys == {"command", "on"} and content["command"] == "analysis" and type(content["on"]) is bool:
            self.set_analysis(content["on"])
        elif keys == {"command", "step"} and content["command"] == "go" and type(content["step"]) is int:
            self.go(content["step"])
        elif keys == {"command", "trick"} and content["command"] == "trick" and type(content["trick"]) is int:
            self.trick(content["trick"])
        else:
            raise MessageError(content)

    def _play_from_browser(self, action: str) -> None:
        """An action the browser sent: in a seat's view before Reveal, only that seat's own, on its turn.

        The other seats move as recorded (``forward``) or by the bots (``finish``): the browser
        cannot play their hidden cards, so a refusal cannot tell which cards they hold. A refusal
        of the seat's own action that would name a hidden card is reworded by ``_refuse``.
        """
        viewer = self.viewer
        if viewer is not None and (self.state.is_done or self.state.to_act != viewer):
            raise Refusal(tool_text("err_not_your_turn", self.locale, seat=viewer))
        self.play(action)

    def _names_hidden(self, text: str) -> bool:
        """Whether ``text`` names a card hidden from the seat whose view is shown."""
        return self.viewer is not None and bool(cards_named(text) & self._line.hidden_from(self.viewer, self.step))

    def _shown_error(self, error: dict[str, str]) -> dict[str, str]:
        """A seat's view never quotes a card hidden from it: such a refusal is reworded before it is set."""
        if self._names_hidden(error.get("text", "") + error.get("action", "")):
            return {"text": tool_text("err_view_hidden", self.locale, seat=self.viewer), "rule": ""}
        return error

    # ----- all or nothing (``CardWidget._guarded``) ------------------------------------------------------------
    def _snapshot(self) -> Any:
        return self._line.snapshot(), self._analysed

    def _restore(self, snapshot: Any) -> None:
        line, self._analysed = snapshot
        self._line.put_back(line)

    def _check_step(self, step: int) -> None:
        self._line.check_step(step, self.locale)

    @traitlets.validate("step")
    def _validate_step(self, proposal: dict[str, Any]) -> int:
        """``step`` is always a position of the line, however it is set."""
        try:
            self._check_step(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None
        return proposal["value"]

    @traitlets.validate("seat")
    def _validate_seat(self, proposal: dict[str, Any]) -> int | None:
        seat, players = proposal["value"], len(self._line.state(0).hands)
        if seat is not None and not 0 <= seat < players:
            raise traitlets.TraitError(tool_text("err_seat", self.locale, seat=seat, last=players - 1))
        return seat

    @traitlets.validate("analysis")
    def _validate_analysis(self, proposal: dict[str, Any]) -> bool:
        """Double-dummy values would give away hidden hands: no analysis in a seat's view before Reveal."""
        if proposal["value"] and self.viewer is not None:
            raise traitlets.TraitError(tool_text("err_dd_seat_view", self.locale))
        return proposal["value"]

    @traitlets.observe("seat", "analysis")
    def _seat_changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "seat" and self.viewer is not None:
            self.analysis = False  # a seat's view hides hands: the analysis goes off
        if self._ready:
            self._sync()

    def _analyse(self) -> dict[str, Any]:
        """The analysis of this step (kept until the line, the step or the locale changes)."""
        key = (tuple(self._line.line[: self.step + 1]), self.locale)
        if self._analysed is not None and self._analysed[:2] == key:
            return self._analysed[2]

        def progress(done: int, total: int) -> None:
            self.analysis_progress = [done, total]

        played = self._line.line[self.step] if self.step < len(self._line.line) else None  # the judge's verdict on it
        view = analyse(self.state, self._solver, self.locale, self.analysis_seconds, progress, played=played)
        self.analysis_progress = []
        self._analysed = (*key, view)
        return view

    def _sync(self) -> None:
        """Push the position, the line and the texts to the front-end (a seat's view: only what it may see)."""
        line, viewer = self._line, self.viewer
        shown_steps = line.steps if viewer is None else self.step  # a seat's view: no later action
        # Solved before the batch below, so that its progress reaches the front-end while it runs.
        analysis = self._analyse() if self.analysis and viewer is None else {}
        with self.hold_sync():
            self.steps = line.steps
            self.board = board_json(self.board_facts(interactive=True))
            self.line = [
                {
                    "step": k,
                    "seat": line.actor(k),
                    "action": line.public_action(k, viewer),
                    "text": action_phrase(line.public_action(k, viewer), self.locale, self.game),
                    "note": line.note(k, self.locale, viewer, at=self.step),
                }
                for k in range(1, shown_steps + 1)
            ]
            self.trick_ends = line.trick_ends()
            self.branched_at = line.branched_at
            self.record = self.branch_record if viewer is None else {}
            self.share_link = self.link() if viewer is None else ""
            self.analysis_view = analysis
            self.error = {}
            deal_note = line.note(0, self.locale, viewer, at=self.step)
            self.ui = {**UI[self.locale], **TOOLS[self.locale], "deal_note": deal_note,
                       "rank_letters": dict(RANK_LETTERS[self.locale])}  # faces as the locale prints them: Т, К, Д, В


def analysis_lines(view: dict[str, Any], locale: str) -> list[str]:
    """The analysis as plain text lines (``HandReplay.text()``): values, verdict, best line, notes."""
    lines = [tool_text("dd_title", locale) + (f" — {view['side']}" if view.get("side") else "")]
    if view["actions"]:
        lines.append("  ".join(f"{a['label']}: {a['badge']}" for a in view["actions"]))  # with units, as on the cards
    if view["summary"]:
        lines.append(view["summary"])
    if view["line"]:
        lines.append(f"{tool_text('dd_line', locale)}: " + ", ".join(step["label"] for step in view["line"]))
    if view["message"]:
        lines.append(view["message"])
    return lines
