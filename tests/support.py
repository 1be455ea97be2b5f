"""What the tests share: where the repository and the tests' data are, the rulebook's showdown examples, how
many games the engine fuzzers play, and starting and stopping a server subprocess.

Test modules import from here (``from tests.support import ROOT``), never from one another.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Callable, Sequence

import psutil

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root folder."""

DATA = ROOT / "tests" / "data"
"""The tests' own data (see tests/data/README.md)."""

# Pokerface rulebook, showdown examples: the board, and the hands in token order.
RULEBOOK_BOARD = "Qc 8h 8s 5d 3c"
RULEBOOK_SUCCESS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]
RULEBOOK_FAILURE = [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]

FUZZ_GAMES_DEFAULT = 600
"""How many games (Póker a Voces: rounds) each engine fuzzer plays in a normal run. The fuzzers of the three
games play that many seeded random games each; a long run sets PKT_FUZZ_GAMES, for example::

    PKT_FUZZ_GAMES=10000 bash scripts/test.sh -m slow -k fuzz

The seeds are fixed: a run of N games plays the first N games of any longer run. (The time each count
takes is in docs/testing.md.)"""


def fuzz_games() -> int:
    """PKT_FUZZ_GAMES if set (a whole number of at least 100), else :data:`FUZZ_GAMES_DEFAULT`."""
    text = os.environ.get("PKT_FUZZ_GAMES", "").strip()
    if not text:
        return FUZZ_GAMES_DEFAULT
    if not text.isdigit() or int(text) < 100:
        raise ValueError(f"PKT_FUZZ_GAMES must be a whole number of at least 100, not {text!r}")
    return int(text)


def load_script(relative: str) -> ModuleType:
    """A script of the repository that is no package module (``scripts/class_pool.py``,
    ``benchmarks/hub_load.py``), loaded as a module of its file's name; registered in ``sys.modules``, where
    its dataclasses look their module up."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, f"no script {relative}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _ports_for_this_worker() -> range:
    """The ports this test process may give its servers: below the system's ephemeral range (the ports it
    hands out for port 0 and to every outgoing connection, kernels' ports included), so no other process
    can take one by chance; a slice of them for each pytest-xdist worker and one for a run without xdist,
    so that no two test processes of one run (or a single-process run beside it) pick the same. An
    empty range when the ephemeral range leaves no room (then :func:`free_port` takes the system's choice)."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768  # Linux's default
    last = max(int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0), 2)  # the slice of a run without xdist
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    index = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else last
    first = 10000
    size = (low - first) // (last + 1)
    if size < 100 or index > last:
        return range(0)
    return range(first + index * size, first + (index + 1) * size)


def free_ports(count: int = 1) -> list[int]:
    """``count`` different TCP ports free on 127.0.0.1 now, for servers a test starts, from
    :func:`_ports_for_this_worker`: no other process is given them by the system meanwhile (a port the
    system chose for port 0 could be handed to a starting kernel before the server binds it)."""
    ports = _ports_for_this_worker()
    held: list[socket.socket] = []
    try:
        for port in random.sample(ports, min(len(ports), 400)):  # bounded: 400 looks at most
            if len(held) == count:
                break
            sock = socket.socket()
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:  # a server of this worker holds it
                sock.close()
                continue
            held.append(sock)
        while len(held) < count:  # no room below the ephemeral range: the system's choice
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            held.append(sock)
        return [int(sock.getsockname()[1]) for sock in held]
    finally:
        for sock in held:
            sock.close()


def free_port() -> int:
    """One of :func:`free_ports`."""
    return free_ports(1)[0]


def hub_ports() -> dict[str, str]:
    """The ports of a JupyterHub a test starts with deploy/jupyterhub/jupyterhub_config.py (the hub, its API,
    the proxy's API, the rooms service), four different ones from :func:`free_ports`, as its settings."""
    names = ("PKT_HUB_PORT", "PKT_HUB_API_PORT", "PKT_HUB_PROXY_API_PORT", "PKT_HUB_ROOMS_PORT")
    return {name: str(port) for name, port in zip(names, free_ports(len(names)))}


def listening_port(process: subprocess.Popen[Any], timeout: float, what: str = "the server") -> int:
    """The TCP port ``process`` itself (not its children: a kernel listens on ports of its own) listens on,
    once it does (the one the system gave it for port 0, or the one it was given). A look every 0.1 s, for at most ``timeout`` s; raises naming
    ``what`` if the process ended or did not listen."""
    watched = psutil.Process(process.pid)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{what} ended (status {process.returncode}) before it listened")
        ports = sorted({conn.laddr.port for conn in watched.net_connections(kind="tcp")
                        if conn.status == psutil.CONN_LISTEN and conn.laddr})
        if ports:
            assert len(ports) == 1, f"{what} listens on several ports: {ports}"
            return int(ports[0])
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not listen within {timeout:.0f} s")
        time.sleep(0.1)  # a look at the process's sockets every 0.1 s (bounded by the deadline above)


def stop_group(server: subprocess.Popen[bytes], grace: float = 20) -> None:
    """Stop a server started in its own process group: SIGTERM, then SIGKILL after ``grace`` seconds."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


class ServerOutput:
    """The lines a server process writes, read by a thread as they come, so that a test can wait for a line
    (a named condition with a bound) instead of sleeping or asking again and again."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.lines: list[str] = []
        self.ended = False
        self._changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        for raw in stream:
            with self._changed:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    def wait_for(self, what: str, found: Callable[[str], bool], timeout: float, times: int = 1) -> str:
        """The ``times``-th line (the first unless told) for which ``found`` is true, waiting at most ``timeout``
        seconds for it; an AssertionError naming ``what`` (and the last lines) when it does not come or the
        output ends."""
        deadline = time.monotonic() + timeout
        with self._changed:
            seen = matches = 0
            while True:
                for line in self.lines[seen:]:
                    matches += bool(found(line))
                    if matches == times:
                        return line
                seen = len(self.lines)
                left = deadline - time.monotonic()
                if self.ended or left <= 0:
                    tail = "\n".join(self.lines[-30:])
                    raise AssertionError(f"{what}: not within {timeout:g} s"
                                         f"{' (the server ended)' if self.ended else ''}; its last lines:\n{tail}")
                self._changed.wait(left)

    def text(self) -> str:
        with self._changed:
            return "\n".join(self.lines)


class KitServer:
    """The kit's Voila server (``python -m pokerkit_teach.widgets.voila_app notebooks/``, as scripts/serve.sh
    starts it, reading voila.json) on a free port of 127.0.0.1 (read from the process), with ``extra`` options; a context manager
    that waits until the server listens (at most ``start_timeout`` s) and stops it with its kernels."""

    def __init__(self, extra: Sequence[str] = (), start_timeout: float = 90, port: int | None = None) -> None:
        self.asked = port  # the port the server is given (a free one unless told)
        self.port = 0  # the port it listens on, once it does
        self.base = ""
        self.extra = list(extra)
        self.start_timeout = start_timeout

    def __enter__(self) -> KitServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokerkit_teach.widgets.voila_app", "notebooks/", "--no-browser", "--Voila.ip=127.0.0.1",
             f"--port={self.asked or free_port()}", "--Voila.port_retries=0", *self.extra],  # the port its preheated kernels are told
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            env=os.environ | {"PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.output = ServerOutput(self.process.stdout)
        try:
            self.port = listening_port(self.process, self.start_timeout, "the kit's Voila server")
            self.base = f"http://127.0.0.1:{self.port}"
        except BaseException:
            stop_group(self.process)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        stop_group(self.process)
