"""Nimby's texts beyond its engine's words (``words.py``), English and Russian.

Its bot's reasons, its drills', its records' errors, and its part of the tools' and the
front-end's texts (``i18n/words.py`` says what each table is).
"""

from __future__ import annotations

#: Its rules of thumb's reasons (``bot.py``).
BOT_MESSAGES: dict[str, dict[str, str]] = {
    "bots.nimby.agree": {
        "en": "agree to {suit} as trump: your hand counts {count} (2s and {suit} cards), at least the {need} the makers need to take 3 of the four 2s (NIM-6)",
        "ru": "соглашайтесь на козырь {suit}: ваша рука стоит {count} (двойки и карты масти {suit}) — это не меньше {need}, а столько нужно заказчикам, чтобы взять 3 двойки из четырёх (NIM-6)",
    },
    "bots.nimby.pass_weak": {
        "en": "pass: your hand counts only {count} with {suit} trump; below {need} the makers rarely take 3 of the 2s and lose 2 points (NIM-6)",
        "ru": "не соглашайтесь: с козырем {suit} ваша рука стоит лишь {count}; меньше {need} заказчики редко берут 3 двойки и теряют 2 балла (NIM-6)",
    },
    "bots.nimby.exchange": {
        "en": "exchange {two} to make {suit} trump: your hand then counts {count}, at least {need}, better than the face-up suit (NIM-4)",
        "ru": "обменяйте {two}, чтобы козырем стала масть {suit}: тогда ваша рука стоит {count} (нужно {need}) — больше, чем с открытой мастью (NIM-4)",
    },
    "bots.nimby.pass_partner": {
        "en": "pass: your partner (seat {seat}) already makes trump for your side",
        "ru": "не соглашайтесь: ваш партнёр (игрок {seat}) уже заказал козырь за вашу пару",
    },
    "bots.nimby.pass_opponent": {
        "en": "pass: seat {seat} is already the maker, and agreeing would not change that (N-4)",
        "ru": "не соглашайтесь: козырь уже заказал игрок {seat}, и ваше согласие этого не изменит (N-4)",
    },
    "bots.nimby.lead_top_two": {
        "en": "lead {card}: it is the top trump, and the others must follow with trumps, maybe with their 2s ({left} still out)",
        "ru": "ходите с {card}: это старший козырь, остальные должны отвечать козырями, возможно двойками (ещё не вышло двоек: {left})",
    },
    "bots.nimby.lead_top_two_after": {
        "en": "lead {card}: the higher 2s ({gone}) are out, so your {card} is now the top trump and can catch the 2s still out ({left})",
        "ru": "ходите с {card}: старшие двойки ({gone}) уже вышли, теперь ваша двойка {card} — старший козырь и может поймать оставшиеся двойки ({left})",
    },
    "bots.nimby.lead_low": {
        "en": "lead {card}, a low plain card: keep your trumps and 2s for the tricks that hold 2s",
        "ru": "ходите с {card}, младшей некозырной карты: козыри и двойки берегите для взяток с двойками",
    },
    "bots.nimby.lead_low_trump": {
        "en": "lead {card}: you hold only trumps, so give the lowest",
        "ru": "ходите с {card}: у вас одни козыри, отдайте младший",
    },
    "bots.nimby.bank_two": {
        "en": "play {card}: your partner's {winner} takes this trick for sure, so your 2 scores for your side (only the 2s taken count, NIM-6)",
        "ru": "кладите {card}: карта партнёра {winner} наверняка берёт взятку, и ваша двойка достанется вашей паре (считаются только взятые двойки, NIM-6)",
    },
    "bots.nimby.partner_wins": {
        "en": "play {card}, your lowest: your partner's {winner} takes this trick",
        "ru": "кладите {card}, самую младшую: взятку берёт карта партнёра {winner}",
    },
    "bots.nimby.take_twos": {
        "en": "take the trick with {card}, the cheapest card sure to win it: it holds {twos}, and only the 2s taken score (NIM-6)",
        "ru": "берите взятку картой {card} — самой дешёвой из тех, что наверняка её возьмут: в ней {twos}, а считаются только взятые двойки (NIM-6)",
    },
    "bots.nimby.take_safe": {
        "en": "take the trick with {card}: you must give a 2, so win the trick with it rather than hand it to the opponents",
        "ru": "берите взятку картой {card}: двойку всё равно придётся отдать — лучше взять ею взятку, чем подарить соперникам",
    },
    "bots.nimby.duck": {
        "en": "play {card}, your lowest: you cannot be sure of this trick, so keep your strong cards and your 2s",
        "ru": "кладите {card}, самую младшую: эта взятка вам не гарантирована, берегите сильные карты и двойки",
    },
    "bots.nimby.duck_two": {
        "en": "play {card}, your lowest 2: you hold only 2s here, and none of them is sure of this trick",
        "ru": "кладите {card}, самую младшую из ваших двоек: у вас остались одни двойки, и ни одна не берёт эту взятку наверняка",
    },
    "bots.nimby.duck_no_twos": {
        "en": "play {card}, your lowest: the trick holds no 2, so it is not worth a strong card",
        "ru": "кладите {card}, самую младшую: во взятке нет двоек, сильную карту на неё тратить не стоит",
    },
    "bots.nimby.bank_two_over": {
        "en": "play {card}: it tops your partner's {winner}, so your side takes this trick for sure and your 2 scores for it (only the 2s taken count, NIM-6)",
        "ru": "кладите {card}: она перебивает карту партнёра {winner}, взятка наверняка ваша, и двойка достанется вашей паре (считаются только взятые двойки, NIM-6)",
    },
    "bots.nimby.partner_wins_over": {
        "en": "play {card}, your lowest: it tops your partner's {winner}, and your side takes this trick",
        "ru": "кладите {card}, самую младшую: она перебивает карту партнёра {winner}, и взятка достаётся вашей паре",
    },
}

