"""The coaching table's judge: was the learner's move the best, a good or a costly choice — and why.

``judge(state, action)`` is asked *before* the move is applied. It runs the search
bot (``bots/search.py``) exactly as the Hint does — the same seed, the same moves
compared over the same sampled deals, which fit everything the learner's seat has
seen — with the learner's own move played in those deals too. So the verdict uses
only what the learner could know, and the Hint's move is always judged best:

- ``best``: no move averaged more (within the search's noise, ``TIE``);
- ``good``: another move averaged more, but by less than ``COSTLY`` points;
- ``mistake``: another move averaged at least ``COSTLY`` points more.

A forced move is always ``best``. The same state, action and seed give the same verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardwidgets.bots import heuristic
from cardwidgets.bots.search import SearchBot
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES, Points, number_text
from cardwidgets.i18n.ui import action_label

VERDICTS = ("best", "good", "mistake")
#: A move that averaged at least this many points less than the best is costly (the deal's points, per game).
COSTLY = {"nimby": 0.5, "tumbochka": 1.0, "nestors": 20.0}
#: Moves this close to the best count as best: the search samples, so tiny gaps are noise.
TIE = {"nimby": 0.05, "tumbochka": 0.1, "nestors": 3.0}


@dataclass(frozen=True)
class Verdict:
    """The judgement of one move: ``verdict`` (best/good/mistake), why, and a better move if there is one."""

    verdict: str
    reason: Explanation
    better: Action | None

    def to_json(self, locale: str = "en") -> dict[str, Any]:
        """The Table's ``feedback`` trait: ``{"verdict", "text", "rule", "better"}``."""
        return {
            "verdict": self.verdict,
            "text": self.reason.text(locale),
            "rule": self.reason.rule,
            "better": self.better.text if self.better is not None else None,
        }


def judge(state: GameState, action: Action | str, seed: int = 0) -> Verdict:
    """How good ``action`` is for the seat to act in ``state`` (not changed), on what that seat can see."""
    chosen = state.parse(action) if isinstance(action, str) else action
    legal = state.legal_actions()
    game = state.game_name
    if len(legal) == 1:
        return Verdict("best", Explanation("BOT", "coach.only", {"action": _label(chosen, game)}), None)
    candidates = list(heuristic.candidates(state))
    samples = SearchBot(seed).budget(state, len(candidates))  # the Hint's own budget and deals ...
    if chosen not in candidates:  # ... with the learner's move played in the same deals
        candidates.append(chosen)
    bot = SearchBot(seed, samples=samples)
    found = bot.evaluate(state, candidates)
    mine = next(e for e in found if e.action == chosen)
    best = found[0]
    loss = best.value - mine.value
    tip = heuristic.decide(state)
    params = {
        "action": _label(chosen, game),
        "value": Points(mine.value, game, signed=True, decimals=1),
        "n": samples,
    }
    if best.action == chosen or loss < TIE[game]:
        return Verdict("best", Explanation(tip.reason.rule, "coach.best", params), None)
    params.update(loss=_number(loss), better=_label(best.action, game, lower=True), tip=_texts(tip.reason))
    verdict = "mistake" if loss >= COSTLY[game] else "good"
    rule = tip.reason.rule if tip.action == best.action else "BOT"
    key = "coach.mistake" if verdict == "mistake" else "coach.good"
    if tip.action != best.action:
        params["tip"] = dict.fromkeys(LOCALES, "")
    return Verdict(verdict, Explanation(rule, key, params), best.action)


def _number(value: float) -> dict[str, str]:
    """A number with one decimal, written the way each language writes it (``1.5`` / «1,5»)."""
    return {locale: number_text(value, locale, decimals=1) for locale in LOCALES}


def _label(action: Action, game: str, *, lower: bool = False) -> dict[str, str]:
    """An action's button label per locale, lower-cased to stand inside a sentence."""
    labels = {locale: action_label(action.text, locale, game) for locale in LOCALES}
    return {k: v[0].lower() + v[1:] for k, v in labels.items()} if lower else labels


def _texts(reason: Explanation) -> dict[str, str]:
    """The rule of thumb's reason, rendered in every locale, as the end of a coaching sentence."""
    texts = {locale: reason.text(locale) for locale in LOCALES}
    return {locale: f" {text[:1].upper()}{text[1:]}." for locale, text in texts.items()}
