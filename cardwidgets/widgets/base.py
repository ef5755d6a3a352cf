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

Only the check of what the browser sent turns into a refusal: a message that is
not of the widget's protocol (``MessageError``) or a choice refused on purpose
(``Refusal``, ``CardError``). Anything else raised while a message is handled is a
fault inside cardwidgets: it is logged with its traceback, the learner reads
"something went wrong inside cardwidgets", and the widget is put back as it was
before the message (``_snapshot`` / ``_restore``) — either the whole reaction to a
click (the move, the bots' replies, the sync) happens, or none of it does.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from cardwidgets.cards import CardError
from cardwidgets.core.errors import IllegalActionError, Refusal, echo
from cardwidgets.core.explain import Explanation
from cardwidgets.i18n import LOCALES, resolve
from cardwidgets.widgets.text_repr import TextRepr

LOG = logging.getLogger("cardwidgets")
#: Why a value from the browser does not fit a trait (a wrong type, out of range, ``10**400`` for a float …).
BAD_VALUE = (traitlets.TraitError, TypeError, ValueError, OverflowError)


#: The synced traits every anywidget has (the layout, the bundle …): no widget state of ours.
_IPYWIDGETS_TRAITS = frozenset(anywidget.AnyWidget.class_trait_names(sync=True)) | {"_esm", "_css"}


class SettingError(traitlets.TraitError, ValueError):
    """A setting a widget cannot take (a seat, a locale): a ``ValueError`` from the constructor, a trait error after."""


class MessageError(Exception):
    """A message from the browser that is not of the widget's protocol (its shape or types)."""


class CardWidget(TextRepr, anywidget.AnyWidget):
    """Base class of every widget: ``locale``, ``error``, guarded browser updates and messages.

    A subclass supplies ``_apply_message(content)`` (raise ``MessageError`` for a message
    it does not understand, a ``Refusal`` such as ``IllegalActionError`` for a refused
    choice) and lists in ``browser_writable`` the few traits its front-end may write. If
    it keeps state outside its synced traits, ``_snapshot``/``_restore`` save and put it back.
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
            except BAD_VALUE:
                self._refuse_update(sync_data, name)
                return
        self._guarded(lambda: super(CardWidget, self).set_state(dict(sync_data)))

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
        self._guarded(lambda: self._apply_message(content), content)

    def _guarded(self, react: Any, content: Any = None) -> None:
        """Run ``react()`` (the reaction to something the browser sent) all or nothing.

        A refusal sets ``error``; a fault inside cardwidgets is logged, puts the widget
        back as it was and says so. An accepted update or message clears ``error`` unless
        the reaction set one itself.
        """
        before = self._snapshot_all()
        self.error = {}
        try:
            react()
        except IllegalActionError as exc:
            self._restore_all(before)
            self._refuse(exc.explanation)
        except (MessageError, RecursionError):  # not a message of this widget's protocol
            self._restore_all(before)
            self._refuse(Explanation("", "widget.bad_message", {"text": echo(content)}))
        except (Refusal, CardError) as exc:  # a refused choice (a bad card, a step out of range …)
            self._restore_all(before)
            self._refuse(str(exc))
        except Exception:  # a fault inside cardwidgets, not the browser's: logged, undone, said
            LOG.exception("cardwidgets: %s failed on a message from the browser", type(self).__name__)
            self._restore_all(before)
            self._refuse(Explanation("", "widget.internal_error"))

    def _apply_message(self, content: Any) -> None:
        raise NotImplementedError

    # ----- all or nothing ------------------------------------------------------------------------------------
    #: The attributes besides the synced traits that a fault must put back (a subclass's engine state).
    _transactional: ClassVar[tuple[str, ...]] = ()

    def _snapshot(self) -> Any:
        """A deep copy of the ``_transactional`` attributes, taken together (shared objects stay shared)."""
        return copy.deepcopy(tuple(getattr(self, name) for name in self._transactional))

    def _restore(self, snapshot: Any) -> None:
        """Put back what ``_snapshot`` saved."""
        for name, value in zip(self._transactional, snapshot, strict=True):
            setattr(self, name, value)

    def _synced_names(self) -> list[str]:
        """The synced traits this package declares (not ipywidgets' own: ``layout`` is a widget)."""
        return [name for name in self.keys if name not in _IPYWIDGETS_TRAITS and name != "error"]

    def _snapshot_all(self) -> tuple[dict[str, Any], Any]:
        # Trait values are replaced, never changed in place (in-place changes would not sync): references suffice.
        traits = {name: getattr(self, name) for name in self._synced_names()}
        return traits, self._snapshot()

    def _restore_all(self, before: tuple[dict[str, Any], Any]) -> None:
        """The widget as it was before the message: its own state first, then every synced trait."""
        traits, own = before
        self._restore(own)
        with self.hold_sync(), self.hold_trait_notifications():
            for name, value in traits.items():
                if getattr(self, name) != value:
                    self.set_trait(name, value)

    def _refuse(self, reason: Explanation | str, action: str | None = None) -> None:
        """Set ``error`` to why something from the browser was refused (and the ``action`` it tried)."""
        if isinstance(reason, Explanation):
            error = {"text": reason.text(self.locale), "rule": reason.rule}
        else:
            error = {"text": echo(reason, 400), "rule": ""}
        if action is not None:
            error["action"] = echo(action)
        self.error = self._shown_error(error)

    def _shown_error(self, error: dict[str, str]) -> dict[str, str]:
        """The error as the browser may read it; a seat's view rewords one that would name a hidden card.

        Called before ``error`` is set, so the text the browser receives is only ever the shown one.
        """
        return error

    # ----- the locale --------------------------------------------------------------------------------------
    @traitlets.validate("locale")
    def _check_locale(self, proposal: dict[str, Any]) -> str:
        """The one check of the locale, in the constructor and after."""
        if proposal["value"] not in LOCALES:
            raise SettingError(f'locale must be one of {", ".join(LOCALES)}, not "{proposal["value"]}"')
        return proposal["value"]
