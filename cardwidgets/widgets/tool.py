"""What the teaching tools' widgets share beyond ``CardWidget``: re-render when the locale changes.

A subclass supplies ``_apply_message(content)`` (see ``CardWidget``) and ``_sync()``
(push its state to the front-end); a refused message sets ``error`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import traitlets

from cardwidgets.widgets.base import CardWidget


class ToolWidget(CardWidget):
    """Base class of ``TrickExplorer`` and ``HandReplay``."""

    def __init__(self, **kwargs: Any) -> None:
        self._ready = False
        super().__init__(**kwargs)

    def _ready_to_sync(self) -> None:
        """Call once the subclass has its state: from now on a locale change re-renders."""
        self._ready = True
        self._sync()

    def _sync(self) -> None:
        raise NotImplementedError

    @traitlets.observe("locale")
    def _locale_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:
            self._sync()