#: Its drill questions, answers and facts (``drills.py``).
DRILL_MESSAGES: dict[str, dict[str, str]] = {
    "drill.nim_higher_q": {
        "en": "Trump suit: {suit}. Which card is higher?",
        "ru": "Козырная масть — {suit}. Какая карта старше?",
    },
    "drill.nim_two_two": {
        "en": "the 2s are always the top trumps, ranked 2♣ > 2♠ > 2♥ > 2♦: {hi} is above {lo}",
        "ru": "двойки — всегда старшие козыри, по старшинству 2♣ > 2♠ > 2♥ > 2♦: {hi} старше {lo}",
    },
    "drill.nim_two_trump": {
        "en": "{hi} is a 2, and every 2 is above the cards of the trump suit, such as {lo}",
        "ru": "{hi} — двойка, а любая двойка старше карт козырной масти, например {lo}",
    },
    "drill.nim_two_plain": {
        "en": "{hi} is a 2, a trump whatever its printed suit, so it beats {lo}, a plain card",
        "ru": "{hi} — двойка, то есть козырь, какой бы ни была её масть, поэтому она бьёт простую карту {lo}",
    },
    "drill.nim_trump_plain": {
        "en": "{hi} is of the trump suit {suit}, so it beats {lo}, a plain card",
        "ru": "{hi} — карта козырной масти {suit}, поэтому она бьёт простую карту {lo}",
    },
    "drill.nim_same_suit": {
        "en": "both are {suit} and, below the 2s, A > 6 > 5 > 4 > 3: {hi} is above {lo}",
        "ru": "обе карты масти {suit}, а после двоек порядок Т > 6 > 5 > 4 > 3: {hi} старше {lo}",
    },
    "drill.nim_may_q": {
        "en": "Trump suit: {suit}. You are seat {seat}; {led} was led. Which one of these cards may you play?",
        "ru": "Козырная масть — {suit}. Вы — игрок {seat}; зашли с {led}. Какую из этих карт вам можно положить? Верный ответ один.",
    },
    "drill.nim_follows": {
        "en": "{card} belongs to the play suit led ({suit}), so it follows",
        "ru": "{card} относится к той масти, с которой зашли ({suit}), — это ответ в масть",
    },
    "drill.nim_two_not_follow": {
        "en": "{card} is a trump (every 2 is), so it does not follow {printed}; you hold {follow}, and must follow {suit}",
        "ru": "{card} — козырь (как любая двойка), поэтому это не ответ в масть {printed}; у вас есть {follow}, а в масть {suit} нужно отвечать",
    },
    "drill.nim_trump_not_follow": {
        "en": "{card} is a trump, not of the play suit led ({suit}); you hold {follow}, and must follow",
        "ru": "{card} — козырь, а не карта той масти, с которой зашли ({suit}); у вас есть {follow}, а в масть нужно отвечать",
    },
    "drill.nim_not_follow": {
        "en": "{card} is not of the play suit led ({suit}); you hold {follow}, and must follow",
        "ru": "{card} — не той масти, с которой зашли ({suit}); у вас есть {follow}, а в масть нужно отвечать",
    },
    "drill.nim_free": {
        "en": "you hold no card of the play suit led ({suit}), so you may play any card",
        "ru": "у вас нет карт той масти, с которой зашли ({suit}), поэтому можно положить любую карту",
    },
    "drill.nim_winner_q": {
        "en": "Trump suit: {suit}. Which card wins this trick?",
        "ru": "Козырная масть — {suit}. Какая карта берёт эту взятку?",
    },
    "drill.nim_score_q": {
        "en": "Seat {seat} made trump. His partnership (team {team}) took {m} of the 2s, the defenders {d}. What does the deal score?",
        "ru": "Козырь заказал игрок {seat}. Его пара (пара {team}) взяла двоек: {m}, соперники — {d}. Сколько баллов приносит сдача?",
    },
    "drill.nim_exchange_q": {
        "en": "You are seat {seat}, it is your turn to speak and {display} lies face up. May you exchange your {two} for it?",
        "ru": "Вы — игрок {seat}, ваша очередь говорить, открыта карта {display}. Можно ли обменять на неё вашу {two}?",
    },
    "drill.nim_exchange_any": {
        "en": "the face-up card {display} is not a 2, so any 2 may be exchanged for it: {two} becomes the proposed trump",
        "ru": "открытая карта {display} — не двойка, поэтому на неё можно обменять любую двойку: обменяв {two}, вы предложите новый козырь",
    },
    "drill.nim_exchange_higher": {
        "en": "over a 2 only a higher 2 may be exchanged (2♣ > 2♠ > 2♥ > 2♦), and {two} is higher than {display}",
        "ru": "поверх двойки можно выложить только старшую двойку (2♣ > 2♠ > 2♥ > 2♦), а {two} старше {display}",
    },
    "drill.nim_match_line": {
        "en": "a partnership with 10 or more points wins",
        "ru": "выигрывает пара, набравшая 10 или больше баллов",
    },
    "drill.nim_draw_q": {
        "en": "To make partnerships, each player drew a card. Who becomes player {asked}'s partner?",
        "ru": "Чтобы определить партнёров, каждый игрок вытянул по карте. Кто станет партнёром игрока {asked}?",
    },
    "drill.nim_draw_why": {
        "en": "player {hi} drew the highest card ({hi_card}) and player {lo} the lowest ({lo_card}; draw order "
        "3 < 4 < 5 < 6 < A < 2): they are partners, and so are the other two; player {asked}'s partner is player {partner}",
        "ru": "игрок {hi} вытянул старшую карту ({hi_card}), игрок {lo} — младшую ({lo_card}; порядок "
        "3 < 4 < 5 < 6 < Т < 2): они партнёры, двое других — тоже; партнёр игрока {asked} — игрок {partner}",
    },
}

