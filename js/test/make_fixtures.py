"""Write the widget states the front-end unit tests draw (js/test/fixtures/*.json).

Each fixture is exactly what the kernel syncs to the browser for one seeded widget
(``widget.get_state()``, private and layout traits left out), so the JS tests draw
real kernel output. ``tests/test_frontend.py`` checks the committed files are up to
date and runs ``npm test``. Regenerate on purpose::

    python js/test/make_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
RECORDS = HERE.parent.parent / "notebooks" / "records"
SKIP = {"layout", "tabbable", "tooltip"}


def state(widget: Any) -> dict[str, Any]:
    """What the browser receives from ``widget`` (JSON), without the bundle and layout traits."""
    return {k: v for k, v in sorted(widget.get_state().items()) if not k.startswith("_") and k not in SKIP}


def fixtures() -> dict[str, dict[str, Any]]:
    """Fixture name -> widget state."""
    from cardwidgets import Drill, HandReplay, Table, TrickExplorer
    from cardwidgets.drills.progress import Progress

    out: dict[str, dict[str, Any]] = {}
    nimby = Table("nimby", seat=0, seed=3, bots="random", pace=0)
    out["table-nimby-trump"] = state(nimby)
    nimby.act("agree")
    while nimby.state.phase != "play" or not nimby.state.tricks[-1].plays:
        nimby.act(nimby.legal[0])
    out["table-nimby-follow"] = state(nimby)
    illegal = next(f"play {c}" for c in nimby.state.hands[0] if f"play {c}" not in nimby.legal)
    nimby.act(illegal)
    out["table-nimby-refused"] = state(nimby)
    out["table-nestors-ru"] = state(Table("nestors", seat=1, seed=5, bots="random", pace=0, locale="ru"))
    tumbochka = Table("tumbochka", seat=0, seed=9, bots="random", pace=0)
    out["table-tumbochka"] = state(tumbochka)
    out["table-tumbochka-revealed"] = state(Table("tumbochka", seat=0, seed=9, bots="random", pace=0, reveal=True))
    coached = Table("nimby", seat=0, seed=3, bots="random", pace=0, coach=True)
    coached.act(coached.legal[0])
    out["table-nimby-coached"] = state(coached)
    done = Table("nimby", seat=0, seed=4, bots="random", pace=0)
    while not done.state.is_done:
        done.act(done.legal[0])
    out["table-nimby-done"] = state(done)
    reviewed = Table("tumbochka", seat=0, seed=5, bots="heuristic", pace=0)  # two gifts and a raise, then cards
    while not reviewed.state.is_done:
        reviewed.act(next((a for a in ("give KH 1", "give 8H 2", "raise 8") if a in reviewed.legal), reviewed.legal[0]))
    reviewed.review(samples=4)
    reviewed.open_review_entry(1)
    out["table-tumbochka-reviewed"] = state(reviewed)
    record = RECORDS / "nestors" / "seed-example-1-club-jack.json"
    out["replay-nestors"] = state(HandReplay(record, step=5))
    out["replay-nestors-seat"] = state(HandReplay(record, step=5, seat=1))
    out["replay-nestors-trick"] = state(HandReplay(record, step=8))  # two cards on the trick, seat 3 to play
    out["drill-nestors"] = state(Drill("nestors-trick-winner", seed=1, store=Progress(None)))
    answered = Drill("nestors-trick-winner", seed=1, store=Progress(None))  # a fresh progress, kept in memory
    answered.answer(0)  # A and C: wrong (only B played a trump, W3)
    out["drill-nestors-wrong"] = state(answered)
    explorer = TrickExplorer(trump="J")
    explorer.load_example("1")
    out["explorer-example"] = state(explorer)
    predicting = TrickExplorer(predict="W3b")  # asked, not yet answered
    out["explorer-predict"] = state(predicting)
    retried = TrickExplorer(predict="W3b")
    retried.guess("winners", "BD")  # wrong: B played a trump, but so did C, of a third suit (W3b)
    retried.guess("winners", "AC")  # right, on the second try
    out["explorer-predict-retried"] = state(retried)
    return out


def write(folder: Path) -> list[Path]:
    """Write every fixture into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in fixtures().items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "fixtures"
    for path in write(target):
        print(path)
