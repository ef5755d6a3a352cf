"""The JupyterLite build without a browser: notebook adaptation and what Pyodide lacks.

``tests/browser/test_lite.py`` builds and runs the whole site; these checks are fast and need no
network: ``lite/adapt.py`` on the real notebooks, and cardwidgets importing nothing a browser
cannot do.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardwidgets.i18n import set_locale

REPO = Path(__file__).resolve().parents[1]
#: Modules that cannot work in Pyodide (no processes, no sockets, no C libraries). ``threading`` imports
#: there and its locks work, but no thread can start: see ``test_threads_start_only_where_they_can``.
UNAVAILABLE_IN_PYODIDE = {"subprocess", "multiprocessing", "concurrent", "socket", "ctypes", "signal"}


def load_adapt() -> ModuleType:
    """``lite/adapt.py`` (a script's module, not part of the package)."""
    spec = importlib.util.spec_from_file_location("lite_adapt", REPO / "lite" / "adapt.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


adapt = load_adapt()


@pytest.fixture(scope="module")
def site_notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("lite") / "contents"
    adapt.adapt_notebooks(REPO / "notebooks", dest)
    return dest


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [adapt.source(cell) for cell in cells if cell["cell_type"] == "code"]


def test_site_has_every_notebook_but_those_left_out(site_notebooks):
    expected = {path.name for path in (REPO / "notebooks").glob("*.ipynb")} - set(adapt.LEFT_OUT)
    assert {path.name for path in site_notebooks.glob("*.ipynb")} == expected
    assert "05-strategy.ipynb" in adapt.LEFT_OUT
    assert (site_notebooks / "records" / "nimby" / "nim-5-follow-trumps.json").is_file()  # paths the notebooks use


def test_every_notebook_installs_cardwidgets_first_with_the_pyodide_kernel(site_notebooks):
    for path in [*site_notebooks.glob("*.ipynb"), *site_notebooks.glob("ru/*.ipynb")]:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"] == {"name": "python", "display_name": "Python (Pyodide)",
                                                      "language": "python"}, path.name
        assert code_cells(path)[0].splitlines()[-1] == "%pip install cardwidgets", path.name
        assert len({cell["id"] for cell in notebook["cells"]}) == len(notebook["cells"]), path.name


def test_no_code_cell_needs_what_pyodide_lacks(site_notebooks):
    for path in [*site_notebooks.glob("*.ipynb"), *site_notebooks.glob("ru/*.ipynb")]:
        for cell in code_cells(path):
            assert "subprocess." not in cell, (path.name, cell)
            assert "matplotlib" not in cell, (path.name, cell)
    notes = [adapt.source(cell) for cell in json.loads((site_notebooks / "00-start-here.ipynb").read_text())["cells"]]
    assert any("05-strategy" in note and "in your browser" in note for note in notes)


def test_site_has_the_russian_edition(site_notebooks):
    expected = {path.name for path in (REPO / "notebooks" / "ru").glob("*.ipynb")} - set(adapt.LEFT_OUT)
    assert {"01-nimby.ipynb", "02-tumbochka.ipynb", "06-analysis.ipynb"} <= expected
    assert {path.name for path in (site_notebooks / "ru").glob("*.ipynb")} == expected
    # Every notebook the site has in English it has in Russian too, and no other.
    assert {path.name for path in site_notebooks.glob("*.ipynb")} == expected
    cells = json.loads((site_notebooks / "ru" / "04-instructor.ipynb").read_text(encoding="utf-8"))["cells"]
    notes = [adapt.source(cell) for cell in cells if cell["id"] in ("lite-cli-note", "lite-voila-note")]
    assert len(notes) == 2
    assert all("браузер" in note for note in notes)


@pytest.mark.parametrize("name", ["04-instructor.ipynb", "ru/04-instructor.ipynb"])
def test_instructor_notebook_runs_its_command_in_process(site_notebooks, name):
    # Every code cell of the adapted 04 but the %pip line, in one namespace, from the notebook's folder.
    namespace: dict[str, object] = {}
    cwd = Path.cwd()
    os.chdir((site_notebooks / name).parent)
    try:
        with contextlib.redirect_stdout(None):
            for cell in code_cells(site_notebooks / name)[1:]:
                exec(compile(cell, "04-instructor", "exec"), namespace)
    finally:
        os.chdir(cwd)
        set_locale(None)  # the ru edition sets Russian process-wide: later tests expect the default back
    assert namespace["returncode"] == 0


def test_an_edit_whose_cell_is_gone_fails_the_build():
    cells = [adapt.markdown("a", "# Title"), adapt.code("b", "print(1)")]
    with pytest.raises(ValueError, match="in 0 cells"):
        adapt.apply_edit(cells, adapt.Edit("x.ipynb", "subprocess.run(", ()))
    replaced = adapt.apply_edit(cells, adapt.Edit("x.ipynb", "print(1)", (adapt.code("c", "print(2)"),), replace=True))
    assert [cell["id"] for cell in replaced] == ["a", "c"]


def notebooks_copy(parent: Path) -> Path:
    """A copy of the real notebooks and records in ``parent / "notebooks"``."""
    source, dest = REPO / "notebooks", parent / "notebooks"
    for path in [*source.glob("*.ipynb"), *source.glob("ru/*.ipynb"), *source.glob("records/*/*.json")]:
        (dest / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest / path.relative_to(source))
    return dest


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "init.defaultBranch=main", *args], cwd=cwd, check=True, capture_output=True)


