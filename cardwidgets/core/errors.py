"""The errors that cardwidgets raises (all are ``ValueError`` subclasses).

Each carries a one-line message that says what is wrong and where, the same
text the command line prints (``docs/records.md``, *Errors*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets.cards import CardError, echo

if TYPE_CHECKING:
    from cardwidgets.core.explain import Explanation

__all__ = ["CardError", "IllegalActionError", "RecordError", "echo"]  # CardError and echo live with the cards


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
