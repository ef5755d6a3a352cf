"""Tumbochka's texts beyond its engine's words (``words.py``), English and Russian.

Its bot's reasons, its drills', its records' errors, and its part of the tools' and the
front-end's texts (``i18n/words.py`` says what each table is).
"""

from __future__ import annotations

#: Its rules of thumb's reasons (``bot.py``).
BOT_MESSAGES: dict[str, dict[str, str]] = {
    "bots.tumbochka.bid": {
        "en": "bid {bid}: your hand counts about {count} points (counting tricks from kings and queens, +3 for a trilyazh if you hold one, and about 1 from the talon) (TUM-6)",
        "ru": "заказывайте {bid}: рука стоит около {count} очка (считая взятки королями и дамами, +3 за трильяж, если он есть, и около 1 из прикупа) (TUM-6)",
    },
    "bots.tumbochka.pass": {
        "en": "pass: your hand counts about {count} points, less than the {next} you would have to bid (TUM-6)",
        "ru": "пас: рука стоит около {count} очка — меньше, чем {next}, которые пришлось бы заказать (TUM-6)",
    },
    "bots.tumbochka.give": {
        "en": "give {card} to seat {to}: it is the card worth least to you to keep — the only {suit} card you hold",
        "ru": "отдайте {card} игроку {to}: эту карту вам выгоднее всего отдать — она у вас единственная в масти {suit}",
    },
    "bots.tumbochka.raise": {
        "en": "raise to {bid}: with the talon your hand counts about {count} points, above the contract of {contract}",
        "ru": "перезакажите {bid}: с прикупом рука стоит около {count} очка — больше, чем заказ {contract}",
    },
    "bots.tumbochka.keep": {
        "en": "keep the contract of {contract}: your hand counts about {count} points, not enough to raise safely",
        "ru": "оставьте заказ {contract}: рука стоит около {count} очка, перезаказывать рискованно",
    },
    "bots.tumbochka.trilyazh": {
        "en": "announce the trilyazh in {suit}: lead its J; win the J, Q and K tricks and it scores +3 (TUM-5)",
        "ru": "объявляйте трильяж {suit}: заходите с валета; возьмёте взятки валетом, дамой и королём — получите +3 (TUM-5)",
    },
    "bots.tumbochka.troyan": {
        "en": "show the troyan in {suit}: you hold {length} {suit} cards, and they become trumps (TUM-5)",
        "ru": "показывайте троян {suit}: карты этой масти (у вас их {length}) станут козырями (TUM-5)",
    },
    "bots.tumbochka.lead_top": {
        "en": "lead {card}: no card still out beats it, so it should take the trick",
        "ru": "ходите с {card}: ни одна невышедшая карта её не бьёт, взятка должна быть ваша",
    },
    "bots.tumbochka.lead_top_after": {
        "en": "lead {card}: the higher cards ({gone}) are out, so your {card} is now the top {what} and should take the trick",
        "ru": "ходите с {card}: старшие карты ({gone}) уже вышли, теперь ваша карта {card} — старшая ({what}) и должна взять взятку",
    },
    "bots.tumbochka.lead_low": {
        "en": "lead {card}, a low card of your longest suit: keep your high cards for later",
        "ru": "ходите с {card}, младшей карты самой длинной масти: старшие карты берегите",
    },
    "bots.tumbochka.break_trilyazh": {
        "en": "beat it with {card}: taking this trick breaks seat {seat}'s trilyazh and costs him the +3 (T-4)",
        "ru": "бейте картой {card}: эта взятка срывает трильяж игрока {seat}, и он не получит 3 очка (T-4)",
    },
    "bots.tumbochka.take": {
        "en": "take the trick with {card}, the cheapest card sure to win it: every trick is a point (TUM-6)",
        "ru": "берите взятку картой {card} — самой дешёвой из тех, что наверняка её возьмут: каждая взятка — очко (TUM-6)",
    },
    "bots.tumbochka.duck": {
        "en": "play {card}, your least useful card: you cannot be sure of this trick",
        "ru": "кладите {card}, наименее полезную карту: эта взятка вам не гарантирована",
    },
    "bots.tumbochka.give_more": {
        "en": "give {card} to seat {to}: it is the card worth least to you to keep (one of your {held} {suit} cards, not part of a trilyazh)",
        "ru": "отдайте {card} игроку {to}: эту карту вам выгоднее всего отдать (одна из ваших {held} карт масти {suit}, не из трильяжа)",
    },
}

