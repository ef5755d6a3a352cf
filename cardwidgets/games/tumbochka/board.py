"""Tumbochka's board extras (widgets layer): the talon while it lies shown (TUM-4) and the troyans shown (TUM-5)."""

from __future__ import annotations

from typing import Any

from cardwidgets.widgets.board import fill, seat_name

#: (view key, ui label key), in drawing order: the talon once shown (TUM-4), until the first trick is taken.
TABLE_GROUPS = (("talon", "talon"),)


def shown(key: str, view: dict[str, Any]) -> bool:
    """TUM-4 / T-2: the shown talon stays on view for a seat until the first trick is taken."""
    if key != "talon" or view.get("phase") == "talon":
        return True
    taken = any(trick.get("collector") is not None for trick in view.get("tricks") or [])
    return view.get("phase") == "play" and not taken


def more_groups(view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
    """A group per troyan shown (TUM-5), labelled with its seat."""
    return [
        {
            "key": "troyan",
            "label": fill(ui, "troyan", seat=seat_name(ui, troyan["seat"], viewer)),
            "cards": list(troyan["cards"]),
        }
        for troyan in view.get("troyans") or []
    ]
