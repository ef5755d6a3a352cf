"""The suite keeps to its own Jupyter world (``conftest.py`` at the repository root): a learner's practice in
the real Jupyter data directory never changes a test's result, and the suite writes nothing there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from jupyter_core.paths import jupyter_data_dir, jupyter_runtime_dir

from cardwidgets.drills.progress import Progress, progress_path
from cardwidgets.store import data_dir

ROOT = Path(__file__).parents[1]
#: Variables a user's shell would not have: the run's own, which the nested run must make afresh.
RUN_VARIABLES = ("CARDWIDGETS_TEST_WORLD", "CARDWIDGETS_TEST_USER_DATA", "CARDWIDGETS_PROGRESS", "IPYTHONDIR")
ASK_DRILL = 'from cardwidgets import Drill; print(Drill("nimby-higher-card", seed=1).question["number"])'


def test_this_run_s_jupyter_folders_are_its_own() -> None:
    world = Path(os.environ["CARDWIDGETS_TEST_WORLD"])
    user = Path(os.environ["CARDWIDGETS_TEST_USER_DATA"])
    assert world != user
    assert not world.is_relative_to(user)
    for folder in (jupyter_data_dir(), jupyter_runtime_dir(), data_dir()):
        assert Path(folder).is_relative_to(world), folder
    assert progress_path() is None


def _user_env(home: Path) -> dict[str, str]:
    """The environment of a user whose HOME is ``home``: no Jupyter folders named, no test run's variables."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    env = {key: value for key, value in env.items() if key not in RUN_VARIABLES}
    return {**env, "HOME": str(home), "PYTHONPATH": str(ROOT)}


def test_a_learner_s_progress_and_the_suite_s_world_are_apart(tmp_path: Path) -> None:
    home = tmp_path / "home"
    user_data = home / ".local" / "share" / "jupyter"
    learner = Progress(user_data / "cardwidgets" / "progress.sqlite")
    for n in range(8):  # the learner answered 8 questions of the drill the first notebook shows
        learner.record("nimby-higher-card", f"1/{n}/0", correct=True, place=(1, n), number=(1, n + 1))
    learner.close()
    env = _user_env(home)
    # Outside the suite, that learner's drill goes on at question 9.
    resumed = subprocess.run([sys.executable, "-c", ASK_DRILL], env=env, cwd=tmp_path, capture_output=True, text=True,
                             check=True, timeout=120)
    assert resumed.stdout.strip() == "9"
    before = {path: path.read_bytes() for path in user_data.rglob("*") if path.is_file()}
    # Inside a test run, it starts at 1, kernels and seat tokens keep to the run's world, and the run passes.
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/world_probe.py"],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 passed" in run.stdout
    after = {path: path.read_bytes() for path in user_data.rglob("*") if path.is_file()}
    assert after == before
