"""Russian everywhere: catalogues in step, the default locale, and no English in Russian text.

The big test plays seeded random deals and matches of all three games and, at
every position, renders in Russian every explanation a learner can meet: trick
results, notices, scores and match events, the reason for every refused action
(a pool of plausible wrong actions), the label of every legal action and the
rules-of-thumb bot's reason. None may contain a Latin letter except rule ids
(``NES-6 W3b``): no English word, no card code such as ``AS`` or ``JD``.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from support import ROOT
from test_records_hardening import BROKEN, SYSTEMATIC, WRONG_VALUES, paths, replaced

import cardwidgets
from cardwidgets import (
    Drill,
    HandReplay,
    IllegalActionError,
    Match,
    RecordError,
    Table,
    TrickExplorer,
    new_game,
    parse_card,
    to_html,
)
from cardwidgets.analysis.coach import coach
from cardwidgets.analysis.judge import Assessment, explain
from cardwidgets.bots import heuristic, hint, make_bot
from cardwidgets.core.explain import Explanation
from cardwidgets.core.records import record_of
from cardwidgets.core.state import GameState
from cardwidgets.games import GAMES as GAMES_REGISTERED
from cardwidgets.games import get_game
from cardwidgets.games.nestors.explorer import EXAMPLES, ExplorerError
from cardwidgets.i18n import (
    CATALOGUE,
    LOCALE_ENV,
    LOCALES,
    CardText,
    Points,
    default_locale,
    get_locale,
    note_text,
    render,
    set_locale,
)
from cardwidgets.i18n.names import action_label, action_phrase, card_text, cards_text, count_text, points_text
from cardwidgets.i18n.tools import TOOLS
from cardwidgets.i18n.ui import UI
from cardwidgets.widgets.app import play_app

#: Rule ids are the only Latin allowed in Russian text (``NES-6 W3b``, ``TUM-5``, ``E-2``, ``T-4``).
RULE_ID = re.compile(r"\b(?:NES|NIM|TUM|[ENTW])-?\d+[a-z]?\b|\bW\d+[ab]?\b")
LATIN = re.compile(r"[A-Za-z]+")
#: Deals of each registered game to walk (more where a game's words are rarer).
DEALS = {game: {"nimby": 160, "tumbochka": 120}.get(game, 100) for game in GAMES_REGISTERED}


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of ``text`` once rule ids are taken out."""
    return LATIN.findall(RULE_ID.sub("", text))


