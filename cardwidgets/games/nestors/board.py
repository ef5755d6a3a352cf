"""Nestors' board extras (widgets layer): the cards it lays on the table outside the hands."""

from __future__ import annotations

#: (view key, ui label key), in drawing order; ``None`` in a group is a card lying face down.
TABLE_GROUPS = (
    ("row", "row"),  # the row of four, the first face down (NES-3)
    ("table", "table_card"),  # the table card (NES-7)
    ("pending", "pending"),  # the four cards the collector chooses from
    ("extra", "extra"),  # the 3 cards each seat gets once trump is named (NES-5); all-cards view only
)
