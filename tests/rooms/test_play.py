"""Whole games of every game at 3 and at 6 seats, played through the room server by one protocol client per
seat (real websockets, no browser) from the views, by legal indices: every frame each seat receives is kept
and checked against the engine's replay of the same seed and moves: no card that seat may not see yet is in
it, and the game ends with the replay's outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

from pokerkit_teach.core.wire import to_wire
from pokerkit_teach.rooms.client import create_room
from tests.rooms.driver import OPTIONS, Table, as_sent, engine_replay, leaks
from tests.rooms.serving import UNTHROTTLED, RoomServerProcess, run_async

MOST_MOVES = 1500  # a whole game of each game here takes fewer (checked: the game is over)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    with RoomServerProcess(tmp_path_factory.mktemp("rooms"), *UNTHROTTLED) as running:
        yield running
        assert running.errors() == []


@pytest.mark.parametrize("players", [3, pytest.param(6, marks=pytest.mark.slow)])
@pytest.mark.parametrize("game", ["pokerface", "pokerguess", "voces"])
def test_a_whole_game_shows_each_seat_only_its_own_cards(server: RoomServerProcess, game: str, players: int) -> None:
    seed = 11 + players
    options = OPTIONS[game]

    async def body() -> Table:
        room = await create_room(server.base, game, players, seed=seed, options=options)
        table = Table(server.base, room, np.random.default_rng(seed))
        await table.connect_all()
        await table.play(MOST_MOVES)
        table.keep_frames()
        table.close()
        return table

    table = run_async(body, 240)
    assert table.over(), f"{game} at {players} seats not over after {len(table.moves)} moves"
    states = list(state.clone() for state in engine_replay(game, players, options, seed, table.moves))
    final = states[-1]
    assert final.is_terminal()
    last = [next(frame for frame in reversed(frames) if frame["op"] == "view") for frames in table.frames]
    assert all(frame["version"] == len(table.moves) for frame in last)
    assert all(frame["outcome"] == to_wire(final.outcome) for frame in last)
    for seat, frames in enumerate(table.frames):  # each view a seat received is the engine's view of that seat at its version
        views = [frame for frame in frames if frame["op"] == "view"]
        assert views[-1] is last[seat]
        for frame in views:  # the server reuses the JSON of fields it made before: none is out of date
            assert frame["view"] == as_sent(states[frame["version"]].view_for(seat), texts=True), (seat, frame["version"])
    assert leaks(game, players, options, seed, table.moves, table.frames) == []


def test_the_leak_search_finds_a_card_shown_to_the_wrong_seat(server: RoomServerProcess) -> None:
    """The search above can fail: a frame of seat 0 given seat 1's hole cards is caught."""
    game, players, seed = "pokerface", 3, 5

    async def body() -> Table:
        room = await create_room(server.base, game, players, seed=seed)
        table = Table(server.base, room, np.random.default_rng(seed))
        await table.connect_all()
        await table.play(2)
        table.keep_frames()
        table.close()
        return table

    table = run_async(body, 60)
    assert leaks(game, players, {}, seed, table.moves, table.frames) == []
    tampered = [list(frames) for frames in table.frames]
    other = next(frame for frame in tampered[1] if frame["op"] == "view")
    spy = dict(next(frame for frame in tampered[0] if frame["op"] == "view" and frame["version"] == other["version"]))
    spy["extra"] = other["view"]["hole"]
    tampered[0].append(spy)
    found = leaks(game, players, {}, seed, table.moves, tampered)
    assert found and found[0][0] == 0 and set(found[0][2]) == set(other["view"]["hole"])


def test_a_room_file_holds_every_move(server: RoomServerProcess, tmp_path: Path) -> None:
    """The file of a finished room has one line for the room and one per move, each whole JSON."""
    import json

    async def body() -> tuple[Table, dict[str, object]]:
        room = await create_room(server.base, "pokerface", 3, seed=3)
        table = Table(server.base, room, np.random.default_rng(3))
        await table.connect_all()
        await table.play(12)
        table.close()
        return table, room

    table, room = run_async(body, 60)
    lines = (server.data / f"{room['room']}.jsonl").read_text("utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert records[0]["kind"] == "room" and records[0]["seed"] == 3 and records[0]["game"] == "pokerface"
    # a seat's first connection is written too (the seat is no longer free to take by the room's code)
    assert sorted(r["seat"] for r in records if r["kind"] == "taken") == [0, 1, 2]
    records = [records[0]] + [r for r in records[1:] if r["kind"] != "taken"]
    assert [r["seat"] for r in records[1:]] == [seat for seat, _ in table.moves]
    assert all(r["kind"] == "move" and r["version"] == n for n, r in enumerate(records[1:], start=1))
    text = (server.data / f"{room['room']}.jsonl").read_text("utf-8")
    assert all(seat["token"] not in text for seat in room["seats"]) and room["teacher"] not in text
