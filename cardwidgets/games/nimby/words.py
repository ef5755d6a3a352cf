"""Nimby messages, English and Russian (rule ids in ``docs/rules/nimby.md``)."""

from __future__ import annotations

#: The trump "suit" of Nimby (all 2s and the trump suit) as a sentence names it (NIM-1).
TRUMPS_NAME = {"en": "trumps", "ru": "козыри"}
#: Its own ideas: the 2s a side took (NIM-6), a deal thrown in (NIM-4).
#: No generic file may use them (``Capabilities.concepts``, ``tests/test_no_game_names.py``).
CONCEPTS = ("twos_taken", "thrown_in", "thrown in")
#: A line of the score table (NIM-6) as an answer: what the makers and the defenders score.
SCORE_LINE = {"en": "makers {makers}, defenders {defenders}", "ru": "заказчики {makers}, соперники {defenders}"}

MESSAGES: dict[str, dict[str, str]] = {
    "nimby.must_follow": {
        "en": "seat {seat} must follow {suit} (holds {held})",
        "ru": "игрок {seat} должен положить карту масти {suit} (есть {held})",
    },
    "nimby.must_follow_trumps": {
        "en": "seat {seat} must follow trumps (holds {held})",
        "ru": "игрок {seat} должен положить козырь: зашли с козыря (есть {held})",
    },
    "nimby.two_not_follow": {
        "en": "{card} is a trump (NIM-1), so it does not follow {suit}: seat {seat} must follow {suit} (holds {held})",
        "ru": "{card} — козырь (NIM-1), а не карта масти {suit}: игрок {seat} должен положить карту масти {suit} "
        "(есть {held})",
    },
    "nimby.exchange_only_two": {
        "en": "only a 2 can be exchanged for the face-up card, not {card}",
        "ru": "на открытую карту можно обменять только двойку, а не {card}",
    },
    "nimby.exchange_higher": {
        "en": "{card} cannot replace {display}: over a 2 only a higher 2 may be exchanged (2C > 2S > 2H > 2D)",
        "ru": "{card} не может заменить {display}: двойку можно сменить только старшей двойкой (2♣ > 2♠ > 2♥ > 2♦)",
    },
    "nimby.trick_two": {
        "en": "seat {seat} takes the trick with {card}, the highest 2 played (2s are always the top trumps)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшей из сыгранных двоек (двойки всегда старшие козыри)",
    },
    "nimby.trick_trump": {
        "en": "seat {seat} takes the trick with {card}, the highest trump played",
        "ru": "игрок {seat} берёт взятку картой {card} — старшим из сыгранных козырей",
    },
    "nimby.trick_suit": {
        "en": "seat {seat} takes the trick with {card}, the highest {suit} (no trump was played)",
        "ru": "игрок {seat} берёт взятку картой {card} — старшей картой масти {suit} (козырем никто не играл)",
    },
    "nimby.thrown_in": {
        "en": "nobody agreed and nobody exchanged a 2: the hand is thrown in and dealt again",
        "ru": "все не согласились и никто не обменял двойку: карты собирают и сдают заново",
    },
    "nimby.thrown_in_nobody_agreed": {
        "en": "nobody agreed (an exchange is a way to disagree, option throw_in_if): the hand is thrown in and dealt again",
        "ru": "никто не согласился (по этому прочтению правил обмен — тоже несогласие): карты собирают и сдают заново",
    },
    "nimby.maker_exchanged": {
        "en": "{suit} is trump; seat {seat} is the maker, the last to exchange a 2",
        "ru": "козырь — {suit}; заказал козырь игрок {seat}: он последним обменял двойку",
    },
    "nimby.maker_agreed": {
        "en": "{suit} is trump; nobody exchanged, so seat {seat}, the first to agree, is the maker",
        "ru": "козырь — {suit}; обменов не было, поэтому козырь заказал игрок {seat}, первым согласившийся",
    },
    "nimby.score_makers": {
        "en": "the makers (team {team}) took {taken} twos: they score {makers}, the defenders {defenders}",
        "ru": "заказчики (пара {team}) взяли {taken} из 4 двоек: им {makers}, соперникам {defenders}",
    },
    "nimby.score_nimby": {
        "en": "Nimby! The defenders took 3 twos: makers (team {team}) {makers}, defenders +{defenders}",
        "ru": "Нимби! Соперники взяли 3 двойки: заказчикам (пара {team}) {makers}, соперникам +{defenders}",
    },
    "nimby.score_double_nimby": {
        "en": "Double Nimby! The defenders took all 4 twos: makers (team {team}) {makers}, defenders +{defenders}",
        "ru": "Двойное Нимби! Соперники взяли все 4 двойки: заказчикам (пара {team}) {makers}, соперникам +{defenders}",
    },
}
