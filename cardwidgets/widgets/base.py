"""What every cardwidgets widget shares: the locale, the error trait, one message dispatch, a guarded state.

The browser talks to a widget in two ways, and both pass through here:

- **custom messages** (``model.send({...})``): ``_on_front_end_message`` hands the
  content to the subclass's ``_apply_message``; a refusal sets ``error`` and changes
  nothing.
- **trait updates** (``model.set(...); model.save_changes()``): ipywidgets would apply
  them to *any* synced trait (``Widget.set_state``). Here the browser may write only
  the traits a widget lists in ``browser_writable``, each checked by its trait type and
  ``@validate`` before it is set. Any other update — ``reveal``, ``seat``, ``view`` … —
  is refused: the kernel keeps its value, sends it back to the front-end, and sets
  ``error``. Python code sets traits directly and is not affected.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from cardwidgets.core.errors import IllegalActionError, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.i18n import LOCALES, resolve
from cardwidgets.widgets.text_repr import TextRepr


class CardWidget(TextRepr, anywidget.AnyWidget):
    """Base class of every widget: ``locale``, ``error``, guarded browser updates and messages.

    A subclass supplies ``_apply_message(content)`` (raise ``TypeError`` for a message
    it does not understand, ``ValueError`` or ``IllegalActionError`` for a refused
    choice) and lists in ``browser_writable`` the few traits its front-end may write.
    """

    #: ``en`` or ``ru``: the language of every text the widget shows.
    locale = traitlets.Unicode("en").tag(sync=True)
    #: ``{}`` or why the last thing the browser sent was refused: ``{"text", "rule"}`` (+ ``"action"``).
    error = traitlets.Dict().tag(sync=True)

    #: The synced traits the browser may change (``docs/widget-protocol.md``); all others are refused.
    browser_writable: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, **kwargs: Any) -> None:
        kwargs["locale"] = resolve(kwargs.get("locale"))  # None: ``cardwidgets.set_locale`` / CARDWIDGETS_LOCALE
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_message)

    # ----- trait updates from the browser -------------------------------------------------------------
    def set_state(self, sync_data: Any) -> None:
        """Apply a browser update — only to ``browser_writable`` traits, and only valid values.

        ipywidgets calls this for every ``update`` message from the front-end. A refused
        update changes nothing: the front-end gets the kernel's values back and ``error`` says why.
        """
        if not isinstance(sync_data, Mapping):
            self._refuse(Explanation("", "widget.bad_update", {"text": echo(sync_data)}))
            return
        refused = [name for name in sync_data if name not in self.browser_writable]
        if refused:
            self._refuse_update(sync_data, refused[0])
            return
        for name, value in sync_data.items():
            try:
                self._check_value(name, value)
            except (traitlets.TraitError, TypeError, ValueError):
                self._refuse_update(sync_data, name)
                return
        super().set_state(dict(sync_data))
        self.error = {}  # an accepted update: the last thing the browser sent was fine

    def _check_value(self, name: str, value: Any) -> None:
        """Raise ``TraitError`` unless ``value`` is a valid value for trait ``name`` (type and ``@validate``)."""
        trait = self.traits()[name]
        if isinstance(value, bool) and not isinstance(trait, traitlets.Bool):  # JSON true is not a number
            raise traitlets.TraitError(f"{name} is not a true/false setting")
        from_json = self.trait_metadata(name, "from_json", self._trait_from_json)
        trait._validate(self, from_json(value, self))

    def _refuse_update(self, sync_data: Mapping[str, Any], name: str) -> None:
        """Refuse a browser update: resend the kernel's values of every trait it named, set ``error``."""
        synced = [key for key in sync_data if key in self.keys]
        if synced:
            self.send_state(synced)
        writable = ", ".join(sorted(self.browser_writable)) or "—"
        params = {"name": echo(name), "writable": writable}
        key = "widget.bad_value" if name in self.browser_writable else "widget.read_only"
        self._refuse(Explanation("", key, params))

    # ----- custom messages from the browser --------------------------------------------------------------
    def _on_front_end_message(self, _widget: object, content: Any, _buffers: object) -> None:
        try:
            self._apply_message(content)
        except IllegalActionError as exc:
            self._refuse(exc.explanation)
        except (TypeError, KeyError, IndexError, RecursionError):  # not a message of this widget's protocol
            self._refuse(Explanation("", "widget.bad_message", {"text": echo(content)}))
        except ValueError as exc:  # a refused choice (a bad card, a step out of range …): nothing changed
            self._refuse(str(exc))

    def _apply_message(self, content: Any) -> None:
        raise NotImplementedError

    def _refuse(self, reason: Explanation | str, action: str | None = None) -> None:
        """Set ``error`` to why something from the browser was refused (and the ``action`` it tried)."""
        if isinstance(reason, Explanation):
            error = {"text": reason.text(self.locale), "rule": reason.rule}
        else:
            error = {"text": echo(reason, 400), "rule": ""}
        if action is not None:
            error["action"] = echo(action)
        self.error = error

    # ----- the locale --------------------------------------------------------------------------------------
    @traitlets.validate("locale")
    def _check_locale(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in LOCALES:
            raise traitlets.TraitError(f'locale must be one of {", ".join(LOCALES)}, not "{proposal["value"]}"')
        return proposal["value"]
