"""Nestors's texts beyond its engine's words (``words.py``), English and Russian.

Its bot's reasons, its drills', its records' errors, and its part of the tools' and the
front-end's texts (``i18n/words.py`` says what each table is).
"""

from __future__ import annotations

#: Its rules of thumb's reasons (``bot.py``).
BOT_MESSAGES: dict[str, dict[str, str]] = {
    "bots.nestors.bid": {
        "en": "bid {bid}: with {trump} trump your side counts about {count}; a made bid scores all you take, so win the bidding cheaply (NES-8)",
        "ru": "ставка {bid}: если козыри — {trump}, ваша пара наберёт около {count}; выполненная ставка приносит всё взятое, так что выигрывайте торговлю дёшево (NES-8)",
    },
    "bots.nestors.pass": {
        "en": "pass: with {trump} trump your side counts about {count}, so {next} is too risky (a failed bid scores minus what you took, NES-8)",
        "ru": "пас: если козыри — {trump}, ваша пара наберёт около {count}, и ставка {next} слишком рискованна (при невыполненной ставке взятое идёт в минус, NES-8)",
    },
    "bots.nestors.pass_partner": {
        "en": "pass: your partner (seat {seat}) holds the bid, and outbidding him only raises your side's target",
        "ru": "пас: ставка у партнёра (игрок {seat}), перебивая его, вы только поднимете планку своей пары",
    },
    "bots.nestors.trump": {
        "en": "name {trump} trump: you hold {held} of them, 15 points each and the cards that win tricks (NES-2)",
        "ru": "назначайте козырями {trump}: у вас их {held}, каждая такая карта стоит 15 очков и берёт взятки (NES-2)",
    },
    "bots.nestors.open": {
        "en": "take {taken}, the face-up cards worth most, and leave {table} on the table (NES-6a)",
        "ru": "забирайте {taken} — самые ценные открытые карты, а {table} оставьте на столе (NES-6a)",
    },
    "bots.nestors.leave": {
        "en": "leave {card} on the table: it is worth least ({points}), and you keep the other three (NES-7)",
        "ru": "оставьте на столе {card}: она стоит меньше всех ({points}), остальные три — ваши (NES-7)",
    },
    "bots.nestors.lead_trump": {
        "en": "lead the trump {card}: a trump led by A always takes the trick for A and C (W1, W3a, W3), and the table card {table} is worth {points}",
        "ru": "ходите с козыря {card}: козырь, с которого ходит А, всегда берёт взятку для А и С (W1, W3a, W3), а карта на столе {table} стоит {points}",
    },
    "bots.nestors.lead_high": {
        "en": "lead {card}, a high card without points: B beats it only with a higher card of its suit or a trump (W2, W3)",
        "ru": "ходите с {card} — старшей карты без очков: Б побьёт её только старшей картой той же масти или козырем (W2, W3)",
    },
    "bots.nestors.b_lost": {
        "en": "play {card}, your cheapest: A's trump {a} takes this trick whatever you play",
        "ru": "кладите {card}, самую дешёвую: козырь {a} игрока А берёт взятку, что бы вы ни положили",
    },
    "bots.nestors.b_trump": {
        "en": "trump with {card}: the trick is worth about {stake}, and C can take it back only with a trump of a third suit (W3b)",
        "ru": "бейте козырем {card}: взятка стоит около {stake}, и С отберёт её только козырем третьей масти (W3b)",
    },
    "bots.nestors.b_higher": {
        "en": "beat {a} with {card}: no card still out is higher in that suit",
        "ru": "бейте {a} картой {card}: старше в этой масти карт не осталось",
    },
    "bots.nestors.dump": {
        "en": "play {card}, your cheapest card: this trick is lost to the other side",
        "ru": "кладите {card}, самую дешёвую карту: эта взятка достанется соперникам",
    },
    "bots.nestors.c_schmear": {
        "en": "play {card}: your side takes this trick whatever you play, so add the card with the most points",
        "ru": "кладите {card}: взятка и так ваша, добавьте в неё самую дорогую карту",
    },
    "bots.nestors.c_win": {
        "en": "play {card}: it takes the trick for you and your partner A ({which})",
        "ru": "кладите {card}: она берёт взятку для вас и партнёра А ({which})",
    },
    "bots.nestors.lead_plain": {
        "en": "lead {card}, your highest card that is no trump (each of them has points): B beats it only with a higher card of its suit or a trump (W2, W3)",
        "ru": "ходите с {card} — старшей из ваших некозырных карт (очки есть у каждой из них): Б побьёт её только старшей картой той же масти или козырем (W2, W3)",
    },
    "bots.nestors.cheapest": {
        "en": "play {card}: of the cards you may play it is the cheapest (fewest points, and no trump while you hold another card)",
        "ru": "кладите {card}: из ваших карт она самая дешёвая (меньше всего очков, и не козырь, пока есть другие карты)",
    },
}

