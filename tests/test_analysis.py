"""The double-dummy solver (docs/analysis.md) against the engines themselves.

- a brute force that only uses the engines' own ``clone``/``apply`` gives the
  value of every legal action on many random endings of each game;
- step by step along random deals, the solver's fast position after each
  move equals the fast position built afresh from the engine after the same
  action (so the transitions mirror the engines, ``open`` and ``leave`` too);
- consistency: a position's value is the max/min over its actions, a clone
  answers the same, the order of the legal list does not matter;
- bad input (a state outside the play) is refused with one clear error, and a
  budget stops a solve with ``Unfinished``, never with a wrong value.
"""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from cardwidgets.analysis import AnalysisError, DoubleDummy, Unfinished, double_dummy, position_of, post_mortem
from cardwidgets.analysis.base import GONE, merge_equal
from cardwidgets.analysis.judge import VERDICTS
from cardwidgets.analysis.outcome import result_of_points
from cardwidgets.analysis.position import play_phases, points_so_far
from cardwidgets.analysis.postmortem import seat_decisions
from cardwidgets.analysis.solver import Solver
from cardwidgets.cards import Card, Rank, Suit, parse_card
from cardwidgets.core.errors import RecordError
from cardwidgets.core.records import record_of
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES
from cardwidgets.games import nestors as nes
from cardwidgets.games import nimby as nim
from cardwidgets.games.nestors.position import SPADES
from cardwidgets.games.nestors.tricks import POSITIONS, TRUMP_RANKS, resolve_trick
from cardwidgets.games.tumbochka import TUMBOCHKA_DECK, Tumbochka


def tricks_per_deal(game: str) -> int:
    """The tricks of a deal played to its end (the most of a few random deals: a deal may be thrown in)."""
    most = 0
    for seed in range(5):
        state, rng = GAMES[game].new_state(GAMES[game].random_deal(seed), 0), random.Random(seed)
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
        most = max(most, len(state.tricks))
    return most


TRICKS = {game: tricks_per_deal(game) for game in GAMES}
PLAY_PHASES = {game: play_phases(game) for game in GAMES}


# ----- the reference: minimax on the engine itself --------------------------------------------------
def declaring_points(state: GameState) -> int:
    """The declaring side's final points, read from the replay summary."""
    points = state.summary()["points"]
    if state.game_name == "nimby":
        return points[nim.TEAM[state.maker]]
    if state.game_name == "tumbochka":
        return points[state.declarer]
    return points[nes.TEAM[state.bidder]]


def declaring_to_act(state: GameState) -> bool:
    seat = state.to_act
    if state.game_name == "nimby":
        return nim.TEAM[seat] == nim.TEAM[state.maker]
    if state.game_name == "tumbochka":
        return seat == state.declarer
    return nes.TEAM[seat] == nes.TEAM[state.bidder]


def brute_force(state: GameState) -> int:
    """Minimax over every legal action, with the engine's clone and apply only."""
    if state.is_done:
        return declaring_points(state)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(brute_force(child))
    return max(values) if declaring_to_act(state) else min(values)


def brute_values(state: GameState) -> dict[str, int]:
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[action.text] = brute_force(child)
    return out


# ----- random positions ---------------------------------------------------------------------------------
def start_of_play(game: str, rng: random.Random, deal: dict | None = None) -> GameState:
    """A seeded deal played with random legal actions up to the start of the play."""
    g = GAMES[game]
    while True:
        state = g.new_state(deal or g.random_deal(rng), rng.randrange(g.num_players))
        while not state.is_done and state.phase not in PLAY_PHASES[game]:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_done:
            return state


def ending(game: str, rng: random.Random, tricks_left: int, deal: dict | None = None, avoid: set | None = None):
    """A random position with at most ``tricks_left`` tricks to go (any phase of the play)."""
    state = start_of_play(game, rng, deal)
    first = TRICKS[game] - tricks_left + 1
    while len(state.tricks) < first or (len(state.tricks) == first and rng.random() < 0.6):
        legal = state.legal_actions()
        calm = [a for a in legal if not avoid or not (set(a.cards) & avoid)]
        state.apply(rng.choice(calm or legal))
        if state.is_done:
            return ending(game, rng, tricks_left, deal, avoid)
    return state


