"""Build the JupyterLite site of the teaching notebooks: ``python lite/build.py``.

The site is static files (default ``lite/_output/``) that run JupyterLab and a Python kernel
(Pyodide) entirely in the learner's browser: serve them from anywhere, e.g.
``python -m http.server -d lite/_output --bind 127.0.0.1``.

Steps, from the current checkout:

1. create or reuse the build environment ``lite/.venv`` (``lite/requirements.txt``);
2. build a wheel of cardwidgets (``pip wheel --no-deps .``) and download the wheels of
   ``lite/kernel-requirements.txt``: the browser kernel installs them with ``%pip install cardwidgets``;
3. copy the notebooks and their records (only what git tracks) adapted for the browser (``lite/adapt.py``);
4. ``jupyter lite build`` with ``lite/jupyter-lite.json``; its pages keep a deal link's fragment for
   ``open.ipynb`` (``keep_deal_links``), and its service worker leaves the site's files to the browser
   (``serve_files_directly``);
5. with ``--self-host-pyodide``, put Pyodide itself into the site (``lite/selfhost.py``), so that
   nothing is loaded from another host, and the kernel's memory snapshot with its loader
   (``lite/snapshot.py``); otherwise the site loads Pyodide from ``--pyodide-url`` (its public CDN by default).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import adapt
import selfhost
import snapshot

#: Pyodide release for jupyterlite-pyodide-kernel (lite/requirements.txt); ``check_pyodide_version`` checks.
PYODIDE_VERSION = "314.0.6"
CDN_PYODIDE_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/pyodide.mjs"
SELF_HOSTED_PYODIDE_URL = f"./static/pyodide/{snapshot.LOADER_NAME}"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Written into every site this script builds: only such a folder is ever deleted by the next build.
SITE_MARKER = ".cardwidgets-lite-site"

LITE = Path(__file__).resolve().parent
REPO = LITE.parent
REQUIREMENTS = (LITE / "requirements.txt", LITE / "kernel-requirements.txt")


def log(message: str) -> None:
    """One line of progress on stderr."""
    print(f"[lite] {message}", file=sys.stderr, flush=True)


def run(cmd: list[str | Path], **kwargs: object) -> None:
    """Run a command; stop the build with its output if it fails."""
    result = subprocess.run([str(part) for part in cmd], capture_output=True, text=True, check=False, **kwargs)
    if result.returncode != 0:
        raise SystemExit(f"command failed ({result.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--help``)."""
    parser = argparse.ArgumentParser(description="Build the JupyterLite site of the teaching notebooks.")
    parser.add_argument("--output-dir", type=Path, default=LITE / "_output", help="where the site goes")
    parser.add_argument("--pyodide-url", default=CDN_PYODIDE_URL, help="pyodide.mjs for a normal deployment")
    parser.add_argument(
        "--self-host-pyodide",
        action="store_true",
        help="put Pyodide (npm package + the pure-Python wheels the kernel loads) into the site; no CDN, no PyPI",
    )
    parser.add_argument("--venv", type=Path, default=LITE / ".venv", help="the build environment")
    parser.add_argument("--cache-dir", type=Path, default=LITE / ".cache", help="downloads kept between builds")
    return parser.parse_args(argv)


# ----- 1. the build environment --------------------------------------------------------------------
def requirements_digest() -> str:
    """A digest of the pinned requirements: the environment is reinstalled when it changes."""
    digest = hashlib.sha256()
    for path in REQUIREMENTS:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv(venv: Path) -> Path:
    """Create (or reuse) the build environment; returns its Python."""
    python = venv / "bin" / "python"
    stamp = venv / "cardwidgets-lite.sha256"
    if python.exists() and stamp.exists() and stamp.read_text() == requirements_digest():
        return python
    log(f"installing the build environment into {venv}")
    if not python.exists():
        run([sys.executable, "-m", "venv", venv])
    run([python, "-m", "pip", "install", "--quiet", "-r", LITE / "requirements.txt"])
    stamp.write_text(requirements_digest())
    return python


def check_pyodide_version(python: Path) -> None:
    """Fail if jupyterlite-pyodide-kernel expects another Pyodide than ``PYODIDE_VERSION``."""
    code = (
        "import json, sys, pathlib; p = pathlib.Path(sys.prefix, 'share/jupyter/labextensions/"
        "@jupyterlite/pyodide-kernel-extension/static/schema/kernel.v0.schema.json');"
        "print(json.loads(p.read_text())['properties']['pyodideUrl']['default'])"
    )
    default_url = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    if f"/v{PYODIDE_VERSION}/" not in default_url:
        raise SystemExit(f"PYODIDE_VERSION {PYODIDE_VERSION} does not match the kernel's default {default_url}")