#: Its drill questions, answers and facts (``drills.py``).
DRILL_MESSAGES: dict[str, dict[str, str]] = {
    "drill.nes_winner_q": {
        "en": "Trump: {trump}. A, B and C played these cards. Which partnership wins the trick?",
        "ru": "Козыри — {trump}. А, Б и С положили эти карты. Какая пара выигрывает взятку?",
    },
    "drill.nes_collector_q": {
        "en": "Trump: {trump}. A, B and C played these cards. Who collects the trick?",
        "ru": "Козыри — {trump}. А, Б и С положили эти карты. Кто забирает взятку?",
    },
    "drill.nes_c_q": {
        "en": "Trump: {trump}. A played {a}, B played {b}. You are C: which one of these cards may you play?",
        "ru": "Козыри — {trump}. А положил {a}, Б — {b}. Вы — С: какую из этих карт вам можно положить? Верный ответ один.",
    },
    "drill.nes_points_q": {
        "en": "Trump: {trump}. How many card points are in this pile? (Only the cards: no trick or spade points.)",
        "ru": "Козыри — {trump}. Сколько очков за карты в этой стопке? (Только карты, без очков за взятки и пики.)",
    },
    "drill.nes_points_why": {
        "en": "{detail} = {total} (each trump 15, each {ten} 10, each {five} 5, the other cards 0)",
        "ru": "{detail} = {total} (каждый козырь — 15, {ten} — по 10, {five} — по 5, остальные карты — 0)",
    },
    "drill.nes_score_q": {
        "en": "Team {team} bid {bid} and took {p} of the 190 points (the opponents {q}). What does each partnership score?",
        "ru": "Пара {team} сделала ставку {bid} и набрала {p} из 190 очков (соперники — {q}). Сколько получает каждая пара?",
    },
    "drill.nes_sits_out": {"en": "D sits out this trick", "ru": "Г в этой взятке не играет"},
    "drill.nes_higher_q": {
        "en": "Trump: {trump}. Which of these two cards of one suit is higher?",
        "ru": "Козыри — {trump}. Какая из этих двух карт одной масти старше?",
    },
    "drill.nes_higher_trump": {
        "en": "trump is a rank ({trump}), and {hi} is of that rank: in its suit it is above every other card, {lo} too",
        "ru": "козырь — это достоинство ({trump}), и {hi} — козырь: в своей масти она старше всех карт, в том числе {lo}",
    },
    "drill.nes_higher_plain": {
        "en": "neither is a trump ({trump}), so the usual order A, K, Q, J, 10, 9, 8, 7, 6 decides: {hi} is above {lo}",
        "ru": "ни одна не козырь ({trump}), поэтому решает обычный порядок Т, К, Д, В, 10, 9, 8, 7, 6: {hi} старше {lo}",
    },
    "drill.nes_reading": {
        "en": "{why} — the seed's «карта игрока С соответствует мастям» (C's card corresponds to the suits) read as "
        "all three cards of one suit (E-7)",
        "ru": "{why} — слова правил «карта игрока С соответствует мастям» мы читаем как «все три карты одной масти» (E-7)",
    },
    "drill.nes_leave_why": {
        "en": "{who} collects and takes three of the four cards ({four}: the three played and the table card), "
        "leaving any one of them face up as the new table card — never a card of his own hand",
        "ru": "{who} забирает взятку и берёт три из четырёх карт ({four}: три сыгранные и карту на столе), "
        "оставляя любую из них открытой как новую карту на столе, — но не карту из своей руки",
    },
    # ----- predict mode: who wins, said without who collects (the question after it) -----
    "drill.nes_side_w1": {
        "en": "all three cards are {suit} and {card} is the trump among them, so it wins: {side} win (NES-6 W1)",
        "ru": "все три карты — масти {suit}, среди них козырь {card}, и он старше всех: выигрывают {side} (NES-6 W1)",
    },
    "drill.nes_side_w2": {
        "en": "all three cards are {suit} and none is a trump, so the highest, {card}, wins: {side} win (NES-6 W2)",
        "ru": "все три карты — масти {suit}, козырей среди них нет, и старше всех {card}: выигрывают {side} (NES-6 W2)",
    },
    "drill.nes_side_w3_one_trump": {
        "en": "not all one suit, so A's or B's card wins: of those two only {card} is a trump: {side} win (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает карта А или Б: из этих двух козырь только {card}; выигрывают {side} (NES-6 W3)",
    },
    "drill.nes_side_w3_both_trumps": {
        "en": "not all one suit, so A's or B's card wins: both are trumps, and {card} came first: {side} win (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает карта А или Б: обе — козыри, и {card} легла первой; выигрывают {side} (NES-6 W3)",
    },
    "drill.nes_side_w3_higher": {
        "en": "not all one suit, so A's or B's card wins: neither is a trump, both are {suit}, and {card} is higher: {side} win (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает карта А или Б: козырей среди них нет, обе — масти {suit}, и {card} старше; выигрывают {side} (NES-6 W3)",
    },
    "drill.nes_side_w3_first": {
        "en": "not all one suit, so A's or B's card wins: neither is a trump and their suits differ, so the card led, {card}, wins: {side} win (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает карта А или Б: козырей среди них нет, а масти разные, поэтому выигрывает первая карта, {card}; выигрывают {side} (NES-6 W3)",
    },
    "drill.nes_side_w3a": {
        "en": "B played no trump, and a trump is among A's and C's cards ({trumps}): A and C win together (NES-6 W3a)",
        "ru": "Б не сыграл козырем, а среди карт А и С есть козырь ({trumps}): А и С выигрывают вместе (NES-6 W3a)",
    },
    "drill.nes_side_w3b": {
        "en": "B played the trump {b} and C the trump {c}, of a suit neither A nor B played: A and C win together (NES-6 W3b)",
        "ru": "Б сыграл козырем {b}, а С — козырем {c} масти, которой не играли ни А, ни Б: А и С выигрывают вместе (NES-6 W3b)",
    },
    "drill.nes_match_line": {
        "en": "a partnership at +1000 or more wins, one at −1000 or less loses",
        "ru": "пара, набравшая +1000 или больше, выигрывает, а набравшая −1000 или меньше — проигрывает",
    },
    "drill.nes_bid_q": {
        "en": "You are seat {seat}, to speak in the bidding. Which one of these calls may you make?",
        "ru": "Вы — игрок {seat}, ваше слово в торговле. Что из этого вам можно сказать? Верный ответ один.",
    },
    "drill.nes_bid_ok": {
        "en": "it is a multiple of 5 higher than the current bid of {high}, or a pass, which is final",
        "ru": "это ставка, кратная 5 и выше текущей ставки {high}, или пас — окончательный",
    },
    "drill.nes_first_bid_ok": {
        "en": "nobody has bid yet: any multiple of 5 from 5 to 190 (or a pass, unless the three before you passed)",
        "ru": "ставок ещё не было: подходит любая ставка, кратная 5, от 5 до 190 (или пас, если трое до вас не "
        "спасовали)",
    },
    "drill.nes_fact_bids": {"en": "Calls so far: {calls}", "ru": "Торговля до вас: {calls}"},
    "drill.nes_trump_q": {
        "en": "You won the bidding with {bid}; these are your 5 cards. Which trump may you name?",
        "ru": "Вы выиграли торговлю ставкой {bid}; вот ваши 5 карт. Что вы можете назначить козырями?",
    },
    "drill.nes_trump_ok": {
        "en": "of A, J and 10 you hold only {rank}: the bidder names a trump rank he holds",
        "ru": "из тузов, валетов и десяток у вас есть только {rank}: играющий назначает козырем достоинство, "
        "которое у него есть",
    },
    "drill.nes_open_q": {
        "en": "You are the bidder; trump: {trump}. Which card do you put beside two face-up cards to take them?",
        "ru": "Вы — играющий; козыри — {trump}. Какую карту вы кладёте рядом с двумя открытыми картами, чтобы "
        "забрать их?",
    },
    "drill.nes_open_ok": {
        "en": "{card} is your highest card (a trump first): the bidder takes two face-up cards with it",
        "ru": "{card} — ваша самая старшая карта (козыри старше всех): ею играющий забирает две открытые карты",
    },
    "drill.nes_last_q": {
        "en": "Trump: {trump}. The last trick: the two cards played and the table card. Who takes it?",
        "ru": "Козыри — {trump}. Последняя взятка: две сыгранные карты и карта на столе. Кто её забирает?",
    },
}

