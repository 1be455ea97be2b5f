"""A classroom on one server: 30 learners open an app at once (a script, not a test).

Starts one Voila server on 127.0.0.1 the way scripts/serve.sh does (repo root, voila.json), opens N
concurrent sessions in headless Chromium (Debian's /usr/bin/chromium; Playwright downloads nothing),
and reports:
  - time to first render of the app (page request until the element .pkt-title is visible): median, 95th percentile
  - kernel memory (RSS of the kernel processes while all pages are open)
  - a click round trip on the table app (if notebooks/table.ipynb exists): click to the kernel's answer in the page
  - the kernels still alive after every page is closed (the goal: none beyond the preheated pool)
Everything it starts is stopped at the end. Bounded: every wait has a timeout.

    .venv/bin/python benchmarks/classroom_load.py [--sessions 30] [--app index.ipynb] [--browsers 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SNAPSHOT_JS = """() => { const a = document.querySelector('.pkt-app'); return a ? a.innerText + [...a.querySelectorAll('button')].map(b => b.disabled).join() : ''; }"""


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
        except psutil.Error:
            pass
    return found


def rss_mib(processes: list[psutil.Process]) -> list[float]:
    sizes = []
    for proc in processes:
        try:
            sizes.append(proc.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return sizes


def pool_size() -> int:
    config = json.loads((ROOT / "voila.json").read_text())
    voila = config.get("VoilaConfiguration", {})
    return int(voila.get("default_pool_size", 1)) if voila.get("preheat_kernel") else 0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def open_session(context, url: str, timeout_ms: int, opened: list) -> tuple[object, float]:
    page = await context.new_page()
    opened.append(page)
    start = time.perf_counter()
    await page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
    await page.locator(".pkt-title").first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


async def click_round_trips(context, url: str, clicks: int, timeout_ms: int) -> list[float]:
    page = await context.new_page()
    times = []
    try:
        await page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
        await page.locator(".pkt-title").first.wait_for(state="visible", timeout=timeout_ms)
        for _ in range(clicks):
            target = None
            for css in ("button.pkt-pass:not([disabled])", "button.pkt-take-middle:not([disabled])", "button.pkt-new-game:not([disabled])"):
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


async def run(args: argparse.Namespace, base: str, server: subprocess.Popen[bytes]) -> None:
    notebooks = ROOT / "notebooks"
    url = f"{base}/voila/render/{args.app}"
    timeout_ms = int(args.timeout * 1000)
    async with async_playwright() as playwright:
        # One window (browser context) per learner: pages sharing a window are background tabs, and a
        # background tab gets no animation frames, so its widgets never lay out. Each launched browser
        # keeps its profile in a new, empty temporary user-data dir (Playwright's non-persistent launch).
        profiles: list[str] = []
        browsers = [await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                    for _ in range(args.browsers)]
        contexts = [await browsers[i % len(browsers)].new_context() for i in range(args.sessions)]
        try:
            print(f"kernels before the class: {len(kernels(server))} (preheated pool: {pool_size()} per app)")
            start = time.perf_counter()
            opened: list = []
            results = await asyncio.gather(
                *(open_session(contexts[i % len(contexts)], url, timeout_ms, opened) for i in range(args.sessions)),
                return_exceptions=True,
            )
            wall = time.perf_counter() - start
            pages = [r[0] for r in results if not isinstance(r, BaseException)]
            times = [r[1] for r in results if not isinstance(r, BaseException)]
            failures = [r for r in results if isinstance(r, BaseException)]
            print(f"{args.sessions} sessions of {args.app} opened at once on {os.cpu_count()} cores: "
                  f"{len(times)} rendered, {len(failures)} failed, all done in {wall:.1f} s")
            for failure in failures[:3]:
                print("  failure:", str(failure).splitlines()[0])
            if times:
                print(f"time to first render: median {statistics.median(times):.1f} s, "
                      f"95th percentile {percentile(times, 0.95):.1f} s, worst {max(times):.1f} s")
            sizes = rss_mib(kernels(server))
            if sizes:
                print(f"kernels alive with all pages open: {len(sizes)}; RSS per kernel: median {statistics.median(sizes):.0f} MiB, "
                      f"max {max(sizes):.0f} MiB; all kernels {sum(sizes):.0f} MiB")
            print(f"Voila server RSS: {psutil.Process(server.pid).memory_info().rss / 2**20:.0f} MiB")
            # every learner closes the tab (beforeunload runs, as in a real browser), rendered or not
            await asyncio.gather(*(p.close(run_before_unload=True) for p in opened), return_exceptions=True)

            if (notebooks / "table.ipynb").exists():
                trips = await click_round_trips(contexts[0], f"{base}/voila/render/table.ipynb?seed=1", args.clicks, timeout_ms)
                if trips:
                    print(f"table click round trip ({len(trips)} clicks, one learner): median {statistics.median(trips) * 1000:.0f} ms, "
                          f"worst {max(trips) * 1000:.0f} ms")
                else:
                    print("table click round trip: no clickable move found")
            else:
                print("table click round trip: notebooks/table.ipynb does not exist yet")
        finally:
            for context in contexts:
                await context.close()
            for browser in browsers:
                await browser.close()
            for profile in profiles:
                shutil.rmtree(profile, ignore_errors=True)
    # the kernels of closed pages are shut down by Voila (a beacon on page close); the pools refill
    expected = pool_size() * len([p for p in notebooks.glob("*.ipynb")])
    deadline = time.monotonic() + args.settle
    alive = len(kernels(server))
    while time.monotonic() < deadline and alive > expected:
        await asyncio.sleep(1)
        alive = len(kernels(server))
    print(f"kernels alive {args.settle:.0f} s (at most) after every page closed: {alive} "
          f"(preheated pools: {expected}; beyond the pools: {max(0, alive - expected)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="Chromium instances sharing the sessions")
    parser.add_argument("--app", default="index.ipynb")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=300, help="seconds for one page to render")
    parser.add_argument("--settle", type=float, default=30, help="seconds to wait for kernels to go after closing")
    args = parser.parse_args()

    def interrupted(signum, frame):  # SIGTERM (e.g. from `timeout`) stops everything like Ctrl-C
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="pkt-load-voila-", suffix=".log", delete=False)
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "voila"), "notebooks/", "--Voila.ip=127.0.0.1", f"--port={port}", "--no-browser"],
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
                    raise SystemExit(f"Voila exited; see {log.name}")
                time.sleep(0.25)
        # let the preheated pools fill before the class arrives (bounded)
        deadline = time.monotonic() + 120
        expected = pool_size() * len(list((ROOT / "notebooks").glob("*.ipynb")))
        while time.monotonic() < deadline and len(kernels(server)) < expected:
            time.sleep(1)
        time.sleep(5)
        asyncio.run(asyncio.wait_for(run(args, base, server), timeout=args.timeout * 3 + args.settle + 120))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        print(f"server log: {log.name}")


if __name__ == "__main__":
    main()
