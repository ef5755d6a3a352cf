"""Game records: load, check, replay, save and summarise (``docs/records.md``).

A deal record sets up one deal and lists its actions; a match record lists
deal records and an optional ``start`` position. Everything that can go wrong
raises ``RecordError`` with one line that says what and where, and what is read
is capped (``core/limits.py``): a huge, deep or malformed input is refused
before it costs much time or memory.
"""

from __future__ import annotations

import errno
import json
import operator
import re
from dataclasses import dataclass, field
from itertools import accumulate, count
from pathlib import Path
from typing import Any

from cardwidgets.core.errors import IllegalActionError, RecordError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.core.game import Deal, Game
from cardwidgets.core.limits import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_DEPTH,
    MAX_NOTE_CHARS,
    MAX_NUMBER_DIGITS,
    MAX_RECORD_BYTES,
)
from cardwidgets.core.match import Match
from cardwidgets.core.registry import GAMES
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES
from cardwidgets.i18n.records import grouped, json_reason, os_reason

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
    #: The notes marked ``"public": true``: a seat's view shows them before Reveal (the others wait for it).
    public_notes: set[int] = field(default_factory=set)

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
            data["notes"] = {str(k): _note_json(v, k in self.public_notes) for k, v in sorted(self.notes.items())}
        return data


def _note_json(note: Note, public: bool) -> str | dict[str, str | bool]:
    """A note as the record writes it: marked ``"public": true`` in its object form (a plain text as English)."""
    if not public:
        return note if isinstance(note, str) else dict(note)
    texts = {"en": note} if isinstance(note, str) else dict(note)
    return {**texts, "public": True}


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
    """Read a record from a file path, a JSON string or already-parsed data, and check it whole.

    The one way a record comes in: ``replay``, ``Table.from_record``, ``HandReplay``,
    ``post_mortem``, ``to_html`` and the command line all read through here, so they accept
    and refuse exactly the same records. The limits of ``core/limits.py`` apply to all three
    forms (``docs/records.md``, *Limits*), and the record must replay: every action legal,
    no deal after the match is over (``check_replays``).
    """
    record = _read_record(source)
    check_replays(record)
    return record


def _read_record(source: str | Path | dict[str, Any]) -> Record:
    """The record's structure from any of its three forms (not yet replayed)."""
    if isinstance(source, dict):
        check_data(source)
        return record_from_json(source)
    if not isinstance(source, (str, Path)):
        raise RecordError("record.not_a_source", kind=type(source).__name__)
    if isinstance(source, Path):
        return record_from_json(parse_json(read_text(source)))
    if len(source) > MAX_RECORD_BYTES:
        raise RecordError("record.too_large", limit=grouped(MAX_RECORD_BYTES))
    return record_from_json(_string_data(source))


def _string_data(source: str) -> Any:
    """A record given as a string: JSON if it parses as JSON (after a byte-order mark), else a file's path.

    Whatever the text, both are tried before a refusal, and the refusal says which reading it
    kept: a text that opens as JSON would (``{``, ``[``, ``"``) gets the JSON reader's error, any
    other the file's.
    """
    text = source.removeprefix("\ufeff")
    try:
        return parse_json(text)
    except RecordError as exc:
        if exc.explanation.key != "record.bad_json":
            raise  # JSON all the same (too deep, a key twice …): its own error
        as_json = exc.explanation
    try:
        file_text = read_text(source)
    except RecordError as exc:
        if text.lstrip().startswith(("{", "[", '"')):
            raise RecordError("record.tried_json", error=as_json) from None
        raise RecordError("record.tried_path", error=exc.explanation) from None
    return parse_json(file_text)


def check_replays(record: Record) -> None:
    """``RecordError`` unless the record replays from its start to its end (``replay_match``)."""
    replay_match(record)


