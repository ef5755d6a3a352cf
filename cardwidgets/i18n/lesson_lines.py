"""The lines a game's lesson notebook prints about a position, in the reader's language.

Both editions of a notebook run the same code (``tests/test_notebook_editions.py``), so a cell
that prints what a seat may do, or what a match made of a deal, takes its words from here (the
lines every game shares) or from its game's ``lessons`` module (its own lines), and prints them in
the current locale (``cw.set_locale("ru")``) — actions in words (``state.shown_list``), cards with
their Russian letters, numbers as the locale writes them, never an action string or a card code::

    print(lesson_text("seat_may", seat=state.to_act, actions=state.shown_list(state.legal_strings())))
    # seat 1 may: bid 5, bid 6, …, pass        /  игрок 1 может: заказать 5, заказать 6, …, пас

The keys ``seat_holds``, ``seat_may``, ``seat_did``, ``seat_card`` and ``no_verdict_yet`` are lesson
labels of the first notebooks too, word for word (a key may be registered twice only with the same words).
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
    "lesson.seat_did": {"en": "  seat {seat}: {action}", "ru": "  игрок {seat}: {action}"},
    "lesson.trick_number": {"en": "trick {number}:", "ru": "взятка {number}:"},
    "lesson.played": {"en": "played {cards}", "ru": "сыграны {cards}"},
    "lesson.trick": {"en": "trick so far: {cards}", "ru": "во взятке: {cards}"},
    "lesson.trump": {"en": "trump: {trump}", "ru": "козырь: {trump}"},
    "lesson.no_trump": {"en": "trump: none yet", "ru": "козыря пока нет"},
    "lesson.deal_score": {"en": "deal points {points}, score {score}", "ru": "очки за сдачу: {points}; счёт: {score}"},
    "lesson.this_deal": {"en": "this deal scored {score}", "ru": "эта сдача принесла {score}"},
    "lesson.no_verdict_yet": {
        "en": "No verdict yet: make your move at the table above, then run this cell again.",
        "ru": "Оценки пока нет: сделайте ход за столом выше и запустите эту ячейку ещё раз.",
    },
    "lesson.no_costly_decision": {
        "en": "No costly decision in this deal: nothing to open in the replay.",
        "ru": "В этой сдаче ошибок нет: открывать в просмотре нечего.",
    },
    "lesson.seat_card": {"en": "seat {seat} {card}", "ru": "игрок {seat} {card}"},
    "lesson.card_in_both": {
        "en": "{code} -> {english} in English, {russian} in Russian",
        "ru": "{code} -> {english} по-английски, {russian} по-русски",
    },
    "lesson.callout_phase": {
        "en": "what is happening now, the trump suit, who made it, whose turn it is",
        "ru": "что происходит сейчас, козырная масть, кто её заказал, чей ход",
    },
    "lesson.callout_to_act": {
        "en": "← = the player to act now; [Tricks: 0] = tricks taken so far",
        "ru": "← = игрок, чья сейчас очередь; [Взятки: 0] = сколько взяток он уже взял",
    },
    "lesson.callout_dealer": {
        "en": "◆ = the dealer",
        "ru": "◆ = сдатчик",
    },
    "lesson.callout_trick": {
        "en": "the trick on the table, in the order the cards were played",
        "ru": "взятка на столе, карты в том порядке, в каком их клали",
    },
    "lesson.callout_last": {
        "en": "the last thing anyone did",
        "ru": "последнее, что кто-то сделал",
    },
    "lesson.trick_cards": {
        "en": "trick {number}: {cards}",
        "ru": "взятка {number}: {cards}",
    },
    "lesson.cards_then_why": {
        "en": "{cards} -> {why}",
        "ru": "{cards} -> {why}",
    },
    "lesson.plays_with": {
        "en": "seat {seat} (team {team}) plays with: {cards}",
        "ru": "игрок {seat} (пара {team}) играет картами: {cards}",
    },
    "lesson.trick_plays": {
        "en": "trick {number}: {plays}",
        "ru": "взятка {number}: {plays}",
    },
    "lesson.trumps_order": {
        "en": "trumps: {cards}",
        "ru": "козыри: {cards}",
    },
    "lesson.suit_order": {
        "en": "{suit}: {cards}",
        "ru": "{suit}: {cards}",
    },
    "lesson.trick_so_far": {
        "en": "trick so far: {cards}   trump: {trump}",
        "ru": "во взятке пока: {cards}   козырь: {trump}",
    },
    "lesson.may_play": {
        "en": "legal: {actions}",
        "ru": "можно: {actions}",
    },
    "lesson.actions_then_why": {
        "en": "{actions} -> {why}",
        "ru": "{actions} -> {why}",
    },
    # The instructor's notebook: a replayed record, the command line, a branch, a snapshot and slides.
    "lesson.trick_why": {"en": "trick {number}: {why}", "ru": "взятка {number}: {why}"},
    "lesson.command_line": {
        "en": "exit status {code}; phase: {phase}; legal: {actions}",
        "ru": "код выхода {code}; этап: {phase}; можно: {actions}",
    },
    "lesson.replay_step": {
        "en": "step {step} of {steps}: seat {seat} to play; legal: {actions}",
        "ru": "шаг {step} из {steps}: очередь игрока {seat}; можно: {actions}",
    },
    "lesson.branch": {
        "en": "{actions}: the branch leaves the deal after step {step}; notes kept: {notes}",
        "ru": "{actions}: ветка отходит от сдачи после шага {step}; сохранены заметки: {notes}",
    },
    "lesson.before_reveal": {
        "en": "the record sent to the browser before Reveal has {fields:field|fields}",
        "ru": "в записи, которую браузер получил до открытия карт, {fields:поле|поля|полей}",
    },
    "lesson.page_parts": {
        "en": "one file: {scripts:script|scripts}, {links:link|links}",
        "ru": "один файл: {scripts:скрипт|скрипта|скриптов}, {links:ссылка|ссылки|ссылок}",
    },
    "lesson.slides_parts": {
        "en": "{slides:slide|slides} in one file: {scripts:script|scripts}, {links:link|links}",
        "ru": "{slides:слайд|слайда|слайдов} в одном файле: {scripts:скрипт|скрипта|скриптов}, {links:ссылка|ссылки|ссылок}",
    },
    # A chart's labels: a share of deals.
    "lesson.share_of_deals": {
        "en": "{percent}%\n({n:deal|deals})",
        "ru": "{percent}%\n({n:сдача|сдачи|сдач})",
    },
}
add_messages(MESSAGES)


def lesson_text(key: str, locale: str | None = None, **params: Any) -> str:
    """The line ``lesson.<key>`` with ``params``, in ``locale`` (default: the current one).

    Cards, ranks, action lists (``state.shown_list``) and numbers are shown as every sentence of the
    package shows them (``cardwidgets.i18n.format_value``).
    """
    return render(f"lesson.{key}", params, locale)
