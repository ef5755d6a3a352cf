"""The errors that cardwidgets raises (all are ``ValueError`` subclasses).

Each carries a one-line message that says what is wrong and where, the same
text the command line prints (``docs/records.md``, *Errors*).
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING

from cardwidgets.core.limits import ECHO_CHARS

if TYPE_CHECKING:
    from cardwidgets.core.explain import Explanation


class CardError(ValueError):
    """Malformed card, rank or suit text."""


class IllegalActionError(ValueError):
    """An action that is malformed or not legal now; the state is unchanged.

    ``explanation`` says why, with a rule id, renderable in English or Russian.
    """

    def __init__(self, explanation: Explanation, action: str = "") -> None:
        self.explanation = explanation
        self.action = action
        super().__init__(explanation.text("en"))

    def __str__(self) -> str:
        """The reason in the default locale (``cardwidgets.set_locale``, ``CARDWIDGETS_LOCALE``)."""
        return self.explanation.text()


class RecordError(ValueError):
    """A game record that cannot be loaded or replayed."""


_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = _REPR.maxother = ECHO_CHARS


def echo(value: object, limit: int = ECHO_CHARS, *, quote: bool = False) -> str:
    """A person's input, safe to repeat in a one-line message: cut to ``limit`` characters + "…".

    Strings come as they are (``quote=True``: in quotes, as ``repr`` would),
    other values as a short ``repr``; control characters are shown escaped.
    Every error that repeats what it was given goes through here.
    """
    if isinstance(value, str):
        text = value
        if quote:
            return repr(echo(value, limit))
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        text = f"<a number of {value.bit_length()} bits>"  # str() of a huge int is slow or refused
    else:
        try:
            text = _REPR.repr(value)
        except ValueError:  # a huge int inside a list
            text = f"<{type(value).__name__}>"
    cut = text[:limit] + ("…" if len(text) > limit else "")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