#: Its records' rules and start positions, as errors (``engine.py``).
RECORD_MESSAGES: dict[str, dict[str, str]] = {
    "record.nes_dealer": {
        "en": "dealer: expected a seat from 0 to 3",
        "ru": "dealer: ожидается номер игрока от 0 до 3",
    },
    "record.nes_min_bid": {
        "en": "rules: min_bid = {value} is not allowed (a multiple of 5 from 5 to 190, E-2)",
        "ru": "rules: min_bid = {value} — так нельзя (нужно число, кратное 5, от 5 до 190, E-2)",
    },
    "record.nes_target": {
        "en": "rules: target = {value} is not allowed (a positive number, NES-9)",
        "ru": "rules: target = {value} — так нельзя (нужно положительное число, NES-9)",
    },
    "record.nes_start_at_target": {
        "en": "start: a partnership is already at +{target} or −{target} or beyond (NES-9)",
        "ru": "start: у одной из пар уже +{target} или −{target} или больше по модулю (NES-9)",
    },
}

#: Its name and its topics' titles in the Drill (``i18n/drills.py``).
DRILL_UI: dict[str, dict[str, str]] = {
    "en": {
        "game_nestors": "Nestors",
        "nestors-trick-winner": "Nestors: who wins the trick?",
        "nestors-collector": "Nestors: who collects the trick?",
        "nestors-c-may-play": "Nestors: which card may C play?",
        "nestors-pile-points": "Nestors: card points of a pile",
        "nestors-higher-card": "Nestors: which card is higher?",
        "nestors-match-end": "Nestors: has the match been won?",
        "nestors-deal-score": "Nestors: the deal's score",
        "BD": "B and D",
        "err_case": 'no position "{case}" to predict: there are {cases}',
        "own_hand": "a card of his own hand",
        "err_no_predict": "nothing to predict: call predict(case) first",
        "nestors-bidding": "Nestors: which call may you make?",
        "nestors-trump": "Nestors: which trump may the bidder name?",
        "nestors-open": "Nestors: the bidder's trick",
        "nestors-last-trick": "Nestors: who takes the last trick?",
        "q_winners": "Which partnership wins this trick?",
        "q_collector": "Who collects it?",
        "q_leave": "The collector takes three of the four cards (the three played and the table card). Which may stay on the table?",
    },
    "ru": {
        "game_nestors": "Несторс",
        "nestors-trick-winner": "Несторс: кто выигрывает взятку?",
        "nestors-collector": "Несторс: кто забирает взятку?",
        "nestors-c-may-play": "Несторс: какую карту может положить С?",
        "nestors-pile-points": "Несторс: очки за карты в стопке",
        "nestors-higher-card": "Несторс: какая карта старше?",
        "nestors-match-end": "Несторс: выиграна ли партия?",
        "nestors-deal-score": "Несторс: счёт сдачи",
        "BD": "Б и Г",
        "err_case": "нет позиции «{case}» для предсказания: есть {cases}",
        "own_hand": "карта из его руки",
        "err_no_predict": "предсказывать нечего: сначала вызовите predict(case)",
        "nestors-bidding": "Несторс: что можно сказать в торговле?",
        "nestors-trump": "Несторс: что играющий может назначить козырями?",
        "nestors-open": "Несторс: взятка играющего",
        "nestors-last-trick": "Несторс: кто забирает последнюю взятку?",
        "q_winners": "Какая пара выигрывает эту взятку?",
        "q_collector": "Кто её забирает?",
        "q_leave": "Забирающий берёт три из четырёх карт (три сыгранные и карту на столе). Какая может остаться на столе?",
    },
}

