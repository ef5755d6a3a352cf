"""Drills on the frame of a deal: partners, bidding, the talon, the score, trump, the first and last tricks.

These are the questions that open the rule sections of the notebooks before the rule is
told (issue 22): Nimby's draw for partners (NIM-2, N-1); Tumbochka's bidding (TUM-3,
T-1), talon (TUM-4) and score (TUM-6, T-5); Nestors' bidding (NES-4, E-2 … E-4), trump
(NES-5, E-5), the bidder's trick (NES-6a) and the last trick (NES-7). Every answer is
graded by the engines (``draw_key``, ``legal_actions``, ``why_illegal``, ``score``, the
trick's collector); positions come from random deals, the right answer aimed evenly.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from cardwidgets.cards import NIMBY_DECK, Card
from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.drills.base import (
    Choice,
    Item,
    Label,
    Position,
    Seat,
    one_right,
    random_playout,
    right_at,
    shuffled,
    until,
)
from cardwidgets.drills.tumbochka import _play, bidding_state, bids_item
from cardwidgets.games import new_game
from cardwidgets.games.nestors import BID as NES_BID
from cardwidgets.games.nestors import NAME_TRUMP, NestorsState
from cardwidgets.games.nestors import PASS as NES_PASS
from cardwidgets.games.nestors_tricks import TRUMP_RANKS
from cardwidgets.games.nimby import draw_key
from cardwidgets.games.tumbochka import BIDDING, GIVE, KEEP, RAISE, TALON, TumbochkaState
from cardwidgets.i18n.names import action_label, rank_plural

LOCALES = ("en", "ru")


def _player(n: int) -> dict[str, str]:
    return {"en": f"Player {n}", "ru": f"Игрок {n}"}


def _action(text: str, game: str) -> dict[str, str]:
    """An action as an answer's label, in each language (``Give 7♥ to seat 1``)."""
    return {locale: action_label(text, locale, game) for locale in LOCALES}


def _one_of(
    state: GameState, right: tuple[Action, Explanation], wrong: Sequence[Action], rng: random.Random
) -> tuple[Choice, ...]:
    """``right`` (with why it is allowed) and up to three of ``wrong``, each with the engine's reason."""
    game = state.game_name
    graded = [Choice(_action(a.text, game), False, state.why_illegal(a)) for a in wrong]
    return one_right(Choice(_action(right[0].text, game), True, right[1]), graded, rng)


# ----- Nimby: the draw for partners (NIM-2, N-1) -------------------------------------------------------------
def make_nimby_draw(rng: random.Random) -> Item:
    """Four players draw a card: who becomes a given player's partner (the highest with the lowest, NIM-2)."""
    place = rng.randrange(3)
    return until(lambda: _draw(rng), lambda item: right_at(item) == [place])


def _draw(rng: random.Random) -> Item | None:
    cards = rng.sample(NIMBY_DECK, 4)
    keys = [draw_key(card) for card in cards]
    top, low = max(keys), min(keys)
    if keys.count(top) > 1 or keys.count(low) > 1:
        return None  # a tie at the top or the bottom: those players draw again (NIM-2)
    highest, lowest = keys.index(top), keys.index(low)
    middle = [p for p in range(4) if p not in (highest, lowest)]
    asked = rng.randrange(4)
    partner = {highest: lowest, lowest: highest, middle[0]: middle[1], middle[1]: middle[0]}[asked]
    params = {"hi": highest, "hi_card": cards[highest], "lo": lowest, "lo_card": cards[lowest],
              "asked": asked, "partner": partner}
    why = Explanation("NIM-2", "drill.nim_draw_why", params)
    choices = tuple(Choice(_player(p), p == partner, why) for p in range(4) if p != asked)
    trick: tuple[tuple[Label, Card], ...] = tuple((_player(p), card) for p, card in enumerate(cards))
    prompt = Explanation("NIM-2", "drill.nim_draw_q", {"asked": asked})
    return Item("nimby-draw", prompt, Position(trick=trick), choices)


