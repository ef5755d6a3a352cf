"""Duel's board (widgets layer): the turned-up card beside the tricks."""

from __future__ import annotations

#: The turned-up card (view key ``turnup``), labelled with its ``UI`` word.
TABLE_GROUPS = (("turnup", "duel_turnup"),)
