"""Game records: load, check, replay, save and summarise (``docs/records.md``).

A deal record sets up one deal and lists its actions; a match record lists
deal records and an optional ``start`` position. Everything that can go wrong
raises ``RecordError`` with one line that says what and where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwidgets.core.errors import IllegalActionError, RecordError
from cardwidgets.core.game import Deal, Game
from cardwidgets.core.match import Match
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES

#: A record's note: one text, or one text per locale (``{"en": …, "ru": …}``).
Note = str | dict[str, str]

DEAL_KEYS = {"game", "rules", "dealer", "deal", "seed", "actions", "notes"}
MATCH_KEYS = {"game", "rules", "start", "deals"}


@dataclass
class DealRecord:
    """One deal: set-up (``deal`` or ``seed``), dealer and the actions taken."""

    game: type[Game]
    rules: dict[str, Any]
    dealer: int | None
    deal: Deal
    actions: list[str] = field(default_factory=list)
    #: Action index -> note: a text, or one text per locale ``{"en": …, "ru": …}`` (``i18n.note_text`` picks).
    notes: dict[int, Note] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (canonical card and action strings)."""
        data: dict[str, Any] = {"game": self.game.name}
        if self.rules:
            data["rules"] = dict(self.rules)
        if self.dealer is not None:
            data["dealer"] = self.dealer
        data["deal"] = self.game.deal_to_json(self.deal)
        data["actions"] = list(self.actions)
        if self.notes:
            data["notes"] = {str(k): v for k, v in sorted(self.notes.items())}
        return data