#: Its drill questions, answers and facts (``drills.py``).
DRILL_MESSAGES: dict[str, dict[str, str]] = {
    "drill.tum_winner_q": {
        "en": "Trump: {trump}. Which card wins this trick?",
        "ru": "Козырь — {trump}. Какая карта берёт эту взятку?",
    },
    "drill.tum_troyan_q": {
        "en": "Trump: {trump}. You are seat {seat} and it is your turn. May you show a troyan in {suit} now?",
        "ru": "Козырь — {trump}. Вы — игрок {seat}, ваша очередь класть карту. Можно ли сейчас показать троян {suit}?",
    },
    "drill.tum_troyan_ok": {
        "en": "you are on lead and hold 8, 7 and 6 of {suit}, which is not trump: lead the 6 and {suit} becomes trump",
        "ru": "вы заходите, и у вас есть 8, 7 и 6 масти {suit}, которая не козырь: заходите с шестёрки, и {suit} становится козырем",
    },
    "drill.tum_bid_q": {
        "en": "You are seat {seat} and it is your turn in the bidding. Which one of these calls may you make?",
        "ru": "Вы — игрок {seat}, ваша очередь в торговле. Какой из этих заказов вам можно сделать? Верный ответ один.",
    },
    "drill.tum_bid_ok": {
        "en": "{bid} is higher than the current bid of {high}",
        "ru": "{bid} больше текущего заказа {high}",
    },
    "drill.tum_sitter_ok": {
        "en": "you sit on the tumbochka, and a sitter may bid 7 or more: {bid} is allowed",
        "ru": "вы сидите на тумбочке, а сидящий может заказать 7 или больше: {bid} можно",
    },
    "drill.tum_point_ok": {
        "en": "seat {sitter} sits on the tumbochka, but you have {score} (at least 1 point), so you may bid {bid}",
        "ru": "игрок {sitter} сидит на тумбочке, но у вас {score} (хотя бы 1 очко), поэтому заказать {bid} можно",
    },
    "drill.tum_open_ok": {
        "en": "you are first hand and open with exactly 4",
        "ru": "вы — первая рука и открываете торговлю заказом ровно 4",
    },
    "drill.tum_pass_ok": {
        "en": "you may pass (a pass is final for this deal)",
        "ru": "можно сказать «пас» (пас окончательный до конца сдачи)",
    },
    "drill.tum_sitter_pass": {
        "en": "a sitter may pass even as first hand; then the next player opens with 4",
        "ru": "сидящий на тумбочке может спасовать и первой рукой; тогда торговлю заказом 4 открывает следующий игрок",
    },
    "drill.tum_trilyazh_q": {
        "en": "Trump: {trump}. You are seat {seat} and on lead. Which one of these cards may you lead now?",
        "ru": "Козырь — {trump}. Вы — игрок {seat}, ваш заход. С какой из этих карт вам можно зайти сейчас? Верный ответ один.",
    },
    "drill.tum_end_q": {
        "en": "The deal is over. What happens on the tumbochka now? (One statement is true.)",
        "ru": "Сдача окончена. Что теперь происходит с тумбочкой? Верный ответ один.",
    },
    "drill.tum_no_events": {
        "en": "nobody wins, nobody arrives at 20 or more, nobody is knocked off: nothing changes",
        "ru": "никто не выигрывает, никто не набирает 20 или больше и никого не сбрасывают: ничего не меняется",
    },
    "drill.tum_events": {"en": "what happens: {events}", "ru": "что происходит: {events}"},
    "drill.fact_sitter": {
        "en": "Seat {seat} sits on the tumbochka",
        "ru": "Игрок {seat} сидит на тумбочке",
    },
    "drill.fact_scores": {"en": "Running scores: {scores}", "ru": "Счёт: {scores}"},
    "drill.fact_bids": {"en": "Bidding so far: {calls}", "ru": "Торговля: {calls}"},
    "drill.fact_no_bids": {"en": "Nobody has bid yet", "ru": "Заказов ещё не было"},
    "drill.fact_first_hand": {"en": "Seat {seat} is first hand", "ru": "Первая рука — игрок {seat}"},
    "drill.fact_before": {"en": "Running scores before the deal: {scores}", "ru": "Счёт до сдачи: {scores}"},
    "drill.fact_sitting": {
        "en": "Seat {seat} sits on the tumbochka; deals sat through without winning: {n}",
        "ru": "Игрок {seat} сидит на тумбочке; сдач, просиженных без выигрыша: {n}",
    },
    "drill.fact_removals": {
        "en": "Times knocked off so far (2 or more: golden bagel): {removals}",
        "ru": "Сколько раз снят с тумбочки (2 и больше — золотая баранка): {removals}",
    },
    "drill.fact_deal": {"en": "This deal scored: {scores}", "ru": "Эта сдача принесла: {scores}"},
    "drill.fact_trilyazh_led": {
        "en": "You announced a trilyazh: you led {cards} of it and won every one of those tricks",
        "ru": "Вы объявили трильяж: зашли с {cards} и пока не отдали ни одной взятки",
    },
    "drill.fact_troyans": {"en": "Troyans shown: {suits}", "ru": "Показаны трояны: {suits}"},
    "drill.fact_trilyazh": {
        "en": "Your trilyazh in {suit} is being played",
        "ru": "Разыгрывается ваш трильяж {suit}",
    },
    "drill.tum_score_q": {
        "en": "Seat {seat} played with a contract of {contract}; his deal points: {taken}. What does he score?",
        "ru": "Игрок {seat} играл с заказом {contract}; его очки за сдачу: {taken}. Сколько он получает?",
    },
    "drill.tum_talon_q": {
        "en": "You are seat {seat}: you won the bidding and took the talon. Which one of these may you do now?",
        "ru": "Вы — игрок {seat}: вы выиграли торговлю и взяли прикуп. Что из этого вам можно сделать сейчас? Верный ответ один.",
    },
    "drill.tum_give_ok": {
        "en": "the declarer first gives one card to each opponent who has none yet, then keeps or raises",
        "ru": "играющий сначала отдаёт по одной карте каждому сопернику, который её ещё не получил, потом оставляет "
        "заказ или перезаказывает",
    },
    "drill.tum_keep_ok": {
        "en": "both opponents have their card, so he keeps his contract of {contract} or raises it (at most 14)",
        "ru": "оба соперника получили по карте, поэтому он оставляет заказ {contract} или перезаказывает (не больше 14)",
    },
    "drill.fact_declarer": {
        "en": "Seat {seat} is the declarer, contract {contract}",
        "ru": "Играющий — игрок {seat}, заказ {contract}",
    },
    "drill.fact_given": {"en": "Already given a card: {to}", "ru": "Карту уже получил: {to}"},
}

