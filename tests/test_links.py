"""Deal links (``core/links.py``, ``HandReplay.link``/``from_link``, ``open_link``): round trips and bad links."""

from __future__ import annotations

import base64
import json
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import pytest
from support import send_message

from cardwidgets import GAMES, HandReplay, Table, replay
from cardwidgets.bots import make_bot
from cardwidgets.core.limits import MAX_LINK_CHARS, MAX_LINK_RECORD_BYTES
from cardwidgets.core.links import LINK_VERSION, pack, read_link
from cardwidgets.games import new_game
from cardwidgets.widgets.deal_link import open_link

RECORDS = Path(__file__).resolve().parents[1] / "notebooks" / "records"


def bot_record(game: str, seed: int) -> dict[str, Any]:
    """A whole deal of ``game`` played by random bots, as a record dict (the deal itself, not its seed)."""
    state = new_game(game, seed=seed)
    bot = make_bot("random", seed)
    while not state.is_done:
        state.apply(bot.choose(state))
    return Table.from_record({"game": game, "dealer": 0, "seed": seed, "actions": state.history}, pace=0).record


def packed(data: bytes) -> str:
    """A ``deal=`` value holding ``data`` as it is (compressed, base64url): links made by hand."""
    return f"{LINK_VERSION}." + base64.urlsafe_b64encode(zlib.compress(data)).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def nestors_link() -> str:
    return HandReplay(bot_record("nestors", 3), 9).link(seat=2)


# ----- round trips --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_round_trips_at_every_step_and_seat(game: str) -> None:
    record = bot_record(game, 7)
    original = HandReplay(record)
    players = len(original.state.hands)
    for step in range(0, original.steps + 1, 5):
        for seat in (None, *range(players)):
            link = original.link(step=step, seat=seat)
            opened = HandReplay.from_link(link)
            assert (opened.step, opened.seat, opened.revealed) == (step, seat, False)
            assert opened.branch_record == record  # the whole line, not only the steps up to this one
            assert opened.state.history == original._line.state(step).history
            mirror = HandReplay(record, step, seat=seat)
            assert opened.text() == mirror.text()  # the same position, shown as that seat sees it
            assert opened.board == mirror.board


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_record_of_the_notebooks_round_trips(path: Path) -> None:
    original = HandReplay(path)
    original.end()
    opened = HandReplay.from_link(original.link())
    assert opened.branch_record == original.branch_record
    assert opened.step == original.steps
    assert opened.state.summary() == original.state.summary()  # a match's deal in its match's context


def test_a_link_carries_the_branch_on_show_and_the_current_step_by_default() -> None:
    widget = HandReplay(bot_record("nimby", 2), 3)
    widget.finish(seed=1)  # bots, from step 3: a branch if they play otherwise
    widget.go(4)
    opened = HandReplay.from_link(widget.link())
    assert opened.step == 4
    assert opened.branch_record == widget.branch_record
    assert replay(opened.branch_record).is_done


def test_a_seat_link_opens_as_that_seats_view_with_reveal() -> None:
    record = bot_record("tumbochka", 4)
    opened = HandReplay.from_link(HandReplay(record, 6).link(seat=1))
    assert opened.viewer == 1
    assert opened.record == {}
    assert opened.share_link == ""
    hands = {info["seat"]: info["hand"] for info in opened.board["seats"]}
    assert hands[1], hands
    assert all(hand is None for seat, hand in hands.items() if seat != 1), hands
    opened.reveal()
    assert opened.record == record
    assert opened.share_link == opened.link()


def test_the_fragment_or_the_query_alone_is_a_link(nestors_link: str) -> None:
    fragment = nestors_link.split("#", 1)[1]
    for form in (fragment, "#" + fragment, "?" + fragment, "http://host:8866/?" + fragment,
                 "https://example.org/site/lab/index.html?path=open.ipynb#" + fragment):
        assert read_link(form) == read_link(nestors_link), form


def test_base_and_the_default_base(monkeypatch: pytest.MonkeyPatch) -> None:
    widget = HandReplay(bot_record("nimby", 1), 2)
    assert widget.link().startswith("lab/index.html?path=open.ipynb#deal=1.")
    assert HandReplay(widget.branch_record, locale="ru").link().startswith("lab/index.html?path=ru/open.ipynb#")
    assert widget.link(base="http://class:8866/").startswith("http://class:8866/#deal=1.")
    monkeypatch.setenv("CARDWIDGETS_LINK_BASE", "https://school.example/cards/lab/index.html?path={notebook}")
    assert widget.link().startswith("https://school.example/cards/lab/index.html?path=open.ipynb#deal=")


