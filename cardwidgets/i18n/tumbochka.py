"""Tumbochka messages (filled in with the Tumbochka engine)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {}