#: Its records' rules and start positions, as errors (``engine.py``).
RECORD_MESSAGES: dict[str, dict[str, str]] = {
    "record.tum_max_deals": {
        "en": "rules: max_deals = {value} is not allowed (expected null or a whole number >= 1)",
        "ru": "rules: max_deals = {value} — так нельзя (ожидается null или целое число от 1)",
    },
    "record.tum_start_unknown_field": {
        "en": 'start: unknown field "{name}" for tumbochka (known: {known})',
        "ru": "start: у Тумбочки нет поля «{name}» (есть: {known})",
    },
    "record.tum_three_values": {
        "en": "start: {name} must be a list of 3 values, one per seat",
        "ru": "start: {name} — это список из 3 значений, по одному на игрока",
    },
    "record.tum_sitting": {
        "en": "start: sitting must be null or a seat from 0 to 2",
        "ru": "start: sitting — это null или номер игрока от 0 до 2",
    },
    "record.tum_sat_deals": {
        "en": "start: sat_deals must be 0, 1 or 2 (the third deal without a win knocks off, TUM-8)",
        "ru": "start: sat_deals — это 0, 1 или 2 (после третьей сдачи без выигрыша игрок слезает с тумбочки, TUM-8)",
    },
    "record.tum_sat_nobody": {
        "en": "start: sat_deals must be 0 when nobody sits on the tumbochka",
        "ru": "start: sat_deals должно быть 0, когда на тумбочке никто не сидит",
    },
    "record.tum_removals": {
        "en": "start: removals must be 3 whole numbers, 0 or more",
        "ru": "start: removals — это 3 целых числа, не меньше 0",
    },
    "record.tum_bagels": {
        "en": "start: bagels must be 3 true/false values",
        "ru": "start: bagels — это 3 значения true или false",
    },
    "record.tum_bagel_mismatch": {
        "en": "start: seat {seat} has {removals} removals, so his golden bagel must be {value} (TUM-8, T-9)",
        "ru": "start: сколько раз игрок {seat} снят с тумбочки: {removals}, поэтому его золотая баранка — {value} "
        "(TUM-8, T-9)",
    },
    "record.tum_sitter_score": {
        "en": "start: the sitter's score must be exactly 20, not {score} (TUM-8)",
        "ru": "start: у сидящего на тумбочке ровно 20 очков, а не {score} (TUM-8)",
    },
    "record.tum_sitter_bagel": {
        "en": "start: seat {seat} cannot sit with a golden bagel: he would have won (TUM-8)",
        "ru": "start: игрок {seat} не может сидеть на тумбочке с золотой баранкой: он бы уже выиграл (TUM-8)",
    },
    "record.tum_would_sit": {
        "en": "start: seat {seat} has {score} without sitting: he would have arrived (TUM-8)",
        "ru": "start: игрок {seat} набрал {score}, но не сидит на тумбочке: он бы уже сел на неё (TUM-8)",
    },
}

