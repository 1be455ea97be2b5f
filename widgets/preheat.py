"""A Voila kernel and its page's request: what a kernel Voila preheated (started before any page asked for it)
waits for, and the page's own address.

A preheated kernel runs an app's notebook before a learner asks for the page; the app is built with the
default settings and waits for the page's request (:func:`wait_for_voila_request`) before it reads the
address (:func:`request_query`). Elsewhere (a kernel started for its page, a notebook) the request is in
the environment already, or there is none, and nothing waits.
"""

from __future__ import annotations

import json
import os
import warnings

__all__ = ["preheated", "page_pending", "request_query", "wait_for_voila_request", "page_address"]


def preheated() -> bool:
    """True in a kernel Voila preheated (started before any page asked for it)."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


def page_pending() -> bool:
    """True in a kernel Voila preheated for a page that has not been asked for yet."""
    return preheated() and "QUERY_STRING" not in os.environ


def request_query() -> str:
    """The page's query string. A preheated Voila kernel runs the notebook before the page is asked for,
    so it waits for the request first (at once elsewhere)."""
    if "QUERY_STRING" not in os.environ:
        wait_for_voila_request()
    return os.environ.get("QUERY_STRING", "")


def wait_for_voila_request() -> None:
    """In a kernel Voila preheats (``VOILA_PREHEAT=True``), wait until a page takes it and copy the page
    request's variables (``QUERY_STRING``, ...) into the environment; elsewhere return at once.

    This is what ``voila.utils.wait_for_request`` does, without importing ``voila``: that import pulls in
    the whole Jupyter server and costs a kernel about 4.5 s of CPU (jsonschema's format checkers build
    their grammars), which a class of 30 starting kernels on a small server cannot afford. The protocol
    is Voila's: one websocket to ``/voila/query/<kernel id>``, which sends the request as one JSON object.
    """
    if not preheated():
        return
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")
    try:  # straight to the server, never through a proxy from the environment (websockets >= 15 would)
        with connect(url, open_timeout=5, max_size=2**20, proxy=None) as socket:
            info = json.loads(socket.recv())
    except (OSError, TimeoutError, ValueError, WebSocketException) as error:  # no server: the app runs with its defaults
        warnings.warn(f"no page request from Voila at {url}: {error}", stacklevel=2)
        return
    if not isinstance(info, dict):
        warnings.warn(f"Voila sent no request at {url}: {info!r:.80}", stacklevel=2)
        return
    for key, value in info.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value


def page_address() -> str:
    """The page's own address without its query, as the browser asked for it (Voila passes the request's
    host, port and path to the kernel); ``""`` outside Voila.

    A kernel Voila preheated for a lesson never waits for its page (the lesson runs whole before it is
    asked for), so it has no request in its environment. Called once the page is there (on a click), it
    fetches it: Voila keeps the request of a preheated kernel's page for it, and the answer comes at once."""
    env = os.environ
    if preheated() and "SCRIPT_NAME" not in env and "QUERY_STRING" not in env:
        wait_for_voila_request()
    path = env.get("SCRIPT_NAME", "")
    host = env.get("SERVER_NAME", "")
    if not path or not host:
        return ""
    port = env.get("SERVER_PORT", "")
    scheme = "https" if port == "443" else "http"
    shown_port = "" if port in ("", "80", "443") else f":{port}"
    return f"{scheme}://{host}{shown_port}{path}"

