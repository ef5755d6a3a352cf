"""Texts of the drills (``cardwidgets.drills``, the ``Drill`` widget), English and Russian.

``MESSAGES`` are explanation templates (``drill.*`` keys, rendered like the engines'
messages); ``DRILL_UI`` are the widget's fixed labels and the topic titles. Cards in
these texts are filled in by ``cardwidgets.drills.base.say`` with suit symbols, in
Russian with the Russian rank letters (В, Д, К, Т).
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    # ----- grading -----
    "drill.right": {"en": "Right: {why}", "ru": "Верно: {why}"},
    "drill.wrong": {"en": "Not {option}: {why}", "ru": "Нет, не {option}: {why}"},
    "drill.wrong_yes_no": {"en": "Wrong — the answer is {right}: {why}", "ru": "Неверно — правильный ответ «{right}»: {why}"},
    "drill.right_second": {"en": "Right, on the second try: {why}", "ru": "Верно, со второй попытки: {why}"},
    "drill.right_later": {"en": "Right, on try {n}: {why}", "ru": "Верно, с {n}-й попытки: {why}"},
    # ----- the end of a match (the games played to a target score) -----
    "drill.match_end_q": {
        "en": "A deal has just been scored. Has a partnership won the match?",
        "ru": "Сдача только что подсчитана. Выиграла ли какая-нибудь пара партию?",
    },
    "drill.match_won": {
        "en": "after the deal the scores are {after}; {line}: team {team} wins the match",
        "ru": "после сдачи счёт такой: {after}; {line}: партию выигрывает пара {team}",
    },
    "drill.match_on": {
        "en": "after the deal the scores are {after}; {line}: nobody has won yet, the match goes on",
        "ru": "после сдачи счёт такой: {after}; {line}: никто ещё не выиграл, партия продолжается",
    },
    "drill.fact_before_match": {"en": "Scores before the deal: {scores}", "ru": "Счёт до сдачи: {scores}"},
    "drill.fact_deal_match": {"en": "This deal scored: {scores}", "ru": "Эта сдача принесла: {scores}"},
    # ----- facts shown beside a position -----
}

#: The widget's fixed texts and each topic's title.
DRILL_UI: dict[str, dict[str, str]] = {
    "en": {
        "drill": "Drill",
        "next": "Next",
        "score": "Score: {right} of {asked}",
        "trump": "Trump",
        "no_trump": "none",
        "table_card": "Table card",
        "pile": "Pile",
        "your_hand": "Your hand",
        "keys": "Keys 1–{n} answer; Enter or N: next question",
        "item": "question {n}",
        "right": "Right",
        "wrong": "Wrong",
        "you": "You",
        "seat": "Seat {n}",
        "yes": "Yes",
        "no": "No",
        "pass": "pass",
        "AC": "A and C",
        "err_topic": 'no drill "{topic}": topics are {topics}',
        "err_game": 'no game "{game}": games are {games}',
        "err_option": 'no answer "{option}": choose one of {options}',
        "err_message": "message not understood: {text}",
        "progress": "This topic: {answered} answered, {right} right · run {streak} · your rating {rating}{more}",
        "progress_mastered": " · mastered",
        "progress_due": " · {n} due for review now",
        "progress_next": " · next review {when}",
        "progress_title": "Your progress, {game}",
        "progress_rating": "your rating {rating} ({n} answers)",
        "progress_head": "topic|answered|right|run|topic's rating|review|mastered",
        "due_now": "now ({n})",
        "due_in_min": "in {n} min",
        "due_in_h": "in {n} h",
        "due_in_d": "in {n} d",
        "progress_where": "kept in {path}",
        "progress_memory": "kept in memory only: lost at a restart",
        "progress_none": "nothing practised yet",
        "err_progress_corrupt": "the progress file {path} is damaged: it was moved to {aside} and progress starts afresh",
        "err_progress_foreign": "{path} is not a cardwidgets progress file: it was moved to {aside} and progress starts afresh",
        "err_progress_unwritable": "progress cannot be saved in {path} ({reason}): it is kept in memory until the kernel restarts",
        "err_progress_version": "the progress file {path} was written by another version of cardwidgets: it is kept as it is, and progress is kept in memory until the kernel restarts",
        "err_progress_busy": "the progress file {path} is in use by another program: your answers are kept in memory and written to it as soon as it is free",
        "err_progress_readonly": "the progress file {path} is read-only: your answers are kept in memory (lost at a restart) and written to it if it can be written again",
        "err_progress_browser": "this browser's storage cannot keep your progress now (full, blocked or damaged: {reason}): the drill goes on, your answers are kept in memory (lost when the page closes) and written to the storage as soon as it takes them; {export} saves them to a file",
        "err_import_unreadable": "cannot read {path}: {reason}",
        "err_import_foreign": "{path} is not a cardwidgets progress file, or it is damaged: nothing was imported",
        "err_import_version": "{path} was written by another version of cardwidgets: nothing was imported",
        "progress_where_browser": "kept in this browser's storage for this site ({path})",
        # topic titles
        "mistakes": "Find the best card (from your own deal)",
        "err_no_mistakes": "no question from this deal: every decision was as good as the best with all cards face up",
        "team": "team {n}",
        "opt_match_won": "Team {n} wins the match",
        "opt_match_on": "Nobody yet: the match goes on",
        "predict": "Predict first",
        "predict_title": "Predict before the engine shows it",
        "err_not_asked": 'answer "{first}" first: "{question}" comes after it',
    },
    "ru": {
        "drill": "Упражнение",
        "next": "Дальше",
        "score": "Счёт: {right} из {asked}",
        "trump": "Козырь",
        "no_trump": "нет",
        "table_card": "Карта на столе",
        "pile": "Стопка",
        "your_hand": "Ваши карты",
        "keys": "Клавиши 1–{n} — ответ; «Ввод» — следующий вопрос",
        "item": "вопрос {n}",
        "right": "Верно",
        "wrong": "Неверно",
        "you": "Вы",
        "seat": "Игрок {n}",
        "yes": "Да",
        "no": "Нет",
        "pass": "пас",
        "AC": "А и С",
        "err_topic": "нет упражнения «{topic}»: есть {topics}",
        "err_game": "нет игры «{game}»: есть {games}",
        "err_option": "нет ответа «{option}»: выберите один из {options}",
        "err_message": "сообщение не понято: {text}",
        "progress": "Эта тема: ответов {answered}, верно {right} · серия {streak} · ваш рейтинг {rating}{more}",
        "progress_mastered": " · освоено",
        "progress_due": " · пора повторить: {n}",
        "progress_next": " · следующее повторение {when}",
        "progress_title": "Ваши успехи, {game}",
        "progress_rating": "ваш рейтинг {rating} (ответов: {n})",
        "progress_head": "тема|ответов|верно|серия|рейтинг темы|повторение|освоено",
        "due_now": "сейчас ({n})",
        "due_in_min": "через {n} мин",
        "due_in_h": "через {n} ч",
        "due_in_d": "через {n} дн.",
        "progress_where": "хранится в {path}",
        "progress_memory": "хранится только в памяти: после перезапуска пропадёт",
        "progress_none": "упражнений ещё не было",
        "err_progress_corrupt": "файл успехов {path} повреждён: он переименован в {aside}, успехи начинаются заново",
        "err_progress_foreign": "{path} — не файл успехов cardwidgets: он переименован в {aside}, успехи начинаются заново",
        "err_progress_unwritable": "успехи нельзя сохранить в {path} ({reason}): они хранятся в памяти до перезапуска ядра",
        "err_progress_version": "файл успехов {path} записан другой версией cardwidgets: он сохранён как есть, а успехи хранятся в памяти до перезапуска ядра",
        "err_progress_busy": "файл успехов {path} занят другой программой: ваши ответы хранятся в памяти и будут записаны в него, как только он освободится",
        "err_progress_readonly": "файл успехов {path} открыт только для чтения: ваши ответы хранятся в памяти (пропадут при перезапуске) и будут записаны в него, если запись снова станет возможной",
        "err_progress_browser": "хранилище этого браузера сейчас не может сохранить успехи (оно переполнено, заблокировано или повреждено: {reason}): упражнение продолжается, ответы хранятся в памяти (пропадут, когда страница закроется) и будут записаны в хранилище, как только оно их примет; {export} сохранит их в файл",
        "err_import_unreadable": "не удаётся прочитать {path}: {reason}",
        "err_import_foreign": "{path} — не файл успехов cardwidgets или он повреждён: ничего не загружено",
        "err_import_version": "{path} записан другой версией cardwidgets: ничего не загружено",
        "progress_where_browser": "хранится в хранилище этого браузера для этого сайта ({path})",
        "mistakes": "Найдите лучший ход (из вашей сдачи)",
        "err_no_mistakes": "из этой сдачи вопросов нет: при открытых картах каждый ваш ход был не хуже лучшего",
        "team": "пара {n}",
        "opt_match_won": "Пара {n} выигрывает партию",
        "opt_match_on": "Пока никто: партия продолжается",
        "predict": "Сначала предскажите",
        "predict_title": "Предскажите, прежде чем программа покажет ответ",
        "err_not_asked": "сначала ответьте на вопрос «{first}»: вопрос «{question}» идёт после него",
    },
}


def drill_text(key: str, locale: str = "en", **params: Any) -> str:
    """The fixed text ``key`` in ``locale`` with ``params`` filled in."""
    return DRILL_UI[locale][key].format(**params)
