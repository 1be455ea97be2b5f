"""A classroom on one server: N learners open an app at once (a script, not a test).

Starts one Voila server on 127.0.0.1 the way scripts/serve.sh does (repo root, voila.json) and plays a
class against it. Two modes:

``--mode protocol`` (the default) measures the server. In a real classroom the browsers run on the
learners' own machines and only the server runs here, so each of the N learners is a lightweight
asyncio client that does on the wire what the Voila page does:
  1. GET /voila/render/<app>: Voila runs the notebook in a kernel (a preheated one while the pool has
     one) and answers with the page; timed from request to complete response. The page counts as
     rendered only if it holds the app: the kernel id and a widget view (application/vnd.jupyter.widget-view+json).
     Then the same-origin CSS/JS the page names are fetched, as a browser with an empty cache does.
  2. GET /api/kernels/<id>, then the kernel websocket /api/kernels/<id>/channels?session_id=...
     (Jupyter's JSON websocket protocol), and the widget manager's handshake: a comm_open on
     target "jupyter.widget.control" (metadata version 1.0.0) and {"method": "request_states"};
     the kernel answers with "update_states", the state of every widget model. The page embeds no
     widget state (Voila 0.5 takes it from the kernel), so this is where the Button models come from.
  3. --clicks clicks, --think seconds apart: a comm_msg {"method": "custom", "content": {"event": "click"}}
     to an enabled Button model (the first of --click-classes present, e.g. pass or take a token on the
     table), timed until the kernel's iopub "status: idle" for that message. A click counts as
     answered only if the kernel sent widget updates for it. The widget states are kept up to date from
     the kernel's messages, so the next click again picks an enabled button.
  4. When every learner is done (or failed), the kernels' memory is read; then every learner closes
     the page the way the page does on unload: POST /voila/api/shutdown/<id> and close the websocket.
     The script waits (at most --settle s) and counts the learners' kernels still alive and the
     kernels beyond the preheated pools.
Preheated or cold is read from each session's kernel process (Voila starts pool kernels with
VOILA_PREHEAT=True). With --browsers-check N (default 5) it then opens 2N sessions, one after the
other, in Debian's /usr/bin/chromium (Playwright) to time the browser side for one learner on a quiet
server: N on preheated kernels, then N on cold ones; navigation until the app is interactive (title and
an enabled button drawn), and one click until the page changes, both timed inside the page (what the
learner sees); Playwright's own timing of the same page and of a second click is printed beside them.
With --class-pool the server is started as ``scripts/serve.sh --class N APP`` starts it: a preheated
kernel for each learner (scripts/class_pool.py).

``--mode browser`` is the former test: N sessions in headless Chromium on this machine (with the
server, so it measures browsers competing with the server for the same cores).

Everything it starts (server, kernels, browsers) is stopped at the end, also on errors and SIGTERM.
Bounded: every wait has a timeout, the whole run too.

    .venv/bin/python benchmarks/classroom_load.py [--sessions 30] [--app 'table.ipynb?seed=1'] [--clicks 3]
    .venv/bin/python benchmarks/classroom_load.py --mode browser [--sessions 30] [--app index.ipynb] [--browsers 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from class_pool import class_pool_options, preheated_kernels  # noqa: E402  (scripts/class_pool.py)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SNAPSHOT_JS = """() => { const a = document.querySelector('.pkt-app'); return a ? a.innerText + [...a.querySelectorAll('button')].map(b => b.disabled).join() : ''; }"""
# Timed inside the page, as the learner sees it, without Playwright's own round trips (its driver polls
# the page over CDP and shares the two cores): from the navigation's start (performance.now() counts
# from it) until the title and an enabled button of the app are drawn (the frame after they appear),
# with Playwright's test for "visible" (a non-empty box, not visibility: hidden).
INTERACTIVE_INIT_JS = """(() => {
  const drawn = el => { if (!el) return false; const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const ready = () => drawn(document.querySelector('.pkt-title'))
    && [...document.querySelectorAll('.pkt-app button:not([disabled])')].some(drawn);
  const watch = new MutationObserver(() => {
    if (window.pktInteractiveMs === undefined && ready()) {
      watch.disconnect();
      requestAnimationFrame(() => { window.pktInteractiveMs = performance.now(); });
    }
  });
  watch.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();"""
# One click timed inside the page: from the click until the app's text or a button's state changed,
# and the frame that shows it.
CLICK_IN_PAGE_JS = """async (css) => {
  const snapshot = %s;
  const button = document.querySelector(css), app = document.querySelector('.pkt-app');
  const before = snapshot();
  return await new Promise(resolve => {
    let start;
    const watch = new MutationObserver(() => {
      if (snapshot() !== before) {
        watch.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }
    });
    watch.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
    start = performance.now();
    button.click();
  });
}""" % SNAPSHOT_JS
KERNEL_ID_JS = """() => { const c = document.getElementById('jupyter-config-data'); return c ? JSON.parse(c.textContent).kernelId || '' : ''; }"""
CLICK_CLASSES = "pkt-pass,pkt-board,pkt-reveal-next,pkt-new-game,pkt-rank,pkt-deal"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
CONNECTION_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ASSET = re.compile(r'(?:src|href)="(/voila/[^"]+)"')

FAILED_PAGES: list[str] = []  # the first page without the app, kept for a look
KNOWN_KERNELS: dict[int, psutil.Process] = {}  # every kernel process seen, to stop leftovers at the end


# ---------------------------------------------------------------------------------------- helpers
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def kernels(server: subprocess.Popen[bytes]) -> list[psutil.Process]:
    try:
        children = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
                KNOWN_KERNELS.setdefault(child.pid, child)
        except psutil.Error:
            pass
    return found


def kernel_process(server: subprocess.Popen[bytes], kernel_id: str) -> psutil.Process | None:
    for proc in kernels(server):
        try:
            if any(kernel_id in part for part in proc.cmdline()):  # ... -f .../kernel-<id>.json
                return proc
        except psutil.Error:
            pass
    return None


def kernel_ids(server: subprocess.Popen[bytes]) -> set[str]:
    ids = set()
    for proc in kernels(server):
        try:
            ids.update(CONNECTION_FILE.findall(" ".join(proc.cmdline())))
        except psutil.Error:
            pass
    return ids


PREHEATED, WARMING, COLD, UNKNOWN = "preheated", "warming", "cold", "unknown"
KINDS = {
    PREHEATED: "preheated kernel (in the pool, ready, before the request)",
    WARMING: "pool kernel still starting (the pool refills while it is used up)",
    COLD: "cold kernel (started for the request)",
    UNKNOWN: "kernel kind unknown (its process was gone)",
}


def kernel_kind(server: subprocess.Popen[bytes], kernel_id: str, ready_before: set[str]) -> str:
    """How the session's kernel came: a pool kernel that was ready before the request, a pool kernel
    the pool was still starting (Voila hands those out too), or one started for the request (cold).
    Voila starts pool kernels with VOILA_PREHEAT=True in their environment."""
    if kernel_id in ready_before:
        return PREHEATED
    proc = kernel_process(server, kernel_id)
    if proc is None:
        return UNKNOWN
    try:
        return WARMING if proc.environ().get("VOILA_PREHEAT") == "True" else COLD
    except psutil.Error:
        return UNKNOWN


def rss_mib(processes: list[psutil.Process]) -> list[float]:
    sizes = []
    for proc in processes:
        try:
            sizes.append(proc.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return sizes


POOLS: dict[str, int] = {}  # notebook -> preheated kernels, as Voila was started (voila.json + --voila-arg)


def read_pools(voila_args: list[str]) -> None:
    """The pool size of every notebook Voila preheats (apps and lessons, by their path in notebooks/), as
    scripts/class_pool.py's ``preheated_kernels`` models Voila 0.5, for voila.json with the command line's
    pool options (they win over voila.json, as in Voila)."""
    config = json.loads((ROOT / "voila.json").read_text())
    for arg in voila_args:
        name, _, value = arg.lstrip("-").partition("=")
        section, _, option = name.partition(".")
        if name in ("VoilaConfiguration.default_pool_size", "VoilaConfiguration.preheat_kernel"):
            config.setdefault(section, {})[option] = value.lower() in ("true", "1") if option == "preheat_kernel" else int(value)
        elif name in ("VoilaKernelManager.kernel_pools_config", "VoilaKernelManager.preheat_denylist"):
            config.setdefault(section, {})[option] = json.loads(value)
    folder = ROOT / "notebooks"
    POOLS.clear()
    for notebook in sorted(folder.rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in notebook.parts:
            POOLS[notebook.relative_to(folder).as_posix()] = preheated_kernels(config, notebook)


def describe_pools() -> str:
    sizes = sorted(set(POOLS.values()))
    if len(sizes) == 1:
        return f"{sizes[0]} per app"
    return ", ".join(f"{name} {size}" for name, size in POOLS.items() if size != min(sizes)) + f", {min(sizes)} for the others"


def expected_pool_kernels() -> int:
    return sum(POOLS.values())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def spread(values: list[float], unit: str = "s") -> str:
    if not values:
        return "none"
    scale, fmt = (1000, "{:.0f} ms") if unit == "ms" else (1, "{:.2f} s")
    return (f"median {fmt.format(statistics.median(values) * scale)}, 95th percentile "
            f"{fmt.format(percentile(values, 0.95) * scale)}, worst {fmt.format(max(values) * scale)} (n={len(values)})")


async def settle_kernels(server: subprocess.Popen[bytes], seconds: float, sessions: set[str] = frozenset()) -> None:
    """After every page closed, Voila shuts their kernels down and refills the pools: wait (bounded).
    A leak is a session's kernel still alive (by id), or more kernels than the pools hold."""
    expected = expected_pool_kernels()
    deadline = time.monotonic() + seconds
    while True:
        alive = kernel_ids(server)
        leaked = len(alive & set(sessions))
        if (leaked == 0 and len(alive) <= expected) or time.monotonic() >= deadline:
            break
        await asyncio.sleep(1)
    print(f"kernels alive {seconds:.0f} s (at most) after every page closed: {len(alive)} "
          f"(preheated pools: {expected}; beyond the pools: {max(0, len(alive) - expected)}; "
          f"the learners' own kernels still alive: {leaked})")


# ------------------------------------------------------------------------ protocol-client learners
def message(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner", "session": session,
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": [],
    }


def parse(frame: str | bytes) -> dict[str, Any]:
    """A websocket frame of Jupyter's JSON protocol: text, or binary with buffers (offsets header)."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    count = struct.unpack("!I", frame[:4])[0]
    offsets = [*struct.unpack("!" + "I" * count, frame[4:4 * (count + 1)]), len(frame)]
    msg = dict(json.loads(frame[offsets[0]:offsets[1]]))
    msg["buffers"] = [frame[a:b] for a, b in zip(offsets[1:-1], offsets[2:], strict=True)]
    return msg


@dataclass
class Learner:
    number: int
    app: str
    render: float | None = None  # s, request until complete response with the app in it
    assets: float | None = None  # s, the page's same-origin CSS/JS
    sync: float | None = None  # s, the widget manager's request_states until update_states
    clicks: list[float] = field(default_factory=list)  # s, answered clicks
    unanswered: int = 0
    kernel_id: str = ""
    kind: str = UNKNOWN
    failed_after: float | None = None  # s, request until a complete page without the app
    failure: str = ""
    states: dict[str, dict[str, Any]] = field(default_factory=dict)  # widget model id -> state


class Connection:
    """One kernel websocket; keeps the learner's widget states up to date from what the kernel sends."""

    def __init__(self, ws: Any, learner: Learner, timeout: float) -> None:
        self.ws, self.learner, self.timeout = ws, learner, timeout
        self.session = uuid.uuid4().hex

    async def send(self, msg: dict[str, Any]) -> str:
        await self.ws.write_message(json.dumps(msg))
        return str(msg["header"]["msg_id"])

    async def receive(self, deadline: float) -> dict[str, Any]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the kernel in time")
        frame = await asyncio.wait_for(self.ws.read_message(), left)
        if frame is None:
            raise ConnectionError("the kernel websocket closed")
        msg = parse(frame)
        self.track(msg)
        return msg

    def track(self, msg: dict[str, Any]) -> None:
        kind, content = msg["header"]["msg_type"], msg.get("content", {})
        states = self.learner.states
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            states[content["comm_id"]] = {"model_name": content["data"]["state"].get("_model_name"), **content["data"]["state"]}
        elif kind == "comm_msg" and content.get("data", {}).get("method") in ("update", "echo_update"):
            states.setdefault(content["comm_id"], {}).update(content["data"].get("state", {}))
        elif kind == "comm_close":
            states.pop(content.get("comm_id"), None)

    async def request(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """Send a shell message; the iopub messages it caused, through status idle."""
        msg_id = await self.send(msg)
        deadline = time.monotonic() + self.timeout
        caused = []
        while True:
            answer = await self.receive(deadline)
            if answer.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            caused.append(answer)
            if answer["channel"] == "iopub" and answer["header"]["msg_type"] == "status" \
                    and answer["content"].get("execution_state") == "idle":
                return caused

    async def request_states(self) -> None:
        """The widget manager's start (ipywidgets 8 control comm): every model's state."""
        comm = uuid.uuid4().hex
        await self.send(message("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                                self.session, {"version": "1.0.0"}))
        caused = await self.request(message("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, self.session))
        answer = next((m for m in caused if m["header"]["msg_type"] == "comm_msg"
                       and m["content"].get("data", {}).get("method") == "update_states"), None)
        if answer is None:
            errors = " ".join(m["content"].get("text", "") for m in caused if m["header"]["msg_type"] == "stream")
            raise RuntimeError(f"no update_states from the kernel {errors[:200]}")
        for model_id, model in answer["content"]["data"]["states"].items():
            self.learner.states[model_id] = {"model_name": model.get("model_name"), **model.get("state", {})}
        await self.send(message("comm_close", {"comm_id": comm, "data": {}}, self.session))

    def button(self, classes: list[str]) -> str | None:
        """The first thing to press among ``classes``, in their order: an enabled button with that CSS class
        (its model id), or on a drawn board (widgets/drawn.py) with that class the first picture ringed as a
        legal move ("model id#item key")."""
        for css in classes:
            for model_id, state in self.learner.states.items():
                if css not in state.get("_dom_classes", ()):
                    continue
                if state.get("model_name") == "ButtonModel" and not state.get("disabled"):
                    return model_id
                for item in state.get("items") or ():
                    if isinstance(item, dict) and item.get("pressable") and item.get("state") == "legal":
                        return f"{model_id}#{item['key']}"
        return None

    async def click(self, target: str) -> tuple[float, bool]:
        """Press a button (its model id) or a drawn board's picture ("model id#item key"), as the page
        does: a button's custom "click" message, the board's custom "press" message."""
        model_id, _, key = target.partition("#")
        content = {"event": "press", "key": key} if key else {"event": "click"}
        start = time.perf_counter()
        caused = await self.request(message(
            "comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": content}}, self.session))
        elapsed = time.perf_counter() - start
        answered = any(m["header"]["msg_type"] in ("comm_msg", "comm_open") for m in caused)
        return elapsed, answered


async def learner_session(learner: Learner, base: str, args: argparse.Namespace,
                          done: asyncio.Future[None], leave: asyncio.Event) -> None:
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    http = AsyncHTTPClient(force_instance=True)  # its own connections, like its own browser
    sockets: list[Any] = []

    async def visit() -> None:
        start = time.perf_counter()
        response = await http.fetch(f"{base}/voila/render/{learner.app}", request_timeout=args.timeout,
                                    connect_timeout=args.timeout, raise_error=False)
        elapsed = time.perf_counter() - start
        body = (response.body or b"").decode("utf-8", "replace")
        found = KERNEL_ID.search(body)
        if found:  # the page's kernel: closing the page shuts it down, whatever the page holds
            learner.kernel_id = found.group(1)
        if response.code != 200 or not found or WIDGET_VIEW not in body:
            learner.failure = f"page: HTTP {response.code}" + (
                "" if response.code != 200 else
                ", no kernel id in it" if not found else ", the page has no app in it (no widget view)")
            learner.failed_after = elapsed
            if response.code == 200 and not FAILED_PAGES:
                with tempfile.NamedTemporaryFile("w", prefix="pkt-load-failed-page-", suffix=".html", delete=False) as out:
                    out.write(body)
                FAILED_PAGES.append(out.name)
            return
        learner.render = elapsed

        start = time.perf_counter()
        assets = sorted(set(ASSET.findall(body)))
        results = await asyncio.gather(*(http.fetch(base + path, request_timeout=args.timeout, raise_error=False)
                                         for path in assets))
        if any(r.code != 200 for r in results):
            learner.failure = "page assets: " + ", ".join(f"{r.code} {r.effective_url}" for r in results if r.code != 200)
            return
        learner.assets = time.perf_counter() - start

        model = await http.fetch(f"{base}/api/kernels/{learner.kernel_id}", request_timeout=args.timeout, raise_error=False)
        if model.code != 200:
            learner.failure = f"kernel model: HTTP {model.code}"
            return
        ws_url = base.replace("http://", "ws://") + f"/api/kernels/{learner.kernel_id}/channels?session_id={uuid.uuid4().hex}"
        ws = await asyncio.wait_for(websocket_connect(ws_url), args.timeout)
        sockets.append(ws)
        connection = Connection(ws, learner, args.timeout)
        start = time.perf_counter()
        await connection.request_states()
        learner.sync = time.perf_counter() - start
        if not any(s.get("model_name") == "ButtonModel" for s in learner.states.values()):
            learner.failure = "widget states: no Button model"
            return
        classes = args.click_classes.split(",")
        for number in range(args.clicks):
            target = connection.button(classes)
            if target is None:
                break
            if number:
                await asyncio.sleep(args.think)
            elapsed, answered = await connection.click(target)
            if answered:
                learner.clicks.append(elapsed)
            else:
                learner.unanswered += 1
        if args.clicks and not learner.clicks:
            learner.failure = "no enabled button to click" if not learner.unanswered else "clicks without an answer"
        elif learner.unanswered:
            learner.failure = f"{learner.unanswered} clicks without widget updates"

    try:
        try:
            await visit()
        except Exception as error:  # noqa: BLE001 - a learner's failure is a result, not a crash
            learner.failure = learner.failure or f"{type(error).__name__}: {error}"[:200]
        finally:
            if not done.done():
                done.set_result(None)
        await leave.wait()
    finally:
        # closing the page: Voila's beforeunload beacon, then the kernel connection is disposed
        if learner.kernel_id:
            try:
                await http.fetch(f"{base}/voila/api/shutdown/{learner.kernel_id}", method="POST", body="_xsrf=",
                                 request_timeout=30, raise_error=False)
            except Exception:  # noqa: BLE001
                pass
        for ws in sockets:
            ws.close()
        http.close()


async def run_protocol(args: argparse.Namespace, base: str, server: subprocess.Popen[bytes]) -> None:
    apps = args.app or ["table.ipynb?seed=1"]
    ready = kernel_ids(server)
    print(f"kernels before the class: {len(ready)} (preheated pools: {describe_pools()}); "
          f"server on {os.cpu_count()} cores, learners are protocol clients (no browser)")
    learners = [Learner(i, apps[i % len(apps)]) for i in range(args.sessions)]
    loop = asyncio.get_running_loop()
    done = [loop.create_future() for _ in learners]
    leave = asyncio.Event()
    start = time.perf_counter()
    tasks = []
    for i, learner in enumerate(learners):
        tasks.append(asyncio.create_task(learner_session(learner, base, args, done[i], leave)))
        if args.ramp:
            await asyncio.sleep(args.ramp / max(1, args.sessions))
    try:
        await asyncio.wait_for(asyncio.gather(*done), timeout=args.timeout * 2 + args.clicks * (args.think + args.timeout))
    except asyncio.TimeoutError:
        print("  (not every learner finished in time; counted as failed)")
    wall = time.perf_counter() - start

    # with every page open: which kernels were preheated, and the memory
    for learner in learners:
        if learner.kernel_id:
            learner.kind = kernel_kind(server, learner.kernel_id, ready)
    sizes = rss_mib(kernels(server))
    server_rss = psutil.Process(server.pid).memory_info().rss / 2**20
    leave.set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=60)

    ok = [l for l in learners if l.render is not None and not l.failure]
    failed = [l for l in learners if l not in ok]
    arrival = f"over {args.ramp:g} s" if args.ramp else "at once"
    print(f"{args.sessions} learners opened {', '.join(apps)} {arrival}: {len(ok)} served (page, websocket, widget "
          f"state, clicks answered), {len(failed)} failed; all done in {wall:.1f} s")
    reasons: dict[str, int] = {}
    for learner in failed:
        reason = learner.failure or "no answer in time"
        reasons[reason] = reasons.get(reason, 0) + 1
    for reason, count in list(reasons.items())[:5]:
        print(f"  failure ({count}x): {reason}")
    if FAILED_PAGES:
        print(f"  a page without the app is kept in {FAILED_PAGES[0]}")
    failed_times = [l.failed_after for l in failed if l.failed_after is not None]
    if failed_times:
        print(f"  failed pages answered after: {spread(failed_times)}")
    rendered = [l for l in learners if l.render is not None]
    print("time to first render (request to complete page):")
    for kind, text in KINDS.items():
        times = [l.render for l in rendered if l.kind == kind]
        if times or kind != UNKNOWN:
            print(f"  {text}: {spread(times)}")
    print(f"page CSS/JS: {spread([l.assets for l in rendered if l.assets is not None], 'ms')}")
    print(f"widget state from the kernel (request_states): {spread([l.sync for l in rendered if l.sync is not None], 'ms')}")
    trips = [t for l in learners for t in l.clicks]
    print(f"click round trip (comm_msg click to the kernel's idle, {args.clicks} per learner, {args.think:g} s apart): "
          f"{spread(trips, 'ms')}; unanswered clicks: {sum(l.unanswered for l in learners)}")
    if sizes:
        print(f"kernels alive with all pages open: {len(sizes)}; RSS per kernel: median {statistics.median(sizes):.0f} MiB, "
              f"max {max(sizes):.0f} MiB; all kernels {sum(sizes):.0f} MiB")
    print(f"Voila server RSS: {server_rss:.0f} MiB")
    await settle_kernels(server, args.settle, {l.kernel_id for l in learners if l.kernel_id})
    if args.browsers_check:
        await browsers_check(args, base, server, apps[0])


async def enabled_button(page: Any, classes: list[str]) -> str | None:
    """The selector of the app's first visible, enabled button of the first class in ``classes`` that has one."""
    for css in classes:
        selector = f".pkt-app button.{css}:not([disabled])"
        target = page.locator(selector)
        if await target.count() and await target.first.is_visible():
            return selector
    return None


async def browsers_check(args: argparse.Namespace, base: str, server: subprocess.Popen[bytes], app: str) -> None:
    """A few real sessions, one after the other (the pool hands out its preheated kernels first)."""
    from playwright.async_api import async_playwright

    timeout_ms = int(args.timeout * 1000)
    classes = args.click_classes.split(",")
    results: list[tuple[str, float, float | None]] = []  # kind, interactive and one click, timed in the page
    outside: list[tuple[float, float | None]] = []  # the same page and another click, timed by Playwright
    cpu_used: list[tuple[float, ...]] = []  # per session: the server's, the kernels' and Chromium's CPU seconds
    session_kernels: list[str] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        contexts = []
        try:
            for number in range(2 * args.browsers_check):
                # a quiet server, as a learner finds it: the pools full again and idle (bounded wait)
                await asyncio.to_thread(wait_for_quiet_pools, server, 120)
                ready = kernel_ids(server)
                # the second half asks for another theme, so Voila cannot use the pool: cold kernels
                cold = number >= args.browsers_check
                url = f"{base}/voila/render/{app}" + (("&" if "?" in app else "?") + "theme=dark" if cold else "")
                context = await browser.new_context()  # its own window, as on a learner's machine
                contexts.append(context)
                await context.add_init_script(INTERACTIVE_INIT_JS)
                page = await context.new_page()
                cpu_before = cpu_seconds(server)
                start = time.perf_counter()
                await page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
                await page.locator(".pkt-title").first.wait_for(state="visible", timeout=timeout_ms)
                await page.locator(".pkt-app button:not([disabled])").first.wait_for(state="visible", timeout=timeout_ms)
                seen_outside = time.perf_counter() - start
                cpu_used.append(tuple(after - before for after, before in zip(cpu_seconds(server), cpu_before)))
                await page.wait_for_function("() => window.pktInteractiveMs !== undefined", timeout=timeout_ms)
                interactive = await page.evaluate("window.pktInteractiveMs") / 1000
                kernel_id = await page.evaluate(KERNEL_ID_JS)
                session_kernels.append(kernel_id)
                kind = kernel_kind(server, kernel_id, ready)
                # the pool's refill (voila.json: 5 s after a kernel is taken) is not the click's cost
                await asyncio.to_thread(wait_for_quiet_pools, server, 120, 1)
                trip = trip_outside = None
                selector = await enabled_button(page, classes)
                if selector:  # a click timed in the page
                    trip = await page.evaluate(CLICK_IN_PAGE_JS, selector) / 1000
                await asyncio.to_thread(wait_for_quiet_pools, server, 120, 1)
                selector = await enabled_button(page, classes)
                if selector:  # and the next one through Playwright, timed from here
                    target = page.locator(selector).first
                    before = await page.evaluate(SNAPSHOT_JS)
                    await target.click(trial=True, timeout=timeout_ms)  # Playwright's checks, untimed
                    start = time.perf_counter()
                    await target.click(timeout=timeout_ms)
                    await page.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=timeout_ms,
                                                 polling=10)
                    trip_outside = time.perf_counter() - start
                results.append((kind, interactive, trip))
                outside.append((seen_outside, trip_outside))
                # the learner closes the window: beforeunload shuts the kernel down
                await page.close(run_before_unload=True)
                await context.close()
                contexts.remove(context)
        finally:
            for context in contexts:  # the learner closes the window: beforeunload shuts the kernel down
                for page in context.pages:
                    await page.close(run_before_unload=True)
                await context.close()
            await browser.close()
    print(f"browser check ({len(results)} sessions of {app} in Chromium on the server's machine, one after the "
          f"other, each closed before the next; the second half with theme=dark, which Voila's pool cannot serve).\n"
          f"  Timed in the page: from the navigation's start until the title and an enabled button are drawn, "
          f"and from a click until the page shows a change. Timed by Playwright (its goto until its locators see "
          f"them; its click until its poll sees the change) for comparison: that adds its own round trips.")
    for kind in (PREHEATED, WARMING, COLD, UNKNOWN):
        rows = [(interactive, trip) for got, interactive, trip in results if got == kind]
        if rows:
            trips = [trip for _, trip in rows if trip is not None]
            print(f"  {KINDS[kind].split(' (')[0]}: interactive after "
                  f"{spread([interactive for interactive, _ in rows])}; a click until the page changed: "
                  f"{spread(trips, 'ms') if trips else 'no enabled button'}")
            used = [cpu for (got, _, _), cpu in zip(results, cpu_used) if got == kind]
            print("    in order (CPU seconds of the server, the kernels and Chromium meanwhile): " + ", ".join(
                f"{interactive:.2f} s ({server_cpu:.2f}/{kernel_cpu:.2f}/{browser_cpu:.2f})"
                for (interactive, _), (server_cpu, kernel_cpu, browser_cpu) in zip(rows, used)))
            seen = [pair for (got, _, _), pair in zip(results, outside) if got == kind]
            trips_outside = [trip for _, trip in seen if trip is not None]
            print(f"    timed by Playwright: interactive after {spread([loaded for loaded, _ in seen])}; "
                  f"a click: {spread(trips_outside, 'ms') if trips_outside else 'no enabled button'}")
    await settle_kernels(server, args.settle, set(session_kernels))


# ------------------------------------------------------------------------- browsers on this machine
async def open_session(context: Any, url: str, timeout_ms: int, opened: list[Any]) -> tuple[Any, float]:
    page = await context.new_page()
    opened.append(page)
    start = time.perf_counter()
    await page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
    await page.locator(".pkt-title").first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


async def click_round_trips(context: Any, url: str, clicks: int, timeout_ms: int) -> list[float]:
    page = await context.new_page()
    times = []
    try:
        await page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
        await page.locator(".pkt-title").first.wait_for(state="visible", timeout=timeout_ms)
        for _ in range(clicks):
            target = None
            for css in ("button.pkt-pass:not([disabled])", ".pkt-board button.pkt-state-legal", "button.pkt-new-game:not([disabled])"):
                loc = page.locator(css)
                if await loc.count() and await loc.first.is_visible():
                    target = loc.first
                    break
            if target is None:
                break
            before = await page.evaluate(SNAPSHOT_JS)
            start = time.perf_counter()
            await target.click(timeout=timeout_ms)
            await page.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=timeout_ms)
            times.append(time.perf_counter() - start)
    finally:
        await page.close(run_before_unload=True)
    return times


async def run_browser(args: argparse.Namespace, base: str, server: subprocess.Popen[bytes]) -> None:
    from playwright.async_api import async_playwright

    notebooks = ROOT / "notebooks"
    app = (args.app or ["index.ipynb"])[0]
    url = f"{base}/voila/render/{app}"
    timeout_ms = int(args.timeout * 1000)
    async with async_playwright() as playwright:
        # One window (browser context) per learner: pages sharing a window are background tabs, and a
        # background tab gets no animation frames, so its widgets never lay out. Each launched browser
        # keeps its profile in a new, empty temporary user-data dir (Playwright's non-persistent launch).
        browsers = [await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                    for _ in range(args.browsers)]
        contexts = [await browsers[i % len(browsers)].new_context() for i in range(args.sessions)]
        try:
            print(f"kernels before the class: {len(kernels(server))} (preheated pools: {describe_pools()})")
            start = time.perf_counter()
            opened: list[Any] = []
            results = await asyncio.gather(
                *(open_session(contexts[i % len(contexts)], url, timeout_ms, opened) for i in range(args.sessions)),
                return_exceptions=True,
            )
            wall = time.perf_counter() - start
            times = [r[1] for r in results if not isinstance(r, BaseException)]
            failures = [r for r in results if isinstance(r, BaseException)]
            print(f"{args.sessions} sessions of {app} opened at once in browsers on this machine ({os.cpu_count()} cores): "
                  f"{len(times)} rendered, {len(failures)} failed, all done in {wall:.1f} s")
            for failure in failures[:3]:
                print("  failure:", str(failure).splitlines()[0])
            if times:
                print(f"time to first render: {spread(times)}")
            sizes = rss_mib(kernels(server))
            if sizes:
                print(f"kernels alive with all pages open: {len(sizes)}; RSS per kernel: median {statistics.median(sizes):.0f} MiB, "
                      f"max {max(sizes):.0f} MiB; all kernels {sum(sizes):.0f} MiB")
            print(f"Voila server RSS: {psutil.Process(server.pid).memory_info().rss / 2**20:.0f} MiB")
            # every learner closes the tab (beforeunload runs, as in a real browser), rendered or not
            await asyncio.gather(*(p.close(run_before_unload=True) for p in opened), return_exceptions=True)

            if (notebooks / "table.ipynb").exists():
                trips = await click_round_trips(contexts[0], f"{base}/voila/render/table.ipynb?seed=1", args.clicks, timeout_ms)
                print(f"table click round trip ({len(trips)} clicks, one learner): {spread(trips, 'ms')}"
                      if trips else "table click round trip: no clickable move found")
        finally:
            for context in contexts:
                await context.close()
            for browser in browsers:
                await browser.close()
    await settle_kernels(server, args.settle)


# ----------------------------------------------------------------------------------------- server
def cpu_seconds(server: subprocess.Popen[bytes]) -> tuple[float, float, float]:
    """CPU seconds (user and system) used so far by the Voila server, its kernels, and Chromium."""
    def used(proc: psutil.Process) -> float:
        try:
            times = proc.cpu_times()
            return times.user + times.system
        except psutil.Error:
            return 0.0

    browser = sum(used(p) for p in psutil.process_iter() if "chrom" in _name(p))
    return used(psutil.Process(server.pid)), sum(used(p) for p in kernels(server)), browser


def _name(proc: psutil.Process) -> str:
    try:
        return proc.name()
    except psutil.Error:
        return ""


def wait_for_quiet_pools(server: subprocess.Popen[bytes], seconds: float, open_pages: int = 0) -> bool:
    """Wait until the pools hold their kernels (besides the kernels of ``open_pages``) and all kernels use
    (almost) no CPU for 3 s."""
    deadline = time.monotonic() + seconds
    quiet = 0
    while time.monotonic() < deadline:
        procs = kernels(server)
        for proc in procs:
            try:
                proc.cpu_percent(None)
            except psutil.Error:
                pass
        time.sleep(1)
        busy = 0.0
        for proc in procs:
            try:
                busy += proc.cpu_percent(None)
            except psutil.Error:
                pass
        quiet = quiet + 1 if len(procs) >= expected_pool_kernels() + open_pages and busy < 5 else 0
        if quiet >= 3:
            return True
    return False


def stop_everything(server: subprocess.Popen[bytes]) -> None:
    """Stop the server's process group, then any kernel it started (kernels get their own sessions)."""
    kernels(server)  # note the kernels alive now
    try:
        os.killpg(server.pid, signal.SIGTERM)  # Voila shuts its kernels down on SIGTERM
    except ProcessLookupError:
        pass
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    leftovers = [p for p in KNOWN_KERNELS.values() if p.is_running()]
    for proc in leftovers:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # the kernel leads its own process group
        except (ProcessLookupError, PermissionError):
            pass
    _, alive = psutil.wait_procs(leftovers, timeout=10)
    for proc in alive:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def start_voila(voila_args: list[str], log_prefix: str) -> tuple[subprocess.Popen[bytes], str, Any]:
    """Voila started as scripts/serve.sh starts it (``voila notebooks/`` from the repo root, so it reads
    voila.json) on a free port of 127.0.0.1, its output in a temporary log file; returns the server, its
    address and the log once it answers (up to 60 s; if Voila exits first, SystemExit names the log)."""
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix=log_prefix, suffix=".log", delete=False)
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "voila"), "notebooks/", "--Voila.ip=127.0.0.1", f"--port={port}", "--no-browser",
         *voila_args],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):  # up to 60 s for the server to answer
            try:
                with urllib.request.urlopen(f"{base}/voila/tree", timeout=5):
                    break
            except OSError:
                if server.poll() is not None:
                    raise SystemExit(f"Voila exited; see {log.name}") from None
                time.sleep(0.25)
    except BaseException:
        stop_everything(server)
        raise
    return server, base, log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["protocol", "browser"], default="protocol",
                        help="protocol: learners are websocket clients (measures the server); browser: Chromium here")
    parser.add_argument("--sessions", type=int, default=30, help="learners")
    parser.add_argument("--app", action="append",
                        help="notebook and query, repeatable (learners take them in turn); "
                             "default table.ipynb?seed=1 (protocol), index.ipynb (browser)")
    parser.add_argument("--clicks", type=int, default=3, help="clicks per learner (browser mode: by one learner)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between a learner's clicks")
    parser.add_argument("--ramp", type=float, default=0.0, help="spread the learners' arrival over this many seconds")
    parser.add_argument("--click-classes", default=CLICK_CLASSES, help="CSS classes of buttons to click, first found first")
    parser.add_argument("--browsers-check", type=int, default=None,
                        help="protocol mode: afterwards N Chromium sessions on preheated kernels and N on cold ones "
                             "(0: none; default 5, and 0 with --class-pool)")
    parser.add_argument("--class-pool", action="store_true",
                        help="serve as `scripts/serve.sh --class N APP` does: a preheated kernel for each learner")
    parser.add_argument("--browsers", type=int, default=3, help="browser mode: Chromium instances sharing the sessions")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="an extra option for the Voila server (after voila.json), e.g. --voila-arg=--VoilaExecutor.iopub_timeout=30")
    parser.add_argument("--timeout", type=float, default=300, help="seconds for one page (or one answer)")
    parser.add_argument("--settle", type=float, default=60, help="seconds to wait for kernels to go after closing")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # progress shows in a log as it comes
    if args.browsers_check is None:
        args.browsers_check = 0 if args.class_pool else 5
    if not 1 <= args.sessions <= 200 or not 0 <= args.clicks <= 50 or not 0 <= args.browsers_check <= 10:
        parser.error("bounds: 1 <= --sessions <= 200, 0 <= --clicks <= 50, 0 <= --browsers-check <= 10")

    def interrupted(signum: int, frame: Any) -> None:  # SIGTERM (e.g. from `timeout`) stops everything like Ctrl-C
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    if args.class_pool:
        app = (args.app or ["table.ipynb?seed=1"])[0].split("?")[0]
        args.voila_arg = class_pool_options(args.sessions, app) + args.voila_arg
    read_pools(args.voila_arg)  # the notebooks there are now, when the server starts
    server, base, log = start_voila(args.voila_arg, "pkt-load-voila-")
    try:
        # let the preheated pools fill before the class arrives (bounded): all pool kernels started and
        # done with the notebook up to the page request (their processes idle)
        warm = wait_for_quiet_pools(server, 240)
        if not warm:
            print("(the preheated pools were not ready after 240 s; the class starts anyway)")
        run = run_protocol if args.mode == "protocol" else run_browser
        budget = args.timeout * 3 + args.clicks * (args.think + args.timeout) + args.settle * 3 + 180 \
            + args.browsers_check * args.timeout * 4
        asyncio.run(asyncio.wait_for(run(args, base, server), timeout=budget))
    finally:
        stop_everything(server)
        print(f"server log: {log.name}")


if __name__ == "__main__":
    main()
