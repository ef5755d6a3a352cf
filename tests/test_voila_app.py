"""``cardwidgets-voila``: Voila served alone with the room service (``cardwidgets/service/voila_app.py``).

The whole app in a browser is ``tests/browser/test_rooms_voila.py``; here its parts, in process.
"""

from __future__ import annotations

import signal
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

voila_app = pytest.importorskip("cardwidgets.service.voila_app")
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402 (after the skip: Voila is a test dependency)

from cardwidgets.service.handlers import InfoHandler  # noqa: E402
from cardwidgets.service.wire import API_PATH  # noqa: E402


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[voila_app.CardwidgetsVoila]:
    """The app set up over an empty folder, its runtime and data in the test's folder (not listening)."""
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("CARDWIDGETS_STORE", str(tmp_path / "rooms.sqlite"))
    (tmp_path / "root").mkdir()
    term = signal.getsignal(signal.SIGTERM)
    made = voila_app.CardwidgetsVoila()
    made.initialize(["--no-browser", "--port=0", str(tmp_path / "root")])
    yield made
    signal.signal(signal.SIGTERM, term)  # Voila's initialize sets its own
    if made.runtime is not None:
        made.runtime.stop()


def test_the_room_service_is_routed_before_voilas_catch_all_and_its_pages_set_xsrf(
    app: voila_app.CardwidgetsVoila,
) -> None:
    settings = app.init_settings()
    assert app.runtime is not None
    assert set(app.runtime.settings()) <= set(settings)  # the handlers find the service there
    routes = app.init_handlers()
    assert routes[0][0] == "/" + API_PATH + "?"
    assert routes[0][1] is InfoHandler
    pages = [handler for _, handler, *_ in routes if issubclass(handler, TornadoVoilaHandler)]
    assert pages
    assert all(handler is voila_app.PageHandler for handler in pages)


def test_the_login_cookies_secret_is_kept_so_visitors_stay_who_they_were(app: voila_app.CardwidgetsVoila,
                                                                          tmp_path: Path) -> None:
    secret = app.cookie_secret
    assert len(secret) >= 32
    path = tmp_path / "runtime" / voila_app.COOKIE_SECRET_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = voila_app.CardwidgetsVoila()
    assert again.cookie_secret == secret
