"""The variant lab: bots play many Pokerface games; how often does the team win, with and without variants?

Every game is played as the kit's one simulation runner plays it (:func:`pokerkit_teach.core.simulate.play_games`,
so a run's results are those of :func:`~pokerkit_teach.core.simulate.simulate` with the same settings). Random
and estimator bots play on the batch path (:mod:`pokerkit_teach.games.pokerface.batch`: many games side by side,
in slices of about 0.4 s of play; an estimator team plays exactly the engine's games, and no game's result
depends on the slice it is played in); reader bots play on the engine, one game at a time. The lab says which path played. The
default run, 5,000 games per configuration, gives 95% intervals of at most about ±1.4 points at the win rates
the bots reach (at most ±2 points wherever the true rate lies between 0 and 100 %). In a Voila page the run
plays in a background thread, Run is disabled and Stop enabled while it plays, the progress bar moves after
every slice (at least every quarter of a second on the engine), and Stop (or the page's closing, which shuts
the kernel down: the thread is a daemon) ends it after the slice or game being played. One run plays at most
:func:`run_cap` games in all, about a minute of one core; a larger request is clipped to that, and the
learner is told (the cap is shown under the settings). The app shows a table of win rates with their 95% confidence
intervals and a bar chart drawn as inline SVG by :func:`bar_chart_svg`, with a text alternative. Where the
kit stores the results of a run with the settings chosen (:mod:`.stored_run`: lesson 4 opens the lab with
seed 1, four players and the estimator bots), the table shows them at once, marked as stored, so a class
reads them without waiting; Run plays the games again live.

Every variant is ticked at the start, so the first Run compares the base game with each variant;
"together" plays the base game and all chosen variants at once. After a run, one sentence in plain words comes first: how many games
in 100 the team wins more or fewer with each variant whose difference from the base game is larger than
chance can explain, and which differences are too small to tell apart from luck: a
two-proportion test (:func:`~pokerkit_teach.core.simulate.compare_rates`; not "do the intervals
overlap?", which would call real differences chance far too often), each of the k comparisons at
5 % / k so the whole sentence is wrong by chance in at most 5 runs of 100. The chart, the table of wins
with their 95% intervals and a sentence on what such an interval means follow as the detail. While a run
plays, the page says so (not "no games played yet", nor the last run's results); the line under the
settings says how many games the run plays for each configuration, as the Games field asks (clipped to
the cap), and in all.

CSS classes (for browser tests):

- ``pkt-players`` (Dropdown 3-6), ``pkt-variant-free-for-all``, ``pkt-variant-rising-stakes``,
  ``pkt-variant-soft-landing`` (Checkboxes), ``pkt-mode`` (ToggleButtons: together / side by side)
- ``pkt-bot`` (Dropdown), ``pkt-games`` (IntText, 1-20000), ``pkt-seed`` (IntText), ``pkt-run`` (Button)
- ``pkt-stop`` (Button, enabled while a run plays), ``pkt-cap`` (HTML: the most games of one run)
- ``pkt-progress`` (IntProgress), ``pkt-intro`` (HTML), ``pkt-bot-about`` (HTML)
- ``pkt-conclusion`` (HTML: which differences are larger than chance), ``pkt-interval-words`` (HTML: the
  interval in plain words)
- ``pkt-results`` (HTML: a ``pkt-results-table`` table and a ``pkt-path`` line: which path played), ``pkt-chart`` (HTML: an ``svg`` with
  ``role="img"`` and an ``aria-label`` listing every value)
- from :class:`~widgets.app.App`: ``pkt-app``, ``pkt-language``, ``pkt-message`` (errors: ``pkt-error``)

>>> svg = bar_chart_svg([("Base", 0.25, 0.2, 0.3)], "Base 25%")
>>> svg.startswith('<svg role="img" aria-label="Base 25%"'), svg.count("<rect")
(True, 1)
"""

from __future__ import annotations

import html
import secrets
import sys
import threading
import time
from typing import Callable, Sequence

import ipywidgets

from pokerkit_teach.core.i18n import Items
from pokerkit_teach.core.simulate import SimulationResult, compare_rates, path_for, play_games
from pokerkit_teach.games.pokerface import GAME

