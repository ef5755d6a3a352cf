"""Tumbochka messages, English and Russian (rule ids in ``docs/rules/tumbochka.md``)."""

from __future__ import annotations

#: Rank words for the T-4 message, by position in the trilyazh (J, Q, K): won with …, next comes …
TRILYAZH_WON = ({"en": "J", "ru": "валетом"}, {"en": "Q", "ru": "дамой"})
TRILYAZH_NEXT = (None, {"en": "Q", "ru": "дамы"}, {"en": "K", "ru": "короля"})
#: What a lead announces (TUM-5), by the lead's flag.
ANNOUNCEMENTS = {"troyan": {"en": "a troyan", "ru": "троян"}, "trilyazh": {"en": "a trilyazh", "ru": "трильяж"}}
#: The golden bagel, added to a knock-off message (T-9).
GOLDEN_BAGEL = {"en": ", golden bagel (T-9)", "ru": ", золотая баранка (T-9)"}

MESSAGES: dict[str, dict[str, str]] = {
    "tumbochka.wrong_phase": {
        "en": '"{text}" is not possible now: this is the {phase} phase ({rule}); legal now: {legal}',
        "ru": "«{text}» сейчас невозможно: идёт {phase} ({rule}); можно: {legal}",
    },
    # ----- TUM-3, TUM-8: bidding -----
    "tumbochka.open_with_four": {
        "en": "first hand must open with exactly 4 (TUM-3)",
        "ru": "первая рука обязана заказать ровно 4 (TUM-3)",
    },
    "tumbochka.bid_range": {
        "en": "bids are whole numbers from 4 to 14, not {bid} (TUM-3)",
        "ru": "заказать можно от 4 до 14 очков, а не {bid} (TUM-3)",
    },
    "tumbochka.bid_higher": {
        "en": "a bid must be higher than the current bid of {bid} (TUM-3)",
        "ru": "заказ должен быть больше текущего заказа ({bid}) (TUM-3)",
    },
    "tumbochka.sitter_floor": {
        "en": "seat {seat} sits on the tumbochka and may only bid 7 or more, or pass (TUM-8)",
        "ru": "игрок {seat} сидит на тумбочке и может заказать только 7 или больше либо спасовать (TUM-8)",
    },
    "tumbochka.need_a_point": {
        "en": "while seat {sitter} sits on the tumbochka you need at least 1 point to bid 7 or more (TUM-8)",
        "ru": "пока игрок {sitter} сидит на тумбочке, заказать 7 или больше можно только имея хотя бы 1 очко (TUM-8)",
    },
    # ----- TUM-4: talon, giving, raising -----
    "tumbochka.give_to_opponent": {
        "en": "the declarer gives one card to each opponent: seat {to} is not an opponent (TUM-4)",
        "ru": "играющий отдаёт по одной карте каждому из двух других игроков: игрок {to} — не другой игрок (TUM-4)",
    },
    "tumbochka.given_already": {
        "en": "seat {to} has already been given a card (TUM-4)",
        "ru": "игрок {to} уже получил карту (TUM-4)",
    },
    "tumbochka.gifts_done": {
        "en": "both opponents have their card already: now raise the contract or keep it (TUM-4)",
        "ru": "оба других игрока уже получили по карте: теперь перезакажите или оставьте заказ (TUM-4)",
    },
    "tumbochka.give_first": {
        "en": "first give one card to each opponent, then raise or keep (TUM-4)",
        "ru": "сначала отдайте по одной карте каждому из двух других игроков, потом перезаказывайте или оставляйте заказ (TUM-4)",
    },
    "tumbochka.raise_range": {
        "en": "a raise must be above the contract of {bid} and at most 14 (TUM-4)",
        "ru": "перезаказать можно больше {bid}, но не больше 14 (TUM-4)",
    },
    # ----- TUM-5: play -----
    "tumbochka.must_follow": {
        "en": "seat {seat} must follow {suit} (holds {held}) (TUM-5)",
        "ru": "игрок {seat} должен ходить в масть {suit} (есть {held}) (TUM-5)",
    },
    "tumbochka.must_trump": {
        "en": "seat {seat} has no {suit} and must play a trump (holds {held}) (TUM-5)",
        "ru": "у игрока {seat} нет масти {suit}, поэтому он должен бить козырем (есть {held}) (TUM-5)",
    },
    "tumbochka.announce_on_lead": {
        "en": "{what} can only be announced by the player on lead (TUM-5)",
        "ru": "{what} объявляют только своим ходом, заходя с него (TUM-5)",
    },
    "tumbochka.trilyazh_needs": {
        "en": "a trilyazh is announced by leading the J of a suit whose K, Q and J you hold, not with {card} (TUM-5)",
        "ru": "трильяж объявляют, заходя с валета масти, в которой на руках король, дама и валет, а не с {card} (TUM-5)",
    },
    "tumbochka.troyan_needs": {
        "en": "a troyan is shown by leading the 6 of a suit whose 8, 7 and 6 you hold, not with {card} (TUM-5)",
        "ru": "троян показывают, заходя с шестёрки масти, в которой на руках восьмёрка, семёрка и шестёрка, а не с {card} (TUM-5)",
    },
    "tumbochka.troyan_in_trump": {
        "en": "{suit} is already trump: a troyan in the trump suit is not allowed (TUM-5)",
        "ru": "{suit} уже козыри: трояном в козырной масти козырь не объявить (TUM-5)",
    },
    "tumbochka.trilyazh_obligation": {
        "en": "after a trilyazh won with the {won} you must lead the {next} ({card}) (T-4)",
        "ru": "трильяж: взятка взята {won}, теперь нужно заходить с {next} ({card}) (T-4)",
    },
    "tumbochka.trick_trump": {
        "en": "seat {seat} takes the trick with {card}, the highest trump played (TUM-5)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшим из сыгранных козырей (TUM-5)",
    },
    "tumbochka.trick_suit": {
        "en": "seat {seat} takes the trick with {card}, the highest {suit} (no trump was played) (TUM-5)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшей картой масти {suit} (козырем никто не бил) (TUM-5)",
    },
    "tumbochka.trilyazh_next": {
        "en": "seat {seat} takes the trilyazh trick with {card} and must lead {next} next (T-4)",
        "ru": "игрок {seat} берёт взятку трильяжа картой {card} и теперь должен зайти с {next} (T-4)",
    },
    "tumbochka.trilyazh_made": {
        "en": "seat {seat} takes the third trilyazh trick with {card}: the trilyazh in {suit} is made, +3 points (T-4)",
        "ru": "игрок {seat} берёт третью взятку трильяжа картой {card}: трильяж {suit} сыгран, +3 очка (T-4)",
    },
    "tumbochka.trilyazh_broken": {
        "en": "seat {winner} takes the trick with {card}: seat {seat}'s trilyazh in {suit} is broken, no bonus (T-4)",
        "ru": "игрок {winner} берёт взятку картой {card}: трильяж {suit} игрока {seat} сорван, трёх очков не будет (T-4)",
    },
    # ----- TUM-6: scoring a deal -----
    "tumbochka.score_made": {
        "en": "declarer seat {seat} took {points} with a contract of {contract}: +{contract} (TUM-6)",
        "ru": "играющий, игрок {seat}, набрал {points} при заказе {contract}: заказ выполнен, +{contract} (TUM-6)",
    },
    "tumbochka.score_failed": {
        "en": "declarer seat {seat} took only {points} with a contract of {contract}: -{contract} (TUM-6)",
        "ru": "играющий, игрок {seat}, набрал только {points} при заказе {contract}: недобор, −{contract} (TUM-6)",
    },
    # ----- TUM-8: the tumbochka -----
    "tumbochka.won_sitting": {
        "en": "seat {seat} scored {score} while on the tumbochka and wins the match (T-7)",
        "ru": "игрок {seat} набрал {score}, сидя на тумбочке, и выигрывает партию (T-7)",
    },
    "tumbochka.won_bagel": {
        "en": "seat {seat} arrives alone on the tumbochka with a golden bagel and wins the match (TUM-8)",
        "ru": "игрок {seat} с золотой баранкой один садится на тумбочку и выигрывает партию (TUM-8)",
    },
    "tumbochka.sits": {
        "en": "seat {seat} reached 20 or more and sits on the tumbochka with exactly 20 (TUM-8)",
        "ru": "игрок {seat} набрал 20 или больше и садится на тумбочку ровно с 20 очками (TUM-8)",
    },
    "tumbochka.knocked_by_arrival": {
        "en": "seat {seat} is knocked off the tumbochka by the new arrival: score {score}, removal {removals}{bagel} (TUM-8)",
        "ru": "игрок {seat} снят с тумбочки: на неё сел другой игрок; очки {score}, снят {removals}{bagel} (TUM-8)",
    },
    "tumbochka.knocked_together": {
        "en": "seat {seat} reached 20 in the same deal as another player: all who arrive together are knocked off; score {score}, removal {removals}{bagel} (TUM-8)",
        "ru": "игрок {seat} сел на тумбочку в одной сдаче с другим игроком, а сесть одновременно нельзя: все севшие сняты с тумбочки; очки {score}, снят {removals}{bagel} (TUM-8)",
    },
    "tumbochka.timed_out": {
        "en": "seat {seat} sat through 3 deals without winning and is knocked off: score {score}, removal {removals}{bagel} (TUM-8)",
        "ru": "игрок {seat} за 3 сдачи на тумбочке не набрал 7 очков и снят с тумбочки: очки {score}, снят {removals}{bagel} (TUM-8)",
    },
}

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
        "en": "give {card} to seat {to}: it is the card worth least to you (a low card without company)",
        "ru": "отдайте {card} игроку {to}: эта карта вам наименее ценна (младшая и без поддержки)",
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
}

