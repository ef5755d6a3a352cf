"""Nestors' own lines in its lesson notebook (``lesson_text`` in ``cardwidgets/i18n/lesson_lines.py``).

The deal at a glance trick by trick (A, B, C, the table card), the rotation, C's cards, the last
trick, card points, the match's end, the ritual of the first dealer, bidding and trump, in English
and Russian; registered with the game's words.
"""

from __future__ import annotations

#: ``lesson.<key>``: each line's template, English and Russian.
MESSAGES: dict[str, dict[str, str]] = {
    "lesson.nes_bid": {
        "en": "seat {seat} bid {bid}; trump: {trump}. Seats 1 and 3 against seats 0 and 2.",
        "ru": "игрок {seat} сделал ставку {bid}; козыри — {trump}. Игроки 1 и 3 против игроков 0 и 2.",
    },
    "lesson.nes_open": {
        "en": "trick 1: seat {seat} takes {cards} with {card}",
        "ru": "взятка 1: игрок {seat} картой {card} берёт {cards}",
    },
    "lesson.nes_play": {"en": "{pos} seat {seat} {card}", "ru": "{pos} игрок {seat} {card}"},
    "lesson.nes_trick": {
        "en": "trick {number}: {plays} + table {table} → seat {seat} collects ({rule})",
        "ru": "взятка {number}: {plays} + на столе {table} → забирает игрок {seat} ({rule})",
    },
    "lesson.nes_leaves": {"en": ", leaves {card}", "ru": ", оставляет {card}"},
    "lesson.nes_points": {
        "en": "points (seats 0+2, seats 1+3): {points}",
        "ru": "очки (игроки 0+2, игроки 1+3): {points}",
    },
    "lesson.nes_order": {"en": "{trump} trump: {cards}", "ru": "козыри — {trump}: {cards}"},
    "lesson.bidder": {"en": "the bidder: seat {seat}, bid {bid}", "ru": "играющий — игрок {seat}, ставка {bid}"},
    "lesson.rotation": {"en": "trick |  A  B  C | D (sits out)", "ru": "взятка |  А  Б  С | Г (пропускает)"},
    "lesson.d_before_a": {
        "en": "In tricks 2–11, D is always the seat before A.",
        "ru": "Во взятках 2–11 Г — всегда игрок перед А.",
    },
    "lesson.d_not_before_a": {
        "en": "In tricks 2–11, D is not always the seat before A.",
        "ru": "Во взятках 2–11 Г — не всегда игрок перед А.",
    },
    "lesson.abc_holds": {"en": "A {a}, B {b}; C holds {cards}", "ru": "А {a}, Б {b}; у С на руках: {cards}"},
    "lesson.c_may": {"en": "C may play {cards}", "ru": "С может положить {cards}"},
    "lesson.nes_collects": {"en": "seat {seat} collects trick {number}", "ru": "игрок {seat} забирает взятку {number}"},
    "lesson.table_after_1": {
        "en": "after trick 1 the table card is {card}",
        "ru": "после первой взятки на столе лежит {card}",
    },
    "lesson.nes_kept": {
        "en": "trick {number}: A, B, C played {cards}, table {table}: seat {seat} collects, keeps {kept} "
        "and leaves {left}",
        "ru": "взятка {number}: А, Б, С сыграли {cards}, на столе {table}: забирает игрок {seat}, себе берёт {kept}, "
        "оставляет {left}",
    },
    "lesson.last_always": {
        "en": "In {n} random deals, the last trick was always the bidder's (A) and the next seat's (B).",
        "ru": "В {n:случайной сдаче|случайных сдачах|случайных сдачах} последнюю взятку всегда играли играющий (А) и следующий за ним игрок (Б).",
    },
    "lesson.last_not_always": {
        "en": "In {n} random deals, the last trick was not always the bidder's (A) and the next seat's (B).",
        "ru": "В {n:случайной сдаче|случайных сдачах|случайных сдачах} последнюю взятку не всегда играли играющий (А) и следующий за ним игрок (Б).",
    },
    "lesson.card_worth": {"en": "{card} {points}", "ru": "{card} — {points}"},
    "lesson.nes_worth": {
        "en": "{trump} trump: spades worth {worth}; all cards {cards} + 12 tricks × 5 + spades 10 = {total}",
        "ru": "козыри — {trump}: в пиках {worth}; все карты {cards} + 12 взяток × 5 + большинство пик 10 = {total}",
    },
    "lesson.team_wins": {
        "en": "target {target}: scores {start} → {end}; team {winner} wins",
        "ru": "до {target}: счёт {start} → {end}; выигрывает пара {winner}",
    },
    "lesson.nes_ritual": {
        "en": "cards dealt face up until a 6: {draws}; seat {dealer} deals first",
        "ru": "карты сдаются в открытую, пока не выйдет шестёрка: {draws}; первым сдаёт игрок {dealer}",
    },
    "lesson.no_pass": {"en": "(no pass)", "ru": "(пасовать нельзя)"},
    "lesson.named": {
        "en": "trump named: {trump}; seat {seat} now holds {cards}",
        "ru": "объявлены козыри — {trump}; у игрока {seat} теперь на руках: {cards}",
    },
    "lesson.none_held": {
        "en": "holding no A, J or 10, the bidder may: {actions}",
        "ru": "если нет ни туза, ни валета, ни десятки, играющий может: {actions}",
    },
    # 04-instructor: the title of the annotated deal's slides.
    "lesson.nes_slides_title": {
        "en": "Nestors: bid {bid}, failed by {short}",
        "ru": "Несторс: ставка {bid}, недобор {short}",
    },
    # 05-strategy: the bidding partnership's points by the bidder's count, and how often each bid is made.
    "lesson.nes_chart_average": {"en": "average", "ru": "среднее"},
    "lesson.nes_chart_half": {"en": "half of 190", "ru": "половина от 190"},
    "lesson.nes_chart_count": {"en": "bidder's count", "ru": "оценка руки играющего"},
    "lesson.nes_chart_points": {"en": "bidding partnership's points", "ru": "очки пары играющего"},
    "lesson.nes_chart_points_title": {"en": "points against the count", "ru": "очки пары и оценка руки"},
    "lesson.nes_chart_bid": {"en": "bid", "ru": "ставка"},
    "lesson.nes_chart_made": {"en": "% made", "ru": "% выполненных ставок"},
    "lesson.nes_chart_made_title": {
        "en": "how often each bid level is made",
        "ru": "как часто выполняется ставка каждого уровня",
    },
}
