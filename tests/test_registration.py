"""A game is checked when it registers: its parts, their members and its capabilities (``core/registry.py``).

Whatever a spec lacks comes back as one ``ValueError`` naming the game, the part and the
missing members, before the registry changes: never an ``AttributeError`` in the middle of
a deal. The bad games here are small packages written to a temporary folder, each with a
``Game`` class of its own (the test-only fourth game's, renamed).
"""

from __future__ import annotations

import sys
import textwrap
import types
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fourth_game import SPEC as TROIKA_SPEC
from fourth_game.engine import Troika

from cardwidgets.core.registry import (
    GAMES,
    OPTIONAL,
    PARTS,
    SPECS,
    BoardPart,
    BotPart,
    Capabilities,
    GameSpec,
    PuzzleThemesPart,
    members,
    problems_of,
    register,
    required,
    spec_of,
    unregister,
)

#: A part module that has every required member of its part (bodies are never run by these tests).
FULL = {
    "bot": "BUDGET = 1\nUNDEALT = 0\ndef decide(state): ...\ndef candidates(state): ...\n",
    "position": "PLAY_PHASES = ('play',)\ndef position(state): ...\ndef points_so_far(state): ...\n"
    "def declaring_seats(state): ...\n",
    "scoring": "THRESHOLDS = (0.5, 1.0)\ndef score_of_points(state, seat, points): ...\n",
    "drills": "TOPICS = ()\n",
    "board": "TABLE_GROUPS = ()\n",
    "compiled": "MODULE = 'x.wasm'\nVERSION = 1\ndef deal_ints(pos): ...\ndef position_ints(pos): ...\n",
}

Maker = Callable[..., GameSpec]


def game(name: str) -> type[Troika]:
    """A ``Game`` class called ``name`` (Troika's rules: three seats, each for himself)."""
    return type(f"Game_{name}", (Troika,), {"name": name})


