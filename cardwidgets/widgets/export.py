"""A position as data and as HTML: the board that ``HandReplay``, ``to_html`` and ``to_slides`` draw.

``board_facts(state, locale, seat=None)`` says what the board shows: every hand face
up (the instructor's view), or with a ``seat`` only what that seat may see; the cards
on the table, the trick in play (or the one just taken, with who collected it and
why, citing the rule), the last action and its note, and the result once the deal
is over. ``board_json`` gives it to ``HandReplay``'s front-end (drawn by ``js/board.js``,
the card table's drawing), ``board_html`` draws it as an escaped HTML fragment for the
static snapshots (no script) and ``board_text`` as plain text; ``widgets/snapshot.py``
wraps it into whole documents.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwidgets.cards import parse_card
from cardwidgets.core.records import state_game
from cardwidgets.core.registry import spec_of
from cardwidgets.core.state import GameState
from cardwidgets.i18n import ActionText, phase_name, resolve, shown
from cardwidgets.i18n.names import action_done, action_label, card_text
from cardwidgets.i18n.tools import tool_text
from cardwidgets.i18n.ui import ui_texts
from cardwidgets.widgets.board import board_model, suit_symbol, trump_text

STATIC = Path(__file__).parent.parent / "static"


# ----- what a position shows, as plain data -------------------------------------------------------
@dataclass
class Board:
    """Everything a snapshot shows, in one locale (built by ``board_facts``)."""

    game: str
    phase: str
    to_act: int | None
    locale: str
    ui: dict[str, Any]
    #: The board model's seats (``board.board_model``: name, position, badges, taken, dealer, to_act,
    #: hand — ``None`` when held face down —, count, count_text), each with its ``trumps`` face up.
    seats: list[dict[str, Any]]
    #: ``(caption, card)`` of the trick on the table, in playing order.
    trick: list[tuple[str, str]]
    #: Who played each card of ``trick`` (``None``: a card from the table).
    trick_seats: list[int | None]
    trick_number: int
    #: Who took the trick shown and why (empty while it is being played).
    why: str
    #: The cards on the table outside the hands (``board.table_groups``): ``{"key", "label", "cards"}``.
    groups: list[dict[str, Any]]
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
    # seats by number; at the bottom seat 0, or the seat whose view this is ("what would you play here?")
    model = board_model(state.game_name, view, None, ui, bottom=seat or 0, locale=locale)
    seats = [
        {**entry, "trumps": [c.text for c in state.hands[entry["seat"]] if state.is_trump(c)] if entry["hand"] else []}
        for entry in model["seats"]
    ]
    may_act = interactive and (seat is None or state.to_act == seat)
    trick, seats_in_trick, number, why = _trick_on_table(state, ui, locale)
    return Board(
        game=state.game_name,
        phase=state.phase,
        to_act=state.to_act,
        locale=locale,
        ui=ui,
        seats=seats,
        trick=trick,
        trick_seats=seats_in_trick,
        trick_number=number,
        why=why,
        groups=model["groups"],
        info=_info(state, view, ui, locale),
        last=_last_action(state, ui, locale, last_seat, seat),
        note=note,
        heading=heading,
        legal=state.legal_strings() if may_act else [],
    )


def _seat_name(ui: dict[str, Any], seat: int | None) -> str:
    """``Seat 2`` / ``Игрок 2``; a card from the table (a row or a table card) has no seat."""
    return str(ui["seat"]).format(n=seat) if seat is not None else str(ui["from_table"])


def _trick_on_table(
    state: GameState, ui: dict[str, Any], locale: str
) -> tuple[list[tuple[str, str]], list[int | None], int, str]:
    """The trick being played, or else the one just taken: captions and cards, seats, number, and why."""
    tricks = state.tricks
    if not tricks:
        return [], [], 0, ""
    number = len(tricks)
    trick = tricks[-1]
    if not trick.plays and number > 1:  # a new trick is about to start: show the one just taken
        number -= 1
        trick = tricks[number - 1]
    plays = [(_seat_name(ui, seat), card.text) for seat, card in trick.plays]
    why = ""
    if trick.collector is not None and trick.explanation is not None:
        why = tool_text("collected", locale, seat=_seat_name(ui, trick.collector), why=trick.explanation.text(locale))
    return plays, [seat for seat, _card in trick.plays], number, why


def _info(state: GameState, view: dict[str, Any], ui: dict[str, Any], locale: str) -> list[tuple[str, str]]:
    """Label/value rows: phase, trump and contract (when the game has them), whose turn, the result once done."""
    capabilities = spec_of(state.game_name).capabilities
    rows = [(tool_text("phase", locale), phase_name(state.phase)[locale])]
    if capabilities.trump:
        rows.append((str(ui["trump"]), trump_text(view, ui)))
    contract = view.get("contract") if capabilities.auction else None
    if contract:
        who = _seat_name(ui, contract["seat"])
        rows.append((str(ui["contract"]), f"{contract['bid']} ({who})" if "bid" in contract else who))
    if state.to_act is not None:
        rows.append((tool_text("to_act", locale), _seat_name(ui, state.to_act)))
    if state.is_done:
        reason = state.score_explanation()
        rows.append((tool_text("result", locale), reason.text(locale) if reason else str(view["score"])))
    return rows


def _last_action(
    state: GameState, ui: dict[str, Any], locale: str, seat: int | None, viewer: int | None = None
) -> str:
    """The action that led to this position (as ``viewer`` may know it), with the seat that took it."""
    if not state.history:
        return tool_text("no_action", locale)
    action = state.public_history(viewer)[-1]
    if seat is None:
        return tool_text("last_action", locale, action=shown(ActionText(action, state.game_name), locale))
    told = action_done(action, _seat_name(ui, seat), locale, state.game_name)  # "Seat 1 played 2♦"
    return tool_text("last_action", locale, action=told)


# ----- JSON: what the browser draws (js/board.js) -----------------------------------------------------------
def board_json(board: Board) -> dict[str, Any]:
    """The board as JSON for ``HandReplay``'s ``board`` trait, in the board model's shape (``board.board_model``).

    ``seats`` as the card table receives them (``hand``: the cards face up, ``None`` for a hand held face down),
    plus each seat's ``trumps``; ``trick``: ``[seat, card]`` pairs with their ``captions``; ``actions``: the
    legal actions that are not a card to click, with their labels. Built from ``board_facts``, so a seat's
    view holds only what that seat may see.
    """
    on_table = {card for group in board.groups for card in group["cards"] if card}
    return {
        "game": board.game,
        "phase": board.phase,
        "to_act": board.to_act,
        "heading": board.heading,
        "seats": board.seats,
        "groups": board.groups,
        "trick": [[seat, card] for seat, (_who, card) in zip(board.trick_seats, board.trick, strict=True)],
        "captions": [who for who, _card in board.trick],
        "trick_label": tool_text("trick_n", board.locale, n=board.trick_number),
        "why": board.why,
        "info": [[label, value] for label, value in board.info],
        "last": board.last,
        "note": board.note,
        "legal": list(board.legal),
        "actions": [
            {"action": action, "label": action_label(action, board.locale, board.game)}
            for action in board.legal
            if not _is_card_action(action, on_table)
        ],
    }


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
    inner = f'<span class="cw-rank">{_e(rank)}</span><span class="cw-suit">{suit_symbol(suit)}</span>'
    return f'<{tag} class="cw-card cw-suit-{_e(suit)}{" " + classes if classes else ""}"{attrs}>{inner}</{tag}>'


def board_html(board: Board) -> str:
    """The board as an HTML fragment (root ``div.cw-board``), all text escaped: the static twin of ``js/board.js``.

    It draws ``board_json(board)`` — the very data ``HandReplay`` sends its front-end — into the same
    elements and classes, so a snapshot (``to_html``, ``to_slides``, no script) looks like the replay.
    """
    data, ui = board_json(board), board.ui
    legal = set(data["legal"])
    seats = "".join(_seat_html(seat, ui, legal) for seat in data["seats"])
    positions = {seat["seat"]: seat["position"] for seat in data["seats"]}
    plays = "".join(
        f'<figure class="cw-play">{card_html(card, ui, classes=_from(seat, positions), seat=seat)}'
        f"<figcaption>{_e(who)}</figcaption></figure>"
        for (seat, card), who in zip(data["trick"], data["captions"], strict=True)
    )
    center = f'<div class="cw-trick" aria-label="{_e(data["trick_label"])}">{plays}</div>'
    center += f'<div class="cw-why">{_e(data["why"])}</div>'
    center += _groups_html(data["groups"], ui, legal)
    buttons = "".join(
        f'<button type="button" class="cw-action" data-action="{_e(item["action"])}">{_e(item["label"])}</button>'
        for item in data["actions"]
    )
    info = "".join(f'<div class="cw-row"><span class="cw-label">{_e(k)}:</span> {_e(v)}</div>' for k, v in data["info"])
    note = f'<div class="cw-note" role="note">{_e(data["note"])}</div>' if data["note"] else ""
    heading = f'<div class="cw-heading">{_e(data["heading"])}</div>' if data["heading"] else ""
    to_act = "" if data["to_act"] is None else data["to_act"]
    return (
        f'<div class="cw-board" data-game="{_e(data["game"])}" data-phase="{_e(data["phase"])}" data-to-act="{to_act}">'
        f'{heading}<div class="cw-grid">{seats}<div class="cw-center">{center}</div></div>'
        f'<div class="cw-actions">{buttons}</div>'
        f'<aside class="cw-info"><div class="cw-last">{_e(data["last"])}</div>{note}{info}</aside></div>'
    )


def _from(seat: int | None, positions: dict[int, str]) -> str:
    """The side a card of the trick came from (``cw-from-left`` …; ``cw-from-table``), as in ``js/board.js``."""
    return f"cw-from-{'table' if seat is None else positions[seat]}"


def _seat_html(seat: dict[str, Any], ui: dict[str, Any], legal: set[str]) -> str:
    """One seat of ``board_json`` (as ``seatBox`` in ``js/board.js``): its hand face up, or its backs and count."""
    if seat["hand"] is None:
        backs = '<div class="cw-back" aria-hidden="true"></div>' * min(seat["count"], 10)
        count = _e(seat["count_text"])
        cards = f'<div class="cw-backs">{backs}</div><div class="cw-count">{count}</div>'
    else:
        faces = "".join(
            card_html(card, ui, classes=_hand_classes(card, seat["trumps"], legal), action=_action(card, legal, "play"))
            for card in seat["hand"]
        )
        cards = f'<div class="cw-open-hand">{faces}</div>'
    marks = " cw-to-act" if seat["to_act"] else ""
    dealer = f'<span class="cw-dealer" aria-label="{_e(ui["dealer"])}"> ◆</span>' if seat["dealer"] else ""
    badges = f'<div class="cw-badges">{_e(" · ".join(seat["badges"]))}</div>' if seat["badges"] else ""
    where = f'cw-pos-{seat["position"]}{marks}" data-seat="{seat["seat"]}'
    return (
        f'<section class="cw-seat {where}" aria-label="{_e(seat["name"])}">'
        f'<div class="cw-seat-name">{_e(seat["name"])}{dealer}</div>'
        f'<div class="cw-taken">{_e(ui["tricks"])}: {seat["taken"]}</div>{badges}{cards}</section>'
    )


def _groups_html(groups: list[dict[str, Any]], ui: dict[str, Any], legal: set[str]) -> str:
    """The cards on the table, group by group (as ``tableCards`` in ``js/board.js``); ``None`` is a back."""
    parts = []
    for group in groups:
        faces = "".join(
            card_html(
                card,
                ui,
                classes="cw-legal" if _table_action(card, legal) else "",
                action=_table_action(card, legal),
            )
            if card
            else '<div class="cw-back" aria-hidden="true"></div>'
            for card in group["cards"]
        )
        name = f'<div class="cw-group-name">{_e(group["label"])}</div>'
        parts.append(f'<div class="cw-group cw-group-{_e(group["key"])}">{name}{faces}</div>')
    return f'<div class="cw-table-cards">{"".join(parts)}</div>'


def _hand_classes(card: str, trumps: list[str], legal: set[str]) -> str:
    classes = ["cw-trump-card"] if card in trumps else []
    if _action(card, legal, "play"):
        classes.append("cw-legal")
    return " ".join(classes)


def _action(card: str, legal: set[str], verb: str) -> str:
    """``play 10S`` if that is a legal action now, else empty."""
    action = f"{verb} {card}"
    return action if action in legal else ""


def _table_action(card: str, legal: set[str]) -> str:
    """A legal action naming just this card on the table (``<verb> 10S``, whatever the game's verb), else empty."""
    return next((action for action in sorted(legal) if action.split()[1:] == [card]), "")


def _is_card_action(action: str, on_table: set[str]) -> bool:
    """A plain ``play CARD``, or an action naming just a card lying on the table: offered by clicking the card."""
    words = action.split()
    return len(words) == 2 and (words[0] == "play" or words[1] in on_table)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


# ----- plain text ------------------------------------------------------------------------------------------
def _card_text(card: str, locale: str) -> str:
    """A card in plain text as a person reads it: "A♠" in English, «Т♠» in Russian (never the code ``AS``)."""
    return card_text(parse_card(card), locale)



def board_text(board: Board) -> str:
    """The board as plain text, line by line (deterministic: for notebooks and tests)."""
    lines = [board.heading] if board.heading else []
    lines.append(" · ".join(f"{k}: {v}" for k, v in board.info))
    for seat in board.seats:
        marks = (" ◆" if seat["dealer"] else "") + (" ←" if seat["to_act"] else "")
        face_down = "▮" * seat["count"] if seat["hand"] is None else ""
        hand = " ".join(_card_text(card, board.locale) for card in seat["hand"] or []) or face_down or "—"
        badges = f" ({' · '.join(seat['badges'])})" if seat["badges"] else ""
        lines.append(f"{seat['name']}{marks}{badges} [{board.ui['tricks']}: {seat['taken']}]: {hand}")
    if board.trick:
        plays = ", ".join(f"{who} {_card_text(card, board.locale)}" for who, card in board.trick)
        lines.append(f"{tool_text('trick_n', board.locale, n=board.trick_number)}: {plays}")
    if board.why:
        lines.append(board.why)
    lines.extend(
        f"{group['label']}: {' '.join(_card_text(card, board.locale) if card else '▮' for card in group['cards'])}"
        for group in board.groups
    )
    lines.append(board.last)
    if board.note:
        lines.append(f"{tool_text('note', board.locale)}: {board.note}")
    return "\n".join(lines)
