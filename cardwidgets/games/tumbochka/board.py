"""Tumbochka's board extras (widgets layer): the talon shown (TUM-4), the troyans shown (TUM-5), its match's words.

Beside a seat, the card it was given (TUM-4); in the panel, a line per trilyazh (T-4).

Its match's words (TUM-8): beside each score, how often that seat was knocked off the tumbochka, his
golden bagel (T-9) and who sits on it; beside the seat on the board, that he sits on it.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.cards import parse_card
from cardwidgets.i18n.names import card_text
from cardwidgets.widgets.board import fill, seat_name, suit_symbol

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


def _tumbochka(summary: dict[str, Any]) -> dict[str, Any]:
    """The ``tumbochka`` part of the match summary (``Tumbochka.match_summary_extra``)."""
    return summary.get("tumbochka") or {}


def _sitting(part: dict[str, Any], seat: int, ui: dict[str, Any]) -> list[str]:
    """TUM-8: "on the tumbochka" for the seat sitting on it, else nothing."""
    return [fill(ui, "on_tumbochka")] if part.get("sitting") == seat else []


def side_notes(summary: dict[str, Any], ui: dict[str, Any]) -> list[list[str]]:
    """TUM-8 beside each side's score (a side is a seat): times knocked off, the golden bagel (T-9), sitting."""
    part = _tumbochka(summary)
    bagels = part.get("bagels") or []
    notes = []
    for side, removals in enumerate(part.get("removals") or []):
        here = [fill(ui, "removals", n=removals)] if removals else []
        if side < len(bagels) and bagels[side]:
            here.append(fill(ui, "bagel"))
        notes.append(here + _sitting(part, side, ui))
    return notes


def seat_notes(summary: dict[str, Any], ui: dict[str, Any]) -> list[list[str]]:
    """TUM-8 beside each seat on the board: the one sitting on the tumbochka."""
    part = _tumbochka(summary)
    return [_sitting(part, seat, ui) for seat in range(len(part.get("removals") or []))]


def seat_badges(view: dict[str, Any], seat: int, ui: dict[str, Any], viewer: int | None, locale: str) -> list[str]:
    """TUM-4: the card given to this seat from the talon ("?" when the viewer may not see it)."""
    given = view.get("given") or []
    if seat >= len(given) or not given[seat]:
        return []
    card = "?" if given[seat] == "?" else card_text(parse_card(given[seat]), locale)
    return [fill(ui, "given", card=card)]


def facts(view: dict[str, Any], ui: dict[str, Any], viewer: int | None) -> list[dict[str, str]]:
    """T-4: a line per trilyazh announced, its seat, its suit and whether it is open, made or broken."""
    return [
        {
            "key": "trilyazh",
            "label": "",
            "text": fill(
                ui,
                "trilyazh",
                seat=seat_name(ui, item["seat"], viewer),
                suit=suit_symbol(item["suit"]),
                status=fill(ui, f"trilyazh_{item['status']}"),
            ),
        }
        for item in view.get("trilyazhes") or []
    ]
