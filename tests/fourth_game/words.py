"""Troika's words, English and Russian (its part of the catalogue)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "troika.must_follow": {
        "en": "seat {seat} must follow {suit}",
        "ru": "игрок {seat} должен положить карту масти {suit}",
    },
    "troika.trick_highest": {
        "en": "seat {seat} takes the trick with {card}, the highest of the suit led (not everyone followed)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшей в масти хода (не все положили эту масть)",
    },
    "troika.trick_lowest": {
        "en": "seat {seat} takes the trick with {card}, the lowest card: all three followed the suit led",
        "ru": "игрок {seat} берёт взятку картой {card} — младшей: все трое положили масть хода",
    },
    "troika.rule_play": {"en": "play your lowest card", "ru": "сыграть младшую карту"},
    "troika.topic_winner": {"en": "Who takes the trick?", "ru": "Кто берёт взятку?"},
}
#: Its name in the tools and its topic's title in the Drill.
TOOLS = {"en": {"game_troika": "Troika"}, "ru": {"game_troika": "Тройка"}}
DRILL_UI = {
    "en": {"game_troika": "Troika", "troika-trick-winner": "Troika: who takes the trick?"},
    "ru": {"game_troika": "Тройка", "troika-trick-winner": "Тройка: кто берёт взятку?"},
}
