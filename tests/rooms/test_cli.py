"""``pokerkit-teach room serve`` and ``pokerkit-teach room create``: the server the command starts takes a room
made from the command line (its --json fits docs/cli/room.schema.json, its text is said in the language asked
for), a seat's token from it opens the seat, and a room the game does not allow is refused in one line."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Iterator

import jsonschema
import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.rooms.client import connect
from tests.rooms.serving import run_async
from tests.support import ROOT, ServerOutput, stop_group


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("rooms")
    process = subprocess.Popen([sys.executable, "-m", "pokerkit_teach", "room", "serve", "--port", "0", "--data", str(data)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                               env=os.environ | {"PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    output = ServerOutput(process.stdout)
    try:
        line = output.wait_for("the room server listens", lambda text: "room server on http://127.0.0.1:" in text, 30)
        yield line.split("room server on ")[1].split()[0]
    finally:
        stop_group(process)


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_room_create_json_fits_its_schema_and_opens_the_seats(served: str) -> None:
    status, out, err = call("room", "create", "--game", "voces", "--players", "3", "--seed", "5", "--server", served, "--json")
    assert (status, err) == (0, "")
    created = json.loads(out)
    jsonschema.validate(created, json.loads((ROOT / "docs" / "cli" / "room.schema.json").read_text("utf-8")))
    assert created["game"] == "voces" and created["seed"] == 5 and len(created["seats"]) == 3
    assert created["seats"][1]["link"].endswith(f"?room={created['room']}&seat={created['seats'][1]['token']}")

    async def body() -> None:
        seat = await connect(served, created["room"], created["seats"][1]["token"])
        view = await seat.next_view()
        assert view["seat"] == 1 and view["game"] == "voces" and len(view["view"]["hand"]) == 5
        seat.close()

    run_async(body, 30)


def test_room_create_speaks_the_language_asked_for(served: str) -> None:
    status, out, _ = call("room", "create", "--players", "3", "--server", served, "--lang", "de")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("Raum ") and "Pokerface" in lines[0]
    assert lines[1].startswith("Token der Lehrkraft: ") and [line.split()[1] for line in lines[2:]] == ["1", "2", "3"]
    assert all(line.startswith("Platz ") and "?room=" in line for line in lines[2:])


def test_a_room_the_game_does_not_allow_is_refused_in_one_line(served: str) -> None:
    for lang, word in (("en", "players"), ("de", "players"), ("es", "players")):
        status, out, err = call("room", "create", "--game", "pokerface", "--players", "2", "--server", served, "--lang", lang)
        assert status == 2 and out == "" and len(err.splitlines()) == 1 and word in err and "3" in err and "6" in err, err
    status, _, err = call("room", "create", "--server", "http://127.0.0.1:9", "--lang", "es")
    assert status == 2 and err.startswith("Error: ningún servidor de salas responde en http://127.0.0.1:9")
