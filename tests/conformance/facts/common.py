"""What the conformance tests share about a game's facts: the values a reason states, and every leaf value
inside an engine value (a view, an event), to look for cards a seat may not see."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator

from pokerkit_teach.core.game import Decision
from pokerkit_teach.core.i18n import Msg

__all__ = ["said", "close", "leaves", "found_in"]


def said(decision: Decision) -> dict[str, Any]:
    """The values a bot's reason states, by name."""
    return dict(decision.reason.params)


def close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


def leaves(value: Any, skip: Callable[[Any], bool] = lambda item: False) -> Iterator[Any]:
    """Every value inside ``value``: the fields of dataclasses and named tuples, the items of tuples, lists,
    sets and dicts, a message's values, and each of these on its own (cards among them); not inside a value
    for which ``skip`` is true."""
    stack, seen = [value], set()
    while stack:
        item = stack.pop()
        if id(item) in seen or skip(item):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, (str, bytes, int, float, bool)) or item is None:
            continue
        if isinstance(item, Msg):
            stack.extend(v for _, v in item.params)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        elif isinstance(item, tuple) and hasattr(item, "_fields"):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            stack.extend(vars(item).values())


def found_in(value: Any, wanted: set[Any], skip: Callable[[Any], bool] = lambda item: False) -> set[Any]:
    """The values of ``wanted`` (cards) that are somewhere inside ``value`` (not inside what ``skip`` names)."""
    found = set()
    for leaf in leaves(value, skip):
        try:
            if leaf in wanted:
                found.add(leaf)
        except TypeError:  # unhashable: a list or a dict, whose items are visited on their own
            continue
    return found