#: Its name and its topics' titles in the Drill (``i18n/drills.py``).
DRILL_UI: dict[str, dict[str, str]] = {
    "en": {
        "game_tumbochka": "Tumbochka",
        "tumbochka-trick-winner": "Tumbochka: who wins the trick?",
        "tumbochka-troyan": "Tumbochka: may you show a troyan now?",
        "tumbochka-bids": "Tumbochka: which call is allowed?",
        "tumbochka-end": "Tumbochka: what happens at the end of the deal?",
        "tumbochka-trilyazh": "Tumbochka: what does a trilyazh oblige?",
        "opt_wins": "Seat {seat} wins the match",
        "opt_arrives": "Seat {seat} arrives and sits on the tumbochka",
        "opt_knocked": "Seat {seat} is knocked off",
        "opt_nothing": "Nobody wins, sits down or is knocked off",
        "tumbochka-bidding": "Tumbochka: which call may you make?",
        "tumbochka-talon": "Tumbochka: what may the declarer do with the talon?",
        "tumbochka-score": "Tumbochka: what does the declarer score?",
    },
    "ru": {
        "game_tumbochka": "Тумбочка",
        "tumbochka-trick-winner": "Тумбочка: кто берёт взятку?",
        "tumbochka-troyan": "Тумбочка: можно ли показать троян?",
        "tumbochka-bids": "Тумбочка: какой заказ разрешён?",
        "tumbochka-end": "Тумбочка: что происходит в конце сдачи?",
        "tumbochka-trilyazh": "Тумбочка: к чему обязывает трильяж?",
        "opt_wins": "Игрок {seat} выигрывает партию",
        "opt_arrives": "Игрок {seat} садится на тумбочку",
        "opt_knocked": "Игрок {seat} снят с тумбочки",
        "opt_nothing": "Никто не выигрывает и не садится на тумбочку, никого не снимают с неё",
        "tumbochka-bidding": "Тумбочка: какой заказ можно сделать?",
        "tumbochka-talon": "Тумбочка: что играющий делает с прикупом?",
        "tumbochka-score": "Тумбочка: сколько получает играющий?",
    },
}