def read_text(path: str | Path) -> str:
    """A record file's text: at most ``MAX_RECORD_BYTES`` are read, and they must be UTF-8."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        reason = os_reason(errno.errorcode.get(exc.errno or 0, ""), exc.strerror or echo(str(exc)))
        raise RecordError("record.cannot_read", reason=reason) from None
    except ValueError:  # a NUL in the name
        raise RecordError("record.bad_file_name", name=echo(str(path))) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError("record.too_large", limit=grouped(MAX_RECORD_BYTES))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError("record.not_utf8", byte=exc.start + 1, code=f"{data[exc.start]:02x}") from None


def parse_json(text: str) -> Any:
    """JSON data from record text, refusing deep nesting, long numbers, NaN and Infinity."""
    _check_depth(text)
    try:
        data = json.loads(text, parse_int=_read_int, parse_constant=_refuse_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        reason = json_reason(exc.msg)
        raise RecordError("record.bad_json", line=exc.lineno, column=exc.colno, reason=reason) from None
    check_data(data)  # what JSON text can hold and a Python dict can too: one check for both ways in
    return data


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (``json`` would keep the last silently)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError("record.duplicate_key", key=echo(key))
            seen.add(key)
    return data


# A JSON string with its escapes (brackets inside strings do not nest).
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
# Bytes other than brackets are dropped; an opening bracket becomes 2, a closing one 0.
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_BRACKET_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` before ``json`` recurses into it.

    With each bracket as 2 or 0, the depth after the k-th bracket is the running
    sum minus k: computed at C speed, a 2 MB text takes a few milliseconds.
    """
    outside = _JSON_STRING.sub("", text).encode("utf-8", "surrogatepass")
    steps = outside.translate(_BRACKET_STEPS, _NOT_BRACKETS)
    if steps and max(map(operator.sub, accumulate(steps), count(1))) > MAX_DEPTH:
        raise _too_deep()


def _too_deep() -> RecordError:
    return RecordError("record.too_deep", limit=MAX_DEPTH)


def _read_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _too_long_number()
    return int(text)


def _too_long_number() -> RecordError:
    return RecordError("record.number_too_long", limit=MAX_NUMBER_DIGITS)


def _refuse_constant(name: str) -> Any:
    raise RecordError("record.not_a_number", name=name)


def check_data(data: Any) -> None:
    """Record data obeys the JSON limits: depth, number length, string keys, texts of characters only."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise _too_deep()
            if isinstance(value, dict):
                if not all(isinstance(key, str) for key in value):
                    raise RecordError("record.keys_not_strings")
                stack.extend((key, depth) for key in value)
                value = list(value.values())
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)
        elif isinstance(value, int) and abs(value) >= 10**MAX_NUMBER_DIGITS:
            raise _too_long_number()


def _check_text(text: str) -> None:
    """A lone surrogate (a JSON escape such as U+D800 alone) is no character: it can be neither shown nor saved."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError("record.bad_text", code=f"U+{ord(text[exc.start]):04X}") from None


def record_from_json(data: Any) -> Record:
    """Check record data and turn it into a ``DealRecord`` or ``MatchRecord``."""
    if not isinstance(data, dict):
        raise RecordError("record.not_an_object")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        given = Explanation("RECORD", "record.missing" if name is None else "record.given", {"text": echo(name)})
        raise RecordError("record.bad_game", games=", ".join(GAMES), given=given)
    game = GAMES[name]
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError("record.expected_object", field="rules")
    game.make_rules(rules)  # checks the options
    if "deals" in data:
        return _match_record(data, game, rules)
    return _deal_record(data, game, rules, dealer_required=True)


def _match_record(data: dict[str, Any], game: type[Game], rules: dict[str, Any]) -> MatchRecord:
    _no_unknown_keys(data, MATCH_KEYS, "")
    start = data.get("start", {})
    if not isinstance(start, dict):
        raise RecordError("record.expected_object", field="start")
    game.check_start(dict(start), game.make_rules(rules))
    deals = data["deals"]
    if not isinstance(deals, list):
        raise RecordError("record.deals_list")
    if not deals:
        raise RecordError("record.no_deals")
    if len(deals) > MAX_DEALS:
        raise RecordError("record.too_many_deals", count=len(deals), limit=MAX_DEALS)
    records = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError("record.deal_not_object", n=i + 1)
        if deal.get("game", game.name) != game.name or deal.get("rules", rules) != rules:
            raise RecordError("record.deal_not_of_match", n=i + 1)
        try:
            records.append(_deal_record(deal, game, rules, dealer_required=i == 0))
        except RecordError as exc:
            raise RecordError("record.in_deal", n=i + 1, error=exc.explanation) from None
    return MatchRecord(game, rules, start, records)


