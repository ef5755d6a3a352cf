"""The puzzles' words (``cardwidgets/puzzles``): why a puzzle file or entry is refused, and the themes every game has."""

from __future__ import annotations

#: The themes every game's puzzles may carry (a game's own are in its ``puzzle_themes`` module).
THEMES: dict[str, dict[str, str]] = {
    "beyond_rule_of_thumb": {
        "en": "Beyond the rule of thumb",
        "ru": "Вопреки обычному правилу",
    },
    "line": {"en": "A line of moves", "ru": "Серия ходов"},
    "own_mistake": {"en": "From your own deal", "ru": "Из вашей сдачи"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "puzzle.skipped": {
        "en": "puzzle {where} skipped: {why}",
        "ru": "задача {where} пропущена: {why}",
    },
    "puzzle.file": {
        "en": "the puzzle file cannot be read: {why}",
        "ru": "файл задач не читается: {why}",
    },
    "puzzle.malformed": {
        "en": "malformed: {what}",
        "ru": "ошибка в записи: {what}",
    },
    "puzzle.unknown_game": {
        "en": "the game {game} is not one of {games}",
        "ru": "игра {game} не из числа {games}",
    },
    "puzzle.other_game": {
        "en": "a puzzle of {game} in a file of {file_game}",
        "ru": "задача по игре {game} в файле игры {file_game}",
    },
    "puzzle.unknown_theme": {
        "en": "the theme {theme} is not one of {game}'s themes",
        "ru": "темы {theme} нет среди тем игры {game}",
    },
    "puzzle.no_replay": {
        "en": "it does not replay: {why}",
        "ru": "она не воспроизводится: {why}",
    },
    "puzzle.not_to_act": {
        "en": "at step {step} seat {seat} is not to act",
        "ru": "на шаге {step} ходит не игрок {seat}",
    },
    "puzzle.not_legal": {
        "en": "{action} is not legal at step {step}",
        "ru": "{action} — недопустимое действие на шаге {step}",
    },
    "puzzle.bad_step": {
        "en": "decision {number} is at step {step}, but the line before it reaches step {reached}",
        "ru": "решение {number} стоит на шаге {step}, а ходы до него доводят до шага {reached}",
    },
    "puzzle.duplicate": {
        "en": "the id {id} is used twice",
        "ru": "номер {id} встречается дважды",
    },
    "puzzle.not_proved": {
        "en": "puzzle {id} is not proved: {why}",
        "ru": "задача {id} не доказана: {why}",
    },
}