#: Its texts in the teaching and instructor tools (``i18n/tools.py``).
TOOLS: dict[str, dict[str, str]] = {
    "en": {
        # ----- TrickExplorer -----
        "trump_is": "trump: {trump}",
        "pick_for": "Choose a card for",
        "hand": "C's hand",
        "hand_none": "(not given)",
        "examples": "Seed examples",
        "example_1": "Example 1: A ♠10, B ♦J",
        "example_2": "Example 2: A ♠10, B ♠J",
        "clear": "Clear",
        "choose_ab": "Choose A's and B's cards.",
        "choose_c": "Choose C's card (or give C's hand to see what he may play).",
        "may_play": "C may play",
        "if_c_plays": "If C plays",
        "not_allowed": "not allowed",
        "collects": "{who} collects",
        "winners_AC": "A and C win",
        "winners_BD": "B (and his partner D) wins",
        # ----- explorer errors -----
        "err_twice": "{card} cannot be played twice ({first} and {second})",
        "err_hand_twice": "{card} is twice in C's hand",
        "err_c_not_held": "C does not hold {card} (his hand: {hand})",
        "err_c_illegal": "C may not play {card}: {why}",
        "err_need_ab": "choose A's and B's cards before C's",
        "err_example": "no example {name}: the seed has examples {names}",
        "err_position": "no position {text}: choose a, b, c or hand",
        "explorer": "Nestors trick explorer",
        "err_not_in_deck": "{card} is not in the Nestors deck (6 to A of each suit, NES-1)",
        "err_trump": "trump is a rank — Aces, Jacks or Tens (A, J, 10) — not {text} (NES-1)",
        "err_hand_size": "C holds at most 8 cards in a trick (everyone holds 8 after the bidder's trick, NES-6a), not {n}",
        "game_nestors": "Nestors",
        "dd_side_nestors": "Values: the bidders' points (seats {seats}).",
        "pending": "The four cards",
        "extra": "Still to deal",
        "table": "Table card",
    },
    "ru": {
        # ----- TrickExplorer -----
        "trump_is": "козырь: {trump}",
        "pick_for": "Выберите карту для",
        "hand": "карты С",
        "hand_none": "(не заданы)",
        "examples": "Примеры из правил",
        "example_1": "Пример 1: А ♠10, Б ♦В",
        "example_2": "Пример 2: А ♠10, Б ♠В",
        "clear": "Очистить",
        "choose_ab": "Выберите карты игроков А и Б.",
        "choose_c": "Выберите карту С (или задайте карты С, чтобы увидеть, какие из них он может положить).",
        "may_play": "С может положить",
        "if_c_plays": "Если С положит",
        "not_allowed": "нельзя",
        "collects": "взятку забирает {who}",
        "winners_AC": "выигрывают А и С",
        "winners_BD": "выигрывает Б (и его партнёр Г)",
        "err_twice": "карту {card} нельзя сыграть дважды ({first} и {second})",
        "err_hand_twice": "карта {card} дважды в руке С",
        "err_c_not_held": "у С нет карты {card} (его карты: {hand})",
        "err_c_illegal": "С не может положить {card}: {why}",
        "err_need_ab": "сначала выберите карты А и Б",
        "err_example": "нет примера {name}: в правилах примеры {names}",
        "err_position": "нет позиции {text}: выберите a, b, c или hand",
        "explorer": "Разбор взятки в Несторс",
        "err_not_in_deck": "карты {card} нет в колоде Несторс (от шестёрки до туза каждой масти, NES-1)",
        "err_trump": "козыри назначают по достоинству: тузы, валеты или десятки (Т, В, 10), а не {text} (NES-1)",
        "err_hand_size": "у С во взятке не больше 8 карт (после взятки играющего у всех по 8, NES-6a), а не {n}",
        "game_nestors": "Несторс",
        "dd_side_nestors": "Оценки — очки играющей пары (игроки {seats}).",
        "pending": "Четыре карты",
        "extra": "Ещё не сданы",
        "table": "Карта на столе",
    },
}