# ----- Tumbochka: bidding (TUM-3, T-1), the talon (TUM-4), the score (TUM-6, T-5) ---------------------------------
def make_tumbochka_bidding(rng: random.Random) -> Item:
    """A random auction (nobody on the tumbochka): which one of four calls is allowed."""
    kind = rng.random()

    def make() -> Item | None:
        state = bidding_state(rng, None, [0, 0, 0], rng.randrange(3), rng.randrange(4))  # type: ignore[arg-type]
        if state.phase != BIDDING:
            return None
        legal = state.legal_actions()
        bids = [call for call in legal if call.verb == "bid"]
        passes = [call for call in legal if call.verb == "pass"]
        right = rng.choice((passes if kind < 0.3 else bids) or legal)
        return bids_item(state, right, [0, 0, 0], rng, topic="tumbochka-bidding")

    return until(make, lambda _item: True)


def make_tumbochka_talon(rng: random.Random) -> Item:
    """A moment after the bidding: which one of four things may the declarer do now (give, raise, keep)."""
    giving = rng.random() < 0.6
    return until(lambda: _talon(rng, giving), lambda _item: True)


def _talon(rng: random.Random, giving: bool) -> Item | None:
    state = new_game("tumbochka", seed=rng.randrange(2**32), dealer=rng.randrange(3))
    gifts = rng.randrange(2) if giving else 2
    if not _play(state, rng, lambda s: _modest(s, rng) and s.phase == TALON and _gifts(s) >= gifts):  # type: ignore[arg-type]
        return None
    assert isinstance(state, TumbochkaState)
    if state.phase != TALON:
        return None
    declarer, contract = state.declarer, state.contract
    assert declarer is not None
    assert contract is not None
    legal = state.legal_actions()
    hand = state.hands[declarer]
    others = [GIVE[(card, declarer)] for card in rng.sample(hand, 2)]
    others += [GIVE[(rng.choice(hand), seat)] for seat in state.opponents() if state.given[seat] is not None]
    others += [KEEP, *(RAISE[n] for n in range(max(contract - 1, 5), contract + 1))]
    wrong = [a for a in dict.fromkeys(others) if a not in legal]
    right = rng.choice(legal)
    key = "drill.tum_give_ok" if right.verb == "give" else "drill.tum_keep_ok"
    why = Explanation("TUM-4", key, {"contract": contract})
    facts = (Explanation("TUM-4", "drill.fact_declarer", {"seat": declarer, "contract": contract}),)
    if _gifts(state):
        given = [Seat(seat) for seat in state.opponents() if state.given[seat] is not None]
        facts += (Explanation("TUM-4", "drill.fact_given", {"to": given}),)
    position = Position(hand=tuple(hand), facts=facts)
    prompt = Explanation("TUM-4", "drill.tum_talon_q", {"seat": declarer})
    return Item("tumbochka-talon", prompt, position, _one_of(state, (right, why), wrong, rng))


def _gifts(state: TumbochkaState) -> int:
    return sum(state.given[seat] is not None for seat in state.opponents())


def _modest(state: TumbochkaState, rng: random.Random, *, keep: bool = False) -> bool:
    """Play out the bidding with modest calls (contracts a random play can make); True: a ``stop`` helper.

    ``keep``: the declarer also keeps his contract, mostly, instead of raising it at random.
    """
    while state.phase == BIDDING:
        legal = state.legal_actions()
        passes = [call for call in legal if call.verb == "pass"]
        bids = [call for call in legal if call.verb == "bid"][:2]
        state.apply(rng.choice(passes) if passes and (not bids or rng.random() < 0.6) else rng.choice(bids))
    if keep and state.phase == TALON and KEEP in state.legal_actions() and rng.random() < 0.8:
        state.apply(KEEP)
    return True


def _signed(value: int) -> dict[str, str]:
    text = f"{value:+d}".replace("-", "−")
    return dict.fromkeys(LOCALES, text)


def make_tumbochka_score(rng: random.Random) -> Item:
    """A random deal played out: what the declarer scores (his contract, made or failed: never his points)."""
    made = rng.random() < 0.5
    item = until(lambda: _tum_score(rng), lambda item: _right_label(item).startswith("+" if made else "−"))
    return _placed(item, rng.randrange(len(item.choices)))


def _placed(item: Item, place: int) -> Item:
    """``item`` with its right answer moved to ``place`` among the choices (the others keep their order)."""
    right = item.choices[right_at(item)[0]]
    others = [choice for choice in item.choices if choice is not right]
    others.insert(place, right)
    return dataclasses.replace(item, choices=tuple(others))