from .app import App, esc
from .params import AppParams
from .pokerface_parts import batch_tables_early, batch_tables_in_background
from .stored_run import Games, stored_result

__all__ = ["VariantLabApp", "bar_chart_svg", "variants_of", "run_cap", "VARIANTS", "MAX_GAMES", "GAMES_PER_SECOND",
           "BATCH_GAMES_PER_SECOND", "RUN_SECONDS", "DEFAULT_GAMES", "SLICE"]

_K = "apps.lab."
VARIANTS = ("free-for-all", "rising-stakes", "soft-landing")
MAX_GAMES = 20000
# The batch path plays slices of games: the first of SLICE games, then as many as about SLICE_SECONDS of play,
# from MIN_SLICE (fewer would lose what playing side by side gains) to MAX_SLICE. Between two slices the lab
# looks at the Stop button and moves the progress bar.
SLICE = 100
MIN_SLICE = 200
MAX_SLICE = 2000
SLICE_SECONDS = 0.4
DEFAULT_GAMES = 5000  # per configuration: a 95% interval of at most about ±1.4 points at the bots' win rates
LEVEL = 0.05  # the chance of one run's conclusion naming a chance difference as real, at most
RUN_SECONDS = 60  # one run plays about this long at most, whatever is asked (see run_cap)
PROGRESS_EVERY = 0.25  # s between moves of the progress bar during a run
TICK_AFTER = 0.02  # s after each whole second of a run when the seconds played beside the progress bar move
# Games per second of one core of the 2-core server on the engine (core.simulate.play_one), the slowest of
# the base game and the variants (soft landing and all three make games longer), with other work sharing the
# cores: about half of what a quiet core plays (docs/benchmarks.md, "Variant lab", has the measured figures).
GAMES_PER_SECOND: dict[str, dict[int, float]] = {
    "random": {3: 200, 4: 150, 5: 80, 6: 50},
    "estimator": {3: 60, 4: 45, 5: 20, 6: 10},
    "reader": {3: 25, 4: 12, 5: 8, 6: 5},
}
# The same on the batch path (pokerface.batch), for the bots it plays: the slowest configuration is
# free-for-all, whose every move asks the game's own generator for the order of the bots (one core shared
# with other work; benchmarks/pokerface_batch.py measures it).
BATCH_GAMES_PER_SECOND: dict[str, dict[int, float]] = {
    "random": {3: 4000, 4: 3000, 5: 2400, 6: 2000},
    "estimator": {3: 1000, 4: 800, 5: 650, 6: 500},
}


def run_cap(bot: str, players: int) -> int:
    """The most games one run of the lab plays in all configurations together: about
    :data:`RUN_SECONDS` of play for ``bot`` bots at ``players`` players on the path that plays them, so one
    click cannot keep a kernel busy for hours (4 x 20,000 reader games at 6 players would take more than two
    hours of a core).

    >>> run_cap("random", 3), run_cap("estimator", 6), run_cap("reader", 6)
    (240000, 30000, 300)
    """
    rates = BATCH_GAMES_PER_SECOND if _path(bot, players) == "batch" else GAMES_PER_SECOND
    return max(1, int(RUN_SECONDS * rates[bot][players]))


def _path(bot: str, players: int) -> str:
    """The path that plays ``bot`` bots in every seat: ``"batch"`` or ``"engine"``."""
    return path_for(GAME, (bot,) * players) if bot in BATCH_GAMES_PER_SECOND else "engine"


def _in_kernel() -> bool:
    """True in a Jupyter kernel (a Voila page): there a run plays in a background thread, so the kernel
    can take the Stop click and its shutdown while it plays. Elsewhere nothing could click Stop."""
    kernel_app = sys.modules.get("ipykernel.kernelapp")
    return kernel_app is not None and bool(kernel_app.IPKernelApp.initialized())


def variants_of(result: SimulationResult) -> tuple[str, ...]:
    """The variants a simulation played (``()`` for the base game), as the lab names them."""
    given = dict(result.options).get("variants", ())
    return tuple(given) if isinstance(given, (list, tuple)) else (str(given),)