def fields(template: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# ----- the catalogues are in step ---------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_in_both_locales_with_the_same_fields(key: str) -> None:
    templates = CATALOGUE[key]
    assert set(templates) == set(LOCALES)
    assert fields(templates["ru"]) == fields(templates["en"])


@pytest.mark.parametrize("table", [UI, TOOLS], ids=["ui", "tools"])
def test_widget_texts_in_both_locales_with_the_same_fields(table: dict[str, dict[str, str]]) -> None:
    assert set(table["en"]) == set(table["ru"])
    for key, template in table["en"].items():
        assert fields(table["ru"][key]) == fields(template), key


#: What a record's error may quote in Latin letters: the JSON fields and values a person must find in the
#: file (docs/records.md), and the names of the formats (JSON, UTF-8, a byte as 0x…).
RECORD_WORDS = {
    "JSON", "UTF", "x", "null", "true", "false", "en", "ru",
    "game", "rules", "start", "deals", "deal", "dealer", "seed", "actions", "notes", "public",
    "target", "min", "max", "bid", "scores", "sitting", "sat", "removals", "bagels",
}  # fmt: skip


def test_no_russian_template_has_latin_words() -> None:
    """Fixed texts first: every Russian template, with its fields taken out."""
    texts = [t["ru"] for k, t in CATALOGUE.items() if not k.startswith("record.")]
    texts += list(UI["ru"].values()) + list(TOOLS["ru"].values())
    allowed = {"a", "b", "c", "hand"}  # the explorer's position names in its protocol error
    for text in texts:
        bare = re.sub(r"\{\w+(?::[^{}]*)?\}", "", text)
        assert set(latin_words(bare)) <= allowed, text
    for key, templates in CATALOGUE.items():
        if key.startswith("record."):
            bare = re.sub(r"\{\w+(?::[^{}]*)?\}", "", templates["ru"])
            assert set(latin_words(bare)) <= RECORD_WORDS, (key, templates["ru"])


#: Words docs/glossary.md rules out, with the seed's word to use instead.
BANNED = {
    "разыгрывающ": "играющий (the Tumbochka seed)",
    "сбит": "снят с тумбочки (the Tumbochka seed)",
    "ранг": "достоинство",
    "матч": "партия",
    "заявк": "ставка (Nestors) / заказ (Tumbochka)",
    "по правилам": "простые приёмы (every bot follows the rules)",
    "фаза": "идёт торговля / идёт выбор козыря",
    "блокнот": "тетрадь (a Jupyter notebook)",
    "дорогой ход": "ошибка (the judge's word, docs/glossary.md)",
    "дорогие ходы": "ошибки (the judge's word, docs/glossary.md)",
    "обряд": "жеребьёвка",
    "номер партии": "номер расклада (a seed)",
    "согласных со всем": "не противоречащих всему",
    "пошёл ♠": "зашёл с ♠",
}


def test_russian_texts_use_the_glossary_words() -> None:
    texts = [t["ru"] for t in CATALOGUE.values()] + list(UI["ru"].values()) + list(TOOLS["ru"].values())
    for text in texts:
        for word, instead in BANNED.items():
            assert word not in text.lower(), f"{text!r}: write {instead}, not «{word}…»"


def test_russian_prose_uses_the_glossary_words() -> None:
    """README.ru.md and the Russian notebooks' prose: the same words as the catalogues (docs/glossary.md)."""
    texts = {"README.ru.md": (ROOT / "README.ru.md").read_text(encoding="utf-8")}
    for path in sorted((ROOT / "notebooks" / "ru").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.name] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert len(texts) > 1
    for name, text in texts.items():
        for word, instead in BANNED.items():
            assert word not in text.lower(), f"{name}: write {instead}, not «{word}…»"


@pytest.mark.parametrize(
    ("prefixes", "word"), [(("nestors.", "bots.nestors."), "заказ"), (("tumbochka.", "bots.tumbochka."), "ставк")]
)
def test_each_game_bids_in_its_seeds_word(prefixes: tuple[str, ...], word: str) -> None:
    """Nestors bids are «ставка», Tumbochka's «заказ» (one term per thing, as in each seed)."""
    for key, templates in CATALOGUE.items():
        if key.startswith(prefixes):
            assert word not in templates["ru"], (key, templates["ru"])


# ----- the default locale ------------------------------------------------------------------------------
@pytest.fixture
def clean_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(LOCALE_ENV, raising=False)
    set_locale(None)
    yield
    set_locale(None)


def test_set_locale_makes_russian_the_default(clean_locale: None) -> None:
    ace = parse_card("AS")
    explanation = Explanation("NIM-5", "nimby.must_follow", {"seat": 1, "suit": ace.suit, "held": [ace]})
    assert get_locale() == "en"
    assert explanation.text().startswith("seat 1 must follow")
    cardwidgets.set_locale("ru")
    assert get_locale() == "ru"
    assert explanation.text() == "игрок 1 должен положить карту масти ♠ (есть Т♠)"
    assert explanation.text("en").startswith("seat 1")  # an explicit locale wins


def test_environment_variable_sets_the_default(clean_locale: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LOCALE_ENV, "ru_RU.UTF-8")
    assert default_locale() == "ru"
    set_locale("en")  # set_locale wins over the environment
    assert default_locale() == "en"
    set_locale(None)
    monkeypatch.setenv(LOCALE_ENV, "klingon")
    with pytest.raises(ValueError, match=LOCALE_ENV):
        default_locale()


def test_set_locale_refuses_an_unknown_locale(clean_locale: None) -> None:
    with pytest.raises(ValueError, match="unknown locale"):
        set_locale("de")
    assert get_locale() == "en"


def test_illegal_action_error_follows_the_default_locale(clean_locale: None) -> None:
    state = new_game("nimby", seed=3)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("play 5D")
    assert str(caught.value).startswith('"play 5♦" is not possible now')
    set_locale("ru")
    text = str(caught.value)
    assert text.startswith("«сыграть 5♦» сейчас невозможно: идёт выбор козыря")
    assert "можно: согласиться, не соглашаться" in text
    assert not latin_words(text)


def test_command_line_follows_the_environment(tmp_path: Path) -> None:
    """``CARDWIDGETS_LOCALE=ru python -m cardwidgets replay`` explains an illegal action in Russian."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "nimby", "dealer": 0, "seed": 7, "actions": ["play 3S"]}), encoding="utf-8")
    env = {**os.environ, LOCALE_ENV: "ru", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "cardwidgets", "replay", str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 2
    assert "«сыграть 3♠» сейчас невозможно: идёт выбор козыря (можно: согласиться, не соглашаться)" in done.stderr


# ----- names of cards and actions ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "en", "ru"),
    [("AS", "A♠", "Т♠"), ("JD", "J♦", "В♦"), ("10H", "10♥", "10♥"), ("QC", "Q♣", "Д♣"), ("KH", "K♥", "К♥")],
)
def test_cards_are_named_the_russian_way(card: str, en: str, ru: str) -> None:
    assert card_text(parse_card(card), "en") == en
    assert card_text(parse_card(card), "ru") == ru


@pytest.mark.parametrize(
    ("action", "game", "ru"),
    [
        ("play AS", "nestors", "Сыграть Т♠"),
        ("pass", "nimby", "Не соглашаться"),
        ("pass", "nestors", "Пас"),
        ("agree", "nimby", "Согласиться"),
        ("exchange 2C", "nimby", "Обменять 2♣"),
        ("bid 65", "nestors", "Ставка 65"),
        ("bid 5", "tumbochka", "Заказать 5"),
        ("trump J", "nestors", "Козыри — валеты"),
        ("play JS trilyazh", "tumbochka", "Трильяж! Зайти с В♠"),
        ("give QD 2", "tumbochka", "Отдать Д♦ игроку 2"),
    ],
)
def test_action_labels_in_russian(action: str, game: str, ru: str) -> None:
    assert action_label(action, "ru", game) == ru
    if "!" not in ru:  # a flagged play reads as words inside a sentence (``ACTION_PHRASES``)
        assert action_phrase(action, "ru", game) == ru[0].lower() + ru[1:]


def test_lists_in_russian_are_comma_separated() -> None:
    held = [parse_card("AS"), parse_card("10S")]
    assert render("nimby.must_follow", {"seat": 2, "suit": held[0].suit, "held": held}, "ru").endswith("(есть Т♠, 10♠)")
    assert render("nimby.must_follow", {"seat": 2, "suit": held[0].suit, "held": held}, "en").endswith("(holds A♠ 10♠)")


def test_floats_get_a_decimal_comma_in_russian() -> None:
    assert render("bots.search.more", {"margin": 2.5, "second": "пас"}, "ru") == "на 2,5 больше, чем «пас»"
    assert render("bots.search.more", {"margin": 2.5, "second": "pass"}, "en") == "2.5 more than pass"


@pytest.mark.parametrize("game", sorted(DEALS))
def test_search_hints_in_russian_have_no_latin(game: str) -> None:
    """The Hint (search bot: numbers, compared actions, the rule of thumb) at a few positions of a deal."""
    rng = random.Random(5)
    state = new_game(game, seed=5)
    hints = 0
    while not state.is_done and hints < 4:
        if rng.random() < 0.3:
            reason = hint(state, state.to_act, "ru")["reason"]
            assert not latin_words(reason), reason
            assert not re.search(r"\d\.\d", reason), reason  # a decimal comma in Russian
            hints += 1
        state.apply(rng.choice(state.legal_actions()))
    assert hints


# ----- the HTML snapshot in Russian -------------------------------------------------------------------------
class _VisibleText(HTMLParser):
    """What a person reads on a page: text and accessible names, not styles or ``data-`` hooks."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_style = tag == "style"
        self.parts.extend(value for name, value in attrs if name in ("aria-label", "title") and value)

    def handle_endtag(self, tag: str) -> None:
        self.in_style = False

    def handle_data(self, data: str) -> None:
        if not self.in_style:
            self.parts.append(data)


@pytest.mark.parametrize("game", sorted(DEALS))
def test_html_snapshot_in_russian_has_no_latin(game: str) -> None:
    rng = random.Random(2)
    state = new_game(game, seed=4)
    pages = 0
    while True:
        page = to_html(state, locale="ru")
        reader = _VisibleText()
        reader.feed(page)
        text = " ".join(reader.parts)
        assert not latin_words(text), (state.history[-1:], latin_words(text))
        pages += 1
        if state.is_done:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert pages > 10
    assert 'data-card="' in page  # the hooks stay canonical …
    assert re.search(r'class="cw-rank">[ТКДВ]<', page)  # … while the faces read Т, К, Д, В


# ----- README.ru.md ------------------------------------------------------------------------------------------
def test_russian_readme_has_the_same_two_commands() -> None:
    def commands(name: str) -> list[str]:
        text = (ROOT / name).read_text(encoding="utf-8")
        return re.findall(r"^(make \w+)\s+#", text, flags=re.MULTILINE)

    assert commands("README.md") == ["make lab", "make test"]
    assert commands("README.ru.md") == commands("README.md")


def test_russian_readme_example_prints_what_it_says(clean_locale: None) -> None:
    text = (ROOT / "README.ru.md").read_text(encoding="utf-8")
    promised = re.search(r"print\(err\)\s+# (.+)", text)
    assert promised is not None
    set_locale("ru")
    with pytest.raises(IllegalActionError) as caught:
        new_game("nimby", seed=7).apply("play 3S")
    assert str(caught.value) == promised.group(1)


# ----- notes in both languages (docs/records.md) ----------------------------------------------------------
def _record_with_notes(notes: object) -> dict:
    return {"game": "nimby", "dealer": 0, "seed": 5, "actions": ["agree"], "notes": notes}


def test_records_carry_notes_in_both_languages() -> None:
    note = {"en": "the first player agrees", "ru": "первый игрок соглашается"}
    record = cardwidgets.load_record(_record_with_notes({"0": "plain", "1": note}))
    assert record.notes == {0: "plain", 1: note}
    assert record.to_json()["notes"] == {"0": "plain", "1": note}
    assert note_text(record.notes[1], "ru") == "первый игрок соглашается"
    assert note_text(record.notes[1], "en") == "the first player agrees"
    assert note_text(record.notes[0], "ru") == "plain"
    assert note_text({"ru": "только по-русски"}, "en") == "только по-русски"
    assert note_text({"en": "English only"}, "ru") == "English only"


def test_every_shipped_record_note_is_in_both_languages() -> None:
    """notebooks/records: a Russian picture never shows an English note."""
    notes = {}
    for path in sorted((ROOT / "notebooks" / "records").glob("*/*.json")):
        for key, note in json.loads(path.read_text(encoding="utf-8")).get("notes", {}).items():
            notes[f"{path.name} {key}"] = note
    assert notes
    for where, note in notes.items():
        assert isinstance(note, dict), where
        assert note.get("en"), where
        assert re.search("[а-я]", note.get("ru", "")), where


def test_note_text_follows_the_default_locale(clean_locale: None) -> None:
    note = {"en": "agree", "ru": "согласие"}
    assert note_text(note) == "agree"
    set_locale("ru")
    assert note_text(note) == "согласие"


@pytest.mark.parametrize("bad", [{"1": {}}, {"1": {"de": "zustimmen"}}, {"1": {"ru": 5}}, {"1": ["en", "ru"]}])
def test_bad_bilingual_notes_are_one_clear_error(bad: object) -> None:
    with pytest.raises(RecordError, match=r'notes: "1" must be an action index .* with a text, or texts by language'):
        cardwidgets.load_record(_record_with_notes(bad))


def test_explanations_with_shown_cards_and_actions_survive_pickling() -> None:
    """Explanations may cross process boundaries (e.g. a kernel's worker); their parameters must too."""
    state = new_game("nimby", seed=7)
    reason = state.why_illegal(state.parse("play 3S"))
    copy = pickle.loads(pickle.dumps(reason))
    assert copy.text("ru") == reason.text("ru")
    card = pickle.loads(pickle.dumps(CardText(parse_card("AS"))))
    assert (card, card.card) == ("A♠", parse_card("AS"))


# ----- thousands of random positions -------------------------------------------------------------------
def wrong_actions(state: GameState, rng: random.Random) -> list[str]:
    """A pool of plausible actions, most of them illegal now (all verbs of the game)."""
    deck = [c.text for c in get_game(state.game_name).deck]
    cards = rng.sample(deck, 4)
    pool = [f"play {c}" for c in cards] + ["pass", "keep", "agree"]
    pool += [f"bid {n}" for n in (3, 4, 7, 15, 61, 65, 200)] + ["raise 3", "raise 14"]
    pool += [f"exchange {c}" for c in ("2C", "2D", cards[0])] + ["trump A", "trump K", "trump 10"]
    pool += [f"give {cards[0]} {s}" for s in range(3)] + [f"leave {cards[1]}", f"open {' '.join(cards[:3])}"]
    if state.game_name == "tumbochka":
        pool += [f"play {cards[2]} trilyazh", f"play {cards[3]} troyan"]
    verbs = set(state.syntax)
    legal = set(state.legal_strings())
    return [text for text in pool if text.split()[0] in verbs and text not in legal]


def explanations_at(state: GameState, rng: random.Random) -> Iterator[tuple[str, Explanation]]:
    """Every explanation a learner can meet at this position (and why each wrong action is refused)."""
    for trick in state.tricks:
        if trick.explanation is not None:
            yield "trick", trick.explanation
    for seat in range(state.num_players):
        for notice in state.notices(seat):
            yield "notice", notice
    for name in ("score_explanation", "maker_explanation", "c_explanation"):
        method = getattr(state, name, None)
        found = method() if method is not None else None
        if found is not None:
            yield name, found
    for event in getattr(state, "match_events", []):
        yield "match", event
    if state.is_done:
        return
    for text in wrong_actions(state, rng):
        try:
            action = state.parse(text)
        except IllegalActionError as exc:
            yield f"parse {text}", exc.explanation
            continue
        if action not in state.legal_actions():
            yield f"refused {text}", state.why_illegal(action)
    yield "bot", heuristic.decide(state).reason


def russian_texts(game: str, seed: int) -> Iterator[tuple[str, str]]:
    """(where, text) for one random match's first deals: explanations, labels and bot reasons in Russian."""
    rng = random.Random(seed)
    match = Match(game, seed=seed)
    for _ in range(2):
        if match.is_over:
            return
        state = match.new_deal()
        while True:
            for where, explanation in explanations_at(state, rng):
                yield f"{where} ({explanation.key})", explanation.text("ru")
            for text in state.legal_strings():
                yield f"label {text}", action_label(text, "ru", game)
            if state.is_done:
                break
            state.apply(rng.choice(state.legal_actions()))
        match.end_deal()
        for event in getattr(state, "match_events", []):
            yield f"match ({event.key})", event.text("ru")


@pytest.mark.parametrize("game", sorted(DEALS))
def test_no_latin_in_russian_over_random_deals(game: str) -> None:
    seen_keys: set[str] = set()
    bad: dict[str, str] = {}
    count = 0
    for seed in range(DEALS[game] // 2):
        for where, text in russian_texts(game, seed):
            count += 1
            seen_keys.add(where.split("(")[-1].rstrip(")"))
            if latin_words(text) and where not in bad:
                bad[where] = text
    assert count > 1000
    assert not bad, "\n".join(f"{where}: {text}" for where, text in list(bad.items())[:30])


# ----- widgets' text in Russian: no English leaks ------------------------------------------------------
def test_explorer_text_in_russian_names_cards_the_russian_way() -> None:
    """TrickExplorer.text(): «В♦», never ``JD``, in every line; English writes "J♦" (no codes)."""
    for example in EXAMPLES:
        explorer = TrickExplorer(locale="ru")
        explorer.load_example(example)
        text = explorer.text()
        assert not latin_words(text), (text, latin_words(text))
        assert "Б: В" in text
    english = TrickExplorer(locale="en")
    english.load_example("1")
    assert "A: 10♠  B: J♦  C: J♣" in english.text()


@pytest.mark.parametrize("game", sorted(DEALS))
def test_hand_replay_and_table_text_in_russian_have_no_latin(game: str) -> None:
    """HandReplay.text() is titled «Просмотр сдачи»; Table.text() says its state in Russian words."""
    state = new_game(game, seed=6)
    rng = random.Random(6)
    while not state.is_done:
        state.apply(rng.choice(state.legal_actions()))
    replay = HandReplay(record_of(state), locale="ru")
    for step in (0, replay.steps // 2, replay.steps):
        replay.go(step)
        assert replay.text().startswith("Просмотр сдачи — ")
        assert not latin_words(replay.text()), replay.text()
    assert HandReplay(record_of(state), locale="en").text().startswith("HandReplay — ")
    table = Table(game, seed=6, locale="ru")
    assert table.text().startswith("Стол: ")
    assert not latin_words(table.text()), table.text()
    assert Table(game, seed=6).text().startswith(f"Table({game}, seat 0, phase ")  # English unchanged


def test_play_app_in_russian_shows_russian_names_only() -> None:
    app = play_app("game=tumbochka&locale=ru")
    labels = [label for label, _ in app.game.options]
    assert labels == ["Нимби", "Тумбочка", "Несторс"]
    assert app.game.value == "tumbochka"
    controls = [app.game.description, app.language.description, app.new_match.description, app.status.value]
    assert not [text for text in controls if latin_words(text)], controls
    app.language.value = "en"
    assert app.game.options[0][0] == "Nimby (Нимби)"
    assert app.game.value == "tumbochka"  # switching the language keeps the chosen game


# ----- points: one word per game, plurals, decimal comma, minus sign -------------------------------------
@pytest.mark.parametrize(
    ("value", "game", "en", "ru"),
    [
        (1, "nestors", "1 point", "1 очко"),
        (2, "tumbochka", "2 points", "2 очка"),
        (5, "nestors", "5 points", "5 очков"),
        (11, "nestors", "11 points", "11 очков"),
        (21, "nestors", "21 points", "21 очко"),
        (-2, "nimby", "-2 points", "−2 балла"),
        (1, "nimby", "1 point", "1 балл"),
        (6, "nimby", "6 points", "6 баллов"),
        (2.5, "nimby", "2.5 points", "2,5 балла"),
        (0.08, "tumbochka", "0.08 points", "0,08 очка"),
    ],
)
def test_points_agree_with_their_number(value: float, game: str, en: str, ru: str) -> None:
    """Nimby counts «баллы» (its seed), the others «очки»; plurals, decimal comma, minus sign (glossary)."""
    assert Points(value, game).text("en") == en
    assert Points(value, game).text("ru") == ru


def test_signed_points_with_one_decimal() -> None:
    assert Points(1.0, "nestors", signed=True, decimals=1).text("en") == "+1.0 points"
    assert Points(-1.54, "nimby", signed=True, decimals=1).text("ru") == "−1,5 балла"
    params = {"team": 0, "taken": 2, "makers": -2, "defenders": 0}
    assert render("nimby.score_makers", params, "ru").endswith("им −2, соперникам 0")


def test_nimby_texts_say_balls_not_ochki() -> None:
    """One word for Nimby's points: the seed's «балл» (never «очко» in a Nimby text)."""
    nimby = [t["ru"] for k, t in CATALOGUE.items() if k.startswith(("nimby.", "bots.nimby.", "drill.nim_"))]
    nimby.append(TOOLS["ru"]["dd_side_nimby"])
    assert not [text for text in nimby if "очк" in text]


def play_decision(game: str, seed: int = 1) -> GameState:
    """A decision with a choice in the play of ``game``, reached by the rules-of-thumb bots."""
    state, bot = new_game(game, seed=seed), make_bot("heuristic")
    while state.phase not in ("play", "open") or len(state.legal_actions()) < 2:
        state.apply(bot.choose(state))
    return state


def judge_sentences(state: GameState, locale: str) -> Iterator[str]:
    """The judge's sentence for every verdict, with each face-up clause (best too, a cost, not valued)."""
    seat, legal = state.to_act, state.legal_strings()
    for verdict in ("best", "good", "inaccuracy", "mistake", "no_choice"):
        for dd, dd_cost in ((1, 0), (0, 1), (-4, 8), (None, None)):
            best_dd = None if dd is None else dd + dd_cost
            a = Assessment(legal[-1], verdict, [legal[0]], [legal[0]], 0.25, 1.0, 0.5, dd, dd_cost, 9, 1.25, best_dd)
            yield explain(a, state, seat).text(locale)


def test_judge_sentences_say_one_point() -> None:
    """"cost 1 point" (not "1 points"); «стоил 1 очко» / Nimby «стоил 1 балл»; «0,5» with a decimal comma."""
    nestors_en = list(judge_sentences(play_decision("nestors"), "en"))
    assert any("cost 1 point: " in text for text in nestors_en)
    assert any("1.0 points less on average" in text for text in nestors_en)
    nestors_ru = list(judge_sentences(play_decision("nestors"), "ru"))
    assert any("стоил 1 очко" in text for text in nestors_ru)
    assert any("на 1,0 очка меньше" in text and "± 0,5" in text for text in nestors_ru)
    assert any("стоил 1 балл" in text for text in judge_sentences(play_decision("nimby"), "ru"))


# ----- record errors in Russian (docs/records.md, *Errors*) ------------------------------------------------
#: Text quoted from the record (a field name, a value, an action as written) may be Latin: it is the person's own.
QUOTED = re.compile(r"«[^«»]*»|\"[^\"]*\"|'[^']*'|\{[^{}]*\}")


def record_errors() -> Iterator[tuple[str, RecordError]]:
    """(where, error) for every broken record the record tests know: files, texts and each field made wrong."""
    for path in sorted((ROOT / "tests" / "records").glob("*/*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if "error" in case:
            with pytest.raises(RecordError) as caught:
                cardwidgets.replay(case["record"])
            yield path.name, caught.value
    for name, (text, _) in BROKEN.items():
        with pytest.raises(RecordError) as caught:
            cardwidgets.replay(text)
        yield name, caught.value
    for name in (SYSTEMATIC[0], SYSTEMATIC[2], SYSTEMATIC[3]):  # one record of each game
        good = json.loads((ROOT / "tests" / "records" / name).read_text(encoding="utf-8"))["record"]
        for path in paths(good)[1:]:
            for wrong in WRONG_VALUES:
                record = replaced(good, path, wrong)
                try:
                    cardwidgets.replay(record)
                except RecordError as exc:
                    yield f"{name} {path}={wrong!r:.20}", exc


def game_words() -> set[str]:
    """The games' codes, rule option names and deal parts: written in a record as they are (``talon_shown``)."""
    words = set(DEALS) | {"NaN", "Infinity"}  # JSON's own words for what it refuses
    for game in DEALS:
        rules = get_game(game)
        names = [*rules.options, *(part.name for part in rules.layout)]
        words.update(word for name in names for word in LATIN.findall(name))
    return words


def test_record_errors_in_russian_have_no_english() -> None:
    """Each record error reads in Russian; Latin only in quoted text, JSON field names and format names."""
    bad: dict[str, str] = {}
    keys: set[str] = set()
    count = 0
    for where, error in record_errors():
        count += 1
        keys.add(error.explanation.key)
        russian = error.explanation.text("ru")
        assert error.args[0] == error.explanation.text("en")  # the English text stays what docs/records.md says
        left = set(latin_words(QUOTED.sub("", russian))) - RECORD_WORDS - game_words()
        if left and where not in bad:
            bad[where] = f"{russian}  {sorted(left)}"
    assert count > 500
    assert len(keys) > 30
    assert not bad, "\n".join(f"{where}: {text}" for where, text in list(bad.items())[:30])


def test_record_error_follows_the_default_locale(clean_locale: None) -> None:
    with pytest.raises(RecordError) as caught:
        cardwidgets.replay({"game": "nimby", "dealer": 0, "seed": 1, "actions": ["play 3S"]})
    english = 'action 1 "play 3S": "play 3♠" is not possible now: the phase is trump'
    assert str(caught.value).startswith(english)
    set_locale("ru")
    assert str(caught.value).startswith("действие 1 «play 3S»: «сыграть 3♠» сейчас невозможно: идёт выбор козыря")
    copy_ = pickle.loads(pickle.dumps(caught.value))
    assert (copy_.args, str(copy_)) == (caught.value.args, str(caught.value))


def test_limits_in_russian_group_thousands() -> None:
    with pytest.raises(RecordError) as caught:
        cardwidgets.load_record("x" * 2_000_001)
    assert caught.value.args[0] == "record too large: the limit is 2,000,000 bytes"
    assert caught.value.explanation.text("ru") == "запись слишком велика: не больше 2\u00a0000\u00a0000 байт"


# ----- what the widgets show in Russian, over random deals ----------------------------------------------
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def sentences(data: object) -> Iterator[str]:
    """Every text for people in a widget's synced data: the strings with a Cyrillic letter.

    (The others are canonical hooks such as ``data-card`` codes, checked to stay canonical elsewhere.)
    """
    if isinstance(data, dict):
        for value in data.values():
            yield from sentences(value)
    elif isinstance(data, list):
        for value in data:
            yield from sentences(value)
    elif isinstance(data, str) and CYRILLIC.search(data):
        yield data


def table_texts(game: str, seed: int, locale: str = "ru") -> Iterator[tuple[str, str]]:
    """A Table played at random: its text, synced texts, labels and the refusal of wrong actions.

    In Russian every synced string with a Cyrillic letter; in English (whose canonical codes share the
    alphabet) the status line's sentences and the events' words.
    """
    rng = random.Random(seed)
    table = Table(game, seed=seed, locale=locale, pace=0)
    while True:
        yield "Table.text", table.text()
        if locale == "en":
            for event in table.events:
                yield "status line", event["status"]
                yield "Table view", event["text"]
        else:
            for text in sentences({"view": table.view, "scoreboard": table.scoreboard, "events": table.events}):
                yield "Table view", text
        for action, label in table.labels.items():
            yield f"label {action}", label
        if table.state.is_done:
            break
        for text in wrong_actions(table.state, rng)[:5]:  # refused: the reason, with the legal actions
            assert not table.act(text)
            yield f"refused {text}", table.error["text"]
        table.act(rng.choice(table.legal))
    assert not table.act("pass")
    yield "refused after the deal", table.error["text"]
    replay = HandReplay(record_of(table.state), locale=locale)
    for step in range(0, replay.steps + 1, 2):
        replay.go(step)
        yield f"HandReplay step {step}", replay.text()
    for text in judge_sentences(play_decision(game), locale):  # every kind of verdict sentence
        yield "post_mortem", text


def explorer_texts(rng: random.Random, locale: str = "ru") -> Iterator[tuple[str, str]]:
    """TrickExplorer over random cards: its text (every outcome) and the refusal of impossible choices."""
    deck = [card.text for card in get_game("nestors").deck]
    for _ in range(150):
        a, b, *hand = rng.sample(deck, rng.randrange(3, 10))
        explorer = TrickExplorer(trump=rng.choice(["A", "J", "10"]), a=a, b=b, hand=hand, locale=locale)
        yield "explorer", explorer.text()
        for c in (rng.choice(hand), rng.choice(deck), a):
            try:
                explorer.update(c=c)
            except ExplorerError as exc:
                yield "explorer refused", str(exc)
            else:
                yield "explorer trick", explorer.text()


def drill_texts(game: str, locale: str = "ru") -> Iterator[tuple[str, str]]:
    """Every drill topic of ``game``: the question as text and the feedback on every option."""
    for topic in Drill.topics(game):
        drill = Drill(topic, seed=3, locale=locale)
        for _ in range(3):
            yield f"Drill {topic}", drill.text()
            for option in range(len(drill.options)):
                yield f"Drill {topic} feedback", drill.answer(option)["text"]
            drill.next()


def coach_texts(game: str) -> Iterator[tuple[str, str]]:
    """The coach's verdict on a few moves (it searches: a few positions only)."""
    rng = random.Random(4)
    state = new_game(game, seed=4)
    judged = 0
    while not state.is_done and judged < 3:
        if state.phase == "play" and len(state.legal_actions()) > 1:
            verdict = coach(state, rng.choice(state.legal_actions()))
            yield f"coach {verdict.verdict}", verdict.to_json("ru")["text"]
            judged += 1
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", sorted(DEALS))
def test_no_latin_in_what_russian_widgets_show(game: str) -> None:
    """Table (text, view, labels, refusals with legal lists), HandReplay, post-mortem, drills, coach, explorer."""
    found = [text for seed in range(6) for text in table_texts(game, seed)]
    found += list(drill_texts(game)) + list(coach_texts(game))
    if game == "nestors":
        found += list(explorer_texts(random.Random(1)))
    bad = {where: text for where, text in found if latin_words(text)}
    assert len(found) > 500
    assert {where.split()[0] for where, _ in found} >= {"Table.text", "refused", "HandReplay", "post_mortem", "Drill"}
    assert not bad, "\n".join(f"{where}: {text}" for where, text in list(bad.items())[:30])


#: A whole number and the noun after it, to check their agreement («1 очко», «3 очка», «5 очков»).
COUNTED = re.compile(r"(?<![\d,.\w])(\d+) (очко|очка|очков|балл|балла|баллов|взятка|взятки|взяток)(?!\w)")
FORMS = {"очк": ("очко", "очка", "очков"), "бал": ("балл", "балла", "баллов"), "взя": ("взятка", "взятки", "взяток")}


def disagreeing(text: str) -> list[str]:
    """Numbers whose noun does not agree (the test's own rule: 1, 21 → one; 2–4, 22 → few; 5–20, 11–14 → many)."""
    bad = []
    for match in COUNTED.finditer(text):
        n, word = int(match.group(1)), match.group(2)
        one, few, many = FORMS[word[:3]]
        last, tens = n % 10, n % 100
        want = one if last == 1 and tens != 11 else few if 2 <= last <= 4 and not 12 <= tens <= 14 else many
        after_from = re.search(r"(?:из|от|до|больше|меньше|около)\s*$", text[: match.start()])
        if word != want and not (after_from and word == (many if last != 1 or tens == 11 else few)):
            bad.append(match.group(0))
    return bad


def test_counted_nouns_agree_with_their_number() -> None:
    """One helper (``count_text``) for «взятка», «очко», «балл», «карта»; English "1 trick", "3 tricks"."""
    assert [count_text(n, "trick", "ru") for n in (1, 3, 5, 11, 21, 22)] == [
        "1 взятка", "3 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки"]
    assert [count_text(n, "point", "ru") for n in (1, 3, 5)] == ["1 очко", "3 очка", "5 очков"]
    assert [points_text(n, "ru", "nimby") for n in (1, 2, 12)] == ["1 балл", "2 балла", "12 баллов"]
    assert [count_text(n, "trick", "en") for n in (1, 3)] == ["1 trick", "3 tricks"]
    assert disagreeing("у вас 1 очков, 3 очков и 5 очков, из 5 очков") == ["1 очков", "3 очков"]


@pytest.mark.parametrize("game", sorted(DEALS))
def test_russian_numbers_have_a_minus_sign_and_a_decimal_comma(game: str) -> None:
    """«−2», not "-2"; «2,5», not "2.5"; «1 очко / 3 очка / 5 очков» — in what widgets show and every explanation."""
    found = [text for seed in range(6) for text in table_texts(game, seed)] + list(drill_texts(game))
    found += list(russian_texts(game, 1))
    bad = [f"{where}: {text}" for where, text in found if re.search(r"(?<![\w-])-\d|\d\.\d", text)]
    assert not bad, "\n".join(bad[:20])
    wrong = [f"{where}: {disagreeing(text)} in {text}" for where, text in found if disagreeing(text)]
    assert not wrong, "\n".join(wrong[:20])


def test_the_scoreboard_writes_numbers_as_the_learner_does() -> None:
    """The table's score is drawn from texts the kernel writes: «−2» and «+0» in Russian, ``-2`` in English."""
    for locale, minus in (("ru", "\u2212"), ("en", "-")):
        rng = random.Random(1)
        table = Table("nimby", seat=0, seed=3, bots="random", pace=0, locale=locale)
        while not table.state.is_done:
            table.act(rng.choice(table.legal))
        board = table.scoreboard
        assert board["score_texts"] == [str(score).replace("-", minus) for score in board["scores"]]
        assert board["deal_score_texts"] == [f"{score:+}".replace("-", minus) for score in board["deal_score"]]
        assert any(score < 0 for score in board["deal_score"])  # the case that needs the sign


def test_a_hand_held_face_down_counts_its_cards_in_words() -> None:
    """«1 карта», «3 карты», «5 карт» (not «карт: 5»); "1 card", "5 cards"; the table's model carries the text."""
    assert [cards_text(n, "ru") for n in (1, 3, 5, 11, 21, 22)] == [
        "1 карта", "3 карты", "5 карт", "11 карт", "21 карта", "22 карты"]
    assert [cards_text(n, "en") for n in (1, 5)] == ["1 card", "5 cards"]
    table = Table("nestors", seat=1, seed=5, pace=0, locale="ru")
    held = [seat for seat in table.board["seats"] if seat["hand"] is None]
    assert held
    assert all(seat["count_text"] == cards_text(seat["count"], "ru") for seat in held)


# ----- what the widgets show in English: no card code, no action string -------------------------------------------
CARD_CODE = re.compile(r"(?<![\w♠♥♦♣-])(?:10|[2-9JQKA])[SHDC](?![\w])")
ACTION_STRING = re.compile(r"\b(?:play|open|leave|give|exchange) (?:\?|(?:10|[2-9JQKA])[SHDC])(?![\w♠♥♦♣])")
#: The status line and "Last action" tell what a seat did in a sentence ("Seat 2 passed"), not "Seat 2: pass".
STATUS_ACTION = re.compile(r"(?:Seat \d|You): (?:agree|pass|bid|trump|open|leave|give|raise|keep|play|exchange)\b")
#: A refused string is the person's own and may be echoed, quoted.
QUOTED_ECHO = re.compile(r"\"[^\"]*\"|«[^«»]*»")


def codes_in(text: str) -> list[str]:
    """Card codes, action strings and "Seat 2: pass" a person would read in ``text`` (quoted echoes left out)."""
    bare = QUOTED_ECHO.sub("", text)
    return CARD_CODE.findall(bare) + ACTION_STRING.findall(bare) + STATUS_ACTION.findall(bare)


def english_texts(game: str, seed: int) -> Iterator[tuple[str, str]]:
    """An English coached Table played at random: status-line events, coach, Hint, refusals, Review, analysis."""
    rng = random.Random(seed)
    table = Table(game, seed=seed, locale="en", pace=0, coach=True, bots="random")
    hints = 0
    while not table.state.is_done:
        for event in table.events:
            yield "status line", event["status"]
            yield "event", event["text"]
        if table.feedback:
            yield "coach", table.feedback["text"]
        if hints < 2 and table.state.phase in ("play", "open") and len(table.legal) > 1:
            table.ask_hint()
            hints += 1
            yield "Hint", f"{table.hint['label']}: {table.hint['reason']}"
        for text in wrong_actions(table.state, rng)[:3]:
            assert not table.act(text)
            yield "refused", table.error["text"]
        table.act(rng.choice(table.legal))
    yield "result", table.scoreboard["why"]
    table.review(samples=4)
    for row in table.review_rows:
        yield "Review", row["text"]
    if table.review_rows:
        opened = table.review_replay(1)
        yield "analysis verdict", opened.analysis_view["verdict"].get("text", "")
        yield "analysis", " ".join([opened.analysis_view["summary"], *opened.analysis_view["legend"]])


@pytest.mark.parametrize("game", sorted(DEALS))
def test_no_card_code_or_action_string_in_what_english_widgets_show(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwidgets.analysis import judge as judge_module

    monkeypatch.setattr(judge_module, "sample_count", lambda state, actions: 6)  # the same judge, CI-fast
    monkeypatch.setattr(judge_module, "DD_NODES", 20_000)
    monkeypatch.setattr(judge_module, "DD_NODES_COMPILED", 20_000)
    found = list(english_texts(game, 1))
    found += [("judge", text) for text in judge_sentences(play_decision(game), "en")]
    found += [text for seed in range(3) for text in table_texts(game, seed, "en")]
    found += list(drill_texts(game, "en"))
    if game == "nestors":
        found += list(explorer_texts(random.Random(1), "en"))
    kinds = {where.split()[0] for where, _ in found}
    assert kinds >= {"status", "coach", "Hint", "refused", "judge", "Table.text", "HandReplay", "Drill", "post_mortem"}
    assert game != "nestors" or "explorer" in kinds
    bad = {f"{where}: {text}": codes_in(text) for where, text in found if codes_in(text)}
    assert not bad, "\n".join(f"{k} -> {v}" for k, v in list(bad.items())[:20])


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_figure_that_rounds_to_zero_has_no_minus(locale: str) -> None:
    """The coach wrote "it averaged -0.0 points": a mean of -0.01 shown with one decimal is zero."""
    from cardwidgets.i18n.names import number_text

    assert number_text(-0.01, locale, decimals=1) in ("0.0", "0,0")
    assert number_text(-0.01, locale, signed=True, decimals=1) in ("+0.0", "+0,0")
    assert number_text(-0.06, locale, decimals=1) in ("-0.1", "−0,1")
