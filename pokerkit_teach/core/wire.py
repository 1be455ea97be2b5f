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
import types
from collections.abc import Mapping, Sequence, Set
from functools import lru_cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Msg

__all__ = ["to_wire", "move_wire", "card_text", "is_card", "WireCache", "from_wire", "WireMsg", "record_fields", "is_frozen"]

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


def is_frozen(value: Any) -> bool:
    """A value taken as never changing: a frozen dataclass or a named tuple (a :class:`WireCache` keeps the
    JSON of such values by identity)."""
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen) or (isinstance(value, tuple) and hasattr(value, "_fields"))


def to_wire(value: Any, depth: int = 0, cache: WireCache | None = None, texts: bool = False) -> Any:
    """``value`` as JSON data (see the module's text). With a ``cache``, a frozen value seen before is not
    converted again (its JSON is shared: do not change it; one cache serves one value of ``texts``).
    ``texts``: every message also carries its words in every language (``"text": {"en": ..., ...}``), for a
    client that shows the message but cannot rebuild the typed values in it (a card, a rank, a list said
    with "and"). Raises :class:`ValueError` for a value nested deeper than any engine value is (a cycle)."""
    if depth > 40:
        raise ValueError("an engine value nested more than 40 levels deep")
    if isinstance(value, enum.Enum):  # before str and int: a phase is a str, a suit an int
        return to_wire(value.value, depth + 1, cache, texts)
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
    if cache is not None and depth > 0 and is_frozen(value):  # a whole view is new every time; its parts are not
        data = cache.get(value)
        if data is None:
            data = _compound(value, depth, cache, texts)
            cache.put(value, data)
        return data
    return _compound(value, depth, cache, texts)


def _compound(value: Any, depth: int, cache: WireCache | None, texts: bool) -> Any:
    if isinstance(value, Msg):
        message = {"key": value.key, "params": {name: to_wire(v, depth + 1, cache, texts) for name, v in value.params}}
        if texts:
            message["text"] = _texts(value)
        return message
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {field.name: to_wire(getattr(value, field.name), depth + 1, cache, texts) for field in dataclasses.fields(value)}
        prefix = getattr(type(value), "prefix", None)
        if isinstance(prefix, str) and prefix and "kind" in data and isinstance(data["kind"], str):  # a log entry
            data["key"] = f"{prefix}.{data['kind']}"
            if "params" in data and isinstance(getattr(value, "params"), tuple):
                data["params"] = {name: to_wire(v, depth + 1, cache, texts) for name, v in getattr(value, "params")}
        return data
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_wire(item, depth + 1, cache, texts) for name, item in zip(value._fields, value)}
    if isinstance(value, Mapping):
        return {str(to_wire(key, depth + 1, cache, texts)): to_wire(item, depth + 1, cache, texts) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_wire(item, depth + 1, cache, texts) for item in value]
    if isinstance(value, Set):
        items = [to_wire(item, depth + 1, cache, texts) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, Sequence):  # a lazy sequence: what it is made of, not its items
        return {name: to_wire(item, depth + 1, cache, texts) for name, item in vars(value).items() if not name.startswith("_")}
    if hasattr(value, "item") and callable(value.item):  # a numpy number
        return to_wire(value.item(), depth + 1, cache, texts)
    if hasattr(value, "__dict__"):
        return {name: to_wire(item, depth + 1, cache, texts) for name, item in vars(value).items() if not name.startswith("_")}
    return str(value)


def record_fields(value: Any) -> list[tuple[str, Any]] | None:
    """The fields of a record (a named tuple, or a dataclass that is neither a message nor a log entry) by
    name, in the order :func:`to_wire` writes them as an object; ``None`` for any other value. A caller may
    then turn each field into JSON on its own (and keep the JSON of a field that did not change):
    ``{name: to_wire(item, 1, ...)}`` over these is ``to_wire(value, ...)``.

    >>> from pokerkit_teach.core.registry import get_game
    >>> view = get_game("pokerface").new_rules(3).new_game(seed=3).view_for(1)
    >>> {name: to_wire(item, 1) for name, item in record_fields(view)} == to_wire(view)
    True
    """
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return list(zip(value._fields, value))
    if (dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Msg)
            and not isinstance(getattr(type(value), "prefix", None), str)):
        return [(field.name, getattr(value, field.name)) for field in dataclasses.fields(value)]
    return None


