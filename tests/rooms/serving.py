"""The room server as the room tests run it: a process of its own (``python -m pokerkit_teach.rooms.server``)
on port 0 of 127.0.0.1, its rooms in a test's folder, stopped by the test (SIGTERM, or SIGKILL for a crash);
and an async body run with a bound on its time."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

from tests.support import ROOT, ServerOutput, stop_group

__all__ = ["RoomServerProcess", "run_async", "UNTHROTTLED"]

# For a driver that moves as soon as every seat has its view: the bound on moves a second is a bound on
# people and is tested on its own (test_protocol.py), so a whole game played by a program must not depend on
# how fast this machine happens to be
UNTHROTTLED = ("--acts-per-second", "100000")


class RoomServerProcess:
    """A room server on its data folder; a context manager (started on enter, stopped on exit)."""

    def __init__(self, data: Path, *extra: str, start_timeout: float = 30) -> None:
        self.data = data
        self.extra = list(extra)
        self.start_timeout = start_timeout
        self.base = ""

    def start(self) -> "RoomServerProcess":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokerkit_teach.rooms.server", "--port", "0", "--data", str(self.data), *self.extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            env=os.environ | {"PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.output = ServerOutput(self.process.stdout)
        try:
            line = self.output.wait_for("the room server listens", lambda text: "room server on http://" in text, self.start_timeout)
        except BaseException:
            stop_group(self.process)
            raise
        found = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        assert found, line
        self.base = f"http://127.0.0.1:{found.group(1)}"
        return self

    def kill(self) -> None:
        """``kill -9``: the process ends at once, with no chance to write or close anything."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        stop_group(self.process)

    def __enter__(self) -> "RoomServerProcess":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def errors(self) -> list[str]:
        """Lines of the server's log that tell of an exception."""
        return [line for line in self.output.lines if "Traceback" in line or "ERROR" in line or "Exception" in line]


def run_async(body: Callable[[], Awaitable[Any]], seconds: float) -> Any:
    """``body()`` on a new event loop in a thread of its own (the worker's thread may hold a running loop:
    Playwright's, when the browser tests share the worker), at most ``seconds`` long."""
    async def bounded() -> Any:
        return await asyncio.wait_for(body(), seconds)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, bounded()).result()
