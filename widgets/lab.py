"""The variant lab: bots play many Pokerface games; how often does the team win, with and without variants?

Every game is played by the kit's one simulation runner, :func:`pokerkit_teach.core.simulate.simulate`
(one process, a progress callback driving the progress bar). The app shows a table of win rates with their 95% confidence
intervals and a bar chart drawn as inline SVG by :func:`bar_chart_svg`, with a text alternative.

CSS classes (for browser tests):

- ``pkt-players`` (IntSlider 3-6), ``pkt-variant-free-for-all``, ``pkt-variant-rising-stakes``,
  ``pkt-variant-soft-landing`` (Checkboxes), ``pkt-mode`` (ToggleButtons: together / side by side)
- ``pkt-bot`` (Dropdown), ``pkt-games`` (IntText, 1-20000), ``pkt-seed`` (IntText), ``pkt-run`` (Button)
- ``pkt-progress`` (IntProgress), ``pkt-intro`` (HTML), ``pkt-bot-about`` (HTML)
- ``pkt-results`` (HTML: a ``pkt-results-table`` table), ``pkt-chart`` (HTML: an ``svg`` with
  ``role="img"`` and an ``aria-label`` listing every value)
- from :class:`~widgets.common.App`: ``pkt-app``, ``pkt-language``, ``pkt-message`` (errors: ``pkt-error``)

>>> svg = bar_chart_svg([("Base", 0.25, 0.2, 0.3)], "Base 25%")
>>> svg.startswith('<svg role="img" aria-label="Base 25%"'), svg.count("<rect")
(True, 1)
"""

from __future__ import annotations

import html
import secrets
import time
from typing import Sequence

import ipywidgets

from pokerkit_teach.core.simulate import SimulationResult, simulate
from pokerkit_teach.pokerface import GAME

from .common import App, esc

__all__ = ["VariantLabApp", "bar_chart_svg", "percent", "variants_of", "VARIANTS", "MAX_GAMES"]

_K = "apps.lab."
VARIANTS = ("free-for-all", "rising-stakes", "soft-landing")
MAX_GAMES = 20000


def variants_of(result: SimulationResult) -> tuple[str, ...]:
    """The variants a simulation played (``()`` for the base game), as the lab names them."""
    given = dict(result.options).get("variants", ())
    return tuple(given) if isinstance(given, (list, tuple)) else (str(given),)


