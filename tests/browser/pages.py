"""What the browser tests share: the Voila server, the page that records its errors, the waits, the moves of
each game's player, the audits and the layout checks. A plain module (no tests, no fixtures): the test
modules and ``conftest.py`` import from it; nothing imports a conftest or a test module.

Every wait here is for a named condition (an element, a text, the kernel idle, a page that stopped
changing) and bounded; a wait that runs out fails with what it waited for and what the page showed
(:func:`wait_for`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import pytest
from tests.support import free_port, listening_port, load_script

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
GALLERY = ROOT / "docs" / "screenshots" / "layout"

# ------------------------------------------------------------------------------------------------ the server's pools
APPS = ["class_tables", "hand_ranker", "index", "pokerguess_explorer", "replay", "table", "variant_lab", "voces_explorer"]
PREHEATED_LESSON = "lessons/de/04_variants.ipynb"  # test_lessons.py checks a page served from a preheated kernel
# One kernel ready for each app's first page and for the preheated lesson; Voila fills a pool again
# (fill_delay of voila.json) after a page took its kernel, while the test works on that page. Every
# other notebook (the other lessons, the glossary, the quiz page) gets a kernel started for its page.
POOLS = {"default": {"pool_size": 0}} | {f"notebooks/{app}.ipynb": {"pool_size": 1} for app in APPS} | {
    f"notebooks/{PREHEATED_LESSON}": {"pool_size": 1}}
# Voila preheats every notebook below its folder that no pattern denies: this one denies all but the pools'.
# At its start Voila matches the patterns against each notebook's absolute path (from its start), later
# against the path below the folder served: the pattern allows any path that ends with a pool's name.
ONLY_POOLS = "^(?!(.*/)?(" + "|".join(name.replace(".", "[.]") for name in POOLS if name != "default") + ")$)"


# ------------------------------------------------------------------------------------------------ page loads
# Every Voila page a browser test opens (a document of ``/voila/render/``) is counted here by notebook, in
# each process; tests/conftest.py adds up the workers' counts and prints them at the end of the run.
PAGE_LOADS: Counter[str] = Counter()
MODULE_LOADS: Counter[str] = Counter()  # the same loads by the test module that made them


def count_page_load(url: str) -> None:
    """Count ``url`` if it is a page of Voila (``.../voila/render/<notebook>``), by its notebook and by the test
    module running (pytest's ``PYTEST_CURRENT_TEST``; a session's shared page counts for the first module
    that asked for it)."""
    path = url.split("?", 1)[0].split("#", 1)[0]
    if "/voila/render/" in path:
        PAGE_LOADS[path.split("/voila/render/", 1)[1]] += 1
        MODULE_LOADS[os.environ.get("PYTEST_CURRENT_TEST", "?").split("::", 1)[0].rsplit("/", 1)[-1]] += 1


def counted_context(launched: Any, **options: Any) -> Any:
    """A new browser context of ``launched`` (a Chromium of its own: separate cookies and storage per
    context) whose page loads are counted as the session's browser's are."""
    context = watch_requests(launched.new_context(**options))
    context.on("page", lambda opened: opened.on("domcontentloaded", lambda loaded: count_page_load(loaded.url)))
    return context


def open_app(p: Any, url: str) -> None:
    """Load an app's page and wait (bounded) for its title and for the page to settle."""
    p.goto(url, timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.locator(".pkt-title").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)
    settle(p)


def page_load_summary(loads: Counter[str], what: str = "Voila page loads") -> str:
    """One line: the total and the loads by notebook (or by test module), most first.

    >>> page_load_summary(Counter({"notebooks/table.ipynb": 3, "notebooks/index.ipynb": 1}))
    'Voila page loads: 4 (notebooks/table.ipynb 3, notebooks/index.ipynb 1)'
    """
    parts = ", ".join(f"{name} {count}" for name, count in loads.most_common())
    return f"{what}: {sum(loads.values())}" + (f" ({parts})" if parts else "")


# ------------------------------------------------------------------------------------------------ waits
def page_shows(p: Any, selector: str = ".pkt-app", chars: int = 600) -> str:
    """What the page shows (the app's text, cut), for a failure message."""
    try:
        shown = str(p.evaluate("sel => { const e = document.querySelector(sel) || document.body;"
                               " return e ? e.innerText : ''; }", selector))
    except Exception as error:  # noqa: BLE001  # the page may be gone: say so instead
        return f"(the page cannot be read: {error})"
    shown = re.sub(r"\s+", " ", shown).strip()
    return shown[:chars] + (" ..." if len(shown) > chars else "")


