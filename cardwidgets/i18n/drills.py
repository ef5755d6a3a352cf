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
    # ----- Nestors -----
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
        "ru": "Козыри — {trump}. А положил {a}, Б — {b}. Вы — С: какую из этих карт вам можно положить (только одну)?",
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
        "ru": "козырь — это достоинство ({trump}), и {hi} — козырь: в своей масти она старше всех карт, и {lo} тоже",
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
    # ----- Nimby -----
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
        "ru": "Козырная масть — {suit}. Вы — игрок {seat}; первым положили {led}. Какую из этих карт вам можно положить (только одну)?",
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
        "ru": "открытая карта {display} — не двойка, поэтому на неё можно обменять любую двойку: {two} предлагает новый козырь",
    },
    "drill.nim_exchange_higher": {
        "en": "over a 2 only a higher 2 may be exchanged (2♣ > 2♠ > 2♥ > 2♦), and {two} is higher than {display}",
        "ru": "поверх двойки можно выложить только старшую двойку (2♣ > 2♠ > 2♥ > 2♦), а {two} старше {display}",
    },
    # ----- Tumbochka -----
    "drill.tum_winner_q": {
        "en": "Trump: {trump}. Which card wins this trick?",
        "ru": "Козырь — {trump}. Какая карта берёт эту взятку?",
    },
    "drill.tum_troyan_q": {
        "en": "Trump: {trump}. You are seat {seat} and it is your turn. May you show a troyan in {suit} now?",
        "ru": "Козырь — {trump}. Вы — игрок {seat}, ваш ход. Можно ли сейчас показать троян в {suit}?",
    },
    "drill.tum_troyan_ok": {
        "en": "you are on lead and hold 8, 7 and 6 of {suit}, which is not trump: lead the 6 and {suit} becomes trump",
        "ru": "вы заходите, и у вас есть 8, 7 и 6 масти {suit}, которая не козырь: заходите с шестёрки, и {suit} становится козырем",
    },
    "drill.tum_bid_q": {
        "en": "You are seat {seat} and it is your turn in the bidding. Which one of these calls may you make?",
        "ru": "Вы — игрок {seat}, ваша очередь в торговле. Какой из этих заказов вам можно сделать (только один)?",
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
        "en": "seat {sitter} sits on the tumbochka, but you have {score} points (at least 1), so you may bid {bid}",
        "ru": "игрок {sitter} сидит на тумбочке, но у вас {score} очков (хотя бы 1), поэтому заказать {bid} можно",
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
        "ru": "Козырь — {trump}. Вы — игрок {seat}, ваш заход. С какой из этих карт вам можно зайти сейчас (только с одной)?",
    },
    "drill.tum_end_q": {
        "en": "The deal is over. What happens on the tumbochka now? (One statement is true.)",
        "ru": "Сдача окончена. Что теперь происходит с тумбочкой? (Верно только одно утверждение.)",
    },
    "drill.tum_no_events": {
        "en": "nobody wins, nobody arrives at 20 or more, nobody is knocked off: nothing changes",
        "ru": "никто не выигрывает, никто не набирает 20 или больше и никого не сбрасывают: ничего не меняется",
    },
    "drill.tum_events": {"en": "what happens: {events}", "ru": "что происходит: {events}"},
    # ----- the end of a match (NIM-7, NES-9) -----
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
    "drill.nim_match_line": {
        "en": "a partnership with 10 or more points wins",
        "ru": "выигрывает пара, набравшая 10 или больше баллов",
    },
    "drill.nes_match_line": {
        "en": "a partnership at +1000 or more wins, one at −1000 or less loses",
        "ru": "пара, набравшая +1000 или больше, выигрывает, а набравшая −1000 или меньше — проигрывает",
    },
    "drill.fact_before_match": {"en": "Scores before the deal: {scores}", "ru": "Счёт до сдачи: {scores}"},
    "drill.fact_deal_match": {"en": "This deal scored: {scores}", "ru": "Эта сдача принесла: {scores}"},
    # ----- facts shown beside a position -----
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
        "ru": "Вы объявили трильяж: из него вы зашли с {cards} и взяли каждую из этих взяток",
    },
    "drill.fact_troyans": {"en": "Troyans shown: {suits}", "ru": "Показаны трояны: {suits}"},
    "drill.fact_trilyazh": {
        "en": "Your trilyazh in {suit} is being played",
        "ru": "Разыгрывается ваш трильяж в {suit}",
    },
    # ----- the frame of a deal (cardwidgets.drills.deal_rules): questions that open a rule section -----
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
    "drill.tum_score_q": {
        "en": "Seat {seat} played with a contract of {contract}; his deal points: {taken}. What does he score?",
        "ru": "Игрок {seat} играл с заказом {contract}; его очки за сдачу: {taken}. Сколько он получает?",
    },
    "drill.tum_talon_q": {
        "en": "You are seat {seat}: you won the bidding and took the talon. Which one of these may you do now?",
        "ru": "Вы — игрок {seat}: вы выиграли торговлю и взяли прикуп. Что из этого вам можно сделать сейчас (только одно)?",
    },
    "drill.tum_give_ok": {
        "en": "the declarer first gives one card to each opponent who has none yet, then keeps or raises",
        "ru": "играющий сначала отдаёт по одной карте каждому сопернику, который её ещё не получил, потом оставляет "
        "или повышает заказ",
    },
    "drill.tum_keep_ok": {
        "en": "both opponents have their card, so he keeps his contract of {contract} or raises it (at most 14)",
        "ru": "оба соперника получили по карте, поэтому он оставляет заказ {contract} или повышает его (не выше 14)",
    },
    "drill.fact_declarer": {
        "en": "Seat {seat} is the declarer, contract {contract}",
        "ru": "Играющий — игрок {seat}, заказ {contract}",
    },
    "drill.fact_given": {"en": "Already given a card: {to}", "ru": "Карту уже получил: {to}"},
    "drill.nes_bid_q": {
        "en": "You are seat {seat}, to speak in the bidding. Which one of these calls may you make?",
        "ru": "Вы — игрок {seat}, ваше слово в торговле. Что из этого вам можно сказать (только одно)?",
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
        "ru": "{card} — ваша самая старшая карта (козырь — первым): ею играющий забирает две открытые карты",
    },
    "drill.nes_last_q": {
        "en": "Trump: {trump}. The last trick: the two cards played and the table card. Who takes it?",
        "ru": "Козыри — {trump}. Последняя взятка: две сыгранные карты и карта на столе. Кто её забирает?",
    },
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
        "BD": "B and D",
        "opt_wins": "Seat {seat} wins the match",
        "opt_arrives": "Seat {seat} arrives and sits on the tumbochka",
        "opt_knocked": "Seat {seat} is knocked off",
        "opt_nothing": "Nobody wins, sits down or is knocked off",
        "err_topic": 'no drill "{topic}": topics are {topics}',
        "err_game": 'no game "{game}": games are {games}',
        "err_option": 'no answer "{option}": choose one of {options}',
        "err_seed": "seed must be a whole number, not {seed}",
        "err_message": "message not understood: {text}",
        "progress": "This topic: {answered} answered, {right} right · run {streak} of {mastery}{mastered}{missed}",
        "progress_mastered": " · mastered",
        "game_nimby": "Nimby",
        "game_tumbochka": "Tumbochka",
        "game_nestors": "Nestors",
        "progress_missed": " · {n} missed to come back",
        "progress_title": "Your progress, {game}",
        "progress_head": "topic|answered|right|run|mastered|missed to come back",
        "progress_where": "kept in {path}",
        "progress_memory": "kept in memory only: lost at a restart",
        "progress_none": "nothing practised yet",
        "err_progress_corrupt": "the progress file {path} is damaged: it was moved to {aside} and progress starts afresh",
        "err_progress_foreign": "{path} is not a cardwidgets progress file: it was moved to {aside} and progress starts afresh",
        "err_progress_unwritable": "progress cannot be saved in {path} ({reason}): it is kept in memory until the kernel restarts",
        # topic titles
        "nestors-trick-winner": "Nestors: who wins the trick?",
        "nestors-collector": "Nestors: who collects the trick?",
        "nestors-c-may-play": "Nestors: which card may C play?",
        "nestors-pile-points": "Nestors: card points of a pile",
        "nimby-higher-card": "Nimby: which card is higher?",
        "nimby-may-play": "Nimby: which card may you play?",
        "nimby-trick-winner": "Nimby: who wins the trick?",
        "nimby-exchange": "Nimby: may you exchange a 2?",
        "nimby-score": "Nimby: the score from the 2s taken",
        "mistakes": "Find the best card (from your own deal)",
        "err_no_mistakes": "no question from this deal: every decision was as good as the best with all cards face up",
        "err_case": 'no position "{case}" to predict: there are {cases}',
        "own_hand": "a card of his own hand",
        "team": "team {n}",
        "opt_match_won": "Team {n} wins the match",
        "opt_match_on": "Nobody yet: the match goes on",
        "nimby-match-end": "Nimby: has the match been won?",
        "nestors-higher-card": "Nestors: which card is higher?",
        "nestors-match-end": "Nestors: has the match been won?",
        "predict": "Predict first",
        "predict_title": "Predict before the engine shows it",
        "q_winners": "Which partnership wins this trick?",
        "q_collector": "Who collects it?",
        "q_leave": "The collector takes three of the four cards (the three played and the table card). Which may stay on the table?",
        "err_no_predict": "nothing to predict: call predict(case) first",
        "nestors-deal-score": "Nestors: the deal's score",
        "tumbochka-trick-winner": "Tumbochka: who wins the trick?",
        "tumbochka-troyan": "Tumbochka: may you show a troyan now?",
        "tumbochka-bids": "Tumbochka: which call is allowed?",
        "tumbochka-end": "Tumbochka: what happens at the end of the deal?",
        "tumbochka-trilyazh": "Tumbochka: what does a trilyazh oblige?",
        "nimby-draw": "Nimby: who are partners?",
        "tumbochka-bidding": "Tumbochka: which call may you make?",
        "tumbochka-talon": "Tumbochka: what may the declarer do with the talon?",
        "tumbochka-score": "Tumbochka: what does the declarer score?",
        "nestors-bidding": "Nestors: which call may you make?",
        "nestors-trump": "Nestors: which trump may the bidder name?",
        "nestors-open": "Nestors: the bidder's trick",
        "nestors-last-trick": "Nestors: who takes the last trick?",
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
        "BD": "Б и Г",
        "opt_wins": "Игрок {seat} выигрывает партию",
        "opt_arrives": "Игрок {seat} садится на тумбочку",
        "opt_knocked": "Игрок {seat} снят с тумбочки",
        "opt_nothing": "Никто не выигрывает, не садится на тумбочку и не снят с неё",
        "err_topic": "нет упражнения «{topic}»: есть {topics}",
        "err_game": "нет игры «{game}»: есть {games}",
        "err_option": "нет ответа «{option}»: выберите один из {options}",
        "err_seed": "seed должен быть целым числом, а не {seed}",
        "err_message": "сообщение не понято: {text}",
        "progress": "Эта тема: ответов {answered}, верно {right} · серия {streak} из {mastery}{mastered}{missed}",
        "progress_mastered": " · освоено",
        "game_nimby": "Нимби",
        "game_tumbochka": "Тумбочка",
        "game_nestors": "Несторс",
        "progress_missed": " · ошибок вернётся: {n}",
        "progress_title": "Ваши успехи, {game}",
        "progress_head": "тема|ответов|верно|серия|освоено|ошибок вернётся",
        "progress_where": "хранится в {path}",
        "progress_memory": "хранится только в памяти: после перезапуска пропадёт",
        "progress_none": "упражнений ещё не было",
        "err_progress_corrupt": "файл успехов {path} повреждён: он переименован в {aside}, успехи начинаются заново",
        "err_progress_foreign": "{path} — не файл успехов cardwidgets: он переименован в {aside}, успехи начинаются заново",
        "err_progress_unwritable": "успехи нельзя сохранить в {path} ({reason}): они хранятся в памяти до перезапуска ядра",
        "nestors-trick-winner": "Несторс: кто выигрывает взятку?",
        "nestors-collector": "Несторс: кто забирает взятку?",
        "nestors-c-may-play": "Несторс: какой картой может ходить С?",
        "nestors-pile-points": "Несторс: очки за карты в стопке",
        "nimby-higher-card": "Нимби: какая карта старше?",
        "nimby-may-play": "Нимби: какой картой можно ходить?",
        "nimby-trick-winner": "Нимби: кто берёт взятку?",
        "nimby-exchange": "Нимби: можно ли обменять двойку?",
        "nimby-score": "Нимби: счёт по взятым двойкам",
        "mistakes": "Найдите лучший ход (из вашей сдачи)",
        "err_no_mistakes": "из этой сдачи вопросов нет: при открытых картах каждый ваш ход был не хуже лучшего",
        "err_case": "нет позиции «{case}» для предсказания: есть {cases}",
        "own_hand": "карту из своей руки",
        "team": "пара {n}",
        "opt_match_won": "Пара {n} выигрывает партию",
        "opt_match_on": "Пока никто: партия продолжается",
        "nimby-match-end": "Нимби: выиграна ли партия?",
        "nestors-higher-card": "Несторс: какая карта старше?",
        "nestors-match-end": "Несторс: выиграна ли партия?",
        "predict": "Сначала предскажите",
        "predict_title": "Предскажите, прежде чем движок покажет",
        "q_winners": "Какая пара выигрывает эту взятку?",
        "q_collector": "Кто её забирает?",
        "q_leave": "Забирающий берёт три из четырёх карт (три сыгранные и карту на столе). Какая может остаться на столе?",
        "err_no_predict": "предсказывать нечего: сначала вызовите predict(case)",
        "nestors-deal-score": "Несторс: счёт сдачи",
        "tumbochka-trick-winner": "Тумбочка: кто берёт взятку?",
        "tumbochka-troyan": "Тумбочка: можно ли показать троян?",
        "tumbochka-bids": "Тумбочка: какой заказ разрешён?",
        "tumbochka-end": "Тумбочка: что происходит в конце сдачи?",
        "tumbochka-trilyazh": "Тумбочка: к чему обязывает трильяж?",
        "nimby-draw": "Нимби: кто партнёры?",
        "tumbochka-bidding": "Тумбочка: какой заказ можно сделать?",
        "tumbochka-talon": "Тумбочка: что играющий делает с прикупом?",
        "tumbochka-score": "Тумбочка: сколько получает играющий?",
        "nestors-bidding": "Несторс: что можно сказать в торговле?",
        "nestors-trump": "Несторс: что играющий может назначить козырями?",
        "nestors-open": "Несторс: взятка играющего",
        "nestors-last-trick": "Несторс: кто забирает последнюю взятку?",
    },
}


def drill_text(key: str, locale: str = "en", **params: Any) -> str:
    """The fixed text ``key`` in ``locale`` with ``params`` filled in."""
    return DRILL_UI[locale][key].format(**params)
