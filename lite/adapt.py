"""The teaching notebooks, adapted for the browser (JupyterLite), in the site's copy only.

Every notebook gets the Pyodide kernelspec (no "Select Kernel" dialog) and a first cell
``%pip install cardwidgets`` that installs the wheel bundled with the site. What Pyodide cannot do
is said in a markdown cell instead of failing:

- ``05-strategy`` is left out: its plots need Matplotlib, a compiled Pyodide package that is served
  only from Pyodide's CDN (see ``LEFT_OUT``);
- ``04-instructor``'s command-line cell starts a process, which a browser cannot: it calls the same
  command in-process instead; Voila needs a server (see ``EDITS``).

An edit names its cell by a piece of its text (a *marker*); if the marker does not pick exactly one
cell of its notebook, the build fails rather than ship a notebook that fails.

Only what the notebooks need is published (``needed``: the notebooks, their Russian edition in ``ru/``
and their records), and in a git
checkout only what git tracks: a dotfile (``.env``) or a file you have not committed never reaches the
site. Without git (a checkout from an archive, no ``.git``) the same patterns apply, dotfiles still left
out, and the build says so.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
INSTALL = "%pip install cardwidgets"
#: Notebooks the site leaves out, and why (the note in 00-start-here says so too).
LEFT_OUT = {
    "05-strategy.ipynb": "its plots need Matplotlib, a compiled package only Pyodide's CDN serves: "
    "an offline site cannot have it, so the test could not check the notebook",
    "07-classroom.ipynb": "shared rooms need kernels on a server that share one store (a SQLite file or Redis) "
    "and follow it in a background thread; a JupyterLite kernel runs alone in one browser tab",
}
#: The one folder of ``notebooks/`` the site needs besides the notebooks: the game records they load.
RECORDS = "records"
#: The Russian edition of the notebooks: the same notebooks one folder down, adapted alike.
RUSSIAN = "ru"

Cell = dict[str, Any]


def markdown(cell_id: str, text: str) -> Cell:
    """A markdown cell."""
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def code(cell_id: str, text: str) -> Cell:
    """A code cell that has not run."""
    return {"cell_type": "code", "id": cell_id, "metadata": {}, "execution_count": None, "outputs": [],
            "source": text}


INSTALL_CELL = code(
    "lite-install",
    f"# In the browser (JupyterLite): install cardwidgets from the wheel that comes with this site.\n{INSTALL}",
)

BROWSER_NOTE = markdown("lite-browser-note", """\
> **You are running cardwidgets in your browser** ([JupyterLite](https://jupyterlite.readthedocs.io)):
> Python runs on this page (Pyodide), nothing is installed and no server is needed. The first cell of
> every notebook installs cardwidgets; files you save stay in this browser's storage.
> `05-strategy` is not part of this site (its plots need Matplotlib), and the command line and Voila need
> Python on a computer: for those, install cardwidgets with `make lab` (see the README), or use Binder.""")

CLI_NOTE = markdown("lite-cli-note", """\
*In the browser there is no command line: Pyodide cannot start a process. On your computer this cell runs
`python -m cardwidgets replay seed-example.json`; here it calls the same command in-process.*""")

CLI_CELL = code("lite-cli-in-process", """\
# NBVAL_CHECK_OUTPUT
import contextlib
import io

from cardwidgets import cli

path = work / "seed-example.json"
cw.save_record(cw.load_record(record), path)
stdout = io.StringIO()
with contextlib.redirect_stdout(stdout):
    returncode = cli.main(["replay", str(path)])
print(returncode, json.loads(stdout.getvalue())["phase"], json.loads(stdout.getvalue())["legal"])""")

VOILA_NOTE = markdown("lite-voila-note", """\
*Voila needs a Jupyter server, so it is not part of this in-browser site; `play.ipynb` works here as a
notebook: open it and run all cells.*""")

CLI_NOTE_RU = markdown("lite-cli-note", """\
*В браузере нет командной строки: Pyodide не может запустить процесс. На компьютере эта ячейка выполняет
`python -m cardwidgets replay seed-example.json`, а здесь вызывает ту же команду внутри ядра.*""")

VOILA_NOTE_RU = markdown("lite-voila-note", """\
*Voila нужен сервер Jupyter, поэтому на этом сайте в браузере его нет; `play.ipynb` работает здесь как
обычная тетрадь: откройте её и выполните все ячейки.*""")


@dataclass(frozen=True)
class Edit:
    """Put ``cells`` after the one cell of ``notebook`` whose source contains ``marker``, or instead of it."""

    notebook: str
    marker: str
    cells: tuple[Cell, ...]
    replace: bool = False


EDITS = (
    Edit("00-start-here.ipynb", "# Start here — cardwidgets", (BROWSER_NOTE,)),
    Edit("04-instructor.ipynb", "subprocess.run(", (CLI_NOTE, CLI_CELL), replace=True),
    Edit("04-instructor.ipynb", "voila notebooks/play.ipynb", (VOILA_NOTE,)),
    Edit(f"{RUSSIAN}/04-instructor.ipynb", "subprocess.run(", (CLI_NOTE_RU, CLI_CELL), replace=True),
    Edit(f"{RUSSIAN}/04-instructor.ipynb", "voila notebooks/ru/play.ipynb", (VOILA_NOTE_RU,)),
)


def source(cell: Cell) -> str:
    """A cell's source as one string (notebooks store it as a list of lines)."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def apply_edit(cells: list[Cell], edit: Edit) -> list[Cell]:
    """``cells`` with ``edit`` applied; fails unless its marker is in exactly one cell."""
    hits = [index for index, cell in enumerate(cells) if edit.marker in source(cell)]
    if len(hits) != 1:
        raise ValueError(f"{edit.notebook}: {edit.marker!r} is in {len(hits)} cells, expected exactly one")
    (index,) = hits
    kept = cells[: index + (0 if edit.replace else 1)]
    return [*kept, *edit.cells, *cells[index + 1 :]]


def adapt_notebook(notebook: dict[str, Any], name: str) -> dict[str, Any]:
    """A notebook (nbformat JSON) adapted for the browser; ``name``: its path in the site (``ru/03-nestors.ipynb``)."""
    cells = list(notebook["cells"])
    for edit in EDITS:
        if edit.notebook == name:
            cells = apply_edit(cells, edit)
    metadata = {**notebook["metadata"], "kernelspec": KERNELSPEC}
    metadata.pop("language_info", None)  # the kernel fills it in (Python 3.14 here, not the author's)
    return {**notebook, "metadata": metadata, "cells": [INSTALL_CELL, *cells]}


def in_git_checkout(path: Path) -> bool:
    """Whether ``path`` lies in a git work tree (a ``.git`` folder or file in it or above it)."""
    return any((folder / ".git").exists() for folder in (path, *path.parents))


def tracked_files(source_dir: Path) -> list[Path]:
    """The files git tracks under ``source_dir``, relative to it; a clear error if git cannot tell."""
    try:
        result = subprocess.run(
            ["git", "-C", str(source_dir), "ls-files", "-z", "--", "."],
            capture_output=True, text=True, check=False,
        )
    except FileNotFoundError:
        raise ValueError(f"{source_dir} is in a git checkout, but the git command is not installed") from None
    if result.returncode != 0:
        raise ValueError(f"git ls-files failed in {source_dir}: {result.stderr.strip()}")
    return [Path(name) for name in result.stdout.split("\0") if name]


def needed(path: Path) -> bool:
    """Whether the site needs this file of ``notebooks/`` (a relative path): a notebook or a JSON record."""
    if any(part.startswith(".") for part in path.parts) or path.name in LEFT_OUT:
        return False
    if len(path.parts) == 1 or (len(path.parts) == 2 and path.parts[0] == RUSSIAN):
        return path.suffix == ".ipynb"
    return path.parts[0] == RECORDS and path.suffix == ".json"


def site_files(source_dir: Path) -> tuple[list[Path], bool]:
    """The files of ``source_dir`` to publish (relative paths, sorted), and whether git chose them.

    A file is published if the notebooks need it (``needed``) and, in a git checkout, git tracks it.
    """
    from_git = in_git_checkout(source_dir.resolve())
    if from_git:
        candidates = [path for path in tracked_files(source_dir) if (source_dir / path).is_file()]
    else:
        candidates = [path.relative_to(source_dir) for path in source_dir.rglob("*") if path.is_file()]
    return sorted(path for path in candidates if needed(path)), from_git


def copy_site_files(source_dir: Path, dest: Path) -> None:
    """Copy the files ``site_files`` chooses into ``dest``."""
    for path in site_files(source_dir)[0]:
        (dest / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source_dir / path, dest / path)


def adapt_notebooks(source_dir: Path, dest: Path) -> list[Path]:
    """Copy what the site needs of ``source_dir`` (``site_files``) to ``dest``, notebooks adapted."""
    dest.mkdir(parents=True, exist_ok=True)
    copy_site_files(source_dir, dest)
    written = []
    for path in sorted([*dest.glob("*.ipynb"), *dest.glob(f"{RUSSIAN}/*.ipynb")]):
        notebook = adapt_notebook(json.loads(path.read_text(encoding="utf-8")), path.relative_to(dest).as_posix())
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    unused = {edit.notebook for edit in EDITS} - {path.relative_to(dest).as_posix() for path in written}
    if unused:
        raise ValueError(f"edits for notebooks that are not there: {sorted(unused)}")
    return written
