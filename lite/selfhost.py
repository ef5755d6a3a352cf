"""Put Pyodide into the JupyterLite site, so that the kernel loads nothing from another host.

Pyodide's own release tarball (core + every package) is not reachable from our machines, so the
site is assembled from what the npm registry and PyPI give:

- the npm package ``pyodide@<version>``: the core only (``pyodide.mjs``, the WebAssembly
  interpreter, the standard library and ``pyodide-lock.json``), no package wheels;
- for the lock entries the kernel needs (``micropip`` and what the kernel and our wheels require,
  with their dependencies in the lock), the same version's pure-Python wheel from PyPI, copied
  under the lock's file name;
- PyPI's wheels are not byte-identical to Pyodide's own builds, so the copied lock gets their
  sha256 (Pyodide checks it when it loads a package).

Compiled packages (numpy, matplotlib …) are Pyodide builds that exist only on its CDN: a
notebook that needs one cannot run on a self-hosted site (``lite/adapt.py`` leaves it out).
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

#: The core files of the npm package that the site serves.
CORE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: What the kernel loads at start, before any notebook code: ``micropip`` (``initPackageManager``), then
#: ``piplite.install`` of these (``initKernel`` in jupyterlite-pyodide-kernel's web worker).
KERNEL_START_PACKAGES = ("micropip", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
KERNEL_WHEELS = "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi"


def log(message: str) -> None:
    """One line of progress on stderr."""
    print(f"[lite] {message}", file=sys.stderr, flush=True)


def normalize(name: str) -> str:
    """A package name as Python packaging compares it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def npm_pyodide(version: str, cache: Path) -> Path:
    """The unpacked npm package ``pyodide@version`` (``npm pack``, kept in ``cache``)."""
    package = cache / f"pyodide-{version}" / "package"
    if not (package / "pyodide-lock.json").exists():
        log(f"npm pack pyodide@{version}")
        package.parent.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("self-hosting Pyodide needs npm (Node.js)")
        subprocess.run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(package.parent)],
                       check=True, capture_output=True, text=True)
        with tarfile.open(package.parent / f"pyodide-{version}.tgz") as tar:
            if hasattr(tarfile, "data_filter"):  # Python >= 3.10.12: refuse odd paths and links
                tar.extraction_filter = tarfile.data_filter
            tar.extractall(package.parent)
    return package


def requirements_of(wheel: Path) -> set[str]:
    """Normalized names a wheel requires, leaving out those only for extras."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = (name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        message = email.parser.Parser().parsestr(archive.read(metadata).decode())
    names = set()
    for requirement in message.get_all("Requires-Dist") or []:
        spec, _, marker = requirement.partition(";")
        if "extra" not in marker:
            names.add(normalize(re.match(r"[A-Za-z0-9._-]+", spec.strip()).group()))
    return names


def lock_closure(packages: dict[str, dict], names: set[str]) -> list[str]:
    """The lock entries among ``names`` and, recursively, their ``depends`` in the lock."""
    todo, seen = sorted(name for name in names if name in packages), set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [normalize(dep) for dep in packages[name]["depends"]]
    return sorted(seen)


def needed_lock_packages(lock: dict, wheels: list[Path]) -> list[str]:
    """Lock entries the kernel loads at start or that the site's wheels (piplite's index) require."""
    packages = {normalize(name): entry for name, entry in lock["packages"].items()}
    names = {normalize(name) for name in KERNEL_START_PACKAGES}
    for wheel in wheels:
        names |= requirements_of(wheel)
    return lock_closure(packages, names)


def download_wheels(python: Path, lock: dict, names: list[str], dest: Path) -> dict[str, Path]:
    """PyPI's pure-Python wheel of each lock entry, at the lock's version; keyed by name."""
    entries = {normalize(name): entry for name, entry in lock["packages"].items()}
    compiled = [name for name in names if not entries[name]["file_name"].endswith("-none-any.whl")]
    if compiled:
        raise SystemExit(f"compiled Pyodide packages cannot be self-hosted from PyPI: {compiled}")
    dest.mkdir(parents=True, exist_ok=True)
    specs = [f"{entries[name]['name']}=={entries[name]['version']}" for name in names]
    subprocess.run([python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    "--platform", "any", "--python-version", "3.14", "--implementation", "py",
                    "-d", str(dest), *specs], check=True, capture_output=True, text=True)
    found = {}
    for wheel in dest.glob("*.whl"):
        name, version = wheel.name.split("-")[:2]
        if normalize(name) in entries and entries[normalize(name)]["version"] == version:
            found[normalize(name)] = wheel
    missing = sorted(set(names) - set(found))
    if missing:
        raise SystemExit(f"pip download gave no wheel for {missing}")
    return {name: found[name] for name in names}


def wheel_name_version(wheel: Path) -> tuple[str, str]:
    """The normalized name and the version a wheel's file name gives."""
    name, version = wheel.name.split("-")[:2]
    return normalize(name), version