def wait_for(p: Any, js: str, what: str, arg: Any = None, timeout: int = 20_000, shown: str = ".pkt-app") -> Any:
    """Wait (bounded by ``timeout`` ms) until the page function ``js`` returns a true value, and return it;
    on a timeout fail with ``what`` was awaited and what the page (``shown``) showed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        return p.wait_for_function(js, arg=arg, timeout=timeout).json_value()
    except PlaywrightTimeoutError:
        pytest.fail(f"waited {timeout / 1000:.0f} s for {what}; the page showed: {page_shows(p, shown)}")


CHROMIUM = "/usr/bin/chromium"


CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


START_TIMEOUT = 90  # seconds for Voila to answer at all


class VoilaServer:
    """A running Voila: its port, process and log. ``prefix`` is where the apps' folder lies below the
    folder it serves (``notebooks/`` when it serves the repo root)."""

    def __init__(self, port: int, process: subprocess.Popen[bytes], log: Path, prefix: str = "") -> None:
        self.port = port
        self.process = process
        self.log = log
        self.prefix = prefix
        self.base = f"http://127.0.0.1:{port}"

    def url(self, notebook: str, query: str = "") -> str:
        """The address of an app or lesson of notebooks/ (``table.ipynb``, ``lessons/de/04_variants.ipynb``)."""
        return self.path_url(self.prefix + notebook, query)

    def path_url(self, path: str, query: str = "") -> str:
        """The address of a notebook by its path below the served folder."""
        return f"{self.base}/voila/render/{path}" + (f"?{query}" if query else "")

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def start_voila(log: Path, folder: str = "notebooks/", extra: Sequence[str] = (),
                prefix: str = "", env: Mapping[str, str] | None = None) -> VoilaServer:
    """Start the kit's Voila server as ``scripts/serve.sh`` does (``python -m pokerkit_teach.widgets.voila_app
    <folder>`` from the repo root, where ./voila.json is read; ``notebooks/`` unless told) on a free port of
    127.0.0.1 with the ``extra`` command-line options (and ``env`` added to the environment its kernels
    inherit), and wait (bounded) until it answers. Voila does not move to another port (``port_retries=0``):
    it tells its preheated kernels the port it was given before it binds it, and they ask it for their page there."""
    handle = log.open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerkit_teach.widgets.voila_app", folder, "--Voila.ip=127.0.0.1", f"--port={free_port()}",
         "--Voila.port_retries=0", "--no-browser", *extra],  # the port its preheated kernels are told (see support.free_port)
        cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True,
        env=os.environ | dict(env or {}) | {"PYTHONUNBUFFERED": "1"},
    )
    handle.close()
    try:
        port = listening_port(process, START_TIMEOUT, "Voila")
    except RuntimeError as error:
        stop_voila(VoilaServer(0, process, log, prefix))
        raise RuntimeError(f"{error}:\n{log.read_text(errors='replace')[-3000:]}") from None
    server = VoilaServer(port, process, log, prefix)
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
            time.sleep(0.25)  # the server is not listening yet: the next look, a quarter second on
    stop_voila(server)
    raise RuntimeError(f"Voila did not answer within {START_TIMEOUT} s:\n{server.log_tail()}")


@contextlib.contextmanager
def voila_running(log: Path, folder: str = "notebooks/", extra: Sequence[str] = (), prefix: str = "",
                  env: Mapping[str, str] | None = None) -> Iterator[VoilaServer]:
    """:func:`start_voila` for the ``with`` block, and :func:`stop_voila` after it (also when it fails)."""
    server = start_voila(log, folder=folder, extra=extra, prefix=prefix, env=env)
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



PLANNED = ["index.ipynb", "hand_ranker.ipynb", "replay.ipynb", "variant_lab.ipynb", "table.ipynb", "pokerguess_explorer.ipynb",
           "voces_explorer.ipynb"]


EXISTING = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))


def app_params() -> list[Any]:
    names = sorted(set(PLANNED) | set(EXISTING))
    return [
        pytest.param(name, id=name.removesuffix(".ipynb"))
        if name in EXISTING
        else pytest.param(name, id=name.removesuffix(".ipynb"),
                          marks=pytest.mark.skip(reason=f"notebooks/{name} is planned but does not exist yet"))
        for name in names
    ]


RENDER_TIMEOUT = 90_000  # ms for the first render of an app (a fresh kernel when the pool is used up)


ANSWER_TIMEOUT = 20_000  # ms for the kernel's answer to one click


# Messages of the browser itself that say nothing about the app.
IGNORED_CONSOLE = [re.compile(r"favicon\.ico")]


class Page:
    """A Playwright page that records uncaught errors and console errors."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.external: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type != "error" or any(p.search(message.text) for p in IGNORED_CONSOLE):
            return
        source = str((message.location or {}).get("url", ""))
        if message.text.startswith("Failed to load resource") and source and not source.startswith("http://127.0.0.1:"):
            # a resource from the internet (Voila's MathJax from a CDN); the test machine is offline
            self.external.append(source)
            return
        self.errors.append(f"console error: {message.text} ({source})")

    def open(self, url: str) -> None:
        self.page.goto(url, timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
        self.page.locator(".pkt-title").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)

    def title(self) -> str:
        return str(self.page.locator(".pkt-title").first.inner_text()).strip()

    def screenshot(self, artifacts: Path, name: str) -> None:
        self.page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)

    def close(self) -> None:
        # like a learner closing the tab: beforeunload runs, so Voila shuts the kernel down
        self.page.close(run_before_unload=True)


def open_tab(p: Any, name: str) -> None:
    p.get_by_role("tab", name=name).first.click(timeout=ANSWER_TIMEOUT)


def click_and_wait(p: Any, target: Any) -> None:
    """Click, wait for the kernel's answer (the page changes), then until it settles."""
    before = p.evaluate(SNAPSHOT_JS)
    target.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(p)


def choose(select: Any, text: str) -> None:
    """Choose the first option of ``select`` (an ipywidgets menu) whose words hold ``text``; ipywidgets writes the
    spaces of its options' words as no-break spaces."""
    texts = [" ".join(option.replace("\u00a0", " ").split()) for option in select.locator("option").all_inner_texts()]
    index = next((number for number, option in enumerate(texts) if text in option), None)
    assert index is not None, (text, texts)
    select.select_option(index=index)


