"""A deterministic ``text/plain`` for widgets, so stored notebook outputs do not change from run to run.

A widget's rich output carries a fresh model id every run; nbval ignores that
part and compares ``text/plain``. ``TextRepr`` makes that ``text/plain`` the
widget's own ``text()`` (a description of what it shows, no ids).
"""

from __future__ import annotations

from typing import Any


class TextRepr:
    """Mixin for an ``anywidget.AnyWidget`` subclass: ``text/plain`` is ``self.text()``."""

    def text(self) -> str:
        """What the widget shows, as plain text."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]  # a mixin: the widget after it has it
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = self.text()
        return bundle
