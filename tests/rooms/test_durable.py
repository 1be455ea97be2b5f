"""A room's change is synced to the disk before any client of that room hears of it, and a sync that takes
long holds up only its own room: the server in this process, room A's sync held in its worker thread until
room B has made a move and every seat of B has seen it; then A's seats see A's move, and none of A's view
messages of the new version left the server before A's sync returned."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
import tornado.httpserver
import tornado.netutil

from pokerkit_teach.rooms.client import Connection, connect, create_room
from pokerkit_teach.rooms.room import Room
from pokerkit_teach.rooms.server import RoomSocket, Settings, make_app
from tests.rooms.serving import run_async


def test_a_slow_sync_holds_up_only_its_own_room_and_nobody_hears_before_it(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[tuple[Any, ...]] = []  # what happened, in order: ("synced", code) and ("sent", code, version)
    entered, gate = threading.Event(), threading.Event()
    held: list[str] = []  # the code of the room whose sync is held
    sync, send_text = Room.sync, RoomSocket.send_text

    def slow_sync(room: Room) -> None:  # in the server's worker thread
        if held and room.code == held[0] and room.unsynced:
            entered.set()
            assert gate.wait(60), "the test never let the held sync go on"
        sync(room)
        order.append(("synced", room.code))

    def recorded(socket: RoomSocket, text: str) -> None:
        order.append(("sent", socket.live.room.code, socket.live.room.version))
        send_text(socket, text)

    async def seated(base: str, seed: int) -> tuple[str, list[Connection]]:
        created = await create_room(base, "pokerface", 4, seed=seed)
        seats = [await connect(base, created["room"], seat["token"]) for seat in created["seats"]]
        for seat in seats:
            await seat.next_view()
        return created["room"], seats

    async def move(seats: list[Connection]) -> int:
        version = seats[0].view["version"] if seats[0].view else -1
        mover = next(seat for seat in seats if seat.view and seat.view["legal_count"] and not seat.view["over"])
        await mover.act(version, 0)
        return version

    async def body() -> None:
        app, server = make_app(Settings(tmp_path))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        http = tornado.httpserver.HTTPServer(app)
        http.add_sockets(sockets)
        base = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        loop = asyncio.get_running_loop()
        a_seats: list[Connection] = []
        b_seats: list[Connection] = []
        try:
            a_code, a_seats = await seated(base, 3)
            b_code, b_seats = await seated(base, 4)
            monkeypatch.setattr(Room, "sync", slow_sync)
            monkeypatch.setattr(RoomSocket, "send_text", recorded)
            held.append(a_code)
            a_version = await move(a_seats)
            assert await loop.run_in_executor(None, entered.wait, 30), "room A's move was never synced"
            b_version = await move(b_seats)
            for seat in b_seats:  # room B goes on while A's sync is held
                await seat.view_at_least(b_version + 1, timeout=30)
            assert not gate.is_set()
            gate.set()
            for seat in a_seats:
                await seat.view_at_least(a_version + 1, timeout=30)
            a_synced = order.index(("synced", a_code))
            b_sent = [n for n, item in enumerate(order) if item == ("sent", b_code, b_version + 1)]
            a_sent = [n for n, item in enumerate(order) if item == ("sent", a_code, a_version + 1)]
            assert len(b_sent) == 4 and max(b_sent) < a_synced, order
            assert len(a_sent) == 4 and min(a_sent) > a_synced, order
            lines = (tmp_path / f"{a_code}.jsonl").read_text("ascii").splitlines()
            assert f'"version":{a_version + 1}' in lines[-1]
        finally:
            gate.set()
            for seat in a_seats + b_seats:
                seat.close()
            http.stop()
            server.syncing.shutdown(wait=True)

    run_async(body, 120)
