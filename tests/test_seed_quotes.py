"""The seed beside every reading: each decision and each named reading shows the seed's own words.

The ids come from ``docs/rules/GAME.md``: every decision id (``N-3``, ``T-6``, ``E-10`` …) and every
entry of its section "The seed's words beside each reading" (``**NIM-1: …**``, ``**NES-9 / E-10: …**``).
For each id:

- the rules page's entry quotes the seed: a «…» that is, after whitespace normalisation, word for
  word in the seed (``docs/seeds/GAME.ru.txt``; a ``…`` inside the quote marks a cut);
- the game's notebook, in English and in Russian, has a quote cell for it — a block quote whose bold
  heading ends with the ids it covers, e.g. ``> **The seed's words, and the reading we chose (N-3).**``
  or ``> **Что сказано в правилах (NES-2).**`` — holding such a verbatim quote, in the ``## `` section
  that teaches the id (a cell of that section other than the quote, or its heading, names the id).

The seeds are the project's copy of the shared texts (``docs/seeds``, as ``docs/rules`` is of the rules);
where the shared texts stand beside the clone (``../shared/seeds``), the copy must be the same, word for word.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from support import ROOT, RULES

SEEDS = ROOT / "docs" / "seeds"
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"
NOTEBOOKS = ROOT / "notebooks"
#: Each game's notebook and the letter of its decision ids.
GAMES = {
    "nimby": ("01-nimby.ipynb", "N"),
    "tumbochka": ("02-tumbochka.ipynb", "T"),
    "nestors": ("03-nestors.ipynb", "E"),
}
EDITIONS = {"en": NOTEBOOKS, "ru": NOTEBOOKS / "ru"}
ID = r"[A-Z]+-\d+[a-z]?"
SECTION = "## The seed's words beside each reading"
#: An entry of the rules page's section: ``**NIM-1: title.**`` or ``**NES-9 / E-10: title.**``.
ENTRY = re.compile(rf"^\*\*(?P<ids>{ID}(?:\s*/\s*{ID})*):", re.MULTILINE)
#: A notebook's quote cell: a block quote whose bold heading ends with its ids in brackets.
QUOTE_CELL = re.compile(rf"^> \*\*[^*]*\((?P<ids>{ID}(?:\s*[,/]\s*{ID})*)\)\.\*\*")
QUOTE = re.compile(r"«([^«»]+)»")
CUT = re.compile(r"\s*(?:…|\.\.\.)\s*")
#: A quote shorter than this (a word or two) does not count as the seed's sentence.
SHORTEST = 20


def normalised(text: str) -> str:
    """``text`` with every run of white space one space."""
    return " ".join(text.split())


def without_quote_marks(markdown: str) -> str:
    """A block quote's text without the ``>`` that opens each of its lines."""
    return "\n".join(re.sub(r"^\s*>\s?", "", line) for line in markdown.splitlines())


def seed_text(game: str) -> str:
    """The seed of ``game``, normalised; a missing seed is a failure that says where it was looked for."""
    path = SEEDS / f"{game}.ru.txt"
    assert path.is_file(), f"no seed at {path}"
    return normalised(path.read_text(encoding="utf-8"))


def verbatim_quotes(text: str, seed: str) -> list[str]:
    """The «…» quotes of ``text`` that are the seed's words: every piece between cuts, word for word."""
    found = []
    for quote in QUOTE.findall(text):
        pieces = [normalised(piece) for piece in CUT.split(quote) if piece.strip()]
        if pieces and sum(map(len, pieces)) >= SHORTEST and all(piece in seed for piece in pieces):
            found.append(quote)
    return found


def names(text: str, rule: str) -> bool:
    """Whether ``text`` names the id ``rule`` (``N-1`` is not ``N-10``, ``NES-6`` is not ``NES-6a``)."""
    return re.search(rf"(?<![\w-]){re.escape(rule)}(?!\w)", text) is not None


def readings_section(game: str) -> str:
    """The rules page's section "The seed's words beside each reading" (up to the next ``## ``)."""
    page = (RULES / f"{game}.md").read_text(encoding="utf-8")
    assert SECTION in page, f"docs/rules/{game}.md has no section {SECTION!r}"
    rest = page[page.index(SECTION) + len(SECTION):]
    return rest.split("\n## ")[0]


def reading_ids(game: str) -> list[str]:
    """Every decision id of the game's rules page, then every id heading an entry of its readings section."""
    page = (RULES / f"{game}.md").read_text(encoding="utf-8")
    letter = GAMES[game][1]
    ids = sorted(set(re.findall(rf"(?<![\w-]){letter}-\d+(?!\w)", page)), key=lambda i: int(i.split("-")[1]))
    for match in ENTRY.finditer(readings_section(game)):
        ids += [rule.strip() for rule in match["ids"].split("/") if rule.strip() not in ids]
    return ids