#: Where its seed has its own word for a generic one (``i18n/ui.py``).
GAME_UI = {"ru": {"nestors": {"contract": "Ставка"}}}

#: The front-end texts it adds (``i18n/ui.py``): its table's cards, a seat's place A/B/C.
UI: dict[str, dict[str, str]] = {
    "en": {
        "row": "Row",
        "pending": "Choose the card to leave",
        "extra": "Still to deal",
        "position": "plays {pos}",
        "positions": "ABC",
    },
    "ru": {
        "row": "Ряд",
        "pending": "Выберите карту, которую оставить",
        "extra": "Ещё не сданы",
        "position": "позиция {pos}",
        "positions": "АБС",
    },
}

#: Its own actions' button labels (``i18n/names.py``).
ACTION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "trump": "Trump: {0}",
        "open": "Open with {0}, take {1} {2}",
        "open.hidden": "Open a card and take two",
        "leave": "Leave {0} on the table",
    },
    "ru": {
        "trump": "Козыри — {0}",
        "open": "Положить {0}, забрать {1} и {2}",
        "open.hidden": "Положить карту и забрать две",
        "leave": "Оставить {0} на столе",
    },
}

#: Its own actions told as done (``i18n/names.py``).
ACTION_DONE: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "trump": ("{seat} named {0} trump", "{seat} named {0} trump"),
        "open": ("{seat} opened with {0} and took {1} and {2}", "{seat} opened with {0} and took {1} and {2}"),
        "open.hidden": ("{seat} opened a card and took two", "{seat} opened a card and took two"),
        "leave": ("{seat} left {0} on the table", "{seat} left {0} on the table"),
    },
    "ru": {
        "trump": ("{seat} назначил козырями {0}", "{seat} назначили козырями {0}"),
        "open": ("{seat} положил {0} и забрал {1} и {2}", "{seat} положили {0} и забрали {1} и {2}"),
        "open.hidden": ("{seat} положил карту и забрал две", "{seat} положили карту и забрали две"),
        "leave": ("{seat} оставил {0} на столе", "{seat} оставили {0} на столе"),
    },
}

