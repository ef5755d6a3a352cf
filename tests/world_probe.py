"""Run only by ``tests/test_own_world.py``, in a pytest of its own under a made-up user's HOME.

Not collected by the suite (its name is not ``test_*.py``). Each check fails if the run
reads or writes the user's Jupyter data directory (``CARDWIDGETS_TEST_USER_DATA``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cardwidgets import Drill
from cardwidgets.drills.progress import progress_path
from cardwidgets.store import data_dir
from cardwidgets.store.room import Room

USER = Path(os.environ["CARDWIDGETS_TEST_USER_DATA"])
WORLD = Path(os.environ["CARDWIDGETS_TEST_WORLD"])
#: What a kernel started by the run (nbval's, a Jupyter server's) reads: it inherits the environment.
KERNEL = """
import json
from cardwidgets import Drill
from cardwidgets.drills.progress import progress_path
from cardwidgets.store import data_dir
print(json.dumps({"number": Drill("nimby-higher-card", seed=1).question["number"],
                  "progress": str(progress_path()), "data": str(data_dir())}))
"""


def test_a_drill_starts_at_question_1_whatever_the_user_practised() -> None:
    assert Drill("nimby-higher-card", seed=1).question["number"] == 1


def test_a_kernel_the_run_starts_keeps_to_the_run_s_world() -> None:
    out = subprocess.run([sys.executable, "-c", KERNEL], capture_output=True, text=True, check=True, timeout=120)
    seen = json.loads(out.stdout)
    assert seen["number"] == 1
    assert seen["progress"] == "None"  # kept in memory
    assert Path(seen["data"]).is_relative_to(WORLD)
    assert not Path(seen["data"]).is_relative_to(USER)


def test_seat_tokens_go_to_the_run_s_world(tmp_path: Path) -> None:
    room = Room("class-3", "nimby", store=str(tmp_path / "rooms.sqlite"), seed=1)
    room.join(0)
    assert progress_path() is None
    assert data_dir().is_relative_to(WORLD)
    assert list((data_dir() / "seats").glob("*class-3-0.token"))
    assert not (USER / "cardwidgets" / "seats").exists()