#: Its records' rules and start positions, as errors (``engine.py``).
RECORD_MESSAGES: dict[str, dict[str, str]] = {
    "record.nim_start_at_target": {
        "en": "start: a partnership already has {target} or more (NIM-7)",
        "ru": "start: у одной из пар уже {target} или больше (NIM-7)",
    },
}

#: Its name and its topics' titles in the Drill (``i18n/drills.py``).
DRILL_UI: dict[str, dict[str, str]] = {
    "en": {
        "game_nimby": "Nimby",
        "nimby-higher-card": "Nimby: which card is higher?",
        "nimby-may-play": "Nimby: which card may you play?",
        "nimby-trick-winner": "Nimby: who wins the trick?",
        "nimby-exchange": "Nimby: may you exchange a 2?",
        "nimby-score": "Nimby: the score from the 2s taken",
        "nimby-match-end": "Nimby: has the match been won?",
        "nimby-draw": "Nimby: who are partners?",
    },
    "ru": {
        "game_nimby": "Нимби",
        "nimby-higher-card": "Нимби: какая карта старше?",
        "nimby-may-play": "Нимби: какую карту можно положить?",
        "nimby-trick-winner": "Нимби: кто берёт взятку?",
        "nimby-exchange": "Нимби: можно ли обменять двойку?",
        "nimby-score": "Нимби: счёт по взятым двойкам",
        "nimby-match-end": "Нимби: выиграна ли партия?",
        "nimby-draw": "Нимби: кто партнёры?",
    },
}

