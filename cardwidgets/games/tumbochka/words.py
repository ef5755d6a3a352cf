"""Tumbochka messages, English and Russian (rule ids in ``docs/rules/tumbochka.md``)."""

from __future__ import annotations

#: Rank words for the T-4 message, by position in the trilyazh (J, Q, K): won with …, next comes …
TRILYAZH_WON = ({"en": "J", "ru": "валетом"}, {"en": "Q", "ru": "дамой"})
TRILYAZH_NEXT = (None, {"en": "Q", "ru": "дамы"}, {"en": "K", "ru": "короля"})
#: What a lead announces (TUM-5), by the lead's flag.
ANNOUNCEMENTS = {"troyan": {"en": "a troyan", "ru": "троян"}, "trilyazh": {"en": "a trilyazh", "ru": "трильяж"}}
#: The golden bagel, added to a knock-off message (T-9).
GOLDEN_BAGEL = {"en": ", golden bagel (T-9)", "ru": ", золотая баранка (T-9)"}
#: Which removal a knock-off is (TUM-8), by its number: Russian says it in words («снят во второй раз»),
#: never a bare number; past the last of ``REMOVAL_WORDS``, ``REMOVAL_LATER``.
REMOVAL_WORDS = {"ru": ("впервые", "во второй раз", "в третий раз")}
REMOVAL_LATER = {"ru": "снова"}
#: Its own phase as a sentence names it (TUM-4).
PHASE_NAMES = {"talon": {"en": "talon", "ru": "отдача карт и перезаказ"}}
#: Its own ideas, in both languages: its announcements (T-4, TUM-5) and its gifts from the talon (TUM-4).
#: No generic file may use them (``Capabilities.concepts``, ``tests/test_no_game_names.py``).
CONCEPTS = ("trilyazh", "трильяж", "troyan", "троян", "gift", "подар")
#: A pass as its drills' answers name it (TUM-3).
PASS_LABEL = {"en": "pass", "ru": "пас"}
#: No trump yet, as its drills show the trump before it is chosen (TUM-5).
NO_TRUMP_YET = {"en": "none yet", "ru": "пока нет"}
#: The trump, where a sentence names a suit (the bot's "lead the top trump").
TRUMP_WORD = {"en": "trump", "ru": "козырь"}


def removal_words(removals: int) -> dict[str, str]:
    """Which removal this is, per language: "2" / «во второй раз» (TUM-8)."""
    ordinals = REMOVAL_WORDS["ru"]
    return {
        "en": str(removals),
        "ru": ordinals[removals - 1] if 0 < removals <= len(ordinals) else REMOVAL_LATER["ru"],
    }


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
        "ru": "пока игрок {sitter} сидит на тумбочке, заказать 7 или больше можно, только имея хотя бы 1 очко (TUM-8)",
    },
    # ----- TUM-4: talon, giving, raising -----
    "tumbochka.give_to_opponent": {
        "en": "the declarer gives one card to each opponent: seat {to} is not an opponent (TUM-4)",
        "ru": "играющий отдаёт по одной карте каждому из двух соперников, а игрок {to} — не его соперник (TUM-4)",
    },
    "tumbochka.given_already": {
        "en": "seat {to} has already been given a card (TUM-4)",
        "ru": "игрок {to} уже получил карту (TUM-4)",
    },
    "tumbochka.gifts_done": {
        "en": "both opponents have their card already: now raise the contract or keep it (TUM-4)",
        "ru": "оба соперника уже получили по карте: теперь перезакажите или оставьте заказ (TUM-4)",
    },
    "tumbochka.give_first": {
        "en": "first give one card to each opponent, then raise or keep (TUM-4)",
        "ru": "сначала отдайте по одной карте каждому из двух соперников, потом перезаказывайте или оставляйте заказ (TUM-4)",
    },
    "tumbochka.raise_needs_a_point": {
        "en": "while seat {sitter} sits on the tumbochka, a raise to 7 or more needs at least 1 point, as a bid does (TUM-8)",
        "ru": "пока игрок {sitter} сидит на тумбочке, перезаказать 7 или больше (как и заказать) можно, только имея "
        "хотя бы 1 очко (TUM-8)",
    },
    "tumbochka.raise_range": {
        "en": "a raise must be above the contract of {bid} and at most 14 (TUM-4)",
        "ru": "перезаказать можно больше {bid}, но не больше 14 (TUM-4)",
    },
    # ----- TUM-5: play -----
    "tumbochka.must_follow": {
        "en": "seat {seat} must follow {suit} (holds {held}) (TUM-5)",
        "ru": "игрок {seat} должен положить карту масти {suit} (есть {held}) (TUM-5)",
    },
    "tumbochka.must_trump": {
        "en": "seat {seat} has no {suit} and must play a trump (holds {held}) (TUM-5)",
        "ru": "у игрока {seat} нет масти {suit}, поэтому он должен бить козырем (есть {held}) (TUM-5)",
    },
    "tumbochka.announce_on_lead": {
        "en": "{what} can only be announced by the player on lead (TUM-5)",
        "ru": "{what} объявляют, только заходя — первой картой взятки (TUM-5)",
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
        "ru": "{suit} — уже козыри: троян в козырной масти показывать нельзя (TUM-5)",
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
    "tumbochka.won_sitting_points": {  # option win_on_tumbochka: "deal_points"
        "en": "seat {seat} took {score} in tricks and trilyazhes this deal while on the tumbochka and wins the match (T-7)",
        "ru": "игрок {seat} взял за сдачу {score} (взятки и трильяжи), сидя на тумбочке, и выигрывает партию (T-7)",
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
    "tumbochka.climbs_down": {
        "en": "seat {seat} sat through 3 deals without winning and climbs down from the tumbochka: score {score}; "
        "this is not a removal (T-9)",
        "ru": "игрок {seat} за 3 сдачи на тумбочке не набрал 7 очков и слезает с тумбочки: очки {score}; "
        "снятием это не считается (T-9)",
    },
    "tumbochka.timed_out": {
        "en": "seat {seat} sat through 3 deals without winning and is knocked off: score {score}, removal {removals}{bagel} (TUM-8)",
        "ru": "игрок {seat} за 3 сдачи на тумбочке не набрал 7 очков и снят с тумбочки: очки {score}, снят {removals}{bagel} (TUM-8)",
    },
}
