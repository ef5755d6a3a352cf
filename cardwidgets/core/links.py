"""Deal links: a record carried whole in a URL, so that a link opens a hand at a step (``docs/records.md``).

A link is ``BASE#deal=1.PAYLOAD&step=N&seat=K``: ``PAYLOAD`` is the record's compact JSON,
compressed (zlib: deflate with a checksum, so a changed or cut link is caught) and written in
base64url without padding; ``1.`` is the format's version. ``step`` and ``seat`` are optional.
The query (``?deal=…``, as the Voila app is given it) is read too, if the fragment has no deal.

Reading a link runs nothing but the record parser: the text is capped (``MAX_LINK_CHARS``), the
unpacked record too (``MAX_LINK_RECORD_BYTES``: a decompression bomb stops there), and the record
goes through ``load_record`` like a file. Every refusal is one ``RecordError`` (``link.*`` keys).

A link holds the whole deal, every hidden hand included: it is for showing a hand, not for a fair game.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cardwidgets.core.errors import RecordError, echo
from cardwidgets.core.limits import MAX_LINK_CHARS, MAX_LINK_RECORD_BYTES
from cardwidgets.core.records import Record, load_record, parse_json
from cardwidgets.i18n.records import grouped

#: The format's version: the part of ``deal=`` before the first dot.
LINK_VERSION = "1"
#: The parameter that carries the deal, in the fragment (or the query).
DEAL_KEY = "deal"
#: Where a link opens when it is given no base: the site's ``open.ipynb`` (``{notebook}``: ``open.ipynb`` or
#: ``ru/open.ipynb``), relative to a JupyterLite site's root; ``CARDWIDGETS_LINK_BASE`` (the same, with
#: ``{notebook}`` if wanted) names a published site instead.
LINK_BASE = "lab/index.html?path={notebook}"
LINK_BASE_ENV = "CARDWIDGETS_LINK_BASE"
#: Parameters read from a fragment or a query: a link has three, a page's address a few more.
MAX_FIELDS = 32
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
_NUMBER = re.compile(r"[0-9]{1,6}")


@dataclass(frozen=True)
class DealLink:
    """What a link holds: the record (as loaded: checked, it replays), the step and the seat asked for."""

    record: Record
    step: int | None = None
    seat: int | None = None


def pack(record: dict[str, Any]) -> str:
    """The ``deal=`` value for a record dict: the version, a dot, the compressed JSON in base64url."""
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    payload = base64.urlsafe_b64encode(zlib.compress(text, 9)).rstrip(b"=").decode("ascii")
    return f"{LINK_VERSION}.{payload}"


def default_base(locale: str) -> str:
    """The page a link opens by default: ``CARDWIDGETS_LINK_BASE`` or ``LINK_BASE``, with the locale's notebook."""
    notebook = "ru/open.ipynb" if locale == "ru" else "open.ipynb"
    return os.environ.get(LINK_BASE_ENV, LINK_BASE).replace("{notebook}", notebook)


def make_link(record: dict[str, Any], base: str = "", step: int | None = None, seat: int | None = None) -> str:
    """``base#deal=…[&step=N][&seat=K]``: a link to ``record`` (``base`` may be empty: the fragment alone)."""
    params = f"{DEAL_KEY}={pack(record)}"
    if step is not None:
        params += f"&step={step}"
    if seat is not None:
        params += f"&seat={seat}"
    return f"{base.split('#', 1)[0]}#{params}"


def unpack(value: str) -> str:
    """The record's JSON text from a ``deal=`` value; ``RecordError`` (``link.*``) for any bad one."""
    version, dot, payload = value.partition(".")
    if not dot or not _PAYLOAD.fullmatch(payload):
        if version and version != LINK_VERSION and _NUMBER.fullmatch(version):
            raise RecordError("link.version", version=version, expected=LINK_VERSION)
        raise RecordError("link.damaged")
    if version != LINK_VERSION:
        raise RecordError("link.version", version=echo(version), expected=LINK_VERSION)
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("link.damaged") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_LINK_RECORD_BYTES + 1)
    except zlib.error:
        raise RecordError("link.damaged") from None
    if len(data) > MAX_LINK_RECORD_BYTES:
        raise RecordError("link.too_large", limit=grouped(MAX_LINK_RECORD_BYTES))
    if not inflater.eof or inflater.unused_data or inflater.unconsumed_tail:
        raise RecordError("link.damaged")  # cut short, or something after the compressed record
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("link.damaged") from None


def link_params(url: str) -> dict[str, str]:
    """The parameters of a link: its fragment's if that has a deal, else its query's (each given once)."""
    if not isinstance(url, str):
        raise RecordError("link.no_deal")
    if len(url) > MAX_LINK_CHARS:
        raise RecordError("link.too_long", limit=grouped(MAX_LINK_CHARS))
    text = url.strip() if "#" in url or "?" in url or "://" in url else "#" + url.strip()
    try:
        parts = urlsplit(text)
        parsed = [parse_qs(part, keep_blank_values=True, max_num_fields=MAX_FIELDS)
                  for part in (parts.fragment, parts.query)]
    except ValueError:  # a malformed address ("http://[x"), or more parameters than any link has
        raise RecordError("link.damaged") from None
    for found in parsed:
        if DEAL_KEY in found:
            if any(len(values) > 1 for values in found.values()):
                raise RecordError("link.damaged")  # a parameter twice: which one was meant?
            return {key: values[0] for key, values in found.items()}
    raise RecordError("link.no_deal")


def _number(params: dict[str, str], name: str) -> int | None:
    value = params.get(name)
    if value is None:
        return None
    if not _NUMBER.fullmatch(value):
        raise RecordError("link.bad_number", name=name, value=echo(value))
    return int(value)


def read_link(url: str) -> DealLink:
    """The record, step and seat a link carries; the record is checked whole (it must replay).

    ``url`` is a whole link, or only its fragment or query (``deal=…&step=…``). Only the record
    parser runs on what it holds; ``step`` and ``seat`` are numbers here, their range is the replay's to check.
    """
    params = link_params(url)
    step, seat = _number(params, "step"), _number(params, "seat")
    text = unpack(params[DEAL_KEY])
    try:
        data = parse_json(text)
        if not isinstance(data, dict):  # a record is an object: a string would be read as a file's path
            raise RecordError("record.not_a_source", kind=type(data).__name__)
        record = load_record(data)
    except RecordError as exc:
        raise RecordError("link.bad_record", error=exc.explanation) from None
    return DealLink(record, step, seat)