#: Its own action words, ``<game>.<verb>`` (``i18n/names.py``).
ACTION_LABELS: dict[str, dict[str, str]] = {
    "ru": {
        "tumbochka.bid": "Заказать {0}",  # the Tumbochka seed: «заказать 4 очка»
        "give": "Отдать {0} игроку {1}",
        "give.hidden": "Отдать карту игроку {1}",
        "raise": "Перезаказать {0}",  # the seed: «может перезаказать количество очков»
        "keep": "Оставить заказ",
        "troyan": "Троян! Зайти с {0}",
        "trilyazh": "Трильяж! Зайти с {0}",
    },
    "en": {
        "give": "Give {0} to seat {1}",
        "give.hidden": "Give a card to seat {1}",
        "raise": "Raise to {0}",
        "keep": "Keep the contract",
        "troyan": "Troyan! Lead {0}",
        "trilyazh": "Trilyazh! Lead {0}",
    },
}

#: Its own actions told as done (``i18n/names.py``).
ACTION_DONE: dict[str, dict[str, tuple[str, str]]] = {
    "ru": {
        "tumbochka.bid": ("{seat} заказал {0}", "{seat} заказали {0}"),  # the Tumbochka seed: «заказать»
        "give": ("{seat} отдал {0} игроку {1}", "{seat} отдали {0} игроку {1}"),
        "give.hidden": ("{seat} отдал карту игроку {1}", "{seat} отдали карту игроку {1}"),
        "raise": ("{seat} перезаказал {0}", "{seat} перезаказали {0}"),
        "keep": ("{seat} оставил заказ", "{seat} оставили заказ"),
        "troyan": ("{seat} показал троян и зашёл с {0}", "{seat} показали троян и зашли с {0}"),
        "trilyazh": ("{seat} объявил трильяж и зашёл с {0}", "{seat} объявили трильяж и зашли с {0}"),
    },
    "en": {
        "give": ("{seat} gave {0} to seat {1}", "{seat} gave {0} to seat {1}"),
        "give.hidden": ("{seat} gave a card to seat {1}", "{seat} gave a card to seat {1}"),
        "raise": ("{seat} raised to {0}", "{seat} raised to {0}"),
        "keep": ("{seat} kept the contract", "{seat} kept the contract"),
        "troyan": ("{seat} showed a troyan and led {0}", "{seat} showed a troyan and led {0}"),
        "trilyazh": ("{seat} announced a trilyazh and led {0}", "{seat} announced a trilyazh and led {0}"),
    },
}

#: Its texts in the teaching and instructor tools (``i18n/tools.py``).
TOOLS: dict[str, dict[str, str]] = {
    "en": {
        "game_tumbochka": "Tumbochka",
        "dd_legend_players_tumbochka": "When an opponent's card is valued, the solver assumes the declarer plays for "
            "the most points and his two opponents play together for the fewest (they play for each other against "
            "the contract); an opponent's own result is then his own tricks and trilyazhes.",
        "dd_side_tumbochka": "Values: the declarer's points (seat {seats}).",
        # The Analysis legend's way of counting a seat's score here (``widgets/analysis_view.py``).
        "dd_score_note_tumbochka": "in Tumbochka his own score, the contract in full",
    },
    "ru": {
        "game_tumbochka": "Тумбочка",
        "dd_legend_players_tumbochka": "Оценивая карту соперника играющего, решатель считает, что играющий набирает "
            "как можно больше очков, а оба его соперника вместе — чтобы он набрал как можно меньше (они играют друг за "
            "друга против заказа); собственный итог соперника — его взятки и трильяжи.",
        "dd_side_tumbochka": "Оценки — очки играющего (игрок {seats}).",
        "dd_score_note_tumbochka": "в Тумбочке — его собственный счёт, заказ целиком",
    },
}

