"""``seat_hint``: the Hint for one seat, worked out from what that seat knows and nothing else.

The judge samples deals consistent with the seat's knowledge, but seeds its sampler from the deal it
is given (``analysis.judge.judge_seed``); given the real deal, the Hint's figures would depend on
cards the seat cannot see. So the service asks it about a deal re-made from the seat's knowledge,
with a seed made from the seat's own view: two deals the seat cannot tell apart get the same Hint.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable

from cardwidgets.analysis.coach import hint_decision
from cardwidgets.bots import Decision
from cardwidgets.core.state import GameState


def seat_hint(state: GameState, seat: int, *, stop: Callable[[], bool] | None = None) -> Decision:
    """The Hint for ``seat`` at ``state`` (its turn), a function of the seat's knowledge only.

    ``stop``: the judge's deadline (past it, ``analysis.solver.Unfinished`` is raised).
    """
    view = json.dumps(state.view(seat), sort_keys=True, default=str)
    seen = random.Random(zlib.crc32(view.encode()))
    return hint_decision(state.world(state.knowledge(seat), seen), seat, stop=stop)
