"""Widget latency in a real browser: card click -> own card drawn, and -> kernel-confirmed trick, vs an echo.

    python benchmarks/widget_latency.py [CLICKS]

Starts JupyterLab and Chromium through the browser-test harness (tests/browser/conftest.py)
and prints p50/p95 of: click -> own card drawn (the table moves it to the trick at once; goal
p95 <= 20 ms, one frame), click -> kernel-confirmed trick, a bare ipywidgets echo, and the ratio
confirmed / echo (goal: p95 <= 1.2x).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    env = {**os.environ, "CW_BENCH_CLICKS": sys.argv[1] if len(sys.argv) > 1 else "60"}
    command = [sys.executable, "-m", "pytest", "tests/browser/bench_widget_latency.py", "-q", "-s", "-p", "no:randomly"]
    sys.exit(subprocess.call(command, cwd=ROOT, env=env))
