"""The State protocol that every game implements.

A game's state class subclasses ``GameState``, declares its fields once as
class annotations (``core/fields.py``: ``clone`` copies them all, each as its
type asks), lists its phases' rules once in ``phase_rules`` (phase -> the method
listing the legal actions, the method applying one) and supplies a few small
hooks (``_why_illegal``, ``_view_extra``, ``knowledge``, ``placed``);
this base class gives every game the same public surface:

- ``phase``, ``to_act``, ``history``, ``tricks``, ``is_done``;
- ``legal_actions()`` (a tuple of canonical ``Action`` objects) and ``legal_strings()``;
- ``apply(action_or_string)``: validates, then changes the state, or raises
  ``IllegalActionError`` with a precise reason and changes nothing;
- ``current_trump()``, ``table_card()``, ``score_explanation()``: None unless a game gives one;
- ``view(seat)``: JSON-ready, only what that seat may see (``None``: everything);
- ``clone()``: an independent copy of every declared field, without ``deepcopy``;
- ``summary()``: the replay summary of ``docs/records.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardwidgets.cards import Card, Rank, Suit
from cardwidgets.core.actions import Action, ActionSyntax, parse_action
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.explain import Explanation
from cardwidgets.core.fields import CopyPlan, copy_plan
from cardwidgets.core.knowledge import Knowledge, Placement, sample
from cardwidgets.core.tricks import Trick
from cardwidgets.i18n import ActionList, ActionText, phase_name

if TYPE_CHECKING:
    import random

    from typing_extensions import Self

DONE = "done"


def _nothing_legal(state: GameState) -> tuple[Action, ...]:
    """The legal actions once the deal is done: none."""
    return ()


class GameState:
    """Base class of one deal's state; see the module docstring."""

    #: The game's name (``Game.name``, its key in the registry).
    game_name: ClassVar[str]
    #: Action forms of this game, for ``parse_action``.
    syntax: ClassVar[ActionSyntax]
    num_players: ClassVar[int]
    #: The game's deck in canonical order.
    deck: ClassVar[tuple[Card, ...]]

    phase: str
    to_act: int | None
    dealer: int
    rules: dict[str, Any]
    history: list[str]
    tricks: list[Trick]
    hands: list[list[Card]]
    #: The deal as set up (shared between clones; never changed).
    deal: dict[str, Any]
    #: The legal actions, computed once per position; a tuple, so neither a caller nor a clone
    #: (which shares it) can change it.
    _legal_cache: tuple[Action, ...] | None
    #: How ``clone`` copies each declared field (worked out once per class).
    _copy_plan: ClassVar[CopyPlan]
    #: Each phase's rules: phase -> (method listing the legal actions, method applying one).
    phase_rules: ClassVar[dict[str, tuple[Callable[[Any], Sequence[Action]], Callable[[Any, Action], None]]]]
    #: ``phase_rules`` split in two, for the hot path.
    _legal_in: ClassVar[dict[str, Callable[[Any], Sequence[Action]]]]
    _apply_in: ClassVar[dict[str, Callable[[Any, Action], None]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._copy_plan = copy_plan(cls)
        cls._legal_in = {phase: legal for phase, (legal, _) in cls.phase_rules.items()}
        cls._legal_in[DONE] = _nothing_legal
        cls._apply_in = {phase: apply for phase, (_, apply) in cls.phase_rules.items()}

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The names of the declared state fields (what ``clone`` copies)."""
        return cls._copy_plan.fields

    # ----- public surface -------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat to act (``to_act``), typed for the phases where one is; a ``RuntimeError`` once none is."""
        seat = self.to_act
        if seat is None:
            raise RuntimeError(f"no seat is to act in phase {self.phase!r}")
        return seat

    @property
    def is_done(self) -> bool:
        """True once the deal is over (``phase == "done"``)."""
        return self.phase == DONE

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act (empty when the deal is done).

        A tuple: it is the state's cache, shared with its clones, so it must not be changed.
        """
        cached = self._legal_cache
        if cached is not None:
            return cached
        made = self._legal_in[self.phase](self)
        legal = made if type(made) is tuple else tuple(made)
        self._legal_cache = legal
        return legal

    def legal_strings(self) -> list[str]:
        """Canonical strings of the legal actions."""
        return [a.text for a in self.legal_actions()]

    def parse(self, text: str) -> Action:
        """Read an action string of this game (any accepted spelling).

        The legal actions are made first, so a legal action parses to the very
        object in ``legal_actions()``; any other is a fresh action, not kept.
        """
        self.legal_actions()
        return parse_action(text, self.syntax)

    def apply(self, action: Action | str) -> None:
        """Apply one action of the seat to act, or raise ``IllegalActionError``.

        The state is unchanged when this raises.
        """
        legal = self._legal_cache
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:  # the fast path: an engine's (interned) legal action
            if not isinstance(action, Action):
                action = self.parse(action)
            if action not in legal:
                raise IllegalActionError(self.why_illegal(action), action.text)
        self._apply_in[self.phase](self, action)
        self.history.append(action.text)
        self._legal_cache = None

    def why_illegal(self, action: Action) -> Explanation:
        """Why ``action`` is not legal now (the most precise reason known)."""
        if self.phase == DONE:
            return Explanation("ACTIONS", "core.game_over")
        specific = self._why_illegal(action)
        if specific is not None:
            return specific
        legal = self.legal_strings()
        if not any(text.split()[0] == action.verb for text in legal):
            return Explanation(
                "ACTIONS",
                "core.wrong_phase",
                {"text": self.shown(action.text), "phase": phase_name(self.phase), "legal": self.shown_list(legal)},
            )
        params = {"text": self.shown(action.text), "legal": self.shown_list(legal)}
        return Explanation("ACTIONS", "core.not_legal", params)

    def shown(self, text: str) -> ActionText:
        """An action string as a message parameter: read in the learner's words (``сыграть 5♦``)."""
        return ActionText(text, self.game_name)

    def shown_list(self, texts: list[str]) -> ActionList:
        """Action strings listed in a message, each read in the learner's words."""
        return ActionList(texts, self.game_name)

    def keep_match_limits(self, later: GameState) -> None:
        """Take from ``later`` (the same deal, further on) the limits its match puts on the deal: none here."""

    def clone(self) -> Self:
        """An independent copy: every declared list copied, the rest shared (``core/fields.py``)."""
        cls = self.__class__
        plan = cls._copy_plan
        data = self.__dict__.copy()
        for name in plan.lists:
            value = data[name]
            if value is not None:
                data[name] = value.copy()
        for name in plan.nested:
            data[name] = [inner.copy() for inner in data[name]]
        for name in plan.records:
            data[name] = [record.copy() for record in data[name]]
        other = cls.__new__(cls)
        other.__dict__ = data
        return other

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready; ``seat=None`` is the instructor's full view."""
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat}: seats are 0 to {self.num_players - 1}")
        data: dict[str, Any] = {
            "game": self.game_name,
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hands": [
                [c.text for c in hand] if seat is None or s == seat else None
                for s, hand in enumerate(self.hands)
            ],
            "hand_sizes": [len(h) for h in self.hands],
            "legal": self.legal_strings() if seat is None or seat == self.to_act else [],
            "tricks": [t.to_json() for t in self.tricks],
            "history": self.public_history(seat),
            "trump": self.trump_json(),
            "contract": self.contract_json(),
            "points": self.points(),
            "score": self.score(),
        }
        data.update(self._view_extra(seat))
        return data

    def public_history(self, seat: int | None) -> list[str]:
        """The actions ``seat`` may know of, in order (``None``: all of them)."""
        return list(self.history) if seat is None else self._public_history(seat)

    def notices(self, seat: int) -> list[Explanation]:
        """What ``seat`` should be reminded of now (e.g. an obligation for its next card)."""
        return []

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump now (for marking cards in a hand)."""
        return False

    def current_trump(self) -> Suit | Rank | None:
        """The trump now: a suit, a rank, or None before one is chosen.

        A game that declares a trump (``Capabilities.trump``, checked at registration)
        gives it here; a game without one keeps this: never a trump.
        """
        return None

    def table_card(self) -> Card | None:
        """A card lying face up on the table outside the tricks and the hands, seen by every seat; None when none is.

        A game that lays one there (its board's ``TABLE_GROUPS`` draw it) gives it here.
        """
        return None

    def summary(self) -> dict[str, Any]:
        """The replay summary (``docs/records.md``)."""
        return {
            "game": self.game_name,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal_strings(),
            "trump": self.trump_json(),
            "contract": self.contract_json(),
            "tricks": [t.to_json() for t in self.tricks if t.collector is not None],
            "points": self.points(),
            "score": self.score(),
        }

    # ----- what a seat knows (``core/knowledge.py``) ----------------------
    def seen_cards(self) -> set[Card]:
        """Cards every seat has seen that no hand holds: those in the tricks (a game adds its own)."""
        return {card for trick in self.tricks for _, card in trick.plays}

    def unseen_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` has not seen, in deck order: neither in its hand nor in ``seen_cards()``."""
        seen = self.seen_cards()
        hand = set(self.hands[seat])
        return [card for card in self.deck if card not in seen and card not in hand]

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` knows about the places of the cards it cannot see (public facts only)."""
        raise NotImplementedError

    def world(self, known: Knowledge, rng: random.Random) -> Self:
        """One full deal consistent with ``known``: a clone with the hidden cards dealt again."""
        return self.placed(known, sample(known, rng))

    def placed(self, known: Knowledge, placement: Placement) -> Self:
        """A clone whose hidden cards (those ``known`` does not place) are ``placement``'s."""
        raise NotImplementedError

    # ----- hooks each game supplies ---------------------------------------
    def _why_illegal(self, action: Action) -> Explanation | None:
        """A precise, rule-citing reason why ``action`` is illegal, if the game knows one."""
        return None

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        """Game-specific view fields for ``seat`` (never hidden cards of others)."""
        return {}

    def _public_history(self, seat: int | None) -> list[str]:
        """The actions ``seat`` may know of (all of them unless a game hides some)."""
        return list(self.history)

    def trump_json(self) -> str | None:
        """Trump for the summary: a suit letter or a rank."""
        return None

    def contract_json(self) -> dict[str, int] | None:
        """Contract for the summary, or None before it is known."""
        return None

    def points(self) -> list[int] | None:
        """Points per side once the deal is done, else None."""
        return None

    def score(self) -> list[int] | None:
        """What the deal adds to each side's match score once done, else None."""
        return None

    def score_explanation(self) -> Explanation | None:
        """Why the deal scored what it did (its rule id and facts) once done, else None."""
        return None
