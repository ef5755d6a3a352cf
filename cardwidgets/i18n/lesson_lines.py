"""The lines 02-tumbochka and 03-nestors print about a position, in the reader's language.

Both editions of a notebook run the same code (``tests/test_notebook_editions.py``), so a cell
that prints what a seat may do, or what a match made of a deal, takes its words from here and
prints them in the current locale (``cw.set_locale("ru")``) — actions in words
(``state.shown_list``), cards with their Russian letters, numbers as the locale writes them, never
an action string or a card code::

    print(lesson_text("seat_may", seat=state.to_act, actions=state.shown_list(state.legal_strings())))
    # seat 1 may: bid 5, bid 6, …, pass        /  игрок 1 может: заказать 5, заказать 6, …, пас

The keys ``seat_holds``, ``seat_may``, ``seat_did``, ``seat_card`` and ``no_verdict_yet`` are the
lesson labels of 00/01 too, word for word (a key may be registered twice only with the same words).
"""

from __future__ import annotations

from typing import Any

from cardwidgets.i18n import add_messages, render

__all__ = ["MESSAGES", "lesson_text"]

#: ``lesson.<key>``: each line's template, English and Russian.
MESSAGES: dict[str, dict[str, str]] = {
    "lesson.seat_may": {"en": "seat {seat} may: {actions}", "ru": "игрок {seat} может: {actions}"},
    "lesson.must": {"en": "seat {seat} must: {actions}", "ru": "игрок {seat} обязан: {actions}"},
    "lesson.after": {"en": "after {actions}", "ru": "после ходов «{actions}»"},
    "lesson.before_any": {"en": "before any action", "ru": "до первого хода"},
    "lesson.seat_holds": {"en": "seat {seat} holds: {cards}", "ru": "у игрока {seat} на руках: {cards}"},
    "lesson.dealer": {"en": "seat {seat} deals; each player holds 7 cards:", "ru": "сдаёт игрок {seat}; у каждого 7 карт:"},
    "lesson.talon": {"en": "talon (face down): {cards}", "ru": "прикуп (рубашкой вверх): {cards}"},
    "lesson.seat_did": {"en": "  seat {seat}: {action}", "ru": "  игрок {seat}: {action}"},
    "lesson.trick_number": {"en": "trick {number}:", "ru": "взятка {number}:"},
    "lesson.played": {"en": "played {cards}", "ru": "сыграны {cards}"},
    "lesson.trick": {"en": "trick so far: {cards}", "ru": "во взятке: {cards}"},
    "lesson.trump": {"en": "trump: {trump}", "ru": "козырь: {trump}"},
    "lesson.no_trump": {"en": "trump: none yet", "ru": "козыря пока нет"},
    "lesson.deal_score": {
        "en": "deal points {points}, score {score}",
        "ru": "очки за сдачу: {points}; счёт: {score}",
    },
    "lesson.match": {
        "en": "scores {start} -> {end}; winner: seat {winner}",
        "ru": "счёт {start} → {end}; победил игрок {winner}",
    },
    "lesson.match_on": {
        "en": "scores {start} -> {end}; no winner yet",
        "ru": "счёт {start} → {end}; победителя пока нет",
    },
    "lesson.this_deal": {"en": "this deal scored {score}", "ru": "эта сдача принесла {score}"},
    "lesson.no_verdict_yet": {
        "en": "No verdict yet: make your move at the table above, then run this cell again.",
        "ru": "Оценки пока нет: сделайте ход за столом выше и запустите эту ячейку ещё раз.",
    },
    "lesson.start": {
        "en": "start: scores {scores}, seat {sitting} on the tumbochka; seat {dealer} deals",
        "ru": "в начале: счёт {scores}, на тумбочке игрок {sitting}; сдаёт игрок {dealer}",
    },
    # ----- Nestors (03-nestors)
    "lesson.nes_bid": {
        "en": "seat {seat} bid {bid}; trump: {trump}. Seats 1 and 3 against seats 0 and 2.",
        "ru": "игрок {seat} сделал ставку {bid}; козыри — {trump}. Игроки 1 и 3 против игроков 0 и 2.",
    },
    "lesson.nes_open": {"en": "trick 1: seat {seat} takes {cards} with {card}", "ru": "взятка 1: игрок {seat} картой {card} берёт {cards}"},
    "lesson.nes_play": {"en": "{pos} seat {seat} {card}", "ru": "{pos} игрок {seat} {card}"},
    "lesson.nes_trick": {
        "en": "trick {number}: {plays} + table {table} → seat {seat} collects ({rule})",
        "ru": "взятка {number}: {plays} + на столе {table} → забирает игрок {seat} ({rule})",
    },
    "lesson.nes_leaves": {"en": ", leaves {card}", "ru": ", оставляет {card}"},
    "lesson.nes_points": {"en": "points (seats 0+2, seats 1+3): {points}", "ru": "очки (игроки 0+2, игроки 1+3): {points}"},
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
    "lesson.table_after_1": {"en": "after trick 1 the table card is {card}", "ru": "после первой взятки на столе лежит {card}"},
    "lesson.nes_kept": {
        "en": "trick {number}: A, B, C played {cards}, table {table}: seat {seat} collects, keeps {kept} and leaves {left}",
        "ru": "взятка {number}: А, Б, С сыграли {cards}, на столе {table}: забирает игрок {seat}, себе берёт {kept}, "
        "оставляет {left}",
    },
    "lesson.last_always": {
        "en": "In {n} random deals, the last trick was always the bidder's (A) and the next seat's (B).",
        "ru": "В {n} случайных сдачах последнюю взятку всегда играли играющий (А) и следующий за ним игрок (Б).",
    },
    "lesson.last_not_always": {
        "en": "In {n} random deals, the last trick was not always the bidder's (A) and the next seat's (B).",
        "ru": "В {n} случайных сдачах последнюю взятку играли не всегда играющий (А) и следующий за ним игрок (Б).",
    },
    "lesson.card_worth": {"en": "{card} {points}", "ru": "{card} — {points}"},
    "lesson.nes_worth": {
        "en": "{trump} trump: spades worth {worth}; all cards {cards} + 12 tricks × 5 + spades 10 = {total}",
        "ru": "козыри — {trump}: пики стоят {worth}; все карты {cards} + 12 взяток × 5 + пики 10 = {total}",
    },
    "lesson.team_wins": {
        "en": "target {target}: scores {start} → {end}; team {winner} wins",
        "ru": "до {target}: счёт {start} → {end}; выигрывает пара {winner}",
    },
    "lesson.nes_ritual": {
        "en": "cards dealt face up until a 6: {draws}; seat {dealer} deals first",
        "ru": "карты сдаются в открытую, пока не выйдет шестёрка: {draws}; первым сдаёт игрок {dealer}",
    },
    "lesson.seat_card": {"en": "seat {seat} {card}", "ru": "игрок {seat} {card}"},
    "lesson.no_pass": {"en": "(no pass)", "ru": "(пасовать нельзя)"},
    "lesson.named": {
        "en": "trump named: {trump}; seat {seat} now holds {cards}",
        "ru": "объявлены козыри — {trump}; у игрока {seat} теперь на руках: {cards}",
    },
    "lesson.none_held": {
        "en": "holding no A, J or 10, the bidder may: {actions}",
        "ru": "если нет ни туза, ни валета, ни десятки, играющий может: {actions}",
    },
}
add_messages(MESSAGES)


def lesson_text(key: str, locale: str | None = None, **params: Any) -> str:
    """The line ``lesson.<key>`` with ``params``, in ``locale`` (default: the current one).

    Cards, ranks, action lists (``state.shown_list``) and numbers are shown as every sentence of the
    package shows them (``cardwidgets.i18n.format_value``).
    """
    return render(f"lesson.{key}", params, locale)
