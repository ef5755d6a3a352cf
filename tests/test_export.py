"""to_html: a self-contained snapshot (no script, no link, no URL) showing every card of every hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_replay import bot_record

from cardwidgets import GAMES, HandReplay, replay, to_html
from cardwidgets.games import new_game

RECORDS_DIR = Path(__file__).parent.parent / "notebooks" / "records"

FORBIDDEN = re.compile(r"<script|<link|<iframe|<img|\bsrc=|\bhref=|url\(|@import|https?://", re.IGNORECASE)


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<style>") == 1
    found = FORBIDDEN.findall(page)
    assert not found, found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_of_every_hand_at_every_trick(game: str) -> None:
    record = bot_record(game, seed=12)
    widget = HandReplay(record)
    for step in [0, *widget.trick_ends]:
        page = to_html(record, step=step)
        assert_self_contained(page)
        state = replay({**record, "actions": record["actions"][:step]})
        for hand in state.hands:
            for card in hand:
                assert f'data-card="{card.text}"' in page, (step, card)
        cards_in_hands = sum(len(hand) for hand in state.hands)
        hand_markup = re.findall(r'<section class="cw-seat.*?</section>', page, re.DOTALL)
        assert sum(part.count("data-card=") for part in hand_markup) == cards_in_hands


def test_the_trick_just_taken_is_explained() -> None:
    record = bot_record("nestors", 3)
    widget = HandReplay(record)
    widget.trick(2)
    page = to_html(widget)
    trick = widget.state.tricks[1]
    assert trick.explanation.text("en").replace("'", "&#x27;") in page
    for _, card in trick.plays:
        assert f'data-card="{card.text}"' in page
    assert to_html(record, step=widget.step) == page  # the same position from the record


def test_a_state_a_note_and_russian() -> None:
    page = to_html(new_game("tumbochka", seed=1), locale="ru")
    assert_self_contained(page)
    assert '<html lang="ru">' in page
    assert "Прикуп" in page
    record = {**bot_record("nimby", 2), "notes": {"3": "<b>why</b> & how"}}
    page = to_html(record, step=3)
    assert "&lt;b&gt;why&lt;/b&gt; &amp; how" in page
    assert "<b>why</b>" not in page


def test_static_snapshots_offer_no_controls() -> None:
    page = to_html(new_game("nimby", seed=1))
    assert "data-action" not in page
    assert "<button" not in page


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown locale \"de\": expected one of en, ru"):
        to_html(new_game("nimby", seed=1), locale="de")
    with pytest.raises(ValueError, match="no step 999: steps go from 0 to"):
        to_html(bot_record("nimby", 1), step=999)


def test_to_slides_is_one_offline_deck_with_a_slide_per_step() -> None:
    from cardwidgets import to_slides

    path = RECORDS_DIR / "nestors" / "seed-example-1-club-jack.json"
    deck = to_slides(path, steps=[0, 3, 5], locale="ru")
    assert deck.count('<section class="cw-slide"') == 3
    assert re.findall(r'data-step="(\d+)"', deck) == ["0", "3", "5"]
    assert deck.count("<script>") == 1
    assert "ArrowRight" in deck
    assert not re.search(r"(src|href)=|https?:|@import|url\(", deck)  # nothing fetched from anywhere
    assert '<html lang="ru">' in deck
    every = to_slides(path)
    assert every.count('<section class="cw-slide"') == HandReplay(path).steps + 1


def test_to_slides_from_a_seat_hides_the_other_hands() -> None:
    from cardwidgets import to_slides

    path = RECORDS_DIR / "nestors" / "seed-example-1-club-jack.json"
    deck = to_slides(path, steps=[0], seat=0)
    assert "cw-back" in deck
    hidden = {c.text for hand in HandReplay(path).state.hands[1:] for c in hand}
    assert not any(f'data-card="{card}"' in deck for card in hidden)


def test_to_slides_refuses_a_step_outside_the_line() -> None:
    from cardwidgets import to_slides

    with pytest.raises(ValueError, match="step"):
        to_slides(RECORDS_DIR / "nestors" / "seed-example-1-club-jack.json", steps=[999])


@pytest.mark.parametrize(("game", "seat"), [(name, seat) for name in sorted(GAMES) for seat in (None, 1)])
def test_the_static_board_draws_the_replays_board_data(game: str, seat: int | None) -> None:
    """One model: ``to_html`` draws exactly the seats, hands, trick and table cards ``HandReplay`` sends."""
    from cardwidgets.widgets.export import board_html

    widget = HandReplay(bot_record(game, seed=12), seat=seat)
    for step in range(0, widget.steps + 1, 3):
        widget.go(step)
        data, page = widget.board, board_html(widget.board_facts(interactive=True))
        for entry in data["seats"]:
            where = rf'<section class="cw-seat [^"]*" data-seat="{entry["seat"]}".*?</section>'
            part = re.search(where, page, re.DOTALL)
            assert part, entry
            assert f"cw-pos-{entry['position']}" in part.group(0)
            assert re.findall(r'data-card="(\w+)"', part.group(0)) == (entry["hand"] or [])
            backs = 0 if entry["hand"] is not None else min(entry["count"], 10)
            assert part.group(0).count('class="cw-back"') == backs
        trick = re.search(r'<div class="cw-trick".*?</div><div class="cw-why">', page, re.DOTALL)
        assert trick
        assert re.findall(r'data-card="(\w+)"', trick.group(0)) == [card for _seat, card in data["trick"]]
        assert set(re.findall(r'data-action="([^"]+)"', page)) == set(data["legal"])
