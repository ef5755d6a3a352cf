"""Duel's words, English and Russian (its part of the catalogue)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "duel.must_follow": {
        "en": "seat {seat} must follow {suit}",
        "ru": "игрок {seat} должен положить карту масти {suit}",
    },
    "duel.trick_trump": {
        "en": "seat {seat} takes the trick with {card}, the highest trump",
        "ru": "игрок {seat} берёт взятку картой {card} — старшим козырем",
    },
    "duel.trick_high": {
        "en": "seat {seat} takes the trick with {card}, the highest card of the suit led (no trump)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшей в масти хода (козырей нет)",
    },
    "duel.rule_lead": {"en": "lead your highest card", "ru": "зайти со старшей карты"},
    "duel.rule_win": {"en": "take the trick as cheaply as you can", "ru": "взять взятку как можно дешевле"},
    "duel.rule_cheap": {
        "en": "you cannot take it: play your lowest card",
        "ru": "взятку не взять: сыграть младшую карту",
    },
    "duel.topic_winner": {"en": "Trump: {trump}. Who takes the trick?", "ru": "Козыри — {trump}. Кто берёт взятку?"},
}
#: Its name in the tools.
TOOLS = {"en": {"game_duel": "Duel"}, "ru": {"game_duel": "Дуэль"}}
#: Its name and its topic's title in the Drill.
DRILL_UI = {
    "en": {"game_duel": "Duel", "duel-trick-winner": "Duel: who takes the trick?"},
    "ru": {"game_duel": "Дуэль", "duel-trick-winner": "Дуэль: кто берёт взятку?"},
}
#: The board's label of the turned-up card.
UI = {"en": {"duel_turnup": "Turned up"}, "ru": {"duel_turnup": "Открытая карта"}}
