"""The package's layers have no back-arrows and its modules no import cycles (docs/architecture.md).

Each game is a package, ``cardwidgets/games/<game>/``, beside the generic layers (docs/adding-a-game.md):
its modules sit in the layer they plug into (``PARTS``: its ``bot`` in ``bots``, its
``position`` in ``analysis`` …), a game imports no other game, and a generic module imports
no game package (it finds a game through core's registry).

Every import counts — at the top of a module or inside a function — except those under
``if TYPE_CHECKING:``, which never run. ``from package import module`` depends on that
module (Python initialises the package on the way, which is no dependency of ours).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "cardwidgets"
#: Each layer may import only the layers before it (and itself).
LAYERS = [
    "cards", "i18n", "core", "games", "bots", "analysis", "puzzles", "drills", "store", "widgets",
    "testing", "playthrough", "cli", "__main__",
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every cardwidgets module that ``path`` imports at run time."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if sub in MODULES:
                    found.append((node.lineno, sub))
                elif node.module in MODULES:
                    found.append((node.lineno, node.module))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


#: A game package's modules by name, and the layer each plugs into (any other module: ``games``).
PARTS = {
    "words": "i18n", "texts": "i18n", "bot": "bots", "position": "analysis", "scoring": "analysis", "drills": "drills",
    "predict": "drills", "puzzle_themes": "puzzles", "board": "widgets", "explorer": "widgets",
}


def game_of(module: str) -> str | None:
    """The game package a module belongs to (``cardwidgets.games.nimby.bot`` -> ``nimby``), else None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def layer(module: str) -> str | None:
    """The layer of a module (None for the package's own ``__init__``, which may import anything)."""
    parts = module.split(".")
    if game_of(module) is not None:
        return PARTS.get(parts[3], "games") if len(parts) > 3 else "games"
    return parts[1] if len(parts) > 1 else None


GRAPH = {module: {target for _line, target in imports(path)} - {module} for module, path in MODULES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_later_layer(module: str) -> None:
    mine = layer(module)
    if mine is None:
        return
    assert mine in LAYERS, f"{module}: add its layer to LAYERS (and to docs/architecture.md)"
    upward = [
        f"line {line}: {target}"
        for line, target in imports(MODULES[module])
        if layer(target) is None or LAYERS.index(layer(target)) > LAYERS.index(mine)  # type: ignore[arg-type]
    ]
    assert not upward, f"{module} ({mine}) imports a later layer: {upward}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_another_game(module: str) -> None:
    """A generic module imports no game's package; a game no other game."""
    mine = game_of(module)
    if layer(module) is None or (mine is None and module == "cardwidgets.games"):
        return
    foreign = [
        f"line {line}: {target}"
        for line, target in imports(MODULES[module])
        if game_of(target) is not None and game_of(target) != mine
    ]
    assert not foreign, f"{module} imports a game package: {foreign}"


def generic_imports_of_the_games_package() -> list[str]:
    """Where a generic module (any but a game's own, the games package and the package's ``__init__``) imports it."""
    return [
        f"{module} line {line}"
        for module, path in sorted(MODULES.items())
        if layer(module) is not None and game_of(module) is None and module != "cardwidgets.games"
        for line, target in imports(path)
        if target == "cardwidgets.games"
    ]


def test_no_generic_module_imports_the_games_package() -> None:
    """A generic module finds a game through core's registry (``get_game``, ``spec_of``), not the games package.

    The built-in games are registered all the same: ``cardwidgets/__init__.py`` imports the games package
    before any of its modules can run.
    """
    assert not generic_imports_of_the_games_package()


def test_the_checker_sees_a_generic_module_import_the_games_package() -> None:
    path = PACKAGE / "analysis" / "_games_probe.py"
    path.write_text("def f():\n    from cardwidgets.games import get_game\n", encoding="utf-8")
    try:
        MODULES["cardwidgets.analysis._games_probe"] = path
        assert generic_imports_of_the_games_package() == ["cardwidgets.analysis._games_probe line 2"]
    finally:
        MODULES.pop("cardwidgets.analysis._games_probe")
        path.unlink()


def test_game_parts_sit_in_their_layers() -> None:
    assert layer("cardwidgets.games.nimby.bot") == "bots"
    assert layer("cardwidgets.games.nimby.engine") == "games"
    assert layer("cardwidgets.games.nimby") == "games"
    assert layer("cardwidgets.games") == "games"
    assert game_of("cardwidgets.games") is None
    assert layer("cardwidgets.analysis.position") == "analysis"


def test_no_import_cycles() -> None:
    cycles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], target])
            elif target not in state:
                walk(target, [*path, target])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            walk(module, [module])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_checker_sees_function_level_imports() -> None:
    sample = PACKAGE / "core" / "registry.py"
    assert ("cardwidgets.core.game" not in GRAPH["cardwidgets.core.registry"])  # under TYPE_CHECKING only
    tree = ast.parse("def f():\n    from cardwidgets.widgets import table\n")
    path = sample.with_name("_layers_probe.py")
    path.write_text(ast.unparse(tree), encoding="utf-8")
    try:
        MODULES["cardwidgets.core._layers_probe"] = path
        assert imports(path) == [(2, "cardwidgets.widgets.table")]
    finally:
        MODULES.pop("cardwidgets.core._layers_probe")
        path.unlink()
