"""Memory of a kernel: RSS after start, a table, a deal played, a Review, a drill session; and a Voila class.

    python benchmarks/memory.py [--game nestors] [--stages start,table,deal,review,drill] [--kernels 30]

Each stage runs in a fresh Jupyter kernel (ipykernel, started by ``jupyter_client`` as a notebook's is),
which does what the stages before it did, then that stage: ``start`` nothing; ``table`` opens a ``Table``
(seat 0, the other seats the rules-of-thumb bots) and displays it; ``deal`` plays the deal to its end
(the learner plays the rules of thumb too); ``review`` asks for its Review (``Table.review``: the judge on
every decision); ``drill`` (from ``start``) answers ``--questions`` questions of each of the game's drill
topics. Then the kernel's RSS and its peak (``VmRSS``, ``VmHWM`` of ``/proc/<pid>/status``; psutil's
``rss`` where there is no ``/proc``) are read and the kernel is shut down.

``--kernels N`` (0: none) then starts ``voila`` on a notebook that opens a table of ``--game``, asks for
its page N times (each request starts a kernel that runs the notebook: N kernels, each at a table), and
prints the total RSS of the server and its kernels, and their PSS (shared pages counted once, from
``/proc/<pid>/smaps_rollup``). No browser connects: the tables are the kernels' alone.

Figures are in MB (2**20 bytes). The progress store is in memory (``CARDWIDGETS_PROGRESS=:memory:``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = ("start", "table", "deal", "review", "drill")
MB = 1 << 20

#: What each stage runs in the kernel (``{game}``, ``{seed}``, ``{questions}`` filled in).
CODE = {
    "start": "",
    "table": (
        "import cardwidgets as cw\n"
        "table = cw.Table({game!r}, seat=0, seed={seed}, pace=0)\n"
        "display(table)\n"
    ),
    "deal": (
        "from cardwidgets.bots import make_bot\n"
        "learner = make_bot('heuristic')\n"
        "while not table.state.is_done:\n"
        "    table.act(learner.choose(table.state).text)\n"
    ),
    "review": "assert table.review() is not None, table.error\n",
    "drill": (
        "import cardwidgets as cw\n"
        "from cardwidgets.drills.registry import topics\n"
        "for topic in topics({game!r}):\n"
        "    drill = cw.Drill(topic, seed={seed})\n"
        "    for _ in range({questions}):\n"
        "        drill.answer(0)\n"
        "        drill.next()\n"
    ),
}
#: The stages each stage runs first (in a fresh kernel).
BEFORE = {"start": (), "table": (), "deal": ("table",), "review": ("table", "deal"), "drill": ()}


def environment() -> dict[str, str]:
    """The kernels' environment: the package of this checkout, a progress store in memory, Jupyter's files apart."""
    home = tempfile.mkdtemp(prefix="cardwidgets-memory-")
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
        "CARDWIDGETS_PROGRESS": ":memory:",
        "JUPYTER_DATA_DIR": os.path.join(home, "data"),
        "JUPYTER_RUNTIME_DIR": os.path.join(home, "runtime"),
        "JUPYTER_CONFIG_DIR": os.path.join(home, "config"),
        "IPYTHONDIR": os.path.join(home, "ipython"),
    }


def memory(pid: int) -> dict[str, int]:
    """``rss`` and ``peak`` (bytes) of process ``pid``, and ``pss`` where Linux tells it (else its RSS)."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        import psutil  # where there is no /proc

        info = psutil.Process(pid).memory_info()
        return {"rss": info.rss, "peak": info.rss, "pss": info.rss}
    fields = {}
    for line in status.read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) * 1024
    pss = fields["VmRSS"]
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) * 1024
    except OSError:
        pass
    return {"rss": fields["VmRSS"], "peak": fields["VmHWM"], "pss": pss}


