"""Nestors' board extras (widgets layer): the cards it lays on the table outside the hands, each seat's place A/B/C."""

from __future__ import annotations

from typing import Any

from cardwidgets.widgets.board import fill

#: (view key, ui label key), in drawing order; ``None`` in a group is a card lying face down.
TABLE_GROUPS = (
    ("row", "row"),  # the row of four, the first face down (NES-3)
    ("table", "table_card"),  # the table card (NES-7)
    ("pending", "pending"),  # the four cards the collector chooses from
    ("extra", "extra"),  # the 3 cards each seat gets once trump is named (NES-5); all-cards view only
)


def seat_badges(view: dict[str, Any], seat: int, ui: dict[str, Any], viewer: int | None, locale: str) -> list[str]:
    """NES-6: the seat's place A, B or C in the trick of three (the view's ``order``)."""
    order = view.get("order") or []
    if seat not in order:
        return []
    return [fill(ui, "position", pos=str(ui.get("positions") or "ABC")[order.index(seat)])]
