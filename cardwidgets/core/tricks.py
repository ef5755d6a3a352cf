"""A trick as the replay summary reports it (``docs/records.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardwidgets.cards import Card
from cardwidgets.core.explain import Explanation


@dataclass(slots=True)
class Trick:
    """Cards played to one trick and who collected it, with the reason why."""

    #: ``(seat, card)`` in playing order; ``seat`` is None for a card from the table.
    plays: list[tuple[int | None, Card]] = field(default_factory=list)
    collector: int | None = None
    #: Nestors: the table card left after this trick (NES-7); None elsewhere.
    left: Card | None = None
    #: Why the collector took it (rule id + parameters).
    explanation: Explanation | None = None

    def copy(self) -> Trick:
        """A copy whose play list can change independently."""
        return Trick(list(self.plays), self.collector, self.left, self.explanation)

    def cards(self) -> list[Card]:
        """The cards in the trick, in playing order."""
        return [card for _, card in self.plays]

    def to_json(self, locale: str | None = None) -> dict[str, Any]:
        """The summary form; with ``locale`` also the explanation."""
        data: dict[str, Any] = {
            "plays": [[seat, card.text] for seat, card in self.plays],
            "collector": self.collector,
            "left": self.left.text if self.left else None,
        }
        if locale is not None and self.explanation is not None:
            data["why"] = self.explanation.to_json(locale)
        return data
