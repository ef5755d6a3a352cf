"""Human-readable playthroughs: a seeded random deal, state by state.

Golden copies live in ``tests/golden/``; a test compares them, so any change
in rules or notation shows up as a readable diff. Regenerate on purpose with
``python -m cardwidgets playthrough GAME --seed N > tests/golden/GAME-seed-N.txt``.
"""

from __future__ import annotations

import json
import random

from cardwidgets.games import get_game


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
        lines.append(f"  action {action.text}")
        tricks_before = sum(1 for t in state.tricks if t.collector is not None)
        state.apply(action)
        for trick in [t for t in state.tricks if t.collector is not None][tricks_before:]:
            why = trick.explanation.text("en") if trick.explanation else ""
            lines.append(f"  trick  {' '.join(c.text for c in trick.cards())} -> seat {trick.collector}: {why}")
    lines.append("")
    lines.append(f"done  contract {json.dumps(state.contract_json())}  points {state.points()}  score {state.score()}")
    return "\n".join(lines) + "\n"
