"""The front-end checks run as part of the suite: ``npm test`` type-checks ``js/`` and the games' ``js/``
(``tsc``), then runs ``js/test/`` with Node's test runner and jsdom.

They draw the real kernel states of ``js/test/fixtures/`` (written by ``js/test/make_fixtures.py``);
the first test fails when those fixtures do not match what the widgets sync, so the front-end
is always tested against today's kernel. CI requires Node (``CARDWIDGETS_REQUIRE_BROWSER=1``);
elsewhere a missing Node or ``npm ci`` is a skip with the reason.

A game's own widget has its front-end beside its Python (``games/<game>/js/<widget>/``), and
``js/build.mjs`` bundles it from there with no edit to the build.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import pkgutil
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
FIXTURES = ROOT / "js" / "test" / "fixtures"
REQUIRED = os.environ.get("CARDWIDGETS_REQUIRE_BROWSER") == "1"


def make_fixtures():
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "js" / "test" / "make_fixtures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fixtures_are_what_the_widgets_sync_today(tmp_path: Path) -> None:
    written = make_fixtures().write(tmp_path)
    names = {p.name for p in FIXTURES.glob("*.json")}
    assert {p.name for p in written} == names, "run: python js/test/make_fixtures.py"
    for path in written:
        fresh = json.loads(path.read_text(encoding="utf-8"))
        committed = json.loads((FIXTURES / path.name).read_text(encoding="utf-8"))
        assert fresh == committed, f"{path.name} is stale: run python js/test/make_fixtures.py and review the diff"


def test_front_end_unit_tests_pass() -> None:
    needs = (("npm", shutil.which("npm")), ("npm ci", (ROOT / "node_modules" / "typescript").is_dir()))
    missing = [what for what, ok in needs if not ok]
    if missing:
        if REQUIRED:
            pytest.fail(f"front-end tests need {' and '.join(missing)}")
        pytest.skip(f"front-end tests need {' and '.join(missing)} (make test installs them when npm is there)")
    run = subprocess.run(["npm", "test"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.M)
    failed = re.search(r"^# fail (\d+)$", run.stdout, re.M)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert passed is not None
    assert failed is not None
    assert int(failed.group(1)) == 0
    assert int(passed.group(1)) >= 40, run.stdout[-2000:]


def copy_of_the_front_end(tmp_path: Path) -> Path:
    """The build's inputs in a fresh folder (js/, the games' js/, package.json), with this checkout's node_modules."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "js", copy / "js", ignore=shutil.ignore_patterns(".build"))
    for front in sorted((ROOT / "cardwidgets" / "games").glob("*/js")):
        shutil.copytree(front, copy / front.relative_to(ROOT))
    shutil.copy(ROOT / "package.json", copy / "package.json")
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    return copy


def build(folder: Path) -> subprocess.CompletedProcess[str]:
    if not (shutil.which("node") and (ROOT / "node_modules" / "esbuild").is_dir()):
        if REQUIRED:
            pytest.fail("the bundle's build needs node and npm ci")
        pytest.skip("the bundle's build needs node and npm ci (make test installs them when npm is there)")
    return subprocess.run(
        ["node", "js/build.mjs"], cwd=folder, capture_output=True, text=True, timeout=120, check=False
    )


def test_a_games_own_widget_is_bundled_from_its_folder_with_no_edit_to_the_build(tmp_path: Path) -> None:
    """``cardwidgets/games/<game>/js/<widget>/`` (index.ts, <widget>.css) becomes static/<widget>.js and .css."""
    copy = copy_of_the_front_end(tmp_path)
    widget = copy / "cardwidgets" / "games" / "probe" / "js" / "probe"
    widget.mkdir(parents=True)
    (widget / "index.ts").write_text(
        'import { el } from "../../../../../js/dom.js";\n'
        "export default { render: ({ el: host }: { el: HTMLElement }) => host.appendChild(el('div', 'cw-probe')) };\n",
        encoding="utf-8",
    )
    (widget / "probe.css").write_text('@import "../../../../../js/table.css";\n.cw-probe { color: red; }\n', "utf-8")
    run = build(copy)
    assert run.returncode == 0, run.stdout + run.stderr
    static = copy / "cardwidgets" / "static"
    assert "cw-probe" in (static / "probe.js").read_text(encoding="utf-8")
    assert ".cw-probe" in (static / "probe.css").read_text(encoding="utf-8")
    for bundle in sorted((ROOT / "cardwidgets" / "static").iterdir()):  # and the same bundles as the committed ones
        assert (static / bundle.name).is_file(), bundle.name


def test_two_widgets_of_one_name_stop_the_build(tmp_path: Path) -> None:
    """Both would write the same bundle: the build names the two folders instead of keeping one."""
    copy = copy_of_the_front_end(tmp_path)
    taken = sorted(copy.glob("cardwidgets/games/*/js/*/index.ts"))[0].parent.name
    twin = copy / "cardwidgets" / "games" / "probe" / "js" / taken
    twin.mkdir(parents=True)
    (twin / "index.ts").write_text("export default {};\n", encoding="utf-8")
    run = build(copy)
    assert run.returncode != 0
    assert f"two widgets would write cardwidgets/static/{taken}.js" in run.stderr, run.stderr


def test_a_games_own_widget_has_its_front_end_beside_its_python() -> None:
    """A game's widget class draws with ``static/<widget>.js``, bundled from ``games/<game>/js/<widget>/``."""
    import anywidget

    import cardwidgets.games

    bundles = {path.read_text(encoding="utf-8"): path.stem for path in (ROOT / "cardwidgets" / "static").glob("*.js")}
    found = []
    for info in pkgutil.walk_packages(cardwidgets.games.__path__, "cardwidgets.games."):
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if isinstance(cls, type) and issubclass(cls, anywidget.AnyWidget) and cls.__module__ == info.name:
                widget = bundles.get(str(cls.__dict__.get("_esm", "")), "(not a bundle of cardwidgets/static)")
                game = info.name.split(".")[2]
                source = ROOT / "cardwidgets" / "games" / game / "js" / widget / "index.ts"
                found.append((cls.__name__, source.relative_to(ROOT).as_posix(), source.is_file()))
    assert found, "no game has a widget of its own: this check has nothing to check"
    assert all(present for _, _, present in found), found