def _tum_score(rng: random.Random) -> Item | None:
    state = new_game("tumbochka", seed=rng.randrange(2**32), dealer=rng.randrange(3))
    if not _play(state, rng, lambda s: _modest(s, rng, keep=True) and s.is_done):  # type: ignore[arg-type]
        return None
    assert isinstance(state, TumbochkaState)
    declarer, contract = state.declarer, state.contract
    points, score = state.points(), state.score()
    if declarer is None or contract is None or points is None or score is None or points[declarer] == contract:
        return None  # exactly the contract: "+contract, never more" (TUM-6) would not show
    taken = points[declarer]
    values = dict.fromkeys([contract, -contract, taken, -taken])
    why = state.score_explanation()
    assert why is not None
    choices = tuple(Choice(_signed(v), v == score[declarer], why) for v in values)
    params = {"seat": declarer, "contract": contract, "taken": taken}
    return Item("tumbochka-score", Explanation("TUM-6", "drill.tum_score_q", params), Position(), choices)


# ----- Nestors: bidding (NES-4, E-2 … E-4), trump (NES-5, E-5), the bidder's trick (NES-6a), last trick (NES-7) ---
def _nestors(rng: random.Random) -> NestorsState:
    state = new_game("nestors", seed=rng.randrange(2**32), dealer=rng.randrange(4))
    assert isinstance(state, NestorsState)
    return state


def make_nestors_bidding(rng: random.Random) -> Item:
    """A random auction: which one of four calls is allowed (a multiple of 5, higher, a pass unless forced)."""
    forced = rng.random() < 0.25
    return until(lambda: _nes_bidding(rng, forced), lambda _item: True)


def _nes_bidding(rng: random.Random, forced: bool) -> Item | None:
    state, calls = _nestors(rng), []
    for _ in range(3 if forced else rng.randrange(6)):
        if state.phase != "bidding":
            return None
        action = NES_PASS if forced else rng.choice([NES_PASS, *state.legal_actions()[:8]])
        calls.append((state.to_act, action.text))
        state.apply(action)
    if state.phase != "bidding":
        return None
    legal = state.legal_actions()
    high = state.high_bid or 0
    right = rng.choice(legal[:4] if rng.random() < 0.7 else legal)
    wrong = [NES_PASS] if NES_PASS not in legal else []
    wrong += [NES_BID[b] for b in range(max(5, high - 15), high + 5, 5) if NES_BID[b] not in legal]
    odd = rng.choice([b for b in range(high + 1, high + 30) if b % 5])
    wrong += [Action.make("bid", rng.choice([195, 200])), Action.make("bid", odd)]
    why = _bid_ok(state, right, forced)
    facts = (Explanation("NES-4", "drill.nes_fact_bids", {"calls": _calls(calls)}),)
    prompt = Explanation("NES-4", "drill.nes_bid_q", {"seat": state.to_act})
    return Item("nestors-bidding", prompt, Position(facts=facts), _one_of(state, (right, why), wrong, rng))


def _bid_ok(state: NestorsState, right: Action, forced: bool) -> Explanation:
    """Why the allowed call is allowed (NES-4, E-2, E-3, E-4)."""
    if forced:
        return Explanation("E-4", "nestors.must_bid", {"seat": state.to_act, "min": state.rules["min_bid"]})
    if state.high_bid is None:
        return Explanation("E-2", "drill.nes_first_bid_ok")
    return Explanation("NES-4", "drill.nes_bid_ok", {"high": state.high_bid})


def _calls(calls: list[tuple[int | None, str]]) -> dict[str, str]:
    """The calls so far, ``Seat 1: Bid 25, Seat 2: Pass`` in each language (or: nobody has spoken)."""
    out = {}
    for locale in LOCALES:
        seat = "Seat" if locale == "en" else "Игрок"
        words = ", ".join(f"{seat} {s}: {action_label(t, locale, 'nestors')}" for s, t in calls)
        out[locale] = words or ("nobody has spoken yet" if locale == "en" else "ещё никто не говорил")
    return out


def make_nestors_trump(rng: random.Random) -> Item:
    """The bidder's five cards: which trump rank may he name (the one of A, J, 10 he holds)."""
    rank = rng.choice(TRUMP_RANKS)
    return until(lambda: _nes_trump(rng), lambda item: _right_label(item) == rank_plural(rank, "en"))