def combo_deal(rng: random.Random) -> dict:
    """A Tumbochka deal in which seat 0 holds K-Q-J of one suit and seat 1 8-7-6 of another."""
    suits = list(Suit)
    rng.shuffle(suits)
    kqj = [Card.of(r, suits[0]) for r in (Rank.KING, Rank.QUEEN, Rank.JACK)]
    e76 = [Card.of(r, suits[1]) for r in (Rank.EIGHT, Rank.SEVEN, Rank.SIX)]
    rest = [c for c in TUMBOCHKA_DECK if c not in kqj and c not in e76]
    rng.shuffle(rest)
    hands = [kqj + rest[:4], e76 + rest[4:8], rest[8:15]]
    return {"hands": hands, "talon": rest[15:18]}


CASES = [
    ("nimby", 3, 25),
    ("nimby", 2, 15),
    ("tumbochka", 3, 25),
    ("tumbochka", 2, 15),
    ("nestors", 2, 25),
    ("nestors", 1, 15),
]


@pytest.mark.parametrize(("game", "tricks_left", "count"), CASES)
def test_solver_equals_brute_force_on_random_endings(game: str, tricks_left: int, count: int) -> None:
    rng = random.Random(f"{game}{tricks_left}")
    for _ in range(count):
        state = ending(game, rng, tricks_left)
        assert double_dummy(state) == brute_values(state), state.history


def test_tumbochka_troyans_and_trilyazhes_equal_brute_force() -> None:
    """Endings where a K-Q-J and an 8-7-6 are still held whole: announcements are moves (TUM-5, T-4)."""
    rng = random.Random(15)
    seen_announcements = 0
    for _ in range(6):
        deal = combo_deal(rng)
        avoid = set(deal["hands"][0][:3] + deal["hands"][1][:3])
        state = ending("tumbochka", rng, 4, Tumbochka.deal_from_json(Tumbochka.deal_to_json(deal)), avoid)
        values = double_dummy(state)
        assert values == brute_values(state), state.history
        seen_announcements += sum(1 for text in values if text.endswith(("troyan", "trilyazh")))
    assert seen_announcements > 0


# ----- the table, the merging and the bounds against a plain search ---------------------------------------
class Plain:
    """A fast position seen without its shortcuts: no table key, no merged cards, the loosest bound."""

    def __init__(self, pos) -> None:
        self.pos = pos

    def moves(self, merge: bool = True) -> list:
        return self.pos.moves(merge=False)

    def key(self) -> None:
        return None

    def upper_bound(self) -> int:
        return 10**4

    def __getattr__(self, name: str):
        return getattr(self.pos, name)


def plain_values(state: GameState) -> dict[str, int]:
    """Every action's value by plain alpha-beta on the (engine-checked) fast position."""
    pos = Plain(position_of(state))
    base = points_so_far(state)
    out = {}
    for move in pos.moves():
        gain = pos.play(move)
        solver = Solver()
        solver.start()
        out[pos.text(move)] = base + gain + solver._search(pos, -(10**6), 10**6)
        pos.undo()
    return out


#: Tricks to go and endings per game where the default (4 tricks, 12 endings) takes too long.
SHORTER = {"nestors": (3, 8)}
LONGER_ENDINGS = [(game, *SHORTER.get(game, (4, 12))) for game in sorted(GAMES)]


@pytest.mark.parametrize(("game", "tricks_left", "count"), LONGER_ENDINGS)
def test_solver_equals_plain_search_on_longer_endings(game: str, tricks_left: int, count: int) -> None:
    rng = random.Random(f"plain-{game}")
    for _ in range(count):
        state = ending(game, rng, tricks_left)
        assert double_dummy(state) == plain_values(state), state.history


