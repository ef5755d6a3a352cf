"""The judge: one answer to "how good was this move?" for every teaching tool (docs/analysis.md).

``judge(state, seat)`` values every legal action of the seat to act, in the
game's own score unit for that seat (``analysis/outcome.py``):

- **on the seat's information** (``mc``): the same ``samples`` deals for every
  action (common random numbers), dealt from what the seat has seen
  (``state.knowledge`` / ``state.world``), each action played in each and the
  deal finished by the rules of thumb for every seat; the mean and, per
  action, the standard error of its difference from the best (``mc_error``);
- **with all cards face up** (``dd``, in the play only): the double-dummy
  solver on the real deal, when it finishes within ``nodes`` positions.

The sampled deals are seeded from what the seat has been shown (``judge_seed``), and the
solver's budget counts positions, not seconds: asking twice, or from another tool, gives the
same answer, and so does every deal the seat cannot tell apart. ``Judgement.assess(action)``
gives the verdict, on the seat's information alone (the coach, who has no face-up values,
says the same word as the Review; the face-up cost is a figure beside it):

- ``no_choice``: no legal action changes the result in any sampled deal;
- ``best``: no action averaged more;
- ``good``: less than the best, but within the noise (under two standard errors,
  or under the game's least cost);
- ``inaccuracy`` / ``mistake``: beyond the noise; a mistake costs at least the
  game's mistake threshold.

The coach (``Table(coach=True)``), the Table's Hint and Review, ``post_mortem``
and ``HandReplay``'s Analysis all ask this module; none computes a verdict.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.analysis import wasm_core
from cardwidgets.analysis.checks import MAX_NODES, check_number, check_samples, check_seat
from cardwidgets.analysis.dd import AnalysisError, DoubleDummy, position_of
from cardwidgets.analysis.outcome import result_of, result_of_points, thresholds
from cardwidgets.analysis.position import declaring_seats, play_phases
from cardwidgets.analysis.solver import Unfinished
from cardwidgets.bots import heuristic
from cardwidgets.bots.search import default_samples, playout
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.registry import get_game
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, Points
from cardwidgets.i18n.names import action_phrase

VERDICTS = ("best", "good", "inaccuracy", "mistake", "no_choice")
#: The solver's budget on the real deal, in positions (a count, so the answer never depends on the machine's load).
DD_NODES = 100_000
#: The budget when the compiled core answers (2-3 M positions/s against the Python solver's
#: 0.1-0.2 M): enough for every decision of the Reviews measured (docs/analysis.md), trick 2 included.
DD_NODES_COMPILED = 30_000_000
#: At most this many actions are valued together outside the play (bids: the rules of thumb's candidates).
MAX_ACTIONS = 16


def sample_count(state: GameState, actions: int) -> int:
    """Deals to sample for a decision among ``actions``: the search bot's budget of cards played in all playouts."""
    return default_samples(state, actions, sum(len(hand) for hand in state.hands))


def judge_seed(state: GameState, seat: int) -> int:
    """The sampler's seed: what ``seat`` has been shown (its view, which names no hidden card), nothing else.

    Two deals the seat cannot tell apart give the same seed, so the same sampled deals: what the judge
    says about the seat's decision tells nothing about the cards it cannot see.
    """
    view = json.dumps(state.view(seat), sort_keys=True, default=str)
    return zlib.crc32(f"{state.game_name}|{seat}|{view}".encode())


@dataclass(frozen=True)
class Assessment:
    """The judge's answer on one action: the verdict word and the figures behind it (score units)."""

    action: str
    verdict: str
    #: The actions with the best mean on the seat's information, and on the real deal face up ([] if not solved).
    best: list[str]
    dd_best: list[str]
    mc: float
    #: The cost against the best mean and its standard error, rounded to one decimal as every sentence writes them.
    mc_cost: float
    mc_error: float
    #: The result face up, and its cost against the best face up (None: not solved within the budget).
    dd: int | None
    dd_cost: int | None
    samples: int
    #: The best action's mean and (face up) value, for the sentences.
    best_mc: float
    best_dd: int | None
    #: How many actions were valued (all the legal ones in the play; the candidates of a long run of bids).
    valued: int = 0


