"""Nimby's own lines in its lesson notebooks (``lesson_text`` in ``cardwidgets/i18n/lesson_lines.py``).

The face-up card and its exchange (NIM-4), the drawing of seats (NIM-2), the 2s taken and the match's
score in «баллы» (NIM-6, NIM-7), in English and Russian; registered with the game's words.
"""

from __future__ import annotations

#: ``lesson.<key>``: each line's template, English and Russian.
MESSAGES: dict[str, dict[str, str]] = {
    "lesson.face_up": {
        "en": "face-up card: {card}",
        "ru": "открытая карта: {card}",
    },
    "lesson.deal_face_up": {
        "en": "seat {dealer} deals; face-up card: {card}",
        "ru": "сдаёт игрок {dealer}; открытая карта: {card}",
    },
    "lesson.display_may": {
        "en": "display: {card}   seat {seat} may: {actions}",
        "ru": "открыта карта {card}   игрок {seat} может: {actions}",
    },
    "lesson.trump_and_maker": {
        "en": "trump: {trump}   maker: seat {maker}",
        "ru": "козырь: {trump}   заказал козырь игрок {maker}",
    },
    "lesson.twos_and_score": {
        "en": "2s taken: team 0 {twos0}, team 1 {twos1}   score: team 0 {score0}, team 1 {score1}",
        "ru": "взяли двоек: пара 0 — {twos0}, пара 1 — {twos1}   баллы: пара 0 — {score0}, пара 1 — {score1}",
    },
    "lesson.draws": {
        "en": "cards drawn: {draws}",
        "ru": "вытянутые карты: {draws}",
    },
    "lesson.drawn": {
        "en": "player {player} {card}",
        "ru": "игрок {player} — {card}",
    },
    "lesson.ritual": {
        "en": "highest: player {highest}, lowest: player {lowest}; seats 0-3: players {seating}; dealer: seat {dealer}",
        "ru": "старшую вытянул игрок {highest}, младшую — игрок {lowest}; за места 0–3 садятся игроки {seating}; сдаёт игрок на месте {dealer}",
    },
    "lesson.match_result": {
        "en": "target {target}; from {start0} : {start1} to {score0} : {score1}; team {winner} wins",
        "ru": "игра до {target:балла|баллов|баллов}; было {start0} : {start1}, стало {score0} : {score1}; выиграла пара {winner}",
    },
    # 05-strategy: the makers' chances by the 2s they hold (NIM-6).
    "lesson.nim_chart_twos": {"en": "2s in the maker's hand", "ru": "двойки у заказчика"},
    "lesson.nim_chart_gain": {"en": "% of deals the makers gain", "ru": "% сдач, выигранных заказчиками"},
    "lesson.nim_chart_mean": {"en": "makers' average score (NIM-6)", "ru": "средние баллы заказчиков (NIM-6)"},
    "lesson.nim_chart_title": {
        "en": "Nimby: agree only with two 2s or more",
        "ru": "Нимби: соглашайтесь, только если у вас две двойки или больше",
    },
}