def exhaustive(pos, seen: dict) -> int:
    """Minimax on a fast position without any shortcut; checks that equal keys have equal values."""
    if pos.done():
        return 0
    values = []
    for move in pos.moves(merge=False):
        gain = pos.play(move)
        values.append(gain + exhaustive(pos, seen))
        pos.undo()
    value = max(values) if pos.maximizing() else min(values)
    key = pos.key()
    if key is not None:
        assert seen.setdefault((pos.context(), key), value) == value, key
    return value


@pytest.mark.parametrize(("game", "tricks_left"), [*((game, 3) for game in sorted(GAMES)), ("tumbochka-combos", 4)])
def test_equal_keys_mean_equal_values(game: str, tricks_left: int) -> None:
    """The table's key (relative ranks, holders, combinations, spades …) is sound: across many
    endings of one deal, reached by different plays, every position with a key has one value."""
    rng = random.Random(f"keys-{game}")
    combos = game.endswith("combos")
    game = game.split("-", maxsplit=1)[0]
    for _ in range(2):
        deal = combo_deal(rng) if combos else GAMES[game].random_deal(rng)
        seen: dict = {}
        for _ in range(12):
            state = ending(game, rng, tricks_left, deal)
            exhaustive(position_of(state), seen)
        assert len(seen) > 20


def test_nestors_trick_winner_equals_the_engine() -> None:
    """The fast position's W1-W3b (NES-6, E-7) against ``resolve_trick`` on many card triples."""
    rng = random.Random(6)
    for trump in TRUMP_RANKS:
        state = start_of_play("nestors", rng)
        while state.trump is not trump:
            state = start_of_play("nestors", rng)
        pos = position_of(state)
        for _ in range(4000):
            a, b, c = rng.sample(nes.NESTORS_DECK, 3)
            want = POSITIONS.index(resolve_trick(a, b, c, trump).collector)
            assert pos._position_winning(a.index, b.index, c.index) == want, (a, b, c, trump)


def renamed(state: GameState, swap: dict[str, str]) -> GameState:
    """The same Nestors deal and actions with suits renamed (``swap`` maps suit letters)."""

    def card(c: Card) -> Card:
        return Card.of(c.rank, swap.get(c.suit.value, c.suit.value))

    def text(action: str) -> str:
        words = action.split()
        return " ".join([words[0]] + [card(parse_card(w)).text if len(w) > 1 else w for w in words[1:]])

    deal = {
        part: [[card(c) for c in cards] if isinstance(cards, list) else card(cards) for cards in rows]
        for part, rows in state.deal.items()
    }
    other = GAMES["nestors"].new_state(deal, state.dealer)
    for action in state.history:
        other.apply(text(action) if action.split()[0] in ("open", "play", "leave") else action)
    return other


def test_suits_but_spades_are_interchangeable() -> None:
    """NES-1/NES-2: hearts, diamonds and clubs renamed (and spades too once the bonus is decided)
    give the same key and the same values, so the table shares their entries."""
    rng = random.Random("suits")
    rotate = {"H": "D", "D": "C", "C": "H"}
    spades_too = keyed = 0
    for _ in range(16):
        state = ending("nestors", rng, 3)
        pos = position_of(state)
        future = sorted(v - points_so_far(state) for v in double_dummy(state).values())
        for swap in (rotate, {"S": "H", "H": "S"}):
            other = renamed(state, swap)
            if "S" in swap and (pos._spades_open() or position_of(other)._spades_open()):
                continue  # the spades decide the bonus: spades are not like the others here
            assert position_of(other).key() == pos.key(), state.history
            assert sorted(v - points_so_far(other) for v in double_dummy(other).values()) == future
            spades_too += "S" in swap
        keyed += pos.key() is not None
    assert spades_too > 0
    assert keyed > 2


