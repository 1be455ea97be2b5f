"""The room protocol's rules, each with real websocket clients: an act against an old version, a bad or guessed
token, a second tab for a seat, a move from another seat's text, the teacher's view and bots, the scenario
download replayed by the command line, the end of a room, and the bound on moves a second."""

from __future__ import annotations

import io
import json
import secrets
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pytest

from pokerkit_teach.cli import main as cli_main
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import load_scenario_data
from pokerkit_teach.core.wire import to_wire
from pokerkit_teach.rooms.client import RoomError, connect, create_room, refusal_text
from pokerkit_teach.rooms.protocol import whole_view
from tests.rooms.driver import Table, engine_replay
from tests.rooms.serving import RoomServerProcess, run_async


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    with RoomServerProcess(tmp_path_factory.mktemp("rooms")) as running:
        yield running
        assert running.errors() == []


async def table_of(server: RoomServerProcess, game: str = "pokerface", players: int = 3, seed: int = 4, **kwargs: Any) -> Table:
    room = await create_room(server.base, game, players, seed=seed, **kwargs)
    table = Table(server.base, room, np.random.default_rng(seed))
    await table.connect_all()
    return table


def test_an_act_against_an_old_version_is_refused_and_changes_nothing(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server)
        await table.play(3)
        seat, index = table.choose() or (0, 0)
        mover = table.seats[seat]
        await mover.act(table.version - 1, index)
        refused = await mover.next("refused")
        assert refused["key"] == "rooms.refused.old_version" and refused["args"] == {"version": 2, "current": 3}
        assert "look at it again" in refusal_text(refused, "en") and "noch einmal" in refusal_text(refused, "de")
        await mover.send({"op": "ping"})
        await mover.next("pong")  # everything before it was carried out
        assert table.version == 3 and all(c.view is not None and c.view["version"] == 3 for c in table.seats)
        await table.step()  # the same move at the right version is taken
        assert table.version == 4
        table.close()

    run_async(body, 60)


def test_a_bad_or_guessed_token_opens_no_seat(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server)
        other = await create_room(server.base, "pokerface", 3, seed=1)
        code = table.room["room"]
        real = table.room["seats"][0]["token"]
        near = real[:-1] + ("B" if real.endswith("A") else "A")  # one character off (never the token itself)
        for token in ["", "x", secrets.token_urlsafe(24), near,
                      other["seats"][0]["token"], other["teacher"], "'; DROP TABLE rooms; --", "é" * 90]:
            with pytest.raises(RoomError) as refused:
                await connect(server.base, code, token)
            assert (refused.value.status, refused.value.key) == (403, "rooms.refused.bad_token"), token
        with pytest.raises(RoomError) as missing:
            await connect(server.base, "ABCDEF" if code != "ABCDEF" else "ABCDEG", table.room["seats"][0]["token"])
        assert (missing.value.status, missing.value.key) == (404, "rooms.refused.no_room")
        table.close()

    run_async(body, 60)


def test_a_second_tab_takes_the_seat_and_the_first_is_told_why(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server)
        first = table.seats[0]
        second = await connect(server.base, table.room["room"], table.room["seats"][0]["token"], lang="de")
        again = await second.next_view()
        assert first.view is not None and again["view"] == first.view["view"] and again["version"] == first.view["version"]
        closed = await first.next("closed")
        assert closed["key"] == "rooms.closed.replaced"
        assert await first.receive() is None and first.socket.close_code == 4001
        assert again["log"] and all("text" in entry for entry in again["log"])
        assert again["log"][0]["text"] != first.log[0]["text"]  # the second tab asked for German
        table.seats[0] = second
        await table.play(4)  # the game goes on with the new tab
        assert table.version == 4
        table.close()

    run_async(body, 60)


def test_a_seat_cannot_make_another_seats_move(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server)
        actor = next(seat for seat, c in enumerate(table.seats) if c.view and c.view["legal_count"])
        assert table.seats[actor].view is not None
        text = table.seats[actor].view["legal"][0]["text"]  # type: ignore[index]
        thief = table.seats[(actor + 1) % 3]
        await thief.act(table.version, move=text)
        refused = await thief.next("refused")
        assert refused["key"] == "rooms.refused.not_your_move"
        await thief.act(table.version, index=0)  # an index is always into the sender's own moves: none now
        assert (await thief.next("refused"))["key"] == "rooms.refused.no_such_move"
        await table.seats[actor].act(table.version, move=text)  # its owner may write it out
        await table.all_at(1)
        table.close()

    run_async(body, 60)