def _deal_record(data: dict[str, Any], game: type[Game], rules: dict[str, Any], dealer_required: bool) -> DealRecord:
    _no_unknown_keys(data, DEAL_KEYS, "")
    dealer = data.get("dealer")
    if dealer is None and dealer_required:
        raise RecordError("record.dealer_missing")
    if dealer is not None and not (type(dealer) is int and 0 <= dealer < game.num_players):
        raise RecordError("record.dealer_range", last=game.num_players - 1)
    if "deal" not in data and "seed" not in data:
        raise RecordError("record.deal_or_seed")
    seed = data.get("seed")
    if "seed" in data and type(seed) is not int:
        raise RecordError("record.seed_int")
    # with both, the deal is partial: the cards it does not give are dealt from the seed
    deal = game.deal_from_json(data["deal"], seed) if "deal" in data else game.random_deal(seed)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record.actions_list")
    if len(actions) > MAX_ACTIONS:
        raise RecordError("record.too_many_actions", count=len(actions), limit=MAX_ACTIONS)
    notes, public = _read_notes(data.get("notes", {}), len(actions))
    return DealRecord(game, rules, dealer, deal, list(actions), notes, public)


#: A note key: an action number in ASCII digits without leading zeros ("0" is the deal itself).
_NOTE_KEY = re.compile(r"0|[1-9][0-9]*")


def _read_notes(notes: Any, last: int) -> tuple[dict[int, Note], set[int]]:
    """Notes keyed "0" (the deal) to ``last`` (the last action), and which of them are marked public.

    A note is a text, or texts by language ``{"en": …, "ru": …}``, of bounded length; the
    object form may add ``"public": true`` (the note may be read from every seat before Reveal).
    """
    if not isinstance(notes, dict):
        raise RecordError("record.notes_object")
    out: dict[int, Note] = {}
    public: set[int] = set()
    for key, note in notes.items():
        good_key = isinstance(key, str) and _NOTE_KEY.fullmatch(key)
        texts = _note_texts(note)
        if not good_key or texts is None:
            raise RecordError("record.note_key", key=echo(key))
        if len(key) > len(str(last)) or int(key) > last:
            raise RecordError("record.note_past_end", key=echo(key), last=last)
        if any(len(t) > MAX_NOTE_CHARS for t in ([texts] if isinstance(texts, str) else texts.values())):
            raise RecordError("record.note_too_long", key=key, limit=grouped(MAX_NOTE_CHARS))
        out[int(key)] = texts
        if isinstance(note, dict) and note.get("public") is True:
            public.add(int(key))
    return out, public


def _note_texts(note: Any) -> Note | None:
    """A note's text(s), or None if it is not a note.

    A text, or a non-empty object of known locales to texts, with ``"public"`` true or false beside them.
    """
    if isinstance(note, str):
        return note
    if not isinstance(note, dict) or ("public" in note and type(note["public"]) is not bool):
        return None
    texts = {lang: text for lang, text in note.items() if lang != "public"}
    good = bool(texts) and all(lang in LOCALES and isinstance(text, str) for lang, text in texts.items())
    return texts if good else None


def _no_unknown_keys(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        name, expected = echo(unknown[0]), ", ".join(sorted(allowed))
        raise RecordError("record.unknown_field", where=where, name=name, allowed=expected)


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
            raise RecordError("record.action", n=number, text=echo(text), error=exc.explanation) from None


def replay_match(record: Record, *, seed: int | None = None, end_last: bool = True) -> Match:
    """Replay a match record's deals in order (a deal record counts as a one-deal match).

    The one way to rebuild a match: the replay, ``Table.from_record`` and ``HandReplay`` use it.
    ``seed`` seeds the deals dealt after the record's; with ``end_last=False`` a finished last
    deal stays on the table (``match.current``) instead of being scored into the match.
    """
    if isinstance(record, DealRecord):
        match = Match(record.game, record.rules, dealer=record.dealer, seed=seed)
        state = replay_deal(record, match)
        if state.is_done and end_last:
            match.end_deal()
        return match
    match = Match(record.game, record.rules, start=record.start, dealer=record.deals[0].dealer, seed=seed)
    for i, deal in enumerate(record.deals):
        if match.is_over:
            raise RecordError("record.match_already_over", n=i + 1, last=i)
        if match.current is not None:
            raise RecordError("record.deal_unfinished", n=i)
        try:
            state = replay_deal(deal, match)
        except RecordError as exc:
            raise RecordError("record.in_deal", n=i + 1, error=exc.explanation) from None
        if state.is_done and (end_last or i + 1 < len(record.deals)):
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
    """Write a record as indented JSON; one that would not load back raises ``RecordError``, writing nothing.

    (For example a note longer than ``MAX_NOTE_CHARS``: what is saved must obey the limits it is read with.)
    """
    data = record.to_json()
    record_from_json(data)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
        raise RecordError("record.too_large", limit=grouped(MAX_RECORD_BYTES))
    Path(path).write_text(text, encoding="utf-8")


def state_game(state: GameState) -> type[Game]:
    """The ``Game`` class a state belongs to."""
    return GAMES[state.game_name]