def make_class(teacher: Any, game: str, learners: int) -> str:
    """On the teacher's class view: choose ``game`` (its title, as the menu says it) and a class of
    ``learners``, make the tables, and return the first table's code (once the join sheet shows the new
    tables)."""
    old = teacher.locator(".pkt-class-code").all_inner_texts()
    choose(teacher.locator("select").first, game)
    settle(teacher)
    field = teacher.locator("input[type='number']").first
    field.fill(str(learners))
    field.press("Enter")
    settle(teacher)
    click_and_wait(teacher, teacher.locator("button.pkt-class-make").first)
    wait_for(teacher, "old => { const c = [...document.querySelectorAll('.pkt-class-code')].map(e => e.innerText);"
             " return c.length > 0 && c.join() !== old.join(); }", f"the join sheet of a new class of {game}", arg=old)
    return str(teacher.locator(".pkt-class-code").first.inner_text()).strip()


def seat_bots(teacher: Any, names: Sequence[str]) -> None:
    """On the class view, seat a bot in each of the first table's seats ``names`` (the players' names), by its
    row's menu and button; each time the row names the bot."""
    row = teacher.locator(".pkt-class-row").first
    for name in names:
        wait_for(teacher, "name => [...document.querySelectorAll('.pkt-class-row select option')]"
                 ".some(o => o.textContent.replace(/\\u00a0/g, ' ').includes(name))",
                 f"the class view's menu offering a bot for {name}", arg=name, shown=".pkt-class-status")
        choose(row.locator("select").first, name)
        settle(teacher)
        click_and_wait(teacher, row.locator("button.pkt-class-bot").first)
        wait_for(teacher, "name => { const line = document.querySelector('.pkt-class-row .widget-html').innerText;"
                 " const bots = line.match(/bots: ([^\u00b7]*)/i); return !!bots && bots[1].includes(name); }",
                 f"the class view's first row naming {name} among its bots", arg=name, shown=".pkt-class-status")


def room_seed(rooms: Any, code: str) -> int:
    """The seed the room was made with (the first line of its file in ``rooms.data``, the room server's folder)."""
    return int(json.loads((rooms.data / f"{code}.jsonl").read_text("utf-8").splitlines()[0])["seed"])


def reload_keeps_the_seat(page: Any, code: str, joined: str) -> None:
    """The page's address holds the seat's link once seated; a reload opens the same seat."""
    wait_for(page, "code => new URLSearchParams(location.search).get('room') === code"
             " && !!new URLSearchParams(location.search).get('seat')", "the seat's link in the page's address", arg=code)
    page.reload(timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    page.locator(".pkt-message").filter(has_text=joined).first.wait_for(timeout=RENDER_TIMEOUT)
    settle(page)


def downloaded_scenarios(teacher: Any) -> list[Any]:
    """Press the class view's download and read its zip (the link's ``data:`` address) as the scenario files
    it holds, one per table, each loaded by the kit's scenario codec."""
    import base64
    import io
    import zipfile

    from pokerkit_teach.core.scenarios import load_scenario_text

    click_and_wait(teacher, teacher.locator("button:has-text('Download')").first)
    href = teacher.locator(".pkt-class-download a").first.get_attribute("href") or ""
    data = re.search(r"base64,([A-Za-z0-9+/=]+)$", href)
    assert data is not None, href[:200]
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(data.group(1)))) as archive:
        return [load_scenario_text(archive.read(name).decode("utf-8")) for name in archive.namelist()]


def play_by_clicks(p: Any, candidates: Callable[[Any], list[Any]], done: Callable[[], bool], status: Any,
                   max_clicks: int, goal: str) -> int:
    """Click the first enabled, visible candidate and wait for the kernel's answer, until ``done()``
    (at most ``max_clicks`` clicks; up to 10 s for the next move's buttons each time)."""
    clicks = 0
    while not done():
        assert clicks < max_clicks, f"no {goal} after {max_clicks} clicks; status: {status.inner_text()}"
        target = None
        for _ in range(50):
            target = next((c.first for c in candidates(p) if c.count() and c.first.is_visible()), None)
            if target is not None or done():
                break
            p.wait_for_timeout(200)
        if target is None and done():
            break
        assert target is not None, f"after {clicks} clicks nothing to click and no {goal}; status: {status.inner_text()}"
        click_and_wait(p, target)
        clicks += 1
    return clicks


# A fingerprint of what the table shows; a click has been answered when it changes.
SNAPSHOT_JS = """() => {
  const app = document.querySelector('.pkt-app');
  if (!app) return '';
  const enabled = [...app.querySelectorAll('button')].map(b => (b.disabled ? '0' : '1') + b.className).join('|');
  return app.innerText + '#' + enabled;
}"""


MAX_CLICKS = 200


# The table's moves (widgets/table.py): Pass is a button; a take is a chip of the drawn table, ringed when
# legal (the class pkt-state-legal), in the middle or in front of another player.
PASS = "button.pkt-pass:not([disabled])"


TAKE_MIDDLE = ".pkt-board [data-region='middle'] button.pkt-state-legal"


TAKE_FROM = ".pkt-board [data-region^='seat-'] button.pkt-state-legal"


def move_candidates(p: Any) -> list[Any]:
    """Pass if allowed, else take the first free token from the middle (the reveal button, then taking
    from a player, only when nothing else is possible)."""
    return [
        p.locator(PASS),
        p.locator(TAKE_MIDDLE),
        p.locator("button.pkt-reveal-next:not([disabled])"),
        p.locator(TAKE_FROM),
    ]


# The execution state of the page's kernel, from the Jupyter Server REST API that Voila serves
# (GET api/kernels/<id>; the page's jupyter-config-data names its kernel): "idle", "busy", ... or "" when
# the page has no kernel or the server does not answer.
KERNEL_STATE_JS = """async () => {
  const node = document.getElementById('jupyter-config-data');
  if (!node) return '';
  try {
    const config = JSON.parse(node.textContent);
    if (!config.kernelId) return '';
    const answer = await fetch(`${config.baseUrl || '/'}api/kernels/${config.kernelId}`, {cache: 'no-store'});
    return answer.ok ? String((await answer.json()).execution_state || '') : '';
  } catch (error) { return ''; }
}"""


