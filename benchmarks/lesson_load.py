"""How soon a lesson page shows its first widget (a script, not a test).

Starts one Voila server on 127.0.0.1 the way scripts/serve.sh does (``voila notebooks/`` from the repo
root, so it reads voila.json) and opens every lesson of the chosen languages in Debian's /usr/bin/chromium
(Playwright), one page after the other on a quiet server (the preheated pools full and idle, and
the server's own process idle, before each page) and, as far as it can, a quiet machine (it waits, at most --quiet-wait s, until the whole
machine's CPU is less than --quiet-cpu % busy; the busy share when the page starts is printed). Each page
is opened twice in a new browser window: first with an empty browser cache, as a learner's first page of
the day, then again (another kernel of the same kind) with Voila's scripts and styles cached, as every later page.
For each page it prints, timed inside the page from the navigation's start (what the learner sees,
without Playwright's own round trips):

- ``html``: the page's HTML complete (Voila sends it while the kernel runs the notebook's cells, so this
  is the kernel's start plus the cells' run);
- ``first widget``: the first widget view drawn with a non-empty box (the frame after it appears);
- ``all widgets``: every widget view the page will hold drawn (the count is known once the HTML is
  complete: one per output of the widget-view type);
- ``CPU s``: the processor seconds the server, the page's kernel and the browser used from the navigation
  until the first widget was seen (of each process alive then: a previous page's kernel that ended in
  between is not subtracted). On a busy machine the times above stretch with the competition for
  the cores; this figure does not, and on a quiet 2-core machine a page's steps (kernel start, cells,
  HTML, scripts, widgets) run mostly one after the other, so it is close to what the page would take there.

Preheated or cold is read from the session's kernel process, as benchmarks/classroom_load.py does. As
served (voila.json), every lesson has a pool of one preheated kernel: Voila has run the whole lesson in it
before the page is asked for, and the benchmark waits for the pool to be refilled before each page, so
every page gets one (what a learner gets who opens a lesson on a running server). A run with
``--voila-arg='--VoilaKernelManager.preheat_denylist=["lessons/"]'`` gives every lesson page a kernel
started for the request, a cold one (what a learner gets on Binder; a second learner in the same 5 s
gets the pool's refill kernel, handed out before it has started, and waits for it). Each page is closed as a learner closes it (Voila shuts
its kernel down).

    .venv/bin/python benchmarks/lesson_load.py [--lang en --lang de] [--repeat 3] [--lesson 04_variants]

A page that fails is reported and the run goes on: an HTTP error at once (a lesson renamed while it runs),
a page without its first widget after --timeout s with how far it got (the cells whose output came, of the
notebook's, whether the page's end came) and the state and CPU seconds of the kernel started for it.

Everything it starts (server, kernels, browser) is stopped at the end, also on errors and SIGTERM.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classroom_load as load  # noqa: E402  (its server helpers: pools, kernels, stopping everything)
import psutil  # noqa: E402

ROOT = load.ROOT
LESSONS = ROOT / "notebooks" / "lessons"
GOAL = 3.0  # s: the goal for every lesson's first widget within 3 s, cold (a new browser, an empty cache)

# Timed inside the page from the navigation's start (performance.now() counts from it): the first widget
# view drawn, and every widget view drawn. A widget view is an element with the class jupyter-widgets
# that lies in an output area and is not inside another widget view; "drawn" is Playwright's visible
# (a non-empty box, not visibility: hidden), stamped in the frame after it appears.
FIRST_WIDGET_INIT_JS = """(() => {
  const drawn = el => { const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const views = () => [...document.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')]
    .filter(el => !el.parentElement.closest('.jupyter-widgets'));
  // the page's widget outputs, counted when its HTML is parsed (before Voila's script draws them)
  let expectedViews = Infinity;
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') {
      expectedViews = [...document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')]
        .filter(el => el.textContent.includes('application/vnd.jupyter.widget-view+json')).length;
    }
  });
  const expected = () => expectedViews;
  const check = () => {
    const shown = views().filter(drawn).length;
    if (window.pktFirstWidgetMs === undefined && shown > 0) {
      requestAnimationFrame(() => { window.pktFirstWidgetMs = performance.now(); });
    }
    if (window.pktAllWidgetsMs === undefined && shown > 0 && shown >= expected()) {
      watch.disconnect();
      requestAnimationFrame(() => { window.pktAllWidgetsMs = performance.now(); });
    }
  };
  const watch = new MutationObserver(check);
  watch.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();"""
EMPTY, CACHED = "empty cache", "cached"
HTML_DONE_JS = "() => performance.getEntriesByType('navigation')[0].responseEnd"


def lessons(langs: list[str], only: list[str]) -> list[str]:
    pages = []
    for lang in langs:
        for path in sorted((LESSONS / lang).glob("*.ipynb")):
            if path.stem != "glossary" and (not only or path.stem in only):  # the glossary has no widget to wait for
                pages.append(f"lessons/{lang}/{path.name}")
    return pages


def wait_for_quiet_machine(busy_below: float, seconds: float) -> float:
    """Wait (at most ``seconds``) until the machine's CPU is less than ``busy_below`` % busy over 2 s;
    the busy share measured last."""
    deadline = time.monotonic() + seconds
    while True:
        busy = psutil.cpu_percent(interval=2)
        if busy < busy_below or time.monotonic() >= deadline:
            return busy


def wait_for_quiet_server(server: subprocess.Popen[bytes], seconds: float) -> bool:
    """Wait (at most ``seconds``) until the preheated pools are full and quiet (classroom_load) and the
    Voila server's own process has used less than 5 % of a core for 3 s in a row. After a start the
    server renders the pools' pages for a while after their kernels went quiet (on a busy machine for about 35 s), and a lesson page opened then waited for it."""
    deadline = time.monotonic() + seconds
    if not load.wait_for_quiet_pools(server, seconds):
        return False
    process = psutil.Process(server.pid)
    process.cpu_percent(None)
    quiet = 0
    while time.monotonic() < deadline:
        time.sleep(1)
        quiet = quiet + 1 if process.cpu_percent(None) < 5 else 0
        if quiet >= 3:
            return True
    return False


def describe_new_kernels(server: subprocess.Popen[bytes], before: set[str]) -> str:
    """For a page that failed: the kernels started for it (not in ``before``), their state and CPU time."""
    found = []
    for kernel_id in sorted(load.kernel_ids(server) - before):
        proc = load.kernel_process(server, kernel_id)
        try:
            if proc is not None:
                times = proc.cpu_times()
                found.append(f"kernel {kernel_id[:8]} {proc.status()}, {times.user + times.system:.2f} CPU s")
        except psutil.Error:
            found.append(f"kernel {kernel_id[:8]} gone")
    return ", ".join(found) or "no new kernel alive"


def cpu_seconds() -> dict[int, tuple[str, float]]:
    """CPU seconds used so far by this script and everything it started, per process, with its kind: the
    Voila server, its kernels, Chromium, and the rest (this script and Playwright's driver); nothing of
    other programs."""
    used: dict[int, tuple[str, float]] = {}
    me = psutil.Process()
    for proc in [me, *me.children(recursive=True)]:
        try:
            times = proc.cpu_times()
            line = " ".join(proc.cmdline())
        except psutil.Error:
            continue
        kind = ("kernels" if "ipykernel" in line else "server" if "voila" in line
                else "chromium" if "chrom" in line else "rest")
        used[proc.pid] = (kind, times.user + times.system)
    return used


def cpu_used(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds used between two readings of cpu_seconds(), by kind, counted for the processes alive at
    the second reading (a process started in between counts from zero; one that ended in between, such as
    the previous page's kernel, is left out instead of subtracting its time)."""
    used = {"server": 0.0, "kernels": 0.0, "chromium": 0.0, "rest": 0.0}
    for pid, (kind, seconds) in after.items():
        used[kind] += seconds - before.get(pid, (kind, 0.0))[1]
    return used


# How far a page that failed got: the cells whose output came, of the cells the notebook has, and
# whether the page's end (Voila's closing script) came.
PAGE_STATE_JS = """() => ({cells: document.querySelectorAll('[cell-index]').length,
  config: document.getElementById('jupyter-config-data') !== null, ready: document.readyState,
  end: document.documentElement.outerHTML.includes('window.voila_finish();')})"""


def open_lesson(context: Any, url: str, timeout_ms: int) -> tuple[dict[str, float], str]:
    """One page in a new window: its times (s, from the navigation's start), the CPU seconds used until
    its first widget was seen (``cpu``), and its kernel's id."""
    page = context.new_page()
    try:
        before = cpu_seconds()
        response = page.goto(url, timeout=timeout_ms, wait_until="commit")
        if response is not None and response.status != 200:
            raise RuntimeError(f"HTTP {response.status} for {url}")
        try:
            page.wait_for_function("() => window.pktFirstWidgetMs !== undefined", timeout=timeout_ms, polling=50)
        except Exception as error:
            state = page.evaluate(PAGE_STATE_JS)
            raise RuntimeError(f"no widget after {timeout_ms / 1000:.0f} s; the page had {state['cells']} cells, "
                               f"{'its end' if state['end'] else 'not its end'}, readyState {state['ready']}") from error
        used = cpu_used(before, cpu_seconds())
        try:
            page.wait_for_function("() => window.pktAllWidgetsMs !== undefined", timeout=30_000, polling=50)
        except Exception:  # a widget view that never draws (e.g. an empty Output): keep the first widget's time
            pass
        times = {
            "html": page.evaluate(HTML_DONE_JS) / 1000,
            "first": page.evaluate("window.pktFirstWidgetMs") / 1000,
            "cpu": sum(used.values()),
            **{f"cpu {kind}": value for kind, value in used.items()},
        }
        all_ms = page.evaluate("window.pktAllWidgetsMs === undefined ? null : window.pktAllWidgetsMs")
        if all_ms is not None:
            times["all"] = all_ms / 1000
        kernel_id = str(page.evaluate(load.KERNEL_ID_JS))
    finally:
        page.close(run_before_unload=True)  # as a learner closes the tab: Voila shuts the kernel down
    return times, kernel_id


def run(args: argparse.Namespace, base: str, server: subprocess.Popen[bytes]) -> None:
    from playwright.sync_api import sync_playwright

    pages = lessons(args.lang, args.lesson)
    if not pages:
        raise SystemExit("no lesson matches")
    timeout_ms = int(args.timeout * 1000)
    results: dict[str, list[tuple[str, str, dict[str, float]]]] = {name: [] for name in pages}
    failures: list[str] = []
    busy_cpus: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=load.CHROMIUM, args=load.ARGS, headless=True)
        try:
            for round_number in range(args.repeat):
                for name in pages:
                    context = browser.new_context(viewport={"width": 1280, "height": 720})
                    context.add_init_script(FIRST_WIDGET_INIT_JS)
                    try:
                        for cache in (EMPTY, CACHED):
                            wait_for_quiet_server(server, 120)  # a quiet server, as a learner finds it
                            busy = wait_for_quiet_machine(args.quiet_cpu, args.quiet_wait)
                            ready = load.kernel_ids(server)
                            try:
                                times, kernel_id = open_lesson(context, f"{base}/voila/render/{name}", timeout_ms)
                            except Exception as error:  # noqa: BLE001  (one page that fails is reported, the rest go on)
                                failures.append(f"{name} ({cache}): {str(error).splitlines()[0]}; {describe_new_kernels(server, ready)}")
                                print(f"  round {round_number + 1}: FAILED {failures[-1]}")
                                continue
                            kind = load.kernel_kind(server, kernel_id, ready)
                            results[name].append((kind, cache, times))
                            busy_cpus.append(busy)
                            print(f"  round {round_number + 1}: {name} ({cache}, machine {busy:.0f} % busy): {kind}, "
                                  f"html {times['html']:.2f} s, first widget {times['first']:.2f} s"
                                  + (f", all widgets {times['all']:.2f} s" if "all" in times else "")
                                  + f"; {times['cpu']:.2f} CPU s until the first widget (server "
                                  f"{times['cpu server']:.2f}, kernel {times['cpu kernels']:.2f}, Chromium "
                                  f"{times['cpu chromium']:.2f}, Playwright and this script {times['cpu rest']:.2f})")
                    finally:
                        context.close()
        finally:
            browser.close()

    print(f"\nLesson pages in Chromium on this machine ({args.repeat} of each, one page at a time on a quiet server; the "
          f"machine's CPU was {statistics.median(busy_cpus) if busy_cpus else 0:.0f} % busy (median) when a page "
          f"started), seconds from the navigation's start, median (worst):")
    kinds = sorted({kind for rows in results.values() for kind, _, _ in rows})
    over = []
    for kind in kinds:
        print(f"{load.KINDS[kind].split(' (')[0]}:")
        print(f"  {'':36} {'empty browser cache':^55}   {'Voila scripts cached':^55}")
        print(f"  {'lesson':36} " + "   ".join(f"{'html':>13} {'first widget':>13} {'all widgets':>13} {'CPU s':>13}"
                                              for _ in range(2)))
        for name, rows in results.items():
            cells = []
            for cache in (EMPTY, CACHED):
                got = [times for k, c, times in rows if k == kind and c == cache]
                for key in ("html", "first", "all", "cpu"):
                    values = [times[key] for times in got if key in times]
                    cells.append(f"{statistics.median(values):5.2f} ({max(values):5.2f})" if values else "-")
                if got and max(times["first"] for times in got) > GOAL:
                    over.append(f"{name.removeprefix('lessons/')} {cache}, {load.KINDS[kind].split(' (')[0]} "
                                f"({max(times['first'] for times in got):.2f} s)")
            if any(cell != "-" for cell in cells):
                print(f"  {name.removeprefix('lessons/'):36} " + "   ".join(
                    " ".join(f"{cell:>13}" for cell in cells[i:i + 4]) for i in (0, 4)))
    print("processor seconds until the first widget, median of all the runs of a page (server, kernel, Chromium):")
    for name, rows in results.items():
        if rows:
            parts = [f"{kind} {statistics.median(times[f'cpu {kind}'] for _, _, times in rows):.2f}"
                     for kind in ("server", "kernels", "chromium")]
            print(f"  {name.removeprefix('lessons/'):36} " + ", ".join(parts))
    print(f"first widget over {GOAL:.0f} s (worst of the runs): " + (", ".join(over) if over else "none"))
    if failures:
        print("pages that failed: " + "; ".join(failures))
    print(f"load average after the run: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", help="lesson language, repeatable (default: en and de)")
    parser.add_argument("--lesson", action="append", default=[], help="a lesson's file name without .ipynb, repeatable")
    parser.add_argument("--repeat", type=int, default=3, help="times each page is opened")
    parser.add_argument("--voila-arg", action="append", default=[], help="an extra option for the Voila server")
    parser.add_argument("--timeout", type=float, default=120, help="seconds for one page")
    parser.add_argument("--quiet-cpu", type=float, default=50, help="wait before each page until the machine is less busy (%%)")
    parser.add_argument("--quiet-wait", type=float, default=60, help="seconds to wait at most for that before each page")
    args = parser.parse_args()
    args.lang = args.lang or ["en", "de"]
    if not 1 <= args.repeat <= 20:
        parser.error("bounds: 1 <= --repeat <= 20")
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]

    def interrupted(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}, load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    load.read_pools(args.voila_arg)
    server, base, log = load.start_voila(args.voila_arg, "pkt-lessons-voila-")
    try:
        if not wait_for_quiet_server(server, 240):
            print("(the preheated pools or the server were not quiet after 240 s; measuring anyway)")
        run(args, base, server)
    finally:
        load.stop_everything(server)
        print(f"server log: {log.name}")


if __name__ == "__main__":
    main()