@pytest.fixture
def make_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Maker]:
    """``make_spec(name, parts, modules, capabilities)``: the spec of a package of ``modules`` (name -> source)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    packages: list[str] = []

    def make(
        name: str, parts: tuple[str, ...], modules: dict[str, str], capabilities: Capabilities | None = None
    ) -> GameSpec:
        package = f"reg_{name}"
        folder = tmp_path / package
        folder.mkdir()
        (folder / "__init__.py").write_text("", encoding="utf-8")
        for module, source in modules.items():
            (folder / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        packages.append(package)
        return GameSpec(game(name), package, parts, capabilities or Capabilities())

    yield make
    for module in [m for m in sys.modules if m.split(".")[0] in packages]:
        del sys.modules[module]


@pytest.fixture
def unchanged() -> Iterator[None]:
    """The registry after the test is the registry before it: the same games, the same specs, in the same order."""
    games, specs = list(GAMES.items()), list(SPECS.items())
    yield
    assert list(GAMES.items()) == games
    assert list(SPECS.items()) == specs


def refused(spec: GameSpec) -> str:
    """The one error ``register(spec)`` gives."""
    with pytest.raises(ValueError, match="game") as error:
        register(spec)
    return str(error.value)


@pytest.mark.usefixtures("unchanged")
def test_a_part_without_a_required_member_is_refused_naming_the_game_the_part_and_the_members(
    make_spec: Maker,
) -> None:
    spec = make_spec("lacking", ("bot", "scoring"), {"bot": "BUDGET = 1\ndef decide(state): ...\n"})
    message = refused(spec)
    assert message.startswith('the game "lacking" cannot register:')
    assert "its bot part (reg_lacking.bot) lacks UNDEALT, candidates" in message
    assert "its scoring part has no module reg_lacking.scoring" in message  # every problem, in one error
    assert "reg_lacking.bot" not in sys.modules  # the part was read, not run


@pytest.mark.usefixtures("unchanged")
def test_an_unknown_part_is_refused(make_spec: Maker) -> None:
    message = refused(make_spec("oracle", ("bot", "oracle"), {"bot": FULL["bot"]}))
    assert message == "the game \"oracle\" declares unknown parts ['oracle']: expected some of " + ", ".join(PARTS)


@pytest.mark.usefixtures("unchanged")
def test_a_compiled_search_needs_a_position_and_the_compiled_module(make_spec: Maker) -> None:
    spec = make_spec("fast", ("bot",), {"bot": FULL["bot"]}, Capabilities(compiled_search=True))
    message = refused(spec)
    assert 'the game "fast" cannot register' in message
    assert "compiled_search but has no position part" in message
    assert "its compiled part has no module reg_fast.compiled" in message
    half = make_spec(
        "halffast",
        ("position",),
        {"position": FULL["position"], "compiled": "MODULE = 'x.wasm'\n"},
        Capabilities(compiled_search=True),
    )
    assert "its compiled part (reg_halffast.compiled) lacks VERSION, FILE, deal_ints, position_ints" in refused(half)


@pytest.mark.usefixtures("unchanged")
def test_partnerships_must_agree_with_the_game_s_sides(make_spec: Maker) -> None:
    message = refused(make_spec("teams", (), {}, Capabilities(partnerships=True)))
    assert message == (
        'the game "teams" cannot register: it declares partnerships=True, but its sides are (0, 1, 2) '
        "(no side of more than one seat)"
    )


@pytest.mark.usefixtures("unchanged")
def test_concepts_are_a_tuple_of_words(make_spec: Maker) -> None:
    forgotten_comma = Capabilities(concepts=("gift"))  # a str: ("gift",) is the tuple
    message = refused(make_spec("oneword", (), {}, forgotten_comma))
    assert message == "the game \"oneword\" cannot register: its concepts must be a tuple of words, not 'gift'"


@pytest.mark.usefixtures("unchanged")
def test_a_module_already_imported_is_checked_as_it_is(make_spec: Maker, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = make_spec("made", ("drills",), {})
    monkeypatch.setitem(sys.modules, "reg_made.drills", types.ModuleType("reg_made.drills"))
    assert refused(spec) == 'the game "made" cannot register: its drills part (reg_made.drills) lacks TOPICS'


@pytest.mark.usefixtures("unchanged")
def test_a_package_in_a_zip_is_read_from_its_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("reg_zipped/__init__.py", "")
        zipped.writestr("reg_zipped/scoring.py", "THRESHOLDS = (0.5, 1.0)\n")
    monkeypatch.syspath_prepend(str(archive))
    try:
        message = refused(GameSpec(game("zipped"), "reg_zipped", ("scoring",)))
        assert "reg_zipped.scoring" not in sys.modules  # read, not run
    finally:
        for module in [m for m in sys.modules if m.split(".")[0] == "reg_zipped"]:
            del sys.modules[module]
    assert message == 'the game "zipped" cannot register: its scoring part (reg_zipped.scoring) lacks score_of_points'


@pytest.mark.usefixtures("unchanged")
def test_a_second_game_of_a_name_is_refused() -> None:
    with pytest.raises(ValueError, match='a game called "nimby" is registered already'):
        register(GameSpec(game("nimby"), "elsewhere"))


def test_a_part_that_cannot_be_read_before_it_runs_is_checked_at_first_use(make_spec: Maker) -> None:
    """A star import hides a module's names from its source: the same clear error comes when the part is first used."""
    spec = make_spec("starry", ("bot",), {"bot": "from math import *\nBUDGET = 1\n"})
    register(spec)
    try:
        with pytest.raises(
            ValueError,
            match=r'^the game "starry" cannot be used: its bot part \(reg_starry.bot\) '
            r"lacks UNDEALT, decide, candidates$",
        ):
            spec.bot()
    finally:
        unregister("starry")


def test_a_good_game_registers_and_its_board_gets_the_optional_members(make_spec: Maker) -> None:
    spec = make_spec("good", ("bot", "board"), {"bot": FULL["bot"], "board": FULL["board"]})
    try:
        assert register(spec) is spec
        assert spec_of("good") is spec
        board = spec.board()
        assert board.TABLE_GROUPS == ()
        assert board.shown("talon", {}) is True
        assert board.more_groups({}, {}, None) == []
        assert board.side_notes({}, {}) == board.seat_notes({}, {}) == []
        assert spec.bot().BUDGET == 1
        with pytest.raises(ValueError, match='the game "good" has no scoring'):
            spec.scoring()
    finally:
        unregister("good")


def test_the_required_members_are_the_protocol_s() -> None:
    assert required("bot") == members(BotPart) == ("BUDGET", "UNDEALT", "decide", "candidates")
    assert required("board") == ("TABLE_GROUPS",)
    assert set(members(BoardPart)) == {"TABLE_GROUPS", *OPTIONAL["board"]}
    assert required("puzzle_themes") == members(PuzzleThemesPart) == ("THEMES", "themes")
    assert set(PARTS) == {"bot", "position", "scoring", "drills", "board", "puzzle_themes"}


@pytest.mark.parametrize("name", list(SPECS))
def test_every_registered_game_passes_its_own_check(name: str) -> None:
    spec = spec_of(name)
    assert problems_of(spec) == []
    for part in spec.parts:  # every part loads, and has every member of its Protocol (optional ones defaulted)
        loaded = getattr(spec, part)()
        assert all(hasattr(loaded, member) for member in members(PARTS[part])), part


def test_the_fourth_game_passes_the_check() -> None:
    assert problems_of(TROIKA_SPEC) == []
