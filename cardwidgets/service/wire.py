"""What crosses the wire: errors as data (``{"error": {"rule", "key", "params"}}``) and back.

An explanation's parameters may themselves be explanations (``room.bad_log``'s ``what``); on the
wire such a parameter is the same three-field object, so the kernel renders the whole sentence in
its learner's language. A card, an action, points and the like travel as their text in every
locale (``{"en": …, "ru": …}``, which the renderer reads in its locale); numbers and strings as is.
"""

from __future__ import annotations

from typing import Any

from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.explain import Explanation
from cardwidgets.i18n import CATALOGUE, LOCALES, format_value
from cardwidgets.store.base import RoomError

#: The protocols this package speaks (``GET /`` lists the service's).
PROTOCOLS = (1,)
#: The API's path under the server's base URL.
API_PATH = "cardwidgets/rooms/v1/"
#: The largest message the service reads, a request's body or a WebSocket frame (bytes): a bigger one
#: is refused (``room.too_big``) without being kept.
MAX_MESSAGE = 64 * 1024
#: The fields of an explanation on the wire.
_FIELDS = frozenset({"rule", "key", "params"})


def explanation_json(explanation: Explanation) -> dict[str, Any]:
    """``explanation`` as wire data, nested explanations included."""
    return {"rule": explanation.rule, "key": explanation.key, "params": _params_json(explanation.params)}


def _params_json(value: Any) -> Any:
    """A parameter as wire data: plain JSON as is; a card, an action, points … as its text in every locale."""
    if isinstance(value, Explanation):
        return explanation_json(value)
    if value is None or type(value) in (bool, int, float, str):
        return value  # a number keeps its value, so the words after it agree in the kernel's locale
    if type(value) is dict:
        return {str(k): _params_json(v) for k, v in value.items()}
    if type(value) in (list, tuple):
        return [_params_json(v) for v in value]
    return {locale: format_value(value, locale) for locale in LOCALES}  # read the same as the engine's


def error_json(exc: RoomError | IllegalActionError) -> dict[str, Any]:
    """The reply body for a refusal."""
    return {"error": explanation_json(exc.explanation)}


def explanation_from(data: Any) -> Explanation | None:
    """The explanation ``data`` carries, if it is one whose key this package knows; None otherwise."""
    if not (isinstance(data, dict) and set(data) == _FIELDS):
        return None
    rule, key, params = data["rule"], data["key"], data["params"]
    if not (isinstance(rule, str) and isinstance(key, str) and key in CATALOGUE and isinstance(params, dict)):
        return None
    return Explanation(rule, key, {str(k): _params_from(v) for k, v in params.items()})


def _params_from(value: Any) -> Any:
    if isinstance(value, dict):
        found = explanation_from(value)
        return found if found is not None else {k: _params_from(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_params_from(v) for v in value]
    return value


def error_from(data: Any, action: str = "") -> RoomError | IllegalActionError:
    """The error a reply's ``{"error": …}`` names (``room.bad_reply`` if it is not one this package knows).

    The room's own refusals (rule ``ROOM``) are ``RoomError``; the engine's (any other rule) are
    ``IllegalActionError`` with their rule, as a move refused at a single table.
    """
    inner = data.get("error") if isinstance(data, dict) else None
    explanation = explanation_from(inner)
    if explanation is None:
        return RoomError("room.bad_reply", what="error")
    if explanation.rule == "ROOM":
        return RoomError(explanation.key, **explanation.params)
    return IllegalActionError(explanation, action)