def test_the_teacher_sees_every_card_puts_a_bot_in_and_takes_it_out(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server, players=3, seed=9)
        teacher = await connect(server.base, table.room["room"], table.room["teacher"])
        seen = await teacher.next_view()
        state = next(iter(engine_replay("pokerface", 3, {}, 9, [])))
        assert [view["hole"] for view in seen["view"]["seats"]] == [to_wire(hand) for hand in state.hole]
        assert seen["seat"] is None and seen["legal"] == [] and seen["teacher"]["bots"] == list(get_game("pokerface").bot_names)
        await teacher.act(0, 0)
        assert (await teacher.next("refused"))["key"] == "rooms.refused.teacher_has_no_seat"
        await table.seats[0].send({"op": "bot", "seat": 1, "bot": "estimator"})
        assert (await table.seats[0].next("refused"))["key"] == "rooms.refused.teacher_only"
        await teacher.send({"op": "bot", "seat": 1, "bot": "chess"})
        assert (await teacher.next("refused"))["key"] == "rooms.refused.no_bot"
        for seat in (1, 2):
            await teacher.send({"op": "bot", "seat": seat, "bot": "estimator"})
        presence = await table.seats[0].next("presence")
        while presence["seats"][2]["bot"] is None:
            presence = await table.seats[0].next("presence")
        assert [s["bot"] for s in presence["seats"]] == [None, "estimator", "estimator"]
        # seat 0 plays alone; the bots answer each of its moves at once
        for _ in range(6):
            view = await table.seats[0].view_at_least(table.seats[0].view["version"])  # type: ignore[index]
            if view["over"] or not view["legal_count"]:
                break
            before = view["version"]
            await table.seats[0].act(before, 0)
            view = await table.seats[0].next_view()
            assert view["version"] > before
        await table.seats[1].act(table.seats[1].view["version"], 0)  # type: ignore[index]
        refused = await table.seats[1].next("refused")
        assert refused["key"] in ("rooms.refused.bot_seat", "rooms.refused.old_version", "rooms.refused.no_such_move")
        await teacher.send({"op": "bot", "seat": 1, "bot": None})
        await teacher.send({"op": "bot", "seat": 2, "bot": None})
        presence = await table.seats[0].next("presence")
        while presence["seats"][2]["bot"] is not None:
            presence = await table.seats[0].next("presence")
        assert [s["bot"] for s in presence["seats"]] == [None, None, None]
        teacher.close()
        table.close()

    run_async(body, 90)


def test_the_scenario_of_a_room_replays_on_the_command_line(server: RoomServerProcess, tmp_path: Path) -> None:
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError

    async def body() -> tuple[Table, bytes]:
        table = await table_of(server, game="voces", players=3, seed=21, options={"rounds": 1})
        await table.play(15)
        code, teacher = table.room["room"], table.room["teacher"]
        with pytest.raises(HTTPClientError) as refused:
            await AsyncHTTPClient().fetch(f"{server.base}/rooms/{code}/scenario?token={table.room['seats'][0]['token']}")
        assert refused.value.code == 403
        response = await AsyncHTTPClient().fetch(f"{server.base}/rooms/{code}/scenario?token={teacher}")
        table.close()
        return table, response.body

    table, body_bytes = run_async(body, 60)
    data = json.loads(body_bytes)
    assert data["game"] == "voces" and data["seed"] == 21
    final = list(engine_replay("voces", 3, {"rounds": 1}, 21, table.moves))[-1]
    assert load_scenario_data(data).replay().final.history == final.history
    path = tmp_path / "room.json"
    path.write_bytes(body_bytes)
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["replay", str(path), "--json"], out=out, err=err) == 0, err.getvalue()
    replayed = json.loads(out.getvalue())
    assert replayed["game"] == "voces" and len(replayed["steps"]) == len(final.history)
    texts = [step["move"] for step in replayed["steps"] if step["move"] is not None]
    assert len(texts) == len(table.moves) == 15  # every move of the room, as the room's seats saw them listed


