"""Notebook widgets: the card ``Table``."""

from __future__ import annotations

from cardwidgets.widgets.table import Table

__all__ = ["Table"]
