"""The generic layers name no game and no game's own idea (docs/adding-a-game.md): those live in its package.

A game's name (each registered game's ``name``, and its name in each language as its words
give it), a rule id of one game (``NES-6``: a prefix its rules doc ``docs/rules/<game>.md``
uses) or one of a game's own concepts (``capabilities.concepts`` of its ``GameSpec``: its
announcements, its own moves and facts) in a generic file is a per-game fact in the wrong
place: it belongs in ``cardwidgets/games/<game>/``, reached through the registry
(``core/registry.py``), and reaches the front-end as data. What a game *declares* (a trump,
an auction, seats that sit out: the ``Capabilities`` fields) is generic vocabulary.

Generic files: every ``.py``, ``.ts``, ``.css`` and ``.c`` file of the package and of the
front-end ``js/`` outside ``cardwidgets/games/``, the built bundles (``cardwidgets/static/``)
and the front-end's tests (``js/test/``, which draw the three games' fixtures).
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

import cardwidgets.games  # noqa: F401 (the built-in games register)
from cardwidgets.core.registry import SPECS, Capabilities
from cardwidgets.i18n.tools import TOOLS

ROOT = Path(__file__).parent.parent
#: The kinds of file a generic layer is written in.
SUFFIXES = (".py", ".ts", ".css", ".c")
#: Where the generic files are, and what inside them is no generic code.
SCANNED = ("cardwidgets", "js")
LEFT_OUT = ("cardwidgets/games", "cardwidgets/static", "js/test")
#: The package's front door lists its public names, one game's own widget among them (imported on first use).
FRONT_DOOR = "cardwidgets/__init__.py"
#: A rule id as a game's rules doc gives it (``NES-6a``): its game's prefix, a dash, a number.
RULE_ID = re.compile(r"\b([A-Z]{3})-\d")


def _word(text: str) -> str:
    """``text`` as a pattern that starts at a word's start (``troyan`` finds "troyans", not "antitroyan")."""
    return rf"(?<!\w){re.escape(text)}"


def game_names() -> list[str]:
    """Every registered game's name, and its name in each language (its tools' ``game_<name>``)."""
    names = set(SPECS)
    for locale in TOOLS.values():
        names.update(locale.get(f"game_{name}", name) for name in SPECS)
    return sorted(names)


def rule_prefixes() -> list[str]:
    """The rule-id prefixes of every registered game's rules doc (``docs/rules/<game>.md``): ``NES`` of ``NES-6``."""
    docs = [ROOT / "docs" / "rules" / f"{name}.md" for name in SPECS]
    return sorted({prefix for doc in docs if doc.is_file() for prefix in RULE_ID.findall(doc.read_text("utf-8"))})


def concepts() -> list[str]:
    """Every registered game's own concepts (``capabilities.concepts``)."""
    return sorted({concept for spec in SPECS.values() for concept in spec.capabilities.concepts})


def pattern(names: list[str], ideas: list[str], prefixes: list[str]) -> re.Pattern[str]:
    """A game's name (a stem: "тумбочке" is "Тумбочка"), a game's rule id, or a game's concept, in any case."""
    stems = [name[:-1] if len(name) > 5 and name[-1] in "аяыи" else name for name in names]
    ids = [rf"\b{prefix}-" for prefix in prefixes]
    return re.compile("|".join([*map(re.escape, stems), *ids, *map(_word, ideas)]), re.IGNORECASE)


FORBIDDEN = pattern(game_names(), concepts(), rule_prefixes())


def generic_files(root: Path = ROOT) -> list[Path]:
    """Every generic file of the package and of the front-end (see the module docstring)."""
    found = []
    for top in SCANNED:
        for path in sorted((root / top).rglob("*")):
            where = path.relative_to(root).as_posix()
            if path.suffix not in SUFFIXES or not path.is_file() or where == FRONT_DOOR:
                continue
            if not any(where == out or where.startswith(f"{out}/") for out in LEFT_OUT):
                found.append(path)
    return found


