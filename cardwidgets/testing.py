"""The conformance kit: ``check_game(name)`` checks everything a registered game owes the generic layers.

One call a game's author makes (docs/adding-a-game.md), the way OpenSpiel's ``random_sim_test``
or pgx's ``api_test`` serve theirs. Each check plays a few seeded random deals of the game and
looks at one promise; each is also callable alone (``CHECKS``, ``run_check``), so a test suite
can parametrize over (game, check):

- ``playouts``: random deals to their end: a legal action until the deal is done and none after,
  every card in one place only, an illegal action refused with the game's reason (in English and
  Russian) and nothing changed, a clone independent of its original, the score consistent;
- ``records``: the record of a deal (``core/records.py``), written as JSON and read back, replays
  to the same state;
- ``seat_views``: a seat's view names no card whose place that seat does not know;
- ``board``: the board model (``widgets/board.py``) of every seat and of the instructor, in both
  languages, is JSON and shows a seat no hidden card;
- ``bots``: the random, rules-of-thumb and search bots each answer with a legal action, the rules
  of thumb with a reason in both languages;
- ``judge``: the judge (``analysis/judge.py``) gives a verdict on every action of a decision;
- ``solver``: the double-dummy solver values every action of a play position near the end as
  trying every line does;
- ``drills``: every topic's questions have one right answer, graded in both languages, and their
  right answers are spread over the options (no answer right too often);
- ``words``: every word the game adds is in English and Russian, and its actions have labels;
- ``table``: the ``Table`` widget plays a whole deal from one seat, driven by the front-end's
  messages, with the hint answering and no hidden card synced.

A failed check raises ``ConformanceError`` (an ``AssertionError``) naming the game and the check.
The ``bot``, ``position`` and ``scoring`` parts are what a ``Table`` needs (its bots, its hint and
Review ask the judge); a check that needs a part the game lacks fails saying so. Without a
``drills`` part there is nothing to drill, and the ``drills`` check has nothing to ask.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardwidgets.cards import Card
from cardwidgets.core.errors import IllegalActionError
from cardwidgets.core.game import Game
from cardwidgets.core.registry import get_game, spec_of
from cardwidgets.core.state import GameState
from cardwidgets.i18n import LOCALES

#: Deals each check plays by default: enough to meet every phase, small enough for a few seconds a game.
DEALS = 3
#: Questions made per drill topic for the balance check.
QUESTIONS = 120


class ConformanceError(AssertionError):
    """A game breaks one of the promises ``check_game`` checks: the message names the game and the check."""


@dataclass
class Report:
    """What ``check_game`` ran: the game, and each check's time in seconds, in the order run."""

    game: str
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def total(self) -> float:
        """All the checks' time together, in seconds."""
        return sum(self.seconds.values())

    def __str__(self) -> str:
        timings = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in self.seconds.items())
        return f"{self.game}: {len(self.seconds)} checks passed in {self.total:.1f} s ({timings})"


@dataclass(frozen=True)
class Context:
    """What a check is given: the game, its registered ``Game`` class, and the seeds of the deals it plays."""

    name: str
    game: type[Game]
    seeds: tuple[int, ...]

    def deal(self, seed: int) -> GameState:
        """A new deal of the game from ``seed``, each seat dealing in turn."""
        return self.game.new_state(self.game.random_deal(seed), seed % self.game.num_players)

    def playout(self, seed: int) -> Iterator[GameState]:
        """Every state of a deal played to its end by random legal actions, the deal's start first (copies)."""
        rng = random.Random(f"{self.name}/{seed}")
        state = self.deal(seed)
        yield state.clone()
        while not state.is_done:
            state.apply(rng.choice(state.legal_actions()))
            yield state.clone()

    def states(self) -> Iterator[GameState]:
        """The states of every deal's playout, deal after deal."""
        for seed in self.seeds:
            yield from self.playout(seed)

    def decisions(self, play: bool | None = None) -> Iterator[GameState]:
        """The states where the seat to act has a choice; ``play``: only in (True) or outside (False) the play."""
        phases = _play_phases(self.name)
        for state in self.states():
            if state.is_done or len(state.legal_actions()) < 2:
                continue
            if play is None or (state.phase in phases) == play:
                yield state


