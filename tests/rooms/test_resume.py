"""``kill -9`` of the room server in the middle of a deal: started again on the same folder, every room is where
it was, every seat reconnects with its own link, and the game ends with the outcome of the engine's
uninterrupted replay of the same seed and moves. A move sent just before the kill is either in the file and
in the resumed game, or in neither; a last line cut short in a file is dropped."""

from __future__ import annotations

import json
from pathlib import Path
import numpy as np
import pytest

from pokerkit_teach.core.wire import to_wire
from pokerkit_teach.rooms.client import connect, create_room
from pokerkit_teach.rooms.room import Room
from tests.rooms.driver import OPTIONS, Table, as_sent, engine_replay
from tests.rooms.serving import UNTHROTTLED, RoomServerProcess, run_async

MOST_MOVES = 1500


@pytest.mark.parametrize(("game", "players", "before"), [("pokerface", 4, 9), pytest.param("voces", 3, 6, marks=pytest.mark.slow)])
def test_a_killed_server_resumes_every_room_where_it_was(tmp_path: Path, game: str, players: int, before: int) -> None:
    seed = 30 + players
    options = OPTIONS[game]
    server = RoomServerProcess(tmp_path, *UNTHROTTLED).start()
    pending: list[tuple[int, int]] = []  # the move sent just before the kill
    try:
        async def first_part() -> tuple[Table, Table, int]:
            room = await create_room(server.base, game, players, seed=seed, options=options)
            table = Table(server.base, room, np.random.default_rng(seed))
            await table.connect_all()
            await table.play(before)
            other = Table(server.base, await create_room(server.base, "pokerguess", 3, seed=2, options=OPTIONS["pokerguess"]),
                          np.random.default_rng(2))
            await other.connect_all()
            await other.play(5)
            chosen = table.choose()
            assert chosen is not None
            seat, index = chosen
            version = table.version
            await table.seats[seat].act(version, index)  # and the server is killed at once, answered or not
            pending.append((seat, index))
            return table, other, version

        table, other, version = run_async(first_part, 120)
        server.kill()
        assert game in (server.data / f"{table.room['room']}.jsonl").read_text("utf-8").splitlines()[0]
        server = RoomServerProcess(tmp_path, *UNTHROTTLED).start()

        async def second_part() -> tuple[Table, Table]:
            for running in (table, other):
                running.keep_frames()
                running.base = server.base
                running.seats = [await connect(server.base, running.room["room"], seat["token"]) for seat in running.room["seats"]]
                for connection in running.seats:
                    await connection.next_view()
            resumed = table.version
            assert resumed in (version, version + 1), (resumed, version)
            if resumed == version + 1:  # the move was on disk before the kill: the seats hear of it now
                table.moves.append(pending[0])
            assert other.version == len(other.moves)
            await table.play(MOST_MOVES)
            await other.play(MOST_MOVES)
            table.keep_frames()
            table.close()
            other.close()
            return table, other

        table, other = run_async(second_part, 240)
        assert server.errors() == []
    finally:
        server.stop()
    for running, name, count, played_seed, played_options in ((table, game, players, seed, options),
                                                              (other, "pokerguess", 3, 2, OPTIONS["pokerguess"])):
        final = list(engine_replay(name, count, played_options, played_seed, running.moves))[-1]
        assert final.is_terminal() and running.over()
        for seat, connection in enumerate(running.seats):
            assert connection.view is not None
            assert connection.view["outcome"] == to_wire(final.outcome)
            assert connection.view["view"] == as_sent(final.view_for(seat), texts=True)


def test_a_line_cut_short_by_a_crash_is_dropped(tmp_path: Path) -> None:
    room, _, tokens = Room.create(tmp_path, "ABCDEF", "pokerface", 3, seed=5)
    for _ in range(4):
        seat = room.state.seats_to_act()[0]
        room.act(seat, room.version, index=0)
    kept = room.state.snapshot()
    room.close()
    path = tmp_path / "ABCDEF.jsonl"
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"kind":"move","version":5,"seat":1,"mo')  # the crash came in the middle of a write
    again = Room.load(path)
    assert again.version == 4 and again.state.snapshot() == kept
    assert path.read_bytes() == whole  # the torn line is gone, the file whole again
    assert again.seat_of(tokens[2]) == 2
    seat = again.state.seats_to_act()[0]
    again.act(seat, 4, index=0)
    again.close()
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert [line["kind"] for line in lines] == ["room"] + ["move"] * 5 and lines[-1]["version"] == 5