def test_a_nestors_deal_is_a_few_hundred_characters() -> None:
    sizes = {game: len(HandReplay(bot_record(game, 11)).link(base="")) for game in sorted(GAMES)}
    assert all(150 < size < 700 for size in sizes.values()), sizes


# ----- bad links ------------------------------------------------------------------------------------------------
def refusal(link: str, locale: str = "en") -> str:
    """The one sentence a bad link gets, in ``locale``."""
    with pytest.raises(ValueError, match=r"\w") as caught:
        HandReplay.from_link(link, locale=locale)
    explanation = getattr(caught.value, "explanation", None)
    return explanation.text(locale) if explanation is not None else str(caught.value)


def test_a_cut_link_is_damaged(nestors_link: str) -> None:
    deal = nestors_link.split("#", 1)[1].split("&", maxsplit=1)[0]
    for cut in (len(deal) - 1, len(deal) - 5, len(deal) // 2, 12, 9):
        assert "damaged" in refusal(deal[:cut]), cut


def test_a_changed_character_is_caught(nestors_link: str) -> None:
    deal = nestors_link.split("#", 1)[1].split("&", maxsplit=1)[0]
    start = len("deal=1.")
    for index in range(start, len(deal), 7):
        swapped = "A" if deal[index] != "A" else "B"
        with pytest.raises(ValueError, match=r"damaged|does not replay"):
            HandReplay.from_link(deal[:index] + swapped + deal[index + 1:])
    assert "damaged" in refusal(deal[:30] + "!" + deal[31:])  # not base64url at all


def test_another_version_says_so(nestors_link: str) -> None:
    assert 'another version ("2")' in refusal(nestors_link.replace("deal=1.", "deal=2."))
    assert "другой версии" in refusal(nestors_link.replace("deal=1.", "deal=7."), "ru")
    assert "damaged" in refusal("deal=" + nestors_link.split("deal=1.", 1)[1])  # no version at all


def test_a_deal_that_does_not_replay() -> None:
    record = bot_record("nestors", 5)
    record["actions"][3] = "play AS"  # not legal there
    message = refusal("deal=" + pack(record))
    assert message.startswith("the deal in this link does not replay: action 4")
    assert refusal("deal=" + pack(record), "ru").startswith("сдача из этой ссылки не воспроизводится: действие 4")
    record = bot_record("nestors", 5)
    record["deal"]["hands"][0][0] = record["deal"]["hands"][1][0]  # a card twice
    assert "appears twice" in refusal("deal=" + pack(record))


def test_only_the_record_parser_runs_on_what_a_link_holds(tmp_path: Path) -> None:
    path = tmp_path / "real.json"
    path.write_text(json.dumps(bot_record("nimby", 1)))
    # A JSON string would be a file's path to load_record: a link never opens a file.
    message = refusal("deal=" + packed(json.dumps(str(path)).encode()))
    assert message == "the deal in this link does not replay: a record is a file path, JSON text or a dict, not str"
    for text in (b"not json", b"[1, 2]", b'{"game": "chess"}', "\udcff".encode("utf-8", "surrogatepass"),
                 b"[" * 100_000, b'{"__class__": "os.system"}'):
        with pytest.raises(ValueError, match=r"damaged|does not replay"):
            HandReplay.from_link("deal=" + packed(text))


def test_junk_a_megabyte_long_is_refused_before_it_is_read() -> None:
    junk = "deal=1." + "A" * 1_000_000
    assert refusal(junk) == f"not a deal link: longer than {MAX_LINK_CHARS:,} characters"
    assert "длиннее 100" in refusal(junk, "ru")
    assert "no deal" in refusal("x" * 5_000)
    assert "damaged" in refusal("http://[::1#deal=1.abc")  # not even an address
    assert "damaged" in refusal("#deal=1.abc" + "&x=1" * 40)  # more parameters than any page has
    assert "no deal" in refusal("https://example.org/lab/index.html?path=open.ipynb")


def test_a_decompression_bomb_stops_at_the_cap() -> None:
    bomb = "deal=" + packed(b" " * 50_000_000)  # 50 MB of spaces: about 50 kB packed
    assert len(bomb) < MAX_LINK_CHARS
    tracemalloc.start()
    try:
        message = refusal(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert message == f"this deal link unpacks to more than {MAX_LINK_RECORD_BYTES:,} bytes: not a deal"
    assert peak < 5 * MAX_LINK_RECORD_BYTES, peak


def test_something_after_the_record_is_damaged(nestors_link: str) -> None:
    deal = nestors_link.split("#", 1)[1].split("&", maxsplit=1)[0].removeprefix("deal=1.")
    data = base64.urlsafe_b64decode(deal + "=" * (-len(deal) % 4)) + b"more"
    extra = base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    assert "damaged" in refusal("deal=1." + extra)


@pytest.mark.parametrize(("params", "said"), [
    ("&step=-1", 'step in a deal link must be a whole number from 0, not "-1"'),
    ("&step=x", 'not "x"'),
    ("&seat=1.5", 'seat in a deal link must be a whole number from 0, not "1.5"'),
    ("&step=999", "no step 999"),
    ("&seat=4", "no seat 4: seats are 0 to 3"),
    ("&step=1&step=2", "damaged"),
])
def test_bad_step_or_seat(params: str, said: str) -> None:
    link = HandReplay(bot_record("nestors", 2)).link(step=None, base="").split("&")[0]
    assert said in refusal(link + params)


def test_a_link_step_and_seat_from_python_are_checked() -> None:
    widget = HandReplay(bot_record("nimby", 1))
    with pytest.raises(ValueError, match="no step"):
        widget.link(step=widget.steps + 1)
    with pytest.raises(ValueError, match="no seat 7"):
        widget.link(seat=7)


# ----- open.ipynb's opener ----------------------------------------------------------------------------------------
def test_the_opener_shows_the_replay_the_page_address_carries(nestors_link: str) -> None:
    opener = open_link()
    assert opener.replay is None
    assert "Reading the deal" in opener.status.text
    send_message(opener.status, {"address": "?path=open.ipynb#" + nestors_link.split("#", 1)[1]})
    assert opener.replay is not None
    assert opener.error == ""
    assert (opener.replay.step, opener.replay.seat) == (9, 2)
    assert opener.children == (opener.status, opener.replay)


@pytest.mark.parametrize("content", [{"address": "#deal=1.abc"}, {"address": 5}, {"address": "x", "y": 1}, "junk", []])
def test_the_opener_says_what_is_wrong_in_the_learners_language(content: Any) -> None:
    opener = open_link(locale="ru")
    send_message(opener.status, content)
    assert opener.replay is None
    assert opener.error
    assert opener.status.text == opener.error
    assert opener.error.startswith(("ссылка на сдачу повреждена", "в этом адресе нет сдачи"))
    assert opener.children == (opener.status,)


def test_the_opener_reads_voilas_query(monkeypatch: pytest.MonkeyPatch, nestors_link: str) -> None:
    monkeypatch.setenv("QUERY_STRING", nestors_link.split("#", 1)[1])
    opener = open_link()
    assert opener.replay is not None
    assert opener.replay.step == 9
    send_message(opener.status, {"address": ""})  # the page, drawn: the query has already opened the deal
    assert opener.replay is not None


def test_share_link_follows_the_step() -> None:
    widget = HandReplay(bot_record("tumbochka", 8), 2)
    widget.forward()
    assert widget.share_link == widget.link()
    assert HandReplay.from_link(widget.share_link).step == 3


def test_each_review_entry_links_to_its_decision() -> None:
    from test_analysis_widgets import played_table

    table = played_table("nimby", 1)
    rows = table.review()
    assert rows
    for row in table.review_rows:
        opened = HandReplay.from_link(row["link"])
        mirror = table.review_replay(row["index"], analysis=False)
        assert opened.step == row["step"] == mirror.step
        assert opened.branch_record == table.record
        assert opened.text() == mirror.text()  # the same position as the entry's own replay
    table.locale = "ru"
    assert all(row["link"].startswith("lab/index.html?path=ru/open.ipynb#deal=1.") for row in table.review_rows)
