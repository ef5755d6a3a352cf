"""The generator: deals played by the bots, and the decisions of one seat that the proof keeps (``docs/puzzles.md``).

``find_puzzles(game, count, seed)`` deals random deals (reproducibly from ``seed``), plays each
with the rules of thumb (now and then a random move, so that the positions vary), and at every
decision of the deal's chosen seat asks ``prove.examine``; a decision it proves starts a puzzle, and
its line goes on (the opponents replying with their best) while the seat's next decision is
proved again, up to ``MAX_DECISIONS``. ``Tally`` counts the deals, the candidate decisions examined
and the puzzles kept, and the CPU time they took.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardwidgets.analysis.position import play_phases
from cardwidgets.analysis.solver import Unfinished
from cardwidgets.bots import heuristic
from cardwidgets.core.records import record_of
from cardwidgets.core.registry import get_game, spec_of
from cardwidgets.core.state import GameState
from cardwidgets.puzzles.format import MAX_DECISIONS, Decision, Puzzle
from cardwidgets.puzzles.prove import Proof, examine, reply

#: How often a bot plays a random legal move instead of the rule of thumb's (the positions vary).
RANDOM_MOVES = 0.1
#: At most this share of a set's puzzles start outside the card play (bids, the trump, the talon …).
AUCTION_SHARE = 0.3
#: The face-up budget while generating (positions): a decision the solver cannot finish in it is not kept.
GENERATE_NODES = 3_000_000


@dataclass
class Tally:
    """What a run of the generator did: deals played, candidate decisions examined, puzzles kept, CPU seconds."""

    deals: int = 0
    candidates: int = 0
    kept: int = 0
    seconds: float = 0.0

    @property
    def per_minute(self) -> float:
        """Puzzles kept per CPU minute."""
        return 60 * self.kept / self.seconds if self.seconds else 0.0

    @property
    def share(self) -> float:
        """The share of candidate decisions kept."""
        return self.kept / self.candidates if self.candidates else 0.0


def find_puzzles(
    game: str,
    count: int,
    seed: int = 0,
    *,
    nodes: int | None = GENERATE_NODES,
    auction_share: float = AUCTION_SHARE,
    progress: Callable[[Tally, list[Puzzle]], None] | None = None,
    max_deals: int | None = None,
) -> tuple[list[Puzzle], Tally]:
    """Up to ``count`` puzzles of ``game`` from deals dealt from ``seed`` (see the module docstring).

    ``progress(tally, found)`` is called after each deal (e.g. to write the set so far).
    """
    spec_of(game)  # an unknown game: a clear ValueError before any work
    tally = Tally()
    start = time.process_time()
    found: list[Puzzle] = []
    auction = 0
    deal = 0
    while len(found) < count and (max_deals is None or deal < max_deals):
        more_auction = auction < auction_share * count
        for puzzle in _deal_puzzles(game, seed, deal, nodes=nodes, tally=tally, auction=more_auction):
            opening = puzzle.decisions[0]
            outside = not _in_play(puzzle, opening)
            if outside and auction >= auction_share * count:
                continue
            auction += outside
            found.append(puzzle)
            tally.kept += 1
            if len(found) >= count:
                break
        deal += 1
        tally.deals += 1
        tally.seconds = time.process_time() - start
        if progress is not None:
            progress(tally, found)
    return found, tally


def _in_play(puzzle: Puzzle, decision: Decision) -> bool:
    """Whether ``decision`` is in the card play (it has face-up values)."""
    return decision.values.dd is not None


def _deal_puzzles(
    game: str, seed: int, number: int, *, nodes: int | None, tally: Tally, auction: bool
) -> list[Puzzle]:
    """The puzzles of one deal: its chosen seat's proved decisions, each with its line."""
    spec = get_game(game)
    rng = random.Random(f"{seed}/{number}")
    state = spec.new_state(spec.random_deal(rng), number % spec.num_players)
    seat = rng.randrange(spec.num_players)
    found: list[Puzzle] = []
    seen: set[tuple[str, ...]] = set()  # the positions of this deal already a decision of a puzzle's line
    while not state.is_done:
        if state.to_act == seat and len(state.legal_actions()) > 1 and tuple(state.history) not in seen:
            in_play = state.phase in play_phases(game)
            if in_play or auction:
                tally.candidates += 1
                proof = examine(state, seat, nodes=nodes, screen=True)
                if proof.proved:
                    puzzle = _puzzle(state, seat, proof, f"{game}-{seed}-{number}-{len(state.history)}", nodes)
                    found.append(puzzle)
                    seen.update(_positions(puzzle))
        legal = state.legal_actions()
        move = rng.choice(legal) if rng.random() < RANDOM_MOVES else heuristic.policy(state)
        state.apply(move)
    return found


def _positions(puzzle: Puzzle) -> set[tuple[str, ...]]:
    """The histories of ``puzzle``'s decisions: a deal that reaches one of them reaches the same position."""
    history = list(puzzle.record["actions"])
    found = set()
    for decision in puzzle.decisions:
        found.add(tuple(history))
        history += [decision.solution[0], *decision.replies]
    return found


def _puzzle(state: GameState, seat: int, first: Proof, pid: str, nodes: int | None) -> Puzzle:
    """The puzzle starting at ``state`` (proved by ``first``), its line followed while the seat's moves stay proved."""
    record = record_of(state).to_json()
    proofs: list[tuple[int, Proof, list[str]]] = [(len(state.history), first, [])]
    line = state.clone()
    line.apply(first.solution[0])
    pending: list[str] = []
    while not line.is_done and len(proofs) < MAX_DECISIONS:
        if line.to_act == seat and len(line.legal_actions()) > 1:
            proof = examine(line, seat, nodes=nodes)
            if not proof.proved:
                break
            proofs[-1][2].extend(pending)
            proofs.append((len(line.history), proof, []))
            pending = []
            line.apply(proof.solution[0])
            continue
        try:
            move = reply(line, nodes)
        except Unfinished:  # the solver cannot say the opponents' best within the budget: the line ends here
            break
        pending.append(move)
        line.apply(move)
    decisions = []
    themes: list[str] = []
    replay = state.clone()
    for step, proof, replies in proofs:
        assert proof.values is not None
        decisions.append(Decision(step, proof.solution, tuple(replies), proof.values))
        themes += decision_themes(replay, proof.solution)
        replay.apply(proof.solution[0])
        for move in replies:
            replay.apply(move)
    if len(decisions) > 1:
        themes.append("line")
    rules = dict(record.get("rules", {}))
    return Puzzle(pid, state.game_name, seat, record, tuple(decisions), tuple(dict.fromkeys(themes)), rules)


def decision_themes(state: GameState, solution: tuple[str, ...]) -> list[str]:
    """The themes of one decision: the game's (from the rule of thumb's reason), and whether the rule of thumb errs."""
    tip = heuristic.decide(state)
    agrees = tip.action.text in solution
    found = list(spec_of(state.game_name).puzzle_themes().themes(state, solution, tip.reason, agrees))
    if not agrees:
        found.append("beyond_rule_of_thumb")
    return found
