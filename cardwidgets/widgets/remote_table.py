"""``RemoteTable``: the ``Table`` of one seat at a room kept by the room service (``docs/classroom.md``).

The same traits and front-end as every table, filled from the service's seat frames only
(``Table._push``): this kernel holds its seat's credential and latest frame (``table.room``, a
``RemoteRoom``; ``table.room.state`` is a ``SeatView``), never another seat's cards while a deal is
played. The seat is bound through the page (the seat handshake): the table sends its page
``seat_claim``; the page confirms it with the service in its user's name and answers
``seat_claim_confirmed`` or ``seat_claim_refused``; until then the table says ``room.waiting_page``.
The page's ``page_alive`` goes on to the service with the kernel's heartbeat.

A follower thread (``service/remote.py``) brings the frames; each is shown on the kernel's event
loop. Without a running loop (a script, a test), ``refresh()`` asks for the frame by hand. Once a
deal is over its record (all hands public then) is replayed here, so the Review, ``post_mortem``
and ``HandReplay`` run as at a single table.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from cardwidgets.core.errors import IllegalActionError, RecordError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.match import Match
from cardwidgets.core.records import load_record, replay_match
from cardwidgets.core.registry import get_game
from cardwidgets.core.state import GameState
from cardwidgets.i18n import format_value, phase_name
from cardwidgets.i18n.tools import tool_text
from cardwidgets.i18n.ui import action_label, ui_texts
from cardwidgets.service.client import JSON, SERVICE_ENV, RoomConnection, ServiceClient, find_service
from cardwidgets.service.frame import words_from_json
from cardwidgets.service.remote import Follower, RemoteRoom
from cardwidgets.service.wire import API_PATH, explanation_from
from cardwidgets.store.base import RoomError, check_room_name
from cardwidgets.widgets.base import CardWidget, SettingError
from cardwidgets.widgets.review_runner import ReviewRunner
from cardwidgets.widgets.table import Table

#: A claim the page has not confirmed is asked again after this many seconds (the service keeps one 60 s).
CLAIM_SECONDS = 50.0


class RemoteTable(Table):
    """One seat of a room kept by the room service; the other seats are other learners, or bots.

    ``connection``: how to reach the service (default: this kernel's, ``find_service()``; in JupyterHub
    its Hub token names the learner and the seat is bound at once). With ``game`` the room is made
    if it does not exist (the first opener's settings stand; the seed and the learner seats are the
    instructor's); without it the room must exist.
    """

    #: What a fault inside a message puts back: the table's own coach, Review and hint (never the frame: the
    #: table shows the service's latest one, whatever failed here).
    _transactional: ClassVar[tuple[str, ...]] = ("_verdict", "_review", "_hint_cache", "_hint_running")
    #: The follower of the room (None until the seat is held and an event loop runs).
    _follower: Follower | None = None
    _players = 0

    def __init__(
        self,
        game: str | None = None,
        seat: int = 0,
        *,
        room: str,
        connection: RoomConnection | None = None,
        bots: str | list[str] = "heuristic",
        seed: int | None = None,
        rules: dict[str, Any] | None = None,
        locale: str | None = None,
        pace: float = 0.6,
        reveal: bool = False,
        coach: bool = False,
        caveat: bool = False,
        follow: bool = True,
        learner_seats: tuple[int, ...] | list[int] | None = None,
        store: object = None,
        direct: bool = False,
    ) -> None:
        if reveal:
            raise SettingError("reveal=True shows every hand: a seat at a room service shows its own view only")
        if coach:
            raise SettingError("coach=True judges each move on the whole deal, which a seat at a room service does "
                               "not hold: the Review judges the deal once it is over")
        if store is not None:
            raise SettingError("store: a room service keeps the store; open the room with direct=True to name one")
        name = check_room_name(room)
        api = API_PATH
        if connection is None:
            address = find_service()
            if address is None:
                raise RoomError("room.no_service", jupyter="Jupyter", package="cardwidgets", direct="direct=True")
            connection = ServiceClient.from_address(address)
            api = address.api
        if game is not None:
            learners = None if learner_seats is None else list(learner_seats)
            settings = connection.create_room(name, game, rules=rules, bots=bots, seed=seed, learners=learners)
        else:
            settings = connection.room_info(name)
        game_name = settings.get("game")
        if not isinstance(game_name, str):
            raise RoomError("room.bad_reply", what="game")
        self._players = get_game(game_name).num_players
        self.room = RemoteRoom(name, seat, connection)
        self._api = api
        self._follow_wanted = follow
        self._loop: asyncio.AbstractEventLoop | None = None
        self._page_spoke = False
        self._asked_at = 0.0
        self._follower_said: dict[str, Any] = {}
        #: The finished deal replayed from its record (all hands public then), with its match of one deal.
        self._finished: Match | None = None
        self._deal_shown: int | None = None
        self._verdict = None
        self._review = None
        self._reviews = ReviewRunner()
        self._review_open = None
        self._hint_cache = None
        self._hint_running = False
        self.seed = None
        CardWidget.__init__(self, game=game_name, seat=seat, locale=locale, pace=pace)
        self.bot_levels = [""] * self._players
        # JupyterHub: the service named by the Hub (not one in this user's own server) knows the Hub token's user
        hub = isinstance(connection, ServiceClient) and bool(os.environ.get(SERVICE_ENV)) and bool(
            os.environ.get("JUPYTERHUB_API_TOKEN"))
        if hub:
            self.room.join_hub()
        else:
            self._ask_page()
        self._ready = True
        self._sync()
        if self.room.held:
            self.follow()

    # ----- the seat handshake ---------------------------------------------------------------------
    def _ask_page(self) -> None:
        """Make a claim for the seat and ask the page to confirm it (again, if the page was not there yet)."""
        if self.room.claim is None or time.monotonic() - self._asked_at > CLAIM_SECONDS:
            self.room.ask()
            self._asked_at = time.monotonic()
        self.send({"kind": "seat_claim", "claim": self.room.claim, "api": self._api, "take_over": False})

    def _apply_message(self, content: Any) -> None:
        """The page's half of the handshake (``seat_claim_confirmed``, ``seat_claim_refused``, ``page_alive``).

        Anything else is the Table's.
        """
        kind = content.get("kind") if isinstance(content, dict) else None
        claim = content.get("claim") if isinstance(content, dict) else None
        if kind == "seat_claim_confirmed" and set(content) == {"kind", "claim"} and isinstance(claim, str):
            self.confirmed(claim)
        elif kind == "seat_claim_refused" and set(content) == {"kind", "claim", "error"} and isinstance(claim, str):
            self._claim_refused(claim, content["error"])
        elif content == {"kind": "page_alive"}:
            self._page_alive()
        else:
            super()._apply_message(content)

    def confirmed(self, claim: str) -> bool:
        """The page confirmed ``claim``: redeem it for the seat's credential and show the seat's frame."""
        if self.room.held:
            return True
        try:
            self.room.redeem(claim)
        except RoomError as exc:
            if exc.key == "room.claim_expired":
                self._ask_page()
            self._refuse(exc.explanation, "seat")
            return False
        self.error = {}
        self._show()
        self.follow()
        return True

    def _claim_refused(self, claim: str, error: Any) -> None:
        """The page's confirm was refused: say why, in the learner's language (the seat stays unheld)."""
        if claim != self.room.claim:
            return
        reason = explanation_from(error) or Explanation("ROOM", "room.bad_reply", {"what": "error"})
        self._refuse(reason, "seat")

    def _page_alive(self) -> None:
        """The page is open: the heartbeat says so; a table still waiting for its seat asks the page now."""
        self._page_spoke = True
        if not self.room.held:
            self._ask_page()

    def _pages(self) -> bool:
        spoke, self._page_spoke = self._page_spoke, False
        return spoke

    # ----- the learner's calls go to the service --------------------------------------------------
    def _waiting(self, action: str) -> bool:
        """Refuse ``action`` while the page has not confirmed the seat; whether it was refused."""
        if self.room.held:
            return False
        self._refuse(Explanation("ROOM", "room.waiting_page", {"room": self.room.name, "seat": self.seat}), action)
        return True

    def act(self, action: str) -> bool:
        """Play ``action`` through the service; refused: the refusal and the service's latest frame are shown."""
        if self._waiting(action):
            return False
        try:
            self.room.act(action)
        except (RoomError, IllegalActionError) as exc:
            self._show()
            self._refuse(exc.explanation, action)
            return False
        self.error = {}
        self.hint = {}
        self._show()
        return True

    def next_deal(self) -> bool:
        """Start the room's next deal (after this one)."""
        if self._waiting("next_deal"):
            return False
        try:
            self.room.next_deal()
        except RoomError as exc:
            self._show()
            self._refuse(exc.explanation, "next_deal")
            return False
        self.error = {}
        self._show()
        return True

    def ask_hint(self) -> bool:
        """The service's Hint for this seat, worked out from the seat's knowledge only."""
        if self._waiting("hint"):
            return False
        try:
            decision = self.room.hint()
        except (RoomError, IllegalActionError) as exc:
            self._refuse(exc.explanation, "hint")
            return False
        why = words_from_json(decision.get("why"))
        action = decision["action"]
        reason = why.text(self.locale) if why is not None else ""
        self.hint = {"action": action, "reason": reason, "label": action_label(action, self.locale, self.game)}
        self.error = {}
        return True

    def set_bot(self, seat: int, level: str) -> bool:
        """A shared room's bots were chosen when it was created: refused."""
        self._refuse(Explanation("ROOM", "room.bots_fixed", {"room": self.room.name}), f"bot {seat}")
        return False

    def review(self, samples: int | None = None, total_seconds: float = 30.0) -> list[dict[str, Any]] | None:
        """The Review of the deal just ended (its record is public): as at a single table."""
        if self._finished is None:
            self._refuse(Explanation("", "analysis.review_not_over"), "review")
            return None
        return super().review(samples, total_seconds)

    def start_review(self) -> bool:
        """The Review button, once the deal is over."""
        if self._finished is None:
            self._refuse(Explanation("", "analysis.review_not_over"), "review")
            return False
        return super().start_review()

    def refresh(self) -> bool:
        """Ask the service for this seat's frame now; whether the table changed."""
        if not self.room.held:
            return False
        changed = self.room.refresh()
        if changed:
            self._show()
        return changed

    def leave(self) -> None:
        """Stop following and give the seat back (a bot plays it; the seat stays this learner's)."""
        self.stop()
        self.room.leave()

    # ----- what the table holds -------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The finished deal's match (replayed from its record); while a deal is played there is none here."""
        if self._finished is None:
            raise RoomError("room.seat_view_only", room=self.room.name, seat=self.seat, where="table.room.state")
        return self._finished

    @match.setter
    def match(self, match: Match) -> None:
        self._finished = match

    @property
    def state(self) -> GameState:
        """The finished deal (all hands public); while a deal is played, see ``table.room.state`` (a ``SeatView``)."""
        return self.match.deals[-1]

    @state.setter
    def state(self, state: GameState) -> None:
        raise RoomError("room.seat_view_only", room=self.room.name, seat=self.seat, where="table.room.state")

    @property
    def record(self) -> dict[str, Any]:
        """The finished deal's record (``{}`` while a deal is played: its hidden hands are not here)."""
        found = self.room.frame.get("record")
        return dict(found) if isinstance(found, dict) else {}

    def text(self) -> str:
        """A deterministic one-line text form, from the seat's view (as ``Table.text``)."""
        locale = self.locale
        if not self.room.frame:
            return Explanation("ROOM", "room.waiting_page", {"room": self.room.name, "seat": self.seat}).text(locale)
        view = self.room.state
        scores: list[int] = list(self.room.frame["match"]["scores"])
        tricks = sum(1 for trick in view.tricks if trick.collector is not None)
        params: dict[str, Any] = {"seat": self.seat, "tricks": tricks}
        if locale == "en":
            params.update(game=self.game, phase=view.phase, to_act=view.to_act, scores=scores)
        else:
            to_act = "—" if view.to_act is None else tool_text("table_seat", locale, seat=view.to_act)
            params.update(game=tool_text(f"game_{self.game}", locale), phase=phase_name(view.phase)[locale],
                          to_act=to_act, scores=" : ".join(format_value(score, locale) for score in scores))
        return tool_text("table_text", locale, **params)

    # ----- showing frames -------------------------------------------------------------------------
    def _show(self) -> None:
        """Show the room's latest frame (a new deal drops the last one's coach, Review and hint)."""
        frame = self.room.frame
        deal = frame.get("deal")
        if deal != self._deal_shown:
            self._deal_shown = deal
            self._verdict = self._review = self._review_open = None
            self._reviews.drop()
            self.hint = {}
        record = frame.get("record")
        if isinstance(record, dict) and self._finished is None:
            try:
                self._finished = replay_match(load_record(record), end_last=False)
            except RecordError:  # a record that does not replay: the table shows the frame, without the Review
                self._finished = None
        elif not isinstance(record, dict):
            self._finished = None
        self._sync()

    def _sync(self) -> None:
        """Push the service's frame (or the waiting picture), with the room's own notices first."""
        frame = self.room.frame
        with self.hold_sync():
            if frame:
                self._push(frame)
            else:
                self._push_waiting()
            said = [{"rule": "", "text": reason.text(self.locale)} for reason in self._room_notices(frame)]
            if said:
                self.view = {**self.view, "notices": [*said, *self.view.get("notices", [])]}

    def _push_waiting(self) -> None:
        """Before the page confirmed the seat: no cards, the table says what it waits for."""
        game = get_game(self.game)
        self.ui = ui_texts(self.locale, game.deck, self.game)
        self.view = {"game": self.game, "seat": self.seat, "phase": "", "to_act": None, "hands": [None] * self._players,
                     "hand_sizes": [0] * self._players, "tricks": [], "history": [], "legal": [], "my_hand": [],
                     "trumps": [], "notices": []}
        self.legal, self.labels, self.events, self.scoreboard, self.board = [], {}, [], {}, {}

    def _room_notices(self, frame: JSON) -> list[Explanation]:
        """What the room says beyond the deal: waiting for the page or the learners, seats away, a pause."""
        name = self.room.name
        if not frame:
            return [Explanation("ROOM", "room.waiting_page", {"room": name, "seat": self.seat})]
        said: list[Explanation] = []
        seats = [s for s in frame.get("seats", []) if isinstance(s, dict)]
        if frame.get("state") == "waiting":
            free = [str(s.get("seat")) for s in seats if s.get("status") == "free"]  # learner seats nobody holds
            said.append(Explanation("ROOM", "room.waiting_start", {"room": name, "seats": ", ".join(free) or "—"}))
        away = [str(s.get("seat")) for s in seats if s.get("status") == "away"]
        if away:
            said.append(Explanation("ROOM", "room.away", {"seats": ", ".join(away)}))
        paused = words_from_json(frame.get("paused"))
        if paused is not None:
            said.append(paused)
        return said

    # ----- following ------------------------------------------------------------------------------
    def follow(self) -> bool:
        """Follow the room on the running event loop (the kernel's); False where none runs (call ``refresh()``)."""
        if not self._follow_wanted or not self.room.held:
            return False
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self._follower is None or not self._follower.running:
            self._follower = self.room.follower(self._frame_came, self._trouble_came, self._pages)
            self._follower.start()
        return True

    def stop(self) -> None:
        """Stop following the room (the seat stays held until the service hears nothing for a while)."""
        if self._follower is not None:
            self._follower.stop()
            self._follower = None

    def close(self) -> None:
        """Close the widget and stop following."""
        self.stop()
        super().close()

    def _frame_came(self, frame: JSON) -> None:
        """From the follower's thread: show ``frame`` on the kernel's event loop."""
        self._on_loop(self._take_frame, frame)

    def _take_frame(self, frame: JSON) -> None:
        try:
            changed = self.room.take(frame)
        except RoomError as exc:
            self._trouble(exc)
            return
        if changed:
            self._show()

    def _trouble_came(self, error: RoomError | None) -> None:
        self._on_loop(self._trouble, error)

    def _on_loop(self, call: Callable[[Any], None], value: Any) -> None:
        """Run ``call(value)`` on the kernel's event loop (where the table's traits are set and sent)."""
        loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(call, value)
        except RuntimeError:  # the loop has closed: the kernel is going away
            self.stop()

    def _trouble(self, error: RoomError | None) -> None:
        """The follower's news: an error in words, or (None) that the room is followed again."""
        if error is None:
            if self._follower_said and self.error == self._follower_said:
                self.error = {}
            self._follower_said = {}
            return
        said = {"text": error.explanation.text(self.locale), "rule": "ROOM"}
        self._follower_said = said
        self.error = said

    # ----- the seat's trait check -----------------------------------------------------------------
    @traitlets.validate("seat")
    def _check_seat(self, proposal: dict[str, Any]) -> int:
        players, seat = self._players, proposal["value"]
        if not 0 <= seat < players:
            raise SettingError(f"seat must be 0 to {players - 1} for {self.game}, not {seat}")
        return int(seat)
