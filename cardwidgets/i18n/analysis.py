"""Messages of the analysis (double-dummy solver, post-mortem), English and Russian."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "analysis.not_in_play": {
        "en": "the solver analyses the play only, and this deal is in the {phase} phase",
        "ru": "решатель анализирует только розыгрыш, а эта сдача сейчас на этапе «{phase}»",
    },
    "analysis.bad_number": {
        "en": "{name} must be {kind} from {low} to {high}, not {value}",
        "ru": "{name} — {kind} от {low} до {high}, а не {value}",
    },
    "analysis.bad_number_or_none": {
        "en": "{name} must be {kind} from {low} to {high} (or None for no limit), not {value}",
        "ru": "{name} — {kind} от {low} до {high} (или не задавать — тогда без ограничения), а не {value}",
    },
    "analysis.kind_whole": {"en": "a whole number", "ru": "целое число"},
    "analysis.kind_seconds": {"en": "a number of seconds", "ru": "число секунд"},
    "analysis.kind_number": {"en": "a number", "ru": "число"},
    "analysis.long_number": {
        "en": "a number of {digits} digits",
        "ru": "число из {digits:цифры|цифр|цифр}",
    },
    "analysis.unknown_game": {
        "en": "the solver knows the games {games}, not {game}",
        "ru": "решатель знает игры {games}, а не {game}",
    },
    "analysis.inconsistent_state": {
        "en": "this {game} state is not a position its deal and actions lead to (a hand, a card or the seat to act was changed by hand): the solver would give wrong values",
        "ru": "это состояние ({game}) не получается из своей сдачи и сделанных ходов (рука, карта или очередь хода изменены вручную): решатель дал бы неверные оценки",
    },
    "analysis.not_a_state": {
        "en": "the solver needs a deal (a game state), not {what}",
        "ru": "решателю нужна сдача (состояние игры), а не {what}",
    },
    "analysis.no_seat": {
        "en": "no seat {seat}: seats are 0 to {last}",
        "ru": "нет игрока {seat}: игроки — от 0 до {last}",
    },
    "analysis.no_play": {
        "en": "this deal never reached the play, so there is no card play to review",
        "ru": "эта сдача не дошла до розыгрыша, разбирать нечего",
    },
    "analysis.deal_record": {
        "en": "the post-mortem takes one deal: pass a deal record, not a match record",
        "ru": "разбор делается по одной сдаче: нужна запись сдачи, а не партии",
    },
    "analysis.judge_not_to_act": {
        "en": "the judge values a decision of the seat to act, and seat {seat} is not to act here",
        "ru": "судья оценивает решение игрока, чья сейчас очередь, а очередь сейчас не игрока {seat}",
    },
    "analysis.judge_not_legal": {
        "en": "the judge values legal actions only, and {action} is not one here",
        "ru": "судья оценивает только разрешённые ходы, а {action} здесь не разрешён",
    },
    # ----- the judge's verdicts (analysis/judge.py): every tool says these
    "judge.only": {
        "en": "{action}: the only legal action here, so there was nothing to decide.",
        "ru": "{action}: единственный разрешённый здесь ход — решать было нечего.",
    },
    "judge.no_choice_play": {
        "en": "{action}: any card does here — all {count} you could play give the same result in each of the "
        "{n} deals that fit everything you had seen.{face_up}",
        "ru": "{action}: здесь годится любая карта — какую из {count} ни сыграй, итог один и тот же "
        "в каждой из {n:сдачи, не противоречащей|сдач, не противоречащих|сдач, не противоречащих} всему, что вы видели.{face_up}",
    },
    "judge.no_choice": {
        "en": "{action}: any choice does here — all {count} you could make give the same result in each of the "
        "{n} deals that fit everything you had seen.{face_up}",
        "ru": "{action}: здесь годится любой вариант — какой из {count} ни выбери, итог один и тот же "
        "в каждой из {n:сдачи, не противоречащей|сдач, не противоречащих|сдач, не противоречащих} всему, что вы видели.{face_up}",
    },
    "judge.no_choice_compared": {
        "en": "{action}: any choice does here — the {count} choices compared all give the same result in each of "
        "the {n} deals that fit everything you had seen.{face_up}",
        "ru": "{action}: здесь годится любой из {count:сравнённого варианта|сравнённых вариантов|сравнённых вариантов} — итог у всех один и тот же "
        "в каждой из {n:сдачи, не противоречащей|сдач, не противоречащих|сдач, не противоречащих} всему, что вы видели.{face_up}",
    },
    "judge.dd_same": {
        "en": " So it is with all cards face up.",
        "ru": " При открытых картах — тоже.",
    },
    "judge.tied": {
        "en": " The rule of thumb's move, {other}, did as well in the same deals.",
        "ru": " Столько же дал в тех же сдачах и ход, который советует простой приём: {other}.",
    },
    "judge.dd_lucky": {
        "en": "; with all cards face up it happened to be best",
        "ru": "; при открытых картах этот ход случайно оказался лучшим",
    },
    "judge.best": {
        "en": "{action}: the best choice on what you could see — it averaged {mc} in {n} deals that fit "
        "everything you had seen.{tip}{tied}{face_up}",
        "ru": "{action}: лучший выбор по тому, что вы видели, — в {n:сдаче, не противоречащей|сдачах, не противоречащих|сдачах, не противоречащих} всему, "
        "что вы видели, в среднем {mc}.{tip}{tied}{face_up}",
    },
    "judge.good": {
        "en": "{action}: as good as the best within the noise — {cost} less on average than {better} "
        "in {n} deals (± {err}).{face_up}",
        "ru": "{action}: не хуже лучшего в пределах случайности — в среднем на {cost} меньше, чем {better}, "
        "в {n:сдаче|сдачах|сдачах} (± {err}).{face_up}",
    },
    "judge.inaccuracy": {
        "en": "{action}: an inaccuracy — {cost} less on average than {better} in {n} deals that fit "
        "everything you had seen (± {err}){lucky}.{tip}{face_up}",
        "ru": "{action}: неточность — в среднем на {cost} меньше, чем {better}, в "
        "{n:сдаче, не противоречащей|сдачах, не противоречащих|сдачах, не противоречащих} всему, что вы видели (± {err}){lucky}.{tip}{face_up}",
    },
    "judge.mistake": {
        "en": "{action}: a mistake — {cost} less on average than {better} in {n} deals that fit "
        "everything you had seen (± {err}){lucky}.{tip}{face_up}",
        "ru": "{action}: ошибка — в среднем на {cost} меньше, чем {better}, в "
        "{n:сдаче, не противоречащей|сдачах, не противоречащих|сдачах, не противоречащих} всему, что вы видели (± {err}){lucky}.{tip}{face_up}",
    },
    "judge.dd_best": {
        "en": " With all cards face up it was best too.",
        "ru": " При открытых картах этот ход тоже лучший.",
    },
    "judge.dd_cost": {
        "en": " With all cards face up {action} cost {dd}: {result}, where with {best} {best_result}.",
        "ru": " При открытых картах ход «{action}» стоил {dd}: {result}, а при ходе «{best}» {best_result}.",
    },
    "judge.dd_unfinished": {
        "en": " With all cards face up: not valued — the solve would take too long.",
        "ru": " При открытых картах: не оценено — решатель считал бы слишком долго.",
    },
    "judge.dd_none": {
        "en": "",
        "ru": "",
    },
    "judge.result_made": {
        "en": "the contract of {contract} is made ({value})",
        "ru": "заказ {contract} выполнен ({value})",
    },
    "judge.result_failed": {
        "en": "the contract of {contract} fails ({value})",
        "ru": "заказ {contract} не выполнен ({value})",
    },
    "judge.result_side": {
        "en": "your side's result for the deal is {value} (its score less the other side's)",
        "ru": "итог сдачи для вашей стороны — {value} (её счёт минус счёт другой стороны)",
    },
    "judge.result_own": {
        "en": "your own result for the deal is {value}",
        "ru": "ваш собственный итог за сдачу — {value}",
    },
    # ----- post-mortem rows (analysis/postmortem.py): "Action n: " and the judge's sentence
    "analysis.pm_row": {
        "en": "Action {number}: {text}",
        "ru": "Ход {number}: {text}",
    },
    "analysis.pm_unfinished": {
        "en": "Action {number}, {action}: not valued — the review ran out of time before it.",
        "ru": "Ход {number}, {action}: не оценён — время разбора кончилось раньше.",
    },
    # ----- the Table's Review and Drill.from_mistakes
    "analysis.review_not_over": {
        "en": "the review comes when the deal is over",
        "ru": "разбор будет, когда сдача закончится",
    },
    "analysis.review_no_row": {
        "en": "no review entry {index}: the review has {count} entries (numbered from 1)",
        "ru": "в обзоре нет пункта {index}: пунктов в нём {count} (номера с 1)",
    },
    "analysis.review_none_open": {
        "en": "no review entry is open: open one first (click it in the Review)",
        "ru": "ни один пункт обзора не открыт: сначала откройте пункт (нажмите на него в обзоре)",
    },
    "analysis.review_busy": {
        "en": "the review is being worked out: wait for it, or cancel it",
        "ru": "обзор ещё считается: дождитесь его или отмените",
    },
    "analysis.review_opened": {
        "en": "Review entry {entry}: your action {number}, the deal just before it ({played}), with the analysis",
        "ru": "Пункт обзора {entry}: ваш ход {number}, сдача перед ним ({played}), с анализом",
    },
    "analysis.review_moved": {
        "en": "Review entry {entry} (your action {number}): the deal at {played}, with the analysis",
        "ru": "Пункт обзора {entry} (ваш ход {number}): сдача — {played}, с анализом",
    },
    "analysis.drill_prompt": {
        "en": "Action {number} of your deal (you are seat {seat}): which choice is best, with all cards face up "
        "and everyone playing perfectly after it?",
        "ru": "Ход {number} вашей сдачи (вы — игрок {seat}): какой ход лучший, если все карты открыты "
        "и дальше все играют безошибочно?",
    },
    "analysis.drill_played": {
        "en": "In the deal you chose: {action}.",
        "ru": "В сдаче вы выбрали: {action}.",
    },
    "analysis.drill_best": {
        "en": "{action} keeps the best result with all cards face up: {value} for the declaring side.",
        "ru": "{action} — лучший итог при открытых картах: {value} у играющей стороны.",
    },
    "analysis.drill_loss": {
        "en": "{action} loses {cost} against the best ({best}): {value} for the declaring side instead of {top}.",
        "ru": "{action} хуже лучшего хода ({best}) на {cost}: у играющей стороны {value} вместо {top}.",
    },
}