def kernel_idle(p: Any, limit_ms: int = ANSWER_TIMEOUT, poll_ms: int = 100) -> None:
    """Wait (bounded by ``limit_ms``) until the page's kernel is idle: it has sent every message of the answer
    it was working on (a kernel says "idle" only after its last output of a request). Asks the server every
    ``poll_ms``; fails, with what the page showed, if the kernel is still busy at the end."""
    deadline = time.monotonic() + limit_ms / 1000
    while p.evaluate(KERNEL_STATE_JS) == "busy":
        if time.monotonic() > deadline:
            pytest.fail(f"the page's kernel was still busy after {limit_ms / 1000:.0f} s; the page showed: {page_shows(p)}")
        p.wait_for_timeout(poll_ms)


# The app's title says something else than ``old``: the kernel has answered a language switch (the switch
# itself marks the pressed language in the browser at once, before the kernel answers).
TITLE_CHANGED_JS = "old => { const t = document.querySelector('.pkt-title'); return t && t.innerText.trim() && t.innerText.trim() !== old; }"


def wait_until(p: Any, js: str, arg: Any = None, timeout: int = ANSWER_TIMEOUT) -> bool:
    """Wait (bounded by ``timeout`` ms) until the page function ``js`` (called with ``arg``) returns a true
    value: for an answer whose parts come in several messages, when the test knows what the last part
    shows. False on a timeout, so the caller's assertion then says what the page shows instead."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        p.wait_for_function(js, arg=arg, timeout=timeout)
    except PlaywrightTimeoutError:
        return False
    return True


# What the page asked of its kernel and what the kernel has answered, for :func:`settle`. Added to every browser
# context before any page's script runs (:func:`watch_requests`): the page's kernel websockets (Jupyter's
# ``.../channels``) are watched, every request the page sends on the shell channel is noted by its id, and it is
# answered once the kernel's "idle" status for it comes on IOPub (a kernel sends it after its last message for
# that request). Both wire formats of Jupyter Server are read: JSON text and the binary
# "v1.kernel.websocket.jupyter.org" protocol. Anything else read (a Blob) makes the watch "unknown".
REQUESTS_INIT_JS = """(() => {
  if (window.__pktRequests || typeof WebSocket === 'undefined') return;
  const watch = {pending: new Set(), sent: 0, unknown: false};
  window.__pktRequests = watch;
  const decoder = new TextDecoder();
  const read = data => {
    if (typeof data === 'string') {
      const m = JSON.parse(data);
      return {channel: m.channel, header: m.header || {}, parent: m.parent_header || {}, content: () => m.content || {}};
    }
    if (!(data instanceof ArrayBuffer || ArrayBuffer.isView(data))) { watch.unknown = true; return null; }
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
    if (count >= 6 && count < 4096) {  // v1: the number of offsets, the offsets, the channel, then the parts in JSON
      const at = i => view.getUint32(8 * (i + 1), true) + view.getUint32(8 * (i + 1) + 4, true) * 2 ** 32;
      const part = i => decoder.decode(bytes.subarray(at(i), at(i + 1)));
      return {channel: part(0), header: JSON.parse(part(1)), parent: JSON.parse(part(2)), content: () => JSON.parse(part(4))};
    }
    // the older binary form: the number of parts and their offsets (big-endian), the message's JSON first
    const parts = view.getUint32(0);
    const m = JSON.parse(decoder.decode(bytes.subarray(view.getUint32(4), parts > 1 ? view.getUint32(8) : bytes.length)));
    return {channel: m.channel, header: m.header || {}, parent: m.parent_header || {}, content: () => m.content || {}};
  };
  const safely = (data, use) => { try { const m = read(data); if (m) use(m); } catch (error) { watch.unknown = true; } };
  const kernel = url => { const path = String(url).split('?')[0]; return path.includes('/api/kernels/') && path.endsWith('/channels'); };
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (kernel(url)) {
        this.addEventListener('message', event => safely(event.data, m => {
          if (m.channel === 'iopub' && m.header.msg_type === 'status' && m.content().execution_state === 'idle') {
            watch.pending.delete(m.parent.msg_id);
          }
        }));
      }
    }
    send(data) {
      if (kernel(this.url)) {
        safely(data, m => { if (m.channel === 'shell') { watch.pending.add(m.header.msg_id); watch.sent += 1; } });
      }
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})()"""


def watch_requests(context: Any) -> Any:
    """Add :data:`REQUESTS_INIT_JS` to a browser context (every page it opens runs it first) and return the context."""
    context.add_init_script(REQUESTS_INIT_JS)
    return context


WATCHED_JS = "() => !!window.__pktRequests && !window.__pktRequests.unknown"
"""Whether the page's requests to its kernel are watched (:data:`REQUESTS_INIT_JS`) and can be read."""


def answered_and_still_js(reading_js: str) -> str:
    """A page function (its argument: a number of animation frames) for a page whose requests are watched: it
    resolves to true once every request the page sent its kernel is answered and, with no new request sent,
    ``reading_js`` has returned the same value for that many frames in a row (the answer's last messages are
    drawn, and drawing them asked the kernel nothing more); to "unknown" if the watch can no longer read the
    page's messages."""
    return f"""frames => new Promise(done => {{
  const watch = window.__pktRequests;
  const read = {reading_js};
  let last = null, still = 0;
  const look = () => {{
    if (watch.unknown) return done('unknown');
    const now = watch.sent + '#' + JSON.stringify(read());
    still = watch.pending.size === 0 && now === last ? still + 1 : 0;
    last = now;
    if (still >= frames) done(true); else requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}})"""