def swapped(pos, swap: dict[str, str]):
    """A copy of a Nestors fast position at a trick boundary with suits renamed (same past points)."""
    index = {c.index: Card.of(c.rank, swap.get(c.suit.value, c.suit.value)).index for c in nes.NESTORS_DECK}
    other = copy.deepcopy(pos)
    other.hands = [pos.table.sort_hand([index[c] for c in hand]) for hand in pos.hands]
    for card, new in index.items():
        other.codes[new] = pos.codes[card]
    other.table_card = index[pos.table_card]
    live = [c for c in index.values() if other.codes[c] != GONE] + [other.table_card]
    other.live_spades = sum(1 for c in live if pos.table.suit_of[c] == SPADES)
    return other


def test_keys_treat_suits_alike_only_where_the_rules_do() -> None:
    """Renaming hearts, diamonds and clubs keeps the key; swapping spades with hearts keeps it only
    when the spade bonus is decided. Whenever two such positions share a key, they share a value."""
    rng = random.Random("swap")
    rotate, spades = {"H": "D", "D": "C", "C": "H"}, {"S": "H", "H": "S"}
    differ = 0
    for _ in range(40):
        state = ending("nestors", rng, 4)
        while position_of(state).key() is None:
            state.apply(rng.choice(state.legal_actions()))
        pos = position_of(state)
        value = Solver().value(pos)
        for swap in (rotate, spades):
            other = swapped(pos, swap)
            if swap is rotate or not (pos._spades_open() or other._spades_open()):
                assert other.key() == pos.key()
            if other.key() == pos.key():
                assert Solver().value(other) == value, state.history
            else:
                differ += Solver().value(other) != value
    assert differ > 0


def leave_ending(rng: random.Random, tricks_left: int) -> GameState:
    """A random Nestors position where a collector must leave a card, ``tricks_left`` tricks before the end."""
    state = ending("nestors", rng, tricks_left)
    while state.phase != nes.LEAVE:
        state.apply(rng.choice(state.legal_actions()))
        if state.is_done:
            return leave_ending(rng, tricks_left)
    return state


def test_leaving_the_cheapest_card_is_exact() -> None:
    """NES-7: the search only tries the cheapest card (and the cheapest spade while the bonus is
    open); on many endings the best of those equals the best of all four by plain search."""
    rng = random.Random("leave")
    fewer = 0
    for _ in range(30):
        state = leave_ending(rng, 3)
        pos = position_of(state)
        every = plain_values(state)
        tried = [pos.text(move) for move in pos.moves()]
        pick = max if declaring_to_act(state) else min
        assert pick(every[t] for t in tried) == pick(every.values()), state.history
        fewer += len(tried) < len(every)
    assert fewer > 20


def test_leaving_a_spade_is_tried_only_when_it_is_cheaper() -> None:
    """NES-7 with the spade bonus open (NES-2): when a card other than a spade is worth no more than
    the cheapest spade, leaving it is as good as any choice; when the spade is cheaper, both are
    needed. Checked by plain search over all four cards on leaves with a spade and another card."""
    rng = random.Random("leave-spades")
    pruned = needed = 0
    while pruned < 12 or needed < 3:
        state = leave_ending(rng, 3)
        pos = position_of(state)
        pending = [c.index for c in state.pending]
        if not pos._spades_open() or len({pos.table.suit_of[c] == SPADES for c in pending}) < 2:
            continue
        every = plain_values(state)
        tried = [pos.text(move) for move in pos.moves()]
        pick = max if declaring_to_act(state) else min
        assert pick(every[t] for t in tried) == pick(every.values()), state.history
        if len(tried) == 1:
            pruned += 1
        else:  # the spade is cheaper: the search needs both (this deal may or may not show why)
            needed += 1
    assert pruned + needed >= 15


