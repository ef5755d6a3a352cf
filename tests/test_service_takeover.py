"""A seat taken over in another tab: the first kernel's follower is told so, through a real server.

The same learner's second page asks for the seat held by the first (refused: ``room.other_tab``),
then confirms the same claim again with ``take_over`` (the page's "Play here instead" button,
``js/seat.ts``). The first kernel's follower must hear ``room.taken_over`` at once and stop.
"""

from __future__ import annotations

import time
from pathlib import Path

from service_support import running_server

from cardwidgets.service.remote import RemoteRoom
from cardwidgets.store import RoomError


def test_the_first_kernel_hears_its_seat_was_taken_over_in_another_tab(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        server.client(admin=True).create_room("class-3-t1", "nestors", learners=[0, 1, 2, 3])
        page = server.browser()  # one learner: both tabs share the login cookie
        first = RemoteRoom("class-3-t1", 2, server.client())
        claim = first.ask()
        assert page.confirm(claim).status_code == 200
        first.redeem(claim)
        heard: list[RoomError | None] = []
        follower = first.follower(lambda _frame: None, heard.append, lambda: True)
        follower.start()
        try:
            deadline = time.monotonic() + 30
            while not heard:  # followed: the follower said so (None)
                assert time.monotonic() < deadline, "the first kernel never followed its seat"
                time.sleep(0.05)
            time.sleep(6)  # past a heartbeat: the socket has been read and written since it opened
            second = RemoteRoom("class-3-t1", 2, server.client())
            claim = second.ask()
            refused = page.confirm(claim)
            assert refused.status_code == 403
            assert refused.json()["error"]["key"] == "room.other_tab"
            assert page.confirm(claim, take_over=True).status_code == 200  # the button: the same claim again
            second.redeem(claim)
            deadline = time.monotonic() + 15
            while not (heard and heard[-1] is not None):
                assert time.monotonic() < deadline, f"the first kernel was not told: {heard}"
                time.sleep(0.05)
            assert heard[-1].key == "room.taken_over"
            follower._thread.join(5)
            assert not follower.running
        finally:
            follower.stop()
