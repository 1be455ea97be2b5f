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
(1, 'round', 2, True)
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

__all__ = ["to_wire", "move_wire", "card_text", "is_card", "WireCache"]

_NOTATIONS = ("notation", "ascii", "short")


_NOT_A_CARD = ""
_card_names: dict[type, str] = {}  # each type's notation property ("" for a type that is no card)


def card_text(value: Any) -> str | None:
    """A card's text in the kit's notation, or ``None`` for a value that is no card."""
    kind = type(value)
    name = _card_names.get(kind)
    if name is None:
        name = _NOT_A_CARD
        if not issubclass(kind, (str, bytes, int, float, enum.Enum, type(None))):
            name = next((n for n in _NOTATIONS if isinstance(getattr(kind, n, None), property)), _NOT_A_CARD)
        _card_names[kind] = name
    if name is _NOT_A_CARD or not name:
        return None
    text = getattr(value, name)
    return text if isinstance(text, str) else None


def is_card(value: Any) -> bool:
    return card_text(value) is not None


class WireCache:
    """Frozen engine values already turned into JSON, by identity (each kept alive with its JSON, so an
    identity is never reused while it is here): a view made again after every move shares most of its
    parts (the last showdown, the players, the board) with the one before, which are then not turned
    into JSON again. Bounded: emptied when it holds ``size`` values."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.values: dict[int, tuple[Any, Any]] = {}

    def get(self, value: Any) -> Any:
        found = self.values.get(id(value))
        return found[1] if found is not None and found[0] is value else None

    def put(self, value: Any, data: Any) -> None:
        if len(self.values) >= self.size:
            self.values.clear()
        self.values[id(value)] = (value, data)


def _frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen) or (isinstance(value, tuple) and hasattr(value, "_fields"))


def to_wire(value: Any, depth: int = 0, cache: WireCache | None = None) -> Any:
    """``value`` as JSON data (see the module's text). With a ``cache``, a frozen value seen before is not
    converted again (its JSON is shared: do not change it). Raises :class:`ValueError` for a value nested
    deeper than any engine value is (a cycle)."""
    if depth > 40:
        raise ValueError("an engine value nested more than 40 levels deep")
    if isinstance(value, enum.Enum):  # before str and int: a phase is a str, a suit an int
        return to_wire(value.value, depth + 1)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    text = card_text(value)
    if text is not None:
        return text
    if cache is not None and depth > 0 and _frozen(value):  # a whole view is new every time; its parts are not
        data = cache.get(value)
        if data is None:
            data = _compound(value, depth, cache)
            cache.put(value, data)
        return data
    return _compound(value, depth, cache)


def _compound(value: Any, depth: int, cache: WireCache | None) -> Any:
    if isinstance(value, Msg):
        return {"key": value.key, "params": {name: to_wire(v, depth + 1, cache) for name, v in value.params}}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {field.name: to_wire(getattr(value, field.name), depth + 1, cache) for field in dataclasses.fields(value)}
        prefix = getattr(type(value), "prefix", None)
        if isinstance(prefix, str) and prefix and "kind" in data and isinstance(data["kind"], str):  # a log entry
            data["key"] = f"{prefix}.{data['kind']}"
            if "params" in data and isinstance(getattr(value, "params"), tuple):
                data["params"] = {name: to_wire(v, depth + 1, cache) for name, v in getattr(value, "params")}
        return data
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_wire(item, depth + 1, cache) for name, item in zip(value._fields, value)}
    if isinstance(value, Mapping):
        return {str(to_wire(key, depth + 1, cache)): to_wire(item, depth + 1, cache) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_wire(item, depth + 1, cache) for item in value]
    if isinstance(value, Set):
        items = [to_wire(item, depth + 1, cache) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, Sequence):  # a lazy sequence: what it is made of, not its items
        return {name: to_wire(item, depth + 1, cache) for name, item in vars(value).items() if not name.startswith("_")}
    if hasattr(value, "item") and callable(value.item):  # a numpy number
        return to_wire(value.item(), depth + 1, cache)
    if hasattr(value, "__dict__"):
        return {name: to_wire(item, depth + 1, cache) for name, item in vars(value).items() if not name.startswith("_")}
    return str(value)


def move_wire(action: Any) -> dict[str, Any]:
    """A move as JSON: its fields by name and its class's name as ``type``."""
    data = to_wire(action)
    if not isinstance(data, dict):
        data = {"value": data}
    return {"type": type(action).__name__, **data}
