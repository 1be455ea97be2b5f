"""The room server as a JupyterHub service, under the kit's own hub config (deploy/jupyterhub/jupyterhub_config.py):
the hub starts it; the teacher (the hub's admin) creates a room for three learners by their user names through
the hub's proxy; the three, logged in with the class password, each open the room with their own hub token
(no room token) and find themselves at their own seat, and play; a fourth logged-in learner without a seat is
refused, as is a request with no hub token. The hub (started as tests/serving/test_jupyterhub.py starts it,
on free ports of 127.0.0.1) and everything it started are stopped by the test; every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from pokerkit_teach.rooms.client import Connection, RoomError, connect
from tests.rooms.driver import Table
from tests.rooms.serving import run_async
from tests.support import ROOT, hub_ports, load_script

pytestmark = pytest.mark.slow

LEARNERS = ["anna", "ben", "carla"]
OUTSIDER = "dan"


def hub_load() -> ModuleType:
    return load_script("benchmarks/hub_load.py")


async def hub_token(client: Any) -> str:
    """A hub API token of the logged-in user, made through the hub's API with the session's cookie."""
    response, _ = await client.fetch(f"/hub/api/users/{client.name}/tokens", "POST", json.dumps({"note": "rooms test", "expires_in": 3600}),
                                     follow=False, headers={"X-XSRFToken": client.cookie("_xsrf", "/hub/api/"),
                                                            "Content-Type": "application/json"})
    assert response.code in (200, 201), (response.code, response.body)
    token: str = json.loads(response.body)["token"]
    return token


async def open_seat(base: str, token: str) -> Connection:
    request = HTTPRequest(base, headers={"Authorization": f"token {token}"}, connect_timeout=30, request_timeout=30)
    return Connection(await websocket_connect(request), 30)


def test_learners_at_one_table_on_jupyterhub(tmp_path: Path) -> None:
    deps = subprocess.run(["bash", "scripts/hub_deps.sh"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=os.environ | {"PYTHON": sys.executable})
    assert deps.returncode == 0, deps.stderr
    hl = hub_load()
    hub = hl.start_hub(tmp_path / "hub", **hub_ports())
    service = f"{hub.base}/services/rooms"

    async def body() -> None:
        clients = {name: hl.HubClient(hub.base, name, timeout=60) for name in [*LEARNERS, OUTSIDER, hl.TEACHER]}
        try:
            for name, client in clients.items():
                await client.login(hl.TEACHER_PASSWORD if name == hl.TEACHER else hl.CLASS_PASSWORD)
            tokens = {name: await hub_token(client) for name, client in clients.items()}
            teacher = clients[hl.TEACHER]
            for _ in range(120):  # the hub started the service with itself; at most 60 s until it answers
                response, _ = await teacher.fetch(f"{service}/health", follow=False)
                if response.code == 200:
                    break
                await asyncio.sleep(0.5)
            assert response.code == 200, hub.log_tail()
            body_text = json.dumps({"game": "pokerface", "players": LEARNERS, "seed": 3})
            refused, _ = await teacher.fetch(f"{service}/rooms", "POST", body_text, follow=False)  # a cookie is no hub token
            assert refused.code == 403 and json.loads(refused.body)["key"] == "rooms.refused.not_logged_in"
            made, _ = await teacher.fetch(f"{service}/rooms", "POST", body_text, follow=False,
                                          headers={"Authorization": f"token {tokens[hl.TEACHER]}"})
            assert made.code == 201, made.body
            room = json.loads(made.body)
            ws = service.replace("http://", "ws://") + f"/rooms/{room['room']}/ws"
            seats = [await open_seat(ws, tokens[name]) for name in LEARNERS]
            for seat, connection in enumerate(seats):
                view = await connection.next_view()
                assert view["seat"] == seat and view["view"]["players"][seat] == LEARNERS[seat]
            table = Table(service, room, np.random.default_rng(3), seats=seats)
            await table.play(12)
            assert table.version == 12 and len({c.view["version"] for c in seats if c.view}) == 1
            with pytest.raises(Exception) as outsider:
                await open_seat(ws, tokens[OUTSIDER])
            assert getattr(outsider.value, "code", None) == 403
            with pytest.raises(RoomError) as nobody:
                await connect(service, room["room"], "")
            assert nobody.value.status == 403 and nobody.value.key == "rooms.refused.bad_token"
            watcher = await open_seat(ws, tokens[hl.TEACHER])  # the hub's admin is the teacher
            seen = await watcher.next_view()
            assert seen["seat"] is None and len(seen["view"]["seats"]) == 3 and seen["version"] == 12
            for connection in [*seats, watcher]:
                connection.close()
        finally:
            for client in clients.values():
                client.close()

    try:
        run_async(body, 240)
    finally:
        left = hl.stop_hub(hub)
    assert left == [], left
    assert any("room server on http://127.0.0.1:" in line for line in hub.log_tail(200_000).splitlines())
