"""A match: a series of deals with running scores, dealer rotation and an end.

The game's ``Game`` class supplies the rules (``end_deal``, ``next_dealer``,
``check_start``); ``Match`` keeps the bookkeeping the same for all games::

    match = Match(name, seed=1)          # name: a registered game's name
    while not match.is_over:
        state = match.new_deal()
        ...  # apply actions until state.is_done
        match.end_deal()
"""

from __future__ import annotations

import random
from typing import Any

from cardwidgets.core.errors import RecordError
from cardwidgets.core.game import Deal, Game, MatchPosition
from cardwidgets.core.registry import get_game
from cardwidgets.core.state import GameState


class Match:
    """Running scores over deals until a side wins (or ``max_deals`` runs out)."""

    def __init__(
        self,
        game: str | type[Game],
        rules: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        start: dict[str, Any] | None = None,
        dealer: int | None = None,
        draw: bool = False,
    ) -> None:
        self.game: type[Game] = get_game(game) if isinstance(game, str) else game
        self.rules = self.game.make_rules(rules)
        self.rng = random.Random(seed)
        #: Game-specific match position (``scores`` and whatever else the game keeps between deals).
        self.position: MatchPosition = self.game.check_start(dict(start or {}), self.rules)
        #: The start position in record form (``docs/records.md``).
        self.start = self.position.to_json()
        #: The first-dealer ritual's details when ``draw=True`` (the game's ``draw_ritual``).
        self.ritual: dict[str, Any] | None = None
        if draw:
            self.ritual = self.game.draw_ritual(self.rng)
            dealer = self.ritual["dealer"]
        if dealer is None:
            dealer = self.rng.randrange(self.game.num_players)
        self.dealer: int = dealer
        self.deals: list[GameState] = []
        #: What each finished deal added to the scores, in order.
        self.deal_scores: list[list[int]] = []
        self.winner: int | None = None
        self.is_over = False

    @property
    def scores(self) -> list[int]:
        """Running match scores, one per partnership (or per player)."""
        return self.position.scores

    @property
    def current(self) -> GameState | None:
        """The deal in progress, if any."""
        return self.deals[-1] if len(self.deals) > len(self.deal_scores) else None

    def new_deal(self, deal: Deal | None = None, dealer: int | None = None) -> GameState:
        """Start the next deal (shuffled from the match's seed unless ``deal`` is given)."""
        if self.is_over:
            raise RecordError("record.match_over")
        if self.current is not None:
            raise RecordError("record.deal_not_finished")
        if dealer is not None:
            self.dealer = dealer
        state = self.game.new_state(deal or self.game.random_deal(self.rng), self.dealer, self.rules, self)
        self.deals.append(state)
        return state

    def end_deal(self) -> None:
        """Score the finished current deal, check the end, and pass the deal on."""
        state = self.current
        if state is None or not state.is_done:
            raise RecordError("record.nothing_to_score")
        before = list(self.scores)
        self.game.end_deal(self, state)
        self.deal_scores.append([after - b for after, b in zip(self.scores, before, strict=True)])
        self.dealer = self.game.next_dealer(self, state)
        max_deals = self.rules.get("max_deals")
        if self.winner is not None or (max_deals is not None and len(self.deals) >= max_deals):
            self.is_over = True

    def summary_extra(self) -> dict[str, Any]:
        """Game-specific parts of the match summary (``Game.match_summary_extra``)."""
        return self.game.match_summary_extra(self)
