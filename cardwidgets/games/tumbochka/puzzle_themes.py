"""Tumbochka's puzzle themes (``cardwidgets/puzzles``): what decides a puzzle, named in English and Russian.

A puzzle's theme is read from the rule of thumb's reason at the decision (``bot.py``) when its move
is the solution; when it is not, from the kind of decision (the auction, the talon, a lead, a follow).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.core.explain import Explanation
from cardwidgets.games.tumbochka import texts
from cardwidgets.games.tumbochka.engine import TumbochkaState

#: Each theme's name (``texts.PUZZLE_THEMES``: the rule that decides it in brackets).
THEMES: dict[str, dict[str, str]] = texts.PUZZLE_THEMES

#: The rule of thumb's reasons, by key, and the theme each shows.
REASONS: dict[str, str] = {
    "bots.tumbochka.bid": "the_bid",
    "bots.tumbochka.pass": "the_bid",
    "bots.tumbochka.give": "the_gift",
    "bots.tumbochka.give_more": "the_gift",
    "bots.tumbochka.raise": "raise_or_keep",
    "bots.tumbochka.keep": "raise_or_keep",
    "bots.tumbochka.trilyazh": "announce",
    "bots.tumbochka.troyan": "announce",
    "bots.tumbochka.break_trilyazh": "break_the_trilyazh",
    "bots.tumbochka.lead_top": "cash_the_top",
    "bots.tumbochka.lead_top_after": "cash_the_top",
    "bots.tumbochka.lead_low": "lead_low",
    "bots.tumbochka.take": "take_the_trick",
    "bots.tumbochka.duck": "duck",
}
#: The theme of a decision outside the play by the verb of its solution.
VERBS = {"bid": "the_bid", "pass": "the_bid", "give": "the_gift", "raise": "raise_or_keep", "keep": "raise_or_keep"}


def themes(state: TumbochkaState, solution: Sequence[str], tip: Explanation, agrees: bool) -> list[str]:
    """The themes of the decision: the rule of thumb's, when it finds the solution; else the kind of decision."""
    if agrees and tip.key in REASONS:
        return [REASONS[tip.key]]
    words = solution[0].split()
    if words[0] in VERBS:
        return [VERBS[words[0]]]
    if len(words) > 2:
        return ["announce"]
    last = state.tricks[-1] if state.tricks else None
    leading = last is None or not last.plays or last.collector is not None
    return ["the_lead" if leading else "the_follow"]