# ----- 2. wheels for the browser kernel -------------------------------------------------------------
def build_wheels(python: Path, dest: Path) -> list[Path]:
    """The cardwidgets wheel from the checkout, and the pure-Python wheels it needs in the browser."""
    dest.mkdir(parents=True, exist_ok=True)
    run([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", dest, REPO])
    run([python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--platform", "any",
         "--python-version", "3.14", "--implementation", "py", "-d", dest, "-r", LITE / "kernel-requirements.txt"])
    wheels = sorted(dest.glob("*.whl"))
    impure = [wheel.name for wheel in wheels if not wheel.name.endswith("-none-any.whl")]
    if impure:
        raise SystemExit(f"the browser can only install pure-Python wheels, not {impure}")
    return wheels


# ----- 4. jupyter lite build ------------------------------------------------------------------------
def write_lite_config(lite_dir: Path, pyodide_url: str, *, offline: bool) -> None:
    """``jupyter-lite.json`` for this build: ``lite/jupyter-lite.json`` with where Pyodide comes from."""
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    kernel["pyodideUrl"] = pyodide_url
    if offline:
        kernel["disablePyPIFallback"] = True  # %pip installs only what the site bundles
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")


def set_kernel_settings(output: Path, **settings: object) -> None:
    """Set the Pyodide kernel's ``settings`` in the built site's ``jupyter-lite.json``."""
    config_path = output / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN].update(settings)
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def preload_packages(output: Path, packages: list[str]) -> None:
    """Have ``loadPyodide`` load ``packages`` from the lock file, all at once, as the kernel starts.

    The kernel's worker otherwise installs micropip, piplite, then its own packages one by one, each
    through micropip; the ones listed in ``loadPyodideOptions.packages`` it leaves alone (they are there).
    """
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    options = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN].get("loadPyodideOptions", {})
    set_kernel_settings(output, loadPyodideOptions={**options, "packages": packages})