SETTLED_JS = answered_and_still_js(SNAPSHOT_JS)  # the app's text and which of its buttons are enabled
SETTLED_FRAMES = 3


def settle(p: Any, quiet_ms: int = 300, limit_ms: int = 10_000, pushed: bool = False) -> None:
    """Wait (bounded) until the page's kernel is idle, every request the page sent it is answered, and the app is
    drawn: unchanged, with no new request, for :data:`SETTLED_FRAMES` animation frames (:data:`SETTLED_JS`).
    Where the page's kernel sends by itself what the test awaits (``pushed``: a room's update, which answers no
    request of the page and comes in several messages), and on a page whose requests cannot be watched, it
    then also waits until the app has not changed for ``quiet_ms``. Fails, with what the page showed, if the app
    keeps changing for ``limit_ms``."""
    kernel_idle(p)
    if p.evaluate(WATCHED_JS) and wait_for(
            p, SETTLED_JS, "every request of the page answered by its kernel, and the app drawn", arg=SETTLED_FRAMES,
            timeout=max(limit_ms, ANSWER_TIMEOUT)) is True and not pushed:
        return
    last = p.evaluate(SNAPSHOT_JS)
    deadline = time.monotonic() + limit_ms / 1000
    while time.monotonic() < deadline:
        p.wait_for_timeout(quiet_ms)
        now = p.evaluate(SNAPSHOT_JS)
        if now == last:
            return
        last = now
    pytest.fail(f"the app kept changing for {limit_ms / 1000:.0f} s after its kernel was idle; the page showed: {page_shows(p)}")


def kernel_state(server: VoilaServer, kernel: str) -> str:
    """The page's kernel's execution state, as the Jupyter server reports it."""
    with urllib.request.urlopen(f"{server.base}/api/kernels/{kernel}", timeout=10) as response:
        return str(json.loads(response.read())["execution_state"])



MAX_TABS = 200


GERMAN = ".pkt-language button"  # with the text "Deutsch"


FOCUS_JS = """sel => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return {desc: '(page body)', hit: false, text: ''};
  const text = (e.innerText || e.value || e.getAttribute('aria-label') || e.title || '').trim();
  const cls = [...e.classList].filter(c => c.startsWith('pkt-') || c.startsWith('widget-')).join('.');
  return {desc: `${e.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text.slice(0, 30)}"`, hit: e.matches(sel), text};
}"""


UNNAMED_BUTTONS_JS = """() => [...document.querySelectorAll('.pkt-app button, .pkt-app [role=button]')]
  .filter(b => b.offsetParent !== null || b.getClientRects().length)
  .filter(b => {
    const named = (b.innerText || '').trim() || (b.getAttribute('aria-label') || '').trim() || (b.title || '').trim();
    const by = b.getAttribute('aria-labelledby');
    const labelled = by && by.split(/\\s+/).some(id => { const l = document.getElementById(id); return l && l.innerText.trim(); });
    return !named && !labelled;
  })
  .map(b => b.outerHTML.slice(0, 160))"""


def tab_to(p: Any, selector: str, key: str = "Tab", text: str | None = None) -> list[str]:
    """Press ``key`` until the focused element matches ``selector`` (and shows ``text``); the focus path."""
    path: list[str] = []
    for _ in range(MAX_TABS):
        p.keyboard.press(key)
        focus = p.evaluate(FOCUS_JS, selector)
        path.append(focus["desc"])
        if focus["hit"] and (text is None or text in focus["text"]):
            return path
    raise AssertionError(
        f"{selector}{f' {text!r}' if text else ''} never got the focus in {MAX_TABS} presses of {key}; "
        f"the focus went to: " + " -> ".join(path)
    )


# The focused element's outline and the colour behind it (the first ancestor with an opaque background,
# else white), with the WCAG contrast ratio of the two.
RING_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const rgb = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const v = m[1].split(',').map(x => parseFloat(x)); return {r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1}; };
  const lum = c => { const f = x => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const s = getComputedStyle(e);
  let back = {r: 255, g: 255, b: 255, a: 1};
  for (let n = e.parentElement; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c && c.a >= 0.99) { back = c; break; }
  }
  const ring = rgb(s.outlineColor);
  const [hi, lo] = [lum(ring), lum(back)].sort((x, y) => y - x);
  return {tag: e.tagName.toLowerCase(), cls: e.className, style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          colour: s.outlineColor, background: `rgb(${back.r}, ${back.g}, ${back.b})`, contrast: (hi + 0.05) / (lo + 0.05)};
}"""


# Each visible disabled move button of the app: its reason (tooltip), the visible reason text beside it
# (the .pkt-move-reason of its .pkt-move box), and its colours.
DISABLED_MOVES_JS = """sel => [...document.querySelectorAll(sel)]
  .filter(b => b.disabled && b.getClientRects().length)
  .map(b => { const box = b.closest('.pkt-move'); const label = box && box.querySelector('.pkt-move-reason');
    const s = getComputedStyle(b);
    return {button: (b.innerText || '').trim(), title: b.title || '',
            reason: label && label.getClientRects().length ? label.innerText.trim() : '',
            background: s.backgroundColor, color: s.color, opacity: s.opacity}; })"""


# The first control of the PokerGuess play tab the learner can use, in the order the app moves the focus.
NEXT_GUESS_CONTROL_JS = """() => ['button.pkt-guess-next-round', ".pkt-guess-board button.pkt-state-legal[data-key^='mine-']", 'button.pkt-guess-predict',
  'button.pkt-guess-stay', 'button.pkt-guess-fold'].find(sel => [...document.querySelectorAll(sel)]
  .some(b => !b.disabled && b.getClientRects().length)) || null"""


GREY = "rgb(228, 228, 228)"


# Every visible disabled button of the app with its background, opacity and text contrast.
DISABLED_LOOK_JS = """() => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const f = x => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  return [...document.querySelectorAll('.pkt-app button')].filter(b => b.disabled && b.getClientRects().length).map(b => {
    const s = getComputedStyle(b);
    const [hi, lo] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
    return {button: (b.innerText || '').trim().slice(0, 30), cls: b.className, background: s.backgroundColor,
            opacity: s.opacity, contrast: (hi + 0.05) / (lo + 0.05)};
  });
}"""  # the apps' style for a disabled button, whatever its button_style


def answer(p: Any, before: str) -> None:
    """Wait (bounded) for the kernel's answer to a key press: the page changes, then settles."""
    p.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(p)


