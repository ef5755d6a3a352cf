"""Opening a deal link in a page: ``open_link()`` shows the replay that the page's address carries.

``open.ipynb`` (in the JupyterLite site and for Voila) is one cell: ``open_link()``. Its small
front-end (``js/link/index.ts``) sends the page's address — the query and fragment, nothing else —
and the kernel reads it as a deal link (``HandReplay.from_link``: only the record parser runs on it).
Under Voila the kernel also has the address's query (``QUERY_STRING``), so ``?deal=…`` opens at once.
A bad link shows one sentence in the learner's language instead of the replay.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from cardwidgets.core.links import DEAL_KEY
from cardwidgets.i18n.locale import resolve
from cardwidgets.i18n.tools import tool_text
from cardwidgets.widgets.replay import HandReplay

STATIC = Path(__file__).parent.parent / "static"


class PageAddress(anywidget.AnyWidget):
    """Sends the page's address once it is drawn (``{"address": "?…#…"}``) and shows one status line."""

    _esm = STATIC / "link.js"
    #: What the line says: waiting for the address, or why the link could not be opened.
    text = traitlets.Unicode("").tag(sync=True)


class LinkOpener(ipywidgets.VBox):
    """The replay a deal link carries (``replay``), or the reason it cannot be shown (``error``)."""

    def __init__(self, url: str | None = None, *, locale: str | None = None) -> None:
        self.locale = resolve(locale)
        self.replay: HandReplay | None = None
        self.error = ""
        self.address: str | None = None
        self.status = PageAddress(text=tool_text("link_waiting", self.locale))
        super().__init__([self.status])
        self.status.on_msg(self._page_message)
        query = os.environ.get("QUERY_STRING", "")  # Voila gives its kernel the page's query
        if url is None and f"{DEAL_KEY}=" in query:
            url = "?" + query
        if url is not None:
            self.show_link(url)

    def show_link(self, url: str) -> bool:
        """Show the replay ``url`` carries (True), or why not (False, ``error``)."""
        self.address = url
        try:
            replay = HandReplay.from_link(url, locale=self.locale)
        except ValueError as exc:
            explanation = getattr(exc, "explanation", None)
            self.error = explanation.text(self.locale) if explanation is not None else str(exc)
            self.replay = None
            self.status.text = self.error
            self.children = [self.status]
            return False
        self.replay, self.error = replay, ""
        self.status.text = ""
        self.children = [self.status, replay]
        return True

    def _page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The front-end's ``{"address": text}``; anything else is read as an address without a deal."""
        address = content.get("address") if isinstance(content, dict) and set(content) == {"address"} else None
        text = address if isinstance(address, str) else ""
        if text == self.address or (self.replay is not None and f"{DEAL_KEY}=" not in text):
            return  # drawn again (another view of the same page), or the query has already opened the deal
        self.show_link(text)


def open_link(url: str | None = None, *, locale: str | None = None) -> LinkOpener:
    """The replay of the deal link ``url``, or (None) of the page's own address: ``open.ipynb``'s one call."""
    return LinkOpener(url, locale=locale)
