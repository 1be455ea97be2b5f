"""The kernels one visitor can start are bounded (widgets/kernel_bounds.py, voila.json): a kernel whose page
never connects is shut down within a minute, and beyond ``PageKernelManager.max_kernels`` a request gets
the "class server is full" page in the learner's language, before a kernel is taken for it.

The servers are the kit's (tests.support.KitServer: voila.json, 127.0.0.1, a free port, stopped by the
test). Voila has no route that lists kernels (docs/serving.md, "What the xsrf exemption opens"), so a
page's kernel is read from the server's REST API by the id the page holds (``GET /api/kernels/<id>``),
and all of the server's kernels are counted as its kernel processes. Every wait is for a named line of
the server's output, with a bound (the test of a preheated kernel's quiet time has no server: it waits,
bounded, for its two kernels' state).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

import psutil
import pytest
from websockets.sync.client import connect

from pokerkit_teach.core.i18n import message
from tests.support import ROOT, KitServer, free_port, free_ports

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _get(url: str, headers: dict[str, str] | None = None, method: str = "GET") -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8", "replace")


def _page_kernel(body: str) -> str:
    found = KERNEL_ID.search(body)
    assert found, body[-1500:]
    return found.group(1)


def _kernel_processes(server: KitServer) -> int:
    """The server's kernels, counted as its ipykernel processes (independent of what the server says)."""
    children = psutil.Process(server.process.pid).children(recursive=True)
    count = 0
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                count += 1
        except psutil.NoSuchProcess:
            pass
    return count


def _pools(**sizes: int) -> str:
    return "--VoilaKernelManager.kernel_pools_config=" + json.dumps({"default": {"pool_size": 0}} | {
        f"{name}.ipynb": {"pool_size": size} for name, size in sizes.items()})


def test_voila_json_bounds_every_page_kernel() -> None:
    """The bounds are on in the served configuration, with a ceiling above what a class of 30 needs (the
    preheated kernels and two pages per learner, docs/serving.md) and a check often enough for the minute."""
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == "pokerkit_teach.widgets.kernel_bounds.PageKernelManager"
    assert config["Voila"]["identity_provider_class"] == "pokerkit_teach.widgets.kernel_bounds.AdmittingIdentityProvider"
    bounds, culling = config["PageKernelManager"], config["MappingKernelManager"]
    assert bounds["unconnected_timeout"] + culling["cull_interval"] <= 60 - 5  # five seconds for the shutdown itself
    assert culling["cull_idle_timeout"] > 0, "Jupyter Server runs its culler, which runs the check, only then"
    pools = sum(entry["pool_size"] for name, entry in config["VoilaKernelManager"]["kernel_pools_config"].items() if name != "default")
    lessons = len(list((ROOT / "notebooks" / "lessons").rglob("*.ipynb")))
    preheated = pools + lessons * config["VoilaKernelManager"]["kernel_pools_config"]["default"]["pool_size"]
    assert preheated == 38
    assert bounds["max_kernels"] >= preheated + 2 * 30


def test_voila_json_bounds_a_page_message_above_the_largest_upload() -> None:
    """A client that is not the kit's page cannot push tornado's default 10 MiB in one websocket message; the
    kit's own largest message, a scenario file at the limit in one binary buffer, still fits."""
    from pokerkit_teach.core.limits import MAX_SCENARIO_BYTES

    size = json.loads((ROOT / "voila.json").read_text())["Voila"]["tornado_settings"]["websocket_max_message_size"]
    assert MAX_SCENARIO_BYTES + 64 * 1024 <= size <= 4 * 1024 * 1024


# The served configuration shuts an unconnected page's kernel down within a minute (checked above, from
# voila.json); the test below runs the same mechanism with a shorter bound, so that it takes seconds, not
# a minute: QUIET seconds of quiet, checked every CHECK seconds, and SLACK seconds for the kernel's start
# (its quiet time counts from then; ten kernels start at once on two cores) and its shutdown.
QUIET, CHECK, SLACK = 8.0, 2, 30.0
BOUND = QUIET + CHECK + SLACK


