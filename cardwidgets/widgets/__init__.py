"""Notebook widgets: the card ``Table``, the ``TrickExplorer``, the instructor's ``HandReplay`` and ``to_html``."""

from __future__ import annotations

from cardwidgets.widgets.explorer import TrickExplorer
from cardwidgets.widgets.export import to_html
from cardwidgets.widgets.replay import HandReplay
from cardwidgets.widgets.table import Table

__all__ = ["HandReplay", "Table", "TrickExplorer", "to_html"]
