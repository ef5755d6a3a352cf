"""What the games' fast positions for the solver share (see ``solver.Position``), and how to find a game's.

Each game package has its fast position (``cardwidgets/games/<game>/position.py``):
it mirrors its engine's play rules exactly on card indices instead of ``Card``
objects, with ``play``/``undo`` instead of ``clone``, and values are the
declaring side's points (docs/records.md summary ``points``). The module offers

- ``position(state)``: the fast position of a state in the play;
- ``PLAY_PHASES``: the phases the solver analyses;
- ``points_so_far(state)``: the declaring side's points counted so far;
- ``declaring_seats(state)``: per seat, whether it is on the declaring side.

``tests/test_analysis.py`` checks the positions against the engines. A small game may instead
search its engine's own states, cloned per move: ``EnginePosition``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from cardwidgets.analysis.base import GONE, IN_TRICK, SEPARATOR, CardTable
from cardwidgets.cards import ALL_CARDS, SUITS, Card
from cardwidgets.core.registry import spec_of

if TYPE_CHECKING:
    from cardwidgets.analysis.solver import Position
    from cardwidgets.core.registry import CompiledPart
    from cardwidgets.core.state import GameState

TEXT = [card.text for card in ALL_CARDS]
SUIT_NUMBER = {suit: i for i, suit in enumerate(SUITS)}


def _codes(hands: list[list[Card]]) -> bytearray:
    """Per card index: the seat holding it, or ``GONE``; index 52 is the key separator.

    A ``bytearray`` (every code fits a byte): ``bytes(codes)`` is then a copy
    of the memory, which a position's keys may use.
    """
    codes = bytearray([GONE] * 53)
    codes[52] = SEPARATOR
    for seat, hand in enumerate(hands):
        for card in hand:
            codes[card.index] = seat
    return codes


class TrickPosition:
    """Shared machinery: hands, codes, the current trick and the undo stack."""

    table: CardTable
    hands: list[list[int]]
    codes: bytearray
    trick: list[tuple[int, int]]
    to_act: int
    declarers: tuple[bool, ...]
    #: Every value is a multiple of ``step`` (a game that counts in fives says 5).
    step = 1
    #: Whether a move may carry a forced follow-up with it (a forced card to the table; the search turns it on).
    auto_leave = False
    #: How the compiled search (``wasm_core``) reads this position: the game's module of marshalling
    #: (``MODULE``, ``VERSION``, ``deal_ints``, ``position_ints``), or None when there is no compiled search.
    compiled: CompiledPart | None = None
    #: Whether the search should try killer moves (they help long tricks, not short ones).
    use_killers = False

    def _init_cards(self, table: CardTable, hands: list[list[Card]], trick: list[tuple[Any, Card]]) -> None:
        self.table = table
        self.hands = [table.sort_hand([c.index for c in hand]) for hand in hands]
        self.codes = _codes(hands)
        for card in range(52):
            if self.codes[card] != GONE:
                self.codes[card] += 8 * table.point_class[card]
        self.trick = [(seat, card.index) for seat, card in trick]
        for _, card in self.trick:
            self.codes[card] = IN_TRICK
        self.undo_stack: list[Any] = []

    def done(self) -> bool:
        """Whether the deal is over (each game's position answers)."""
        raise NotImplementedError

    def key(self) -> Any:
        """The transposition key at a trick boundary, else None (each game's position answers)."""
        raise NotImplementedError

    def upper_bound(self) -> int:
        """The most points the declaring side can still gain (each game's position answers)."""
        raise NotImplementedError

    def maximizing(self) -> bool:
        """Whether the seat to act is on the declaring side."""
        return self.declarers[self.to_act]

    def slot(self) -> int | None:
        """Where in the deal the position is (for killer moves; positions with ``use_killers`` say); None: no killer."""
        return 0

    def node(self) -> tuple[Any, int, int | None] | None:
        """What the search asks at each position, in one call.

        None once the deal is over, else ``(key(), upper_bound(), slot())``.
        """
        if self.done():
            return None
        return self.key(), self.upper_bound(), self.slot()

    def _take_card(self, seat: int, card: int) -> int:
        """Remove ``card`` from ``seat``'s hand into the trick; returns its place in the hand."""
        hand = self.hands[seat]
        at = hand.index(card)
        del hand[at]
        self.codes[card] = IN_TRICK
        self.trick.append((seat, card))
        return at

    def _order(self, cards: list[int]) -> list[int]:
        """Likely best first: leads strongest first; else cheap winners for one's side, then cheap losers."""
        strength, points = self.table.strength, self.table.points
        if not self.trick:
            return sorted(cards, key=lambda c: -strength[c])
        declarers = self.declarers
        mine = declarers[self.to_act]
        best_seat, best = self._best()
        ours_now = declarers[best_seat] == mine
        beats = self._beats
        winners: list[int] = []
        losers: list[int] = []
        for card in cards:
            (winners if beats(card, best) or ours_now else losers).append(card)
        winners.sort(key=lambda c: (-points[c], strength[c]))
        losers.sort(key=lambda c: (points[c], strength[c]))
        return winners + losers

    def _best(self) -> tuple[int, int]:
        """The seat and card winning the (unfinished) trick so far."""
        trick = self.trick
        best = trick[0]
        for play in trick[1:]:
            if self._beats(play[1], best[1]):
                best = play
        return best

    def _beats(self, card: int, best: int) -> bool:
        """Whether ``card`` played now would beat the trick's best card ``best``."""
        raise NotImplementedError

    def _return_card(self, seat: int, card: int, at: int) -> None:
        self.trick.pop()
        self.hands[seat].insert(at, card)
        self.codes[card] = seat + 8 * self.table.point_class[card]


class EnginePosition:
    """A deal in the play searched on the engine's own states, cloned per move: enough for a small game.

    The game says what a state is worth and who maximizes with the functions its ``position``
    module offers anyway (``points``: its ``points_so_far``; ``declaring``: its ``declaring_seats``),
    and ``most_to_gain(state)``: the most the declaring side can still add (the solver's bound).
    No transposition key, no killer moves, no compiled search.
    """

    step = 1
    auto_leave = False
    compiled: CompiledPart | None = None
    use_killers = False

    def __init__(
        self,
        state: GameState,
        *,
        points: Callable[[GameState], int],
        declaring: Callable[[GameState], Sequence[bool]],
        most_to_gain: Callable[[GameState], int],
    ) -> None:
        self.states = [state.clone()]
        self.points, self.declaring, self.most_to_gain = points, declaring, most_to_gain

    @property
    def now(self) -> GameState:
        """The state reached."""
        return self.states[-1]

    def moves(self, merge: bool = True) -> list[str]:
        """The legal actions, as the engine writes them."""
        return self.now.legal_strings()

    def play(self, move: str) -> int:
        """Apply ``move`` to a clone; the points it adds for the declaring side."""
        after = self.now.clone()
        after.apply(move)
        self.states.append(after)
        return self.points(after) - self.points(self.states[-2])

    def undo(self) -> None:
        """Back to the state before the last move."""
        self.states.pop()

    def maximizing(self) -> bool:
        """Whether the seat to act is on the declaring side."""
        seat = self.now.to_act
        return seat is not None and bool(self.declaring(self.now)[seat])

    def done(self) -> bool:
        """Whether the deal is over."""
        return self.now.is_done

    def key(self) -> Hashable | None:
        """No transposition key."""
        return None

    def upper_bound(self) -> int:
        """The most the declaring side can still add."""
        return self.most_to_gain(self.now)

    def slot(self) -> int | None:
        """No killer moves."""
        return None

    def node(self) -> tuple[Hashable | None, int, int | None] | None:
        """None once the deal is over, else ``(key(), upper_bound(), slot())``."""
        return None if self.done() else (self.key(), self.upper_bound(), self.slot())

    def context(self) -> object:
        """Each position its own context: its values are kept for itself only."""
        return (self.now.game_name, id(self))

    def text(self, move: str) -> str:
        """``move`` is the engine's action string already."""
        return move


# ----- a game's position, by the game's name (its ``position`` part, ``core.registry.PositionPart``) -----
def play_phases(game: str) -> tuple[str, ...]:
    """The phases of ``game``'s play that the solver analyses."""
    return tuple(spec_of(game).position().PLAY_PHASES)


def new_position(state: GameState) -> Position:
    """The fast position of ``state`` (a deal in one of its game's ``play_phases``)."""
    return spec_of(state.game_name).position().position(state)


def points_so_far(state: GameState) -> int:
    """The declaring side's points counted so far, as the positions count them."""
    return spec_of(state.game_name).position().points_so_far(state)


def declaring_seats(state: GameState) -> tuple[bool, ...]:
    """Per seat, whether it is on the declaring side (makers, declarer, bidders)."""
    return tuple(spec_of(state.game_name).position().declaring_seats(state))
