"""Messages shared by all games: action parsing, turn order, records."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "core.unknown_action": {
        "en": 'unknown action "{text}": expected one of {verbs}',
        "ru": "неизвестное действие «{text}»: ожидается одно из: {verbs}",
    },
    "core.malformed_action": {
        "en": 'malformed action "{text}": expected "{form}"',
        "ru": 'неверная запись действия «{text}»: ожидается «{form}»',
    },
    "core.action_spacing": {
        "en": 'malformed action "{text}": words are separated by single spaces, as in "bid 60"',
        "ru": 'неверная запись действия «{text}»: слова разделяются одним пробелом',
    },
    "core.action_too_long": {
        "en": 'action "{text}" is too long (at most {limit} characters)',
        "ru": 'действие «{text}» слишком длинное (не больше {limit} знаков)',
    },
    "core.bad_card": {
        "en": 'bad card in action "{text}": {reason}',
        "ru": 'неверная карта в действии «{text}»: {reason}',
    },
    "core.game_over": {
        "en": "the deal is over: no action is possible",
        "ru": "сдача окончена: ходов больше нет",
    },
    "core.wrong_phase": {
        "en": '"{text}" is not possible now: the phase is {phase} (legal: {legal})',
        "ru": "«{text}» сейчас невозможно: идёт {phase} (можно: {legal})",
    },
    "core.not_legal": {
        "en": '"{text}" is not legal now (legal: {legal})',
        "ru": "«{text}» сейчас нельзя (можно: {legal})",
    },
    "core.not_in_hand": {
        "en": "seat {seat} does not hold {card}",
        "ru": "у игрока {seat} нет карты {card}",
    },
    "core.wrong_seat": {
        "en": "it is seat {to_act}'s turn, not seat {seat}'s",
        "ru": "сейчас ходит игрок {to_act}, а не игрок {seat}",
    },
}

MESSAGES.update(
    {
        "widget.bad_message": {
            "en": "the widget did not understand the message {text}",
            "ru": "виджет не понял сообщение {text}",
        },
        "widget.bad_update": {
            "en": "the widget did not understand the update {text}",
            "ru": "виджет не понял изменение {text}",
        },
        "widget.read_only": {
            "en": "the browser may not change “{name}”; it may change only: {writable}",
            "ru": "браузер не может менять «{name}»; менять можно только: {writable}",
        },
        "widget.internal_error": {
            "en": "something went wrong inside cardwidgets, so nothing was changed; the details are in the Jupyter log",
            "ru": "внутри программы что-то пошло не так, поэтому ничего не изменилось; подробности — в журнале сервера",
        },
        "widget.bad_value": {
            "en": "that value of “{name}” is not allowed",
            "ru": "такое значение «{name}» недопустимо",
        },
        "widget.hint_busy": {
            "en": "a hint is already being worked out",
            "ru": "подсказка уже готовится",
        },
        "widget.deal_not_over": {
            "en": "finish this deal first",
            "ru": "сначала доиграйте эту сдачу",
        },
        "widget.no_hint": {
            "en": "a hint is for your own turn",
            "ru": "подсказка — только в ваш ход",
        },
        "widget.bad_bot": {
            "en": "choose a bot level ({levels}) for another seat",
            "ru": "выберите уровень бота ({levels}) для другого игрока",
        },
        "widget.match_over": {
            "en": "the match is over",
            "ru": "партия окончена",
        },
    }
)
