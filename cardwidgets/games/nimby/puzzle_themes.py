"""Nimby's puzzle themes (``cardwidgets/puzzles``): what decides a puzzle, named in English and Russian.

A puzzle's theme is read from the rule of thumb's reason at the decision (``bot.py``) when its move
is the solution; when it is not, from the kind of decision (the trump call, the lead, a later card).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.core.explain import Explanation
from cardwidgets.games.nimby import texts
from cardwidgets.games.nimby.engine import NimbyState

#: Each theme's name (``texts.PUZZLE_THEMES``: the rule that decides it in brackets).
THEMES: dict[str, dict[str, str]] = texts.PUZZLE_THEMES

#: The rule of thumb's reasons, by key, and the theme each shows.
REASONS: dict[str, str] = {
    "bots.nimby.agree": "trump_call",
    "bots.nimby.pass_weak": "trump_call",
    "bots.nimby.pass_partner": "trump_call",
    "bots.nimby.pass_opponent": "trump_call",
    "bots.nimby.exchange": "exchange",
    "bots.nimby.lead_top_two": "top_trump",
    "bots.nimby.lead_top_two_after": "count_the_twos",
    "bots.nimby.lead_low": "lead_low",
    "bots.nimby.lead_low_trump": "lead_low",
    "bots.nimby.bank_two": "bank_a_two",
    "bots.nimby.bank_two_over": "bank_a_two",
    "bots.nimby.partner_wins": "bank_a_two",
    "bots.nimby.partner_wins_over": "bank_a_two",
    "bots.nimby.take_twos": "count_the_twos",
    "bots.nimby.take_safe": "take_the_trick",
    "bots.nimby.duck": "duck",
    "bots.nimby.duck_no_twos": "duck",
    "bots.nimby.duck_two": "count_the_twos",
}


def themes(state: NimbyState, solution: Sequence[str], tip: Explanation, agrees: bool) -> list[str]:
    """The themes of the decision: the rule of thumb's, when it finds the solution; else the kind of decision."""
    if agrees and tip.key in REASONS:
        return [REASONS[tip.key]]
    if not solution[0].startswith("play"):
        return ["exchange" if solution[0].startswith("exchange") else "trump_call"]
    last = state.tricks[-1] if state.tricks else None
    leading = last is None or not last.plays or last.collector is not None
    return ["the_lead" if leading else "the_follow"]
