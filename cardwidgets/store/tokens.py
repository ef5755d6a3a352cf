"""Seat tokens, kept outside the kernel: a restarted kernel finds its token again and takes its seat back.

One small file per (store, room, seat) in ``<data dir>/seats/``, readable by its owner only.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path


def token_path(folder: Path, address: str, room: str, seat: int) -> Path:
    """The file of the token for ``seat`` of ``room`` in the store at ``address``."""
    store = hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return folder / "seats" / f"{store}-{room}-{seat}.token"


def seat_token(folder: Path, address: str, room: str, seat: int) -> str:
    """The seat's token for this user: read from its file, or made and written there the first time."""
    path = token_path(folder, address, room, seat)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        token = path.read_text(encoding="ascii").strip()
        if token:
            return token
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    token = secrets.token_hex(16)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(token)
    return token
