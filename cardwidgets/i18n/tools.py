"""Texts of the teaching and instructor tools: ``HandReplay``, ``to_html``, the classroom app; a game's own widgets add theirs.

``TOOLS[locale][key]`` is a ``str.format`` template; ``tool_text`` fills it in.
Rule explanations themselves come from the games' words (``games/<game>/words.py``).
"""

from __future__ import annotations

from typing import Any

from cardwidgets.i18n.locale import resolve

TOOLS: dict[str, dict[str, str]] = {
    "en": {
        # ----- HandReplay and the static snapshot -----
        "replay": "Hand replay",
        "replay_text": "HandReplay",
        # ----- the classroom app (play.ipynb) -----
        "table_text": "Table({game}, seat {seat}, phase {phase}, to act {to_act}, tricks {tricks}, scores {scores})",
        "table_seat": "seat {seat}",
        "app_game": "Game",
        "app_language": "Language",
        "app_new_match": "New match",
        "app_bad_setting": "The link's {name}={value} is not understood; the default is used.",
        "app_summary": "{game} · deal {seed} · your hand: {hand}",
        "step": "step {step} of {steps}",
        "start": "Start",
        "back": "Back",
        "forward": "Forward",
        "back_trick": "Previous trick",
        "forward_trick": "Next trick",
        "end": "End",
        "trick_n": "Trick {n}",
        "jump": "Jump to trick",
        "finish": "Bots finish the deal",
        "reveal": "Reveal every hand",
        "err_seat": "no seat {seat}: seats are 0 to {last}",
        "download": "Download record",
        "share": "Share",
        "share_label": "A link to this deal at this step",
        "share_copied": "Copied. The link holds the whole deal, every hand: for showing, not for a fair game.",
        "share_shown": "Copy this link. It holds the whole deal, every hand: for showing, not for a fair game.",
        "link_waiting": "Reading the deal from this page's address…",
        "original": "Back to the record",
        "branch": "branch from step {step}",
        "note": "Note",
        "last_action": "Last action: {action}",
        "no_action": "The deal as set up, before any action",
        "to_act": "To act",
        "collected": "{seat} collected: {why}",
        "result": "Result",
        "phase": "Phase",
        "actions": "Actions",
        "from_table": "table",
        "err_step": "no step {step}: steps go from 0 to {steps}",
        "err_trick": "no trick {n}: tricks completed in this line: {count}",
        "err_over": "the deal is over: nothing more to play",
        # ----- HandReplay: the Analysis switch (double dummy, docs/analysis.md) -----
        "analysis": "Analysis",
        "dd_title": "Analysis with all cards face up (double dummy)",
        "dd_values": "Every legal action and its value",
        "dd_line": "Best line from here",
        "dd_over": "The deal is over: nothing left to analyse.",
        "dd_not_play": "The solver analyses the play only, and this step is in the {phase} phase.",
        "dd_unfinished": "Not finished: the solver ran out of time. Exact values for {done} of {total} actions; "
        "the others are marked ?.",
        "dd_line_unfinished": "The best line stops early: the solver ran out of time (the actions shown are exact).",
        "dd_legend_value": "The number by each action: the declaring side's final points if that action is taken now "
        "and then everyone plays perfectly, all cards face up.",
        "dd_legend_best": "✓ (green): a best choice for the seat to act — it loses nothing.",
        "dd_legend_loss": "−3 (red): it loses 3 against the best choice in the deal's score of the seat to act "
        "({how}).",
        # How that score is counted: in partnerships (then each game's own way, its ``dd_score_note_<game>``).
        "dd_score_sides": "its side's score less the other side's",
        "dd_only": "Only card: a single action keeps the best result.",
        "dd_any": "Any card: every legal action gives the same result.",
        "dd_some": "{n} of {of} actions keep the best result.",
        "dd_progress": "Solving… {done} of {total}",
        "err_dd_seat_view": "Analysis would show the hidden hands: it is off in a seat's view until Reveal.",
        "err_not_your_turn": "In this view you play only seat {seat}'s cards, on its turn; the other seats play as recorded (or let the bots finish).",
        "err_view_hidden": "That is not a legal action for seat {seat} here.",
        "note_withheld": "(the instructor's note on this step is shown after Reveal: seat {seat} reads only notes marked public)",
        "err_public": "public must be True or False, not {value}",
    },
    "ru": {
        "replay": "Просмотр сдачи",
        "replay_text": "Просмотр сдачи",
        # ----- приложение для класса (play.ipynb) -----
        "table_text": "Стол: {game}, вы — игрок {seat}, этап: {phase}, ходит: {to_act}, взяток сыграно: {tricks}, "
        "счёт партии: {scores}",
        "table_seat": "игрок {seat}",
        "app_game": "Игра",
        "app_language": "Язык",
        "app_new_match": "Новая партия",
        "app_bad_setting": "В ссылке непонятно {name}={value}; взято значение по умолчанию.",
        "app_summary": "{game} · расклад {seed} · ваши карты: {hand}",
        "step": "шаг {step} из {steps}",
        "start": "В начало",
        "back": "Назад",
        "forward": "Вперёд",
        "back_trick": "Предыдущая взятка",
        "forward_trick": "Следующая взятка",
        "end": "В конец",
        "trick_n": "Взятка {n}",
        "jump": "Перейти к взятке",
        "finish": "Боты доигрывают сдачу",
        "reveal": "Открыть все карты",
        "err_seat": "нет игрока {seat}: игроки — от 0 до {last}",
        "download": "Скачать запись",
        "share": "Поделиться",
        "share_label": "Ссылка на эту сдачу на этом шаге",
        "share_copied": "Скопировано. В ссылке вся сдача, все руки: она для показа, а не для честной игры.",
        "share_shown": "Скопируйте эту ссылку. В ней вся сдача, все руки: она для показа, а не для честной игры.",
        "link_waiting": "Читаю сдачу из адреса этой страницы…",
        "original": "Вернуться к записи",
        "branch": "ветка от шага {step}",
        "note": "Заметка",
        "last_action": "Последний ход: {action}",
        "no_action": "Сдача до первого хода",
        "to_act": "Ходит",
        "collected": "{seat} забирает взятку: {why}",
        "result": "Итог",
        "phase": "Этап",
        "actions": "Ходы",
        "from_table": "стол",
        "err_step": "нет шага {step}: шаги от 0 до {steps}",
        "err_trick": "нет взятки {n}: в этом варианте сыграно взяток: {count}",
        "err_over": "сдача окончена: играть больше нечего",
        # ----- HandReplay: анализ при открытых картах -----
        "analysis": "Анализ",
        "dd_title": "Анализ при открытых картах",
        "dd_values": "Все возможные ходы и их оценки",
        "dd_line": "Лучшее продолжение отсюда",
        "dd_over": "Сдача окончена: анализировать нечего.",
        "dd_not_play": "Решатель анализирует только розыгрыш, а здесь идёт {phase}.",
        "dd_unfinished": "Не досчитано: решателю не хватило времени. Точные оценки есть для {done} из {total} ходов, "
        "остальные помечены «?».",
        "dd_line_unfinished": "Лучшее продолжение обрывается: решателю не хватило времени (показанные ходы точны).",
        "dd_legend_value": "Число у каждого хода — итоговый счёт играющей стороны, если сделать этот ход сейчас, "
        "а дальше все играют безошибочно при открытых картах.",
        "dd_legend_best": "✓ (зелёным): лучший ход для того, кто ходит, — он ничего не теряет.",
        "dd_legend_loss": "−3 (красным): ход на 3 хуже лучшего по итогу сдачи для того, кто делает ход "
        "({how}).",
        "dd_score_sides": "счёт его стороны минус счёт другой",
        "dd_only": "Единственный ход: лучший итог даёт только один ход.",
        "dd_any": "Любой ход: все возможные ходы дают один итог.",
        "dd_some": "Лучший итог дают {n} из {of} ходов.",
        "dd_progress": "Считаю… {done} из {total}",
        "err_dd_seat_view": "Анализ показал бы чужие карты: в режиме одного игрока он выключен, пока не открыты все карты.",
        "err_not_your_turn": "В этом режиме вы ходите только за игрока {seat} и только в его очередь; остальные ходят, как записано (или доиграйте ботами).",
        "err_view_hidden": "Для игрока {seat} здесь такой ход невозможен.",
        "note_withheld": "(заметка преподавателя к этому шагу появится после «Открыть все карты»: игрок {seat} видит только заметки, отмеченные как открытые)",
        "err_public": "отметка «открытая заметка» — да или нет, а не {value}",
    },
}


def tool_text(key: str, locale: str | None = None, **params: Any) -> str:
    """The text ``key`` in ``locale`` (default: ``cardwidgets.get_locale()``) with ``params`` filled in."""
    return TOOLS[resolve(locale)][key].format(**params)
