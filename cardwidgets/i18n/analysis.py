"""Messages of the analysis (double-dummy solver, post-mortem), English and Russian."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "analysis.not_in_play": {
        "en": "the solver analyses the play only, and this deal is in the {phase} phase",
        "ru": "решатель анализирует только розыгрыш, а эта сдача сейчас на этапе «{phase}»",
    },
    "analysis.bad_budget": {
        "en": "{name} must be a number of seconds, 0 or more (or None for no limit), not {value}",
        "ru": "{name} — число секунд, не меньше 0 (или не задавать — тогда без ограничения), а не {value}",
    },
    "analysis.bad_budget_whole": {
        "en": "{name} must be a whole number, 0 or more (or None for no limit), not {value}",
        "ru": "{name} — целое число, не меньше 0 (или не задавать — тогда без ограничения), а не {value}",
    },
    "analysis.bad_samples": {
        "en": "samples must be a whole number of sampled deals from 1 to {limit}, not {value}",
        "ru": "число разыгрываемых вариантов раздачи должно быть целым, от 1 до {limit}, а не {value}",
    },
    "analysis.bad_seed": {
        "en": "seed must be a whole number, not {value}",
        "ru": "начальное число должно быть целым, а не {value}",
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
    # ----- post-mortem sentences ({dd}: with all cards face up; {mc}: on average over the deals the seat could not rule out)
    "analysis.pm_best": {
        "en": "Action {number}, {action}: the best choice, with all cards face up and on what you could see.",
        "ru": "Ход {number}, {action}: лучший выбор — и при открытых картах, и по тому, что вы видели.",
    },
    "analysis.pm_lucky": {
        "en": "Action {number}, {action}: best with the cards as they lay, but on what you could see it cost "
        "{mc} on average — it worked out by luck.",
        "ru": "Ход {number}, {action}: лучший при этом раскладе, но по тому, что вы видели, он стоил в среднем "
        "{mc} — повезло.",
    },
    "analysis.pm_unseen": {
        "en": "Action {number}, {action}: cost {dd} with all cards face up (best: {best}), "
        "but on what you could see it was as good as any — no way to know.",
        "ru": "Ход {number}, {action}: при открытых картах стоил {dd} (лучше: {best}), "
        "но по тому, что вы видели, он не хуже других — знать было нельзя.",
    },
    "analysis.pm_mistake": {
        "en": "Action {number}, {action}: cost {dd} with all cards face up (best: {best}) and {mc} "
        "on average over the deals you could not rule out.",
        "ru": "Ход {number}, {action}: при открытых картах стоил {dd} (лучше: {best}) и в среднем {mc} "
        "по сдачам, которые вы не могли исключить.",
    },
    "analysis.pm_unfinished": {
        "en": "Action {number}, {action}: the solver did not finish within its time limit here.",
        "ru": "Ход {number}, {action}: решатель не успел досчитать здесь за отведённое время.",
    },
    # ----- the Table's Review and Drill.from_mistakes
    "analysis.review_not_over": {
        "en": "the review comes when the deal is over",
        "ru": "разбор будет, когда сдача закончится",
    },
    "analysis.review_no_row": {
        "en": "no review row {index}: the review has {count} rows (numbered from 0)",
        "ru": "в разборе нет строки {index}: строк в нём {count} (номера с 0)",
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
        "ru": "{action} теряет {cost} против лучшего ({best}): у играющей стороны {value} вместо {top}.",
    },
}
