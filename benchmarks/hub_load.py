"""A class on a JupyterHub: N learners log in, each gets a server, opens the apps and plays a deal (a script).

Starts JupyterHub on 127.0.0.1 with the kit's own config, deploy/jupyterhub/jupyterhub_config.py (the
simple local process spawner, the class password, the idle culler), on free ports, with its state in a
temporary folder; then N learners, each a protocol client as in benchmarks/classroom_load.py (no
browser), do what a learner's browser does:
  1. log in with the class password (GET /hub/login for the form's xsrf token, POST /hub/login),
  2. ask for their server (GET /hub/spawn/<name>) and wait until the hub says it is ready
     (/hub/spawn-pending/<name> redirects); timed, with the CPU seconds the server used to start,
  3. open their server (/user/<name>/: the hub's OAuth handshake, then the default URL, the index app
     voila/render/notebooks/index.ipynb); the page must hold the app (kernel id and widget view),
  4. open the Pokerface table (voila/render/notebooks/table.ipynb?seed=N) and play a deal through the
     widget protocol: the kernel websocket, the widget manager's request_states, then clicks on the
     table's buttons (pass, or take a token) until the deal's showdown is shown (at most --max-clicks).
With every learner done, it reads each learner's memory (the server and its kernels: RSS, and PSS, the
fair share of pages shared between processes) and the CPU seconds each phase cost, and prints the sizing
figures: per learner, and learners per core and per GiB. Then the teacher (the hub's admin) lists the
servers, the hub is stopped (it stops the servers and the proxy), and anything left is killed.

Bounded: every request has a timeout, every wait a deadline, the whole run --budget seconds.
tests/serving/test_jupyterhub.py uses the same functions (start_hub, HubClient, stop_hub) with 3 learners.

    bash scripts/hub_deps.sh     # JupyterHub, the idle culler and configurable-http-proxy, into .venv
    .venv/bin/python benchmarks/hub_load.py [--learners 30] [--ramp 0] [--max-clicks 40]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import html
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from classroom_load import KERNEL_ID, WIDGET_VIEW, Connection, Learner, free_port  # noqa: E402

CLASS_PASSWORD = "class-password-1"
TEACHER = "teacher"
TEACHER_PASSWORD = "teacher-password-" + "0123456789abcdef" * 2  # 32 characters or more
INDEX = "voila/render/notebooks/index.ipynb"
TABLE = "voila/render/notebooks/table.ipynb"
DEAL_CLASSES = ["pkt-pass", "pkt-board"]  # Pass, else a chip ringed legal on the drawn table
XSRF_FIELD = re.compile(r'name="_xsrf"\s+value="([^"]+)"')


# ------------------------------------------------------------------------------------------ the hub
@dataclass
class Hub:
    process: subprocess.Popen[bytes]
    port: int
    state: Path
    log: Path
    known: dict[int, psutil.Process] = field(default_factory=dict)  # every process seen under the hub

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def processes(self) -> list[psutil.Process]:
        """The hub's processes now (proxy, culler, learners' servers, kernels); each is remembered."""
        try:
            found = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            found = []
        for proc in found:
            self.known.setdefault(proc.pid, proc)
        return found

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def hub_environment(state: Path, **settings: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PKT_", "JUPYTERHUB_"))}
    ports = {"PKT_HUB_PORT": free_port(), "PKT_HUB_API_PORT": free_port(), "PKT_HUB_PROXY_API_PORT": free_port()}
    return env | {key: str(value) for key, value in ports.items()} | {
        "PKT_HUB_IP": "127.0.0.1", "PKT_HUB_STATE_DIR": str(state), "PKT_CLASS_PASSWORD": CLASS_PASSWORD,
        "PKT_TEACHER": TEACHER, "PKT_TEACHER_PASSWORD": TEACHER_PASSWORD, "PYTHONUNBUFFERED": "1",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    } | settings


def start_hub(state: Path, timeout: float = 60, **settings: str) -> Hub:
    """Start ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`` in ``state`` (its database, cookie
    secret, log and the learners' homes) with PKT_HUB_* ``settings``; wait until its API answers."""
    import urllib.error
    import urllib.request

    state.mkdir(parents=True, exist_ok=True)
    env = hub_environment(state, **settings)
    log = state / "hub.log"
    with log.open("wb") as out:
        process = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)], cwd=state,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    hub = Hub(process, int(env["PKT_HUB_PORT"]), state, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:  # bounded: one request every 0.25 s at most
        if process.poll() is not None:
            raise RuntimeError(f"JupyterHub exited with {process.returncode}:\n{hub.log_tail()}")
        try:
            with urllib.request.urlopen(f"{hub.base}/hub/api/", timeout=5) as response:
                if response.status == 200:
                    hub.processes()
                    return hub
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    stop_hub(hub)
    raise RuntimeError(f"JupyterHub did not answer within {timeout:.0f} s:\n{hub.log_tail()}")


def stop_hub(hub: Hub, timeout: float = 60) -> list[str]:
    """Stop the hub with SIGTERM (it stops the learners' servers, the culler and the proxy), wait, then kill
    whatever it left. Returns what was left after the hub's own stop (empty if it stopped cleanly)."""
    hub.processes()
    try:
        os.killpg(hub.process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        hub.process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(hub.process.pid, signal.SIGKILL)
        hub.process.wait(timeout=10)
    procs = list(hub.known.values())
    _, alive = psutil.wait_procs([p for p in procs if p.is_running()], timeout=10)
    left = []
    for proc in alive:
        try:
            left.append(" ".join(proc.cmdline())[:120])
            proc.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=10)
    for home in (hub.state / "home").glob("*"):  # the learners' runtime folders, outside the state folder
        shutil.rmtree(runtime_dir(hub.state, home.name), ignore_errors=True)
    return left


def runtime_dir(state: Path, name: str) -> str:
    """A learner's JUPYTER_RUNTIME_DIR, as deploy/jupyterhub/jupyterhub_config.py makes it."""
    return "/tmp/pkt-runtime-" + hashlib.sha256(f"{state}/{name}".encode()).hexdigest()[:16]


def server_process(hub: Hub, name: str) -> psutil.Process | None:
    """The learner's single-user server (JUPYTERHUB_USER in its environment)."""
    for proc in hub.processes():
        try:
            if "jupyterhub-singleuser" in " ".join(proc.cmdline()) and proc.environ().get("JUPYTERHUB_USER") == name:
                return proc
        except psutil.Error:
            pass
    return None


def tree(proc: psutil.Process | None) -> list[psutil.Process]:
    if proc is None:
        return []
    try:
        return [proc, *proc.children(recursive=True)]
    except psutil.Error:
        return []


def cpu(procs: list[psutil.Process]) -> float:
    total = 0.0
    for proc in procs:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def memory(procs: list[psutil.Process]) -> tuple[float, float]:
    """RSS and PSS of the processes, MiB."""
    rss = pss = 0.0
    for proc in procs:
        try:
            info = proc.memory_full_info()
            rss += info.rss / 2**20
            pss += getattr(info, "pss", info.rss) / 2**20
        except psutil.Error:
            pass
    return rss, pss


# ------------------------------------------------------------------------------ a learner's browser
class HubClient:
    """One learner's browser without JavaScript: cookies by path, redirects followed, every request bounded."""

    def __init__(self, base: str, name: str, timeout: float = 120) -> None:
        from tornado.httpclient import AsyncHTTPClient

        self.base, self.name, self.timeout = base, name, timeout
        self.http = AsyncHTTPClient(force_instance=True)
        self.jar: dict[tuple[str, str], str] = {}  # (path, name) -> value
        self.sockets: list[Any] = []

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()
        self.http.close()

    def cookie_header(self, path: str) -> str:
        found = sorted(((p, n, v) for (p, n), v in self.jar.items() if path.startswith(p)), key=lambda c: -len(c[0]))
        seen, parts = set(), []
        for _, name, value in found:  # the most specific path first, once per name
            if name not in seen:
                seen.add(name)
                parts.append(f"{name}={value}")
        return "; ".join(parts)

    def cookie(self, name: str, path: str) -> str:
        for (p, n), value in sorted(self.jar.items(), key=lambda c: -len(c[0][0])):
            if n == name and path.startswith(p):
                return value
        return ""

    def keep(self, response: Any, path: str) -> None:
        for header in response.headers.get_list("Set-Cookie"):
            jar: SimpleCookie = SimpleCookie()
            jar.load(header)
            for morsel in jar.values():
                where = morsel["path"] or path.rsplit("/", 1)[0] or "/"
                gone = morsel["max-age"] == "0" or "1970" in morsel["expires"]
                if gone:
                    self.jar.pop((where, morsel.key), None)
                else:
                    self.jar[(where, morsel.key)] = morsel.value

    async def fetch(self, url: str, method: str = "GET", body: str | None = None, follow: bool = True,
                    headers: dict[str, str] | None = None) -> tuple[Any, str]:
        """The response and its URL; redirects followed (at most 20) when ``follow``."""
        url = urllib.parse.urljoin(self.base, url)
        for _ in range(20):
            path = urllib.parse.urlsplit(url).path
            response = await self.http.fetch(
                url, method=method, body=body, follow_redirects=False, raise_error=False, request_timeout=self.timeout,
                connect_timeout=self.timeout, headers={"Cookie": self.cookie_header(path), **(headers or {})})
            self.keep(response, path)
            if not follow or response.code not in (301, 302, 303, 307) or "Location" not in response.headers:
                return response, url
            url = urllib.parse.urljoin(url, response.headers["Location"])
            method, body = "GET", None
        raise RuntimeError(f"more than 20 redirects from {url}")

    async def login(self, password: str) -> None:
        page, _ = await self.fetch("/hub/login")
        token = XSRF_FIELD.search(page.body.decode())
        form = urllib.parse.urlencode({"username": self.name, "password": password,
                                       "_xsrf": html.unescape(token.group(1)) if token else ""})
        response, _ = await self.fetch("/hub/login", "POST", form, follow=False)
        if response.code != 302:
            raise RuntimeError(f"login of {self.name}: HTTP {response.code}")

    async def spawn(self, deadline: float) -> None:
        """Ask for the learner's server and wait until the hub says it is ready."""
        await self.fetch(f"/hub/spawn/{self.name}", follow=False)
        while True:
            response, _ = await self.fetch(f"/hub/spawn-pending/{self.name}", follow=False)
            if response.code == 302:
                return
            if b"failed" in (response.body or b"").lower() and b"spawn" in (response.body or b"").lower() \
                    and response.code != 200:
                raise RuntimeError(f"the server of {self.name} failed to start: HTTP {response.code}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server of {self.name} was not ready in time")
            await asyncio.sleep(0.5)

    async def page(self, path: str) -> tuple[str, str, str]:
        """An app page on the learner's server: its URL, body and kernel id; it must hold the app."""
        response, url = await self.fetch(f"/user/{self.name}/{path}")
        body = (response.body or b"").decode("utf-8", "replace")
        found = KERNEL_ID.search(body)
        if response.code != 200 or not found or WIDGET_VIEW not in body or "Traceback" in body:
            raise RuntimeError(f"{url}: HTTP {response.code}, kernel id {'found' if found else 'missing'}, "
                               f"widget view {'found' if WIDGET_VIEW in body else 'missing'}")
        return url, body, found.group(1)

    async def connect(self, kernel_id: str, learner: Learner) -> Connection:
        """The page's kernel websocket through the proxy, with the learner's cookies."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        path = f"/user/{self.name}/api/kernels/{kernel_id}/channels"
        url = self.base.replace("http://", "ws://") + f"{path}?session_id={uuid.uuid4().hex}"
        request = HTTPRequest(url, headers={"Cookie": self.cookie_header(path)}, connect_timeout=self.timeout,
                              request_timeout=self.timeout)
        ws = await asyncio.wait_for(websocket_connect(request), self.timeout)
        self.sockets.append(ws)
        return Connection(ws, learner, self.timeout)

    async def api(self, path: str) -> Any:
        """A hub API request with the session cookie (and the xsrf header that cookie needs)."""
        response, _ = await self.fetch(f"/hub/api/{path}", follow=False,
                                       headers={"X-XSRFToken": self.cookie("_xsrf", "/hub/api/"), "Accept": "application/json"})
        if response.code != 200:
            raise RuntimeError(f"/hub/api/{path}: HTTP {response.code}")
        return json.loads(response.body)


def showdown_shown(learner: Learner) -> bool:
    return any("pkt-showdown" in state.get("_dom_classes", ()) and state.get("value") for state in learner.states.values())


async def play_a_deal(connection: Connection, max_clicks: int) -> tuple[list[float], bool]:
    """Click the table's moves (pass, or take a token) until the deal's showdown is shown."""
    trips: list[float] = []
    for _ in range(max_clicks):
        if showdown_shown(connection.learner):
            return trips, True
        target = connection.button(DEAL_CLASSES)
        if target is None:
            break
        elapsed, answered = await connection.click(target)
        if not answered:
            raise RuntimeError("a click without widget updates")
        trips.append(elapsed)
    return trips, showdown_shown(connection.learner)


# ----------------------------------------------------------------------------------- the benchmark
@dataclass
class Run:
    name: str
    login_spawn: float | None = None  # s, login until the hub says the server is ready
    index: float | None = None  # s, the index app's page (OAuth handshake included)
    table: float | None = None  # s, the table's page
    sync: float | None = None  # s, the table's widget state
    clicks: list[float] = field(default_factory=list)
    dealt: bool = False
    cpu_start: float | None = None  # CPU s of the server until ready
    cpu_index: float | None = None  # CPU s of the server and its kernels for the index page
    cpu_table: float | None = None  # CPU s for the table page and its widget state
    cpu_deal: float | None = None  # CPU s for the deal's clicks
    rss: float = 0.0
    pss: float = 0.0
    server_rss: float = 0.0
    kernels: int = 0
    failure: str = ""


async def learner_run(hub: Hub, run: Run, seed: int, args: argparse.Namespace, leave: asyncio.Event,
                      done: asyncio.Future[None]) -> None:
    client = HubClient(hub.base, run.name, args.timeout)
    try:
        try:
            start = time.perf_counter()
            await client.login(CLASS_PASSWORD)
            await client.spawn(time.monotonic() + args.timeout)
            run.login_spawn = time.perf_counter() - start
            server = server_process(hub, run.name)
            run.cpu_start = cpu(tree(server))
            start = time.perf_counter()
            await client.page(INDEX)
            run.index = time.perf_counter() - start
            after_index = cpu(tree(server))
            run.cpu_index = after_index - run.cpu_start
            start = time.perf_counter()
            _, _, kernel_id = await client.page(f"{TABLE}?seed={seed}")
            run.table = time.perf_counter() - start
            learner = Learner(0, TABLE)
            connection = await client.connect(kernel_id, learner)
            start = time.perf_counter()
            await connection.request_states()
            run.sync = time.perf_counter() - start
            after_table = cpu(tree(server))
            run.cpu_table = after_table - after_index
            run.clicks, run.dealt = await play_a_deal(connection, args.max_clicks)
            run.cpu_deal = cpu(tree(server)) - after_table
            if not run.dealt:
                run.failure = f"no showdown after {len(run.clicks)} clicks"
        except Exception as error:  # noqa: BLE001 - a learner's failure is a result
            run.failure = f"{type(error).__name__}: {error}"[:300]
        finally:
            if not done.done():
                done.set_result(None)
        await leave.wait()  # the pages stay open until every learner is done and measured
    finally:
        client.close()


async def benchmark(hub: Hub, args: argparse.Namespace) -> None:
    names = [f"learner{i:02d}" for i in range(1, args.learners + 1)]
    runs = [Run(name) for name in names]
    loop = asyncio.get_running_loop()
    done = [loop.create_future() for _ in runs]
    leave = asyncio.Event()
    hub_before = cpu([psutil.Process(hub.process.pid)])
    proxy = [p for p in hub.processes() if "configurable-http-proxy" in " ".join(p.cmdline())]
    proxy_before = cpu(proxy)
    start = time.perf_counter()
    tasks = []
    for number, run in enumerate(runs):
        tasks.append(asyncio.create_task(learner_run(hub, run, number + 1, args, leave, done[number])))
        if args.ramp:
            await asyncio.sleep(args.ramp / len(runs))
    try:
        await asyncio.wait_for(asyncio.gather(*done), timeout=args.timeout * 4)
    except asyncio.TimeoutError:
        print("  (not every learner finished in time; counted as failed)")
    wall = time.perf_counter() - start
    for run in runs:  # memory with both pages open
        procs = tree(server_process(hub, run.name))
        run.rss, run.pss = memory(procs)
        run.server_rss = memory(procs[:1])[0]
        run.kernels = len(procs) - 1
    hub_cpu = cpu([psutil.Process(hub.process.pid)]) - hub_before
    proxy_cpu = cpu(proxy) - proxy_before
    hub_rss, _ = memory([psutil.Process(hub.process.pid)])
    proxy_rss, _ = memory(proxy)
    teacher = HubClient(hub.base, TEACHER, args.timeout)
    try:
        await teacher.login(TEACHER_PASSWORD)
        users = await teacher.api("users?state=active")
        listed = sum(1 for user in users if user.get("servers"))
    finally:
        teacher.close()
    leave.set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=60)
    report(args, runs, wall, hub_cpu, proxy_cpu, hub_rss, proxy_rss, listed)


def spread(values: list[float], unit: str = "s") -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    scale, fmt = (1000, "{:.0f} ms") if unit == "ms" else (1, "{:.2f} s") if unit == "s" else (1, "{:.0f} " + unit)
    return (f"median {fmt.format(statistics.median(values) * scale)}, 95th percentile {fmt.format(p95 * scale)}, "
            f"worst {fmt.format(max(values) * scale)} (n={len(values)})")


def report(args: argparse.Namespace, runs: list[Run], wall: float, hub_cpu: float, proxy_cpu: float,
           hub_rss: float, proxy_rss: float, listed: int) -> None:
    ok = [r for r in runs if not r.failure]
    cores, gib = os.cpu_count() or 1, psutil.virtual_memory().total / 2**30
    arrival = f"over {args.ramp:g} s" if args.ramp else "at once"
    print(f"{len(runs)} learners {arrival} on a JupyterHub ({cores} cores, {gib:.0f} GiB), SimpleLocalProcessSpawner: "
          f"{len(ok)} logged in, got a server, the index app and a deal on the table; {len(runs) - len(ok)} failed; "
          f"all done in {wall:.1f} s")
    reasons: dict[str, int] = {}
    for run in runs:
        if run.failure:
            reasons[run.failure] = reasons.get(run.failure, 0) + 1
    for reason, count in list(reasons.items())[:5]:
        print(f"  failure ({count}x): {reason}")
    print(f"login until the server is ready: {spread([r.login_spawn for r in runs if r.login_spawn is not None])}")
    print(f"index app page: {spread([r.index for r in runs if r.index is not None])}")
    print(f"table page: {spread([r.table for r in runs if r.table is not None])}; "
          f"its widget state: {spread([r.sync for r in runs if r.sync is not None], 'ms')}")
    clicks = [t for r in runs for t in r.clicks]
    print(f"a deal: {spread([float(len(r.clicks)) for r in ok], 'clicks')}; "
          f"a click: {spread(clicks, 'ms')}")
    measured = [r for r in runs if r.rss]
    print("per learner, with the index app and the table open "
          f"(the server and {statistics.median([r.kernels for r in measured]) if measured else 0:.0f} kernels):")
    print(f"  memory RSS {spread([r.rss for r in measured], 'MiB')}; the server alone RSS "
          f"{spread([r.server_rss for r in measured], 'MiB')}")
    print(f"  memory PSS (shared pages split between the processes) {spread([r.pss for r in measured], 'MiB')}")
    starts = [r.cpu_start for r in runs if r.cpu_start is not None]
    index = [r.cpu_index for r in runs if r.cpu_index is not None]
    table = [r.cpu_table for r in ok if r.cpu_table is not None]
    deal = [r.cpu_deal for r in ok if r.cpu_deal is not None]
    per_click = [r.cpu_deal / len(r.clicks) for r in ok if r.cpu_deal is not None and r.clicks]
    print(f"  CPU seconds to start the server: {spread(starts)}")
    print(f"  CPU seconds for the index app: {spread(index)}")
    print(f"  CPU seconds for the table's page and widget state: {spread(table)}")
    print(f"  CPU seconds for a deal's clicks: {spread(deal)}; per click: {spread(per_click, 'ms')}")
    print(f"the hub: {hub_cpu:.1f} CPU s over the run, RSS {hub_rss:.0f} MiB; the proxy: {proxy_cpu:.1f} CPU s, "
          f"RSS {proxy_rss:.0f} MiB; the teacher listed {listed} running servers")
    if measured and starts and index and table and deal:
        per_cpu = sum(statistics.median(values) for values in (starts, index, table, deal))
        rss, pss = statistics.median([r.rss for r in measured]), statistics.median([r.pss for r in measured])
        print(f"sizing: a learner's arrival (start, index, table and a deal) costs {per_cpu:.1f} CPU s, so one core "
              f"lets about {60 / per_cpu:.0f} learners arrive per minute; memory per learner {pss:.0f} MiB on one "
              f"machine (PSS), {rss:.0f} MiB in its own container (RSS): about {1024 / pss:.1f} learners per GiB on "
              f"one machine, {1024 / rss:.1f} per GiB in Kubernetes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--ramp", type=float, default=0.0, help="spread the learners' arrival over this many seconds")
    parser.add_argument("--max-clicks", type=int, default=40, help="clicks at most for a deal")
    parser.add_argument("--timeout", type=float, default=300, help="seconds for one step of a learner")
    parser.add_argument("--budget", type=float, default=1200, help="seconds for the whole run")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if not 1 <= args.learners <= 100 or not 1 <= args.max_clicks <= 200:
        parser.error("bounds: 1 <= --learners <= 100, 1 <= --max-clicks <= 200")

    def interrupted(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    state = Path(tempfile.mkdtemp(prefix="pkt-hub-load-"))
    # no culling during the run; the proxy's activity read every 60 s
    hub = start_hub(state, PKT_HUB_CULL_TIMEOUT="3600", PKT_HUB_ACTIVITY_INTERVAL="60")
    try:
        asyncio.run(asyncio.wait_for(benchmark(hub, args), timeout=args.budget))
    finally:
        left = stop_hub(hub)
        print(f"hub stopped; processes left after its stop (killed): {len(left)}; hub log: {hub.log}")


if __name__ == "__main__":
    main()
