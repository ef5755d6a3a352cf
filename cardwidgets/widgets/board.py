"""The board model: what lies where on the table as one seat may see it, every word localized.

One model, one drawing: ``js/board.js`` draws its seats, table cards and trick for the ``board`` trait
of ``Table`` and of ``HandReplay`` (``export.board_json`` adds the replay's trick captions and
panel), and ``export.board_html`` draws the same data as static HTML for ``to_html`` / ``to_slides``.
It answers in one place the questions every drawing asks, so no drawing keeps a twin constant that could
disagree with another's: where each seat sits (turn direction), which
cards lie on the table outside the hands (and face up or down), the trump, the contract and the
bid, and the badges beside a seat (passed, sits out, declarer). It draws and says only what the game
declares (``spec.capabilities``: no trump fact for a game without a trump, no bid without an auction).
What only one game has — the cards it lays on the table, its own badges and facts, what it says of its
match beside a seat or a side's score — comes from its package (``games/<game>/board.py``, through the
registry), already worded.

Everything is built from a **seat-filtered view** (``state.view(seat)``) and the ``ui`` texts, never
from the full state: the model cannot hold a card that seat may not see.
"""

from __future__ import annotations

import re
from typing import Any

from cardwidgets.cards import Suit
from cardwidgets.core.registry import get_game, spec_of
from cardwidgets.i18n.names import cards_text

_FIELD = re.compile(r"\{(\w+)\}")


def fill(ui: dict[str, Any], key: str, **params: object) -> str:
    """The ui text ``key`` with its ``{name}`` fields filled (the twin of ``t`` in ``js/i18n.js``)."""
    template = str(ui.get(key) or key)
    return _FIELD.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), template)


def seat_position(game: str, players: int, seat: int, viewer: int = 0) -> str:
    """Where ``seat`` sits seen from ``viewer`` (always at the bottom): bottom, left, top or right.

    Clockwise games (``Game.clockwise``) put the next seat on the viewer's left; the others on the right.
    """
    offset = (seat - viewer) % players
    if offset == 0:
        return "bottom"
    if players == 4 and offset == 2:
        return "top"
    return "left" if (offset == 1) == get_game(game).clockwise else "right"


def seat_name(ui: dict[str, Any], seat: int, viewer: int | None) -> str:
    """``You`` for the viewer's own seat, else ``Seat N`` / ``Игрок N`` (the instructor, ``None``, sees seats)."""
    return fill(ui, "you") if seat == viewer else fill(ui, "seat", n=seat)


def suit_symbol(suit: str) -> str:
    """``♠`` for ``S``; anything that is no suit letter stays as it is."""
    return Suit(suit).symbol if suit in Suit.__members__ else suit


def trump_text(view: dict[str, Any], ui: dict[str, Any]) -> str:
    """The trump as shown: a suit symbol, a rank's name ("Jacks"), or "none yet"."""
    trump = view.get("trump")
    if not trump:
        return fill(ui, "no_trump")
    if trump in Suit.__members__:
        return suit_symbol(trump)
    return str((ui.get("rank_names") or {}).get(trump, trump))


def _cards(value: Any) -> list[str | None]:
    """A view value as a flat list of cards: one card, a list, or a list of lists (``None``: face down)."""
    if value is None or value == []:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [card for item in value for card in (_cards(item) if isinstance(item, list) else [item])]
    return []


def table_groups(view: dict[str, Any], ui: dict[str, Any], viewer: int | None, game: str) -> list[dict[str, Any]]:
    """The cards lying on the table outside the hands: ``[{"key", "label", "cards"}]`` (``None``: face down).

    Which they are is the game's (its package's ``board`` module): its ``TABLE_GROUPS`` (view key, ui
    label key) in drawing order, ``shown(key, view)`` when a seat may see a group only for a while (the
    instructor, ``viewer=None``, sees it always), and ``more_groups(view, ui, viewer)`` after them.
    """
    spec = spec_of(game)
    if not spec.has("board"):
        return []
    extras = spec.board()
    groups = []
    for key, label in extras.TABLE_GROUPS:
        cards = _cards(view.get(key))
        if cards and (viewer is None or extras.shown(key, view)):
            groups.append({"key": key, "label": fill(ui, label), "cards": cards})
    return groups + extras.more_groups(view, ui, viewer)


def _match_notes(game: str, which: str, summary: dict[str, Any] | None, ui: dict[str, Any]) -> list[list[str]]:
    """The game's words on its match (``Match.summary_extra``) per side or seat: its board module's ``which``."""
    spec = spec_of(game)
    if not summary or not spec.has("board"):
        return []
    board = spec.board()
    return (board.side_notes if which == "side_notes" else board.seat_notes)(summary, ui)


def side_notes(game: str, summary: dict[str, Any] | None, ui: dict[str, Any]) -> list[list[str]]:
    """Per side, the game's already-worded notes beside its match score (``side_notes`` of its ``board``)."""
    return _match_notes(game, "side_notes", summary, ui)


def seat_notes(game: str, summary: dict[str, Any] | None, ui: dict[str, Any]) -> list[list[str]]:
    """Per seat, the game's already-worded badges on its match (``seat_notes`` of its ``board``)."""
    return _match_notes(game, "seat_notes", summary, ui)


def _bidding(view: dict[str, Any]) -> tuple[list[bool], Any, Any]:
    """Who passed, the high bidder and the high bid: the view's ``bidding`` (every game alike)."""
    bidding = view.get("bidding") or {}
    return bidding.get("passed") or [], bidding.get("high_bidder"), bidding.get("high_bid")


