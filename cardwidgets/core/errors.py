"""The errors that cardwidgets raises (all are ``ValueError`` subclasses).

Each carries a one-line message that says what is wrong and where, the same
text the command line prints (``docs/records.md``, *Errors*).
"""

from __future__ import annotations

from typing import Any

from cardwidgets.cards import CardError, echo
from cardwidgets.core.explain import Explanation

# CardError and echo live with the cards
__all__ = ["CardError", "IllegalActionError", "RecordError", "Refusal", "echo"]


class Refusal(ValueError):  # noqa: N818 (the name says what it is: a refusal, not a fault)
    """Input a person gave that cardwidgets refuses on purpose, having changed nothing.

    Every deliberate refusal (an illegal action, a bad record, a step out of range …) is a
    ``Refusal``: a widget shows its text to the learner. Any other exception raised while a
    widget handles a message is a fault inside cardwidgets (``widgets/base.py``).
    """


class IllegalActionError(Refusal):
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


class RecordError(Refusal):
    """A game record that cannot be loaded or replayed (or a match asked for what it cannot do).

    Built from a message key of ``cardwidgets.i18n`` (``i18n/records.py``) and its
    parameters: ``RecordError("record.seed_int")``. ``str()`` is the text in the
    default locale; ``args[0]`` is always the English text ``docs/records.md`` documents.
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.explanation = Explanation("RECORD", key, params)
        super().__init__(self.explanation.text("en"))

    def __str__(self) -> str:
        """The message in the default locale (``cardwidgets.set_locale``, ``CARDWIDGETS_LOCALE``)."""
        return self.explanation.text()

    def __reduce__(self) -> tuple[Any, ...]:
        return _record_error, (self.explanation.key, self.explanation.params)


def _record_error(key: str, params: dict[str, Any]) -> RecordError:
    """Unpickle a ``RecordError`` (its parameters are keywords)."""
    return RecordError(key, **params)
