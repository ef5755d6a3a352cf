"""Nestors messages, English and Russian (rule ids in ``docs/rules/nestors.md``).

Positions in a trick are A, B, C (Russian А, Б, С as in the seed); ``{who}``
names the collector ("seat 3 (C)" / «игрок 3 (С)», or just the position).
"""

from __future__ import annotations

from cardwidgets.cards import Rank

#: Position names per locale. The Russian seed calls them А, Б, С, Д; we write the fourth (who sits out) Г, the
#: fourth letter of the Russian alphabet as D is of the Latin one, because Д is also the queen (Д♠).
POSITION_NAMES = {
    "A": {"en": "A", "ru": "А"},
    "B": {"en": "B", "ru": "Б"},
    "C": {"en": "C", "ru": "С"},
    "A and C": {"en": "A and C", "ru": "А и С"},
}
#: Its own ideas, in both languages: the places A/B/C of its trick of three (NES-6).
#: No generic file may use them (``Capabilities.concepts``, ``tests/test_no_game_names.py``).
CONCEPTS = ("A/B/C", "АБС", "А/Б/С")
#: The two partnerships of a trick (NES-6): A with C, B with D (Г, the fourth letter: see ``POSITION_NAMES``).
SIDES = {"AC": {"en": "A and C", "ru": "А и С"}, "BD": {"en": "B and D", "ru": "Б и Г"}}
#: Words its drills put into answers and facts (``drills.py``).
DRILL_WORDS = {
    "score_line": {"en": "bidders {bidders}, opponents {opponents}", "ru": "играющие {bidders}, соперники {opponents}"},
    "seat": {"en": "Seat {n}", "ru": "Игрок {n}"},
    "nobody_spoke": {"en": "nobody has spoken yet", "ru": "ещё никто не говорил"},
    "place_and_seat": {"en": "{pos}, seat {n}", "ru": "{pos}, игрок {n}"},
}
#: Its own phases as a sentence names them: the bidder's trick (NES-6a), the card left on the table (NES-7).
PHASE_NAMES = {
    "open": {"en": "bidder's trick", "ru": "взятка играющего"},
    "leave": {"en": "table card", "ru": "выбор карты на стол"},
}
#: Trump rank names for messages (NES-1: trump is a rank).
TRUMP_NAMES = {
    Rank.ACE: {"en": "Aces", "ru": "тузы"},
    Rank.JACK: {"en": "Jacks", "ru": "валеты"},
    Rank.TEN: {"en": "Tens", "ru": "десятки"},
}


#: ``WHO[seat][position]``: how an explanation names a collector, "seat 3 (C)" / «игрок 3 (С)» (built once).
WHO = tuple(
    {pos: {"en": f"seat {seat} ({pos})", "ru": f"игрок {seat} ({POSITION_NAMES[pos]['ru']})"} for pos in "ABC"}
    for seat in range(4)
)


def who(seat: int, position: str) -> dict[str, str]:
    """How an explanation names a trick's collector: "seat 3 (C)" / «игрок 3 (С)»."""
    return WHO[seat][position]