def _texts(message: Msg) -> dict[str, str]:
    try:
        return _cached_texts(message)
    except TypeError:  # a value in it that cannot be hashed
        return {lang: message.text(lang) for lang in LANGUAGES}


@lru_cache(maxsize=4096)
def _cached_texts(message: Msg) -> dict[str, str]:
    return {lang: message.text(lang) for lang in LANGUAGES}


def move_wire(action: Any) -> dict[str, Any]:
    """A move as JSON: its fields by name and its class's name as ``type``."""
    data = to_wire(action)
    if not isinstance(data, dict):
        data = {"value": data}
    return {"type": type(action).__name__, **data}


# ---------------------------------------------------------------------------------------------- back again
def from_wire(data: Any, hint: Any) -> Any:
    """JSON data made by :func:`to_wire` as the engine's value of type ``hint`` again (a view's named tuple,
    a dataclass, a card, an enum, a move of a union of moves, a message), read from the types' own hints: a
    client of the room server gets the engine's view of its seat back, with no code of its own per game.
    A field the data lacks keeps its default (or is empty); a message's values come back as what their
    JSON says (a message in a message is a message again).

    >>> from pokerkit_teach.core.registry import get_game
    >>> game = get_game("pokerface")
    >>> view = game.new_rules(3).new_game(seed=3).view_for(1)
    >>> from_wire(to_wire(view), game.view_type) == view
    True
    """
    return _back(data, hint, 0)


def _back(data: Any, hint: Any, depth: int) -> Any:  # noqa: C901 - one case per kind of type, as to_wire
    if depth > 40:
        raise ValueError("a value nested more than 40 levels deep")
    if hint is Any or hint is None or isinstance(hint, TypeVar):
        return data
    if hint is type(None):
        return None
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        options = tuple(option for option in options if option is not type(None))
        if isinstance(data, dict) and "type" in data:  # a move: its class by name
            for option in options:
                if getattr(option, "__name__", None) == data["type"]:
                    return _back(data, option, depth + 1)
        problems = []
        for option in options:
            try:
                return _back(data, option, depth + 1)
            except (ValueError, TypeError, KeyError, LookupError) as error:
                problems.append(error)
        raise ValueError(f"{data!r} is none of {options}: {problems}")
    if origin is Literal:
        return data
    if origin in (tuple, list, set, frozenset) or hint in (tuple, list, set, frozenset):
        args = get_args(hint)
        if not isinstance(data, list):
            raise TypeError(f"a list expected, not {type(data).__name__}")
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            items = [_back(item, arg, depth + 1) for item, arg in zip(data, args)]
        else:
            arg = args[0] if args else Any
            items = [_back(item, arg, depth + 1) for item in data]
        kind = origin or hint
        return kind(items)
    if origin in (dict, Mapping) or hint is dict:
        args = get_args(hint) or (Any, Any)
        if not isinstance(data, dict):
            raise TypeError(f"an object expected, not {type(data).__name__}")
        return {_key(key, args[0]): _back(item, args[1], depth + 1) for key, item in data.items()}
    if origin is not None:
        hint = origin
    if not isinstance(hint, type):
        return data
    if hint is bool:
        if not isinstance(data, bool):
            raise TypeError(f"a truth value expected, not {data!r}")
        return data
    if hint in (int, float, str):
        if hint is not str and isinstance(data, bool) or not isinstance(data, (int, float) if hint is not str else str):
            raise TypeError(f"{hint.__name__} expected, not {data!r}")
        return hint(data)
    if issubclass(hint, enum.Enum):
        return hint(data)
    if hint is Msg:
        if not isinstance(data, dict) or "key" not in data:
            raise TypeError("a message expected")
        return _message(data)
    if any(isinstance(getattr(hint, name, None), property) for name in _NOTATIONS):  # a card
        if not isinstance(data, str):
            raise TypeError(f"a card's text expected, not {data!r}")
        reader = getattr(hint, "from_text", None)
        if reader is None:
            raise TypeError(f"{hint.__name__} cannot be read from its text")
        return reader(data)
    if dataclasses.is_dataclass(hint) or (issubclass(hint, tuple) and hasattr(hint, "_fields")):
        if not isinstance(data, dict):
            raise TypeError(f"{hint.__name__} expected, not {data!r}")
        if "type" in data and data["type"] != hint.__name__ and _is_move_data(data, hint):
            raise TypeError(f"{data['type']} is not {hint.__name__}")
        hints = get_type_hints(hint)
        names = [f.name for f in dataclasses.fields(hint) if f.init] if dataclasses.is_dataclass(hint) else list(hint._fields)
        values: dict[str, Any] = {}
        for name in names:
            if name in data:
                value = data[name]
                if name == "params" and isinstance(value, dict) and hints.get(name) is not None and get_origin(hints[name]) is tuple:
                    readers = getattr(hint, "param_readers", None) or {}
                    values[name] = tuple((key, _read_param(item, readers.get(key))) for key, item in value.items())
                else:
                    values[name] = _back(value, hints.get(name, Any), depth + 1)
            elif not _has_default(hint, name):
                values[name] = _empty(hints.get(name, Any))
        return hint(**values)
    if isinstance(data, dict):  # a lazy sequence or another object: its fields, as they came
        return data
    made: Any = hint
    return made(data)


