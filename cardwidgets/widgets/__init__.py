"""Notebook widgets: the card ``Table``, ``TrickExplorer``, the instructor's ``HandReplay``; HTML snapshots, decks."""

from __future__ import annotations

from cardwidgets.widgets.explorer import TrickExplorer
from cardwidgets.widgets.export import to_html, to_slides
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.table import Table

__all__ = ["HandReplay", "Table", "TrickExplorer", "to_html", "to_slides"]