def bar_chart_svg(bars: Sequence[tuple[str, float, float, float]], label: str, width: int = 560, height: int = 260,
                  tick: Callable[[float], str] = lambda share: f"{round(100 * share)}%") -> str:
    """A bar chart of shares (0 to 1) with error bars: ``bars`` holds ``(name, value, low, high)``.

    ``label`` is the text alternative read out by screen readers (the chart is ``role="img"``); ``tick``
    writes a share on the axis (the app passes the language's percentage).
    """
    left, bottom, top = 44, 40, 12
    plot_h = height - bottom - top
    peak = max([high for _, _, _, high in bars] + [0.1])
    scale_max = min(1.0, (int(peak * 10) + 1) / 10)
    slot = (width - left - 10) / max(1, len(bars))
    bar_w = slot * 0.55

    def y(value: float) -> float:
        return top + plot_h * (1 - value / scale_max)

    parts = [f'<svg role="img" aria-label="{html.escape(label)}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" style="font:12px sans-serif">']
    ticks = 5
    for i in range(ticks + 1):
        value = scale_max * i / ticks
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end" aria-hidden="true">{html.escape(tick(value))}</text>')
    for n, (name, value, low, high) in enumerate(bars):
        x = left + slot * n + (slot - bar_w) / 2
        centre = x + bar_w / 2
        parts.append(f'<rect x="{x:.1f}" y="{y(value):.1f}" width="{bar_w:.1f}" height="{y(0) - y(value):.1f}" fill="#2a7ae2"/>')
        parts.append(f'<line x1="{centre:.1f}" x2="{centre:.1f}" y1="{y(low):.1f}" y2="{y(high):.1f}" stroke="#111" stroke-width="1.5"/>')
        for bound in (low, high):
            parts.append(f'<line x1="{centre - 6:.1f}" x2="{centre + 6:.1f}" y1="{y(bound):.1f}" y2="{y(bound):.1f}" stroke="#111" stroke-width="1.5"/>')
        parts.append(f'<text x="{centre:.1f}" y="{height - bottom + 16}" text-anchor="middle" aria-hidden="true">{html.escape(name)}</text>')
    parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#111"/></svg>')
    return "".join(parts)