@dataclass
class MatchRecord:
    """A match: rules, start position and deal records in order."""

    game: type[Game]
    rules: dict[str, Any]
    start: dict[str, Any]
    deals: list[DealRecord]

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data."""
        data: dict[str, Any] = {"game": self.game.name}
        if self.rules:
            data["rules"] = dict(self.rules)
        if self.start:
            data["start"] = self.start
        data["deals"] = [d.to_json() for d in self.deals]
        for deal in data["deals"]:
            deal.pop("game", None)
            deal.pop("rules", None)
        return data


Record = DealRecord | MatchRecord


# ----- reading ---------------------------------------------------------------
def load_record(source: str | Path | dict[str, Any]) -> Record:
    """Read a record from a file path, a JSON string or already-parsed data."""
    if isinstance(source, dict):
        return record_from_json(source)
    text = str(source)
    if isinstance(source, Path) or not text.lstrip().startswith("{"):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    return record_from_json(data)


def record_from_json(data: Any) -> Record:
    """Check record data and turn it into a ``DealRecord`` or ``MatchRecord``."""
    from cardwidgets.games import GAMES

    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    name = data.get("game")
    if name not in GAMES:
        raise RecordError(f'game: expected one of {", ".join(GAMES)}, not {json.dumps(name)}')
    game = GAMES[name]
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError("rules: expected an object")
    game.make_rules(rules)  # checks the options
    if "deals" in data:
        return _match_record(data, game, rules)
    return _deal_record(data, game, rules, dealer_required=True)


def _match_record(data: dict[str, Any], game: type[Game], rules: dict[str, Any]) -> MatchRecord:
    _no_unknown_keys(data, MATCH_KEYS, "")
    start = data.get("start", {})
    if not isinstance(start, dict):
        raise RecordError("start: expected an object")
    game.check_start(dict(start), game.make_rules(rules))
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise RecordError("deals: expected a list of deal records")
    records = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError(f"deal {i + 1}: expected an object")
        if deal.get("game", game.name) != game.name or deal.get("rules", rules) != rules:
            raise RecordError(f"deal {i + 1}: game and rules must be those of the match")
        try:
            records.append(_deal_record(deal, game, rules, dealer_required=i == 0))
        except RecordError as exc:
            raise RecordError(f"deal {i + 1}: {exc}") from None
    return MatchRecord(game, rules, start, records)


def _deal_record(data: dict[str, Any], game: type[Game], rules: dict[str, Any], dealer_required: bool) -> DealRecord:
    _no_unknown_keys(data, DEAL_KEYS, "")
    dealer = data.get("dealer")
    if dealer is None and dealer_required:
        raise RecordError("dealer: missing (a seat number)")
    if dealer is not None and not (type(dealer) is int and 0 <= dealer < game.num_players):
        raise RecordError(f"dealer: expected a seat from 0 to {game.num_players - 1}")
    if ("deal" in data) == ("seed" in data):
        raise RecordError('expected exactly one of "deal" and "seed"')
    if "seed" in data:
        if type(data["seed"]) is not int:
            raise RecordError("seed: expected a whole number")
        deal = game.random_deal(data["seed"])
    else:
        deal = game.deal_from_json(data["deal"])
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions: expected a list of action strings")
    return DealRecord(game, rules, dealer, deal, list(actions), _read_notes(data.get("notes", {})))


def _read_notes(notes: Any) -> dict[int, Note]:
    if not isinstance(notes, dict):
        raise RecordError("notes: expected an object keyed by action index")
    out: dict[int, Note] = {}
    for key, text in notes.items():
        if not str(key).isdigit() or not (isinstance(text, str) or _is_bilingual(text)):
            raise RecordError(
                f'notes: "{key}" must be an action index with a text, or texts by language {{"en": …, "ru": …}}'
            )
        out[int(key)] = dict(text) if isinstance(text, dict) else text
    return out


def _is_bilingual(note: Any) -> bool:
    """A note given per language: a non-empty object of known locales to texts."""
    return (
        isinstance(note, dict)
        and bool(note)
        and all(lang in LOCALES and isinstance(text, str) for lang, text in note.items())
    )


def _no_unknown_keys(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RecordError(f'{where}unknown field "{unknown[0]}" (expected {", ".join(sorted(allowed))})')


# ----- replaying --------------------------------------------------------------
def replay_deal(record: DealRecord, match: Match | None = None) -> GameState:
    """Set up the deal and apply its actions; ``RecordError`` names a bad action."""
    dealer = record.dealer
    if match is not None:
        state = match.new_deal(record.deal, dealer)
    else:
        state = record.game.new_state(record.deal, dealer or 0, record.rules)
    apply_actions(state, record.actions)
    return state


def apply_actions(state: GameState, actions: list[str], first_number: int = 1) -> None:
    """Apply action strings in order; an illegal one raises ``RecordError``."""
    for number, text in enumerate(actions, start=first_number):
        try:
            state.apply(text)
        except IllegalActionError as exc:
            raise RecordError(f'action {number} "{text}": {exc}') from None


def replay_match(record: MatchRecord) -> Match:
    """Replay every deal of a match record in order."""
    match = Match(record.game, record.rules, start=record.start, dealer=record.deals[0].dealer)
    for i, deal in enumerate(record.deals):
        where = f"deal {i + 1}"
        if match.is_over:
            raise RecordError(f"{where}: the match was already over after deal {i}")
        if match.current is not None:
            raise RecordError(f"deal {i}: unfinished, but more deals follow")
        try:
            state = replay_deal(deal, match)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if state.is_done:
            match.end_deal()
    return match


def replay(source: str | Path | dict[str, Any] | Record) -> GameState | Match:
    """Load (if needed) and replay a deal or match record."""
    record = source if isinstance(source, (DealRecord, MatchRecord)) else load_record(source)
    if isinstance(record, MatchRecord):
        return replay_match(record)
    return replay_deal(record)


def summary(result: GameState | Match) -> dict[str, Any]:
    """The replay summary of a deal state or a match (``docs/records.md``)."""
    if isinstance(result, GameState):
        return result.summary()
    data: dict[str, Any] = {
        "deals": [state.summary() for state in result.deals],
        "totals": list(result.scores),
        "winner": result.winner,
    }
    data.update(result.summary_extra())
    return data


# ----- writing ------------------------------------------------------------------
def record_of(state: GameState, notes: dict[int, Note] | None = None) -> DealRecord:
    """The record of a deal so far: its set-up and the actions taken."""
    game = state_game(state)
    defaults = game.make_rules()
    changed = {k: v for k, v in state.rules.items() if defaults.get(k) != v}
    return DealRecord(game, changed, state.dealer, state.deal, list(state.history), dict(notes or {}))


def save_record(record: Record, path: str | Path) -> None:
    """Write a record as indented JSON."""
    Path(path).write_text(json.dumps(record.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def state_game(state: GameState) -> type[Game]:
    """The ``Game`` class a state belongs to."""
    from cardwidgets.games import GAMES

    return GAMES[state.game_name]
