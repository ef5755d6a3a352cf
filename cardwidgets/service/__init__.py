"""The room service: the one authority that holds a room's deal, log and seats (``docs/classroom.md``).

``RoomService`` (``core``) is the engine, with no HTTP; the Jupyter Server extension
(``extension``, ``handlers``) serves it under ``<base_url>cardwidgets/rooms/v1/``; a kernel talks
to it through a ``RoomConnection`` (``client``): ``ServiceClient`` over HTTP, ``LocalConnection``
in the same process. ``find_service()`` says where this kernel's service is, if any.
"""

from __future__ import annotations

from cardwidgets.service.client import LocalConnection, RoomConnection, ServiceAddress, ServiceClient, find_service
from cardwidgets.service.core import RoomService

__all__ = ["LocalConnection", "RoomConnection", "RoomService", "ServiceAddress", "ServiceClient", "find_service"]
