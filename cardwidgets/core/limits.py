"""The limits on what cardwidgets reads from a person (``docs/records.md``, *Limits*).

Records and action strings come from files, notebooks and browsers; each cap
below keeps one bad input from costing unbounded time or memory. They sit far
above anything a real game needs, and an input over a cap is refused with a
message that names it. Change them here only: the checks and the docs use these
names.
"""

from __future__ import annotations

from cardwidgets.cards import ECHO_CHARS as _ECHO_CHARS

#: A record file or JSON text: at most this many bytes are read (2 MB).
MAX_RECORD_BYTES = 2_000_000
#: JSON nesting: objects and lists inside each other (a match record needs 6).
MAX_DEPTH = 10
#: Whole numbers anywhere in a record: at most this many digits (seeds included).
MAX_NUMBER_DIGITS = 18
#: Deals in one match record (a real match has a few dozen).
MAX_DEALS = 500
#: Actions in one deal record (the longest possible deal has under 100).
MAX_ACTIONS = 300
#: Characters in one note; there is at most one note per action, plus one for the deal.
MAX_NOTE_CHARS = 5_000
#: Characters in one action string (the longest canonical action has 16).
MAX_ACTION_CHARS = 100
#: Digits of a number inside an action (``bid 60``, a seat in ``VERB 7H 1``).
MAX_ACTION_DIGITS = 4
#: A person's text echoed back in an error message is cut to ``ECHO_CHARS`` characters (``cards.echo``).
ECHO_CHARS = _ECHO_CHARS
#: A deal link (``core/links.py``): at most this many characters are read (the longest game's deal needs under 1 000).
MAX_LINK_CHARS = 100_000
#: A deal link's record once unpacked: at most this many bytes (a decompression bomb stops here).
MAX_LINK_RECORD_BYTES = 200_000