def fail(ctx: Context, check: str, what: str) -> ConformanceError:
    """The error of ``check`` failing for the game of ``ctx``."""
    return ConformanceError(f'check_game("{ctx.name}"), {check}: {what}')


def expect(ctx: Context, check: str, condition: object, what: Callable[[], str] | str) -> None:
    """Raise ``ConformanceError`` for ``check`` unless ``condition`` holds (``what`` says what went wrong)."""
    if not condition:
        raise fail(ctx, check, what() if callable(what) else what)


def _lacks(ctx: Context, *parts: str) -> str:
    """The first of ``parts`` the game does not have ("" when it has them all)."""
    return next((part for part in parts if not spec_of(ctx.name).has(part)), "")


def _play_phases(game: str) -> tuple[str, ...]:
    """The phases of the play the solver analyses (none without a ``position`` part)."""
    if not spec_of(game).has("position"):
        return ()
    from cardwidgets.analysis.position import play_phases

    return play_phases(game)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _hidden(state: GameState, seat: int) -> set[Card]:
    """The cards whose place ``seat`` does not know."""
    return state.knowledge(seat).hidden()


def _named(text: str) -> frozenset[Card]:
    from cardwidgets.i18n.names import cards_named

    return cards_named(text)


# ----- the checks -------------------------------------------------------------------------------------------------
def check_playouts(ctx: Context) -> None:
    """Random deals to the end: legal actions, card places, refusals, clones and the score."""
    name = "playouts"
    deck = ctx.game.deck
    expect(ctx, name, len(set(deck)) == len(deck), "the deck holds a card twice")
    for seed in ctx.seeds:
        rng = random.Random(f"{ctx.name}/{seed}")
        state = ctx.deal(seed)
        steps = 0
        while True:
            _check_places(ctx, state)
            expect(ctx, name, (state.score() is None) == (not state.is_done), f"deal {seed}: a score before the end")
            if state.is_done:
                expect(ctx, name, not state.legal_actions(), f"deal {seed}: legal actions after the end")
                break
            legal = state.legal_actions()
            expect(ctx, name, legal, f"deal {seed}: no legal action in phase {state.phase!r}, not done")
            expect(ctx, name, state.to_act is not None, f"deal {seed}: nobody to act in phase {state.phase!r}")
            _check_refusal(ctx, state, rng)
            action = rng.choice(legal)
            _check_clone(ctx, state, action.text)
            state.apply(action)
            steps += 1
            expect(ctx, name, steps < 10_000, f"deal {seed}: no end after 10,000 actions")
        _check_score(ctx, state, seed)


def _check_places(ctx: Context, state: GameState) -> None:
    """Every card in the hands and played from a hand is the deck's, in one place only; no card seen is in a hand.

    (A card a trick holds with no seat came from the table, not from a hand: a game may lay it again.)
    """
    placed = [card for hand in state.hands for card in hand]
    placed += [card for trick in state.tricks for seat, card in trick.plays if seat is not None]  # from a hand
    twice = [card.text for card, count in Counter(placed).items() if count > 1]
    expect(ctx, "playouts", not twice, lambda: f"cards in two places at once: {twice} (history {state.history})")
    strange = set(placed) - set(ctx.game.deck)
    expect(ctx, "playouts", not strange, lambda: f"cards not in the deck: {sorted(map(str, strange))}")
    held = {card for hand in state.hands for card in hand}
    seen = state.seen_cards() & held
    expect(ctx, "playouts", not seen, lambda: f"cards both in a hand and seen elsewhere: {sorted(map(str, seen))}")


def _check_refusal(ctx: Context, state: GameState, rng: random.Random) -> None:
    """An illegal action raises ``IllegalActionError`` with a reason in every locale, and changes nothing."""
    legal = set(state.legal_strings())
    own = [f"play {card.text}" for card in state.hands[state.actor]]
    others = [f"play {card.text}" for card in ctx.game.deck]
    wrong = [text for text in own if text not in legal] or [text for text in others if text not in legal]
    if not wrong:
        return
    text = rng.choice(wrong)
    before, history = _json(state.view(None)), list(state.history)
    try:
        state.apply(text)
    except IllegalActionError as error:
        for locale in LOCALES:
            expect(ctx, "playouts", error.explanation.text(locale), f"{text!r} refused with no {locale} reason")
    else:
        raise fail(ctx, "playouts", f"{text!r} was applied though not legal (legal: {sorted(legal)})")
    expect(ctx, "playouts", _json(state.view(None)) == before and state.history == history, f"{text!r} changed it")


