"""How a Nestors position goes into the compiled search: the module and the ints it reads.

``core/nestors.c`` (in this game's folder) is a port of ``NestorsPosition`` and the solver's search,
built by ``make wasm`` into ``nestors.wasm`` beside it; the generic loader (``analysis/wasm_core.py``) runs
it and asks the position's ``compiled`` (this module) which file to load, which ``core_version()`` it
speaks, and how a deal and a position are written into the module's ``io`` buffer (int32s, in the
order ``new_deal`` and ``load_position`` read them there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The module's file name, and where it lies: in this game's ``core/``, beside its C source.
MODULE = "nestors.wasm"
FILE = Path(__file__).resolve().parent / "core" / MODULE
#: The ``core_version()`` these ints are laid out for (bump both together when the layout changes).
VERSION = 5
#: Phases as the core numbers them.
PHASES = {"play": 0, "leave": 1, "done": 2}
#: The most cards of a hand ``load_position`` takes (a hand in the play has at most 9).
MAX_HAND = 12


def deal_ints(pos: Any) -> list[int]:
    """``new_deal``'s input: per card its suit, strength, points, point class, trump?, in the deck?; then the sides.

    (The declaring seats, then the bidder.)
    """
    table, out = pos.table, []
    deck = set(pos._deck)
    for card in range(52):
        out += [
            table.suit_of[card],
            table.strength[card],
            table.points[card],
            table.point_class[card],
            int(pos.is_trump[card]),
            int(card in deck),
        ]
    return out + [int(d) for d in pos.declarers] + [pos.bidder]


def position_ints(pos: Any) -> list[int]:
    """``load_position``'s input: the fields of the position in the play or the leave (``ValueError`` if too big)."""
    trick = list(pos.trick)
    out = [
        PHASES[pos.phase],
        pos.to_act,
        pos.number,
        pos.table_card,
        -1 if pos.collector is None else pos.collector,
        pos.spades,
        pos.live_points,
        pos.live_spades,
    ]
    order = list(pos.order)
    out += [len(order), *order, *[0] * (3 - len(order))]
    gap = [0] * (3 - len(trick))
    out += [len(trick), *[s for s, _ in trick], *gap, *[c for _, c in trick], *gap]
    pending = list(pos.pending)
    out += [len(pending), *pending, *[0] * (4 - len(pending))]
    for hand in pos.hands:
        if len(hand) > MAX_HAND:
            raise ValueError(f"a hand of {len(hand)} cards: the module takes at most {MAX_HAND}")
        out += [len(hand), *hand, *[0] * (MAX_HAND - len(hand))]
    return out + list(pos.codes)