def newest_wheels(wheels: list[Path]) -> dict[str, Path]:
    """One wheel per package, the highest version (piplite's index has two stubs of widgetsnbextension)."""
    def key(wheel: Path) -> tuple[int, ...]:
        return tuple(int(part) if part.isdigit() else 0 for part in wheel_name_version(wheel)[1].split("."))

    newest: dict[str, Path] = {}
    for wheel in sorted(wheels, key=key):
        newest[wheel_name_version(wheel)[0]] = wheel
    return newest


def add_to_lock(lock: dict, wheels: list[Path], target: Path) -> list[str]:
    """Put ``wheels`` (the site's and the kernel's own) into ``lock`` and ``target``; returns their names.

    Each becomes a lock entry like Pyodide's own (its ``depends`` are its requirements that the lock has),
    so that ``loadPyodide`` can load it by name with everything else, in parallel.
    """
    added = newest_wheels(wheels)
    known = {normalize(name) for name in lock["packages"]} | set(added)
    for name, wheel in added.items():
        shutil.copy2(wheel, target / wheel.name)
        lock["packages"][name] = {
            "name": name, "version": wheel_name_version(wheel)[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": [], "unvendored_tests": False,
            "depends": sorted(requirements_of(wheel) & known),
        }
    return sorted(added)


#: Run by Pyodide itself in Node.js (``NODE_COMPILE``): puts the bytecode of every module of each wheel in
#: ``/wheels`` next to its source (``__pycache__/*.cpython-3XX.pyc``, unchecked hashes: a wheel's files get
#: new times when unpacked), so that the browser imports the kernel's modules without compiling them.
#: Compiling IPython and its stack in the browser is most of the kernel's start; the bytecode is made by
#: the same Python as the browser's, so it is the bytecode the browser would make.
PY_COMPILE = """
import importlib.util, io, pathlib, sys, zipfile
site = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
for wheel in sorted(pathlib.Path("/wheels").glob("*.whl")):
    source = zipfile.ZipFile(io.BytesIO(wheel.read_bytes()))
    names = source.namelist()
    if any("__pycache__/" in name for name in names):
        continue
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        added, record = [], None
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            target.writestr(info, data)
            if not info.filename.endswith(".py") or ".data/" in info.filename.split(".dist-info/")[0]:
                continue
            try:
                code = compile(data, site + info.filename, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue
            pyc = importlib.util.cache_from_source(info.filename)
            target.writestr(pyc, importlib._bootstrap_external._code_to_hash_pyc(
                code, importlib.util.source_hash(data), checked=False))
            added.append(pyc)
        if record is not None:
            text = record[1].decode().rstrip("\\n") + "\\n" + "".join(f"{name},,\\n" for name in added)
            target.writestr(record[0], text)
    wheel.write_bytes(out.getvalue())
"""
NODE_COMPILE = """
import { loadPyodide } from %s;
const pyodide = await loadPyodide({ indexURL: %s });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: %s }, "/wheels");
await pyodide.runPythonAsync(%s);
"""


def precompile(package: Path, target: Path) -> None:
    """Add the bytecode of their modules to the wheels in ``target``, made by the npm package's Pyodide in Node.js."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("self-hosting Pyodide needs Node.js")
    script = NODE_COMPILE % (json.dumps((package / "pyodide.mjs").as_uri()), json.dumps(str(package) + "/"),
                             json.dumps(str(target)), json.dumps(PY_COMPILE))
    result = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        raise SystemExit(f"compiling the wheels' modules in Pyodide failed:\n{result.stderr[-3000:]}")


def self_host_pyodide(python: Path, version: str, site: Path, wheels: list[Path], cache: Path) -> list[str]:
    """Copy Pyodide ``version`` and the wheels its kernel needs into ``site/static/pyodide/``.

    Returns the packages the kernel should have ``loadPyodide`` load at once (``loadPyodideOptions.packages``):
    what it installs at start, piplite, and the site's wheels (cardwidgets and its requirements).
    """
    package = npm_pyodide(version, cache)
    target = site / "static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        shutil.copy2(package / name, target / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    kernel_wheels = sorted((site / KERNEL_WHEELS).glob("*.whl"))
    names = needed_lock_packages(lock, [*wheels, *kernel_wheels])
    downloaded = download_wheels(python, lock, names, cache / f"pyodide-{version}-wheels")
    for entry in lock["packages"].values():
        wheel = downloaded.get(normalize(entry["name"]))
        if wheel is not None:
            shutil.copy2(wheel, target / entry["file_name"])
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    site_wheels = [wheel for wheel in [*wheels, *kernel_wheels]
                   if wheel_name_version(wheel)[0] not in {normalize(name) for name in lock["packages"]}]
    added = add_to_lock(lock, site_wheels, target)
    precompile(package, target)
    for entry in lock["packages"].values():
        wheel = target / entry["file_name"]
        if wheel.suffix == ".whl" and wheel.exists():
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock))
    log(f"self-hosted Pyodide {version} with {len(names)} wheels: {', '.join(names)}; "
        f"and in its lock file: {', '.join(added)}")
    return sorted({*(normalize(name) for name in KERNEL_START_PACKAGES), *added})
