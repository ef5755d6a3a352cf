"""The Review's orchestration: the judge's rows for a finished deal, worked out at once or off the message handler.

``Table`` (``widgets/table.py``) owns what the learner sees — the rows in words, the progress
trait, the refusals; this module runs the post-mortem (``analysis/postmortem.py``) with its
progress and its Cancel, one review at a time, on a thread where there are threads (not in
JupyterLite's Pyodide, where it is worked out at once).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

from cardwidgets.analysis.postmortem import review as review_rows
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState

#: A judged decision: the post-mortem's row and its sentence.
Row = tuple[dict[str, Any], Explanation]


class ReviewRunner:
    """One Review at a time: its thread, its Cancel."""

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.cancel_event = threading.Event()

    @property
    def busy(self) -> bool:
        """Whether a review is being worked out on its thread."""
        return self.thread is not None and self.thread.is_alive()

    def start(self, work: Callable[[threading.Event], None], background: Callable[[], None]) -> None:
        """Run ``work(cancel)`` on a thread, ``background()`` first; where there are no threads, at once."""
        self.cancel_event = threading.Event()
        cancel = self.cancel_event
        if sys.platform == "emscripten":
            work(cancel)
            return
        background()
        self.thread = threading.Thread(target=lambda: work(cancel), name="cardwidgets-review", daemon=True)
        self.thread.start()

    def cancel(self) -> bool:
        """Cancel the review being worked out; False when none is."""
        if not self.busy:
            return False
        self.cancel_event.set()
        return True

    def drop(self) -> None:
        """The deal was left: a review still being worked out is for it, and is cancelled."""
        self.cancel_event.set()


def judge_deal(
    state: GameState,
    seat: int,
    samples: int | None,
    total_seconds: float,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[Row]:
    """The rows the Review lists for ``seat`` in the finished deal ``state``, group by group (``GROUPS``).

    Every phase's decisions are judged (bids, raises, exchanges, cards passed, the talon, the table card, card play).
    """
    rows = review_rows(
        state.clone(), seat, samples=samples, total_seconds=total_seconds, progress=progress, cancelled=cancelled
    )
    kept = [entry for entry in rows if group(entry[0]) is not None]
    return sorted(kept, key=lambda entry: (GROUPS.index(group(entry[0]) or ""), entry[0]["number"]))


#: The Review's groups, in the order shown: costly on what the learner could see (the coach's inaccuracies
#: and mistakes), a cost only with all cards face up (the coach's best, good or no-choice), not valued.
GROUPS = ("costly", "face_up", "unvalued")


def group(row: dict[str, Any]) -> str | None:
    """The Review group of a post-mortem row (``GROUPS``), or None when the Review does not list it.

    Only the coach's own words make a decision costly: the verdict is the judge's on the learner's
    information, the word the coach said during the deal; a face-up cost alone is listed apart.
    """
    if row["verdict"] is None:
        return "unvalued"
    if row["verdict"] in ("inaccuracy", "mistake"):
        return "costly"
    return "face_up" if row["dd_cost"] else None


def listed(row: dict[str, Any]) -> bool:
    """Whether the Review lists a row (in one of its ``GROUPS``)."""
    return group(row) is not None
