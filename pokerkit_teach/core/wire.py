"""Engine values as JSON, for any game: what the room server sends a seat, with no code of its own per game.

One rule for every value, so that a new game's views, moves and events travel as they are:

- a card (a value that names itself in the kit's card notation: a ``notation``, ``ascii`` or ``short``
  text) is that text: ``"Qc"``, ``"B5"``, ``"Ks3"``, ``"raccoon#2"``;
- an enum is its value (a Hold'em suit is its number, c d h s = 0 1 2 3; a phase its name);
- a dataclass and a named tuple are an object of their fields by name (a move gets its class's name as
  ``"type"`` too, so that a client tells a take from a pass);
- a message (:class:`~pokerkit_teach.core.i18n.Msg`) is ``{"key", "params"}``, a log entry its fields and
  its message key, so each client says it in its own language;
- tuples, lists and sets are lists; a mapping is an object (its keys as text);
- a sequence the engine keeps lazily (PokerGuess's thousands of legal moves) is its own fields, never
  its items.

>>> from pokerkit_teach.core.registry import get_game
>>> state = get_game("pokerface").new_rules(3).new_game(seed=3)
>>> view = to_wire(state.view_for(1))
>>> view["seat"], view["phase"], len(view["hole"]), all(isinstance(card, str) for card in view["hole"])
(1, 'tokens', 2, True)
>>> move_wire(state.legal_actions(state.current_player())[0])["type"]
'TakeFromMiddle'
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
from collections.abc import Mapping, Sequence, Set
from typing import Any

from pokerkit_teach.core.i18n import Msg

__all__ = ["to_wire", "move_wire", "card_text", "is_card"]

_NOTATIONS = ("notation", "ascii", "short")


def card_text(value: Any) -> str | None:
    """A card's text in the kit's notation, or ``None`` for a value that is no card."""
    if isinstance(value, (str, bytes, int, float, enum.Enum)) or value is None:
        return None
    kind = type(value)
    for name in _NOTATIONS:
        if isinstance(getattr(kind, name, None), property):
            text = getattr(value, name)
            if isinstance(text, str):
                return text
    return None


def is_card(value: Any) -> bool:
    return card_text(value) is not None


def to_wire(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON data (see the module's text). Raises :class:`ValueError` for a value nested
    deeper than any engine value is (a cycle)."""
    if depth > 40:
        raise ValueError("an engine value nested more than 40 levels deep")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_wire(value.value, depth + 1)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    text = card_text(value)
    if text is not None:
        return text
    if isinstance(value, Msg):
        return {"key": value.key, "params": {name: to_wire(v, depth + 1) for name, v in value.params}}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {field.name: to_wire(getattr(value, field.name), depth + 1) for field in dataclasses.fields(value)}
        prefix = getattr(type(value), "prefix", None)
        if isinstance(prefix, str) and prefix and "kind" in data and isinstance(data["kind"], str):  # a log entry
            data["key"] = f"{prefix}.{data['kind']}"
            if "params" in data and isinstance(getattr(value, "params"), tuple):
                data["params"] = {name: to_wire(v, depth + 1) for name, v in getattr(value, "params")}
        return data
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_wire(item, depth + 1) for name, item in zip(value._fields, value)}
    if isinstance(value, Mapping):
        return {str(to_wire(key, depth + 1)): to_wire(item, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_wire(item, depth + 1) for item in value]
    if isinstance(value, Set):
        items = [to_wire(item, depth + 1) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, Sequence):  # a lazy sequence: what it is made of, not its items
        return {name: to_wire(item, depth + 1) for name, item in vars(value).items() if not name.startswith("_")}
    if hasattr(value, "item") and callable(value.item):  # a numpy number
        return to_wire(value.item(), depth + 1)
    if hasattr(value, "__dict__"):
        return {name: to_wire(item, depth + 1) for name, item in vars(value).items() if not name.startswith("_")}
    return str(value)


def move_wire(action: Any) -> dict[str, Any]:
    """A move as JSON: its fields by name and its class's name as ``type``."""
    data = to_wire(action)
    if not isinstance(data, dict):
        data = {"value": data}
    return {"type": type(action).__name__, **data}
