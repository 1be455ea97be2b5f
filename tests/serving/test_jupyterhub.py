"""The apps on JupyterHub, with the kit's own hub config (deploy/jupyterhub/jupyterhub_config.py).

A real hub on 127.0.0.1 (free ports; state, log and homes in tmp_path): JupyterHub from PyPI,
configurable-http-proxy from the npm registry (scripts/hub_deps.sh installs both into .venv if they
are missing), the simple local process spawner, the idle culler as a hub service with a short idle time.
Three learners log in with the class password at once; each gets a server of their own whose default
address is the index app, opens the Pokerface table and plays a move through the widget protocol (the
kernel websocket through the proxy, as benchmarks/hub_load.py does, which drives the hub here); one of
them opens the index app in Chromium too (Debian's, through Playwright). The teacher, the hub's admin, sees each learner's server while they play; once idle for the culler's time they are gone; the hub,
the proxy and everything they started stop. Every request and wait is bounded; the hub is stopped even
when the test fails.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import psutil
import pytest

from tests.support import ROOT, hub_ports, load_script

pytestmark = pytest.mark.slow

LEARNERS = ["anna", "ben", "carla"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
IDLE = 20  # seconds: the culler's idle time here (voila.json's 900 in a class)


def hub_load() -> ModuleType:
    return load_script("benchmarks/hub_load.py")


def run(body: Any, seconds: float) -> None:
    """An async body in a thread of its own (a session's Playwright keeps an event loop in the main
    thread), bounded in time."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(asyncio.wait_for(body(), seconds))
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout=seconds + 30)
    assert not thread.is_alive(), f"the hub test did not finish in {seconds:.0f} s"
    if failure:
        raise failure[0]


def test_a_class_on_jupyterhub(tmp_path: Path) -> None:
    # the whole environment: npm needs HOME (its ~/.npmrc) and any proxy settings to reach its registry
    deps = subprocess.run(["bash", "scripts/hub_deps.sh"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=os.environ | {"PYTHON": sys.executable})
    assert deps.returncode == 0, deps.stderr
    hl = hub_load()
    # the culler checks every 5 s; the proxy's and the servers' activity reach the hub every 5 s
    hub = hl.start_hub(tmp_path / "hub", PKT_HUB_CULL_TIMEOUT=str(IDLE), PKT_HUB_CULL_EVERY="5",
                       PKT_HUB_ACTIVITY_INTERVAL="5", **hub_ports())
    seen: dict[str, Any] = {}
    servers: dict[str, Any] = {}  # each learner's server process, found while the learner plays
    teacher: list[Any] = []  # the teacher's hub client, logged in before the class starts

    async def learner(name: str, seed: int) -> None:
        client = hl.HubClient(hub.base, name, timeout=60)
        try:
            await client.login(hl.CLASS_PASSWORD)
            await client.spawn(time.monotonic() + 180)  # three servers start at once on two cores: a bound only
            url, _, _ = await client.page("")  # the server's default address
            assert url == f"{hub.base}/user/{name}/{hl.INDEX}"
            _, _, kernel_id = await client.page(f"{hl.TABLE}?seed={seed}")
            learner = hl.Learner(0, hl.TABLE)
            connection = await client.connect(kernel_id, learner)
            await connection.request_states()
            status = next(model for model, state in learner.states.items() if "pkt-log" in state.get("_dom_classes", ()))
            before = learner.states[status]["value"]
            move = connection.button(hl.DEAL_CLASSES)
            assert move is not None, "no move to play on the table"
            _, answered = await connection.click(move)
            assert answered, "the move got no widget updates"
            seen[name] = (before, learner.states[status]["value"], kernel_id)
            # the learner's own server, and the teacher sees it running, now: once the learner is gone it may be
            # culled within IDLE seconds, before the other learners and the browser are done
            servers[name] = hl.server_process(hub, name)
            assert servers[name], f"{name} has no server process"
            listed = await teacher[0].api(f"users/{name}")
            assert listed["servers"], f"the teacher does not see {name}'s server while {name} plays"
        finally:
            client.close()  # the learner closes the tabs: the servers go idle

    async def in_chromium(name: str) -> None:
        """The same learner in a browser: the login form, then the index app drawn (its scripts and the
        widgets come through the proxy from a server that runs the Voila extension only)."""
        from playwright.async_api import async_playwright

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = await browser.new_page()
                await page.goto(f"{hub.base}/hub/login", timeout=30_000)
                await page.fill("#username_input", name)
                await page.fill("#password_input", hl.CLASS_PASSWORD)
                await page.click("#login_submit")
                await page.locator(".pkt-title").first.wait_for(state="visible", timeout=60_000)
                seen["browser"] = page.url
                await page.close(run_before_unload=True)
            finally:
                await browser.close()

    async def class_and_teacher() -> None:
        teacher.append(hl.HubClient(hub.base, hl.TEACHER, timeout=30))
        try:
            await teacher[0].login(hl.TEACHER_PASSWORD)
            me = await teacher[0].api(f"users/{hl.TEACHER}")
            assert me["admin"] is True
            await asyncio.gather(*(learner(name, seed) for seed, name in enumerate(LEARNERS, start=1)))
            await in_chromium(LEARNERS[0])
            assert seen["browser"] == f"{hub.base}/user/{LEARNERS[0]}/{hl.INDEX}"
            assert len({proc.pid for proc in servers.values()}) == 3, "the learners share a server"
            seen["listed"] = time.monotonic()
            for _ in range(60):  # at most 60 requests, every 2 s: the culler's time and its round
                users = await teacher[0].api("users?state=active")
                if not users:
                    break
                await asyncio.sleep(2)
            seen["culled"] = time.monotonic() - seen["listed"]
            assert users == [], f"servers still running {IDLE} s idle and 100 s later: {[u['name'] for u in users]}"
        finally:
            teacher[0].close()

    try:
        run(class_and_teacher, 420)  # a bound on a hung hub: the spawns, the browser, the culler
        # the culled servers and their kernels are gone
        psutil.wait_procs([proc for proc in servers.values() if proc.is_running()], timeout=15)
        assert not [name for name, proc in servers.items() if proc.is_running()]
        kernels = [p for p in hub.processes() if "ipykernel" in " ".join(p.cmdline())]
        assert kernels == [], "kernels outlived their servers"
    finally:
        left = hl.stop_hub(hub)
    log = hub.log_tail()
    assert left == [], f"left running after the hub stopped: {left}"
    assert hub.process.returncode is not None
    with socket.socket() as sock:  # the proxy no longer answers
        assert sock.connect_ex(("127.0.0.1", hub.port)) != 0
    for name in LEARNERS:
        before, after, _ = seen[name]
        assert after != before, f"{name}'s move did not change the table's log"
    assert "idle-culler" in log and "Traceback" not in log, log
