"""The room server under a class's and a school's load (a benchmark, not a timed test).

Starts the room server (``python -m pokerkit_teach.rooms.server``) on a free port of 127.0.0.1 with its rooms
in a temporary folder, then drives it with protocol clients (``pokerkit_teach/rooms/client.py``, real
websockets, in this one process):

1. **Idle rooms**: creates ``--idle`` Pokerface rooms of 4 seats nobody joins and reads the server's memory
   (RSS) before and after: the memory one idle room holds.
2. **A class** (10 rooms x 4 seats) and **a school** (100 rooms x 4 seats): every seat of every room
   connected; each room plays on its own (as a table of learners does, one move at a time, all rooms at
   once): a seat that may act sends a legal move by index, and the move counts as done when every seat of
   the room has received its new view. ``--moves`` moves in all (20,000 by default; a room whose game is
   over is replaced by a new one). Prints the time from a move sent to the last of its room's four new
   views (p50, p95, p99, max), the server's CPU time per move, and the load average of the machine.

The clients share the machine with the server (on 2 cores, the clients' own work is part of what the
latency measures). So that they take less of it, they do not check the server's messages against the
protocol's schema (``connect(..., check=False)``; the tests and the apps do), and they do not keep every
message received (a connection's ``frames``, emptied after each move: kept, they made each full garbage
collection of the clients' process longer, up to seconds in which no view was read). Both are the
clients' own work; what is measured stays the time from a move sent to the last seat's new view received. Moves per second a connection may send are raised for the run (``--acts-per-second``:
a person sends a move every second or two; the clients here send one as soon as they may).

    .venv/bin/python benchmarks/rooms_load.py                      # idle rooms, class and school
    .venv/bin/python benchmarks/rooms_load.py --only class --moves 2000
    .venv/bin/python benchmarks/rooms_load.py --only school --school-think 0   # the school without pauses

``--think S`` paces each table of the class to a move every S seconds, ``--school-think S`` each table of the
school. With 0 (the class's default) every table moves as soon as its last move has reached every seat:
the server is saturated, and the latency is mostly the queue of the other tables' moves. The school's
default is a move a second a table (about 100 moves a second in all), several times the pace of tables
of learners, who think for seconds a move: 100 tables without pauses always keep about 100 moves waiting,
so a move waits 100 / (moves a second) on average whatever the server does (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pokerkit_teach.rooms.client import Connection, connect, create_room  # noqa: E402

SEATS = 4


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    base: str

    @property
    def ps(self) -> psutil.Process:
        return psutil.Process(self.process.pid)

    def rss(self) -> int:
        return int(self.ps.memory_info().rss)

    def cpu(self) -> float:
        times = self.ps.cpu_times()
        return float(times.user + times.system)


def start_server(data: Path, acts_per_second: float) -> Server:
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerkit_teach.rooms.server", "--port", "0", "--data", str(data), "--max-rooms", "5000",
         "--acts-per-second", str(acts_per_second), "--messages-per-second", str(acts_per_second * 4)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=os.environ | {"PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    for raw in process.stdout:  # the server's first line says where it listens (bounded by the deadline below)
        line = raw.decode("utf-8", "replace")
        found = re.search(r"room server on (http://127\.0\.0\.1:\d+)", line)
        if found:
            return Server(process, found.group(1))
        if time.monotonic() > deadline:
            break
    process.kill()
    raise RuntimeError("the room server did not start")


@dataclass
class Room:
    seats: list[Connection]
    rng: np.random.Generator
    latencies: list[float] = field(default_factory=list)


async def new_room(server: Server, seed: int) -> Room:
    created = await create_room(server.base, "pokerface", SEATS, seed=seed)
    seats = [await connect(server.base, created["room"], seat["token"], check=False) for seat in created["seats"]]
    for seat in seats:
        await seat.next_view()
    return Room(seats, np.random.default_rng(seed))


async def play(server: Server, room: Room, budget: list[int], seed: int, think: float) -> Room:
    """Moves until the shared budget is spent; a finished game is replaced by a new room. ``think``: the
    seconds a table takes to choose its next move (0: at once, which measures a saturated server)."""
    if think:
        await asyncio.sleep(float(room.rng.uniform(0, think)))  # the tables do not start in step
    while budget[0] > 0:
        views = [seat.view for seat in room.seats]
        able = [i for i, view in enumerate(views) if view and view["legal_count"] and not view["over"]]
        if not able:
            for seat in room.seats:
                seat.close()
            seed += 1000
            room = Room((await new_room(server, seed)).seats, room.rng, room.latencies)
            continue
        budget[0] -= 1
        seat = able[int(room.rng.integers(len(able)))]
        view = views[seat]
        assert view is not None
        count = view["legal_count"]
        index = room.rng.integers(min(count, 3)) if room.rng.random() < 0.7 else room.rng.integers(count)
        version = view["version"]
        start = time.perf_counter()
        await room.seats[seat].act(version, int(index))
        await asyncio.gather(*(other.view_at_least(version + 1, timeout=60) for other in room.seats))
        room.latencies.append(time.perf_counter() - start)
        for connection in room.seats:
            connection.frames.clear()  # not kept: the garbage collector would look through every message ever received
        if think:
            await asyncio.sleep(think)  # the pace of a table of learners, not a wait for the server
    for seat in room.seats:
        seat.close()
    return room


async def load(server: Server, rooms: int, moves: int, seed: int, think: float = 0) -> dict[str, Any]:
    tables = [await new_room(server, seed + n) for n in range(rooms)]
    budget = [moves]
    gc.collect()
    gc.freeze()  # the clients' modules and rooms so far are not looked through by each full collection during the run
    cpu, wall, load_before = server.cpu(), time.perf_counter(), os.getloadavg()[0]
    done = await asyncio.gather(*(play(server, table, budget, seed + n, think) for n, table in enumerate(tables)))
    wall, cpu = time.perf_counter() - wall, server.cpu() - cpu
    latencies = np.array([value for table in done for value in table.latencies]) * 1000
    return {"rooms": rooms, "seats": rooms * SEATS, "moves": len(latencies), "seconds": wall,
            "p50": float(np.percentile(latencies, 50)), "p95": float(np.percentile(latencies, 95)),
            "p99": float(np.percentile(latencies, 99)), "max": float(latencies.max()),
            "cpu_ms_per_move": cpu / len(latencies) * 1000, "moves_per_second": len(latencies) / wall,
            "load_before": load_before, "load_after": os.getloadavg()[0]}


async def idle(server: Server, count: int) -> float:
    before = server.rss()
    for n in range(count):
        await create_room(server.base, "pokerface", SEATS, seed=n)
    return (server.rss() - before) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--only", choices=["idle", "class", "school"], action="append")
    parser.add_argument("--acts-per-second", type=float, default=1000.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each table of the class waits between its moves (0: a move as soon as the last is seen everywhere)")
    parser.add_argument("--school-think", type=float, default=1.0,
                        help="the same for each table of the school (0: without pauses, the server saturated)")
    args = parser.parse_args()
    chosen = args.only or ["idle", "class", "school"]
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="pkt-rooms-load-") as data:
        server = start_server(Path(data), args.acts_per_second)
        try:
            if "idle" in chosen:
                per_room = asyncio.run(idle(server, args.idle))
                print(f"idle rooms: {args.idle}, memory per idle room {per_room / 1024:.0f} KiB (server RSS {server.rss() / 2**20:.0f} MiB)")
            for name, rooms, think in (("class", 10, args.think), ("school", 100, args.school_think)):
                if name not in chosen:
                    continue
                result = asyncio.run(load(server, rooms, args.moves, args.seed, think))
                print(f"{name} (think {think:g} s): {result['rooms']} rooms x {SEATS} seats, {result['moves']} moves in {result['seconds']:.0f} s "
                      f"({result['moves_per_second']:.0f} a second); move to every seat's view: p50 {result['p50']:.1f} ms, "
                      f"p95 {result['p95']:.1f} ms, p99 {result['p99']:.1f} ms, max {result['max']:.0f} ms; "
                      f"server CPU {result['cpu_ms_per_move']:.2f} ms a move; load average {result['load_before']:.2f} -> "
                      f"{result['load_after']:.2f}")
        finally:
            server.process.terminate()
            server.process.wait(timeout=30)


if __name__ == "__main__":
    main()
