"""The transposition keys of Nestors' fast position: the live cards with the suits in a canonical order.

No rule tells hearts, diamonds and clubs apart (NES-1: the trump is a rank),
so positions that differ only by renaming them have the same value; spades
differ only while the spade bonus is open (NES-2). ``SuitKeys.key`` writes
each suit's live codes strongest first (``runs_sorted``) and sorts the suits.
A search meets the same codes again and again (each null-window test walks
the tree anew), so answers are remembered, per codes and per suit.
"""

from __future__ import annotations

from cardwidgets.analysis.base import GONE_BYTE, SEPARATOR, CardTable
from cardwidgets.analysis.position import SUIT_NUMBER
from cardwidgets.cards import ALL_CARDS, SUITS

SPADES = SUIT_NUMBER[SUITS[0]]
#: Per suit (``SUIT_NUMBER``), the index of its first card: ``Card.index`` counts 13 cards per suit.
SUIT_STARTS = tuple(min(c.index for c in ALL_CARDS if c.suit is suit) for suit in SUITS)
#: The most suits ``SuitKeys`` remembers (then it starts afresh).
MAX_RUNS = 100_000
#: The most keys ``SuitKeys`` remembers per state of the spade bonus (then it starts afresh).
MAX_KEYS = 100_000


class SuitKeys:
    """The suits part of a key, per card codes (``bytes`` of the position's codes) and spade bonus."""

    def __init__(self, table: CardTable, side: list[bool]) -> None:
        """``side``: per card code of a held card (seat + 8 * point class), whether its holder is a bidder."""
        #: ``side`` as bytes, for ``bytes.translate``.
        self._side_bytes = bytes(side)
        #: The places of a suit's cards among its 13 codes, strongest first (alike in every suit, NES-1).
        self._rank_order = [card - SUIT_STARTS[SPADES] for card in table.orders[SPADES]]
        assert all([c - SUIT_STARTS[s] for c in table.orders[s]] == self._rank_order for s in range(4))
        #: ``runs_sorted`` per suit's 13 codes met so far (a suit's codes recur in many keys).
        self._runs: dict[bytes, bytes] = {}
        #: ``key`` per card codes, spade bonus decided (0) or open (1).
        self.known: tuple[dict[bytes, bytes], dict[bytes, bytes]] = ({}, {})

    def key(self, raw: bytes, spades_open: bool) -> bytes:
        """The live cards of the codes ``raw`` with the suits in a canonical order (spades first while open)."""
        known = self.known[spades_open]
        key = known.get(raw)
        if key is None:
            if len(known) >= MAX_KEYS:
                known.clear()
            known[raw] = key = self._canonical_suits(raw, spades_open)
        return key

    def _canonical_suits(self, raw: bytes, spades_open: bool) -> bytes:
        """``key`` worked out from the codes ``raw``, suit by suit (``runs_sorted``)."""
        runs = self._runs
        suits = []
        for start in SUIT_STARTS:
            codes = raw[start : start + 13]
            canonical = runs.get(codes)
            suits.append(self.runs_sorted(codes) if canonical is None else canonical)
        if spades_open:  # spades first, the others in a fixed order
            spades = suits.pop(SPADES)
            return spades + b"".join(sorted(suits))
        return b"".join(sorted(suits))

    def runs_sorted(self, codes: bytes) -> bytes:
        """One suit's live codes, strongest first, each run of one side's cards in a fixed order; then ``SEPARATOR``.

        ``codes`` are the suit's 13 codes in card index order. A card's
        strength and points depend on its rank only (NES-1: the trump is a
        rank), so equal ``codes`` of two suits give the same answer, which is
        remembered. Cards of one side with no card of the other side between
        them only ever meet each other as partners (see ``MoveGeneration._merged``):
        their order among themselves never changes the points, so it is left
        out of the key.
        """
        suit = bytes(map(codes.__getitem__, self._rank_order)).replace(GONE_BYTE, b"")
        sides = suit.translate(self._side_bytes)
        out: list[int] = []
        start = 0
        for i in range(1, len(suit) + 1):
            if i == len(suit) or sides[i] != sides[start]:
                out.extend(sorted(suit[start:i]))
                start = i
        if len(self._runs) >= MAX_RUNS:
            self._runs.clear()
        out.append(SEPARATOR)
        self._runs[codes] = result = bytes(out)
        return result
