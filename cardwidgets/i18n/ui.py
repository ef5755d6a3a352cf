"""Texts of the card-table widget: fixed labels and action-button labels."""

from __future__ import annotations

from cardwidgets.cards import Card, Rank
from cardwidgets.i18n.names import ACTION_LABELS, RANK_LETTERS, action_label, action_phrase, rank_plural

__all__ = ["ACTION_LABELS", "UI", "action_label", "action_phrase", "ui_texts"]

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
        "dealer": "dealer",
        "given": "got {card}",
        "trilyazh": "Trilyazh of {seat} ({suit}): {status}",
        "position": "plays {pos}",
        "positions": "ABC",
        "trilyazh_open": "open",
        "trilyazh_made": "made",
        "trilyazh_broken": "broken",
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
        "review": "Review",
        "review_title": "Your costly decisions in this deal",
        "review_none": "No costly decision: every action you chose was as good as the best.",
        "review_dd": "lost with all cards face up: {n}",
        "review_mc": "lost on what you could see: {n}",
        "review_open": "#{i}: open it at this step with table.review_replay({i})",
    },
    "ru": {
        "you": "Вы",
        "seat": "Игрок {n}",
        "trump": "Козырь",
        "no_trump": "пока нет",
        "contract": "Заказ",
        "maker": "заказчик: {seat}",
        "score": "Партия",
        "deal_score": "Эта сдача",
        "tricks": "Взятки",
        "your_turn": "Ваш ход",
        "waiting": "Ходит {seat}",
        "deal_over": "Сдача окончена",
        "next_deal": "Следующая сдача",
        "last_trick": "Последняя взятка",
        "match_won": "Партия окончена: побеждает {side}",
        "match_drawn": "Партия окончена",
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
        "bid_by": "ставка {bid}",
        "high_bid": "Высшая ставка",
        "sits_out": "пропускает",
        "on_tumbochka": "на тумбочке",
        "removals": "снят с тумбочки: {n}",
        "bagel": "золотая баранка",
        "declarer": "играющий",
        "dealer": "сдатчик",
        "given": "получил {card}",
        "trilyazh": "Трильяж: {seat} ({suit}): {status}",
        "position": "позиция {pos}",
        "positions": "АБС",
        "trilyazh_open": "разыгрывается",
        "trilyazh_made": "сыгран",
        "trilyazh_broken": "сорван",
        "choose_gift": "Нажмите на карту, чтобы отдать её другому игроку",
        "hint": "Подсказка",
        "verdict_best": "Лучший ход.",
        "verdict_good": "Хороший ход.",
        "verdict_mistake": "Дорогой ход.",
        "bots": "Боты",
        "level_random": "случайный",
        "level_heuristic": "простые приёмы",
        "level_search": "расчёт",
        "level_custom": "свой",
        "review": "Разбор",
        "review_title": "Ваши дорогие ходы в этой сдаче",
        "review_none": "Дорогих ходов нет: каждый ваш ход был не хуже лучшего.",
        "review_dd": "потеря при открытых картах: {n}",
        "review_mc": "потеря по тому, что вы видели: {n}",
        "review_open": "№{i}: этот ход можно открыть в разборе сдачи",
    },
}

#: Where a game's seed has its own word (Tumbochka «заказ», Nimby «не согласен»).
GAME_UI: dict[str, dict[str, dict[str, str]]] = {
    "ru": {
        "nimby": {"passed": "не согласен"},
        "tumbochka": {"bid_by": "заказ {bid}", "high_bid": "Высший заказ"},
        "nestors": {"contract": "Ставка"},
    },
}


def ui_texts(locale: str | None, deck: tuple[Card, ...], game: str = "") -> dict[str, object]:
    """All fixed texts the front-end needs: labels, every card's spoken name, rank letters and names."""
    from cardwidgets.i18n import card_name, resolve

    locale = resolve(locale)
    texts: dict[str, object] = {**UI[locale], **GAME_UI.get(locale, {}).get(game, {})}
    texts["card_names"] = {card.text: card_name(card, locale) for card in deck}
    texts["rank_names"] = {r.text: rank_plural(r, locale) for r in Rank}
    texts["rank_letters"] = dict(RANK_LETTERS[locale])
    return texts
