"""Browser tests of the apps: one Voila server for the session, one headless Chromium.

The server is started the way ``scripts/serve.sh`` starts it (``voila notebooks/`` from the repo root, so
Voila reads the repo's ``voila.json``: preheated kernels, culling, kernel shutdown on page close) but on
a free port of 127.0.0.1; it is stopped, with its kernels, at the end of the session. Chromium is
Debian's ``/usr/bin/chromium`` driven by Playwright; Playwright never downloads a browser here.
Screenshots go to ``test-artifacts/`` (gitignored).

Every test in this folder is in the slow tier (``pytest -m slow``); see pytest_collection_modifyitems.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator, Sequence

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
START_TIMEOUT = 90  # seconds for Voila to answer at all


HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every browser test slow (a Voila server and Chromium), whatever its module says. The hook sees
    the whole session's items, so it marks only those collected from this folder."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class VoilaServer:
    def __init__(self, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
        self.port = port
        self.process = process
        self.log = log
        self.base = f"http://127.0.0.1:{port}"

    def url(self, notebook: str, query: str = "") -> str:
        return f"{self.base}/voila/render/{notebook}" + (f"?{query}" if query else "")

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def start_voila(log: Path, port: int | None = None, folder: str = "notebooks/", extra: Sequence[str] = ()) -> VoilaServer:
    """Start ``voila <folder>`` (``notebooks/`` unless told; a path from the repo root, where ./voila.json is
    read) with the ``extra`` command-line options, and wait until it answers."""
    port = port or free_port()
    voila = Path(sys.executable).parent / "voila"
    handle = log.open("wb")
    process = subprocess.Popen(
        [str(voila), folder, "--Voila.ip=127.0.0.1", f"--port={port}", "--no-browser", *extra],
        cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    handle.close()
    server = VoilaServer(port, process, log)
    deadline = time.monotonic() + START_TIMEOUT
    for _ in range(4 * START_TIMEOUT):  # bounded: at most one request every 0.25 s
        if process.poll() is not None:
            raise RuntimeError(f"Voila exited with {process.returncode}:\n{server.log_tail()}")
        if time.monotonic() > deadline:
            break
        try:
            with urllib.request.urlopen(f"{server.base}/voila/tree", timeout=5) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    stop_voila(server)
    raise RuntimeError(f"Voila did not answer within {START_TIMEOUT} s:\n{server.log_tail()}")


@contextlib.contextmanager
def voila_running(log: Path, folder: str = "notebooks/", extra: Sequence[str] = ()) -> Iterator[VoilaServer]:
    """:func:`start_voila` for the ``with`` block, and :func:`stop_voila` after it (also when it fails)."""
    server = start_voila(log, folder=folder, extra=extra)
    try:
        yield server
    finally:
        stop_voila(server)


def stop_voila(server: VoilaServer) -> None:
    """Stop Voila and everything it started (its process group: the kernels too)."""
    try:
        os.killpg(server.process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=10)
    try:  # kernels that outlived the server in the same group
        os.killpg(server.process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# voila.json preheats a kernel for each of the 24 lessons; the suite's shared servers start
# without them (about 40 processor seconds a server at its start, for pages most tests never open), so
# their lesson pages get a kernel started for the page. test_lesson_preheated.py serves a preheated lesson.
LESSONS_COLD = '--VoilaKernelManager.preheat_denylist=["lessons/"]'


@pytest.fixture(scope="session")
def voila_server(artifacts: Path) -> Iterator[VoilaServer]:
    with voila_running(artifacts / "voila-browser-tests.log", extra=[LESSONS_COLD]) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does it as root)")
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="pkt-chromium-")
    with sync_playwright() as playwright:
        # a persistent context on a new, empty user-data dir; each test opens its own page(s)
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A page that records page errors and console errors (test_apps.Page); closed like a tab, so Voila
    shuts its kernel down."""
    from .test_apps import Page

    opened = Page(browser)
    try:
        yield opened
    finally:
        opened.close()
