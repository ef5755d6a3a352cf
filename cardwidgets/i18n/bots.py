"""Why a bot chose its move: messages for hints and bot reasons, English and Russian.

Cards arrive already written with their suit symbols (``A♦``); ``{suit}`` is a
suit (rendered as its symbol).
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # ----- any game -------------------------------------------------------------------------------
    "bot.random": {
        "en": "a random legal move",
        "ru": "случайный разрешённый ход",
    },
    "bot.only": {
        "en": "{action} is the only legal move",
        "ru": "{action} — единственный разрешённый ход",
    },
    "bots.search.agree": {
        "en": "{tip}. In {n} simulated deals that fit everything you have seen, this averaged {value}{trick}, {compare}",
        "ru": "{tip}. В {n} смоделированных сдачах, не противоречащих всему, что вы видели, этот ход принёс в среднем {value}{trick}, {compare}",
    },
    "bots.search.differ": {
        "en": "In {n} simulated deals that fit everything you have seen, this averaged {value}{trick}, {compare}. (The rule of thumb would rather say: {tip}.)",
        "ru": "В {n} смоделированных сдачах, не противоречащих всему, что вы видели, этот ход принёс в среднем {value}{trick}, {compare}. (Простой приём советует другое: {tip}.)",
    },
    "bots.search.trick": {
        "en": " and took this trick {pct}% of the time",
        "ru": " и брал эту взятку в {pct}% случаев",
    },
    "bots.search.more": {
        "en": "{margin} more than {second}",
        "ru": "на {margin} больше, чем «{second}»",
    },
    "bots.search.tie": {
        "en": "as much as {second}",
        "ru": "столько же, сколько «{second}»",
    },
    # ----- Nimby ----------------------------------------------------------------------------------------
    "bots.nimby.agree": {
        "en": "agree to {suit} as trump: your hand counts {count} (2s and {suit} cards), at least the {need} the makers need to take 3 of the four 2s (NIM-6)",
        "ru": "соглашайтесь на козырь {suit}: ваша рука стоит {count} (двойки и карты масти {suit}) — не меньше {need}, что нужно заказчикам, чтобы взять 3 двойки из четырёх (NIM-6)",
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
    "bots.nimby.bank_two_over": {
        "en": "play {card}: it tops your partner's {winner}, so your side takes this trick for sure and your 2 scores for it (only the 2s taken count, NIM-6)",
        "ru": "кладите {card}: она перебивает карту партнёра {winner}, взятка наверняка ваша, и двойка достанется вашей паре (считаются только взятые двойки, NIM-6)",
    },
    "bots.nimby.partner_wins_over": {
        "en": "play {card}, your lowest: it tops your partner's {winner}, and your side takes this trick",
        "ru": "кладите {card}, самую младшую: она перебивает карту партнёра {winner}, и взятка достаётся вашей паре",
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
    "bots.nimby.duck_no_twos": {
        "en": "play {card}, your lowest: the trick holds no 2, so it is not worth a strong card",
        "ru": "кладите {card}, самую младшую: во взятке нет двоек, сильную карту на неё тратить не стоит",
    },
    # ----- Tumbochka ---------------------------------------------------------------------------------------
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
    "bots.tumbochka.give_more": {
        "en": "give {card} to seat {to}: it is the card worth least to you to keep (one of your {held} {suit} cards, not part of a trilyazh)",
        "ru": "отдайте {card} игроку {to}: эту карту вам выгоднее всего отдать (одна из ваших {held} карт масти {suit}, не из трильяжа)",
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
    # ----- Nestors -------------------------------------------------------------------------------------------------
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
        "ru": "ходите со старшей карты без очков {card}: Б побьёт её только старшей картой той же масти или козырем (W2, W3)",
    },
    "bots.nestors.lead_plain": {
        "en": "lead {card}, your highest card that is no trump (each of them has points): B beats it only with a higher card of its suit or a trump (W2, W3)",
        "ru": "ходите со старшей некозырной карты {card} (очки есть у каждой из них): Б побьёт её только старшей картой той же масти или козырем (W2, W3)",
    },
    "bots.nestors.cheapest": {
        "en": "play {card}: of the cards you may play it is the cheapest (fewest points, and no trump while you hold another card)",
        "ru": "кладите {card}: из ваших карт она самая дешёвая (меньше всего очков, и не козырь, пока есть другие карты)",
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
        "ru": "кладите {card}: взятка и так ваша, добавьте в неё карту с наибольшими очками",
    },
    "bots.nestors.c_win": {
        "en": "play {card}: it takes the trick for you and your partner A ({which})",
        "ru": "кладите {card}: она берёт взятку для вас и партнёра А ({which})",
    },
}