#: Its puzzles' themes by id (``puzzle_themes.py``), the rule that decides each in brackets.
PUZZLE_THEMES: dict[str, dict[str, str]] = {
    "the_bid": {"en": "Bid or pass (NES-8)", "ru": "Торговаться или пасовать (NES-8)"},
    "leave_it_to_partner": {"en": "Leave the auction to partner (NES-4)", "ru": "Оставьте торг партнёру (NES-4)"},
    "the_trump": {"en": "Name the trump (NES-5)", "ru": "Назовите козырь (NES-5)"},
    "the_opening_trick": {"en": "The bidder's opening trick (NES-6a)", "ru": "Первая взятка играющего (NES-6a)"},
    "which_card_to_leave": {"en": "Which card to leave (NES-7)", "ru": "Какую карту оставить на столе (NES-7)"},
    "draw_trumps": {"en": "Lead trumps (NES-6)", "ru": "Ход козырем (NES-6)"},
    "lead_high": {"en": "Lead high (NES-6)", "ru": "Ход старшей картой (NES-6)"},
    "b_duty": {"en": "B's duty (NES-6)", "ru": "Обязанность Б (NES-6)"},
    "c_duty": {"en": "C's duty (NES-6)", "ru": "Обязанность В (NES-6)"},
    "schmear": {"en": "Give partner points (NES-6)", "ru": "Подсыпьте партнёру очки (NES-6)"},
    "cheapest": {"en": "Spend the cheapest card (NES-6)", "ru": "Отдайте самую дешёвую карту (NES-6)"},
    "the_lead": {"en": "Which card to lead", "ru": "С какой карты ходить"},
    "the_follow": {"en": "Which card to follow with", "ru": "Какой картой отвечать"},
}
