"""A position as a picture for slides: a static, self-contained HTML snapshot, every hand face up.

``to_html(source, step=None, locale=None)`` (None: ``cardwidgets.get_locale()``) returns one complete HTML document:
all hands face up, the cards on the table, the trick in play (or the one just
taken, with who collected it and why, citing the rule), the last action and its
note, and the result once the deal is over. It holds a single inline
``<style>`` and no script, link or URL, so it opens anywhere, offline, and pastes
into slide software that accepts HTML.

The board it draws is the one ``HandReplay`` shows (``board_html``), and
``board_text`` says the same in plain text. This is an instructor's view: it
shows every card, by design.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardwidgets.core.records import DealRecord, MatchRecord, state_game
from cardwidgets.core.state import GameState
from cardwidgets.i18n import ActionText, phase_name, resolve, shown
from cardwidgets.i18n.names import action_label
from cardwidgets.i18n.tools import TOOLS, tool_text
from cardwidgets.i18n.ui import ui_texts

if TYPE_CHECKING:
    from cardwidgets.widgets.replay import HandReplay

STATIC = Path(__file__).parent.parent / "static"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Turn direction per game: Nimby and Tumbochka clockwise, Nestors anticlockwise (as ``js/layout.js``).
CLOCKWISE = {"nimby": True, "tumbochka": True, "nestors": False}
#: Cards lying outside the hands, by ``state.view(None)`` key, with their label's text key.
TABLE_GROUPS = {
    "nimby": (("display", "display"),),
    "tumbochka": (("talon", "talon"), ("given", "given"), ("troyans", "troyans")),
    "nestors": (("row", "row"), ("table", "table"), ("pending", "pending"), ("extra", "extra")),
}


# ----- what a position shows, as plain data -------------------------------------------------------
@dataclass
class Seat:
    """One seat: its name, hand (face up), tricks taken and markers."""

    seat: int
    name: str
    position: str
    hand: list[str]
    trumps: list[str]
    tricks: int
    dealer: bool
    to_act: bool
    #: Cards held face down (a hand hidden from the seat the board is drawn for); 0 when face up.
    hidden: int = 0


@dataclass
class Board:
    """Everything a snapshot shows, in one locale (built by ``board_facts``)."""

    game: str
    phase: str
    to_act: int | None
    locale: str
    ui: dict[str, Any]
    seats: list[Seat]
    #: ``(caption, card)`` of the trick on the table, in playing order.
    trick: list[tuple[str, str]]
    trick_number: int
    #: Who took the trick shown and why (empty while it is being played).
    why: str
    groups: list[tuple[str, list[str]]]
    info: list[tuple[str, str]]
    last: str = ""
    note: str = ""
    heading: str = ""
    #: Legal actions offered as controls (``HandReplay`` only; a static snapshot has none).
    legal: list[str] = field(default_factory=list)


def board_facts(
    state: GameState,
    locale: str | None = None,
    *,
    last_seat: int | None = None,
    note: str = "",
    heading: str = "",
    interactive: bool = False,
    seat: int | None = None,
) -> Board:
    """What the board shows for ``state``: the hands, the table, the trick and its explanation.

    ``seat=None`` is the instructor's view, every hand face up; with a ``seat`` the board
    shows only what that seat may see (``state.view(seat)``: other hands face down, and
    controls only on its own turn). ``last_seat`` names who took the last action.
    """
    locale = resolve(locale)
    view = state.view(seat)
    ui = {**ui_texts(locale, state_game(state).deck, state.game_name), "from_table": tool_text("from_table", locale)}
    players = len(state.hands)
    seats = [
        Seat(
            seat=s,
            name=_seat_name(ui, s),
            position=seat_position(state.game_name, players, s),
            hand=list(hand or []),
            trumps=[c.text for c in state.hands[s] if state.is_trump(c)] if hand is not None else [],
            tricks=sum(1 for t in state.tricks if t.collector == s),
            dealer=s == state.dealer,
            to_act=s == state.to_act,
            hidden=len(state.hands[s]) if hand is None else 0,
        )
        for s, hand in enumerate(view["hands"])
    ]
    may_act = interactive and (seat is None or state.to_act == seat)
    trick, number, why = _trick_on_table(state, ui, locale)
    return Board(
        game=state.game_name,
        phase=state.phase,
        to_act=state.to_act,
        locale=locale,
        ui=ui,
        seats=seats,
        trick=trick,
        trick_number=number,
        why=why,
        groups=_table_groups(state.game_name, view, ui, locale),
        info=_info(state, view, ui, locale),
        last=_last_action(state, ui, locale, last_seat, seat),
        note=note,
        heading=heading,
        legal=state.legal_strings() if may_act else [],
    )


def seat_position(game: str, players: int, seat: int) -> str:
    """Where ``seat`` sits, seen from seat 0 at the bottom (the twin of ``seatPosition`` in ``js/layout.js``)."""
    if seat == 0:
        return "bottom"
    if players == 4 and seat == 2:
        return "top"
    first = seat == 1
    return "left" if first == CLOCKWISE[game] else "right"


def _seat_name(ui: dict[str, Any], seat: int | None) -> str:
    """``Seat 2`` / ``Игрок 2``; a card from the table (Nestors' row or table card) has no seat."""
    return str(ui["seat"]).format(n=seat) if seat is not None else str(ui["from_table"])


def _trick_on_table(state: GameState, ui: dict[str, Any], locale: str) -> tuple[list[tuple[str, str]], int, str]:
    """The trick being played, or else the one just taken with its explanation (NIM-5, TUM-5, NES-6)."""
    tricks = state.tricks
    if not tricks:
        return [], 0, ""
    number = len(tricks)
    trick = tricks[-1]
    if not trick.plays and number > 1:  # a new trick is about to start: show the one just taken
        number -= 1
        trick = tricks[number - 1]
    plays = [(_seat_name(ui, seat), card.text) for seat, card in trick.plays]
    why = ""
    if trick.collector is not None and trick.explanation is not None:
        why = tool_text("collected", locale, seat=_seat_name(ui, trick.collector), why=trick.explanation.text(locale))
    return plays, number, why


def _table_groups(game: str, view: dict[str, Any], ui: dict[str, Any], locale: str) -> list[tuple[str, list[str]]]:
    groups = []
    for key, label in TABLE_GROUPS[game]:
        cards = _card_texts(view.get(key))
        if cards:
            groups.append((TOOLS[locale].get(label) or str(ui[label]), cards))
    return groups


def _card_texts(value: Any) -> list[str]:
    """Card strings in a view value: a card, a list (of lists), or troyans ``{"cards": […]}``."""
    if isinstance(value, str):
        return [value] if value != "?" else []
    if isinstance(value, dict):
        return _card_texts(value.get("cards"))
    if isinstance(value, list):
        return [card for item in value for card in _card_texts(item)]
    return []


def _info(state: GameState, view: dict[str, Any], ui: dict[str, Any], locale: str) -> list[tuple[str, str]]:
    """Label/value rows: phase, trump, contract, whose turn, and the result once the deal is done."""
    rows = [(tool_text("phase", locale), phase_name(state.phase)[locale])]
    trump = view["trump"]
    trump_text = (SUIT_SYMBOLS.get(trump) or ui["rank_names"].get(trump)) if trump else ui["no_trump"]
    rows.append((str(ui["trump"]), str(trump_text)))
    contract = view["contract"]
    if contract:
        who = _seat_name(ui, contract["seat"])
        rows.append((str(ui["contract"]), f"{contract['bid']} ({who})" if "bid" in contract else who))
    if state.to_act is not None:
        rows.append((tool_text("to_act", locale), _seat_name(ui, state.to_act)))
    if state.is_done:
        explain = getattr(state, "score_explanation", None)
        reason = explain() if explain is not None else None
        rows.append((tool_text("result", locale), reason.text(locale) if reason else str(view["score"])))
    return rows


def _last_action(
    state: GameState, ui: dict[str, Any], locale: str, seat: int | None, viewer: int | None = None
) -> str:
    """The action that led to this position (as ``viewer`` may know it), with the seat that took it."""
    if not state.history:
        return tool_text("no_action", locale)
    action = shown(ActionText(state.public_history(viewer)[-1], state.game_name), locale)
    return tool_text("last_action", locale, action=f"{_seat_name(ui, seat)}: {action}" if seat is not None else action)


# ----- HTML ------------------------------------------------------------------------------------------
def card_html(card: str, ui: dict[str, Any], *, classes: str = "", action: str = "", seat: int | None = None) -> str:
    """One face-up card, marked up like ``cardFace`` in ``js/cards.js`` (``data-card``, ``aria-label``)."""
    rank, suit = card[:-1], card[-1]
    rank = ui.get("rank_letters", {}).get(rank, rank)  # В, Д, К, Т in Russian
    name = ui["card_names"].get(card, card)
    attrs = f' data-card="{_e(card)}" aria-label="{_e(name)}"'
    if seat is not None:
        attrs += f' data-seat="{seat}"'
    tag = "span"
    if action:
        tag, attrs = "button", attrs + f' type="button" data-action="{_e(action)}"'
    inner = f'<span class="cw-rank">{_e(rank)}</span><span class="cw-suit">{SUIT_SYMBOLS.get(suit, suit)}</span>'
    return f'<{tag} class="cw-card cw-suit-{_e(suit)}{" " + classes if classes else ""}"{attrs}>{inner}</{tag}>'


def board_html(board: Board) -> str:
    """The board as an HTML fragment (root ``div.cw-board``); all text escaped."""
    ui = board.ui
    legal = set(board.legal)
    seats = "".join(_seat_html(seat, ui, legal) for seat in board.seats)
    plays = "".join(
        f'<figure class="cw-play">{card_html(card, ui)}<figcaption>{_e(who)}</figcaption></figure>'
        for who, card in board.trick
    )
    trick_label = tool_text("trick_n", board.locale, n=board.trick_number)
    center = f'<div class="cw-trick" aria-label="{_e(trick_label)}">{plays}</div>'
    center += f'<div class="cw-why">{_e(board.why)}</div>'
    center += _groups_html(board.groups, ui, legal)
    buttons = "".join(
        f'<button type="button" class="cw-action" data-action="{_e(a)}">{_e(label)}</button>'
        for a in board.legal
        if not _is_card_action(a)
        for label in [action_label(a, board.locale, board.game)]
    )
    info = "".join(f'<div class="cw-row"><span class="cw-label">{_e(k)}:</span> {_e(v)}</div>' for k, v in board.info)
    note = f'<div class="cw-note" role="note">{_e(board.note)}</div>' if board.note else ""
    heading = f'<div class="cw-heading">{_e(board.heading)}</div>' if board.heading else ""
    return (
        f'<div class="cw-board" data-game="{board.game}" data-phase="{_e(board.phase)}" '
        f'data-to-act="{"" if board.to_act is None else board.to_act}">'
        f'{heading}<div class="cw-grid">{seats}<div class="cw-center">{center}</div></div>'
        f'<div class="cw-actions">{buttons}</div>'
        f'<aside class="cw-info"><div class="cw-last">{_e(board.last)}</div>{note}{info}</aside></div>'
    )


def _seat_html(seat: Seat, ui: dict[str, Any], legal: set[str]) -> str:
    cards = "".join(
        card_html(card, ui, classes=_hand_classes(card, seat, legal), action=_action(card, legal, "play"))
        for card in seat.hand
    )
    cards += '<span class="cw-back" aria-hidden="true"></span>' * seat.hidden
    marks = (" cw-to-act" if seat.to_act else "") + (" cw-dealer-seat" if seat.dealer else "")
    dealer = f' <span class="cw-dealer" aria-label="{_e(ui["dealer"])}">◆</span>' if seat.dealer else ""
    return (
        f'<section class="cw-seat cw-pos-{seat.position}{marks}" data-seat="{seat.seat}" aria-label="{_e(seat.name)}">'
        f'<div class="cw-seat-name">{_e(seat.name)}{dealer}</div>'
        f'<div class="cw-taken">{_e(ui["tricks"])}: {seat.tricks}</div>'
        f'<div class="cw-open-hand">{cards}</div></section>'
    )


def _groups_html(groups: list[tuple[str, list[str]]], ui: dict[str, Any], legal: set[str]) -> str:
    parts = []
    for label, cards in groups:
        faces = "".join(
            card_html(
                card,
                ui,
                classes="cw-legal" if _action(card, legal, "leave") else "",
                action=_action(card, legal, "leave"),
            )
            for card in cards
        )
        parts.append(f'<div class="cw-group"><div class="cw-group-name">{_e(label)}</div>{faces}</div>')
    return f'<div class="cw-table-cards">{"".join(parts)}</div>'


def _hand_classes(card: str, seat: Seat, legal: set[str]) -> str:
    classes = ["cw-trump-card"] if card in seat.trumps else []
    if _action(card, legal, "play"):
        classes.append("cw-legal")
    return " ".join(classes)


def _action(card: str, legal: set[str], verb: str) -> str:
    """``play 10S`` / ``leave 10S`` if that is a legal action now, else empty."""
    action = f"{verb} {card}"
    return action if action in legal else ""


def _is_card_action(action: str) -> bool:
    """A plain ``play CARD`` or ``leave CARD``: offered by clicking the card itself."""
    words = action.split()
    return len(words) == 2 and words[0] in ("play", "leave")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


# ----- plain text ------------------------------------------------------------------------------------------
def _card_text(card: str, ui: dict[str, Any]) -> str:
    """A card in plain text: canonical ``AS`` in English (as before), «Т♠» in Russian."""
    letters = ui.get("rank_letters") or {}
    if not letters:
        return card
    rank, suit = card[:-1], card[-1]
    return letters.get(rank, rank) + SUIT_SYMBOLS.get(suit, suit)



def board_text(board: Board) -> str:
    """The board as plain text, line by line (deterministic: for notebooks and tests)."""
    lines = [board.heading] if board.heading else []
    lines.append(" · ".join(f"{k}: {v}" for k, v in board.info))
    for seat in board.seats:
        marks = (" ◆" if seat.dealer else "") + (" ←" if seat.to_act else "")
        hand = " ".join(_card_text(card, board.ui) for card in seat.hand) or ("▮" * seat.hidden) or "—"
        lines.append(f"{seat.name}{marks} [{board.ui['tricks']}: {seat.tricks}]: {hand}")
    if board.trick:
        plays = ", ".join(f"{who} {_card_text(card, board.ui)}" for who, card in board.trick)
        lines.append(f"{tool_text('trick_n', board.locale, n=board.trick_number)}: {plays}")
    if board.why:
        lines.append(board.why)
    lines.extend(f"{label}: {' '.join(_card_text(card, board.ui) for card in cards)}" for label, cards in board.groups)
    lines.append(board.last)
    if board.note:
        lines.append(f"{tool_text('note', board.locale)}: {board.note}")
    return "\n".join(lines)


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
    from cardwidgets.widgets.replay import HandReplay, RecordLine  # replay.py draws with this module

    locale = resolve(locale)
    if isinstance(source, HandReplay):
        board = source.board()
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
    from cardwidgets.widgets.replay import HandReplay, RecordLine  # replay.py draws with this module

    locale = resolve(locale)
    line = source._line if isinstance(source, HandReplay) else RecordLine(source, deal=deal)
    chosen = list(range(line.steps + 1)) if steps is None else list(steps)
    for step in chosen:
        line.check_step(step, locale)
    boards = [line.board(step, locale, seat=seat) for step in chosen]
    heading = title or tool_text(f"game_{line.record.game.name}", locale)
    slides = "\n".join(
        f'<section class="cw-slide" id="slide-{n}" data-step="{step}" aria-label="{_e(board.heading)}">'
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
        f"<title>{_e(title)}</title>\n<style>\n{style}\n</style>\n</head>\n{body}\n</html>\n"
    )