class VariantLabApp(App):
    """Choose players, variants, bots, games and a seed; run; compare the team's win rates."""

    title_key = _K + "title"

    def __init__(self, params: AppParams | None = None, query: str | None = None) -> None:
        super().__init__(params, query)
        # the estimator bots of the default run judge hands in batches: their tables are built while
        # the browser loads the page (before it, in a preheated kernel), not in the learner's first run
        self.tables_thread = None if self.tables_built else batch_tables_in_background()

    def prepare(self) -> None:
        self.tables_built = batch_tables_early()

    def build(self) -> list[ipywidgets.Widget]:
        style = {"description_width": "8em"}
        self.intro = ipywidgets.HTML()
        self.intro.add_class("pkt-intro")
        # a menu, not a slider: a slider's handle has no accessible name in ipywidgets (axe: aria-input-field-name)
        self.players = ipywidgets.Dropdown(options=list(range(3, 7)), value=self.params.players, style=style,
                                           layout=ipywidgets.Layout(width="16em"))
        self.players.add_class("pkt-players")
        self.variant_boxes: dict[str, ipywidgets.Checkbox] = {}
        for name in VARIANTS:
            box = ipywidgets.Checkbox(value=True, indent=False)  # all compared from the start
            box.add_class(f"pkt-variant-{name}")
            self.variant_boxes[name] = box
        self.variants_label = ipywidgets.HTML()
        self.mode = ipywidgets.ToggleButtons(options=[("", "together"), ("", "side_by_side")], value="side_by_side")
        self.mode.add_class("pkt-mode")
        self.bot = ipywidgets.Dropdown(options=[(name, name) for name in GAME.bot_names], value=GAME.default_bot, style=style)
        self.bot.add_class("pkt-bot")
        self.bot.observe(lambda _: self._describe_bot(), names="value")
        self.bot_about = ipywidgets.HTML()
        self.bot_about.add_class("pkt-bot-about")
        self.games = ipywidgets.IntText(value=DEFAULT_GAMES, style=style, layout=ipywidgets.Layout(width="16em"))
        self.games.add_class("pkt-games")
        seed = self.params.seed if self.params.seed is not None else secrets.randbelow(1_000_000)
        self.seed = ipywidgets.IntText(value=seed, style=style, layout=ipywidgets.Layout(width="16em"))
        self.seed.add_class("pkt-seed")
        self.run_button = ipywidgets.Button(button_style="primary")
        self.run_button.add_class("pkt-run")
        self.run_button.on_click(self.guarded(lambda _: self.run()))
        self.stop_button = ipywidgets.Button(button_style="warning", icon="stop", disabled=True)
        self.stop_button.add_class("pkt-stop")
        self.stop_button.on_click(self.guarded(lambda _: self.stop()))
        self.cap = ipywidgets.HTML()
        self.cap.add_class("pkt-cap")
        for control in (self.players, self.bot, self.mode, self.games, *self.variant_boxes.values()):
            control.observe(lambda _: self._describe_cap(), names="value")
        for control in (self.players, self.bot, self.mode, self.games, self.seed, *self.variant_boxes.values()):
            control.observe(lambda _: self._settings_changed(), names="value")
        self.stored_shown = False  # the results shown are the kit's stored ones for these settings
        self.stored_for: tuple[object, ...] = ()
        self.running = False
        self.background = _in_kernel()
        self.thread: threading.Thread | None = None
        self.stop_flag = threading.Event()
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1)
        self.progress.add_class("pkt-progress")
        self.results_html = ipywidgets.HTML()
        self.results_html.add_class("pkt-results")
        self.chart = ipywidgets.HTML()
        self.chart.add_class("pkt-chart")
        self.conclusion = ipywidgets.HTML()
        self.conclusion.add_class("pkt-conclusion")
        self.interval_words = ipywidgets.HTML()
        self.interval_words.add_class("pkt-interval-words")
        self.results: list[SimulationResult] = []
        self.run_settings: tuple[int, str, int, int] | None = None
        return [
            self.intro,
            self.players,
            ipywidgets.HBox([self.variants_label, *self.variant_boxes.values()]),
            self.mode,
            ipywidgets.HBox([self.bot, self.bot_about]),
            ipywidgets.HBox([self.games, self.seed]),
            self.cap,
            ipywidgets.HBox([self.run_button, self.stop_button, self.progress]),
            self.conclusion,  # the plain-words sentence first
            self.chart,
            self.results_html,  # the detail: wins and 95% intervals
            self.interval_words,
        ]

    # -- running
    def configurations(self) -> list[tuple[str, ...]]:
        """The variant sets to play, always with the base game to compare with: the base game and all
        chosen variants together, or the base game and each chosen one alone."""
        chosen = tuple(name for name, box in self.variant_boxes.items() if box.value)
        if self.mode.value == "together":
            return [(), chosen] if chosen else [()]
        return [()] + [(name,) for name in chosen]

    def stored_results(self) -> list[SimulationResult]:
        """The kit's stored results of a run with the settings chosen now (widgets/stored_run.py), one per
        configuration, or ``[]`` if it stores none: the lab shows them before any Run."""
        games, seed = self.games.value, self.seed.value
        if not isinstance(games, int) or not isinstance(seed, int):
            return []
        found = []
        for variants in self.configurations():
            options = (("variants", tuple(variants)),) if variants else ()
            result = stored_result(Games(GAME.name, int(self.players.value), (str(self.bot.value),), games, seed, options))
            if result is None:
                return []
            found.append(result)
        return found

    def _settings(self) -> tuple[object, ...]:
        return (self.players.value, self.bot.value, self.games.value, self.seed.value, tuple(self.configurations()))

    def _settings_changed(self) -> None:
        """New settings: the stored results of the old ones go (those of the new ones come, if stored). A
        language switch, which sets the menus' options again, changes no setting and keeps them."""
        if self.running or (self.results and not self.stored_shown) or (self.stored_shown and self._settings() == self.stored_for):
            return  # a live run's results stay until the next run
        self.results, self.stored_shown = [], False
        self.refresh()

    def games_per_configuration(self) -> tuple[int, int]:
        """The most games one run plays in all with the chosen bot and players (:func:`run_cap`), and
        the most per configuration for the configurations chosen."""
        most = run_cap(str(self.bot.value), int(self.players.value))
        return most, max(1, most // len(self.configurations()))

    def run(self) -> None:
        """Check the settings, clip the games to the run's cap, and play: in a kernel in a background
        thread (so the kernel answers the Stop click and the page's shutdown), elsewhere at once."""
        if self.running:
            return
        games, seed = self.games.value, self.seed.value
        if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            self.say(self.t(_K + "bad_games", most=MAX_GAMES, value=games), "error")
            return
        if not isinstance(seed, int) or seed < 0:
            self.say(self.t(_K + "bad_seed", value=seed), "error")
            return
        configurations = self.configurations()
        players, bot = int(self.players.value), str(self.bot.value)
        _, per_configuration = self.games_per_configuration()
        clipped = games > per_configuration
        games = min(games, per_configuration)
        self.stop_flag = threading.Event()
        self.progress.description = ""
        self._set_running(True)
        self.progress.max = games * len(configurations)
        self.progress.value = 0
        self._show_playing()
        args = (players, bot, games, seed, configurations, clipped)
        if not self.background:
            self._play(*args)
            return
        self.thread = threading.Thread(target=self._play, args=args, name="pkt-lab-run", daemon=True)
        self.thread.start()
        threading.Thread(target=self._tick, args=(self.thread, self.stop_flag, time.perf_counter()), name="pkt-lab-clock",
                         daemon=True).start()

    def _tick(self, run: threading.Thread, stop_flag: threading.Event, start: float) -> None:
        """The seconds the background run ``run`` has played, beside the progress bar: "0 s" at once, then
        just after each whole second. The clock wakes at the second itself (not every so often, which drifts
        and can show a second late), so the page sees the run move every second even while one long game
        (a reader's at 6 players) is being played."""
        shown = 0
        while self.thread is run:
            self.progress.description = self.t(_K + "elapsed", seconds=shown)
            wake = start + shown + 1 + TICK_AFTER
            if stop_flag.wait(max(0.0, wake - time.perf_counter())):
                return
            shown = max(shown + 1, int(time.perf_counter() - start))

    def stop(self) -> None:
        """Ask the run to stop after the game it plays now."""
        if self.running:
            self.stop_flag.set()
            self.say(self.t(_K + "stopping"))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a background run to end; True if none is running afterwards."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)
        return not self.running

    def close(self) -> None:
        """Close the app's widgets and stop its run."""
        self.stop_flag.set()
        super().close()

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.run_button.disabled = running
        self.stop_button.disabled = not running
        for control in (self.players, self.bot, self.mode, self.games, self.seed, *self.variant_boxes.values()):
            control.disabled = running

    def _play(self, players: int, bot: str, games: int, seed: int, configurations: list[tuple[str, ...]],
              clipped: bool) -> None:
        """Play the games (the same games as :func:`~pokerkit_teach.core.simulate.simulate` with these
        settings): on the batch path in slices of about :data:`SLICE_SECONDS` of play (the first of
        :data:`SLICE` games, then :data:`MIN_SLICE` to :data:`MAX_SLICE`), on the engine one by one; the stop flag is checked before each slice or game,
        and the progress bar moves after each slice
        (on the engine at least every :data:`PROGRESS_EVERY` seconds); then show what was played."""
        start = last = time.perf_counter()
        results: list[SimulationResult] = []
        done = 0
        failed: str | None = None
        path = _path(bot, players)
        step = SLICE if path == "batch" else 1
        per_second = 0.0  # games a second the batch path has played so far
        try:
            for variants in configurations:
                if self.stop_flag.is_set():
                    break
                self.say(self.t(_K + "running", games=games, config=self.config_name(variants)))
                options = (("variants", tuple(variants)),) if variants else ()
                rules = GAME.new_rules(players, dict(options))
                begun = time.perf_counter()
                totals: dict[str, float] = {}
                played = 0
                while played < games and not self.stop_flag.is_set():
                    if per_second:  # slices of about SLICE_SECONDS, so Stop and the progress bar answer soon
                        step = max(MIN_SLICE, min(MAX_SLICE, int(per_second * SLICE_SECONDS)))
                    numbers = range(played, min(played + step, games))
                    sliced = time.perf_counter()
                    for key, value in play_games(GAME, rules, (bot,), seed, numbers, path).items():
                        totals[key] = totals.get(key, 0.0) + value
                    played += len(numbers)
                    done += len(numbers)
                    now = time.perf_counter()
                    if path == "batch":
                        per_second = len(numbers) / max(now - sliced, 1e-6)
                    if path == "batch" or now - last >= PROGRESS_EVERY:
                        self.progress.value, last = done, now
                if played:
                    results.append(SimulationResult(GAME.name, players, (bot,), options, played, seed,
                                                    time.perf_counter() - begun, totals, path))
        except Exception as error:  # noqa: BLE001 - a run in a thread has no one else to tell
            translate = getattr(error, "text", None)
            failed = translate(self.lang) if callable(translate) else f"{type(error).__name__}: {error}"
        try:
            self.progress.value = done
            stopped = self.stop_flag.is_set()
            if results:
                self.results, self.run_settings, self.stored_shown = results, (players, bot, games, seed), False
            self.running = False  # the results are drawn; Run comes back below, once they and the message are shown
            self.refresh()
            if failed is not None:
                self.say(self.t(_K + "failed", error=failed), "error")
                return
            seconds = time.perf_counter() - start  # a number: the catalogue writes it by the language's rules
            if stopped:
                text = self.t(_K + "stopped", done=done, total=self.progress.max, seconds=seconds)
            else:
                text = self.t(_K + "done", count=len(results), seconds=seconds)
            if clipped:
                text = self.t(_K + "clipped", most=games) + " " + text
            self.say(text)
        finally:  # Run comes back last, once the page shows the results and the message
            self.thread = None
            self._set_running(False)

    # -- drawing
    def config_name(self, variants: Sequence[str]) -> str:
        if not variants:
            return self.t(_K + "base")
        return " + ".join(self.t(_K + name.replace("-", "_")) for name in variants)

    def _show_playing(self) -> None:
        """While a run plays: no earlier result and no "no games played yet", but that the games are being played."""
        self.results_html.value = f"<p>{esc(self.t(_K + 'playing'))}</p>"
        self.chart.value = self.conclusion.value = self.interval_words.value = ""

    def _describe_bot(self) -> None:
        about = self.t("pokerface.bot." + str(self.bot.value))
        if self.bot.value == "reader":
            about += ". " + self.t(_K + "reader_slow")
        self.bot_about.value = f"<small>{esc(about)}</small>"

    def _describe_cap(self) -> None:
        """How many games the run plays for each configuration (the Games field, clipped to the cap) and in all,
        then the cap: the numbers agree with the Games field."""
        most, per_configuration = self.games_per_configuration()
        count = len(self.configurations())
        asked = self.games.value if isinstance(self.games.value, int) and self.games.value > 0 else DEFAULT_GAMES
        games = min(asked, per_configuration)
        self.cap.value = "<small>" + esc(self.t(_K + ("cap" if count > 1 else "cap_one"), games=games, total=games * count, most=most, seconds=RUN_SECONDS,
                                                 per=per_configuration, count=count)) + "</small>"

    def refresh(self) -> None:
        t = self.t
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.players.description = t(_K + "players")
        self.variants_label.value = f"<b>{esc(t(_K + 'variants'))}:</b>"
        for name, box in self.variant_boxes.items():
            box.description = t(_K + name.replace("-", "_"))
        mode = self.mode.value
        self.mode.options = [(t(_K + "mode_together"), "together"), (t(_K + "mode_side_by_side"), "side_by_side")]
        self.mode.value = mode
        self.mode.description = t(_K + "mode")
        self.mode.style.button_width = "auto"  # the whole label, in every language (no cut labels)
        bot = self.bot.value
        self.bot.options = [(t(_K + "bot_" + name), name) for name in GAME.bot_names]
        self.bot.value = bot
        self.bot.description = t(_K + "bot")
        self._describe_bot()
        self.games.description = t(_K + "games")
        self.seed.description = t(_K + "seed")
        self.run_button.description = t(_K + "run")
        self.run_button.tooltip = t(_K + "run_tip")
        self.stop_button.description = t(_K + "stop")
        self.stop_button.tooltip = t(_K + "stop_tip")
        self._describe_cap()
        if not self.results and not getattr(self, "running", False):
            stored = self.stored_results()
            if stored:
                self.results, self.stored_shown, self.stored_for = stored, True, self._settings()
                self.run_settings = (int(self.players.value), str(self.bot.value), int(self.games.value), int(self.seed.value))
        if getattr(self, "running", False):
            self._show_playing()
            return
        self.results_html.value = self.results_table() if self.results else f"<p>{esc(t(_K + 'no_results'))}</p>"
        self.chart.value = self.chart_svg() if self.results else ""
        self.conclusion.value = f"<p><b>{esc(self.conclusion_text())}</b></p>" if self.results else ""
        self.interval_words.value = f"<p><small>{esc(self.interval_text())}</small></p>" if self.results else ""

    def quoted(self, variants: Sequence[str]) -> str:
        return self.t(_K + "quoted", name=self.config_name(variants))

    def conclusion_text(self) -> str:
        """One sentence: which configurations make the team win more or less often than the base game by
        more than chance can explain, and which differences could be chance (see :func:`compare_rates`)."""
        base, *others = self.results
        if variants_of(base) or not others:
            return self.t(_K + "no_comparison")
        level = LEVEL / len(others)
        findings: dict[int, list[str]] = {1: [], -1: []}
        chance: list[str] = []
        for result in others:
            side = compare_rates(base, result, "won", level)
            if side == 0:
                chance.append(self.quoted(variants_of(result)))
                continue
            # the difference in plain words: games won more (or fewer) in 100, from the two rates
            diff = round(100 * abs(result.rate("won") - base.rate("won")))
            key = ("finding_more" if side > 0 else "finding_less") + ("_tiny" if diff == 0 else "")
            findings[side].append(self.t(_K + key, configs=self.quoted(variants_of(result)), diff=diff))
        parts = findings[1] + findings[-1]
        if chance:
            parts.append(self.t(_K + "finding_chance" + ("_several" if len(chance) > 1 else ""), configs=Items(chance)))
        return self.t(_K + "conclusion", findings="; ".join(parts))

    def interval_text(self) -> str:
        """What the first configuration's 95% interval means, in plain words."""
        result = self.results[0]
        _, low, high = self._rates(result)
        return self.t(_K + "interval_words", config=self.quoted(variants_of(result)), low=low, high=high, games=result.games)

    def _rates(self, result: SimulationResult) -> tuple[str, str, str]:
        low, high = result.ci95("won")
        rate, low_text, high_text = (self.t(_K + "percent", value=v) for v in (result.rate("won"), low, high))
        return rate, low_text, high_text

    def results_table(self) -> str:
        t = self.t
        assert self.run_settings is not None
        players, bot, games, seed = self.run_settings
        settings = t(_K + "settings", players=players, bot=t(_K + "bot_" + bot), games=games, seed=seed)
        head = "".join(f"<th scope='col'>{esc(t(_K + key))}</th>" for key in ("configuration", "wins", "win_rate", "ci"))
        rows = []
        for result in self.results:
            rate, low, high = self._rates(result)
            rows.append(
                f"<tr><th scope='row'>{esc(self.config_name(variants_of(result)))}</th>"
                f"<td>{int(result.totals.get('won', 0))} / {result.games}</td>"
                f"<td>{esc(rate)}</td><td>{esc(t(_K + 'range', low=low, high=high))}</td></tr>"
            )
        path = t(f"simulate.lab_path.{self.results[0].path}")
        if self.stored_shown:
            path = t(_K + "stored", run=t(_K + "run")) + " " + path
        return (
            f"<table class='pkt-results-table' cellpadding='4' style='border-collapse:collapse'>"
            f"<caption>{esc(settings)}</caption>{head}{''.join(rows)}</table>"
            f"<p class='pkt-path'><small>{esc(path)}</small></p>"
        )

    def chart_svg(self) -> str:
        bars, items = [], []
        for result in self.results:
            name = self.config_name(variants_of(result))
            low, high = result.ci95("won")
            bars.append((name, result.rate("won"), low, high))
            rate, low_text, high_text = self._rates(result)
            items.append(self.t(_K + "chart_item", config=name, rate=rate, low=low_text, high=high_text))
        return bar_chart_svg(bars, self.t(_K + "chart", items="; ".join(items)), tick=lambda share: self.t(_K + "tick", value=share))
