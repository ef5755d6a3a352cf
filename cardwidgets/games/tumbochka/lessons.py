"""Tumbochka's own lines in its lesson notebook (``lesson_text`` in ``cardwidgets/i18n/lesson_lines.py``).

The deal at a glance (who deals, the talon) and what a match made of a deal (a start position, the
scores and who won on the tumbochka), in English and Russian; registered with the game's words.
"""

from __future__ import annotations

#: ``lesson.<key>``: each line's template, English and Russian.
MESSAGES: dict[str, dict[str, str]] = {
    "lesson.dealer": {
        "en": "seat {seat} deals; each player holds 7 cards:",
        "ru": "сдаёт игрок {seat}; у каждого 7 карт:",
    },
    "lesson.talon": {"en": "talon (face down): {cards}", "ru": "прикуп (рубашкой вверх): {cards}"},
    "lesson.match": {
        "en": "scores {start} -> {end}; winner: seat {winner}",
        "ru": "счёт {start} → {end}; победил игрок {winner}",
    },
    "lesson.match_on": {
        "en": "scores {start} -> {end}; no winner yet",
        "ru": "счёт {start} → {end}; победителя пока нет",
    },
    "lesson.start": {
        "en": "start: scores {scores}, seat {sitting} on the tumbochka; seat {dealer} deals",
        "ru": "в начале: счёт {scores}, на тумбочке игрок {sitting}; сдаёт игрок {dealer}",
    },
}
