"""Texts of the card-table widget: fixed labels and action-button labels."""

from __future__ import annotations

from cardwidgets.cards import Card, Rank, parse_card

UI: dict[str, dict[str, str]] = {
    "en": {
        "you": "You",
        "seat": "Seat {n}",
        "trump": "Trump",
        "no_trump": "none yet",
        "contract": "Contract",
        "maker": "maker: {seat}",
        "score": "Match",
        "deal_score": "This deal",
        "tricks": "Tricks",
        "your_turn": "Your turn",
        "waiting": "Waiting for {seat}",
        "deal_over": "Deal over",
        "next_deal": "Next deal",
        "last_trick": "Last trick",
        "match_won": "Match over: {side} wins",
        "match_drawn": "Match over",
        "pace": "Bot speed",
        "team": "Team {n}",
        "table_card": "Table card",
        "display": "Face-up card",
        "talon": "Talon",
        "row": "Row",
        "cards": "{n} cards",
        "hand": "Your hand",
        "illegal": "Not allowed",
        "pending": "Choose the card to leave",
        "troyan": "Troyan: {seat}",
        "passed": "pass",
        "bid_by": "bid {bid}",
        "high_bid": "Highest bid",
        "sits_out": "sits out",
        "on_tumbochka": "on the tumbochka",
        "removals": "knocked off: {n}",
        "bagel": "golden bagel",
        "declarer": "declarer",
        "given": "got {card}",
        "trilyazh": "Trilyazh of {seat} ({suit}): {status}",
        "position": "plays {pos}",
        "choose_gift": "Click a card to give it to an opponent",
        "hint": "Hint",
        "verdict_best": "Best move.",
        "verdict_good": "Good move.",
        "verdict_mistake": "Costly move.",
        "bots": "Bots",
        "level_random": "random",
        "level_heuristic": "rules of thumb",
        "level_search": "search",
        "level_custom": "custom",
    },
    "ru": {
        "you": "Вы",
        "seat": "Игрок {n}",
        "trump": "Козырь",
        "no_trump": "пока нет",
        "contract": "Заказ",
        "maker": "заказчик: {seat}",
        "score": "Матч",
        "deal_score": "Эта сдача",
        "tricks": "Взятки",
        "your_turn": "Ваш ход",
        "waiting": "Ходит {seat}",
        "deal_over": "Сдача окончена",
        "next_deal": "Следующая сдача",
        "last_trick": "Последняя взятка",
        "match_won": "Матч окончен: побеждает {side}",
        "match_drawn": "Матч окончен",
        "pace": "Скорость ботов",
        "team": "Пара {n}",
        "table_card": "Карта на столе",
        "display": "Открытая карта",
        "talon": "Прикуп",
        "row": "Ряд",
        "cards": "карт: {n}",
        "hand": "Ваши карты",
        "illegal": "Нельзя",
        "pending": "Выберите карту, которую оставить",
        "troyan": "Троян: {seat}",
        "passed": "пас",
        "bid_by": "заявка {bid}",
        "high_bid": "Высшая заявка",
        "sits_out": "пропускает",
        "on_tumbochka": "на тумбочке",
        "removals": "сбит: {n}",
        "bagel": "золотая баранка",
        "declarer": "играющий",
        "given": "получил {card}",
        "trilyazh": "Трильяж: {seat} ({suit}): {status}",
        "position": "ходит как {pos}",
        "choose_gift": "Нажмите на карту, чтобы отдать её сопернику",
        "hint": "Подсказка",
        "verdict_best": "Лучший ход.",
        "verdict_good": "Хороший ход.",
        "verdict_mistake": "Дорогой ход.",
        "bots": "Боты",
        "level_random": "случайный",
        "level_heuristic": "по правилам",
        "level_search": "перебор",
        "level_custom": "свой",
    },
}

ACTION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "agree": "Agree",
        "pass": "Pass",
        "exchange": "Exchange {0}",
        "bid": "Bid {0}",
        "trump": "Trump: {0}",
        "open": "Open with {0}, take {1} {2}",
        "leave": "Leave {0} on the table",
        "give": "Give {0} to seat {1}",
        "raise": "Raise to {0}",
        "keep": "Keep the contract",
        "play": "Play {0}",
        "troyan": "Troyan! Lead {0}",
        "trilyazh": "Trilyazh! Lead {0}",
    },
    "ru": {
        "agree": "Согласен",
        "pass": "Пас",
        "exchange": "Обменять {0}",
        "bid": "Заявка {0}",
        "trump": "Козырь: {0}",
        "open": "Открыть {0}, взять {1} {2}",
        "leave": "Оставить {0} на столе",
        "give": "Отдать {0} игроку {1}",
        "raise": "Повысить до {0}",
        "keep": "Оставить заказ",
        "play": "Сыграть {0}",
        "troyan": "Троян! Ход {0}",
        "trilyazh": "Трильяж! Ход {0}",
    },
}

_RANK_PLURAL = {
    "en": {"A": "Aces", "J": "Jacks", "10": "Tens"},
    "ru": {"A": "тузы", "J": "валеты", "10": "десятки"},
}


def action_label(text: str, locale: str = "en") -> str:
    """A button label for a canonical action string, e.g. ``bid 60`` -> "Bid 60"."""
    verb, *args = text.split()
    if verb == "play" and len(args) == 2:  # play 6D troyan / play JS trilyazh
        verb, args = args[1], args[:1]
    if verb == "trump":
        args = [_RANK_PLURAL[locale].get(args[0], args[0])]
    return ACTION_LABELS[locale][verb].format(*(_pretty(a) for a in args))


def _pretty(word: str) -> str:
    """Card texts with suit symbols (``10♥``); other words unchanged."""
    try:
        card = parse_card(word)
    except ValueError:
        return word
    return card.symbol_text if word == card.text else word


def ui_texts(locale: str, deck: tuple[Card, ...]) -> dict[str, object]:
    """All fixed texts the front-end needs, with the spoken name of every card."""
    from cardwidgets.i18n import card_name

    texts: dict[str, object] = dict(UI[locale])
    texts["card_names"] = {card.text: card_name(card, locale) for card in deck}
    texts["rank_names"] = {r.text: _RANK_PLURAL[locale].get(r.text, r.text) for r in Rank}
    return texts