def _check_clone(ctx: Context, state: GameState, action: str) -> None:
    """An action applied to a clone leaves the original as it was."""
    before = _json(state.view(None))
    other = state.clone()
    other.apply(action)
    expect(ctx, "playouts", _json(state.view(None)) == before, f"applying {action!r} to a clone changed the original")


def _check_score(ctx: Context, state: GameState, seed: int) -> None:
    """The finished deal's score: one whole number per side, JSON in its view and summary; a match takes it."""
    score = state.score()
    sides = ctx.game.num_sides()
    expect(
        ctx,
        "playouts",
        isinstance(score, list) and len(score) == sides and all(type(s) is int for s in score),
        lambda: f"deal {seed}: the score {score!r} is not {sides} whole numbers, one per side",
    )
    for seat in (None, *range(ctx.game.num_players)):
        _json(state.view(seat))
    summary = state.summary()
    expect(ctx, "playouts", summary["score"] == score, f"deal {seed}: the summary's score is not the deal's")
    from cardwidgets.core.match import Match

    match = Match(ctx.game, None, seed=seed)
    played = match.new_deal(state.deal, state.dealer)
    for text in state.history:
        played.apply(text)
    match.end_deal()
    expect(ctx, "playouts", len(match.scores) == sides, f"deal {seed}: the match keeps {len(match.scores)} scores")
    _json(match.summary_extra())


