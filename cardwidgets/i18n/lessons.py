"""The lines the teaching notebooks print about a position, in the reader's language.

Both editions of a notebook run the same code (``tests/test_notebook_editions.py``), so a cell
that prints what a seat may do, or what a match made of a deal, takes its words from here and
prints them in the current locale (``cw.set_locale("ru")``) — actions in words, cards with their
Russian letters, numbers as the locale writes them, never an action string or a card code::

    print(say("may", game="tumbochka", seat=state.to_act, actions=state.legal_strings()))
    # seat 1 may: bid 5, bid 6, …, pass        /  игрок 1 может: заказать 5, заказать 6, …, пас
"""

from __future__ import annotations

from typing import Any

from cardwidgets.i18n import ActionList, add_messages, render

__all__ = ["MESSAGES", "say"]

#: ``lesson.<key>``: each line's template, English and Russian.
MESSAGES: dict[str, dict[str, str]] = {
    "lesson.may": {"en": "seat {seat} may: {actions}", "ru": "игрок {seat} может: {actions}"},
    "lesson.must": {"en": "seat {seat} must: {actions}", "ru": "игрок {seat} обязан: {actions}"},
    "lesson.after": {"en": "after {actions}", "ru": "после ходов «{actions}»"},
    "lesson.before_any": {"en": "before any action", "ru": "до первого хода"},
    "lesson.holds": {"en": "seat {seat} holds {cards}", "ru": "у игрока {seat} на руках: {cards}"},
    "lesson.dealer": {"en": "seat {seat} deals; each player holds 7 cards:", "ru": "сдаёт игрок {seat}; у каждого 7 карт:"},
    "lesson.talon": {"en": "talon (face down): {cards}", "ru": "прикуп (рубашкой вверх): {cards}"},
    "lesson.did": {"en": "seat {seat}: {actions}", "ru": "игрок {seat}: {actions}"},
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
    "lesson.no_verdict": {
        "en": "No verdict yet: make your move at the table above, then run this cell again.",
        "ru": "Оценки пока нет: сделайте ход за столом выше и выполните эту ячейку ещё раз.",
    },
    "lesson.start": {
        "en": "start: scores {scores}, seat {sitting} on the tumbochka; seat {dealer} deals",
        "ru": "в начале: счёт {scores}, на тумбочке игрок {sitting}; сдаёт игрок {dealer}",
    },
}
add_messages(MESSAGES)


def say(key: str, *, game: str = "", locale: str | None = None, **params: Any) -> str:
    """The line ``lesson.<key>`` with ``params``, in ``locale`` (default: the current one).

    ``actions`` (canonical action strings) are shown in words for ``game``; cards, ranks and
    numbers as every sentence of the package shows them (``cardwidgets.i18n.format_value``).
    """
    values = {name: ActionList(value, game) if name == "actions" else value for name, value in params.items()}
    return render(f"lesson.{key}", values, locale)
