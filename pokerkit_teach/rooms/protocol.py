"""The room protocol's messages and bounds: the JSON Schema of every message (``rooms.schema.json``, published
as docs/rooms.schema.json), checked by the server on what a client sends and by the client on what the server
sends; the room codes and tokens; every limit the server keeps.

>>> code = new_code(); len(code), set(code) <= set(CODE_LETTERS)
(6, True)
>>> check_message("client", {"op": "act", "version": 3, "index": 0}) is None
True
>>> check_message("client", {"op": "act", "version": "3", "index": 0})
'version'
"""

from __future__ import annotations

import hashlib
import json
import secrets
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = [
    "PROTOCOL", "CODE_LETTERS", "CODE_LENGTH", "MAX_MESSAGE_BYTES", "MAX_FRAME_BYTES", "MAX_BODY_BYTES", "MAX_ROOMS",
    "ACTS_PER_SECOND", "ACTS_BURST", "MESSAGES_PER_SECOND", "MESSAGES_BURST", "IDLE_SECONDS", "LEGAL_LISTED",
    "MAX_BOT_MOVES", "MAX_TEXT_CHARS", "new_code", "new_token", "token_hash", "schema", "check_message", "is_code",
    "refusal_text", "whole_view",
]

PROTOCOL = 1
"""The protocol's version: the server's first message names it."""

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
"""The letters of a room code: no I, L or O, which a class reads as 1 or 0 from a projector."""
CODE_LENGTH = 6

MAX_MESSAGE_BYTES = 4096
"""A client's message: the largest the protocol has (a move written out) is under 300 bytes. A larger one
is refused and the connection stays."""
MAX_FRAME_BYTES = 65536
"""A websocket frame tornado takes at all; a larger one closes the connection (code 1009)."""
MAX_BODY_BYTES = 4096
"""The body of ``POST /rooms``."""
MAX_ROOMS = 1000
"""Rooms one server holds in memory at once (a school of 100 tables is a tenth of it)."""
ACTS_PER_SECOND = 10.0
ACTS_BURST = 20
"""Moves one connection may send: 10 a second, 20 at once (a person makes one every second or two)."""
MESSAGES_PER_SECOND = 200.0
MESSAGES_BURST = 400
"""Messages of any kind one connection may send."""
IDLE_SECONDS = 4 * 3600
"""A room nobody has acted in or connected to for this long is closed; its file stays."""
LEGAL_LISTED = 200
"""The legal moves a view lists with their text (PokerGuess has thousands: the rest are chosen by index)."""
MAX_BOT_MOVES = 2000
"""Bot moves after one move of a person (a table of bots plays on after the next one)."""
MAX_TEXT_CHARS = 200
"""A move written out (``Ben takes from Carla``), as a scenario file writes it."""


def new_code() -> str:
    """A room code: six letters a class can read from a projector and type."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(letter in CODE_LETTERS for letter in text)


def new_token() -> str:
    """A seat's or a teacher's token: 192 random bits, unguessable."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What a room's file keeps of a token (the token itself is never written)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The protocol's JSON Schema (every message, both ways)."""
    data: dict[str, Any] = json.loads(resources.files("pokerkit_teach.rooms").joinpath("rooms.schema.json").read_text("utf-8"))
    return data


@lru_cache(maxsize=4)
def _validator(side: str) -> Any:
    import jsonschema

    root = schema()
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{side}", "$defs": root["$defs"]})


def check_message(side: str, message: Any) -> str | None:
    """``None`` when ``message`` is a valid message of ``side`` (``client``: sent by a client; ``server``:
    sent by the server; ``created``: the answer to ``POST /rooms``; ``create``: its body), else the
    place of the first problem: a field's name, ``op`` for an op the side does not send, or ``message``.
    A message with a known op is checked against that op's own definition, so the problem named is its own."""
    defs = schema()["$defs"]
    kinds = [entry["$ref"].rsplit("/", 1)[1] for entry in defs.get(side, {}).get("oneOf", [])]
    if kinds and isinstance(message, dict):
        op = message.get("op")
        if not isinstance(op, str) or op not in kinds:
            return "op"
        side = op
    error = next(iter(_validator(side).iter_errors(message)), None)
    if error is None:
        return None
    path = [str(part) for part in error.absolute_path]
    return ".".join(path) if path else "message"


def whole_view(frame: dict[str, Any], previous: dict[str, Any] | None) -> str | None:
    """Fills a ``view`` message's ``view`` with the fields its ``kept`` names, from ``previous`` (the ``view``
    of the connection's previous view message), and drops ``kept``. Answers ``None``, or the name of a kept
    field the previous view does not have (the message then cannot be read; a new connection gets a whole view).

    >>> frame = {"op": "view", "view": {"phase": "flop"}, "kept": ["hole"]}
    >>> whole_view(frame, {"phase": "deal", "hole": ["Ah", "Kd"]}), frame["view"], "kept" in frame
    (None, {'phase': 'flop', 'hole': ['Ah', 'Kd']}, False)
    >>> whole_view({"op": "view", "view": {}, "kept": ["hole"]}, None)
    'hole'
    """
    kept = frame.pop("kept", None) or []
    view = frame["view"]
    for name in kept:
        if previous is None or name not in previous:
            return str(name)
        view[name] = previous[name]
    return None


def refusal_text(frame: dict[str, Any], lang: str = "en") -> str:
    """A refusal (or a ``closed`` message) in words, in ``lang``: its key from the kit's catalogues, with any
    value that is itself a message (``{"key", "params"}``, perhaps with its ``"text"``) said in the same language."""
    from pokerkit_teach.core.i18n import message

    def value(item: Any) -> Any:
        if isinstance(item, dict) and {"key", "params"} <= set(item) and isinstance(item["params"], dict):
            return message(str(item["key"]), lang, **{k: value(v) for k, v in item["params"].items()})
        return item

    args = frame.get("args") or {}
    return message(str(frame["key"]), lang, **{str(name): value(item) for name, item in args.items()})
