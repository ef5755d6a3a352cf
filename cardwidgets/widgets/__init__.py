"""Notebook widgets: ``Table``, ``TrickExplorer``, ``Drill``, the instructor's ``HandReplay``; HTML snapshots, decks."""

from __future__ import annotations

from cardwidgets.widgets.classroom import Classroom
from cardwidgets.widgets.drill import Drill
from cardwidgets.widgets.explorer import TrickExplorer
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.shared_table import SharedTable  # registers itself: Table(game, room=…, seat=…)
from cardwidgets.widgets.snapshot import to_html, to_slides
from cardwidgets.widgets.table import Table

__all__ = ["Classroom", "Drill", "HandReplay", "SharedTable", "Table", "TrickExplorer", "to_html", "to_slides"]
