"""Notebook widgets: ``Table``, ``Drill``, ``HandReplay``, HTML snapshots (a game's own widgets live in its package)."""

from __future__ import annotations

from cardwidgets.widgets.classroom import Classroom
from cardwidgets.widgets.drill import Drill
from cardwidgets.widgets.puzzle import Puzzle
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.shared_table import SharedTable  # registers itself: Table(game, room=…, seat=…)
from cardwidgets.widgets.snapshot import to_html, to_slides
from cardwidgets.widgets.table import Table

__all__ = ["Classroom", "Drill", "HandReplay", "Puzzle", "SharedTable", "Table", "to_html", "to_slides"]