def wait_for_focus_on_next_control(p: Any) -> None:
    """Wait (bounded by ANSWER_TIMEOUT) until the control NEXT_GUESS_CONTROL_JS names has the focus; on
    a timeout return quietly, so the caller's assertion says where the focus is instead."""
    wait_until(p, f"() => {{ const sel = ({NEXT_GUESS_CONTROL_JS})(); return !!sel && ({FOCUS_JS})(sel).hit; }}")



LANGUAGES = {"en": "English", "de": "Deutsch"}


PROJECTOR = (1280, 720)


TABLET = (768, 1024)


# Problems that make a page scroll sideways or cut its content off at the right, as readable lines.
OVERFLOW_JS = """() => {
  const name = e => {
    let s = e.tagName.toLowerCase();
    const classes = [...e.classList].filter(c => c.startsWith('pkt-') || c.startsWith('widget-') || c.startsWith('jp-')).slice(0, 4);
    if (classes.length) s += '.' + classes.join('.');
    const text = (e.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return text ? `${s} ("${text}")` : s;
  };
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a window of ${root.clientWidth} px`);
  for (const e of document.querySelectorAll('body, body *')) {
    const style = getComputedStyle(e);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
      problems.push(`${name(e)} scrolls sideways: ${e.scrollWidth} px of content in ${e.clientWidth} px`);
    }
  }
  const right = root.clientWidth;
  const beyond = [];
  for (const e of document.querySelectorAll('.pkt-app *')) {
    const box = e.getBoundingClientRect();
    // checkVisibility: a closed <details> keeps the stale boxes of its hidden content
    if (box.width > 0 && box.height > 0 && box.right > right + 1 && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})
        && !beyond.some(outer => outer.contains(e))) beyond.push(e);
  }
  for (const e of beyond.slice(0, 5)) problems.push(`${name(e)} reaches ${Math.round(e.getBoundingClientRect().right)} px, past the window's ${right} px`);
  // words cut off by a box too narrow for them that hides the rest (a label of ipywidgets' 80 px, a button's '…');
  // a box of one pixel is text for screen readers only (the drawn tables' live region), not shown at all
  for (const e of document.querySelectorAll('.pkt-app *')) {
    const style = getComputedStyle(e);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    if (e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1 && (e.innerText || '').trim()
        && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})) {
      problems.push(`${name(e)} is cut off: ${e.scrollWidth} px of words in ${e.clientWidth} px`);
    }
  }
  return problems;
}"""


# The layout has settled when the boxes of the app stop changing (lumino and the drawn tables' ResizeObserver
# react to a new viewport size within a frame or two).
LAYOUT_JS = """() => {
  const app = document.querySelector('.pkt-app');
  if (!app) return '';
  return [...app.querySelectorAll('*')].slice(0, 3000).map(e => { const b = e.getBoundingClientRect(); return `${Math.round(b.width)}x${Math.round(b.height)}`; }).join(',')
    + '|' + app.innerText.length;
}"""


SIZES_JS = """() => {
  const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;
  const app = document.querySelector('.pkt-app');
  const text = [...app.querySelectorAll('.widget-html-content, .widget-label, button')].find(e => e.checkVisibility() && e.innerText.trim());
  const drawn = [...app.querySelectorAll('.pkt-drawn-item, .widget-html-content svg.pkt-svg')].find(e => e.checkVisibility());
  return {title: px(app.querySelector('.pkt-title')), text: px(text), drawn: drawn ? drawn.getBoundingClientRect().width : 0};
}"""


LAYOUT_STILL_JS = answered_and_still_js(LAYOUT_JS)  # the app's boxes


def settle_layout(p: Any, quiet_ms: int = 150, limit_ms: int = 8_000) -> None:
    """Wait (bounded) for the web fonts, then until the app's boxes have not changed for :data:`SETTLED_FRAMES`
    animation frames in a row, with every request the page sent its kernel answered (a page whose requests are
    not watched: for ``quiet_ms``). An app still moving after ``limit_ms`` is left as it is: the checks that
    follow say what they find."""
    p.evaluate("() => document.fonts.ready.then(() => true)")
    if p.evaluate(WATCHED_JS):
        wait_until(p, LAYOUT_STILL_JS, arg=SETTLED_FRAMES, timeout=limit_ms)  # an app still moving is left as it is
        if p.evaluate(WATCHED_JS):  # unless the watch could not read a message meanwhile
            return
    last = p.evaluate(LAYOUT_JS)
    waited = 0
    while waited < limit_ms:
        p.wait_for_timeout(quiet_ms)
        waited += quiet_ms
        now = p.evaluate(LAYOUT_JS)
        if now == last:
            return
        last = now


