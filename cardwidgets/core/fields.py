"""A state's fields, declared once: its class annotations.

Each game's state class lists its fields as annotations (dataclass-style, see
``games/<game>/engine.py``); ``GameState.clone`` copies them generically, so a field
added to a game is cloned without anyone writing a copy line for it. How a field
is copied follows from its declared type, worked out once per class:

- ``list[list[...]]`` (hands, cards taken per side): each inner list copied;
- ``list[Trick]``: each trick copied (its play list is changed as cards are played);
- any other ``list[...]``: the list copied (its items are never changed: cards, numbers, tuples);
- everything else is shared: numbers, strings, cards, tuples, frozen records, and the
  ``deal`` and ``rules`` dicts, which are never changed after the deal starts.

A ``dict`` or ``set`` field other than those two is refused when the class is made,
so a mutable field can never be shared between clones by mistake.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

#: Mutable fields that clones share because nothing changes them once the deal starts.
NEVER_CHANGED = frozenset({"deal", "rules"})


@dataclass(frozen=True)
class CopyPlan:
    """The names of a state class's fields, by how ``clone`` copies them."""

    fields: tuple[str, ...]
    lists: tuple[str, ...]
    nested: tuple[str, ...]
    records: tuple[str, ...]


def copy_kind(name: str, annotation: str) -> str | None:
    """``"list"``, ``"nested"``, ``"records"``, ``"shared"``, or None for a class variable."""
    text = annotation.replace(" ", "")
    if text.startswith(("ClassVar", "typing.ClassVar")):
        return None
    base = text.removesuffix("|None")
    if base.startswith("list[list["):
        return "nested"
    if base == "list[Trick]":
        return "records"
    if base.startswith("list["):
        return "list"
    if base.startswith(("dict[", "set[")) and name not in NEVER_CHANGED:
        raise TypeError(f"state field {name}: {annotation} would be shared by clones; declare a list or a tuple")
    return "shared"


def copy_plan(cls: type) -> CopyPlan:
    """The fields of ``cls`` (annotations of it and its bases, base first) sorted by copy kind."""
    kinds: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        for name, annotation in inspect.get_annotations(klass).items():
            kind = copy_kind(name, str(annotation))
            if kind is not None:
                kinds[name] = kind
    by_kind = {kind: tuple(name for name, k in kinds.items() if k == kind) for kind in ("list", "nested", "records")}
    return CopyPlan(tuple(kinds), by_kind["list"], by_kind["nested"], by_kind["records"])
