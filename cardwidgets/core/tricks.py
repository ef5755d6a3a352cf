"""A trick as the replay summary reports it (``docs/records.md``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.cards import Card
from cardwidgets.core.explain import Explanation

#: Why a trick was collected: the explanation, or a function that makes it when first read.
Why = Explanation | Callable[[], Explanation] | None


@dataclass(slots=True, eq=False)
class Trick:
    """Cards played to one trick and who collected it, with the reason why."""

    #: ``(seat, card)`` in playing order; ``seat`` is None for a card from the table.
    plays: list[tuple[int | None, Card]] = field(default_factory=list)
    collector: int | None = None
    #: The card left on the table after this trick, in a game that leaves one; None elsewhere.
    left: Card | None = None
    #: Why the collector took it; an engine may give a function, so that random playouts
    #: do not build sentences nobody reads. Read it as ``explanation``.
    why: Why = None

    @property
    def explanation(self) -> Explanation | None:
        """Why the collector took it (rule id + parameters), made on first read."""
        why = self.why
        if why is None or isinstance(why, Explanation):
            return why
        made = self.why = why()
        return made

    @explanation.setter
    def explanation(self, value: Why) -> None:
        self.why = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.plays, self.collector, self.left, self.explanation) == (
            other.plays,
            other.collector,
            other.left,
            other.explanation,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it was

    def copy(self) -> Trick:
        """A copy whose play list can change independently."""
        return Trick(list(self.plays), self.collector, self.left, self.why)

    def seated_plays(self) -> list[tuple[int, Card]]:
        """``plays``, each seat an ``int``: for a game whose every card comes from a hand (a table card raises)."""
        seated: list[tuple[int, Card]] = []
        for seat, card in self.plays:
            if seat is None:
                raise RuntimeError(f"{card.text} came from the table, not from a hand")
            seated.append((seat, card))
        return seated

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
        explanation = self.explanation
        if locale is not None and explanation is not None:
            data["why"] = explanation.to_json(locale)
        return data