@dataclass
class Judgement:
    """Every valued action of one decision: per-world results and face-up results (see ``judge``)."""

    state: GameState
    seat: int
    worlds: list[GameState]
    dd: dict[str, int] | None
    dd_status: str  # "done" | "unfinished" | "none" (outside the play)
    results: dict[str, list[float]] = field(default_factory=dict)

    @property
    def samples(self) -> int:
        """How many deals were sampled."""
        return len(self.worlds)

    def value(self, action: str) -> list[float]:
        """``action``'s result in each sampled deal (worked out once, in the same deals as every other action)."""
        if action not in self.results:
            found = []
            for world in self.worlds:
                line = world.clone()
                line.apply(action)
                playout(line, heuristic.policy)
                found.append(float(result_of(line, self.seat)))
            self.results[action] = found
        return self.results[action]

    def mean(self, action: str) -> float:
        """``action``'s mean result over the sampled deals."""
        values = self.value(action)
        return sum(values) / len(values)

    def best(self) -> list[str]:
        """The valued actions with the highest mean (the rule of thumb's move first on a tie)."""
        means = {a: self.mean(a) for a in self.results}
        top = max(means.values())
        best = [a for a, m in means.items() if m >= top - 1e-9]
        preferred = heuristic.policy(self.state).text
        return sorted(best, key=lambda a: a != preferred)

    def error(self, action: str, against: str) -> float:
        """The standard error of the mean difference between ``against`` and ``action`` (paired deals)."""
        diffs = [b - a for a, b in zip(self.value(action), self.value(against), strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return math.sqrt(var / n)

    def changes_nothing(self) -> bool:
        """Whether no valued action changes the result: the same in every sampled deal."""
        rows = list(self.results.values())
        return all(row == rows[0] for row in rows)

    def assess(self, action: Action | str) -> Assessment:
        """The verdict on ``action`` (a legal action of the decision) and its figures."""
        text = self._legal(action)
        self.value(text)
        best = self.best()
        top = best[0]
        cost = max(0.0, self.mean(top) - self.mean(text))
        err = self.error(text, top) if cost > 0 else 0.0
        floor, mistake = thresholds(self.state.game_name)
        dd, dd_best, dd_cost, best_dd = None, [], None, None
        if self.dd is not None and self.dd_status == "done":
            best_dd = max(self.dd.values())
            dd_best = [a for a, v in self.dd.items() if v == best_dd]
            dd = self.dd[text]
            dd_cost = best_dd - dd
        if len(self.state.legal_actions()) == 1 or self.changes_nothing():
            verdict = "no_choice"
        elif cost <= 1e-9:
            verdict = "best"
        elif cost < floor or cost < 2 * err:
            verdict = "good"
        else:
            verdict = "mistake" if cost >= mistake else "inaccuracy"
        return Assessment(
            text, verdict, best, dd_best, self.mean(text), round(cost, 1), round(err, 1),
            dd, dd_cost, self.samples, self.mean(top), best_dd, len(self.results),
        )  # fmt: skip

    def _legal(self, action: Action | str) -> str:
        """``action`` as canonical text, or ``AnalysisError`` when it is not legal here."""
        legal = self.state.legal_strings()
        text = action.text if isinstance(action, Action) else action
        if isinstance(text, str) and text not in legal:
            with contextlib.suppress(Exception):  # not an action of this game: refused below
                text = self.state.parse(text).text
        if not isinstance(text, str) or text not in legal:
            raise AnalysisError(Explanation("ANALYSIS", "analysis.judge_not_legal", {"action": repr(action)[:40]}))
        return text


def judge(
    state: GameState, seat: int | None = None, *, dd: bool = True, nodes: int | None = None, samples: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Judgement:
    """The judge's values for the decision of ``seat`` (default: the seat to act) in ``state`` (not changed).

    ``dd=False`` skips the face-up solve (the live coach needs only the seat's information).
    ``stop`` is asked before each action is played out in the sampled deals: once it says True the
    judge raises ``Unfinished`` (a deadline gives an answer in full or none, never a thinner one).
    Bad input — not a state, a finished deal, a seat that is not to act, a bad budget —
    raises ``AnalysisError`` and changes nothing.
    """
    seat = _check(state, seat, nodes, samples)
    legal = list(state.legal_strings())
    in_play = state.phase in play_phases(state.game_name)
    if nodes is None:  # the compiled core is loaded only when a face-up solve is asked
        nodes = default_nodes(state) if in_play and dd else DD_NODES
    valued = legal if in_play or len(legal) <= MAX_ACTIONS else [a.text for a in heuristic.candidates(state)]
    count = samples if samples is not None else sample_count(state, len(valued))
    worlds: list[GameState] = []
    if len(legal) > 1:
        known = state.knowledge(seat)
        rng = random.Random(judge_seed(state, seat))
        worlds = [state.world(known, rng) for _ in range(count)]
    values, status = _face_up(state, seat, nodes) if in_play and dd else (None, "none")
    judgement = Judgement(state, seat, worlds, values, status)
    if worlds:
        for action in valued:
            if stop is not None and stop():
                raise Unfinished(sum(len(found) for found in judgement.results.values()))
            judgement.value(action)
    else:
        judgement.results = {legal[0]: [0.0]}
    return judgement


def default_nodes(state: GameState) -> int:
    """The face-up budget: ``DD_NODES_COMPILED`` where the compiled core will answer, else ``DD_NODES``."""
    spec = position_of(state).compiled
    compiled = spec is not None and wasm_core.core(spec) is not None
    return DD_NODES_COMPILED if compiled else DD_NODES


def _check(state: Any, seat: Any, nodes: Any, samples: Any) -> int:
    """The seat whose decision it is, or ``AnalysisError`` (nothing is changed)."""
    if not isinstance(state, GameState):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.not_a_state", {"what": type(state).__name__}))
    if seat is not None:
        check_seat(seat, state.num_players)
    if state.is_done or state.to_act is None or (seat is not None and seat != state.to_act):
        raise AnalysisError(Explanation("ANALYSIS", "analysis.judge_not_to_act", {"seat": seat}))
    check_number("nodes", nodes, low=1, high=MAX_NODES, whole=True, optional=True)
    if samples is not None:
        check_samples(samples)
    return state.to_act


def _face_up(state: GameState, seat: int, nodes: int) -> tuple[dict[str, int] | None, str]:
    """Each action's result for ``seat`` with all cards face up, or (None, "unfinished") past ``nodes``.

    A fresh solver each time: how much of the budget a solve takes must not depend on what was asked before.
    """
    solver = DoubleDummy(max_nodes=nodes)
    try:
        points = solver.values(state)
        found: dict[str, int] = {}
        for action, value in points.items():
            result = result_of_points(state, seat, value)
            found[action] = result if result is not None else _line_result(solver, state, action, seat)
    except Unfinished:
        return None, "unfinished"
    return found, "done"


def _line_result(solver: DoubleDummy, state: GameState, action: str, seat: int) -> int:
    """The result for ``seat`` after ``action`` and the solver's line to the end.

    On the line the declaring side maximises its points and the others minimise them — they play for
    each other against the declarer — taking the first such action in legal order.
    """
    line = state.clone()
    line.apply(action)
    while line.phase in play_phases(line.game_name):
        values = solver.values(line)
        side = 1 if declaring_seats(line)[line.actor] else -1
        line.apply(max(values, key=lambda a: side * values[a]))
    while not line.is_done:  # nothing left to choose (a forced leave, a closing step)
        line.apply(line.legal_actions()[0])
    return result_of(line, seat)


# ----- the judge's words (every tool says the same sentence for the same verdict) -------------------
def explain(assessment: Assessment, state: GameState, seat: int, *, face_up: bool = True) -> Explanation:
    """The verdict in words: what it is, the figures on the seat's information, then (``face_up``) face up.

    Every action named is the judgement's: the action judged, and as the better one its best. The rule of
    thumb's reason is added only about the action the sentence recommends: the one judged when it is
    best, the better one after an inaccuracy or a mistake.
    """
    game = state.game_name
    a = assessment
    legal = len(state.legal_actions())
    if a.verdict == "no_choice":
        return _no_choice(a, state, seat, legal, face_up=face_up)
    costly = a.verdict in ("inaccuracy", "mistake")
    lucky = costly and face_up and a.dd_cost == 0 and a.best_dd is not None
    clause = face_up_words(a, state, seat) if face_up and not lucky else dict.fromkeys(LOCALES, "")
    params: dict[str, Any] = {
        "action": phrase(a.action, game, capital=True),
        "better": phrase(a.best[0], game) if a.best else "",
        "mc": Points(a.mc, game, signed=True, decimals=1),
        "cost": Points(a.mc_cost, game, decimals=1),
        "err": Points(a.mc_error, game, decimals=1),
        "n": a.samples,
        "tip": _tip(state, a),
        "tied": _tied(state, a),
        "lucky": _all(Explanation("ANALYSIS", "judge.dd_lucky", {})) if lucky else dict.fromkeys(LOCALES, ""),
        "face_up": clause,
    }
    rule = heuristic.decide(state).reason.rule if params["tip"]["en"] else ""
    return Explanation(rule, f"judge.{a.verdict}", params)


def _no_choice(a: Assessment, state: GameState, seat: int, legal: int, *, face_up: bool) -> Explanation:
    """The verdict "no choice" as what it is: a single legal action, or every action valued giving the same result."""
    game = state.game_name
    params: dict[str, Any] = {
        "action": phrase(a.action, game, capital=True),
        "count": a.valued or legal,
        "n": a.samples,
    }
    if legal == 1:
        return Explanation("", "judge.only", params)
    if not face_up or state.phase not in play_phases(game):
        params["face_up"] = dict.fromkeys(LOCALES, "")
    elif a.dd is None:  # the sampled deals alone: say the solve did not finish
        params["face_up"] = face_up_words(a, state, seat)
    else:
        params["face_up"] = _all(Explanation("ANALYSIS", "judge.dd_same", {}))
    if a.valued and a.valued < legal:
        key = "judge.no_choice_compared"
    else:
        key = "judge.no_choice_play" if state.phase in play_phases(game) else "judge.no_choice"
    return Explanation("", key, params)


def face_up_words(a: Assessment, state: GameState, seat: int) -> dict[str, str]:
    """The face-up clause: best too, what it cost (results in words), or not valued."""
    game = state.game_name
    if a.dd is None or a.best_dd is None:
        key = "judge.dd_none" if state.phase not in play_phases(game) else "judge.dd_unfinished"
        return _all(Explanation("ANALYSIS", key, {}))
    if not a.dd_cost:
        return _all(Explanation("ANALYSIS", "judge.dd_best", {}))
    params = {
        "action": phrase(a.action, game),
        "dd": Points(a.dd_cost, game),
        "result": result_words(state, seat, a.dd),
        "best": phrase(a.dd_best[0], game),
        "best_result": result_words(state, seat, a.best_dd),
    }
    return _all(Explanation("ANALYSIS", "judge.dd_cost", params))


def result_words(state: GameState, seat: int, value: int) -> dict[str, str]:
    """A deal's result for ``seat`` in words: the contract made or failed, or the score for his side."""
    game = state.game_name
    points = Points(value, game, signed=True)
    contract = state.contract_json() or {}
    if contract.get("seat") == seat and len(set(get_game(game).sides)) == state.num_players:
        key = "judge.result_made" if value > 0 else "judge.result_failed"
        return _all(Explanation("ANALYSIS", key, {"contract": contract.get("bid", ""), "value": points}))
    own = len(set(get_game(game).sides)) == state.num_players
    return _all(Explanation("ANALYSIS", "judge.result_own" if own else "judge.result_side", {"value": points}))


def phrase(action: str, game: str, *, capital: bool = False) -> dict[str, str]:
    """An action in words per locale (``play KC`` → "play K♣" / «сыграть К♣»), never its code."""
    words = {locale: action_phrase(action, locale, game) for locale in LOCALES}
    return {locale: text[:1].upper() + text[1:] for locale, text in words.items()} if capital else words


def _tip(state: GameState, a: Assessment) -> dict[str, str]:
    """The rule of thumb's reason for the action the sentence recommends (else nothing).

    That action is the one judged when it is best, the judgement's best after an inaccuracy or a mistake;
    a best verdict never carries a tip about another action.
    """
    tip = heuristic.decide(state)
    recommended = a.action if a.verdict == "best" else a.best[0] if a.best and a.verdict != "good" else None
    if a.verdict == "no_choice" or tip.action.text != recommended or recommended not in a.best:
        return dict.fromkeys(LOCALES, "")
    texts = _all(tip.reason)
    return {locale: f" {text[:1].upper()}{text[1:]}." for locale, text in texts.items()}


def _tied(state: GameState, a: Assessment) -> dict[str, str]:
    """After a best action that is not the rule of thumb's: the rule of thumb's move, which did as well."""
    tip = heuristic.decide(state).action.text
    if a.verdict != "best" or tip == a.action or tip not in a.best:
        return dict.fromkeys(LOCALES, "")
    return _all(Explanation("ANALYSIS", "judge.tied", {"other": phrase(tip, state.game_name)}))


def _all(reason: Explanation) -> dict[str, str]:
    """An explanation rendered in every locale, to stand inside another one."""
    return {locale: reason.text(locale) for locale in LOCALES}