def set_projector(p: Any, on: bool) -> None:
    switch = p.locator(".pkt-projector-switch").first
    switch.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"() => !!document.querySelector('.pkt-app.pkt-projector') === {'true' if on else 'false'}",
                        timeout=ANSWER_TIMEOUT)
    settle_layout(p)


def look(p: Any, folder: Path, shot: str | None, where: str) -> list[str]:
    """Shoot the viewport (if ``shot`` names the file) and say what scrolls sideways, each line prefixed with ``where``."""
    if shot:
        p.screenshot(path=str(folder / f"{shot}.png"))
    return [f"{where}: {problem}" for problem in p.evaluate(OVERFLOW_JS)]


def to_gallery(shots: list[Path]) -> None:
    """Copy screenshots into the docs' gallery, through pngquant (256 colours) when it is installed."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    pngquant = shutil.which("pngquant")
    for shot in shots:
        target = GALLERY / shot.name
        made = pngquant and subprocess.run([pngquant, "--quality", "70-95", "--speed", "1", "--strip", "--force", "--output", str(target),
                                            str(shot)], timeout=60).returncode == 0
        if not made:  # no pngquant, or it could not keep the quality: the screenshot as it is
            shutil.copyfile(shot, target)



COUNTED = ("serious", "critical")


def lesson_load() -> Any:
    """benchmarks/lesson_load.py, for its in-page watch of the widget views."""
    return load_script("benchmarks/lesson_load.py")


def open_lesson(page: Page, url: str) -> None:
    """Open a lesson and wait (bounded) until every widget view of the page is drawn (the in-page watch of
    benchmarks/lesson_load.py). No second try: a page whose HTML never comes (docs/benchmarks.md, "Lesson
    pages", an open problem) fails, naming the address and what the page showed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    p = page.page
    p.add_init_script(lesson_load().FIRST_WIDGET_INIT_JS)
    try:
        p.goto(url, timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    except PlaywrightTimeout:
        pytest.fail(f"the lesson page {url} sent no HTML within {RENDER_TIMEOUT // 1000} s (docs/benchmarks.md, Lesson pages); "
                    f"the page showed: {page_shows(p, 'body')}")
    wait_for(p, "() => window.pktAllWidgetsMs !== undefined", f"every widget of {url} drawn", timeout=RENDER_TIMEOUT, shown="body")


def serious_violations(p: Any) -> list[str]:
    """The serious and critical violations axe-core finds on a lesson page, one line each."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(p)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in COUNTED:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']}; "
                         f"{len(targets)} element(s): {'; '.join(targets[:8])}")
    return found


# the first control a learner can use in a cell's output (a widget's button, field, choice or drawn item)
FIRST_CONTROL_JS = """() => {
    const control = document.querySelector('.jp-OutputArea-output :is(button, input, select, textarea, [role=button], [role=radio])');
    return control ? control.getBoundingClientRect().top + window.scrollY : null;
}"""



SIMULATION_TIMEOUT = 120_000  # ms: 400 games on a busy machine


def on_demand(p: Any, label: str) -> tuple[Any, Any]:
    """The button labelled ``label`` and the output of the same interactive widget."""
    button = p.get_by_role("button", name=label, exact=True)
    button.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    interactive = p.locator(".widget-interact").filter(has=button)
    return button, interactive.locator(".widget-output")


def run_lesson_lab(p: Any, before: str, last: str) -> str:
    """The variant lab inside a lesson: its results say ``before`` (stored, nothing played), then a run of 200 games
    a configuration is started with its Run button; waits (bounded) until the results name ``last`` (the
    last configuration) and returns them."""
    lab = p.locator(".pkt-app").filter(has=p.locator("button.pkt-run"))
    results = lab.locator(".pkt-results").first
    shown = str(results.inner_text())
    assert before in shown, f"the lab's results do not say {before!r} before Run is pressed; they say: {shown[:400]!r}"
    games = lab.locator(".pkt-games input").first
    games.fill("200")
    games.press("Enter")
    lab.locator("button.pkt-run").first.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"el => el.innerText.includes({last!r})", arg=results.element_handle(), timeout=SIMULATION_TIMEOUT)
    return str(results.inner_text())




# ------------------------------------------------------------------------------------------------ the games' moves
def guess_moves(p: Any) -> list[Any]:
    """PokerGuess: stay if allowed, else predict what the controls show, else click your first card on the
    drawn table when it is a legal move (the last-card phase), else fold."""
    return [
        p.locator("button.pkt-guess-stay:not([disabled])"),
        p.locator("button.pkt-guess-predict:not([disabled])"),
        p.locator(".pkt-guess-board button.pkt-state-legal[data-key^='mine-']"),
        p.locator("button.pkt-guess-fold:not([disabled])"),
    ]


def voces_moves(p: Any) -> list[Any]:
    """Póker a Voces: place a hand while trading, then take the pile shown, pick for a Baboon, stay; wait for
    the bots last."""
    return [
        p.locator("button.pkt-voces-place:not([disabled])"),
        p.locator("button.pkt-voces-pick:not([disabled])"),
        p.locator("button.pkt-voces-bet:not([disabled])"),
        p.locator("button.pkt-voces-stay:not([disabled])"),
        p.locator("button.pkt-voces-wait:not([disabled])"),
    ]


def visible(p: Any, selector: str) -> bool:
    locator = p.locator(selector)
    return bool(locator.count() and locator.first.is_visible())


# ------------------------------------------------------------------------------------------------ the audits
BLOCKING = ("serious", "critical")  # impacts that fail an app's audit ("minor" and "moderate" are reported by axe, not here)
SHOWN_TARGETS = 6  # failing elements listed per rule


def audit(p: Any, where: str) -> list[str]:
    """The serious and critical violations axe-core (bundled with axe-playwright-python; nothing is fetched)
    finds on the page, one readable line each (with the selectors of the elements that fail)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(p)
    lines = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in BLOCKING:
            continue
        nodes = violation.get("nodes", [])
        targets = [" ".join(str(part) for part in node.get("target", [])) for node in nodes[:SHOWN_TARGETS]]
        more = f" (and {len(nodes) - SHOWN_TARGETS} more)" if len(nodes) > SHOWN_TARGETS else ""
        lines.append(
            f"{where}: {violation['id']} ({violation['impact']}): {violation['help']} <{violation.get('helpUrl', '')}>\n"
            + "\n".join(f"      {target}" for target in targets) + more
        )
    return lines


def switch_language(p: Any, button: str) -> None:
    """The app's language switch, as a learner uses it (a click on ``button``, e.g. "Deutsch"); waits for the
    title in the other language (the switch marks the pressed language in the browser at once, before the
    kernel answers) and a quiet page."""
    before = str(p.locator(".pkt-title").first.inner_text()).strip()
    p.locator(".pkt-language button", has_text=button).first.click(timeout=ANSWER_TIMEOUT)
    wait_for(p, TITLE_CHANGED_JS, f"the title to change from {before!r} after pressing {button!r}", arg=before,
             timeout=ANSWER_TIMEOUT)
    settle(p)


PAGE_KERNEL_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId || ''"


NEXT_FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def next_frames(p: Any) -> None:
    """Wait until the browser has drawn two more frames: what the page just changed (a scroll, a style) is on
    the screen."""
    p.evaluate(NEXT_FRAMES_JS)


def keep_still(p: Any, reading_js: str, what: str, frames: int = 30, timeout: int = 10_000) -> None:
    """Wait (bounded by ``timeout`` ms) until the page function ``reading_js`` has returned the same value
    for ``frames`` animation frames in a row (about half a second at 30): an answer that comes in parts
    has its last part in. On a timeout fail, naming ``what`` was awaited and what the page showed."""
    wait_for(p, f"""frames => new Promise(done => {{
      const read = {reading_js};
      let last = null, still = 0;
      const look = () => {{
        const now = JSON.stringify(read());
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= frames) done(true); else requestAnimationFrame(look);
      }};
      requestAnimationFrame(look);
    }})""", what, arg=frames, timeout=timeout)


# The log's lines (each move's entry, not the bots' reasons under them), the live region's size, and the visible
# elements outside the log that hold two of its lines in a row. The app's text, with the log and the live region
# left out, is read once: most steps hold no pair of log lines there, and the element-by-element search (which
# names the element) runs only when one is there.
LOG_REPEATS_JS = """([logSelector, lineSelector]) => {
  const log = document.querySelector(logSelector);
  const lines = log ? [...log.querySelectorAll(lineSelector)].map(e => e.innerText.trim()).filter(t => t.length > 8) : [];
  const lives = [...document.querySelectorAll('.pkt-drawn-status')];
  const live = lives.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; });
  const app = document.querySelector('.pkt-app');
  const pairs = [];
  for (let i = 0; i + 1 < lines.length; i++) pairs.push([lines[i], lines[i + 1]]);
  const left = [log, ...lives].filter(e => e);
  const display = left.map(e => e.style.display);
  left.forEach(e => { e.style.display = 'none'; });
  const rest = app ? app.innerText : '';
  left.forEach((e, i) => { e.style.display = display[i]; });
  const suspects = pairs.filter(pair => pair.every(t => rest.includes(t)));
  const found = [];
  for (const pair of suspects) {
    for (const e of document.querySelectorAll('.pkt-app *')) {
      if (log && log.contains(e)) continue;
      if (e.children.length > 0 && [...e.children].some(c => pair.every(t => (c.innerText || '').includes(t)))) continue;
      const text = e.innerText || '';
      const r = e.getBoundingClientRect();
      if (r.width > 1 && r.height > 1 && e.checkVisibility({visibilityProperty: true}) && pair.every(t => text.includes(t))) {
        found.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${text.slice(0, 80)}`);
      }
    }
    if (found.length >= 3) break;
  }
  return {lines: lines.length, live, found: found.slice(0, 3), searched: suspects.length};
}"""


def assert_log_not_repeated(p: Any, log: tuple[str, str], step: str) -> int:
    """No visible element outside the play tab's log (``log``: its box and its lines' selector) holds two of its
    lines in a row, and the drawn table's live region takes no room; returns the number of log lines read."""
    seen = p.evaluate(LOG_REPEATS_JS, list(log))
    assert all(w <= 1 and h <= 1 for w, h in seen["live"]), f"{step}: the live region is shown: {seen['live']}"
    assert not seen["found"], f"{step}: the log repeated on the page: {seen['found']}"
    return int(seen["lines"])


def planted_pair_is_found(p: Any, log: tuple[str, str]) -> None:
    """The repeat check is not blind: the log's last two lines put into a visible box of the app are reported."""
    p.evaluate("""([logSelector, lineSelector]) => {
      const lines = [...document.querySelector(logSelector).querySelectorAll(lineSelector)].map(e => e.innerText.trim());
      const e = document.createElement('div'); e.id = 'pkt-repeat'; e.innerText = lines.slice(-2).join(' ');
      document.querySelector('.pkt-app').appendChild(e); }""", list(log))
    planted = p.evaluate(LOG_REPEATS_JS, list(log))["found"]
    p.evaluate("() => document.getElementById('pkt-repeat').remove()")
    assert any(found.startswith("div.:") for found in planted), f"two log lines in a box of the app went unnoticed: {planted}"