@pytest.mark.slow  # a Voila server, 13 kernels
def test_ten_plain_gets_leave_only_the_pool_after_their_bound() -> None:
    """Ten GETs of the table's address without a browser (as curl does) take ten kernels; each is shut down
    within the bound after its page (voila.json's bound is a minute, here a shorter one), and the server
    holds the table's pool of two again. A page that connects to its kernel, as Voila's page does, keeps it."""
    bounds = [_pools(table=2), f"--PageKernelManager.unconnected_timeout={QUIET}", f"--MappingKernelManager.cull_interval={CHECK}"]
    with KitServer(bounds) as server:
        server.output.wait_for("the table's pool of two is filled", lambda line: "Kernel pool of table.ipynb is filled" in line, 180)
        status, _, body = _get(server.base + "/voila/render/table.ipynb")
        assert status == 200
        browser_kernel, browser_page_at = _page_kernel(body), time.monotonic()
        with connect(f"ws://127.0.0.1:{server.port}/api/kernels/{browser_kernel}/channels?session_id={uuid.uuid4()}",
                     open_timeout=30):
            served: dict[str, float] = {}
            for _ in range(10):
                status, _, body = _get(server.base + "/voila/render/table.ipynb")
                assert status == 200
                kernel = _page_kernel(body)
                served[kernel] = time.monotonic()
                assert _get(f"{server.base}/api/kernels/{kernel}")[0] == 200, "each GET holds a kernel"
            assert len(served) == 10 and browser_kernel not in served
            lived: dict[str, float] = {}
            quiet: dict[str, int] = {}
            for kernel, at in served.items():
                line = server.output.wait_for(f"kernel {kernel}, whose page never connected, shut down within {BOUND:.0f} s of its page",
                                              lambda line, k=kernel: f"Shut down kernel {k}:" in line, max(1.0, at + BOUND - time.monotonic()))
                lived[kernel] = time.monotonic() - at
                said = re.search(r"quiet for (\d+) s", line)
                assert said, line
                quiet[kernel] = int(said.group(1))
            # not before its quiet time (as the server measured it, from the kernel's last message), and within the bound
            assert min(quiet.values()) >= QUIET and max(lived.values()) <= BOUND, (quiet, lived)
            print("seconds from each page to its kernel's shutdown:", ", ".join(f"{value:.0f}" for value in lived.values()))
            assert {kernel: _get(f"{server.base}/api/kernels/{kernel}")[0] for kernel in served} == {kernel: 404 for kernel in served}
            # the connected page's kernel stays (it was served before the others, longer ago than the bound)
            assert time.monotonic() - browser_page_at > QUIET + CHECK
            status, _, body = _get(f"{server.base}/api/kernels/{browser_kernel}")
            assert status == 200 and json.loads(body)["connections"] == 1
            assert _kernel_processes(server) <= 2 + 1, "the pool's two, and the connected page's"
        assert f"Shut down kernel {browser_kernel}" not in server.output.text()