def test_the_teacher_ends_the_room(server: RoomServerProcess) -> None:
    async def body() -> None:
        table = await table_of(server)
        teacher = await connect(server.base, table.room["room"], table.room["teacher"])
        await teacher.next_view()
        await teacher.send({"op": "end"})
        for connection in table.seats:
            closed = await connection.next("closed")
            assert closed["key"] == "rooms.closed.ended" and connection.view is not None and connection.view["ended"]
        with pytest.raises(RoomError) as gone:
            await connect(server.base, table.room["room"], table.room["seats"][0]["token"])
        assert gone.value.status == 404
        lines = (server.data / f"{table.room['room']}.jsonl").read_text("utf-8").splitlines()
        assert json.loads(lines[-1])["kind"] == "end"  # its file stays for the teacher
        from tornado.httpclient import AsyncHTTPClient

        saved = await AsyncHTTPClient().fetch(f"{server.base}/rooms/{table.room['room']}/scenario?token={table.room['teacher']}")
        assert json.loads(saved.body)["game"] == "pokerface"  # and the teacher can still save its game

    run_async(body, 60)


def test_a_flood_of_moves_is_slowed_and_the_connection_stays(tmp_path: Path) -> None:
    """A connection's acts beyond its burst are refused as too fast; the connection stays. A server of its own
    whose bucket refills hardly at all (0.01 acts a second, the burst of 20 kept): the refusals then do not
    depend on how quickly the loaded machine carries the 40 acts."""
    async def body(server: RoomServerProcess) -> None:
        table = await table_of(server)
        flooder = table.seats[0]
        for _ in range(40):
            await flooder.act(999, 0)  # old versions: each one refused, the first 20 by the engine's turn
        keys = [(await flooder.next("refused"))["key"] for _ in range(40)]
        assert keys == ["rooms.refused.old_version"] * 20 + ["rooms.refused.too_fast"] * 20, keys
        await flooder.send({"op": "ping"})
        await flooder.next("pong")
        table.close()

    with RoomServerProcess(tmp_path, "--acts-per-second", "0.01") as own:
        run_async(lambda: body(own), 60)
        assert own.errors() == []


def test_only_a_client_that_asks_for_kept_fields_gets_views_without_them(server: RoomServerProcess) -> None:
    """A seat's websocket with ``kept=1`` (the kit's clients: ``ws_url``) gets, after its first view, views
    that leave out the fields it already has; without it, every view is whole, as for a client written
    before ``kept`` existed."""
    from tornado.websocket import websocket_connect

    async def body() -> None:
        room = await create_room(server.base, "pokerface", 3, seed=4)
        others = [await connect(server.base, room["room"], room["seats"][seat]["token"]) for seat in (1, 2)]
        base = server.base.replace("http://", "ws://") + f"/rooms/{room['room']}/ws?token={room['seats'][0]['token']}"
        seen: dict[str, list[dict[str, Any]]] = {}
        for name, address in (("plain", base), ("kept", base + "&kept=1")):
            socket = await websocket_connect(address)
            first = json.loads(await socket.read_message())  # a new connection's first message is its view
            version = first["version"]
            if first["legal_count"]:  # seat 0 moves, or another seat that may
                await socket.write_message(json.dumps({"op": "act", "version": version, "index": 0}))
            else:
                views = [await other.view_at_least(version) for other in others]
                await next(other for other, view in zip(others, views) if view["legal_count"]).act(version, 0)
            while True:
                frame = json.loads(await socket.read_message())
                if frame["op"] == "view" and frame["version"] > version:
                    break
            seen[name] = [first, frame]
            socket.close()
        (plain_first, plain_next), (kept_first, kept_next) = seen["plain"], seen["kept"]
        assert "kept" not in plain_first and "kept" not in plain_next and "kept" not in kept_first
        assert set(plain_next["view"]) == set(plain_first["view"]) == set(kept_first["view"])
        assert kept_next["kept"] and set(kept_next["kept"]).isdisjoint(kept_next["view"])
        assert whole_view(kept_next, kept_first["view"]) is None  # filled in: the whole view a new connection gets now
        socket = await websocket_connect(base)
        now = json.loads(await socket.read_message())
        socket.close()
        assert now["version"] == kept_next["version"] and now["view"] == kept_next["view"]
        for other in others:
            other.close()

    run_async(body, 60)
