"""Players that speak only the State protocol and see only what their seat may see.

Three levels, by name (``make_bot(name, seed)``):

- ``random``: a random legal action;
- ``heuristic``: each game's documented rules of thumb (``games/<game>/bot.py``,
  found through the registry);
- ``search``: determinized Monte Carlo (``bots/search.py``): deal the hidden
  cards consistently with what the seat has seen (each game's
  ``state.knowledge`` and ``state.world``), play each candidate out with the rules of thumb, keep the best on average.

Every bot has ``choose(state) -> Action`` (what the ``Table`` calls) and
``decide(state) -> Decision`` (the action and an ``Explanation`` of why, in
English or Russian). ``hint(state, seat, locale)`` is the Table's **Hint**::

    >>> import cardwidgets as cw
    >>> from cardwidgets.bots import hint, make_bot
    >>> state = cw.new_game(next(iter(cw.GAMES)), seed=7)
    >>> make_bot("heuristic").choose(state).text in state.legal_strings()
    True
    >>> sorted(hint(state, state.to_act, "ru"))
    ['action', 'reason']
"""

from __future__ import annotations

from collections.abc import Callable

from cardwidgets.bots.base import Bot, Decision, Player, RandomBot
from cardwidgets.bots.heuristic import HeuristicBot
from cardwidgets.bots.hint import hint, hint_decision
from cardwidgets.bots.search import SearchBot

#: Each level's bot, made from a seed (None: unseeded).
BOTS: dict[str, Callable[[int | None], Player]] = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
#: The levels from weakest to strongest.
LEVELS = tuple(BOTS)


def make_bot(name: str, seed: int | None = None) -> Player:
    """A bot by level name (``random``, ``heuristic``, ``search``); a clear ``ValueError`` otherwise."""
    if name not in BOTS:
        raise ValueError(f'unknown bot "{name}": expected one of {", ".join(BOTS)}')
    return BOTS[name](seed)


__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "Decision",
    "HeuristicBot",
    "Player",
    "RandomBot",
    "SearchBot",
    "hint",
    "hint_decision",
    "make_bot",
]