def _right_label(item: Item) -> str:
    return item.choices[right_at(item)[0]].label["en"]  # type: ignore[index]


def _nes_trump(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: _nes_modest(s, rng) and s.phase == "trump") is None:
        return None
    legal = state.legal_actions()
    if len(legal) != 1:
        return None  # holding two of A, J, 10 (or none: any of the three, E-5): more than one answer is right
    seat = state.to_act
    why = Explanation("E-5", "drill.nes_trump_ok", {"rank": legal[0].args[0]})
    choices = []
    for rank in TRUMP_RANKS:
        action = NAME_TRUMP[rank]
        label = {locale: rank_plural(rank, locale) for locale in LOCALES}
        choices.append(Choice(label, action in legal, why if action in legal else state.why_illegal(action)))
    position = Position(hand=tuple(state.hands[seat]))  # type: ignore[index]
    prompt = Explanation("NES-5", "drill.nes_trump_q", {"seat": seat, "bid": state.high_bid})
    return Item("nestors-trump", prompt, position, tuple(choices))


def _nes_modest(state: NestorsState, rng: random.Random) -> bool:
    """Play out the bidding with calls a learner would make (most pass, bids a little higher); True: a ``stop``."""
    while state.phase == "bidding":
        legal = state.legal_actions()
        bids = [call for call in legal if call.verb == "bid"][:4]
        pass_ok = NES_PASS in legal and state.high_bid is not None
        state.apply(NES_PASS if pass_ok and rng.random() < 0.65 else rng.choice(bids))
    return True


def make_nestors_open(rng: random.Random) -> Item:
    """The bidder's nine cards and trump: which card does he put down to take two face-up cards (his highest)."""
    place = rng.randrange(4)
    return until(lambda: _nes_open(rng), lambda item: right_at(item) == [place])


def _nes_open(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: s.phase == "open") is None:
        return None
    seat, trump = state.to_act, state.trump
    hand = state.hands[seat]  # type: ignore[index]
    highest = state.highest_cards()
    x, y = state.face_up[:2]
    right = rng.choice(highest)
    why = Explanation("NES-6a", "drill.nes_open_ok", {"card": right})
    wrong = [
        Choice(card, False, state.why_illegal(Action.make("open", card, x, y)))
        for card in rng.sample([c for c in hand if c not in highest], 3)
    ]
    choices = shuffled([Choice(right, True, why), *wrong], rng)
    position = Position(trump=_trump_label(trump), hand=tuple(hand), pile=tuple(state.face_up))
    prompt = Explanation("NES-6a", "drill.nes_open_q", {"seat": seat, "trump": _trump_label(trump)})
    return Item("nestors-open", prompt, position.marking(lambda c: c.rank is trump), choices)


def _trump_label(rank: object) -> dict[str, str]:
    return {locale: rank_plural(rank, locale) for locale in LOCALES}  # type: ignore[arg-type]


def make_nestors_last_trick(rng: random.Random) -> Item:
    """The last trick of a random deal: which of its two players takes it (the A-or-B rule)."""
    place = rng.randrange(2)
    return until(lambda: _nes_last(rng), lambda item: right_at(item) == [place])


def _nes_last(rng: random.Random) -> Item | None:
    state = _nestors(rng)
    if random_playout(state, rng, lambda s: s.is_done, limit=400) is None:
        return None
    trick = state.tricks[-1]
    (seat_a, a), (seat_b, b), (_none, table) = trick.plays
    why = trick.explanation
    assert why is not None
    roles = {seat_a: ("A", "А"), seat_b: ("B", "Б")}
    labels = {s: {"en": f"{en}, seat {s}", "ru": f"{ru}, игрок {s}"} for s, (en, ru) in roles.items()}
    choices = tuple(Choice(labels[s], s == trick.collector, why) for s in (seat_a, seat_b))
    position = Position(trump=_trump_label(state.trump), trick=((labels[seat_a], a), (labels[seat_b], b)), table=table)
    prompt = Explanation("NES-7", "drill.nes_last_q", {"trump": _trump_label(state.trump)})
    return Item("nestors-last-trick", prompt, position.marking(lambda c: c.rank is state.trump), choices)
