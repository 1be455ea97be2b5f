"""How many kernels the class server holds, and for how long a page that never connects keeps one.

Every app page runs in a kernel: a Python process of 80-100 MiB on the server. Voila starts one (or hands
out a preheated one) for every GET of an app's address, whether or not a browser ever runs the page.
Without a bound, a loop of ``curl`` calls holds one kernel per call until the idle culler, 15 minutes
later. Two bounds, both set in ``voila.json`` (docs/serving.md, "Kernel bounds"):

- **A page that never connects.** Voila's page opens a websocket to its kernel as soon as its scripts
  run. :class:`PageKernelManager` notes every kernel a websocket ever connected to (Jupyter Server's
  ``notify_connect``), and the culler, which Jupyter Server runs every ``cull_interval`` seconds, shuts
  down a kernel outside the preheated pools that no websocket ever reached once it has been quiet for
  ``unconnected_timeout`` seconds (45): curl's kernels go within a minute; a learner's page, connected
  within seconds, keeps its kernel and the usual rules (page close, 15 minutes idle). A preheated
  kernel may wait in its pool for an hour; its quiet time counts from when it left the pool (the first
  check that finds it outside), so a page that takes it is not culled for the pool's wait before its
  browser connects.
- **A ceiling.** The server holds at most ``max_kernels`` kernels, counting those running, those
  starting and those promised to pages already let in (a page that takes a preheated kernel makes Voila
  start its replacement a few seconds later). A request for an app page beyond it gets
  :func:`server_full_page`, in the language of the address's ``?lang=``: the class server is full, try
  again in a moment or ask the teacher. The request is turned away by
  :class:`AdmittingIdentityProvider` before Voila takes a kernel for it: Jupyter Server asks the
  identity provider about every request before its handler runs, and it is the only class of a Voila
  server that sees a request before a preheated kernel is handed out (Voila 0.5 has no hook there;
  its ``prelaunch_hook`` cannot be used with preheated kernels).

Both classes are Jupyter Server's public extension points, named in ``voila.json``
(``VoilaConfiguration.multi_kernel_manager_class``, ``Voila.identity_provider_class``).
"""

from __future__ import annotations

import html
import time
import uuid
import weakref
from datetime import datetime, timedelta, timezone
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from tornado.web import Finish, HTTPError, RequestHandler
from traitlets import Float, Integer
from voila.handler import VoilaHandler

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, message
from pokerkit_teach.core.limits import shortened

__all__ = ["PageKernelManager", "AdmittingIdentityProvider", "server_full_page", "page_language", "PROMISE_SLACK",
           "RETRY_AFTER"]

PROMISE_SLACK = 120.0
"""Seconds a page let in keeps its place beyond Voila's ``fill_delay`` (the wait before a preheated kernel's
replacement starts): a page whose kernel never starts (an error while the page is built) gives its place
back then."""

RETRY_AFTER = 30
"""Seconds a "server full" answer asks a program to wait before asking again (the Retry-After header)."""


class PageKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with the ceiling on kernels and the shutdown of kernels whose page never
    connected (see the module's text). Voila adds its preheated pools on top of this class."""

    max_kernels = Integer(100, config=True, help="""The most kernels the server holds (running, starting or
        promised to pages let in); a request for an app page beyond it gets the "class server is full" page.
        At least the preheated kernels and two per learner (an app and a lesson each): docs/serving.md.""")

    unconnected_timeout = Float(45.0, config=True, help="""Seconds a kernel outside the preheated pools may
        stay quiet before a page has ever connected to it; then it is shut down (checked every
        MappingKernelManager.cull_interval seconds).""")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # jupyter_server leaves it unannotated
        self._connected: set[str] = set()  # kernels a websocket ever connected to
        self._starting: set[str] = set()
        self._pooled: set[str] = set()  # preheated kernels not yet seen outside their pool by the culler
        self._promised: list[float] = []  # when each promise to a page let in runs out (time.monotonic)

    # -- the ceiling
    def held_kernels(self) -> int:
        """Kernels running, starting and promised to pages let in."""
        self._drop_old_promises()
        return len(set(self.list_kernel_ids()) | self._starting) + len(self._promised)

    def admit_page(self) -> bool:
        """Let one more app page in, if the server holds fewer than ``max_kernels``: its kernel is
        counted from now on (it starts at once, or after Voila's ``fill_delay`` as a pool's replacement)."""
        if self.held_kernels() >= self.max_kernels:
            return False
        self._promised.append(time.monotonic() + float(getattr(self, "fill_delay", 0.0)) + PROMISE_SLACK)
        return True

    def _drop_old_promises(self) -> None:
        now = time.monotonic()
        self._promised = [until for until in self._promised if until > now]

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        """Jupyter Server's ``start_kernel``, counting the kernel while it starts. A kernel for a page that no
        admission promised (its request did not pass :class:`AdmittingIdentityProvider`) is refused at the
        ceiling."""
        if kernel_id is not None and kernel_id in self:
            return str(await super().start_kernel(kernel_id=kernel_id, **kwargs))
        kernel_id = kernel_id or str(uuid.uuid4())  # as Jupyter's own ids: 122 random bits
        preheat = (kwargs.get("env") or {}).get("VOILA_PREHEAT")  # "True" for a pool's kernel, "False" for a page's
        self._drop_old_promises()
        if self._promised:
            self._promised.pop(0)
        elif preheat == "False" and self.held_kernels() >= self.max_kernels:
            raise HTTPError(503, "the server holds its most kernels (%d)", self.max_kernels)
        self._starting.add(kernel_id)
        if preheat == "True":
            self._pooled.add(kernel_id)
        try:
            return str(await super().start_kernel(kernel_id=kernel_id, **kwargs))
        finally:
            self._starting.discard(kernel_id)

    # -- pages that never connect
    def notify_connect(self, kernel_id: str) -> None:
        """A websocket connected to the kernel (Jupyter Server calls this for every one)."""
        self._connected.add(kernel_id)
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    def page_connected(self, kernel_id: str) -> bool:
        """Whether a websocket ever connected to the kernel."""
        return kernel_id in self._connected

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:  # type: ignore[override]
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)  # type: ignore[no-untyped-call]
        if not restart:
            self._connected.discard(kernel_id)
            self._pooled.discard(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's culling (idle for ``cull_idle_timeout``), and before it the shutdown of a kernel no
        page ever connected to, quiet (not busy) for ``unconnected_timeout`` seconds. Voila calls this only
        for kernels outside its preheated pools, which wait for their page unconnected; the first call for a
        preheated kernel is just after a page took it, and marks it active then (Jupyter Server's own idle
        culling reads the same ``last_activity``)."""
        alive = set(self.list_kernel_ids())
        self._connected &= alive  # kernels that died are gone from the map
        self._pooled &= alive | self._starting
        kernel = self.get_kernel(kernel_id)
        if kernel_id in self._pooled and kernel_id not in self._starting:  # it has just left its pool for a page
            self._pooled.discard(kernel_id)
            if isinstance(kernel, ServerKernelManager):  # its quiet time starts now
                kernel.last_activity = datetime.now(timezone.utc)
        if kernel_id not in self._connected and isinstance(kernel, ServerKernelManager) \
                and kernel.execution_state not in ("busy", "starting"):
            quiet = datetime.now(timezone.utc) - kernel.last_activity
            if quiet > timedelta(seconds=self.unconnected_timeout):
                await self.shutdown_kernel(kernel_id)
                self.log.warning("Shut down kernel %s: no page ever connected to it, and it was quiet for %d s",
                                 kernel_id, quiet.total_seconds())
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


def page_language(handler: RequestHandler) -> str:
    """The language the address asks for (``?lang=``), if the kit speaks it; else English."""
    try:
        lang = handler.get_query_argument("lang", DEFAULT_LANGUAGE)
    except HTTPError:  # not decodable
        return DEFAULT_LANGUAGE
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def server_full_page(lang: str) -> str:
    """The page a request beyond the ceiling gets, in ``lang``: the class server is full, try again in a
    moment or ask the teacher, and a link that asks for the same address again (``href=""``).

    >>> page = server_full_page("de")
    >>> '<html lang="de">' in page, "Der Server der Klasse ist voll" in page
    (True, True)
    """
    title, text, again = (html.escape(message(f"serving.full.{key}", lang)) for key in ("title", "text", "again"))
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{title}</title>\n'
            "<style>body{font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;"
            "line-height:1.5;color:#1a1a1a}a{color:#1a5fb4;text-decoration:underline}</style>\n</head>\n<body>\n"
            f'<main class="pkt-server-full">\n<h1>{title}</h1>\n<p>{text}</p>\n<p><a href="">{again}</a></p>\n'
            "</main>\n</body>\n</html>\n")


class AdmittingIdentityProvider(PasswordIdentityProvider):
    """Jupyter Server's identity provider of a Voila server (no login unless a token is set), which also lets a
    request for an app page in only while the server holds fewer than ``PageKernelManager.max_kernels``;
    beyond, the request gets :func:`server_full_page` with status 503 before Voila takes a kernel for it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked: weakref.WeakSet[RequestHandler] = weakref.WeakSet()  # requests already let in or turned away

    async def get_user(self, handler: RequestHandler) -> User | None:
        user: User | None = await ensure_async(super().get_user(handler))
        if user is None or handler in self._asked or not await _opens_a_page(handler):
            return user
        self._asked.add(handler)
        manager = handler.settings.get("kernel_manager")
        if not isinstance(manager, PageKernelManager) or manager.admit_page():
            return user
        self.log.warning("The server is full (%d kernels): page %s turned away", manager.max_kernels,
                         shortened(handler.request.path))
        handler.set_status(503)
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Cache-Control", "no-store")
        handler.set_header("Retry-After", str(RETRY_AFTER))
        raise Finish(server_full_page(page_language(handler)))


async def _opens_a_page(handler: RequestHandler) -> bool:
    """Whether the request asks Voila for a notebook's page (which takes a kernel): a GET to Voila's page
    handler for a notebook that exists. Voila sends other files of its folder on (no kernel)."""
    if handler.request.method != "GET" or not isinstance(handler, VoilaHandler):
        return False
    asked = handler.path_args[0] if handler.path_args else ""
    if handler.notebook_path:  # Voila serving one notebook: its page is the root address
        return not asked
    suffixes = {".ipynb", *(suffix.lower() for suffix in handler.voila_configuration.extension_language_mapping)}
    if not asked or "." + asked.rsplit(".", 1)[-1].lower() not in suffixes:
        return False
    return bool(await ensure_async(handler.contents_manager.file_exists(asked)))
