"""Notebook widgets: the card ``Table``, ``TrickExplorer``, ``Drill``, the instructor's ``HandReplay``, ``to_html``."""

from __future__ import annotations

from cardwidgets.widgets.drill import Drill
from cardwidgets.widgets.explorer import TrickExplorer
from cardwidgets.widgets.export import to_html
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.table import Table

__all__ = ["Drill", "HandReplay", "Table", "TrickExplorer", "to_html"]
