"""Human-readable playthroughs: a seeded random deal, state by state.

Golden copies live in ``tests/golden/``; a test compares them, so any change
in rules or notation shows up as a readable diff. Each step also prints every
seat's view (what it hides from the instructor's) and what the seat knows
(``state.knowledge(seat)``), so a hidden card leaking into a seat's view or
knowledge shows up as a diff too. Regenerate on purpose with
``python -m cardwidgets playthrough GAME --seed N > tests/golden/GAME-seed-N.txt``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from cardwidgets.cards import Card
from cardwidgets.core.knowledge import Knowledge
from cardwidgets.core.registry import get_game
from cardwidgets.core.state import GameState


def playthrough(name: str, seed: int) -> str:
    """The playthrough text of game ``name``: deal from ``seed``, random legal actions."""
    game = get_game(name)
    rng = random.Random(seed)
    dealer = rng.randrange(game.num_players)
    deal = game.random_deal(rng)
    state = game.new_state(deal, dealer)
    lines = [
        f"# {name} playthrough, seed {seed}",
        f"dealer: {dealer}",
        f"deal: {json.dumps(game.deal_to_json(deal), ensure_ascii=False)}",
    ]
    step = 0
    while not state.is_done:
        step += 1
        hands = "  ".join(f"{s}:[{' '.join(c.text for c in h)}]" for s, h in enumerate(state.hands))
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append("")
        lines.append(f"step {step}  phase {state.phase}  to act {state.to_act}  trump {state.trump_json()}")
        lines.append(f"  hands  {hands}")
        lines.append(f"  table  {json.dumps(state._view_extra(None), ensure_ascii=False)}")
        lines.append(f"  legal  {', '.join(a.text for a in legal)}")
        lines.extend(seat_lines(state))
        lines.append(f"  action {action.text}")
        tricks_before = sum(1 for t in state.tricks if t.collector is not None)
        state.apply(action)
        for trick in [t for t in state.tricks if t.collector is not None][tricks_before:]:
            why = trick.explanation.text("en") if trick.explanation else ""
            lines.append(f"  trick  {' '.join(c.text for c in trick.cards())} -> seat {trick.collector}: {why}")
    lines.append("")
    lines.append(f"done  contract {json.dumps(state.contract_json())}  points {state.points()}  score {state.score()}")
    return "\n".join(lines) + "\n"


def seat_lines(state: GameState) -> list[str]:
    """Per seat: the view fields that differ from the instructor's, and what the seat knows."""
    full = state.view(None)
    lines = []
    for seat in range(state.num_players):
        view = state.view(seat)
        hidden = {key: value for key, value in view.items() if key != "seat" and full.get(key) != value}
        missing = [key for key in full if key not in view]
        without = f"  without {', '.join(missing)}" if missing else ""
        lines.append(f"  seat {seat} view   {json.dumps(hidden, ensure_ascii=False)}{without}")
        lines.append(f"  seat {seat} knows  {knowledge_text(state.knowledge(seat))}")
    return lines


def knowledge_text(known: Knowledge) -> str:
    """One line: each place's size and known cards, the bans, the open cards left to deal."""

    def cards(items: Iterable[Card]) -> str:
        return " ".join(card.text for card in sorted(items, key=lambda card: card.index))

    places = " ".join(
        f"{slot}:{size}" + (f"[{cards(known.fixed[slot])}]" if known.fixed.get(slot) else "")
        for slot, size in known.sizes.items()
    )
    text = f"places {places}  pool {len(known.pool)}"
    if known.banned:
        text += "  banned " + " ".join(f"{slot}:[{cards(ban)}]" for slot, ban in known.banned.items())
    either = known.either
    if either is not None:
        text += f"  either [{cards(either.cards)}] {either.rare}|{either.common} {either.chance:.2f}"
    return text
