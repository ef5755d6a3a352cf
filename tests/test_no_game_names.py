"""The generic layers name no game (docs/adding-a-game.md): every game's own code, words and tables live in its package.

A game name (Nimby, Tumbochka, Nestors, in any case, Russian too) or a rule id of one game
(``NIM-``, ``TUM-``, ``NES-``) in a generic module — ``core``, ``bots``, ``analysis``,
``drills``, ``widgets``, ``store``, the generic ``i18n`` modules, ``cards.py`` and the front-end
``js/`` — is a per-game fact in the wrong place: it belongs in ``cardwidgets/games/<game>/``,
reached through the registry (``core/registry.py``). No generic file is excused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
GENERIC = ("core", "bots", "analysis", "drills", "widgets", "i18n", "store")
#: A game's name, in English or Russian, or a rule id of one game.
GAME_NAME = re.compile(r"nimby|tumbochka|nestors|нимби|тумбочк|несторс|\b(?:NIM|TUM|NES)-", re.IGNORECASE)


def generic_files() -> list[Path]:
    """Every generic module of the package and of the front-end (its tests left out)."""
    package = ROOT / "cardwidgets"
    found = [path for layer in GENERIC for path in sorted((package / layer).rglob("*.py"))]
    found.append(package / "cards.py")
    front = ROOT / "js"
    found += sorted(path for path in front.rglob("*.ts") if "test" not in path.relative_to(front).parts)
    return found


@pytest.mark.parametrize("path", generic_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_a_generic_module_names_no_game(path: Path) -> None:
    names = GAME_NAME.findall(path.read_text(encoding="utf-8"))
    assert not names, f"{path.relative_to(ROOT)} names a game: {names}"


def test_the_check_sees_every_spelling() -> None:
    for text in ("NIMBY", "Tumbochka", "nestors_tricks", "Нимби", "тумбочке", "Несторс", "NES-6", "(TUM-4)"):
        assert GAME_NAME.search(text), text
    for text in ("trick", "the tumbler", "NEST", "ZNES-1x"):
        assert not GAME_NAME.search(text), text


def test_the_built_in_games_are_packages() -> None:
    games = ROOT / "cardwidgets" / "games"
    for game in ("nimby", "tumbochka", "nestors"):
        assert (games / game / "__init__.py").is_file()
        assert (games / game / "engine.py").is_file()
        assert not (games / f"{game}.py").exists()