def findings(path: Path, forbidden: re.Pattern[str] = FORBIDDEN) -> list[str]:
    """The game names, rule ids and game concepts ``path`` has."""
    return forbidden.findall(path.read_text(encoding="utf-8")) if forbidden.pattern else []


@pytest.mark.parametrize("path", generic_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_a_generic_file_names_no_game_and_no_game_concept(path: Path) -> None:
    found = [match or "rule id" for match in findings(path)]
    assert not found, f"{path.relative_to(ROOT)} names a game or a game's own concept: {found}"


def test_the_scan_reaches_every_kind_of_generic_file() -> None:
    suffixes = {path.suffix for path in generic_files()}
    assert {".py", ".ts", ".css"} <= suffixes, suffixes
    assert not [path for path in generic_files() if "games" in path.relative_to(ROOT).parts[:2]]


def test_no_game_concept_is_a_capability() -> None:
    declared = {field.name for field in fields(Capabilities)}
    for name, spec in SPECS.items():
        own = spec.capabilities.concepts
        generic = [concept for concept in own if concept.lower().replace(" ", "_") in declared]
        assert not generic, f"{name}: {generic} name a capability, which every game may declare"


def test_the_check_follows_the_registry() -> None:
    """Names come from ``SPECS``: a game registered later is in the check, in both languages."""
    for name in SPECS:
        assert FORBIDDEN.search(f"x = '{name.upper()}'"), name
    assert {"NIM", "TUM", "NES"} <= set(rule_prefixes())
    check = pattern(["Fifthgame", "Пятёрочка"], ["fifth_concept"], ["NES", "TUM"])
    for text in (
        "FIFTHGAME",
        "fifthgame_tricks",
        "в Пятёрочке",
        "ПЯТЁРОЧКА",
        "a fifth_concept here",
        "NES-6",
        "(TUM-4)",
    ):
        assert check.search(text), text
    for text in ("trick", "the tumbler", "NEST", "ZNES-1x", "my_fifth_concept"):
        assert not check.search(text), text


def test_the_check_fails_on_a_planted_concept(tmp_path: Path) -> None:
    """A test of the test: a concept of each game, planted in a generic file of each kind, is found there."""
    for top in SCANNED:
        (tmp_path / top).mkdir()
    (tmp_path / "cardwidgets" / "games" / "own").mkdir(parents=True)
    for name, spec in SPECS.items():
        if not spec.capabilities.concepts:
            continue
        concept = spec.capabilities.concepts[0]
        planted = {
            tmp_path / "cardwidgets" / "board.py": f'"""Draws the {concept.upper()} line."""\n',
            tmp_path / "js" / "table.ts": f"const {concept.replace(' ', '_')}s = [];\n",
            tmp_path / "js" / "table.css": f".cw-{concept} {{ color: red; }}\n",
            tmp_path / "cardwidgets" / "core.c": f"/* the {concept} */\n",
        }
        for path, text in planted.items():
            path.write_text(text, encoding="utf-8")
        (tmp_path / "cardwidgets" / "games" / "own" / "board.py").write_text(f"# the {concept}\n", encoding="utf-8")
        scanned = generic_files(tmp_path)
        assert sorted(scanned) == sorted(planted), scanned
        for path in scanned:
            assert findings(path), (name, path.name)
        (tmp_path / "cardwidgets" / "board.py").write_text('"""Draws the trump line."""\n', encoding="utf-8")
        assert not findings(tmp_path / "cardwidgets" / "board.py")


def test_the_built_in_games_are_packages() -> None:
    games = ROOT / "cardwidgets" / "games"
    for game in SPECS:
        spec = SPECS[game]
        if not spec.package.startswith("cardwidgets.games."):
            continue  # a game registered from elsewhere (a test's own game)
        assert (games / game / "__init__.py").is_file()
        assert (games / game / "engine.py").is_file()
        assert not (games / f"{game}.py").exists()
