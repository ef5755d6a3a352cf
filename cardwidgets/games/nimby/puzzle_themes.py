"""Nimby's puzzle themes (``cardwidgets/puzzles``): what decides a puzzle, named in English and Russian.

A puzzle's theme is read from the rule of thumb's reason at the decision (``bot.py``) when its move
is the solution; when it is not, from the kind of decision (the trump call, the lead, a later card).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.core.explain import Explanation
from cardwidgets.games.nimby.engine import NimbyState

#: Each theme's name (the rule that decides it in brackets).
THEMES: dict[str, dict[str, str]] = {
    "trump_call": {"en": "Call the trump or pass (NIM-6)", "ru": "Заказать козырь или пасовать (NIM-6)"},
    "exchange": {"en": "Exchange a 2 for the trump (NIM-4)", "ru": "Обмен двойки на козырь (NIM-4)"},
    "count_the_twos": {"en": "Count the 2s (NIM-6)", "ru": "Считайте двойки (NIM-6)"},
    "top_trump": {"en": "Lead the top trump (NIM-5)", "ru": "Ход старшим козырем (NIM-5)"},
    "lead_low": {"en": "Lead low, keep the trumps (NIM-5)", "ru": "Ход с мелкой, козыри при себе (NIM-5)"},
    "bank_a_two": {"en": "Give partner a 2 (NIM-6)", "ru": "Отдайте партнёру двойку (NIM-6)"},
    "take_the_trick": {"en": "Take the trick (NIM-5)", "ru": "Возьмите взятку (NIM-5)"},
    "duck": {"en": "Duck: let the trick go (NIM-5)", "ru": "Пропустите взятку (NIM-5)"},
    "the_lead": {"en": "Which card to lead", "ru": "С какой карты ходить"},
    "the_follow": {"en": "Which card to follow with", "ru": "Какой картой отвечать"},
}

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
