"""Explanations as data: a rule id, a message key and parameters.

An ``Explanation`` is cheap to build and turned into words only when asked:
``Explanation("<rule id>", "<game>.must_follow", {...}).text("ru")``. The message
catalogues live in ``cardwidgets.i18n``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cardwidgets.i18n import render


@dataclass(frozen=True)
class Explanation:
    """Why something happened (or may not): rule id + message key + parameters."""

    rule: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, locale: str | None = None) -> str:
        """The sentence in ``locale`` (``en`` or ``ru``; default: ``cardwidgets.get_locale()``)."""
        return render(self.key, self.params, locale)

    def to_json(self, locale: str | None = None) -> dict[str, Any]:
        """JSON-ready form; with ``locale`` the rendered text is included."""
        data: dict[str, Any] = {"rule": self.rule, "key": self.key, "params": jsonable(self.params)}
        if locale is not None:
            data["text"] = self.text(locale)
        return data


def jsonable(value: Any) -> Any:
    """Turn cards, suits, ranks and containers of them into JSON values."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [jsonable(v) for v in items]
    if isinstance(value, Enum):
        return str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
