"""The Russian catalogues as a native reader checks them: the seeds' words, no Latin, nothing left out.

``tests/test_i18n.py`` checks the message catalogue, the widget texts and the tools' texts for both
locales, the same fields and no Latin, and a few glossary words. This module adds the tables it does not
reach (the drills' texts, the action words, each game's own words, the phase names) and, per game, the
words its seed uses in place of ours (``docs/glossary.md``), with a test for each erratum a reader found.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator

import pytest
from support import ROOT

import cardwidgets  # noqa: F401 - registers every game's words
from cardwidgets import IllegalActionError, new_game
from cardwidgets.core.explain import Explanation
from cardwidgets.drills.base import say
from cardwidgets.drills.registry import make_item
from cardwidgets.games.nestors.words import POSITION_NAMES
from cardwidgets.i18n import CATALOGUE, PHASE_NAMES, render
from cardwidgets.i18n.drills import DRILL_UI
from cardwidgets.i18n.names import ACTION_DONE, ACTION_LABELS, action_label
from cardwidgets.i18n.tools import TOOLS
from cardwidgets.i18n.ui import GAME_UI, UI, ui_texts

#: Rule ids are the only Latin a Russian text may hold (``NES-6 W3b``, ``TUM-5``, ``T-4``).
RULE_ID = re.compile(r"\b(?:NES|NIM|TUM|[ENTW])-?\d+[a-z]?\b|\bW\d+[ab]?\b")
#: A template's field, with the words a number's field carries (``{n:сдаче|сдачах|сдачах}``).
FIELD = re.compile(r"\{\w+(?::[^{}]*)?\}")
#: Python names a learner types, quoted by a few errors (``predict(case)``, a file that is not ``cardwidgets``'),
#: the explorer's position names in its protocol, and the JSON fields a record's error quotes.
CODE_WORDS = {"predict", "case", "cardwidgets", "a", "b", "c", "hand", "JSON", "UTF", "x", "null", "true", "false",
              "en", "ru", "game", "rules", "start", "deals", "deal", "dealer", "seed", "actions", "notes", "target",
              "min", "max", "bid", "scores", "sitting", "sat", "removals", "bagels", "public"}  # fmt: skip


def fields(template: str) -> set[str]:
    """The field names of a ``str.format`` template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def russian_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every Russian text a person can read, from every table the catalogues have."""
    for key, templates in CATALOGUE.items():
        yield f"CATALOGUE {key}", templates["ru"]
    for name, table in (("UI", UI), ("TOOLS", TOOLS), ("DRILL_UI", DRILL_UI), ("ACTION_LABELS", ACTION_LABELS)):
        for key, text in table["ru"].items():
            yield f"{name} {key}", text
    for key, forms in ACTION_DONE["ru"].items():
        for text in forms:
            yield f"ACTION_DONE {key}", text
    for game, texts in GAME_UI["ru"].items():
        for key, text in texts.items():
            yield f"GAME_UI {game}.{key}", text
    for phase, names in PHASE_NAMES.items():
        yield f"PHASE {phase}", names["ru"]
    for position, names in POSITION_NAMES.items():
        yield f"POSITION {position}", names["ru"]


TEXTS = dict(russian_texts())


def game_of(where: str) -> str:
    """The game a text belongs to, from its key (``""``: every game's); a game's own name in the key decides first."""
    for game in GAME_MARKS:
        if game in where:
            return game
    for game, marks in GAME_MARKS.items():
        if any(mark in where for mark in marks):
            return game
    return ""


GAME_MARKS = {
    "nimby": ("nimby", "nim_", "nim-"),
    "tumbochka": ("tumbochka", "tum_", "trilyazh", "troyan", "raise", "keep", "give"),
    "nestors": ("nestors", "nes_", "open", "leave"),
}


def test_every_table_has_both_languages_with_the_same_fields() -> None:
    """The tables ``test_i18n`` does not reach: drills, action words (done and as buttons)."""
    for table in (DRILL_UI, ACTION_LABELS):
        for key, template in table["ru"].items():
            english = table["en"].get(key, table["en"].get(key.split(".")[-1]))
            assert english is not None, key
            assert fields(template) == fields(english), key
    for key, forms in ACTION_DONE["ru"].items():
        english = ACTION_DONE["en"].get(key, ACTION_DONE["en"].get(key.split(".")[-1]))
        assert english is not None, key
        assert len(forms) == len(english) == 2, key
        assert [fields(f) for f in forms] == [fields(f) for f in english], key


def test_no_russian_text_has_a_latin_word_but_rule_ids_and_code_names() -> None:
    assert len(TEXTS) > 600
    bad = {}
    for where, text in TEXTS.items():
        words = set(re.findall(r"[A-Za-z]+", RULE_ID.sub("", FIELD.sub("", text))))
        if words - CODE_WORDS:
            bad[where] = text
    assert not bad, bad


#: Words no Russian text may hold, each with the word the seeds (or the glossary) use instead.
FORBIDDEN = {
    "": {
        "контракт": "заказ (Tumbochka), ставка (Nestors)",
        "начальн": "номер расклада (a seed)",
        "seed": "номер расклада",
        "житейск": "простой приём",
        "перебор": "расчёт (the search bot)",
        "(только од": "«Верный ответ один.» (it read as «you may play only one»)",
        "(только с од": "«Верный ответ один.»",
        "не другой игрок": "«не его соперник»",
        ", что нужно": "«а столько нужно»",
        "приходит на": "садится на тумбочку",
        "пришёл на": "сел на тумбочку",
        "открыть {0}": "«Положить {0}, забрать …» (NES-6a: the bidder plays his card)",
        "масти козыри": "«положить козырь»",
        "ходить в масть": "«положить карту масти» (ходить is to lead)",
        "может ходить": "«может положить» (ходить is to lead)",
        "можно ходить": "«можно положить» (ходить is to lead)",
        "нет ни у": "«не играли ни А, ни Б» (W3b: the cards played)",
        "положили только партнёры": "«сыграла только пара А и С» (one player or two)",
        "против лучшего": "«на … хуже лучшего» (a calque of «against»)",
        "линия": "«продолжение», «вариант» (a calque of «line»)",
        "движок": "программа",
        "своим ходом": "«заходя» (a troyan or a trilyazh only on lead)",
    },
    "nimby": {"колод": "оставшиеся карты (the deck is all 24)", "очк": "балл (the Nimby seed's word)",
              "сдающ": "сдатчик (the Nimby seed)"},
    "tumbochka": {"сдатчик": "сдающий (the Tumbochka seed)", "ставк": "заказ", "повыша": "перезаказать",
                  "раздач": "сдача (one word for a deal)"},
    "nestors": {"заказ": "ставка", "сдающ": "сдатчик (the Nestors seed)"},
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(FORBIDDEN))
def test_each_game_uses_its_seeds_words(game: str) -> None:
    bad = [
        f"{where}: «{word}» — write {instead}: {text}"
        for where, text in TEXTS.items()
        if game in ("", game_of(where))
        for word, instead in FORBIDDEN[game].items()
        if word in FIELD.sub("", text).lower() and not (word == "seed" and where.startswith("CATALOGUE record."))
    ]
    assert not bad, "\n".join(bad)


def test_the_dealer_is_each_seeds_word() -> None:
    """Nimby and Nestors: «сдатчик»; Tumbochka: «сдающий» («Первый после сдающего»)."""
    words = {game: ui_texts("ru", (), game)["dealer"] for game in ("nimby", "tumbochka", "nestors")}
    assert words == {"nimby": "сдатчик", "tumbochka": "сдающий", "nestors": "сдатчик"}


def test_nimby_scores_are_balls() -> None:
    """The Nimby seed counts «баллы»: its score lines, its hint and the tools' values."""
    params = {"team": 0, "taken": 3, "makers": 2, "defenders": 0}
    assert "очк" not in render("nimby.score_makers", params, "ru")
    assert "очк" not in TEXTS["TOOLS dd_side_nimby"]
    assert "баллов" in TEXTS["CATALOGUE drill.nim_match_line"]


# ----- the errata, one by one -------------------------------------------------------------------------------------
AGREEING = [(1, "в 1 сдаче"), (2, "в 2 сдачах"), (11, "в 11 сдачах"), (21, "в 21 сдаче"), (41, "в 41 сдаче")]


@pytest.mark.parametrize(
    ("n", "phrase"),
    [*AGREEING, (42, "в 42 сдачах")],
)
def test_a_number_agrees_with_the_words_after_it(n: int, phrase: str) -> None:
    """«в 41 сдачах» was wrong: after 1, 21, 41 … the noun and its participle are singular."""
    params = {"action": "x", "cost": 1, "better": "y", "n": n, "err": 0.1, "face_up": "", "tip": "", "mc": 1,
              "lucky": "", "tied": ""}
    assert f"{phrase} (±" in render("judge.good", params, "ru")
    participle = "не противоречащей" if phrase.endswith("сдаче") else "не противоречащих"
    assert f"{phrase}, {participle} всему" in render("judge.mistake", params, "ru")
    search = {"tip": "t", "n": n, "value": 1, "trick": "", "compare": "c"}
    assert f"смоделированн{'ой' if participle.endswith('ей') else 'ых'}" in render("bots.search.agree", search, "ru")
    genitive = "сдачи, не противоречащей" if phrase.endswith("сдаче") else "сдач, не противоречащих"  # «из 41 сдачи»
    assert f"в каждой из {n} {genitive} всему" in render("judge.no_choice_play", {**params, "count": 8}, "ru")
    assert f"in {n} deals" in render("judge.good", params, "en")


def test_no_template_writes_a_counted_deal_without_agreement() -> None:
    """A field followed by «сдачах», «сдаче» or «сдач» must carry its forms (``{n:сдаче|сдачах|сдачах}``)."""
    bad = {where: text for where, text in TEXTS.items() if re.search(r"\{\w+\} (?:\w+ )?сдач(?:ах|е)?\b", text)}
    assert not bad, bad


def test_a_number_with_the_wrong_count_of_forms_is_one_clear_error() -> None:
    CATALOGUE["test.forms"] = {"en": "{n:deal|deals}", "ru": "{n:сдаче|сдачах}"}
    try:
        with pytest.raises(ValueError, match="need 3 forms"):
            render("test.forms", {"n": 2}, "ru")
        assert render("test.forms", {"n": 1}, "en") == "1 deal"
    finally:
        del CATALOGUE["test.forms"]


def test_trumps_led_in_nimby_ask_for_a_trump_not_a_card_of_the_suit_trumps() -> None:
    """«должен положить карту масти козыри» (NIM-5): 2♥ led is a trump lead, so a trump is due."""
    state = new_game("nimby", seed=0)
    for action in ["pass", "pass", "agree", "pass", "play 2H"]:
        state.apply(action)
    legal = set(state.legal_strings())
    wrong = next(f"play {card}" for card in state.hands[state.to_act] if f"play {card}" not in legal)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(wrong)
    assert refused.value.explanation.key == "nimby.must_follow_trumps"
    text = refused.value.explanation.text("ru")
    assert "должен положить козырь" in text
    assert "масти козыри" not in text
    assert "must follow trumps" in refused.value.explanation.text("en")


def test_the_troyan_is_shown_on_lead_and_the_drill_agrees() -> None:
    """The sentence of 02-tumbochka, the drill's prompt and its feedback all say one rule: on lead (TUM-5).

    Of 150 items, every «yes» is a position on lead; every position after a card was led is a «no»,
    and where the player holds the troyan its reason says «заходя»; no prompt says «ваш ход» (a turn to
    follow is a turn too, and 31 of these 150 are such turns).
    """
    items = [make_item("tumbochka-troyan", 31, n) for n in range(150)]
    following = [item for item in items if item.position.trick and item.choices[1].why.key != "core.not_in_hand"]
    assert len(following) >= 10
    for item in items:
        yes = item.choices[0].correct
        assert not (yes and item.position.trick), "a troyan shown after a card was led"
        assert "ваш ход" not in item.prompt.text("ru")
    for item in following:
        assert "заходя" in item.choices[1].why.text("ru"), item.choices[1].why.text("ru")
    notebook = (ROOT / "notebooks" / "ru" / "02-tumbochka.ipynb").read_text(encoding="utf-8")
    assert "Когда вы заходите (кладёте первую карту взятки), можно показать троян" in notebook
    assert "Когда ваш ход" not in notebook


def test_w3b_says_played_and_w3a_agrees_with_one_player() -> None:
    """W3b: a suit neither A nor B *played*; W3a with one trump of A's side reads in the singular."""
    w3b = render("nestors.w3b", {"b": "x", "c": "y", "who": "С"}, "ru")
    assert "которой не играли ни А, ни Б" in w3b
    w3a = render("nestors.w3a", {"side": POSITION_NAMES["A"], "trumps": "Т♠", "who": "С"}, "ru")
    assert "козырем сыграла только пара А и С (А: Т♠)" in w3a
    notebook = (ROOT / "notebooks" / "ru" / "03-nestors.ipynb").read_text(encoding="utf-8")
    assert "масти, которой не играли ни А, ни Б" in notebook


def test_the_bidders_trick_is_a_card_laid_not_opened() -> None:
    """NES-6a: the bidder puts his highest card beside two face-up cards and takes them."""
    assert action_label("open AS 10H JC", "ru", "nestors") == "Положить Т♠, забрать 10♥ и В♣"
    assert action_label("play 6S troyan", "ru", "tumbochka") == "Троян! Зайти с 6♠"


def test_the_declarer_gives_to_his_opponents() -> None:
    text = Explanation("TUM-4", "tumbochka.give_to_opponent", {"to": 0}).text("ru")
    assert text == "играющий отдаёт по одной карте каждому из двух соперников, а игрок 0 — не его соперник (TUM-4)"


def test_one_right_answer_is_said_one_way() -> None:
    """Every drill question with a single right answer says «Верный ответ один.», never «(только одну)»."""
    prompts = [text for where, text in TEXTS.items() if where.startswith("CATALOGUE drill.") and "Верный ответ" in text]
    assert len(prompts) >= 6
    assert all(text.endswith("Верный ответ один.") for text in prompts)


def test_card_points_name_the_ranks_in_words() -> None:
    """«Т — по 10, 10 — по 5» read as a sum: the ranks are named, «тузы — по 10, десятки — по 5» (NES-2)."""
    item = make_item("nestors-pile-points", 3, 0)
    why = next(choice.why for choice in item.choices if choice.correct)
    assert "(каждый козырь — 15, тузы — по 10, десятки — по 5, остальные карты — 0)" in say(why, "ru")
    assert "(each trump 15, each A 10, each 10 5, the other cards 0)" in say(why, "en")


def test_the_bidder_lays_his_highest_card() -> None:
    text = render("nestors.open_highest", {"highest": "Т♦", "card": "9♠"}, "ru")
    assert text == "играющий забирает открытые карты своей самой старшей картой (Т♦), а не 9♠ (NES-6a)"


#: Words the Russian prose (README.ru.md, the notebooks' text) must not use outside a quotation «…».
PROSE_FORBIDDEN = {
    "можно ходить": "«можно положить» (ходить is to lead)",
    "может ходить": "«может положить» (ходить is to lead)",
    "ходите в масть": "«отвечайте в масть»",
    "ходят в масть": "«отвечают в масть»",
    "начальн": "номер расклада (a seed)",
    "житейск": "простой приём",
    "перебор": "расчёт",
    "когда ваш ход": "«когда вы заходите» (a troyan or a trilyazh only on lead)",
    "нет ни у": "«не играли ни А, ни Б» (W3b)",
    "добираются": "досдача оставшихся карт (N-5)",
    "*приходит*": "садится на тумбочку",
    "пришедш": "«севший на тумбочку»",
    "приход": "«сесть на тумбочку»",
    "ходить в масть": "«отвечать в масть» (the Tumbochka seed's «ходить в масть» only in a quotation)",
    "в выводе `": "nothing: the Russian edition prints Russian, there are no English labels to gloss",
    "в выводе: `": "nothing: the Russian edition prints Russian, there are no English labels to gloss",
    "выбора не было": "«разницы нет» (the judge's verdict)",
}


def test_russian_prose_uses_the_seeds_words() -> None:
    """The notebooks' text and README.ru.md: the words the catalogues use (seed quotations aside)."""
    texts = {"README.ru.md": (ROOT / "README.ru.md").read_text(encoding="utf-8")}
    for path in sorted((ROOT / "notebooks" / "ru").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.name] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    bad = [
        f"{name}: «{word}» — write {instead}"
        for name, text in texts.items()
        for word, instead in PROSE_FORBIDDEN.items()
        if word in re.sub(r"«[^«»]*»", "", text).lower()
    ]
    assert not bad, "\n".join(bad)
