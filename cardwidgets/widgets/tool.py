"""What the teaching tools' widgets share: the locale, the error trait, message handling, a text repr.

A subclass supplies ``_apply_message(content)`` (raise ``TypeError`` for a message
it does not understand, ``ValueError`` for a refused choice) and ``_sync()`` (push
its state to the front-end); a refused message sets ``error`` and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

import anywidget
import traitlets

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.i18n import LOCALES
from cardwidgets.i18n.tools import tool_text
from cardwidgets.widgets.text_repr import TextRepr


class ToolWidget(TextRepr, anywidget.AnyWidget):
    """Base class of ``TrickExplorer`` and ``HandReplay``."""

    locale = traitlets.Unicode("en").tag(sync=True)
    #: ``{}`` or ``{"text": why the last message from the front-end was refused}`` (and ``rule`` if known).
    error = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._ready = False
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_message)

    def _ready_to_sync(self) -> None:
        """Call once the subclass has its state: from now on a locale change re-renders."""
        self._ready = True
        self._sync()

    def _on_front_end_message(self, _widget: object, content: Any, _buffers: object) -> None:
        try:
            self._apply_message(content)
        except TypeError:
            shown = json.dumps(content, ensure_ascii=False, default=str)[:80]
            self.error = {"text": tool_text("err_message", self.locale, text=shown)}
        except IllegalActionError as exc:
            self.error = {"text": exc.explanation.text(self.locale), "rule": exc.explanation.rule}
        except ValueError as exc:  # a refused choice (a bad card, a step out of range …): nothing changed
            self.error = {"text": str(exc)}

    def _apply_message(self, content: Any) -> None:
        raise NotImplementedError

    def _sync(self) -> None:
        raise NotImplementedError

    @traitlets.validate("locale")
    def _check_locale(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in LOCALES:
            raise traitlets.TraitError(f'locale must be one of {", ".join(LOCALES)}, not "{proposal["value"]}"')
        return proposal["value"]

    @traitlets.observe("locale")
    def _locale_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:
            self._sync()