def doc_entries(game: str) -> dict[str, str]:
    """Each id of the readings section -> the text of its entry."""
    section = readings_section(game)
    starts = list(ENTRY.finditer(section))
    entries: dict[str, str] = {}
    for match, after in zip(starts, [*starts[1:], None], strict=True):
        text = section[match.start(): after.start() if after else len(section)]
        for rule in match["ids"].split("/"):
            entries[rule.strip()] = text
    return entries


def notebook_sections(path: Path) -> list[tuple[str, list[str]]]:
    """(heading, markdown sources of the section, heading cell included) for every ``## `` section."""
    out: list[tuple[str, list[str]]] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            out.append((source.splitlines()[0], [source]))
        elif out and cell["cell_type"] == "markdown":
            out[-1][1].append(source)
    return out


def quote_cell_problem(path: Path, rule: str, seed: str) -> str | None:
    """Why the notebook at ``path`` lacks the seed's words for ``rule`` in its section, or None."""
    cells_for_rule = []
    for heading, cells in notebook_sections(path):
        for number, cell in enumerate(cells):
            match = QUOTE_CELL.match(cell)
            if match and rule in [part.strip() for part in re.split(r"[,/]", match["ids"])]:
                cells_for_rule.append((heading, cells, number, cell))
    if not cells_for_rule:
        return f"no quote cell headed with ({rule})"
    for heading, cells, number, cell in cells_for_rule:
        if not verbatim_quotes(without_quote_marks(cell), seed):
            continue
        if any(names(other, rule) for index, other in enumerate(cells) if index != number):
            return None
        return f"the quote cell for {rule} is in section {heading!r}, which does not teach {rule}"
    return f"the quote cell for {rule} holds no «…» that is the seed's words verbatim"


CASES = [(game, rule) for game in GAMES for rule in reading_ids(game)]


def test_the_ids_are_read_from_the_rules_pages() -> None:
    """Every game has decisions; Nimby's list is the one its rules page and notebook cover."""
    ids = {game: reading_ids(game) for game in GAMES}
    print({game: " ".join(found) for game, found in ids.items()})
    assert ids["nimby"] == ["N-1", "N-2", "N-3", "N-4", "N-5", "N-6", "N-7", "NIM-1", "NIM-6"]
    assert {f"T-{n}" for n in range(1, 11)} <= set(ids["tumbochka"])
    assert {f"E-{n}" for n in range(1, 11)} <= set(ids["nestors"])


def test_a_quote_is_found_only_when_it_is_the_seeds_words() -> None:
    seed = seed_text("nimby")
    assert verbatim_quotes("«Двойки всегда\n козыри и старшинство их» and «2 бубны, 2 червы, … 2 трефы»", seed) == [
        "Двойки всегда\n козыри и старшинство их", "2 бубны, 2 червы, … 2 трефы"]
    assert verbatim_quotes("«Двойки всегда старшие козыри и старшинство их»", seed) == []  # a word added
    assert verbatim_quotes("«Двойки всегда»", seed) == []  # too short to be the seed's sentence


@pytest.mark.parametrize(("game", "rule"), CASES, ids=[f"{game}-{rule}" for game, rule in CASES])
def test_the_rules_page_quotes_the_seed(game: str, rule: str) -> None:
    entry = doc_entries(game).get(rule)
    assert entry is not None, f"docs/rules/{game}.md: no entry **{rule}: …** in {SECTION!r}"
    assert verbatim_quotes(entry, seed_text(game)), f"docs/rules/{game}.md: the entry for {rule} quotes no seed words"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("game", "rule"), CASES, ids=[f"{game}-{rule}" for game, rule in CASES])
def test_the_notebook_section_quotes_the_seed(game: str, rule: str, edition: str) -> None:
    path = EDITIONS[edition] / GAMES[game][0]
    problem = quote_cell_problem(path, rule, seed_text(game))
    assert problem is None, f"{path.relative_to(ROOT)}: {problem}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_seeds_copy_is_the_shared_text(game: str) -> None:
    """``docs/seeds`` is the shared seed, byte for byte, wherever the shared texts are beside the clone."""
    shared = SHARED_SEEDS / f"{game}.ru.txt"
    if not SHARED_SEEDS.is_dir():
        assert not os.environ.get("CI"), f"CI has the shared texts beside the clone: {SHARED_SEEDS} is missing"
        pytest.skip("no shared texts beside this clone (CI has them: there this test runs)")
    assert (SEEDS / f"{game}.ru.txt").read_bytes() == shared.read_bytes()
