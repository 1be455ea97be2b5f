"""The protocol's JSON Schema is published as it is shipped (docs/rooms.schema.json is the package's own), is
a valid schema, tells good messages from bad ones, and every refusal or closing key the server sends is in
every language's catalogue, with the words of that language."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from pokerkit_teach.core.i18n import LANGUAGES, catalogue
from pokerkit_teach.rooms.protocol import check_message, schema
from tests.support import ROOT

ROOMS = ROOT / "pokerkit_teach" / "rooms"


def test_the_published_schema_is_the_shipped_one_and_valid() -> None:
    published = json.loads((ROOT / "docs" / "rooms.schema.json").read_text("utf-8"))
    assert published == schema()
    jsonschema.Draft202012Validator.check_schema(published)


@pytest.mark.parametrize(("side", "message", "problem"), [
    ("client", {"op": "act", "version": 0, "index": 2}, None),
    ("client", {"op": "act", "version": 0, "move": "Anna takes A"}, None),
    ("client", {"op": "act", "version": 0}, "message"),  # neither index nor move
    ("client", {"op": "act", "version": 0, "index": 1, "move": "x"}, "message"),  # both
    ("client", {"op": "act", "version": -1, "index": 0}, "version"),
    ("client", {"op": "act", "version": 0, "index": True}, "index"),
    ("client", {"op": "act", "version": 0, "index": 0, "seat": 2}, "message"),  # the seat is never the client's to say
    ("client", {"op": "bot", "seat": 1, "bot": None}, None),
    ("client", {"op": "bot", "seat": 99, "bot": "random"}, "seat"),
    ("client", {"op": "end"}, None),
    ("client", {"op": "teleport"}, "op"),
    ("client", [], "message"),
    ("create", {"game": "pokerface", "players": 4, "seed": 3}, None),
    ("create", {"game": "pokerface", "players": ["Anna", "Ben", "Carla"]}, None),
    ("create", {"game": "pokerface", "players": 4, "seed": 2**63}, "seed"),
    ("create", {"game": "pokerface", "players": 4, "admin": True}, "message"),
])
def test_the_schema_tells_good_messages_from_bad(side: str, message: object, problem: str | None) -> None:
    found = check_message(side, message)
    assert (found is None) == (problem is None), found
    if problem not in (None, "message"):
        assert found == problem


def test_every_key_the_server_sends_is_said_in_every_language() -> None:
    code = "\n".join(path.read_text("utf-8") for path in ROOMS.glob("*.py"))
    keys = set(re.findall(r'"(rooms\.(?:refused|closed|client)\.[a-z_]+)"', code))
    assert len(keys) >= 25, sorted(keys)
    for key in keys:
        texts = {lang: catalogue(lang)[key] for lang in LANGUAGES}
        assert texts["en"] != texts["de"] != texts["es"] != texts["en"], (key, texts)