def published(site: Path) -> set[str]:
    return {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}


def left_out(names: set[str]) -> set[str]:
    """The notebooks of ``names`` the site leaves out, in either language (``05-strategy``, ``ru/05-strategy``)."""
    return {name for name in names if Path(name).name in adapt.LEFT_OUT}


def test_site_has_only_what_git_tracks_and_the_notebooks_need(tmp_path):
    # Only tracked files the notebooks need are published: never a .env or a draft never committed.
    source = notebooks_copy(tmp_path / "repo")
    git(tmp_path / "repo", "init", "-q")
    (source / "notes.txt").write_text("tracked, but no notebook needs it\n")
    (source / "records" / ".hidden.json").write_text("{}\n")
    git(tmp_path / "repo", "add", "-f", ".")
    expected = published(source) - {"notes.txt", "records/.hidden.json"} - left_out(published(source))
    (source / ".env").write_text("TOKEN=secret\n")
    (source / "records" / "nimby" / "draft.json").write_text("{}\n")
    (source / "draft.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))

    site = tmp_path / "site"
    adapt.adapt_notebooks(source, site)

    assert published(site) == expected
    assert {".env", "draft.ipynb", "records/nimby/draft.json", "notes.txt", "records/.hidden.json"}.isdisjoint(
        published(site)
    )
    assert "records/nimby/nim-5-follow-trumps.json" in published(site)
    assert adapt.site_files(source)[1] is True


def test_without_git_the_site_still_has_no_dotfile(tmp_path):
    source = notebooks_copy(tmp_path / "archive")  # an unpacked archive: no .git anywhere above
    expected = published(source) - left_out(published(source))
    (source / ".env").write_text("TOKEN=secret\n")
    (source / "records" / ".hidden.json").write_text("{}\n")
    (source / ".ipynb_checkpoints").mkdir()
    (source / ".ipynb_checkpoints" / "01-nimby-checkpoint.ipynb").write_text("{}\n")
    (source / "notes.txt").write_text("no notebook needs it\n")

    site = tmp_path / "site"
    adapt.adapt_notebooks(source, site)

    assert published(site) == expected
    assert not any(name.startswith(".") or "/." in name for name in published(site))
    assert "notes.txt" not in published(site)
    assert "04-instructor.ipynb" in published(site)
    assert adapt.site_files(source)[1] is False  # the build says the site did not come from git


def imported_modules(path: Path) -> set[str]:
    """Top-level names of the modules a Python file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


#: Imports inside code that runs only in CPython, never in Pyodide: (file, module) and why.
CPYTHON_ONLY = {
    ("cardwidgets/analysis/wasm_core.py", "ctypes"),  # the wasmtime loader's madvise (2 MB pages), in one method
}


#: Modules only a Jupyter server (or Voila, or JupyterHub) process imports, never a kernel: each imports the
#: server's own packages (which Pyodide lacks too) or another of them, and no other module imports one of them.
SERVER_ONLY = {
    "cardwidgets/service/__main__.py": "cardwidgets.service.__main__",  # the JupyterHub service's command
    "cardwidgets/service/extension.py": "cardwidgets.service.extension",
    "cardwidgets/service/handlers.py": "cardwidgets.service.handlers",
    "cardwidgets/service/hub.py": "cardwidgets.service.hub",
    "cardwidgets/service/voila_app.py": "cardwidgets.service.voila_app",
}
#: The packages a server-only module is made of (none of them is in Pyodide).
SERVER_PACKAGES = {"jupyter_server", "tornado", "voila"}


def imported_names(path: Path) -> set[str]:
    """The full dotted names of the modules a Python file imports (``from a.b import c``: ``a.b`` and ``a.b.c``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_cardwidgets_imports_nothing_pyodide_lacks():
    for path in sorted((REPO / "cardwidgets").rglob("*.py")):
        where = str(path.relative_to(REPO))
        if where in SERVER_ONLY:
            continue  # never imported in a kernel (the test below)
        allowed = {module for file, module in CPYTHON_ONLY if file == where}
        assert not (imported_modules(path) - allowed) & UNAVAILABLE_IN_PYODIDE, where


def test_a_server_only_module_is_imported_by_server_only_modules():
    """A server-only module imports the server's packages (or another such), and only another such imports it."""
    for file in SERVER_ONLY:
        assert imported_modules(REPO / file) & SERVER_PACKAGES or imported_names(REPO / file) & set(
            SERVER_ONLY.values()), file
    for path in sorted((REPO / "cardwidgets").rglob("*.py")):
        where = str(path.relative_to(REPO))
        if where not in SERVER_ONLY:
            assert not imported_names(path) & set(SERVER_ONLY.values()), where


def test_a_cpython_only_import_is_not_at_module_level():
    """An allowed import sits inside a function, so importing the module in Pyodide never runs it."""
    for file, module in CPYTHON_ONLY:
        tree = ast.parse((REPO / file).read_text(encoding="utf-8"))
        top = {alias.name.split(".")[0] for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
        assert module not in top, file


def test_threads_start_only_where_they_can():
    """A module that starts a thread must first ask whether threads run here (not in Pyodide)."""
    for path in sorted((REPO / "cardwidgets").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "Thread(" in text:
            assert "emscripten" in text or "AVAILABLE" in text, path.relative_to(REPO)


def load_build() -> ModuleType:
    """``lite/build.py`` (it imports ``adapt`` and ``selfhost`` from its own folder)."""
    sys.path.insert(0, str(REPO / "lite"))
    try:
        spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(REPO / "lite"))
    return module


def make_pages(build: ModuleType, site: Path) -> None:
    """The pages of ``build.LINK_PAGES``, each with JupyterLab's title in its head."""
    for app in build.LINK_PAGES:
        (site / app).mkdir()
        (site / app / "index.html").write_text("<html>\n<head>\n<title>JupyterLite</title>\n</head></html>\n")


def test_the_sites_pages_keep_a_deal_links_fragment(tmp_path):
    """JupyterLite drops the fragment as it opens a notebook: lab/ and notebooks/ keep it for open.ipynb first."""
    build = load_build()
    make_pages(build, tmp_path)
    build.keep_deal_links(tmp_path)
    for app in build.LINK_PAGES:
        html = (tmp_path / app / "index.html").read_text()
        assert html.index("cardwidgets-deal-link") < html.index("<title>"), app  # before JupyterLab's own scripts
        assert 'sessionStorage.setItem("cardwidgets-deal-link", location.hash)' in html
    keeper = (REPO / "js" / "link" / "index.ts").read_text()
    assert 'KEPT = "cardwidgets-deal-link"' in keeper  # the name the widget reads
    (tmp_path / "lab" / "index.html").write_text("<html></html>")
    with pytest.raises(SystemExit, match="expected one <head>"):
        build.keep_deal_links(tmp_path)


def test_the_pages_prefetch_the_kernels_largest_files(tmp_path):
    """As JupyterLab starts, the browser already fetches what the kernel's worker will ask for."""
    build = load_build()
    make_pages(build, tmp_path)
    made = build.snapshot.Snapshot(14_500_000, "0123456789abcdef")
    build.prefetch_kernel_files(tmp_path, made)
    for app in build.LINK_PAGES:
        html = (tmp_path / app / "index.html").read_text()
        for name in ("kernel.snapshot.gz?v=0123456789abcdef", "pyodide.asm.wasm"):
            assert f'<link rel="prefetch" href="../static/pyodide/{name}">' in html, app
        assert html.index("prefetch") < html.index("<title>"), app


def test_the_kernel_asks_for_the_snapshot_of_its_own_build(tmp_path):
    """The loader is named with the snapshot's version and passes it on: a browser that kept an earlier build's
    snapshot asks for this one's (a stale snapshot would restore old modules over new packages)."""
    build = load_build()
    site = tmp_path / "site"
    site.mkdir()
    config = {"jupyter-config-data": {"litePluginSettings": {build.KERNEL_PLUGIN: {"pyodideUrl": "x"}}}}
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    made = build.snapshot.Snapshot(1, "fedcba9876543210")
    build.set_kernel_settings(site, pyodideUrl=f"{build.SELF_HOSTED_PYODIDE_URL}?{made.query}")
    kernel = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    assert kernel[build.KERNEL_PLUGIN]["pyodideUrl"] == "./static/pyodide/kernel-pyodide.mjs?v=fedcba9876543210"
    assert made.address == "kernel.snapshot.gz?v=fedcba9876543210"
    loader = build.snapshot.LOADER.read_text()
    assert "new URL(import.meta.url).search" in loader  # the loader's query goes on to the snapshot


def test_the_service_worker_leaves_the_sites_files_to_the_browser(tmp_path):
    """With its cache off, JupyterLite's service worker answers only the drive and input; a worker it does
    not know fails the build rather than being left as it is."""
    build = load_build()
    old, new = build.SERVICE_WORKER_PASS
    worker = tmp_path / "service-worker.js"
    worker.write_text(f"function onFetch(e){{let n=null;shouldDrop(a)?n=broadcastOne(t,a):{old},n&&e.respondWith(n)}}")
    build.serve_files_directly(tmp_path)
    patched = worker.read_text()
    assert new in patched
    assert "!enableCache||(n=maybeFromCache(e))" in patched  # no answer (n stays null) unless the cache is on
    worker.write_text("self.addEventListener('fetch', e => e.respondWith(fetch(e.request)))")
    with pytest.raises(SystemExit, match="not the service worker"):
        build.serve_files_directly(tmp_path)


def test_the_kernels_snapshot_stops_before_the_kernel_itself():
    """The snapshot imports what the kernel imports, its mocks first, but never the kernel package: its shell
    starts in the browser, in the learner's drive. The site's kernel loads Pyodide through the snapshot's loader."""
    build = load_build()
    prelude = build.snapshot.KERNEL_PRELUDE
    assert "import pyodide_kernel" not in prelude
    assert "import ipykernel" not in prelude  # the stub's comm module imports pyodide_kernel
    assert prelude.index("apply_mocks()") < prelude.index("import IPython")
    assert build.SELF_HOSTED_PYODIDE_URL.endswith("/" + build.snapshot.LOADER_NAME)
    loader = build.snapshot.LOADER.read_text()
    assert 'from "./pyodide.mjs"' in loader
    assert build.snapshot.SNAPSHOT_NAME in loader


def fake_wheel(folder: Path, name: str, version: str, requires: tuple[str, ...] = ()) -> Path:
    """A pure-Python wheel with one module and the requirements given."""
    import zipfile

    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {requirement}\n" for requirement in requires)
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(f"{name}/__init__.py", "")
        archive.writestr(f"{name}-{version}.dist-info/METADATA", metadata)
    return wheel


def test_the_kernels_packages_and_cardwidgets_load_from_the_lock_file_at_once(tmp_path):
    """The site's wheels join Pyodide's lock file, and the kernel has loadPyodide load them all in one step."""
    build = load_build()
    selfhost = build.selfhost
    wheels = [
        fake_wheel(tmp_path, "cardwidgets", "0.1.0", ("anywidget>=0.9", "traitlets", "pytest; extra == 'test'")),
        fake_wheel(tmp_path, "anywidget", "0.11.0", ("psygnal",)),
        fake_wheel(tmp_path, "widgetsnbextension", "3.6.999"),
        fake_wheel(tmp_path, "widgetsnbextension", "4.0.999"),
    ]
    target = tmp_path / "pyodide"
    target.mkdir()
    lock = {"packages": {"traitlets": {"name": "traitlets", "depends": []}}}
    assert selfhost.add_to_lock(lock, wheels, target) == ["anywidget", "cardwidgets", "widgetsnbextension"]
    entry = lock["packages"]["cardwidgets"]
    assert entry["file_name"] == "cardwidgets-0.1.0-py3-none-any.whl"
    assert (target / entry["file_name"]).is_file()
    assert entry["depends"] == ["anywidget", "traitlets"]  # what the lock has; extras left out
    assert lock["packages"]["anywidget"]["depends"] == []  # psygnal is not in this lock
    assert lock["packages"]["widgetsnbextension"]["version"] == "4.0.999"  # the newest of the kernel's two stubs

    site = tmp_path / "site"
    site.mkdir()
    config = {"jupyter-config-data": {"litePluginSettings": {build.KERNEL_PLUGIN: {"pyodideUrl": "x"}}}}
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    build.preload_packages(site, ["cardwidgets", "ipython"])
    kernel = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    expected = {"pyodideUrl": "x", "loadPyodideOptions": {"packages": ["cardwidgets", "ipython"]}}
    assert kernel[build.KERNEL_PLUGIN] == expected
