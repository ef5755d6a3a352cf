"""Helpers of the drills on the frame of a deal (partners, bidding, the talon, the score).

Each game's ``drills`` module makes its own questions; these build their answers' labels
(in each language) and place the right answer among the choices.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from cardwidgets.core.actions import Action
from cardwidgets.core.explain import Explanation
from cardwidgets.core.state import GameState
from cardwidgets.drills.base import Choice, Item, label_text, one_right, right_at
from cardwidgets.i18n.names import action_label

LOCALES = ("en", "ru")


def player_label(n: int) -> dict[str, str]:
    """"Player n" in each language (an answer naming a player)."""
    return {"en": f"Player {n}", "ru": f"Игрок {n}"}


def action_choice(text: str, game: str) -> dict[str, str]:
    """An action as an answer's label, in each language (``Give 7♥ to seat 1``)."""
    return {locale: action_label(text, locale, game) for locale in LOCALES}


def one_of(
    state: GameState, right: tuple[Action, Explanation], wrong: Sequence[Action], rng: random.Random
) -> tuple[Choice, ...]:
    """``right`` (with why it is allowed) and up to three of ``wrong``, each with the engine's reason."""
    game = state.game_name
    graded = [Choice(action_choice(a.text, game), False, state.why_illegal(a)) for a in wrong]
    return one_right(Choice(action_choice(right[0].text, game), True, right[1]), graded, rng)


def signed_label(value: int) -> dict[str, str]:
    """A score with its sign, the same in each language (a real minus sign)."""
    text = f"{value:+d}".replace("-", "−")
    return dict.fromkeys(LOCALES, text)


def placed(item: Item, place: int) -> Item:
    """``item`` with its right answer moved to ``place`` among the choices (the others keep their order)."""
    right = item.choices[right_at(item)[0]]
    others = [choice for choice in item.choices if choice is not right]
    others.insert(place, right)
    return dataclasses.replace(item, choices=tuple(others))


def right_label(item: Item) -> str:
    """The English label of ``item``'s right answer (to aim the right answer evenly)."""
    return label_text(item.choices[right_at(item)[0]].label, "en")
