"""``SearchBot``: determinized Monte Carlo over the rules-of-thumb playouts.

For one decision the bot

1. reads what its seat knows (``state.knowledge(seat)``: cards seen, voids shown,
   cards exchanged, a talon, cards shown …);
2. deals the hidden cards ``samples`` times consistently with that knowledge
   (``state.world(known, rng)``), each a full deal the engine can play;
3. in each such world, plays every candidate action and then the rest of the
   deal with the heuristic policy for all seats (``games/<game>/bot.py``), and
   scores the end for its side (``utility``);
4. picks the candidate with the best average. Every candidate meets the same
   worlds, so the comparison is paired and needs few samples.

The reason combines the rule of thumb with the evidence ("… in 40 simulated
deals this averaged +1.2 points, 0.8 more than Play 3♠"). A seeded bot is
deterministic: the budget is a number of samples, not a time. The default
budget keeps a decision's p95 at or under 250 ms on a 2-core machine
(``benchmarks/bots.py`` measures it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardwidgets.bots import heuristic
from cardwidgets.bots.base import Decision, Player, hand_sizes, only_move, seat_to_act
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.registry import get_game, spec_of
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, Points
from cardwidgets.i18n.names import action_label, action_phrase

#: Each game's rules of thumb (``games/<game>/bot.py``) give its default budget per decision,
#: ``BUDGET`` (cards played in all the playouts together: a decision early in a deal, with long
#: playouts, samples fewer worlds than one near its end), and ``UNDEALT``: the cards still to come
#: into play before the hands are complete (stock, talon, face-down and undealt).
#: Never fewer worlds than this, however many candidates; never more than the cap.
MIN_SAMPLES = 8
MAX_SAMPLES = 200


def default_samples(state: GameState, candidates: int, in_hands: int) -> int:
    """Worlds to sample among ``candidates`` with ``in_hands`` cards in the hands: the game's ``BUDGET``, shared out."""
    rules = spec_of(state.game_name).bot()
    cards_left = in_hands + (rules.UNDEALT if not state.tricks else 0)
    return max(MIN_SAMPLES, min(MAX_SAMPLES, rules.BUDGET // (candidates * max(1, cards_left))))


@dataclass(frozen=True)
class Evaluation:
    """What the search found for one candidate action."""

    action: Action
    #: Mean utility over the sampled worlds (points for the seat's side, see ``utility``).
    value: float
    #: Share of worlds in which the seat's side took the current trick (plays only), else None.
    trick_share: float | None


def utility(state: GameState, seat: int) -> float:
    """The finished deal's score for ``seat``'s side less the mean of the other sides' scores."""
    game = get_game(state.game_name)
    score = state.score() or [0] * game.num_sides()
    side = game.sides[seat]
    others = [points for s, points in enumerate(score) if s != side]
    return score[side] - sum(others) / len(others)


def playout(state: GameState, policy: Callable[[GameState], Action]) -> None:
    """Play ``state`` to the end with ``policy`` for every seat."""
    while not state.is_done:
        state.apply(policy(state))


class SearchBot(Player):
    """Determinized Monte Carlo (see the module docstring); ``samples`` overrides the default budget."""

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def budget(self, state: GameState, candidates: int) -> int:
        """Worlds to sample for a decision among ``candidates`` actions."""
        if self.samples is not None:
            return self.samples
        return default_samples(state, candidates, sum(hand_sizes(state)))

    def evaluate(self, state: GameState, actions: Sequence[Action] | None = None) -> list[Evaluation]:
        """Each of ``actions`` (default: the candidates) with its average over sampled worlds, best first."""
        seat = seat_to_act(state)
        actions = heuristic.candidates(state) if actions is None else actions
        known = state.knowledge(seat)
        samples = self.budget(state, len(actions))
        totals = [0.0] * len(actions)
        tricks = [0] * len(actions)
        trick_index = len(state.tricks) - 1
        side = get_game(state.game_name).sides
        for _ in range(samples):
            sample = state.world(known, self.rng)
            for i, action in enumerate(actions):
                line = sample.clone()
                line.apply(action)
                playout(line, heuristic.policy)
                totals[i] += utility(line, seat)
                if action.verb == "play":
                    collector = line.tricks[trick_index].collector
                    tricks[i] += collector is not None and side[collector] == side[seat]
        found = [
            Evaluation(a, totals[i] / samples, tricks[i] / samples if a.verb == "play" else None)
            for i, a in enumerate(actions)
        ]
        preferred = heuristic.policy(state)  # on a tie, the rule of thumb's move
        return sorted(found, key=lambda e: (-e.value, e.action is not preferred))

    def decide(self, state: GameState) -> Decision:
        """The best candidate on average, with a reason a learner can follow."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], only_move(legal[0], state.game_name))
        found = self.evaluate(state)
        if len(found) == 1:
            return Decision(found[0].action, only_move(found[0].action, state.game_name))
        samples = self.budget(state, len(found))
        return Decision(found[0].action, search_reason(state, found, samples))


def search_reason(state: GameState, found: list[Evaluation], samples: int) -> Explanation:
    """Why the best evaluation won: the rule of thumb (if it agrees) and the numbers."""
    best, second = found[0], found[1]
    tip = heuristic.decide(state)
    trick = dict.fromkeys(LOCALES, "")
    if best.trick_share is not None:
        share = Explanation("BOT", "bots.search.trick", {"pct": round(100 * best.trick_share)})
        trick = _texts(share)
    margin = best.value - second.value
    compare = Explanation(
        "BOT",
        "bots.search.more" if margin >= 0.05 else "bots.search.tie",
        {
            "margin": Points(margin, state.game_name, decimals=1),
            "second": _labels(second.action, state.game_name, lower=True),
        },
    )
    params = {
        "n": samples,
        "value": Points(best.value, state.game_name, signed=True, decimals=1),
        "trick": trick,
        "compare": _texts(compare),
        "tip": _texts(tip.reason),
    }
    if tip.action == best.action:
        return Explanation(tip.reason.rule, "bots.search.agree", params)
    params.update(action=_labels(best.action, state.game_name))
    return Explanation("BOT", "bots.search.differ", params)


def _texts(reason: Explanation) -> dict[str, str]:
    """An explanation rendered in every locale, to stand inside another one."""
    return {locale: reason.text(locale) for locale in LOCALES}


def _labels(action: Action, game: str, lower: bool = False) -> dict[str, str]:
    """An action's button label per locale ("Play A♦"), lower-cased to stand inside a sentence."""
    show = action_phrase if lower else action_label
    return {locale: show(action.text, locale, game) for locale in LOCALES}
