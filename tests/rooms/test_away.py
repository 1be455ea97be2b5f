"""A seat away longer than the teacher's setting is played by the game's default bot and taken back when its
learner returns; a room idle longer than the server's setting is closed, its file stays and says so, and a
restarted server does not open it again."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pokerkit_teach.rooms.client import RoomError, connect, create_room
from tests.rooms.driver import Table
from tests.rooms.serving import RoomServerProcess, run_async


def test_an_away_seat_gets_a_bot_and_is_taken_back(tmp_path: Path) -> None:
    with RoomServerProcess(tmp_path, "--sweep-seconds", "0.2") as server:
        async def body() -> None:
            room = await create_room(server.base, "pokerface", 3, seed=6)
            table = Table(server.base, room, np.random.default_rng(6))
            await table.connect_all()
            teacher = await connect(server.base, room["room"], room["teacher"])
            await teacher.next_view()
            await teacher.send({"op": "away", "seconds": 1})
            table.seats[2].close()  # the learner of seat 2 leaves
            presence = await table.seats[0].next("presence")
            while not presence["seats"][2]["away_bot"]:  # the sweep gives the seat a bot after a second
                presence = await table.seats[0].next("presence", timeout=20)
            assert presence["seats"][2]["bot"] == "estimator" and not presence["seats"][2]["connected"]
            back = await connect(server.base, room["room"], room["seats"][2]["token"])
            view = await back.next_view()
            presence = await back.next("presence")
            assert presence["seats"][2] == {"seat": 2, "name": "Player 3", "connected": True, "bot": None, "away_bot": False}
            assert view["seat"] == 2
            kinds = [json.loads(line) for line in (server.data / f"{room['room']}.jsonl").read_text("utf-8").splitlines()]
            bots = [(line["seat"], line["bot"], line["away"]) for line in kinds if line["kind"] == "bot"]
            assert bots == [(2, "estimator", True), (2, None, False)]
            for connection in [*table.seats[:2], back, teacher]:
                connection.close()

        run_async(body, 60)


def test_an_idle_room_is_closed_and_its_file_stays(tmp_path: Path) -> None:
    with RoomServerProcess(tmp_path, "--sweep-seconds", "0.2", "--idle-seconds", "1") as server:
        room = run_async(lambda: create_room(server.base, "voces", 3, seed=1), 30)
        server.output.wait_for("the idle room closed", lambda line: f"room {room['room']} closed" in line, 30)
        with pytest.raises(RoomError) as gone:
            run_async(lambda: connect(server.base, room["room"], room["seats"][0]["token"]), 30)
        assert gone.value.status == 404
    lines = (tmp_path / f"{room['room']}.jsonl").read_text("utf-8").splitlines()
    assert json.loads(lines[0])["game"] == "voces" and json.loads(lines[-1])["kind"] == "expired"
    with RoomServerProcess(tmp_path) as again:
        with pytest.raises(RoomError) as still_gone:
            run_async(lambda: connect(again.base, room["room"], room["seats"][0]["token"]), 30)
        assert still_gone.value.status == 404


def test_a_server_holds_only_so_many_rooms(tmp_path: Path) -> None:
    with RoomServerProcess(tmp_path, "--max-rooms", "2") as server:
        async def body() -> None:
            for seed in (1, 2):
                await create_room(server.base, "pokerguess", 2, seed=seed)
            with pytest.raises(RoomError) as full:
                await create_room(server.base, "pokerguess", 2, seed=3)
            assert (full.value.status, full.value.key, full.value.args_) == (503, "rooms.refused.full", {"limit": 2})

        run_async(body, 30)
    assert len(list(tmp_path.glob("*.jsonl"))) == 2