def partners_swapped(pos):
    """A copy of a Nestors position at a trick boundary in which two cards of one suit and points,
    held by partners with no card of the other side between them, change hands; None if none such."""
    table = pos.table
    for order in table.orders.values():
        live = [c for c in order if pos.codes[c] != GONE]
        for x, y in itertools.pairwise(live):
            sx, sy = pos.codes[x] & 7, pos.codes[y] & 7
            if sx != sy and (sx - sy) % 2 == 0 and table.points[x] == table.points[y]:
                other = copy.deepcopy(pos)
                other.codes[x], other.codes[y] = pos.codes[y], pos.codes[x]
                other.hands[sx] = table.sort_hand([y if c == x else c for c in pos.hands[sx]])
                other.hands[sy] = table.sort_hand([x if c == y else c for c in pos.hands[sy]])
                other._runs = {}
                return other
    return None


def test_merged_and_keyed_up_to_the_partner_s_cards() -> None:
    """NES-6/NES-7: partners' cards only meet as A and C (or in the last trick), where either one
    winning gives their side the same trick. So two cards of one hand with only a partner's cards
    between them are one move, and partners' adjacent cards may change hands: same key, same value."""
    rng = random.Random("partners")
    swaps = merged = 0
    for _ in range(40):
        state = ending("nestors", rng, 4)
        while position_of(state).key() is None:
            state.apply(rng.choice(state.legal_actions()))
        pos = position_of(state)
        other = partners_swapped(pos)
        if other is not None:
            assert other.key() == pos.key()
            assert Solver().value(other) == Solver().value(pos), state.history
            swaps += 1
    assert swaps > 10
    while merged < 6:  # positions where a partner's card lies between two equal cards of the hand
        state = ending("nestors", rng, 3)
        while not state.is_done:
            pos = position_of(state)
            if pos.phase == nes.PLAY:
                hand = pos.hands[pos.to_act]
                if len(pos._merged(hand)) < len(merge_equal(hand, pos.table, pos.codes)):
                    merged += 1
                    assert double_dummy(state) == plain_values(state), state.history
            state.apply(rng.choice(state.legal_actions()))


def test_c_tries_one_card_per_outcome() -> None:
    """NES-6: C, who plays last, tries per suit and points only the lowest card that wins the trick
    for his side and the lowest that does not; on many positions the best of those equals the
    best of all his legal cards by plain search."""
    rng = random.Random("c-choices")
    pruned = 0
    while pruned < 12:
        state = ending("nestors", rng, 3)
        while not state.is_done and not (state.phase == nes.PLAY and len(state.tricks[-1].plays) == 2):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_done or len(state.tricks) == nes.NUM_TRICKS:
            continue
        pos = position_of(state)
        tried = [pos.text(move) for move in pos.moves()]
        if len(tried) == len(pos._merged(pos.moves(merge=False))):
            continue  # nothing left out here
        every = plain_values(state)
        pick = max if declaring_to_act(state) else min
        assert pick(every[t] for t in tried) == pick(every.values()), state.history
        pruned += 1


def test_a_and_b_try_the_lowest_of_cards_alike() -> None:
    """NES-6: A and B try, of cards of one suit and points with no card of an opponent in this
    trick between them, only the lowest; the best of those equals the best of all by plain search.

    Every position of a random ending's play (up to its last trick) is a candidate: positions where
    something is left out are rare, and a fresh deal for each one would cost minutes."""
    rng = random.Random("alike")
    pruned = {0: 0, 1: 0}
    while min(pruned.values()) < 8:
        state = ending("nestors", rng, 3)
        while not state.is_done and len(state.tricks) < nes.NUM_TRICKS:
            if state.phase == nes.PLAY:
                seat = checked_alike(state)
                if seat is not None:
                    pruned[seat] += 1
            state.apply(rng.choice(state.legal_actions()))


def checked_alike(state: GameState) -> int | None:
    """If A or B (to act: 0 or 1 cards in the trick) leaves a card out here, check it and say which; else None."""
    pos = position_of(state)
    seat = len(pos.trick)
    tried = [pos.text(move) for move in pos.moves()]
    if seat == 2 or len(tried) == len(pos._merged(pos.moves(merge=False))):
        return None  # C, or nothing left out here
    every = plain_values(state)
    pick = max if declaring_to_act(state) else min
    assert pick(every[t] for t in tried) == pick(every.values()), state.history
    return seat


