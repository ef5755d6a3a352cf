"""The proof of a puzzle's decision (``docs/puzzles.md``, "The proof"), and the opponents' replies of its line.

``examine(state, seat)`` asks the judge (``analysis/judge.py``) at the decision, valuing every
legal action, and says whether one action (or one set of equivalent ones) is clearly best on the
seat's information and best face up; ``prove(puzzle)`` checks a stored puzzle again, decision by
decision. A mistake is what the coach and the Review call one: a cost of at least the game's
mistake threshold (``analysis/outcome.thresholds``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardwidgets.analysis.dd import DoubleDummy
from cardwidgets.analysis.judge import DD_NODES_COMPILED, Judgement, _face_up, default_nodes, judge
from cardwidgets.analysis.outcome import thresholds
from cardwidgets.analysis.position import declaring_seats, play_phases
from cardwidgets.bots import heuristic
from cardwidgets.core.state import GameState
from cardwidgets.puzzles.format import Puzzle, Values

#: Two values closer than this are the same (the means are sums of whole scores over the deals).
EPSILON = 1e-9
#: The deals of the generator's first look at a decision (``examine(screen=True)``).
SCREEN_SAMPLES = 16


@dataclass(frozen=True)
class Proof:
    """The answer at one decision: proved or not (``why``: a short code of the first failure), its solution, values."""

    proved: bool
    why: str
    solution: tuple[str, ...] = ()
    values: Values | None = None
    judgement: Judgement | None = None


def examine(
    state: GameState, seat: int, *, nodes: int | None = None, face_up: bool = True, screen: bool = False
) -> Proof:
    """Whether the decision of ``seat`` in ``state`` (not changed) is a puzzle, and its proof.

    ``face_up=False`` skips the solver (the first half of the proof alone, e.g. to screen a candidate
    before the costlier face-up solve: a decision it refuses is refused by the whole proof too).
    ``screen``: first look at the judge's first ``SCREEN_SAMPLES`` deals only, and give up when no action stands
    out there by half the mistake threshold (the generator's shortcut: it may miss a puzzle, never keep a wrong one).
    """
    if state.is_done or state.to_act != seat or len(state.legal_actions()) < 2:
        return Proof(False, "no_choice")
    in_play = state.phase in play_phases(state.game_name)
    if screen and not _worth_judging(state, seat):
        return Proof(False, "screened")
    judgement = judge(state, seat, dd=False)
    legal = list(state.legal_strings())
    compared = list(judgement.results)
    if len(compared) < len(legal):  # a long run of bids: the judge's candidates first, then every legal action
        first_look = _decide(judgement, compared, in_play=in_play, face_up=False)
        if not first_look.proved:
            return first_look
    for action in legal:
        judgement.value(action)
    screened = _decide(judgement, legal, in_play=in_play, face_up=False)
    if not (screened.proved and face_up and in_play):
        return screened
    # the solver only for a decision the sampled half proves: the same face-up solve the judge makes
    judgement.dd, judgement.dd_status = _face_up(state, seat, nodes or default_nodes(state))
    return _decide(judgement, legal, in_play=in_play, face_up=True)


def _worth_judging(state: GameState, seat: int) -> bool:
    """Whether the best action stands out by half the mistake threshold in the judge's first few sampled deals."""
    quick = judge(state, seat, dd=False, samples=SCREEN_SAMPLES)
    groups = {tuple(row): sum(row) / len(row) for row in quick.results.values()}  # equivalent actions count once
    means = sorted(groups.values(), reverse=True)
    return len(means) > 1 and means[0] - means[1] >= thresholds(state.game_name)[1] / 2


def _decide(j: Judgement, legal: list[str], *, in_play: bool, face_up: bool) -> Proof:
    """The proof's three conditions on a judgement of every legal action."""
    floor, mistake = thresholds(j.state.game_name)
    if face_up and in_play and (j.dd is None or j.dd_status != "done"):
        return Proof(False, "face_up_unfinished", judgement=j)
    solution, values = measure(j, legal, face_up=face_up and in_play)
    others = [a for a in legal if a not in solution]
    if not others:
        return Proof(False, "no_difference", judgement=j)
    if values.cost < mistake - EPSILON:
        return Proof(False, "next_best_not_a_mistake", judgement=j)
    top = values.mc[solution[0]]
    if any(top - values.mc[a] - 2 * values.error[a] < floor - EPSILON for a in others):
        return Proof(False, "within_noise", judgement=j)
    dd = values.dd
    if dd is not None and (dd[solution[0]] != max(dd.values()) or (values.dd_cost or 0) <= 0):
        why = "not_best_face_up" if dd[solution[0]] != max(dd.values()) else "other_as_good_face_up"
        return Proof(False, why, judgement=j)
    return Proof(True, "", solution, values, j)


def measure(j: Judgement, legal: list[str], *, face_up: bool) -> tuple[tuple[str, ...], Values]:
    """The judge's best action with those equivalent to it, and the values of every action in ``legal``.

    Equivalent: the same result in every sampled deal and (``face_up``) face up; ``face_up`` takes the face-up
    values of ``j``, which must be done.
    """
    means = {a: j.mean(a) for a in legal}
    first = next(a for a in j.best() if a in legal)
    dd = j.dd if face_up else None
    same = [a for a in legal if j.value(a) == j.value(first) and (dd is None or dd[a] == dd[first])]
    others = [a for a in legal if a not in same]
    errors = {a: (j.error(a, first) if a in others else 0.0) for a in legal}
    cost = min((means[first] - means[a] for a in others), default=0.0)
    dd_cost = None if dd is None else min((dd[first] - dd[a] for a in others), default=0)
    values = Values(
        j.samples,
        {a: round(means[a], 3) for a in legal},
        {a: round(errors[a], 3) for a in legal},
        None if dd is None else {a: dd[a] for a in legal},
        round(cost, 3),
        dd_cost,
    )
    return (first, *(a for a in same if a != first)), values


def reply(state: GameState, nodes: int | None = None) -> str:
    """The move of a seat replying in a puzzle's line: the solver's best in the card play, else the rules of thumb.

    In the card play the declaring side takes the most points and the others the fewest, the first such
    action in legal order (as the judge plays a line to the end); a forced move is that move.
    """
    legal = state.legal_strings()
    if len(legal) == 1:
        return legal[0]
    if state.phase in play_phases(state.game_name):
        values = DoubleDummy(max_nodes=nodes or DD_NODES_COMPILED).values(state)
        side = 1 if declaring_seats(state)[state.actor] else -1
        return max(values, key=lambda a: side * values[a])
    return heuristic.policy(state).text


def prove(puzzle: Puzzle, *, face_up: bool = True, sampled: bool = True, nodes: int | None = None) -> list[str]:
    """What does not hold of ``puzzle`` now (empty: proved again), one line per failure.

    ``face_up``: check the solver's half (best face up, every other action worse); ``sampled``: the judge's
    (one best on the seat's information, every other action a mistake beyond the noise). Each decision's
    solution must be the one stored, and the replies of the line the ones the opponents play.
    """
    problems: list[str] = []
    decisions = puzzle.decisions
    for number, (state, decision) in enumerate(puzzle.positions(), 1):
        where = f"{puzzle.id} decision {number} (step {decision.step})"
        in_play = state.phase in play_phases(state.game_name)
        if sampled:
            proof = examine(state, puzzle.seat, nodes=nodes, face_up=face_up)
            if not proof.proved:
                problems.append(f"{where}: {proof.why}")
            elif set(proof.solution) != set(decision.solution):
                problems.append(f"{where}: the solution is now {sorted(proof.solution)}")
        elif face_up and in_play:
            problems += [f"{where}: {why}" for why in _face_up_only(state, puzzle.seat, decision.solution, nodes)]
        if number < len(decisions):
            line = state.clone()
            line.apply(decision.solution[0])
            for expected in decision.replies:
                if line.to_act == puzzle.seat and len(line.legal_actions()) > 1:
                    problems.append(f"{where}: the seat decides again before its next decision")
                    break
                found = reply(line, nodes)
                if found != expected:
                    problems.append(f"{where}: the reply is now {found}, not {expected}")
                    break
                line.apply(found)
    return problems


def _face_up_only(state: GameState, seat: int, solution: tuple[str, ...], nodes: int | None) -> list[str]:
    """The face-up half of the proof alone: the solver finishes, the solution is best, every other action worse."""
    values, status = _face_up(state, seat, nodes or default_nodes(state))
    if values is None or status != "done":
        return ["face_up_unfinished"]
    best = max(values.values())
    if any(values[a] != best for a in solution):
        return ["not_best_face_up"]
    if any(values[a] >= best for a in values if a not in solution):
        return ["other_as_good_face_up"]
    return []
