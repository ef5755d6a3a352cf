"""Texts of the card-table widget: fixed labels and action-button labels."""

from __future__ import annotations

from cardwidgets.cards import Card, Rank
from cardwidgets.i18n.locale import resolve
from cardwidgets.i18n.names import ACTION_LABELS, RANK_LETTERS, action_label, action_phrase, rank_plural, spoken_name

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
        "hand": "Your hand",
        "illegal": "Not allowed",
        "choose_card_seat": "Click a card, then the seat it goes to",
        "passed": "pass",
        "bid_by": "bid {bid}",
        "high_bid": "Highest bid",
        "sits_out": "sits out",
        "declarer": "declarer",
        "dealer": "dealer",
        "hint": "Hint",
        "verdict_best": "Best move.",
        "verdict_good": "As good as the best.",
        "verdict_inaccuracy": "Inaccuracy.",
        "verdict_mistake": "Mistake.",
        "verdict_no_choice": "No difference.",
        "bots": "Bots",
        "level_random": "random",
        "level_heuristic": "rules of thumb",
        "level_search": "search",
        "level_custom": "custom",
        "review": "Review",
        "review_title": "Your costly decisions in this deal, on what you could see (click one to open the deal there)",
        "review_none": "No costly decision on what you could see: in every phase of the deal, each action you "
        "chose was as good as the best.",
        "review_face_up": "Cost only with all cards face up (on what you could see, as good as the best)",
        "review_dd": "lost with all cards face up: {n}",
        "review_mc": "lost on what you could see: {n}",
        "review_open": "Entry {i}: open the deal at this decision, with the analysis",
        "review_working": "Working out the review…",
        "review_dd_none": "with all cards face up: not valued (the solve would take too long)",
        "review_cancel": "Cancel",
        "review_unvalued": "Not valued: the review ran out of time before these",
        "review_back": "◀ Back",
        "review_forward": "Forward ▶",
        "review_close": "Close",
        "take_over": "Play here instead",
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
        "hand": "Ваши карты",
        "illegal": "Нельзя",
        "choose_card_seat": "Нажмите на карту, затем выберите игрока, которому она уйдёт",
        "passed": "пас",
        "bid_by": "ставка {bid}",
        "high_bid": "Высшая ставка",
        "sits_out": "пропускает",
        "declarer": "играющий",
        "dealer": "сдатчик",
        "hint": "Подсказка",
        "verdict_best": "Лучший ход.",
        "verdict_good": "Не хуже лучшего.",
        "verdict_inaccuracy": "Неточность.",
        "verdict_mistake": "Ошибка.",
        "verdict_no_choice": "Разницы нет.",
        "bots": "Боты",
        "level_random": "случайный",
        "level_heuristic": "простые приёмы",
        "level_search": "расчёт",
        "level_custom": "свой",
        "review": "Обзор ходов",
        "review_title": "Ваши ошибки в этой сдаче по тому, что вы видели (нажмите на пункт, чтобы открыть сдачу "
        "на этом ходе)",
        "review_none": "Ошибок нет: по тому, что вы видели, каждый ваш ход на всех этапах сдачи был не хуже лучшего.",
        "review_face_up": "Потеря только при открытых картах (по тому, что вы видели, не хуже лучшего)",
        "review_dd": "потеря при открытых картах: {n}",
        "review_mc": "потеря по тому, что вы видели: {n}",
        "review_open": "Пункт {i}: открыть сдачу на этом ходе, с анализом",
        "review_working": "Обзор ходов считается…",
        "review_dd_none": "при открытых картах: не оценено (решатель считал бы слишком долго)",
        "review_cancel": "Отменить",
        "review_unvalued": "Не оценены: время обзора кончилось раньше",
        "review_back": "◀ Назад",
        "review_forward": "Вперёд ▶",
        "review_close": "Закрыть",
        "take_over": "Играть здесь",
    },
}

#: Where a game's seed has its own word: ``{locale: {game: {key: text}}}``, filled by each game's words.
GAME_UI: dict[str, dict[str, dict[str, str]]] = {"ru": {}}


def ui_texts(locale: str | None, deck: tuple[Card, ...], game: str = "") -> dict[str, object]:
    """All fixed texts the front-end needs: labels, every card's spoken name, rank letters and names."""
    locale = resolve(locale)
    texts: dict[str, object] = {**UI[locale], **GAME_UI.get(locale, {}).get(game, {})}
    texts["card_names"] = {card.text: spoken_name(card, locale) for card in deck}
    texts["rank_names"] = {r.text: rank_plural(r, locale) for r in Rank}
    texts["rank_letters"] = dict(RANK_LETTERS[locale])
    return texts
