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
    # 05-strategy: how often a contract is made, by the declarer's count.
    "lesson.tum_chart_count": {
        "en": "count of the declarer's 8 cards: tricks + 3 per trilyazh",
        "ru": "оценка 8 карт играющего: взятки + 3 за каждый трильяж",
    },
    "lesson.tum_chart_contract": {"en": "contract", "ru": "заказ"},
    "lesson.tum_chart_made": {"en": "% of deals made", "ru": "% выполненных заказов"},
    "lesson.tum_chart_title": {
        "en": "Tumbochka: a contract up to the count is usually made",
        "ru": "Тумбочка: заказ не выше оценки руки обычно выполняется",
    },
    "lesson.tum_contract_made": {
        "en": "contract {contract}: made in {percent}% of {n:deal|deals}",
        "ru": "заказ {contract}: выполнен в {percent}% из {n:сдачи|сдач|сдач}",
    },
}