#: Its own action words, ``<game>.<verb>`` (``i18n/names.py``).
ACTION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "nimby.pass": "Pass",
        "agree": "Agree",
        "exchange": "Exchange {0}",
        "exchange.hidden": "Exchange a card",
    },
    "ru": {
        "nimby.pass": "Не соглашаться",  # the Nimby seed: «соглашается или не соглашается»
        "agree": "Согласиться",
        "exchange": "Обменять {0}",
        "exchange.hidden": "Обменять карту",
    },
}

#: Its own actions told as done (``i18n/names.py``).
ACTION_DONE: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "nimby.pass": ("{seat} did not agree", "{seat} did not agree"),
        "agree": ("{seat} agreed", "{seat} agreed"),
        "exchange": ("{seat} exchanged {0}", "{seat} exchanged {0}"),
        "exchange.hidden": ("{seat} exchanged a card", "{seat} exchanged a card"),
    },
    "ru": {
        "nimby.pass": ("{seat} не согласился", "{seat} не согласились"),
        "agree": ("{seat} согласился", "{seat} согласились"),
        "exchange": ("{seat} обменял {0}", "{seat} обменяли {0}"),
        "exchange.hidden": ("{seat} обменял карту", "{seat} обменяли карту"),
    },
}

#: Its texts in the teaching and instructor tools (``i18n/tools.py``).
TOOLS: dict[str, dict[str, str]] = {
    "en": {
        "game_nimby": "Nimby",
        "dd_side_nimby": "Values: the 2s the makers take (seats {seats}).",
        # The value by an action (``widgets/analysis_view.py``): the 2s taken, not the deal's points (NIM-6).
        "dd_value_nimby": "2s: {n}",
    },
    "ru": {
        "game_nimby": "Нимби",
        "dd_side_nimby": "Оценки — двойки, которые возьмут заказчики (игроки {seats}).",
        "dd_value_nimby": "двоек: {n}",
    },
}

#: Where its seed has its own word for a generic one (``i18n/ui.py``).
GAME_UI = {"ru": {"nimby": {"passed": "не согласен", "contract": "Козырь заказал"}}}

#: Nimby's seed counts «баллы», not «очки» (docs/glossary.md).
POINT_FORMS = {"nimby": ("балл", "балла", "баллов")}

#: The front-end texts it adds (``i18n/ui.py``): its face-up card.
UI: dict[str, dict[str, str]] = {
    "en": {
        "display": "Face-up card",
    },
    "ru": {
        "display": "Открытая карта",
    },
}

#: Its puzzles' themes by id (``puzzle_themes.py``), the rule that decides each in brackets.
PUZZLE_THEMES: dict[str, dict[str, str]] = {
    "trump_call": {"en": "Call the trump or pass (NIM-6)", "ru": "Заказать козырь или пасовать (NIM-6)"},
    "exchange": {"en": "Exchange a 2 for the trump (NIM-4)", "ru": "Обмен двойки на козырь (NIM-4)"},
    "count_the_twos": {"en": "Count the 2s (NIM-6)", "ru": "Считайте двойки (NIM-6)"},
    "top_trump": {"en": "Lead the top trump (NIM-5)", "ru": "Ход старшим козырем (NIM-5)"},
    "lead_low": {"en": "Lead low, keep the trumps (NIM-5)", "ru": "Ход с мелкой, козыри при себе (NIM-5)"},
    "bank_a_two": {"en": "Give partner a 2 (NIM-6)", "ru": "Отдайте партнёру двойку (NIM-6)"},
    "take_the_trick": {"en": "Take the trick (NIM-5)", "ru": "Возьмите взятку (NIM-5)"},
    "duck": {"en": "Duck: let the trick go (NIM-5)", "ru": "Пропустите взятку (NIM-5)"},
    "the_lead": {"en": "Which card to lead", "ru": "С какой карты ходить"},
    "the_follow": {"en": "Which card to follow with", "ru": "Какой картой отвечать"},
}