def _learners_at_once(url: str, count: int) -> list[tuple[int, dict[str, str], str]]:
    answers: list[Any] = [None] * count
    ready = threading.Barrier(count)

    def learner(index: int) -> None:
        ready.wait(30)
        answers[index] = _get(url)

    threads = [threading.Thread(target=learner, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert all(answer is not None for answer in answers)
    return answers


@pytest.mark.slow  # a Voila server and three kernels
def test_beyond_the_ceiling_a_page_says_the_class_server_is_full_in_the_learners_language() -> None:
    """A ceiling of three kernels with a preheated index (one kernel): four learners at once get two pages
    (the preheated kernel, and its replacement, promised while it waits out Voila's fill delay) and two
    "full" pages, in German for ?lang=de; the ceiling also holds for a notebook without a pool, and in
    English for any language the kit does not speak. No kernel is started for a page turned away; once a
    page is closed, the next learner gets the app."""
    with KitServer([_pools(index=1), "--PageKernelManager.max_kernels=3"]) as server:
        server.output.wait_for("the index's preheated kernel is ready", lambda line: "Kernel pool of index.ipynb is filled" in line, 120)
        answers = _learners_at_once(server.base + "/voila/render/index.ipynb?lang=de", 4)
        assert sorted(status for status, _, _ in answers) == [200, 200, 503, 503]
        full = next(answer for answer in answers if answer[0] == 503)
        assert '<html lang="de">' in full[2] and message("serving.full.text", "de") in full[2]
        assert full[1]["Retry-After"] == "30" and full[1]["Content-Type"].startswith("text/html")
        assert "kernelId" not in full[2] and "Der Server der Klasse ist voll" in full[2]
        pages = [_page_kernel(body) for status, _, body in answers if status == 200]

        for query, lang in (("?lang=es", "es"), ("", "en"), ("?lang=fr", "en"), ("?lang=" + "x" * 3000, "en")):
            status, _, body = _get(server.base + "/voila/render/hand_ranker.ipynb" + query)  # no pool: a kernel of its own
            assert status == 503 and f'<html lang="{lang}">' in body and message("serving.full.title", lang) in body, (query[:20], body[:500])
            assert "x" * 100 not in body
        # the first page's replacement (taken by the second page while it waited out the fill delay), then
        # the second page's: the pool is filled for the third time
        server.output.wait_for("the index's pool is filled again by the promised replacements",
                               lambda line: "Kernel pool of index.ipynb is filled" in line, 60, times=3)
        assert _kernel_processes(server) == 3, "two pages and the pool's replacement; none for the pages turned away"

        closed = _get(f"{server.base}/voila/api/shutdown/{pages[0]}", {"Origin": server.base}, "POST")  # as a closed tab
        assert closed[0] == 204
        status, _, body = _get(server.base + "/voila/render/index.ipynb?lang=de")
        assert status == 200 and "kernelId" in body


@pytest.mark.slow  # a Voila server and a kernel
def test_without_the_identity_provider_a_page_kernel_is_still_refused_at_the_ceiling() -> None:
    """The kernel manager refuses a page's kernel that no admission promised, when it would pass the
    ceiling: with Jupyter's own identity provider, the second page of a ceiling of one gets an error (503),
    and no second kernel starts."""
    with KitServer(["--VoilaConfiguration.preheat_kernel=False", "--PageKernelManager.max_kernels=1",
                    "--Voila.identity_provider_class=jupyter_server.auth.identity.PasswordIdentityProvider"]) as server:
        first = _get(server.base + "/voila/render/index.ipynb")
        second = _get(server.base + "/voila/render/index.ipynb")
        assert first[0] == 200 and "kernelId" in first[2]
        assert second[0] == 503 and "kernelId" not in second[2]
        assert _kernel_processes(server) == 1


@pytest.mark.slow  # two kernels
def test_a_preheated_kernel_a_page_takes_is_quiet_from_then_not_from_its_wait_in_the_pool() -> None:
    """A preheated lesson runs to its end in the pool and waits there, quiet, perhaps for an hour. When a page
    takes it, the page's browser connects a moment later; a culler's check in that moment must not count
    the pool's wait as the page's quiet time (it did, and shut the kernel down under the page). A kernel
    started for a page that has been quiet as long is shut down, as before."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    from pokerkit_teach.widgets.kernel_bounds import PageKernelManager

    async def body() -> None:
        culling = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
        # voila.json's culling, but Jupyter Server's own periodic culler (started with the first kernel) not
        # within the test: only the test's calls below look at the kernels
        manager = PageKernelManager(unconnected_timeout=QUIET, root_dir=str(ROOT), **(culling | {"cull_interval": 3600}))
        env = dict(os.environ)
        pooled = await manager.start_kernel(kernel_name="python3", env=env | {"VOILA_PREHEAT": "True"})
        page = await manager.start_kernel(kernel_name="python3", env=env | {"VOILA_PREHEAT": "False"})
        try:
            kernels = {name: manager.get_kernel(kernel_id) for name, kernel_id in (("pooled", pooled), ("page", page))}
            for kernel in kernels.values():
                assert isinstance(kernel, ServerKernelManager)
                client = kernel.client()
                client.start_channels()
                try:
                    await client.wait_for_ready(timeout=60)  # the kernel runs and answers
                finally:
                    client.stop_channels()
            an_hour_ago = datetime.now(timezone.utc) - timedelta(hours=1)
            for kernel_id, kernel in zip((pooled, page), kernels.values()):
                # as after an hour's quiet wait. The manager's watch of the kernel's messages would note the same,
                # but it may join the kernel's broadcast after the kernel said it was idle (a subscriber misses
                # what was sent before it connected), and a late message would move last_activity: the watch
                # stops, and the test sets what it would have noted
                manager.stop_watching_activity(kernel_id)
                kernel.execution_state = "idle"
                kernel.last_activity = an_hour_ago
            await manager.cull_kernel_if_idle(page)  # a page's kernel quiet for an hour, never connected: shut down
            assert page not in manager
            # Voila asks the culler about the pooled kernel only once a page took it from its pool
            taken = datetime.now(timezone.utc)
            await manager.cull_kernel_if_idle(pooled)
            assert pooled in manager
            assert kernels["pooled"].last_activity >= taken, "its quiet time counts from when the page took it"
            kernels["pooled"].last_activity = datetime.now(timezone.utc) - timedelta(seconds=QUIET / 2)
            await manager.cull_kernel_if_idle(pooled)  # still within its quiet time
            assert pooled in manager
            # a page took it and never connected: quiet for longer than the bound since, it is shut down too
            kernels["pooled"].last_activity = datetime.now(timezone.utc) - timedelta(seconds=QUIET + 1)
            await manager.cull_kernel_if_idle(pooled)
            assert pooled not in manager
        finally:
            await manager.shutdown_all()

    failures: list[BaseException] = []

    def run() -> None:  # in a thread of its own: the session's browser may keep an event loop in the main thread
        try:
            asyncio.run(asyncio.wait_for(body(), 120))
        except BaseException as error:  # noqa: BLE001  # handed to the test's thread
            failures.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(150)
    assert not thread.is_alive(), "the kernels' check did not end within 150 s"
    if failures:
        raise failures[0]



def test_a_test_server_is_given_a_port_the_system_never_hands_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/support.free_ports: below the ephemeral range, from which the system gives ports for port 0 (a
    starting kernel's five, every outgoing connection), so nothing takes one between its choice and the
    server's bind; a slice for each pytest-xdist worker and one for a run without xdist, so no two test
    processes choose the same; and as many different ports as asked for."""
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
    if low < 12000:
        pytest.skip(f"the ephemeral range starts at {low}: no room below it (free_ports takes the system's choice)")
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "2")
    slices = []
    for worker in ("gw0", "gw1", None):
        if worker is None:
            monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT")
            monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
        else:
            monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        ports = {free_port() for _ in range(20)} | set(free_ports(4))
        assert all(1024 < port < low for port in ports), (worker, sorted(ports))
        slices.append(ports)
    assert max(slices[0]) < min(slices[1]) and max(slices[1]) < min(slices[2])
    assert len(set(free_ports(4))) == 4


@pytest.mark.slow  # starts Voila (which stops at once)
def test_a_kit_server_whose_port_is_taken_stops_and_says_so() -> None:
    """Voila would move on to another port, but it tells its preheated kernels the port it was given before
    it binds one, and they ask it for their page's address there: the tests' servers do not move
    (``--Voila.port_retries=0``), so a taken port is named at once instead of a page that ignores its address."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", free_port()))
        taken.listen()
        port = int(taken.getsockname()[1])
        server = KitServer([_pools(index=1)], port=port)
        with pytest.raises(RuntimeError, match="ended"):
            server.__enter__()
        assert f"The port {port} is already in use" in server.output.text()
