"""The labels the lesson notebooks print beside the engine's own sentences, in English and Russian.

A notebook cell prints ``cw.lesson_text("seat_holds", seat=1, cards=hand)``: the same code in both
editions, the words in the learner's locale (``cw.set_locale("ru")``). Cards are written with
their suit signs («Т♦»), action lists in words (``state.shown_list(...)``), numbers as the
locale writes them; the terms are the seeds' (docs/glossary.md).
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    # 00-start-here
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
        "ru": "← = игрок, который ходит сейчас; [Взятки: 0] = сколько взяток он уже взял",
    },
    "lesson.callout_dealer": {"en": "◆ = the dealer", "ru": "◆ = сдатчик"},
    "lesson.callout_trick": {
        "en": "the trick on the table, in the order the cards were played",
        "ru": "взятка на столе, карты в том порядке, в каком их клали",
    },
    "lesson.callout_last": {"en": "the last thing anyone did", "ru": "последнее, что кто-то сделал"},
    "lesson.face_up": {"en": "face-up card: {card}", "ru": "открытая карта: {card}"},
    "lesson.seat_holds": {"en": "seat {seat} holds: {cards}", "ru": "у игрока {seat} на руках: {cards}"},
    "lesson.seat_may": {"en": "seat {seat} may: {actions}", "ru": "игрок {seat} может: {actions}"},
    "lesson.trump_and_maker": {
        "en": "trump: {trump}   maker: seat {maker}",
        "ru": "козырь: {trump}   заказал козырь игрок {maker}",
    },
    "lesson.trick_cards": {"en": "trick {number}: {cards}", "ru": "взятка {number}: {cards}"},
    "lesson.twos_and_score": {
        "en": "2s taken: team 0 {twos0}, team 1 {twos1}   score: team 0 {score0}, team 1 {score1}",
        "ru": "взяли двоек: пара 0 — {twos0}, пара 1 — {twos1}   баллы: пара 0 — {score0}, пара 1 — {score1}",
    },
    "lesson.cards_then_why": {"en": "{cards} -> {why}", "ru": "{cards} -> {why}"},
    # 01-nimby
    "lesson.deal_face_up": {
        "en": "seat {dealer} deals; face-up card: {card}",
        "ru": "сдаёт игрок {dealer}; открытая карта: {card}",
    },
    "lesson.seat_did": {"en": "  seat {seat}: {action}", "ru": "  игрок {seat}: {action}"},
    "lesson.plays_with": {
        "en": "seat {seat} (team {team}) plays with: {cards}",
        "ru": "игрок {seat} (пара {team}) играет картами: {cards}",
    },
    "lesson.trick_plays": {"en": "trick {number}: {plays}", "ru": "взятка {number}: {plays}"},
    "lesson.seat_card": {"en": "seat {seat} {card}", "ru": "игрок {seat} {card}"},
    "lesson.trumps_order": {"en": "trumps: {cards}", "ru": "козыри: {cards}"},
    "lesson.suit_order": {"en": "{suit}: {cards}", "ru": "{suit}: {cards}"},
    "lesson.trick_so_far": {
        "en": "trick so far: {cards}   trump: {trump}",
        "ru": "во взятке пока: {cards}   козырь: {trump}",
    },
    "lesson.may_play": {"en": "legal: {actions}", "ru": "можно: {actions}"},
    "lesson.display_may": {
        "en": "display: {card}   seat {seat} may: {actions}",
        "ru": "открыта карта {card}   игрок {seat} может: {actions}",
    },
    "lesson.draws": {"en": "cards drawn: {draws}", "ru": "вытянутые карты: {draws}"},
    "lesson.drawn": {"en": "player {player} {card}", "ru": "игрок {player} — {card}"},
    "lesson.ritual": {
        "en": "highest: player {highest}, lowest: player {lowest}; seats 0-3: players {seating}; dealer: seat {dealer}",
        "ru": "старшую вытянул игрок {highest}, младшую — игрок {lowest}; за места 0–3 садятся игроки {seating}; "
        "сдаёт место {dealer}",
    },
    "lesson.actions_then_why": {"en": "{actions} -> {why}", "ru": "{actions} -> {why}"},
    "lesson.match_result": {
        "en": "target {target}; from {start0} : {start1} to {score0} : {score1}; team {winner} wins",
        "ru": "игра до {target} баллов; было {start0} : {start1}, стало {score0} : {score1}; выиграла пара {winner}",
    },
    "lesson.no_verdict_yet": {
        "en": "No verdict yet: make your move at the table above, then run this cell again.",
        "ru": "Оценки пока нет: сделайте ход за столом выше и запустите эту ячейку ещё раз.",
    },
}


def lesson_text(key: str, locale: str | None = None, **params: Any) -> str:
    """The lesson label ``key`` (``face_up``, ``seat_holds`` …) with ``params``, in ``locale`` (default: the default)."""
    from cardwidgets.i18n import render  # the catalogue holds these messages; imported here: it imports this module

    return render(f"lesson.{key}", params, locale)