# ----- the fast positions follow the engines step by step ------------------------------------------------
def snapshot(pos) -> tuple:
    """What a fast position is: hands, card codes, who acts, its key and bound."""
    if not pos.done():  # the search's one-call view agrees with the separate questions
        assert pos.node() == (pos.key(), pos.upper_bound(), pos.slot())
    return (
        [sorted(hand) for hand in pos.hands],
        list(pos.codes),
        pos.to_act,
        pos.done(),
        pos.key(),
        pos.upper_bound(),
        sorted(pos.moves(merge=False)),
    )


@pytest.mark.parametrize("game", [*sorted(GAMES), "tumbochka-combos"])
def test_fast_position_mirrors_the_engine_move_by_move(game: str) -> None:
    rng = random.Random(game)
    combos = game.endswith("combos")
    game = game.split("-", maxsplit=1)[0]
    for _ in range(4):
        state = start_of_play(game, rng, combo_deal(rng) if combos else None)
        while not state.is_done:
            pos = position_of(state)
            before = points_so_far(state)
            assert sorted(pos.text(m) for m in pos.moves(merge=False)) == sorted(state.legal_strings())
            for move in pos.moves(merge=False):
                child = state.clone()
                child.apply(pos.text(move))
                gain = pos.play(move)
                if child.is_done:
                    assert pos.done()
                    assert before + gain == declaring_points(child)
                else:
                    assert snapshot(pos) == snapshot(position_of(child)), (state.history, pos.text(move))
                    assert before + gain == points_so_far(child)
                pos.undo()
            assert snapshot(pos) == snapshot(position_of(state))
            legal = state.legal_actions()
            announce = [a for a in legal if a.flag] if combos else []
            state.apply(rng.choice(announce or legal))


def test_nestors_auto_leave_goes_on_to_the_next_trick_and_undoes() -> None:
    """With ``auto_leave`` the card that ends a trick also makes the leave when only one card is
    worth leaving (NES-7): the position is the engine's after both actions, and undo restores it."""
    rng = random.Random("auto-leave")
    auto = 0
    for _ in range(6):
        state = start_of_play("nestors", rng)
        while not state.is_done:
            pos = position_of(state)
            pos.auto_leave = True
            before = snapshot(pos)
            for move in pos.moves(merge=False):
                child = state.clone()
                child.apply(pos.text(move))
                gain = pos.play(move)
                if child.phase == "leave":
                    worth = position_of(child).moves()  # the cards worth leaving (_leaves)
                    assert (pos.phase == "leave") == (len(worth) > 1)
                    if len(worth) == 1:
                        child.apply(position_of(child).text(worth[0]))
                        auto += 1
                if child.is_done:
                    assert pos.done()
                    assert points_so_far(state) + gain == declaring_points(child)
                else:
                    assert snapshot(pos) == snapshot(position_of(child))
                    assert points_so_far(state) + gain == points_so_far(child)
                pos.undo()
                assert snapshot(pos) == before
            state.apply(rng.choice(state.legal_actions()))
    assert auto > 20


# ----- consistency -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "tricks_left"), [(game, tricks_left) for game, tricks_left, _count in LONGER_ENDINGS])
def test_value_is_the_best_of_the_next_position(game: str, tricks_left: int) -> None:
    rng = random.Random(f"max-{game}")
    for _ in range(4):
        state = ending(game, rng, tricks_left)
        values = double_dummy(state)
        for text, value in values.items():
            child = state.clone()
            child.apply(text)
            if child.is_done:
                assert value == declaring_points(child)
                continue
            after = double_dummy(child).values()
            assert value == (max(after) if declaring_to_act(child) else min(after))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_clone_and_legal_order_do_not_change_the_answer(game: str) -> None:
    rng = random.Random(f"order-{game}")
    state = ending(game, rng, 3)
    values = double_dummy(state)
    assert double_dummy(state.clone()) == values
    shuffled = state.clone()
    legal = list(shuffled.legal_actions())
    rng.shuffle(legal)
    shuffled._legal_cache = legal
    assert dict(sorted(double_dummy(shuffled).items())) == dict(sorted(values.items()))