#: The front-end texts it adds (``i18n/ui.py``).
UI: dict[str, dict[str, str]] = {
    "en": {
        "on_tumbochka": "on the tumbochka",
        "removals": "knocked off: {n}",
        "bagel": "golden bagel",
        "talon": "Talon",
        "troyan": "Troyan: {seat}",
        "given": "got {card}",
        "trilyazh": "Trilyazh of {seat} ({suit}): {status}",
        "trilyazh_open": "open",
        "trilyazh_made": "made",
        "trilyazh_broken": "broken",
        "choose_give": "Click a card to give it to an opponent",
    },
    "ru": {
        "on_tumbochka": "на тумбочке",
        "removals": "снят с тумбочки: {n}",
        "bagel": "золотая баранка",
        "talon": "Прикуп",
        "troyan": "Троян: {seat}",
        "given": "получил {card}",
        "trilyazh": "Трильяж {suit} ({seat}): {status}",
        "trilyazh_open": "разыгрывается",
        "trilyazh_made": "сыгран",
        "trilyazh_broken": "сорван",
        "choose_give": "Нажмите на карту, чтобы отдать её сопернику",
    },
}

#: Where its seed has its own word for a generic one (``i18n/ui.py``).
GAME_UI = {"ru": {"tumbochka": {"bid_by": "заказ {bid}", "high_bid": "Высший заказ", "dealer": "сдающий"}}}  # the seed: «Первый после сдающего»

#: Its own actions inside a sentence, where a button label would not read as one (``i18n/names.py``).
ACTION_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "troyan": "show the troyan and lead {0}",
        "trilyazh": "announce the trilyazh and lead {0}",
    },
    "ru": {
        "troyan": "показать трояна и зайти с {0}",  # the seed: «показывает "трояна" остальным … и заходит с [6]»
        "trilyazh": "объявить трильяж и зайти с {0}",
    },
}

#: Its puzzles' themes by id (``puzzle_themes.py``), the rule that decides each in brackets.
PUZZLE_THEMES: dict[str, dict[str, str]] = {
    "the_bid": {"en": "Bid or pass (TUM-6)", "ru": "Торговаться или пасовать (TUM-6)"},
    "the_gift": {"en": "Which card to give (TUM-4)", "ru": "Какую карту отдать (TUM-4)"},
    "raise_or_keep": {"en": "Raise the contract or keep it (TUM-6)", "ru": "Повысить заказ или оставить (TUM-6)"},
    "announce": {"en": "Announce a trilyazh or a troyan (TUM-5)", "ru": "Объявите трилязь или троян (TUM-5)"},
    "break_the_trilyazh": {"en": "Break the trilyazh (TUM-5)", "ru": "Разбейте трилязь (TUM-5)"},
    "cash_the_top": {"en": "Cash the top card (TUM-5)", "ru": "Заберите старшей картой (TUM-5)"},
    "lead_low": {"en": "Lead low from the longest suit (TUM-5)", "ru": "Ход мелкой из длинной масти (TUM-5)"},
    "take_the_trick": {"en": "Take the trick (TUM-5)", "ru": "Возьмите взятку (TUM-5)"},
    "duck": {"en": "Duck: keep the better card (TUM-5)", "ru": "Пропустите: сберегите карту получше (TUM-5)"},
    "the_lead": {"en": "Which card to lead", "ru": "С какой карты ходить"},
    "the_follow": {"en": "Which card to follow with", "ru": "Какой картой отвечать"},
}