def percent(value: float, lang: str) -> str:
    """A share as a percentage with one decimal, ``21.5`` / ``21,5`` (the sign comes from the catalogue)."""
    text = f"{100 * value:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def bar_chart_svg(bars: Sequence[tuple[str, float, float, float]], label: str, width: int = 560, height: int = 260) -> str:
    """A bar chart of shares (0 to 1) with error bars: ``bars`` holds ``(name, value, low, high)``.

    ``label`` is the text alternative read out by screen readers (the chart is ``role="img"``).
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
        parts.append(f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end" aria-hidden="true">{round(100 * value)}%</text>')
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

    def build(self) -> list[ipywidgets.Widget]:
        style = {"description_width": "8em"}
        self.intro = ipywidgets.HTML()
        self.intro.add_class("pkt-intro")
        self.players = ipywidgets.IntSlider(value=self.params.players, min=3, max=6, style=style)
        self.players.add_class("pkt-players")
        self.variant_boxes: dict[str, ipywidgets.Checkbox] = {}
        for name in VARIANTS:
            box = ipywidgets.Checkbox(value=False, indent=False)
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
        self.games = ipywidgets.IntText(value=200, style=style, layout=ipywidgets.Layout(width="16em"))
        self.games.add_class("pkt-games")
        seed = self.params.seed if self.params.seed is not None else secrets.randbelow(1_000_000)
        self.seed = ipywidgets.IntText(value=seed, style=style, layout=ipywidgets.Layout(width="16em"))
        self.seed.add_class("pkt-seed")
        self.run_button = ipywidgets.Button(button_style="primary")
        self.run_button.add_class("pkt-run")
        self.run_button.on_click(self.guarded(lambda _: self.run()))
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1)
        self.progress.add_class("pkt-progress")
        self.results_html = ipywidgets.HTML()
        self.results_html.add_class("pkt-results")
        self.chart = ipywidgets.HTML()
        self.chart.add_class("pkt-chart")
        self.results: list[SimulationResult] = []
        self.run_settings: tuple[int, str, int, int] | None = None
        return [
            self.intro,
            self.players,
            ipywidgets.HBox([self.variants_label, *self.variant_boxes.values()]),
            self.mode,
            ipywidgets.HBox([self.bot, self.bot_about]),
            ipywidgets.HBox([self.games, self.seed]),
            ipywidgets.HBox([self.run_button, self.progress]),
            self.results_html,
            self.chart,
        ]

    # -- running
    def configurations(self) -> list[tuple[str, ...]]:
        """The variant sets to play: all chosen together, or the base game and each chosen one alone."""
        chosen = tuple(name for name, box in self.variant_boxes.items() if box.value)
        if self.mode.value == "together":
            return [chosen]
        return [()] + [(name,) for name in chosen]

    def run(self) -> None:
        games, seed = self.games.value, self.seed.value
        if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            self.say(self.t(_K + "bad_games", most=MAX_GAMES, value=games), "error")
            return
        if not isinstance(seed, int) or seed < 0:
            self.say(self.t(_K + "bad_seed", value=seed), "error")
            return
        configurations = self.configurations()
        players, bot = int(self.players.value), str(self.bot.value)
        self.progress.max = games * len(configurations)
        self.progress.value = 0
        start = time.perf_counter()
        results = []
        for number, variants in enumerate(configurations):
            self.say(self.t(_K + "running", games=games, config=self.config_name(variants)))

            def progress(done: int, total: int, offset: int = number * games) -> None:
                self.progress.value = offset + done

            results.append(simulate(GAME, players, [bot], games, seed, workers=1, progress=progress,
                                    options={"variants": list(variants)}))
        self.results, self.run_settings = results, (players, bot, games, seed)
        self.refresh()
        seconds = f"{time.perf_counter() - start:.1f}"
        self.say(self.t(_K + "done", count=len(results), seconds=seconds.replace(".", ",") if self.lang == "de" else seconds))

    # -- drawing
    def config_name(self, variants: Sequence[str]) -> str:
        if not variants:
            return self.t(_K + "base")
        return " + ".join(self.t(_K + name.replace("-", "_")) for name in variants)

    def _describe_bot(self) -> None:
        about = self.t("pokerface.bot." + str(self.bot.value))
        if self.bot.value == "reader":
            about += ". " + self.t(_K + "reader_slow")
        self.bot_about.value = f"<small>{esc(about)}</small>"

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
        self.mode.style.button_width = "22em"
        bot = self.bot.value
        self.bot.options = [(t(_K + "bot_" + name), name) for name in GAME.bot_names]
        self.bot.value = bot
        self.bot.description = t(_K + "bot")
        self._describe_bot()
        self.games.description = t(_K + "games")
        self.seed.description = t(_K + "seed")
        self.run_button.description = t(_K + "run")
        self.run_button.tooltip = t(_K + "run_tip")
        self.results_html.value = self.results_table() if self.results else f"<p>{esc(t(_K + 'no_results'))}</p>"
        self.chart.value = self.chart_svg() if self.results else ""

    def _rates(self, result: SimulationResult) -> tuple[str, str, str]:
        low, high = result.ci95("won")
        rate, low_text, high_text = (self.t(_K + "percent", value=percent(v, self.lang)) for v in (result.rate("won"), low, high))
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
        return (
            f"<table class='pkt-results-table' cellpadding='4' style='border-collapse:collapse'>"
            f"<caption>{esc(settings)}</caption>{head}{''.join(rows)}</table>"
        )

    def chart_svg(self) -> str:
        bars, items = [], []
        for result in self.results:
            name = self.config_name(variants_of(result))
            low, high = result.ci95("won")
            bars.append((name, result.rate("won"), low, high))
            rate, low_text, high_text = self._rates(result)
            items.append(self.t(_K + "chart_item", config=name, rate=rate, low=low_text, high=high_text))
        return bar_chart_svg(bars, self.t(_K + "chart", items="; ".join(items)))