MESSAGES: dict[str, dict[str, str]] = {
    # ----- NES-4: bidding -------------------------------------------------------------
    "nestors.bid_step": {
        "en": "a bid is a multiple of 5 points: {bid} is not (NES-4)",
        "ru": "ставка должна быть кратна 5, а {bid} не кратно 5 (NES-4)",
    },
    "nestors.bid_higher": {
        "en": "bid {bid} is not higher than the current bid {high} (NES-4)",
        "ru": "ставка {bid} не выше текущей ставки {high} (NES-4)",
    },
    "nestors.bid_min": {
        "en": "the lowest bid is {min}, so {bid} is too low (E-2)",
        "ru": "наименьшая ставка — {min}; ставка {bid} слишком мала (E-2)",
    },
    "nestors.bid_max": {
        "en": "the highest bid is 190, all the points of a deal: {bid} is too high (E-2)",
        "ru": "наибольшая ставка — 190, все очки сдачи; ставка {bid} слишком велика (E-2)",
    },
    "nestors.no_partner_raise": {
        "en": "your partner, seat {partner}, holds the highest bid: you may not bid over him, only pass (NES-4)",
        "ru": "самая высокая ставка у вашего партнёра, игрока {partner}: перебивать её нельзя, можно только спасовать "
        "(NES-4)",
    },
    "nestors.must_bid": {
        "en": "the first three players passed, so seat {seat} must bid (at least {min}) and may not pass (E-4)",
        "ru": "первые трое сказали «пас», поэтому игрок {seat} обязан сделать ставку (не меньше {min}), пасовать нельзя (E-4)",
    },
    # ----- NES-5: trump -----------------------------------------------------------------
    "nestors.trump_rank": {
        "en": "trump is a rank, Aces, Jacks or Tens (trump A, trump J, trump 10), not {rank} (NES-5)",
        "ru": "козырями могут быть только тузы, валеты или десятки, а не {rank} (NES-5)",
    },
    "nestors.trump_not_held": {
        "en": "seat {seat} may name only a trump rank he holds among his 5 cards ({held}), not {rank} (E-5)",
        "ru": "игрок {seat} может назначить козырями только достоинство, которое есть среди его 5 карт ({held}), а не {rank} (E-5)",
    },
    # ----- NES-6a: the bidder's trick ----------------------------------------------------------
    "nestors.open_highest": {
        "en": "the bidder opens with his highest card ({highest}), not {card} (NES-6a)",
        "ru": "играющий забирает открытые карты своей самой старшей картой ({highest}), а не {card} (NES-6a)",
    },
    "nestors.open_face_up": {
        "en": "the bidder takes two different face-up cards of the row ({face_up}), not {taken} (NES-6a)",
        "ru": "играющий берёт две разные открытые карты ряда ({face_up}), а не {taken} (NES-6a)",
    },
    "nestors.open_trick": {
        "en": "seat {seat}, the bidder, puts his highest card {card} beside {taken} and takes them as the first trick; {table} stays on the table (NES-6a)",
        "ru": "играющий, игрок {seat}, кладёт свою старшую карту {card} рядом с {taken} и забирает их первой взяткой; {table} остаётся на столе (NES-6a)",
    },
    # ----- NES-6: what C may play --------------------------------------------------------------
    "nestors.not_in_hand": {
        "en": "seat {seat} does not hold {card} ({rule})",
        "ru": "у игрока {seat} нет карты {card} ({rule})",
    },
    "nestors.c_same_suit": {
        "en": "A and B both played {suit}: C must play {suit} or a trump ({trump}) (NES-6)",
        "ru": "А и Б положили карты масти {suit}: С должен положить карту масти {suit} или козырь (козыри — {trump}) (NES-6)",
    },
    "nestors.c_same_suit_free": {
        "en": "A and B both played {suit} and C holds no {suit}: C may play any card (NES-6)",
        "ru": "А и Б положили карты масти {suit}, а у С этой масти нет: С может положить любую карту (NES-6)",
    },
    "nestors.c_third_suit": {
        "en": "A played {a_suit} and B {b_suit}: C must play a third suit ({third}) or a trump ({trump}) (NES-6)",
        "ru": "А положил {a_suit}, Б — {b_suit}: С должен положить карту третьей масти ({third}) или козырь (козыри — {trump}) (NES-6)",
    },
    "nestors.c_third_suit_free": {
        "en": "A played {a_suit} and B {b_suit}, and C holds no third suit ({third}): C may play any card (NES-6)",
        "ru": "А положил {a_suit}, Б — {b_suit}, а карт третьей масти ({third}) у С нет: С может положить любую карту (NES-6)",
    },
    "nestors.c_must_same": {
        "en": "seat {seat} (C) must play {suit} or a trump ({trump}): A and B both played {suit}, and seat {seat} holds {held} (NES-6)",
        "ru": "игрок {seat} (С) должен положить карту масти {suit} или козырь (козыри — {trump}): А и Б положили {suit}, а у игрока {seat} есть {held} (NES-6)",
    },
    "nestors.c_must_third": {
        "en": "seat {seat} (C) must play a third suit or a trump ({trump}): A led {a_suit}, B played {b_suit}, and seat {seat} holds {held} (NES-6)",
        "ru": "игрок {seat} (С) должен положить карту третьей масти или козырь (козыри — {trump}): А зашёл с {a_suit}, Б положил {b_suit}, а у игрока {seat} есть {held} (NES-6)",
    },
    # ----- NES-6: who wins a trick ----------------------------------------------------------
    "nestors.w1": {
        "en": "all three cards are {suit} and {card} is the trump among them: {who} takes the trick (NES-6 W1)",
        "ru": "все три карты масти {suit}, и среди них козырь {card}: взятку берёт {who} (NES-6 W1)",
    },
    "nestors.w2": {
        "en": "all three cards are {suit} and none is a trump: {card} is the highest, {who} takes the trick (NES-6 W2)",
        "ru": "все три карты масти {suit}, козырей среди них нет: старшая карта — {card}, взятку берёт {who} (NES-6 W2)",
    },
    "nestors.w3_one_trump": {
        "en": "not all one suit, so A or B wins: only {pos} played a trump, {card}; {who} takes the trick (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает А или Б: козырем сыграл только {pos} ({card}); взятку берёт {who} (NES-6 W3)",
    },
    "nestors.w3_both_trumps": {
        "en": "not all one suit, so A or B wins: both played trumps and A's {card} came first; {who} takes the trick (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает А или Б: оба сыграли козырем, и карта {card} игрока А легла первой; взятку берёт {who} (NES-6 W3)",
    },
    "nestors.w3_higher": {
        "en": "not all one suit, so A or B wins: neither played a trump, both played {suit} and {card} is higher; {who} takes the trick (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает А или Б: ни А, ни Б не сыграли козырем, оба положили {suit}, и {card} старше; взятку берёт {who} (NES-6 W3)",
    },
    "nestors.w3_first": {
        "en": "not all one suit, so A or B wins: neither played a trump and their suits differ, so A's {card} wins; {who} takes the trick (NES-6 W3)",
        "ru": "масти карт не совпадают, поэтому выигрывает А или Б: ни А, ни Б не сыграли козырем, а масти у них разные, поэтому выигрывает {card} игрока А; взятку берёт {who} (NES-6 W3)",
    },
    "nestors.w3a": {
        "en": "B played no trump, but {side} did ({trumps}): A and C win together, and {who} collects (NES-6 W3a)",
        "ru": "Б не сыграл козырем, а козырем сыграла только пара А и С ({side}: {trumps}): А и С выигрывают вместе, взятку забирает {who} (NES-6 W3a)",
    },
    "nestors.w3b": {
        "en": "B played the trump {b} and C the trump {c}, of a suit neither A nor B played: A and C win together, and {who} collects (NES-6 W3b)",
        "ru": "Б сыграл козырем {b}, а С — козырем {c} масти, которой не играли ни А, ни Б: А и С выигрывают вместе, взятку забирает {who} (NES-6 W3b)",
    },
    # ----- NES-7: the table card and the last trick -------------------------------------------------
    "nestors.leave_not_among": {
        "en": "{card} is not among the four cards of the trick; leave one of {pending} on the table (NES-7)",
        "ru": "карты {card} нет среди четырёх карт взятки; оставьте на столе одну из {pending} (NES-7)",
    },
    "nestors.last_one_trump": {
        "en": "last trick, two players: only {pos} played a trump, {card}; {who} takes both cards and the table card (NES-7 W3)",
        "ru": "последняя взятка, играют двое: козырем сыграл только {pos} ({card}); {who} забирает обе карты и карту со стола (NES-7 W3)",
    },
    "nestors.last_both_trumps": {
        "en": "last trick, two players: both played trumps and A's {card} came first; {who} takes both cards and the table card (NES-7 W3)",
        "ru": "последняя взятка, играют двое: оба сыграли козырем, и карта {card} игрока А легла первой; {who} забирает обе карты и карту со стола (NES-7 W3)",
    },
    "nestors.last_higher": {
        "en": "last trick, two players: no trump, both played {suit} and {card} is higher; {who} takes both cards and the table card (NES-7 W3)",
        "ru": "последняя взятка, играют двое: козырей нет, оба положили {suit}, и {card} старше; {who} забирает обе карты и карту со стола (NES-7 W3)",
    },
    "nestors.last_first": {
        "en": "last trick, two players: no trump and different suits, so A's {card} wins; {who} takes both cards and the table card (NES-7 W3)",
        "ru": "последняя взятка, играют двое: козырей нет, масти разные, поэтому выигрывает {card} игрока А; {who} забирает обе карты и карту со стола (NES-7 W3)",
    },
    # ----- phases and scoring --------------------------------------------------------------
    "nestors.wrong_phase": {
        "en": '"{text}" is not possible now: this is the {phase} phase ({rule}); legal now: {legal}',
        "ru": "«{text}» сейчас невозможно: идёт {phase} ({rule}); можно: {legal}",
    },
    "nestors.score_made_alone": {
        "en": "team {team} bid {bid} and took {p}: made, they score +{p} and the opponents nothing (NES-8)",
        "ru": "пара {team} поставила {bid} и набрала {p}: ставка выполнена, паре +{p}, соперникам ничего (NES-8)",
    },
    "nestors.score_made": {
        "en": "team {team} bid {bid} and took {p}: made, they score +{p} and the opponents +{q} (NES-8)",
        "ru": "пара {team} поставила {bid} и набрала {p}: ставка выполнена, паре +{p}, соперникам +{q} (NES-8)",
    },
    "nestors.score_failed": {
        "en": "team {team} bid {bid} but took only {p}: failed, they score −{p} and the opponents +{q} (NES-8)",
        "ru": "пара {team} поставила {bid}, а набрала только {p}: ставка не выполнена, паре −{p}, соперникам +{q} (NES-8)",
    },
}