def lite_build(python: Path, lite_dir: Path, contents: Path, wheels: list[Path], output: Path) -> None:
    """Run ``jupyter lite build`` in ``lite_dir`` with Jupyter's user-level state kept out."""
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(lite_dir / ".jupyter-config"),
        "JUPYTER_DATA_DIR": str(lite_dir / ".jupyter-data"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    env.pop("JUPYTER_PATH", None)
    wheel_args = [arg for wheel in wheels for arg in ("--piplite-wheels", wheel)]
    cmd = [python, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir, "--contents", contents,
           "--output-dir", output, "--no-sourcemaps", *wheel_args]
    run(cmd, cwd=lite_dir, env=env)


#: The apps whose page may open a deal link (``lab/index.html?path=open.ipynb#deal=…``).
LINK_PAGES = ("lab", "notebooks")
#: Put first into those pages' ``<head>``: JupyterLite drops the address's fragment as it opens the notebook,
#: before ``open.ipynb``'s widget can read it (``js/link/index.ts``), so the page keeps it in sessionStorage
#: (this tab only) under the name the widget reads.
LINK_KEEPER = """<script>/* cardwidgets: keep a deal link's fragment for open.ipynb */
try { if (/(^|[#&])deal=/.test(location.hash)) sessionStorage.setItem("cardwidgets-deal-link", location.hash); }
catch (e) {}
</script>"""


def add_to_heads(output: Path, html: str) -> None:
    """Put ``html`` first into the ``<head>`` of the pages of ``LINK_PAGES``; fail if a page has no ``<head>``."""
    for app in LINK_PAGES:
        page = output / app / "index.html"
        text = page.read_text(encoding="utf-8")
        if text.count("<head>") != 1:
            raise SystemExit(f"{page}: expected one <head> to add to")
        page.write_text(text.replace("<head>", "<head>\n" + html, 1), encoding="utf-8")


def keep_deal_links(output: Path) -> None:
    """Add ``LINK_KEEPER`` to the pages of ``LINK_PAGES``."""
    add_to_heads(output, LINK_KEEPER)


#: The kernel's largest files, asked for as the page opens: the kernel's worker is made only once JupyterLab
#: has started (2–3 s in), and then finds them in the browser's cache. A cold start on 127.0.0.1 took 0.5 s
#: less (``benchmarks/lite.py``); over a real network the download overlaps JupyterLab's start.
PREFETCHED = ("pyodide.asm.wasm", "python_stdlib.zip")


def prefetch_kernel_files(output: Path, made: snapshot.Snapshot) -> None:
    """Have the pages of ``LINK_PAGES`` prefetch ``PREFETCHED`` and the snapshot (at the loader's address for it)."""
    names = [*PREFETCHED, made.address]
    add_to_heads(output, "".join(f'<link rel="prefetch" href="../static/pyodide/{name}">' for name in names))


#: JupyterLite's service worker, with its cache off (this site's setting), still answers every GET of the
#: site by fetching it itself. Chromium then keeps no compiled code of the kernel's WebAssembly and each
#: file crosses one more thread: a warm start took 0.3 s and 0.7 CPU s more (``benchmarks/lite.py``).
#: With the cache off it now leaves those requests to the browser; it still answers the kernel's drive
#: and input requests, which only it can.
SERVICE_WORKER_PASS = ("shouldDrop(t,a)||(n=maybeFromCache(e))", "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))")


def serve_files_directly(output: Path) -> None:
    """Patch the site's ``service-worker.js`` as ``SERVICE_WORKER_PASS`` says; fail if it is not the one we know."""
    worker = output / "service-worker.js"
    code = worker.read_text(encoding="utf-8")
    old, new = SERVICE_WORKER_PASS
    if code.count(old) != 1:
        raise SystemExit(f"{worker}: not the service worker lite/build.py knows (jupyterlite-core changed?)")
    worker.write_text(code.replace(old, new), encoding="utf-8")


def clear_output(output: Path) -> None:
    """Delete the site a previous build left in ``output``; never a folder this script did not build."""
    if not output.exists():
        return
    if any(output.iterdir()) and not (output / SITE_MARKER).is_file():
        raise SystemExit(f"{output} is not empty and is not a site built by lite/build.py: not deleting it")
    shutil.rmtree(output)


def site_size_mb(site: Path) -> float:
    """Total size of the site's files in MB (10^6 bytes)."""
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6


def build(args: argparse.Namespace) -> Path:
    """Build the site into ``args.output_dir``; returns it."""
    started = time.monotonic()
    python = ensure_venv(args.venv.resolve())
    check_pyodide_version(python)
    output = args.output_dir.resolve()
    clear_output(output)
    with tempfile.TemporaryDirectory(prefix="cardwidgets-lite-") as tmp:
        staging = Path(tmp)
        wheels = build_wheels(python, staging / "wheels")
        log("piplite wheels: " + ", ".join(wheel.name for wheel in wheels))
        adapt.adapt_notebooks(REPO / "notebooks", staging / "contents")
        if not adapt.in_git_checkout(REPO):
            log("no git checkout: the site has every notebook and record in notebooks/ (dotfiles left out)")
        for name, why in adapt.LEFT_OUT.items():
            log(f"left out {name}: {why}")
        url = SELF_HOSTED_PYODIDE_URL if args.self_host_pyodide else args.pyodide_url
        write_lite_config(staging, url, offline=args.self_host_pyodide)
        lite_build(python, staging, staging / "contents", wheels, output)
        keep_deal_links(output)
        serve_files_directly(output)
        if args.self_host_pyodide:
            packages = selfhost.self_host_pyodide(python, PYODIDE_VERSION, output, wheels, args.cache_dir.resolve())
            preload_packages(output, packages)
            made = snapshot.make_snapshot(output, packages)
            log(f"the kernel's memory snapshot: {made.size / 1e6:.1f} MB gzipped, version {made.version}")
            set_kernel_settings(output, pyodideUrl=f"{SELF_HOSTED_PYODIDE_URL}?{made.query}")
            prefetch_kernel_files(output, made)
    (output / SITE_MARKER).write_text("built by lite/build.py; the next build deletes this folder\n")
    log(f"site: {output} ({site_size_mb(output):.1f} MB, {time.monotonic() - started:.0f} s); Pyodide from {url}")
    return output


def main(argv: list[str] | None = None) -> int:
    """Entry point: ``python lite/build.py [--self-host-pyodide] [--output-dir DIR]``."""
    build(parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
