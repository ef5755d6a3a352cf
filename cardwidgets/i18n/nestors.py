"""Nestors messages (filled in with the Nestors engine)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {}