def seat_badges(
    view: dict[str, Any],
    seat: int,
    ui: dict[str, Any],
    *,
    game: str,
    viewer: int | None = None,
    notes: list[str] | None = None,
    locale: str = "en",
) -> list[str]:
    """Short facts beside a seat: what the game declares (``spec.capabilities``), then its own words.

    With an auction: its pass or high bid while bidding; then what the game's ``board`` module says of
    the seat in this deal (``seat_badges(view, seat, ui, viewer, locale)``); a game whose seats sit deals
    out: that this one does; with an auction, the declarer; last, what the game says of the seat's place
    in the match (``notes``).
    """
    capabilities = spec_of(game).capabilities
    badges: list[str] = []
    if capabilities.auction:
        passed, bidder, bid = _bidding(view)
        if view.get("phase") == "bidding" and seat < len(passed) and passed[seat]:
            badges.append(fill(ui, "passed"))
        if view.get("phase") == "bidding" and bidder == seat and bid:
            badges.append(fill(ui, "bid_by", bid=bid))
    spec = spec_of(game)
    if spec.has("board"):  # the game's own words of this seat in this deal
        badges += spec.board().seat_badges(view, seat, ui, viewer, locale)
    if capabilities.sitting_out and seat in (view.get("sitting_out") or []):
        badges.append(fill(ui, "sits_out"))
    if capabilities.auction:
        contract = view.get("contract") or {}
        bidder = contract.get("seat") if "bid" in contract else None  # a bidder; a maker has no bid
        if view.get("declarer") == seat or bidder == seat:  # a declarer or a bidder: «играющий»
            badges.append(fill(ui, "declarer"))
    badges += notes or []  # what the game says of this seat's place in the match (``seat_notes``)
    return badges


def facts(view: dict[str, Any], ui: dict[str, Any], viewer: int | None, game: str) -> dict[str, Any]:
    """The panel's facts: only what the game declares, then its own lines.

    ``trump`` (a game with a trump), ``high_bid`` while bidding and ``contract`` (a game with an
    auction), and ``facts``: the game's own lines, ``[{"key", "label", "text"}]`` already worded
    (``facts(view, ui, viewer)`` of its ``board`` module; ``label`` may be empty).
    """
    capabilities = spec_of(game).capabilities
    shown: dict[str, Any] = {}
    if capabilities.trump:
        shown["trump"] = trump_text(view, ui)
    if capabilities.auction:
        _, bidder, bid = _bidding(view)
        shown["high_bid"] = f"{bid} ({seat_name(ui, bidder, viewer)})" if view.get("phase") == "bidding" and bid else ""
        contract = view.get("contract")
        shown["contract"] = ""
        if contract:
            who = seat_name(ui, contract["seat"], viewer)
            shown["contract"] = f"{contract['bid']} ({who})" if "bid" in contract else who
    spec = spec_of(game)
    shown["facts"] = spec.board().facts(view, ui, viewer) if spec.has("board") else []
    return shown


def card_seat_moves(game: str, ui: dict[str, Any]) -> list[dict[str, str]]:
    """The game's actions of the form ``VERB CARD SEAT`` (its ``syntax``): a card is clicked first, then a seat.

    Each as ``{"verb", "hint"}``: the hint is the game's ``choose_<verb>`` ui text, else the generic one.
    """
    return [
        {"verb": verb, "hint": str(ui.get(f"choose_{verb}") or fill(ui, "choose_card_seat"))}
        for verb, form in get_game(game).state_class.syntax.items()
        if form == f"{verb} CARD SEAT"
    ]


def board_model(
    game: str,
    view: dict[str, Any],
    viewer: int | None,
    ui: dict[str, Any],
    *,
    summary: dict[str, Any] | None = None,
    bottom: int | None = None,
    locale: str = "en",
) -> dict[str, Any]:
    """The board as ``viewer`` sees it (``view`` = ``state.view(...)``): seats, table cards and facts, as JSON.

    ``seats[i]``: ``{"seat", "name", "position", "badges", "taken", "dealer", "to_act", "hand", "count",
    "count_text"}`` (``hand``: the cards face up, or ``None`` for a hand held face down; ``count``: how many
    cards, and ``count_text`` the same in ``locale``'s words, «5 карт»);
    ``groups``: ``table_groups``; and the facts the game declares (``trump``; ``high_bid``, ``contract``)
    with its own lines (``facts``: ``[{"key", "label", "text"}]``); ``card_seat``: its actions that take a
    card and then a seat (``card_seat_moves``).
    ``viewer`` is named "You" (``None``: the instructor, every seat by number); ``bottom`` is the seat
    drawn at the bottom (default: the viewer's, else seat 0); ``summary`` the match's game parts
    (``Match.summary_extra``), for the game's badges on its match (``seat_notes``).
    """
    sizes = view.get("hand_sizes") or []
    hands = view.get("hands") or [None] * len(sizes)
    low = bottom if bottom is not None else viewer if viewer is not None else 0
    tricks = view.get("tricks") or []
    notes = seat_notes(game, summary, ui)
    seats = [
        {
            "seat": seat,
            "name": seat_name(ui, seat, viewer),
            "position": seat_position(game, len(sizes), seat, low),
            "badges": seat_badges(
                view,
                seat,
                ui,
                game=game,
                viewer=viewer,
                notes=notes[seat] if seat < len(notes) else None,
                locale=locale,
            ),
            "taken": sum(1 for trick in tricks if trick.get("collector") == seat),
            "dealer": view.get("dealer") == seat,
            "to_act": view.get("to_act") == seat,
            "hand": list(hands[seat]) if isinstance(hands[seat], list) else None,
            "count": sizes[seat],
            "count_text": cards_text(sizes[seat], locale),
        }
        for seat in range(len(sizes))
    ]
    return {
        "seats": seats,
        "groups": table_groups(view, ui, viewer, game),
        "card_seat": card_seat_moves(game, ui),
        **facts(view, ui, viewer, game),
    }