def run_stage(stage: str, game: str, seed: int, questions: int, env: dict[str, str]) -> dict[str, float]:
    """A fresh kernel runs ``stage`` (after what comes before it): its memory then, and the stage's seconds."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(startup_timeout=120, kernel_name="python3", env=env, stderr=subprocess.DEVNULL)
    try:
        pid = manager.provisioner.process.pid  # type: ignore[union-attr]
        seconds = 0.0
        for step in (*BEFORE[stage], stage):
            code = CODE[step].format(game=game, seed=seed, questions=questions)
            started = time.perf_counter()
            reply = client.execute_interactive(code, timeout=600, output_hook=lambda message: None)
            seconds = time.perf_counter() - started
            if reply["content"]["status"] != "ok":
                content = reply["content"]
                raise RuntimeError(f"stage {stage}, step {step}: {content.get('ename')}: {content.get('evalue')}")
        time.sleep(0.2)  # the kernel's own threads settle (the review's is done)
        return {**memory(pid), "seconds": seconds}
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def free_port() -> int:
    """A TCP port free on this machine now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def family(pid: int) -> list[int]:
    """``pid`` and its descendants (from ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(children.get(current, []))
    return out


def run_voila(game: str, kernels: int, env: dict[str, str]) -> dict[str, float]:
    """A Voila server whose ``kernels`` visitors each opened a table: the processes' total memory."""
    folder = Path(tempfile.mkdtemp(prefix="cardwidgets-voila-"))
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "table",
                "metadata": {},
                "outputs": [],
                "source": f"import cardwidgets as cw\ncw.Table({game!r}, seat=0, pace=0)",
            }
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / "table.ipynb").write_text(json.dumps(notebook))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder / "table.ipynb"), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 120
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("voila did not start") from None
                time.sleep(0.3)
        started = time.perf_counter()
        for _ in range(kernels):
            with urllib.request.urlopen(url, timeout=300) as page:
                body = page.read()
            if b"cardwidgets" not in body and b"application/vnd.jupyter.widget-view+json" not in body:
                raise RuntimeError("the Voila page shows no table")
        seconds = time.perf_counter() - started
        time.sleep(1.0)
        pids = family(server.pid)
        figures = [memory(pid) for pid in pids]
        return {
            "processes": len(pids),
            "rss": sum(f["rss"] for f in figures),
            "pss": sum(f["pss"] for f in figures),
            "server": memory(server.pid)["rss"],
            "seconds": seconds,
        }
    finally:
        left = family(server.pid)
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        for pid in left[1:]:  # kernels the server did not shut down
            with contextlib.suppress(OSError):
                os.kill(pid, 9)


def main() -> None:
    """Parse the arguments, measure each stage, then the Voila class; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="nestors")
    parser.add_argument("--stages", default=",".join(STAGES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--questions", type=int, default=5, help="questions per drill topic")
    parser.add_argument("--kernels", type=int, default=30, help="Voila visitors, each at a table (0: none)")
    args = parser.parse_args()
    stages = [stage for stage in args.stages.split(",") if stage]
    unknown = [stage for stage in stages if stage not in STAGES]
    if unknown:
        parser.error(f"unknown stage {unknown[0]!r}: the stages are {', '.join(STAGES)}")
    env = environment()
    print(f"{args.game}: one fresh kernel per stage; load {os.getloadavg()[0]:.1f}")
    print(f"{'stage':8s} {'RSS MB':>7s} {'peak MB':>8s} {'seconds':>8s}")
    for stage in stages:
        figures = run_stage(stage, args.game, args.seed, args.questions, env)
        print(f"{stage:8s} {figures['rss'] / MB:7.0f} {figures['peak'] / MB:8.0f} {figures['seconds']:8.1f}")
    if args.kernels > 0:
        class_ = run_voila(args.game, args.kernels, env)
        kernel = (class_["rss"] - class_["server"]) / args.kernels
        print(
            f"voila, {args.kernels} kernels each at a {args.game} table: {class_['processes']:.0f} processes, "
            f"RSS {class_['rss'] / MB:.0f} MB in all (PSS {class_['pss'] / MB:.0f} MB; the server "
            f"{class_['server'] / MB:.0f} MB), {kernel / MB:.0f} MB a kernel; "
            f"{class_['seconds']:.0f} s to open them; load {os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
