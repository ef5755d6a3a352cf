"""Widget latency: card click -> trick drawn, against a bare ipywidgets echo, in a real browser.

    python benchmarks/widget_latency.py [CLICKS]

Starts JupyterLab and Chromium through the browser-test harness (tests/browser/conftest.py)
and prints p50/p95 for both round trips and their ratio (goal: p95 <= 1.5x the echo).
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
