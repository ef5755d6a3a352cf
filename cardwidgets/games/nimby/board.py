"""Nimby's board extras (widgets layer): the cards it lays on the table outside the hands."""

from __future__ import annotations

#: (view key, ui label key), in drawing order: the face-up card proposing trump (NIM-4).
TABLE_GROUPS = (("display", "display"),)
