"""The serve command's Voila setup renders the index notebook (a real server on 127.0.0.1).

The browser tests of the apps come with the apps; this checks the server side: Voila starts, runs the
notebook's kernel and returns the page. Requests are bounded in number and time, and the server is
stopped afterwards.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_voila_renders_the_index_notebook() -> None:
    port = free_port()
    voila = Path(sys.executable).parent / "voila"
    server = subprocess.Popen(
        [str(voila), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", "notebooks/"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    page = ""
    try:
        deadline = time.monotonic() + 90
        for _ in range(90):  # at most 90 requests, one a second
            if time.monotonic() > deadline or server.poll() is not None:
                break
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/index.ipynb?lang=de&seed=7", timeout=60) as response:
                    assert response.status == 200
                    page = response.read().decode("utf-8")
                    break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(1)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
    assert page, "Voila did not answer within 90 s"
    assert "kernelId" in page  # Voila started a kernel for the page; the browser tests check what it shows
    assert "Traceback" not in page
