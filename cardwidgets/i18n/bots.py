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
        "ru": "{tip}. В {n:смоделированной сдаче, не противоречащей|смоделированных сдачах, не противоречащих|смоделированных сдачах, не противоречащих} всему, что вы видели, этот ход принёс в среднем {value}{trick}, {compare}",
    },
    "bots.search.differ": {
        "en": "{action}: in {n} simulated deals that fit everything you have seen, this averaged {value}{trick}, {compare}. (The rule of thumb would rather say: {tip}.)",
        "ru": "{action}: в {n:смоделированной сдаче, не противоречащей|смоделированных сдачах, не противоречащих|смоделированных сдачах, не противоречащих} всему, что вы видели, этот ход принёс в среднем {value}{trick}, {compare}. (Простой приём советует другое: {tip}.)",
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
}