def test_progress_is_reported_per_action() -> None:
    state = ending("nimby", random.Random(8), 3)
    seen: list[tuple[int, int]] = []
    DoubleDummy(progress=lambda done, total: seen.append((done, total))).values(state)
    total = len(state.legal_actions())
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_one_table_serves_the_steps_of_a_deal() -> None:
    rng = random.Random(3)
    state = ending("tumbochka", rng, 4)
    solver = DoubleDummy()
    while not state.is_done:
        assert solver.values(state) == double_dummy(state)
        state.apply(rng.choice(state.legal_actions()))


# ----- bad input and budgets ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_state_outside_the_play_is_refused(game: str) -> None:
    g = GAMES[game]
    state = g.new_state(g.random_deal(1), 0)
    if state.phase in PLAY_PHASES[game]:
        pytest.skip("the deal starts in the play: no state outside it")
    history = list(state.history)
    with pytest.raises(AnalysisError) as info:
        double_dummy(state)
    assert str(info.value).startswith("the solver analyses the play only")
    assert "решатель анализирует только розыгрыш" in info.value.explanation.text("ru")
    assert state.history == history
    with pytest.raises(AnalysisError, match="needs a deal"):
        double_dummy("play 2S")  # type: ignore[arg-type]


def test_a_finished_deal_is_refused() -> None:
    state = ending("nimby", random.Random(5), 1)
    while not state.is_done:
        state.apply(state.legal_actions()[0])
    with pytest.raises(AnalysisError):
        double_dummy(state)


