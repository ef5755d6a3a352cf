"""Static HTML for slides and class sites: ``to_html`` (one position) and ``to_slides`` (a deck).

Both draw the board of ``export.board_html`` — the same data ``HandReplay`` sends its front-end
(``export.board_json``), drawn in the same elements —
into a complete document with one inline style and no link or URL, so it opens
anywhere, offline. ``to_html`` has no script; ``to_slides`` has one small inline
script for the arrow keys.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from cardwidgets.core.records import DealRecord, MatchRecord
from cardwidgets.core.state import GameState
from cardwidgets.i18n import resolve
from cardwidgets.i18n.tools import tool_text
from cardwidgets.widgets.export import STATIC, board_facts, board_html
from cardwidgets.widgets.replay import HandReplay, RecordLine


# ----- the document ---------------------------------------------------------------------------------------
def to_html(
    source: GameState | HandReplay | DealRecord | MatchRecord | dict[str, Any] | str | Path,
    step: int | None = None,
    locale: str | None = None,
    *,
    deal: int = 0,
    title: str | None = None,
) -> str:
    """A self-contained HTML document showing a position, every hand face up.

    ``source``: a game state, a ``HandReplay`` (its current position and note),
    or a record (path, dict, ``DealRecord``/``MatchRecord``) with ``step`` = the
    number of actions to replay (None: all) and ``deal`` = which deal of a match.
    """
    locale = resolve(locale)
    if isinstance(source, HandReplay):
        board = source.board_facts()
    elif isinstance(source, GameState):
        board = board_facts(source, locale)
    else:
        line = RecordLine(source, deal=deal)
        board = line.board(line.steps if step is None else step, locale)
    heading = title or board.heading or tool_text(f"game_{board.game}", board.locale)
    return _document(heading, board.locale, f'<body class="cw-snapshot">\n{board_html(board)}\n</body>')


def to_slides(
    source: HandReplay | DealRecord | MatchRecord | dict[str, Any] | str | Path,
    steps: list[int] | None = None,
    locale: str | None = None,
    *,
    deal: int = 0,
    seat: int | None = None,
    title: str | None = None,
) -> str:
    """One self-contained HTML deck: a ``<section class="cw-slide">`` per step, arrow keys to move.

    ``steps``: the positions to show (number of actions applied; None: every step of the
    line); ``seat``: draw each slide from that seat's view (other hands face down). The deck
    has one inline style and one inline script (the arrow keys) and no link or URL: it opens
    offline and pastes into a class site. Without the script every slide simply shows in turn.
    """
    locale = resolve(locale)
    line = source._line if isinstance(source, HandReplay) else RecordLine(source, deal=deal)
    chosen = list(range(line.steps + 1)) if steps is None else list(steps)
    for step in chosen:
        line.check_step(step, locale)
    boards = [line.board(step, locale, seat=seat) for step in chosen]
    heading = title or tool_text(f"game_{line.record.game.name}", locale)
    slides = "\n".join(
        f'<section class="cw-slide" id="slide-{n}" data-step="{step}" aria-label="{html.escape(board.heading)}">'
        f"{board_html(board)}</section>"
        for n, (step, board) in enumerate(zip(chosen, boards, strict=True), start=1)
    )
    body = f'<body class="cw-snapshot cw-deck">\n{slides}\n<script>{_DECK_SCRIPT}</script>\n</body>'
    return _document(heading, locale, body)


#: The deck's only script: show one slide at a time; ← → (and PageUp/PageDown, Home/End, space) move.
_DECK_SCRIPT = """
(function () {
  var slides = Array.prototype.slice.call(document.querySelectorAll("section.cw-slide"));
  var index = 0;
  function show(n) {
    index = Math.max(0, Math.min(slides.length - 1, n));
    slides.forEach(function (slide, k) { slide.hidden = k !== index; });
  }
  var moves = { ArrowRight: 1, PageDown: 1, " ": 1, ArrowLeft: -1, PageUp: -1 };
  document.addEventListener("keydown", function (event) {
    if (event.key in moves) { show(index + moves[event.key]); event.preventDefault(); }
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(slides.length - 1);
  });
  show(0);
})();
"""


def _document(title: str, locale: str, body: str) -> str:
    """A complete HTML document with the replay's style inline."""
    style = (STATIC / "replay.css").read_text(encoding="utf-8")
    return (
        f'<!DOCTYPE html>\n<html lang="{locale}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{style}\n</style>\n</head>\n{body}\n</html>\n"
    )
