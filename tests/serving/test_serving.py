"""The serve command's Voila setup renders the index notebook (a real server on 127.0.0.1).

The browser tests of the apps come with the apps; this checks the server side: Voila starts, runs the
notebook's kernel and returns the page. Requests are bounded in number and time, and the server is
stopped afterwards.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from queue import Empty
from typing import Callable

import pytest
from jupyter_client.manager import KernelManager
from websockets.sync.server import serve

from tests.support import ROOT, free_port, listening_port, load_script, stop_group


@pytest.mark.slow
def test_voila_renders_the_index_notebook() -> None:
    voila = Path(sys.executable).parent / "voila"
    server = subprocess.Popen(
        # voila.json's settings without the preheated pools (38 kernels); the browser tests' servers serve
        # the apps from their pools
        [str(voila), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={free_port()}", "--Voila.port_retries=0", "notebooks/",
         "--VoilaConfiguration.preheat_kernel=False"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    page = ""
    try:
        port = listening_port(server, 90, "Voila")
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
        if page:  # a page may not choose Voila's stock template, which links fonts from the internet
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/index.ipynb?template=lab", timeout=60) as response:
                overridden = response.read().decode("utf-8")
    finally:
        stop_group(server)
    assert page, "Voila did not answer within 90 s"
    assert re.findall(r"<link[^>]*https://", overridden) == [] and "voila_finish" in overridden
    assert "text-decoration: underline" in page and "text-decoration: underline" in overridden  # the kit's page both times
    assert "kernelId" in page  # Voila started a kernel for the page; the browser tests check what it shows
    assert "Traceback" not in page
    # The kit's template (docs/serving.md, "The kit's page and load time"): Voila's front end is named
    # once, async, after the page's configuration and the first cell, and before the page's end, so the
    # browser loads it while the kernel runs the other cells.
    scripts = re.findall(r"<script[^>]*/voila/static/voila\.js[^>]*>", page)
    assert len(scripts) == 1, scripts
    assert " async" in scripts[0]
    front_end = page.index(scripts[0])
    assert page.index('id="jupyter-config-data"') < front_end < page.index("window.voila_finish();")
    assert front_end < page.index('cell-index="1"')


def test_a_preheated_kernel_takes_the_page_address_from_voilas_query_socket() -> None:
    """A preheated kernel (VOILA_PREHEAT=True) waits on Voila's /voila/query/<kernel id> websocket for the
    page's request and reads ?lang=&seed=&players= from it, without importing voila (4.5 s of CPU)."""
    import threading

    from websockets.sync.server import serve

    asked: list[str] = []

    def answer(connection: object) -> None:
        asked.append(connection.request.path)  # type: ignore[attr-defined]
        connection.send('{"QUERY_STRING": "lang=de&seed=12&players=5", "PATH_INFO": "/voila/render/table.ipynb"}')  # type: ignore[attr-defined]

    with serve(answer, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        port = server.socket.getsockname()[1]
        probe = ("import sys; from pokerkit_teach.widgets.params import app_params; p = app_params(); "
                 "print(p.lang, p.seed, p.players, 'voila' in sys.modules)")
        env = {key: value for key, value in os.environ.items() if key != "QUERY_STRING"} | {
            "VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-123", "VOILA_APP_PORT": str(port),
            "VOILA_SERVER_URL": "/",
            # a proxy in the environment must not be used for the local socket
            "ALL_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "", "no_proxy": ""}
        result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
        server.shutdown()
    assert result.stdout.split() == ["de", "12", "5", "False"], result.stderr
    assert asked == ["/voila/query/k-123"]


DEAL_LINK_PROBE = """
import types, ipywidgets
from pokerkit_teach.widgets.scenario_desk import show_deal_link
app = types.SimpleNamespace(lang="de", t=lambda key, **values: key, say=lambda text: None)
field, anchor = ipywidgets.Text(), ipywidgets.HTML()
show_deal_link(app, field, anchor, "pokerguess_explorer.ipynb", "G1ABC")
print(field.value)
print(anchor.value.split("href='")[1].split("'")[0])
"""


@pytest.mark.parametrize("folder", ["notebooks", "notebooks/lessons/de"])
def test_a_deal_link_opens_the_app_also_from_a_lesson(folder: str) -> None:
    """An explorer inside a lesson (lessons 2, 5, 7) makes links to the explorer's own page, not to the
    lesson (which does not open deals): the kernel runs in the lesson's folder, Voila's request names the
    lesson's address."""
    page = f"/voila/render/{folder.removeprefix('notebooks/')}/05_pokerguess.ipynb" if "lessons" in folder else \
        "/voila/render/pokerguess_explorer.ipynb"
    env = {key: value for key, value in os.environ.items() if key not in ("QUERY_STRING", "VOILA_PREHEAT")} | {
        "SCRIPT_NAME": page, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866", "QUERY_STRING": "lang=de"}
    result = subprocess.run([sys.executable, "-c", DEAL_LINK_PROBE], capture_output=True, text=True, timeout=60,
                            env=env, cwd=ROOT / folder)
    field, href = result.stdout.split()
    assert field == "http://127.0.0.1:8866/voila/render/pokerguess_explorer.ipynb?deal=G1ABC&lang=de", result.stderr
    assert href == ("../../" if "lessons" in folder else "") + "pokerguess_explorer.ipynb?deal=G1ABC&amp;lang=de"


def test_a_preheated_lesson_asks_voila_for_its_page_address_when_a_link_is_made() -> None:
    """A kernel preheated for a lesson never waited for its page (no request in its environment); making a
    link fetches the request Voila keeps for it (/voila/query/<kernel id>), so the link is whole."""
    asked: list[str] = []

    def answer(connection: object) -> None:
        asked.append(connection.request.path)  # type: ignore[attr-defined]
        connection.send(json.dumps({"QUERY_STRING": "", "SCRIPT_NAME": "/voila/render/lessons/de/05_pokerguess.ipynb",  # type: ignore[attr-defined]
                                    "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866"}))

    with serve(answer, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        port = server.socket.getsockname()[1]
        env = {key: value for key, value in os.environ.items() if key not in ("QUERY_STRING", "SCRIPT_NAME", "SERVER_NAME")} | {
            "VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-7", "VOILA_APP_PORT": str(port), "VOILA_SERVER_URL": "/",
            "ALL_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "", "no_proxy": ""}
        result = subprocess.run([sys.executable, "-c", DEAL_LINK_PROBE], capture_output=True, text=True, timeout=60,
                                env=env, cwd=ROOT / "notebooks" / "lessons" / "de")
        server.shutdown()
    assert result.stdout.split()[0] == "http://127.0.0.1:8866/voila/render/pokerguess_explorer.ipynb?deal=G1ABC&lang=de", \
        result.stdout + result.stderr
    assert asked == ["/voila/query/k-7"]


def test_a_preheated_kernel_without_voila_warns_and_uses_the_defaults() -> None:
    probe = ("import warnings; warnings.simplefilter('error')\n"
             "from pokerkit_teach.widgets.params import app_params\n"
             "try:\n    app_params()\nexcept UserWarning as w:\n    print('warned:', w)")
    env = {key: value for key, value in os.environ.items() if key != "QUERY_STRING"} | {
        "VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-1", "VOILA_APP_PORT": str(free_port())}
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
    assert result.stdout.startswith("warned: no page request from Voila at ws://127.0.0.1:"), result.stdout + result.stderr


def _class_pool() -> object:
    return load_script("scripts/class_pool.py")


def test_a_class_gets_a_preheated_kernel_per_learner_for_its_app() -> None:
    import json

    options = _class_pool().class_pool_options(30, "table.ipynb")  # type: ignore[attr-defined]
    name, _, value = options[0].partition("=")
    assert name == "--VoilaKernelManager.kernel_pools_config"
    served = json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["kernel_pools_config"]
    # one per learner, the app's own two, and one for every five learners (reloads, late comers)
    assert json.loads(value) == served | {"table.ipynb": {"pool_size": 30 + 2 + 6}}
    assert options[1] == "--VoilaKernelManager.fill_delay=600"
    # the ceiling holds every preheated kernel (75 with the class's 38) and an app and a lesson per learner
    assert options[2] == f"--PageKernelManager.max_kernels={75 + 2 * 30}"


def test_a_class_can_get_its_kernels_for_a_lesson() -> None:
    import json

    options = _class_pool().class_pool_options(25, "lessons/de/04_variants.ipynb")  # type: ignore[attr-defined]
    pools = json.loads(options[0].partition("=")[2])
    assert pools["lessons/de/04_variants.ipynb"] == {"pool_size": 25 + 1 + 5}
    assert pools["table.ipynb"] == {"pool_size": 2} and pools["default"] == {"pool_size": 1}


def _voila_preheats(config: dict[str, object], notebook: Path) -> int:
    """scripts/class_pool.py's model of Voila 0.5's pools (the benchmarks count kernels by it too)."""
    return int(_class_pool().preheated_kernels(config, notebook))  # type: ignore[attr-defined]


def test_every_lesson_has_a_preheated_kernel_and_every_app_two() -> None:
    """A lesson's first widget within 3 s. A kernel started for the page cannot do it on this
    machine (kernel start and the lesson's cells come before Voila's front end); a preheated one has run
    the lesson before the page is asked for (benchmarks/lesson_load.py)."""
    import json

    config = json.loads((ROOT / "voila.json").read_text())
    lessons = sorted((ROOT / "notebooks" / "lessons").rglob("*.ipynb"))
    apps = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(lessons) == 24 and len(apps) == 8
    assert {lesson.relative_to(ROOT).as_posix(): _voila_preheats(config, lesson) for lesson in lessons} == {
        lesson.relative_to(ROOT).as_posix(): 1 for lesson in lessons}
    # every learner's app two; the teacher's class view (one page a class) the default one
    assert {app.name: _voila_preheats(config, app) for app in apps} == {
        app.name: 1 if app.name == "class_tables.ipynb" else 2 for app in apps}
    # the check itself sees a denylist and a pool change
    assert _voila_preheats(config | {"VoilaKernelManager": {"preheat_denylist": ["lessons/"]}}, lessons[0]) == 0
    assert _voila_preheats(config | {"VoilaKernelManager": {}}, apps[0]) == config["VoilaConfiguration"]["default_pool_size"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--class"], "not ''"),
    (["--class", "abc"], "not 'abc'"),
    (["--class", "0"], "1 to 200 learners, not 0"),
    (["--class", "30", "tabel.ipynb"], "no app or lesson notebooks/tabel.ipynb; the apps are: class_tables.ipynb, hand_ranker.ipynb"),
])
def test_serve_refuses_a_bad_class_before_it_installs_anything(args: list[str], expected: str) -> None:
    # the check comes before the virtual environment and the install, and stops the script
    result = subprocess.run(["bash", "scripts/serve.sh", *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env=os.environ | {"PYTHON": sys.executable})
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Open http" not in result.stdout


def _request(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """One request with no cookie and no xsrf token, as another site's page or a script would send it."""
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=b"" if method in ("POST", "DELETE") else None)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_which_routes_answer_without_an_xsrf_token() -> None:
    """voila.json's ``disable_check_xsrf`` lets a closed page shut its kernel down. It opens every route
    that changes something, so this shows what answers a request without a token: a kernel can be shut
    down only by its random id, no route lists the ids, and another site's page may not send the DELETE
    (its CORS preflight gets no Access-Control-Allow-Origin) nor read any answer."""
    voila = Path(sys.executable).parent / "voila"
    server = subprocess.Popen(  # voila.json's settings, without the preheated pools (one kernel is enough)
        [str(voila), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={free_port()}", "--Voila.port_retries=0", "--VoilaConfiguration.preheat_kernel=False",
         "notebooks/"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    try:
        base = f"http://127.0.0.1:{listening_port(server, 60, 'Voila')}"
        page = ""
        for _ in range(60):  # at most 60 tries, one a second
            if server.poll() is not None:
                break
            try:
                page = _request(f"{base}/voila/render/index.ipynb")[2]
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(1)
        found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
        assert found, page[-2000:]
        kernel = found.group(1)
        assert uuid.UUID(kernel).version == 4, "a kernel's id is random (122 bits)"
        second = re.search(r'"kernelId": "([0-9a-f-]{36})"', _request(f"{base}/voila/render/index.ipynb")[2])
        assert second and second.group(1) != kernel
        other, evil = str(uuid.uuid4()), {"Origin": "http://evil.example"}
        status, _, body = _request(f"{base}/api/kernels/{kernel}")
        assert status == 200 and json.loads(body)["id"] == kernel
        assert _request(f"{base}/api/kernels")[0] == 404, "no route lists the kernels' ids"
        assert _request(f"{base}/api/sessions")[0] == 404
        assert _request(f"{base}/api/kernels/{other}", "DELETE")[0] == 404, "a guessed id shuts nothing down"
        assert _request(f"{base}/voila/api/shutdown/{other}", "POST")[0] == 404
        # another site's page: its requests carry its Origin, which the server refuses, id or not
        assert _request(f"{base}/api/kernels/{kernel}", "DELETE", evil)[0] == 404
        assert _request(f"{base}/voila/api/shutdown/{kernel}", "POST", evil)[0] == 404
        status, headers, _ = _request(f"{base}/api/kernels/{kernel}", "OPTIONS", evil | {"Access-Control-Request-Method": "DELETE"})
        assert "access-control-allow-origin" not in {name.lower() for name in headers}, headers
        assert _request(f"{base}/api/kernels/{kernel}")[0] == 200, "the page's kernel still runs"
        # the page itself, closing: its shutdown needs no token (the exemption's purpose) ...
        assert _request(f"{base}/voila/api/shutdown/{kernel}", "POST", {"Origin": base})[0] == 204
        assert _request(f"{base}/api/kernels/{kernel}")[0] == 404
        # ... and neither does DELETE /api/kernels/<id>: whoever knows a kernel's id may end it
        assert _request(f"{base}/api/kernels/{second.group(1)}", "DELETE")[0] == 204
        assert _request(f"{base}/api/kernels/{second.group(1)}")[0] == 404
    finally:
        stop_group(server)


@pytest.mark.slow  # starts a real kernel
def test_a_preheated_kernel_waits_for_its_page_busy_and_silent_so_cull_busy_stays_false() -> None:
    """voila.json keeps ``cull_busy: false`` (docs/serving.md): a preheated kernel waits for its page inside
    a running cell, busy and without output, so culling busy kernels after 15 silent minutes would end
    a class pool's kernels while they wait."""

    entered, release = threading.Event(), threading.Event()

    def never_answer(connection: object) -> None:
        entered.set()  # the kernel asked for its page
        release.wait(120)  # and no page answers while the kernel is watched

    with serve(never_answer, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {key: value for key, value in os.environ.items() if key != "QUERY_STRING"} | {
            "VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-9", "VOILA_APP_PORT": str(server.socket.getsockname()[1])}
        manager = KernelManager(kernel_name="python3")
        states: list[str] = []
        outputs: list[str] = []

        def body() -> None:
            manager.start_kernel(env=env)
            client = manager.client()

            def read_until(done: Callable[[], bool], limit: float) -> None:
                """Note the cell's status and outputs until ``done()`` or ``limit`` seconds from now."""
                deadline = time.monotonic() + limit
                while not done() and time.monotonic() < deadline:
                    try:
                        message = client.get_iopub_msg(timeout=0.2)
                    except Empty:
                        continue
                    if message["parent_header"].get("msg_id") != asked:
                        continue
                    if message["msg_type"] == "status":
                        states.append(message["content"]["execution_state"])
                    elif message["msg_type"] in ("stream", "execute_result", "display_data", "error"):
                        outputs.append(message["msg_type"])

            try:
                client.start_channels()
                client.wait_for_ready(timeout=60)
                asked = client.execute("from pokerkit_teach.widgets.params import app_params\napp_params()")
                read_until(lambda: bool(states) and entered.is_set(), 60)  # busy, and waiting for its page
                read_until(lambda: False, 3)  # then the kernel waits: busy, silent, for as long as no page asks
            finally:
                release.set()
                client.stop_channels()
                manager.shutdown_kernel(now=True)
                manager.context.destroy(linger=0)

        thread = threading.Thread(target=body)  # the session's browser may keep an event loop in the main thread
        thread.start()
        thread.join(120)
        server.shutdown()
        assert not thread.is_alive(), "the kernel check did not end within 120 s"
    assert entered.is_set(), "the preheated kernel never asked for its page"
    assert states == ["busy"] and outputs == [], (states, outputs)
    config = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert config["cull_busy"] is False and config["cull_idle_timeout"] < 3600