def test_budget_stops_with_unfinished_and_keeps_only_exact_values() -> None:
    state = start_of_play("tumbochka", random.Random(9))
    with pytest.raises(Unfinished) as info:
        double_dummy(state, max_nodes=50)
    assert info.value.done == {}
    solver = DoubleDummy()
    full = solver.values(state)
    needed = solver.solver.nodes
    with pytest.raises(Unfinished) as info:
        double_dummy(state, max_nodes=needed * 3 // 4)
    assert info.value.done
    assert all(full[text] == value for text, value in info.value.done.items())
    with pytest.raises(Unfinished):
        double_dummy(state, seconds=0.0)
    assert double_dummy(state, max_nodes=needed) == full


# ----- post-mortem ---------------------------------------------------------------------------------------
def finished_deal(game: str, seed: int) -> GameState:
    rng = random.Random(seed)
    state = start_of_play(game, rng)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    return state


def replayed_to(state: GameState, number: int) -> GameState:
    """The deal of ``state`` replayed up to just before action ``number``."""
    record = record_of(state)
    start = record.game.new_state(record.deal, record.dealer or 0, record.rules)
    for text in state.history[: number - 1]:
        start.apply(text)
    return start


def face_up_results(state: GameState, seat: int) -> dict[str, int]:
    """Each action's double-dummy value as the deal's result for ``seat`` (analysis/outcome.py)."""
    return {a: result_of_points(state, seat, v) for a, v in double_dummy(state).items()}


@pytest.mark.parametrize("game", ["nimby", "tumbochka"])
def test_post_mortem_rows_are_the_seats_decisions_with_their_face_up_cost_in_the_score(game: str) -> None:
    state = finished_deal(game, 21)
    seat = state.summary()["contract"]["seat"]
    rows = post_mortem(state, seat, samples=3)
    assert rows
    for row in rows:
        before = replayed_to(state, row["number"])
        assert state.history[row["number"] - 1] == row["action"]
        assert before.to_act == seat
        assert len(before.legal_actions()) > 1
        assert row["in_play"] == (before.phase in PLAY_PHASES[game])
        if not row["in_play"]:  # a bid, an exchange, the trump: no face-up value, the verdict on what was seen
            assert row["dd_cost"] is None
            assert row["best"] == []
            assert row["mc_best"]
            assert row["verdict"] in VERDICTS
            continue
        results = face_up_results(before, seat)
        best = max(results.values())
        assert row["dd_cost"] == best - results[row["action"]]
        assert row["best"] == [a for a, v in results.items() if v == best]
        assert row["mc_cost"] >= 0
        assert row["mc_error"] >= 0
        assert row["verdict"] in VERDICTS
        assert row["text"].startswith(f"Action {row['number']}: ")
    decisions = sum(
        1
        for n in range(1, len(state.history) + 1)
        if (s := replayed_to(state, n)).to_act == seat and len(s.legal_actions()) > 1
    )
    assert len(rows) == decisions  # every phase's decisions, not only the play's
    assert any(not row["in_play"] for row in rows)
    assert any(row["in_play"] for row in rows)


def test_post_mortem_of_a_defender_counts_his_sides_score() -> None:
    state = finished_deal("nimby", 4)
    defender = (state.maker + 1) % 4
    rows = post_mortem(record_of(state), defender, samples=2)
    assert rows
    assert any(row["in_play"] for row in rows)
    for row in (row for row in rows if row["in_play"]):  # a bid has no face-up value
        results = face_up_results(replayed_to(state, row["number"]), defender)
        assert row["dd_cost"] == max(results.values()) - results[row["action"]]


def test_post_mortem_shows_where_the_two_costs_differ_and_speaks_russian() -> None:
    differ = []
    from cardwidgets.bots import make_bot
    from cardwidgets.games import new_game

    for seed in range(12):  # bids by the rules of thumb (a sensible contract), then random cards
        state, bot, rng = new_game("tumbochka", seed=seed), make_bot("heuristic"), random.Random(seed)
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()) if state.phase == "play" else bot.choose(state))
        rows = post_mortem(state, state.declarer, samples=12)
        differ += [
            row for row in rows
            if row["in_play"] and (row["dd_cost"] == 0) != (row["verdict"] in ("best", "good", "no_choice"))
        ]  # fmt: skip
        if differ:
            break
    assert differ
    state_ru = post_mortem(finished_deal("nimby", 21), 0, locale="ru", samples=2)
    assert all(r["text"].startswith("Ход ") for r in state_ru)
    again = post_mortem(finished_deal("nimby", 21), 0, samples=2)
    assert post_mortem(finished_deal("nimby", 21), 0, samples=2) == again
    assert differ[0]["text"]


def test_post_mortem_refuses_bad_input() -> None:
    state = finished_deal("nimby", 2)
    with pytest.raises(AnalysisError, match="no seat 4"):
        post_mortem(state, 4)
    fresh = GAMES["nestors"].new_state(GAMES["nestors"].random_deal(1), 0)
    fresh.apply(fresh.legal_actions()[0])
    assert [row["number"] for row in post_mortem(fresh, 1, samples=2)] == [1]  # the bid is a decision too
    with pytest.raises(AnalysisError, match="never reached the play"):
        list(seat_decisions(fresh, 1, play_only=True))
    bad = record_of(state).to_json()
    bad["actions"][3] = "play 9H"
    with pytest.raises(RecordError, match="action 4"):
        post_mortem(bad, 0)


def test_post_mortem_says_when_a_solve_did_not_finish() -> None:
    state = finished_deal("nestors", 8)
    rows = post_mortem(state, state.bidder, samples=2, nodes=1)
    unfinished = [row for row in rows if row["in_play"] and row["dd_cost"] is None]
    assert unfinished
    for row in unfinished:  # the sampled verdict stands alone, and the sentence says so
        assert row["verdict"] in VERDICTS
        assert row["mc_cost"] is not None
        assert "not valued — the solve would take too long" in row["text"]
