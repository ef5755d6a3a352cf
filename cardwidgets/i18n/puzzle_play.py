"""The words of a puzzle played at the table (``widgets/puzzle.py``): right, wrong, solved, the solution, the rating."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "puzzle.task": {
        "en": "Puzzle: {themes}. Find the best move. The puzzle's rating: {rating}.",
        "ru": "Задача: {themes}. Найдите лучший ход. Рейтинг задачи: {rating}.",
    },
    "puzzle.right": {
        "en": "Right. {why} The line goes on: your next move.",
        "ru": "Верно. {why} Продолжаем: ваш следующий ход.",
    },
    "puzzle.solved": {
        "en": "{why}{next_best} {rating}",
        "ru": "{why}{next_best} {rating}",
    },
    "puzzle.next_best": {
        "en": " The next best, {action}, costs {cost} on what you can see{face_up}.",
        "ru": " Следующий по силе ход, {action}, стоит {cost} по тому, что вам известно{face_up}.",
    },
    "puzzle.next_best_face_up": {
        "en": " and {cost} with all cards face up",
        "ru": " и {cost} при открытых картах",
    },
    "puzzle.wrong": {
        "en": "Not this: {action} costs {cost}: {result}.",
        "ru": "Не этот ход: {action} стоит {cost}: {result}.",
    },
    "puzzle.wrong_sampled": {
        "en": "on average over {n:deal|deals} dealt from what you can see",
        "ru": "в среднем по {n:сдаче|сдачам|сдачам}, разданным из того, что вам известно",
    },
    "puzzle.wrong_unvalued": {
        "en": "Not this: {action} is not among the best moves here.",
        "ru": "Не этот ход: {action} не среди лучших здесь.",
    },
    "puzzle.retry": {
        "en": "{wrong} Try once more.",
        "ru": "{wrong} Попробуйте ещё раз.",
    },
    "puzzle.shown": {
        "en": "{wrong} The solution, step by step: {steps} {rating}",
        "ru": "{wrong} Решение, ход за ходом: {steps} {rating}",
    },
    "puzzle.step": {
        "en": "{n}. {why}",
        "ru": "{n}. {why}",
    },
    "puzzle.rating_move": {
        "en": "Your rating: {before} → {after} ({delta}).",
        "ru": "Ваш рейтинг: {before} → {after} ({delta}).",
    },
    "puzzle.over": {
        "en": "This puzzle is over: take the next one.",
        "ru": "Эта задача закончена: возьмите следующую.",
    },
    "puzzle.no_hint": {
        "en": "A puzzle gives no hint: find the move yourself.",
        "ru": "В задаче нет подсказки: найдите ход сами.",
    },
    "puzzle.none": {
        "en": "No puzzles of {game}{theme} to play.",
        "ru": "Нет задач по игре {game}{theme}.",
    },
    "puzzle.none_theme": {
        "en": " on the theme {theme}",
        "ru": " на тему «{theme}»",
    },
    "puzzle.no_mistake": {
        "en": "No mistake of yours in this deal to practise.",
        "ru": "В этой сдаче нет вашей ошибки, чтобы её отработать.",
    },
    "puzzle.progress_title": {
        "en": "Puzzles of {game}: rating {rating} ({n:attempt|attempts})",
        "ru": "Задачи по игре {game}: рейтинг {rating} (попыток: {n})",
    },
    "puzzle.progress_line": {
        "en": "solved {solved} of {played} · streak {streak} · due for review: {due}",
        "ru": "решено {solved} из {played} · серия {streak} · к повторению: {due}",
    },
    "puzzle.progress_none_due": {
        "en": "none",
        "ru": "нет",
    },
    "puzzle.unrated": {
        "en": "not rated yet",
        "ru": "ещё нет",
    },
}

#: The table's words for a puzzle (the ``ui`` trait): the verdicts' headings and the Next puzzle button.
UI: dict[str, dict[str, str]] = {
    "en": {
        "verdict_right": "Right",
        "verdict_solved": "Solved",
        "verdict_wrong": "Not this",
        "verdict_shown": "Solution",
        "next_puzzle": "Next puzzle",
    },
    "ru": {
        "verdict_right": "Верно",
        "verdict_solved": "Решено",
        "verdict_wrong": "Не этот ход",
        "verdict_shown": "Решение",
        "next_puzzle": "Следующая задача",
    },
}
