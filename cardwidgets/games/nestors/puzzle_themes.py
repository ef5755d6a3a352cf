"""Nestors' puzzle themes (``cardwidgets/puzzles``): what decides a puzzle, named in English and Russian.

A puzzle's theme is read from the rule of thumb's reason at the decision (``bot.py``) when its move
is the solution; when it is not, from the kind of decision (the auction, the trump, the opening
trick, the card left on the table, a lead, a follow).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.core.explain import Explanation
from cardwidgets.games.nestors import texts
from cardwidgets.games.nestors.engine import NestorsState

#: Each theme's name (``texts.PUZZLE_THEMES``: the rule that decides it in brackets).
THEMES: dict[str, dict[str, str]] = texts.PUZZLE_THEMES

#: The rule of thumb's reasons, by key, and the theme each shows.
REASONS: dict[str, str] = {
    "bots.nestors.bid": "the_bid",
    "bots.nestors.pass": "the_bid",
    "bots.nestors.pass_partner": "leave_it_to_partner",
    "bots.nestors.trump": "the_trump",
    "bots.nestors.open": "the_opening_trick",
    "bots.nestors.leave": "which_card_to_leave",
    "bots.nestors.lead_trump": "draw_trumps",
    "bots.nestors.lead_high": "lead_high",
    "bots.nestors.lead_plain": "lead_high",
    "bots.nestors.b_lost": "b_duty",
    "bots.nestors.b_trump": "b_duty",
    "bots.nestors.b_higher": "b_duty",
    "bots.nestors.c_win": "c_duty",
    "bots.nestors.c_schmear": "schmear",
    "bots.nestors.dump": "cheapest",
    "bots.nestors.cheapest": "cheapest",
}
#: The theme of a decision outside the card play by the verb of its solution.
VERBS = {
    "bid": "the_bid", "pass": "the_bid", "trump": "the_trump", "open": "the_opening_trick",
    "leave": "which_card_to_leave",
}  # fmt: skip


def themes(state: NestorsState, solution: Sequence[str], tip: Explanation, agrees: bool) -> list[str]:
    """The themes of the decision: the rule of thumb's, when it finds the solution; else the kind of decision."""
    if agrees and tip.key in REASONS:
        return [REASONS[tip.key]]
    verb = solution[0].split()[0]
    if verb in VERBS:
        return [VERBS[verb]]
    last = state.tricks[-1] if state.tricks else None
    leading = last is None or not last.plays or last.collector is not None
    return ["the_lead" if leading else "the_follow"]