def check_records(ctx: Context) -> None:
    """A deal's record (at its end and half-way), written as JSON and read back, replays through the same states."""
    from cardwidgets.core.records import DealRecord, load_record, record_of

    for seed in ctx.seeds:
        states = list(ctx.playout(seed))
        for state in (states[len(states) // 2], states[-1]):
            record = load_record(_json(record_of(state).to_json()))
            if not isinstance(record, DealRecord):
                raise fail(ctx, "records", f"deal {seed}: the record read back is not a deal's")
            expect(ctx, "records", record.actions == state.history, f"deal {seed}: the record lists other actions")
            again = record.game.new_state(record.deal, record.dealer or 0, record.rules)
            for step, text in enumerate(["", *record.actions]):
                if text:
                    again.apply(text)
                same = _json(again.view(None)) == _json(states[step].view(None))
                expect(ctx, "records", same, f"deal {seed}, step {step}: the replayed record differs from the deal")


def check_seat_views(ctx: Context) -> None:
    """No seat's view names a card whose place it does not know, at any step, in any notation."""
    for state in ctx.states():
        for seat in range(ctx.game.num_players):
            leaked = _named(_json(state.view(seat))) & _hidden(state, seat)
            if leaked:
                raise fail(ctx, "seat_views", _leak(state, seat, leaked))


def _leak(state: GameState, seat: int, cards: set[Card] | frozenset[Card]) -> str:
    return f"seat {seat}'s view at step {len(state.history)} names hidden cards {sorted(map(str, cards))}"


def check_board(ctx: Context) -> None:
    """The board model of every seat and the instructor, in each locale: JSON, and no hidden card for a seat."""
    from cardwidgets.i18n.ui import ui_texts
    from cardwidgets.widgets.board import board_model

    uis = {locale: ui_texts(locale, ctx.game.deck, ctx.name) for locale in LOCALES}
    for index, state in enumerate(ctx.states()):
        if index % 3 and not state.is_done:  # every third step meets every phase and keeps the check fast
            continue
        for viewer in (None, *range(ctx.game.num_players)):
            for locale, ui in uis.items():
                board = board_model(ctx.name, state.view(viewer), viewer, ui, locale=locale)
                text = _json(board)
                expect(ctx, "board", len(board["seats"]) == ctx.game.num_players, "the board lacks a seat")
                if viewer is not None:
                    leaked = _named(text) & _hidden(state, viewer)
                    if leaked:
                        raise fail(ctx, "board", _leak(state, viewer, leaked))


def check_bots(ctx: Context) -> None:
    """Each bot answers a legal action, at the start of a deal and at decisions in and outside the play."""
    from cardwidgets.bots import LEVELS, make_bot
    from cardwidgets.bots.heuristic import HeuristicBot

    has = spec_of(ctx.name).has("bot")
    expect(ctx, "bots", has, "no bot part: the rules-of-thumb and search bots (a Table's default players) need it")
    states = _some_decisions(ctx)
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        for state in states:
            action = bot.choose(state.clone())
            legal = state.legal_actions()
            expect(ctx, "bots", action in legal, f"the {level} bot chose {action} (legal: {[a.text for a in legal]})")
    for state in states:
        decision = HeuristicBot(1).decide(state.clone())
        for locale in LOCALES:
            expect(ctx, "bots", decision.text(locale), f"the rules of thumb give no {locale} reason")


def _some_decisions(ctx: Context) -> list[GameState]:
    """The first decision of each phase met in the deals, and a decision half-way through the play."""
    found: dict[str, GameState] = {}
    play = []
    for state in ctx.decisions():
        found.setdefault(state.phase, state)
        if state.phase in _play_phases(ctx.name):
            play.append(state)
    return [*found.values(), *play[len(play) // 2 : len(play) // 2 + 1]]


def check_judge(ctx: Context) -> None:
    """The judge's verdict on every action of a decision in the play (and of one outside it, if any)."""
    from cardwidgets.analysis.judge import VERDICTS, explain, judge

    lacks = _lacks(ctx, "position", "scoring")
    expect(ctx, "judge", not lacks, f"no {lacks} part: the judge (the coach, the hint, the Review) needs it")
    chosen = [next(iter(ctx.decisions(play=True)), None), next(iter(ctx.decisions(play=False)), None)]
    expect(ctx, "judge", chosen[0] is not None, "no decision in the play")
    for state in (s for s in chosen if s is not None):
        before = _json(state.view(None))
        judgement = judge(state, samples=4, nodes=20_000)
        for action in judgement.results:
            assessment = judgement.assess(action)
            expect(ctx, "judge", assessment.verdict in VERDICTS, f"{action}: verdict {assessment.verdict!r}")
            reason = explain(assessment, state, state.actor)
            for locale in LOCALES:
                expect(ctx, "judge", reason.text(locale), f"{action}: no {locale} words for the verdict")
        expect(ctx, "judge", _json(state.view(None)) == before, "judging changed the deal")


def check_solver(ctx: Context) -> None:
    """On play positions near the end, the solver's value of each action is what trying every line gives."""
    from cardwidgets.analysis import double_dummy
    from cardwidgets.analysis.position import declaring_seats, points_so_far

    expect(ctx, "solver", spec_of(ctx.name).has("position"), "no position part: the solver needs it")
    phases = _play_phases(ctx.name)

    def best(state: GameState, budget: list[int]) -> int:
        if state.is_done:
            return points_so_far(state)
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError
        values = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            values.append(best(child, budget))
        return max(values) if declaring_seats(state)[state.actor] else min(values)

    checked = 0
    for seed in ctx.seeds:
        ends = [s for s in ctx.playout(seed) if s.phase in phases and len(s.legal_actions()) > 1]
        for state in ends[-4:]:
            values = double_dummy(state)
            expect(ctx, "solver", set(values) == set(state.legal_strings()), "the solver values other actions")
            try:
                for action, value in values.items():
                    child = state.clone()
                    child.apply(action)
                    exact = best(child, [20_000])
                    expect(
                        ctx, "solver", value == exact, f"deal {seed}, {action}: the solver {value}, every line {exact}"
                    )
            except TimeoutError:  # too many lines to try here: the next position is nearer the end
                continue
            checked += 1
    expect(ctx, "solver", checked, "no play position near the end to check")


def check_drills(ctx: Context) -> None:
    """Each topic: one right answer among distinct options, graded in each locale, right answers spread out."""
    if not spec_of(ctx.name).has("drills"):
        return
    from cardwidgets.drills import feedback, topics
    from cardwidgets.drills.base import label_text
    from cardwidgets.drills.series import Series

    for topic in topics(ctx.name):
        series = Series(topic, ctx.seeds[0])
        items = [series.make(n)[1] for n in range(QUESTIONS)]
        for item in items:
            right = [i for i, choice in enumerate(item.choices) if choice.correct]
            expect(ctx, "drills", len(right) == 1, f"{topic}: {len(right)} right answers in a question")
            labels = {label_text(choice.label, "en") for choice in item.choices}
            expect(ctx, "drills", len(labels) == len(item.choices) >= 2, f"{topic}: options repeat or fewer than two")
        for item in items[:10]:
            for index in range(len(item.choices)):
                for locale in LOCALES:
                    answer = feedback(item, index, locale)
                    expect(
                        ctx, "drills", answer["text"] and answer["rule"], f"{topic}: an answer with no {locale} words"
                    )
        _check_balance(ctx, topic, items)


def _check_balance(ctx: Context, topic: str, items: list[Any]) -> None:
    """No answer (value or place) is right in more than 40 % of the questions, nor 15 points above chance."""
    from cardwidgets.drills.base import label_text

    right = [next(i for i, choice in enumerate(item.choices) if choice.correct) for item in items]
    values = Counter(label_text(item.choices[i].label, "en") for item, i in zip(items, right, strict=True))
    places = Counter(right)
    chance = sum(1 / len(item.choices) for item in items) / len(items)
    cap = (chance + 0.15 if chance >= 0.40 else min(0.40, chance + 0.15)) * len(items)
    for kind, counted in (("answer", values), ("place", places)):
        top, count = counted.most_common(1)[0]
        expect(
            ctx, "drills", count <= cap, f"{topic}: the {kind} {top!r} is right in {count} of {len(items)} questions"
        )


def check_words(ctx: Context) -> None:
    """Every word the game adds is in each locale; its actions have labels; the tools name the game."""
    from cardwidgets.i18n.names import action_label
    from cardwidgets.i18n.tools import TOOLS
    from cardwidgets.i18n.words import MESSAGE_TABLES, TABLES

    spec = spec_of(ctx.name)
    for module in _word_modules(spec.package):
        where = module.__name__
        for table in MESSAGE_TABLES:
            for key, texts in getattr(module, table, {}).items():
                missing = [locale for locale in LOCALES if not texts.get(locale)]
                expect(ctx, "words", not missing, f"{where}.{table}[{key!r}] has no {missing}")
        for table in TABLES:
            per_locale = getattr(module, table, None)
            if per_locale is None:
                continue
            for locale in LOCALES:
                mine = per_locale.get(locale, {})
                missing = [key for key in _keys(per_locale) if key not in mine and not _generic(table, locale, key)]
                expect(ctx, "words", not missing, f"{where}.{table}: no {locale} text for {missing}")
    for locale in LOCALES:
        expect(ctx, "words", TOOLS[locale].get(f"game_{ctx.name}"), f"no {locale} name: TOOLS game_{ctx.name}")
    verbs: dict[str, str] = {}
    for state in ctx.states():
        for text in state.legal_strings():
            verbs.setdefault(" ".join(word for word in text.split() if not _is_card(word))[:40], text)
    for text in verbs.values():
        for locale in LOCALES:
            expect(ctx, "words", action_label(text, locale, ctx.name) != text, f"no {locale} label for {text!r}")


def _keys(per_locale: dict[str, dict[str, Any]]) -> set[str]:
    return {key for texts in per_locale.values() for key in texts}


def _generic(table: str, locale: str, key: str) -> bool:
    """Whether a game's own word for an action (``<game>.<verb>``) falls back to the generic one in ``locale``."""
    from cardwidgets.i18n.words import TABLES

    _game, _, verb = key.partition(".")
    return bool(verb) and table in ("ACTION_LABELS", "ACTION_DONE") and verb in TABLES[table].get(locale, {})


def _is_card(word: str) -> bool:
    from cardwidgets.cards import CardError, parse_card

    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _word_modules(package: str) -> list[Any]:
    """The game package's modules of words (``words``, ``texts``, ``lessons``), those it has."""
    names = [f"{package}.{part}" for part in ("words", "texts", "lessons")]
    return [importlib.import_module(name) for name in names if importlib.util.find_spec(name) is not None]


def check_table(ctx: Context) -> None:
    """A ``Table`` plays two deals from seat 0 by the front-end's messages; the hint answers; nothing leaks."""
    from cardwidgets.widgets.table import Table

    lacks = _lacks(ctx, "position", "scoring")
    expect(ctx, "table", not lacks, f"no {lacks} part: the Table's hint and Review ask the judge, which needs it")
    table = Table(ctx.name, seat=0, seed=ctx.seeds[0], bots="random", pace=0)
    hinted = set()  # the hint (the judge's best) is asked once per phase: it is the slow part
    for deal in range(2):
        steps = 0
        while not table.state.is_done:
            expect(ctx, "table", table.legal, f"deal {deal}: the learner's turn with no legal action shown")
            if table.state.phase not in hinted:
                hinted.add(table.state.phase)
                _send(table, {"command": "hint"})
                expect(ctx, "table", table.hint.get("action") in table.legal, f"deal {deal}: the hint is not legal")
            _send(table, {"action": table.legal[-1 if steps % 2 else 0]})
            expect(ctx, "table", table.error == {}, f"deal {deal}: {table.error}")
            _check_synced(ctx, table)
            steps += 1
            expect(ctx, "table", steps < 1_000, f"deal {deal}: no end after 1,000 actions")
        expect(ctx, "table", table.board["seats"], "no board at the end of the deal")
        if table.match.is_over:
            break
        _send(table, {"command": "next_deal"})
        expect(ctx, "table", table.error == {}, f"next deal: {table.error}")
    table.close()


def _send(widget: Any, content: Any) -> None:
    """What ipywidgets does with a custom message from the front-end (``model.send``)."""
    widget._handle_custom_msg(content, [])


def _check_synced(ctx: Context, table: Any) -> None:
    state = {k: v for k, v in table.get_state().items() if not k.startswith("_") and k != "ui"}  # ui: every card's name
    if table.state.is_done or table.reveal:
        return
    leaked = _named(_json(state)) & _hidden(table.state, table.seat)
    expect(ctx, "table", not leaked, lambda: _leak(table.state, table.seat, leaked))


#: Every check by name, in the order ``check_game`` runs them.
CHECKS: dict[str, Callable[[Context], None]] = {
    "playouts": check_playouts,
    "records": check_records,
    "seat_views": check_seat_views,
    "board": check_board,
    "bots": check_bots,
    "judge": check_judge,
    "solver": check_solver,
    "drills": check_drills,
    "words": check_words,
    "table": check_table,
}


def run_check(name: str, check: str, *, deals: int = DEALS, seed: int = 0) -> float:
    """Run one check of ``CHECKS`` on the registered game ``name``; its time in seconds.

    ``ConformanceError`` when the game fails it; any other exception the check meets is
    reported as one too, naming the game and the check.
    """
    if check not in CHECKS:
        raise ValueError(f"unknown check {check!r}: expected one of {', '.join(CHECKS)}")
    ctx = Context(name, get_game(name), tuple(range(seed, seed + deals)))
    start = time.perf_counter()
    try:
        CHECKS[check](ctx)
    except ConformanceError:
        raise
    except Exception as error:
        raise fail(ctx, check, f"{type(error).__name__}: {error}") from error
    return time.perf_counter() - start


def check_game(name: str, *, deals: int = DEALS, seed: int = 0) -> Report:
    """Run every check on the registered game ``name`` over ``deals`` deals from ``seed``; the report of times.

    The first check the game fails raises ``ConformanceError`` (an ``AssertionError``) naming it.
    """
    get_game(name)
    report = Report(name)
    for check in CHECKS:
        report.seconds[check] = run_check(name, check, deals=deals, seed=seed)
    return report


__all__ = ["CHECKS", "DEALS", "ConformanceError", "Report", "check_game", "run_check"]