#: Its drill questions, answers and facts (``drills.py``).
DRILL_MESSAGES: dict[str, dict[str, str]] = {
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
        "opt_nothing": "Никто не выигрывает, не садится на тумбочку и не снят с неё",
    },
}

#: Its own action words, ``<game>.<verb>`` (``i18n/names.py``).
ACTION_LABELS: dict[str, dict[str, str]] = {
    "ru": {
        "tumbochka.bid": "Заказать {0}",  # the Tumbochka seed: «заказать 4 очка»
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
    },
    "ru": {
        "game_tumbochka": "Тумбочка",
        "dd_legend_players_tumbochka": "Оценивая карту соперника играющего, решатель считает, что играющий набирает "
            "как можно больше очков, а оба его соперника вместе — чтобы он набрал как можно меньше (они играют друг за "
            "друга против заказа); собственный итог соперника — его взятки и трильяжи.",
        "dd_side_tumbochka": "Оценки — очки играющего (игрок {seats}).",
    },
}

#: The front-end texts it adds (``i18n/ui.py``).
UI: dict[str, dict[str, str]] = {
    "en": {
        "on_tumbochka": "on the tumbochka",
        "removals": "knocked off: {n}",
    },
    "ru": {
        "on_tumbochka": "на тумбочке",
        "removals": "снят с тумбочки: {n}",
    },
}

#: Where its seed has its own word for a generic one (``i18n/ui.py``).
GAME_UI = {"ru": {"tumbochka": {"bid_by": "заказ {bid}", "high_bid": "Высший заказ"}}}

