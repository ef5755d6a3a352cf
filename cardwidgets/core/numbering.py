"""Step and action numbers: one count for every tool (``docs/records.md``).

Action *n* is the deal's *n*-th action, counted from 1 (as in error messages and
record notes). Step *k* is the position after *k* actions: step 0 is the deal as
dealt, and a record's note *k* is shown at step *k*, right after action *k*.
A decision — what the coach judges and the Review lists as action *n* — is taken
at step *n* − 1, the position shown when the Review opens it.
"""

from __future__ import annotations


def action_number(step: int) -> int:
    """The number (from 1) of the action chosen at position ``step``."""
    return step + 1


def decision_step(number: int) -> int:
    """The position (step) at which action ``number`` (from 1) is chosen."""
    return number - 1