def _is_move_data(data: dict[str, Any], hint: type) -> bool:
    return isinstance(data.get("type"), str) and data["type"][:1].isupper()


def _key(key: str, hint: Any) -> Any:
    if hint is int:
        return int(key)
    return _back(key, hint, 1) if hint not in (Any, str) else key


@dataclasses.dataclass(frozen=True)
class WireMsg(Msg):
    """A message that came over the wire with its words in every language (``to_wire(..., texts=True)``)."""

    words: tuple[tuple[str, str], ...] = ()

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        said = dict(self.words).get(lang)
        return said if said is not None else super().text(lang)


def _message(data: dict[str, Any]) -> Msg:
    params = tuple((name, _param(item)) for name, item in (data.get("params") or {}).items())
    words = data.get("text")
    if isinstance(words, dict):
        return WireMsg(str(data["key"]), params, tuple((str(k), str(v)) for k, v in words.items()))
    return Msg(str(data["key"]), params)


def _read_param(value: Any, reader: Any) -> Any:
    """A log entry's value back: by the reader its event class names for it (``param_readers``: cards, a hand),
    else as :func:`_param` reads it (also when the reader does not fit: a hidden hand in place of cards)."""
    if reader is not None:
        try:
            return reader(value)
        except (ValueError, TypeError, KeyError, LookupError):
            pass
    return _param(value)


def _param(value: Any) -> Any:
    """A message's value back: a message in it is a message again; the rest as its JSON says."""
    if isinstance(value, dict) and {"key", "params"} <= set(value) and isinstance(value["params"], dict):
        return _message(value)
    if isinstance(value, list):
        return tuple(_param(item) for item in value)
    return value


def _has_default(hint: type, name: str) -> bool:
    if dataclasses.is_dataclass(hint):
        field = next(f for f in dataclasses.fields(hint) if f.name == name)
        return field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    return name in getattr(hint, "_field_defaults", {})


def _empty(hint: Any) -> Any:
    """A field the wire leaves out (a view's legal moves and log travel beside it): empty of its kind."""
    origin = get_origin(hint) or hint
    if origin in (tuple, list, set, frozenset):
        return origin()
    if origin in (dict, Mapping):
        return {}
    return None
