"""Analysis results as a reader reads them: actions in words, verdicts as words, figures with their unit.

``double_dummy`` returns ``{"play AC": 3, …}`` and ``post_mortem`` rows hold action strings,
verdict codes and raw figures: data for programs. These functions print them for a person,
in the locale asked (or the current one), with the words every tool uses — the action labels
(``action_label``), the verdict words and the Review's "lost …" phrases of the table (``UI``) —
and every figure with its unit, rounded once to one decimal as the judge's sentences are::

    for line in value_lines(double_dummy(state), game):
        print(line)                # Play A♣: 3 points   /  Сыграть Т♣: 3 очка (or the game's own noun)
    print(row_line(row, game))
    # Action 12: Play 6♥ · As good as the best · lost on what you could see: 0.2 ± 0.1 points · lost with all …
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardwidgets.i18n import render
from cardwidgets.i18n.locale import resolve
from cardwidgets.i18n.names import action_label, action_phrase, number_text, points_text
from cardwidgets.i18n.ui import UI

__all__ = ["row_line", "value_lines", "verdict_word"]

#: Between the parts of a row, as the table's Review separates its figures.
SEPARATOR = " · "
#: A decision the review had no time for (the words ``post_mortem`` uses).
UNVALUED = "analysis.pm_unfinished"


def value_lines(values: Mapping[str, float], game: str, locale: str | None = None) -> list[str]:
    """One line per action of a face-up analysis: "Play A♣: 3 points" / «Сыграть Т♣: 3 балла»."""
    locale = resolve(locale)
    return [f"{action_label(action, locale, game)}: {points_text(value, locale, game)}" for action, value in values.items()]


def verdict_word(verdict: str, locale: str | None = None) -> str:
    """The judge's verdict as the table names it, without the closing full stop: "As good as the best"."""
    return UI[resolve(locale)][f"verdict_{verdict}"].rstrip(".")


def row_line(row: Mapping[str, Any], game: str, locale: str | None = None) -> str:
    """A ``post_mortem`` row in words: its number, action, verdict, and both losses with their unit.

    "Action 12: Play 6♥ · As good as the best · lost on what you could see: 0.2 ± 0.1 points · lost with all
    cards face up: 0 points". A decision outside the play has no face-up part; one left unvalued says so (the
    Review's words).
    """
    locale = resolve(locale)
    words = UI[locale]
    action = action_label(row["action"], locale, game)
    if row.get("verdict") is None:
        return render(UNVALUED, {"number": row["number"], "action": action_phrase(row["action"], locale, game)}, locale)
    seen = f"{number_text(row['mc_cost'], locale, decimals=1)} ± {points_text(row['mc_error'], locale, game, decimals=1)}"
    if row.get("dd_cost") is None:
        face_up = words["review_dd_none"]
    else:
        face_up = words["review_dd"].format(n=points_text(row["dd_cost"], locale, game))
    parts = [action, verdict_word(row["verdict"], locale), words["review_mc"].format(n=seen)]
    if row.get("in_play", True):  # a bid, a card passed, the talon: no face-up value (the solver analyses the play only)
        parts.append(face_up)
    return render("analysis.pm_row", {"number": row["number"], "text": SEPARATOR.join(parts)}, locale)
