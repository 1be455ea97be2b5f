"""A simulation in a lesson: its stored result at once, a live run on request.

A lesson that lets the kit play many games would keep a class waiting while it plays. :class:`SimulationRun`
shows the result the kit stored for exactly these runs (``stored_runs.json`` beside this module, written by
``scripts/stored_runs.py`` and recomputed from the kit by ``tests/test_stored_runs.py``) as soon as the page
opens. **Play it again live** plays the same runs in the kernel: games on the game's batch path where it has
one (:func:`pokerkit_teach.core.simulate.path_for`, as :func:`~pokerkit_teach.core.simulate.simulate`
chooses), in slices, the progress bar moving after every slice; **Stop** ends the run after the slice being
played, and the stored result stays on the page. In a Jupyter kernel the live run plays in a background
thread, so the page can take the Stop click; elsewhere (tests, a script) it plays at once.

A run is a list of jobs, each a frozen value that says what to play and can play a slice of it:

- :class:`Games`: games of a game with bots, the sums of each game's figures, as ``simulate`` plays them;
- :class:`RandomTokenDeals`: Pokerface deals at which the tokens are taken at random
  (:func:`pokerkit_teach.games.pokerface.simulate.random_tokens`).

The same job always gives the same result, so a stored result is what a live run shows.

CSS classes (for browser tests): ``pkt-run`` (the whole), ``pkt-run-note`` (HTML: stored or live, and what
was played), ``pkt-run-output`` (HTML: the result in words), ``pkt-run-live`` and ``pkt-run-stop``
(Buttons), ``pkt-run-progress`` (IntProgress).

>>> job = Games("pokerface", 3, ("random",), 40, seed=1)
>>> run = SimulationRun([job], lambda results: f"won {int(results[0].totals['won'])}", "en")
>>> run.live_button.click()                      # outside a kernel the live run plays at once
>>> run.output.value, run.progress.value == run.progress.max
('<pre>won 3</pre>', True)
"""

from __future__ import annotations

import html
import json
import sys
import threading
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence, Union

import ipywidgets

from pokerkit_teach.core.i18n import check_language, message
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import SimulationResult, path_for, play_games
from pokerkit_teach.games.pokerface.simulate import TOKEN_BLOCK, RandomTokens, random_tokens

__all__ = ["Games", "RandomTokenDeals", "Job", "SimulationRun", "job_from_spec", "stored_run", "stored_result", "stored_runs",
           "result_json", "STORED_RUNS", "BATCH_SLICE"]

STORED_RUNS = Path(__file__).with_name("stored_runs.json")
BATCH_SLICE = 200  # games of one slice on the batch path (fewer would lose what playing side by side gains)
PROGRESS_EVERY = 0.25  # s between moves of the progress bar on the engine, which plays one game a slice
_K = "apps.run."


@dataclass(frozen=True)
class Games:
    """``games`` games of ``game`` at ``players`` with ``bots`` (one name for every seat, or one per seat),
    seeded ``seed``, with the rule ``options``: the sums of every game's figures, as
    :func:`~pokerkit_teach.core.simulate.simulate` gives them."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()

    def spec(self) -> dict[str, Any]:
        return {"kind": "games", "game": self.game, "players": self.players, "bots": list(self.bots), "games": self.games,
                "seed": self.seed, "options": {name: list(value) if isinstance(value, tuple) else value for name, value in self.options}}

    @property
    def units(self) -> int:
        return self.games

    def slice(self) -> int:
        """Games per slice: many on the batch path, one on the engine."""
        return BATCH_SLICE if self.path() == "batch" else 1

    def path(self) -> str:
        seats = self.bots * self.players if len(self.bots) == 1 else self.bots
        return path_for(get_game(self.game), seats)

    def play(self, numbers: range) -> dict[str, float]:
        info = get_game(self.game)
        rules = info.new_rules(self.players, {name: value for name, value in self.options})
        return play_games(info, rules, self.bots, self.seed, numbers, self.path())

    def combine(self, parts: Sequence[dict[str, float]], played: int, seconds: float) -> SimulationResult:
        totals: dict[str, float] = {}
        for part in parts:
            for key, value in part.items():
                totals[key] = totals.get(key, 0.0) + value
        return SimulationResult(self.game, self.players, self.bots, self.options, played, self.seed, seconds, totals, self.path())

    def result_from(self, data: dict[str, Any]) -> SimulationResult:
        return SimulationResult(self.game, self.players, self.bots, self.options, int(data["games"]), self.seed, 0.0,
                                {key: float(value) for key, value in data["totals"].items()}, str(data["path"]))


@dataclass(frozen=True)
class RandomTokenDeals:
    """``deals`` random Pokerface deals of ``players`` hands at which everyone takes a token without looking
    (:func:`~pokerkit_teach.games.pokerface.simulate.random_tokens`), dealt in blocks from ``seed``."""

    players: int
    deals: int
    seed: int

    def spec(self) -> dict[str, Any]:
        return {"kind": "random_tokens", "players": self.players, "deals": self.deals, "seed": self.seed}

    @property
    def units(self) -> int:
        return self.deals

    def slice(self) -> int:
        return TOKEN_BLOCK

    def play(self, numbers: range) -> RandomTokens:
        return random_tokens(self.players, self.deals, self.seed,
                             range(numbers.start // TOKEN_BLOCK, -(-numbers.stop // TOKEN_BLOCK)))

    def combine(self, parts: Sequence[RandomTokens], played: int, seconds: float) -> RandomTokens:
        total = RandomTokens(self.players, 0, 0, Fraction(0))
        for part in parts:
            total = total + part
        return total

    def result_from(self, data: dict[str, Any]) -> RandomTokens:
        return RandomTokens(self.players, int(data["deals"]), int(data["ties"]), Fraction(str(data["right"])))


Job = Union[Games, RandomTokenDeals]


def result_json(result: SimulationResult | RandomTokens) -> dict[str, Any]:
    """A job's result as it is stored: the figures that decide it, no timing."""
    if isinstance(result, RandomTokens):
        return {"deals": result.deals, "ties": result.ties, "right": str(result.right)}
    return {"games": result.games, "path": result.path,
            "totals": {key: int(value) if float(value).is_integer() else value for key, value in sorted(result.totals.items())}}


def job_from_spec(spec: dict[str, Any]) -> Job:
    """The job a stored ``spec`` describes (:meth:`Games.spec`, :meth:`RandomTokenDeals.spec`)."""
    if spec["kind"] == "random_tokens":
        return RandomTokenDeals(int(spec["players"]), int(spec["deals"]), int(spec["seed"]))
    options = tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in spec["options"].items())
    return Games(str(spec["game"]), int(spec["players"]), tuple(spec["bots"]), int(spec["games"]), int(spec["seed"]), options)


@lru_cache(maxsize=1)
def stored_runs() -> dict[str, tuple[tuple[Job, Any], ...]]:
    """Every stored run by its name: its jobs, each with its stored result."""
    data = json.loads(STORED_RUNS.read_text(encoding="utf-8"))
    runs: dict[str, tuple[tuple[Job, Any], ...]] = {}
    for name, entries in data["runs"].items():
        jobs = [job_from_spec(entry["spec"]) for entry in entries]
        runs[name] = tuple((job, job.result_from(entry["result"])) for job, entry in zip(jobs, entries))
    return runs


def stored_run(name: str) -> list[tuple[Job, Any]]:
    """The jobs of the stored run ``name`` with their results (a lesson's run: ``lesson-02``).

    >>> [type(job).__name__ for job, _ in stored_run("lesson-02")]
    ['RandomTokenDeals', 'Games', 'Games']
    """
    return list(stored_runs()[name])


def stored_result(job: Job) -> Any:
    """The stored result of ``job`` in any stored run (a :class:`~pokerkit_teach.core.simulate.SimulationResult`
    or a :class:`~pokerkit_teach.games.pokerface.simulate.RandomTokens`), or ``None`` if the kit stores none for it.

    >>> stored_result(RandomTokenDeals(3, 20000, seed=1)).deals
    20000
    >>> stored_result(RandomTokenDeals(3, 20000, seed=2)) is None
    True
    """
    for entries in stored_runs().values():
        for stored, result in entries:
            if stored == job:
                return result
    return None


def _in_kernel() -> bool:
    """True in a Jupyter kernel (a Voila page): there the live run plays in a background thread."""
    kernel_app = sys.modules.get("ipykernel.kernelapp")
    return kernel_app is not None and bool(kernel_app.IPKernelApp.initialized())


class SimulationRun:
    """Jobs a lesson plays, shown at once from their stored results; **Play it again live** plays them in
    the kernel with a progress bar and **Stop**. ``jobs``: the name of a stored run (its jobs), or the jobs
    themselves. ``describe(results)`` writes the results (one per job, in order) in the lesson's words; the
    run shows it in a ``<pre>`` block."""

    def __init__(self, jobs: str | Sequence[Job], describe: Callable[[list[Any]], str], lang: str) -> None:
        self.jobs = [job for job, _ in stored_run(jobs)] if isinstance(jobs, str) else list(jobs)
        self.describe = describe
        self.lang = check_language(lang)
        self.note = ipywidgets.HTML()
        self.note.add_class("pkt-run-note")
        self.output = ipywidgets.HTML()
        self.output.add_class("pkt-run-output")
        self.live_button = ipywidgets.Button(description=self.t("live"), tooltip=self.t("live_tip"), icon="play",
                                             layout=ipywidgets.Layout(width="auto"))
        self.live_button.add_class("pkt-run-live")
        self.live_button.on_click(lambda _: self.play_live())
        self.stop_button = ipywidgets.Button(description=self.t("stop"), tooltip=self.t("stop_tip"), icon="stop",
                                             button_style="warning", disabled=True, layout=ipywidgets.Layout(width="auto"))
        self.stop_button.add_class("pkt-run-stop")
        self.stop_button.on_click(lambda _: self.stop())
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=sum(job.units for job in self.jobs))
        self.progress.add_class("pkt-run-progress")
        self.stop_flag = threading.Event()
        self.thread: threading.Thread | None = None
        self.stored = [stored_result(job) for job in self.jobs]
        if all(result is not None for result in self.stored):
            self.output.value = self._pre(self.describe(self.stored))
            self.note.value = f"<p><small>{html.escape(self.t('stored', live=self.t('live')))}</small></p>"
        else:
            self.stored = []
            self.note.value = f"<p><small>{html.escape(self.t('none', live=self.t('live')))}</small></p>"
        self.box = ipywidgets.VBox([self.note, ipywidgets.HBox([self.live_button, self.stop_button, self.progress]), self.output],
                                   layout=ipywidgets.Layout(align_items="flex-start"))
        self.box.add_class("pkt-run")

    def t(self, key: str, **values: Any) -> str:
        return message(_K + key, self.lang, **values)

    @staticmethod
    def _pre(text: str) -> str:
        return f"<pre>{html.escape(text)}</pre>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def play_live(self) -> None:
        """Play every job again: in a kernel in a background thread, elsewhere at once."""
        if self.thread is not None:
            return
        self.stop_flag = threading.Event()
        self.live_button.disabled, self.stop_button.disabled = True, False
        self.progress.value = 0
        if not _in_kernel():
            self._play()
            return
        self.thread = threading.Thread(target=self._play, name="pkt-lesson-run", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """End the live run after the slice being played."""
        self.stop_flag.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a live run in the background to end; True if none is playing afterwards."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)
        return self.thread is None

    def close(self) -> None:
        self.stop_flag.set()
        self.box.close()

    def _play(self) -> None:
        start = last = time.perf_counter()
        results: list[Any] = []
        done, total = 0, self.progress.max
        try:
            self.note.value = f"<p><small>{html.escape(self.t('playing'))}</small></p>"
            for job in self.jobs:
                parts: list[Any] = []
                played, begun = 0, time.perf_counter()
                while played < job.units and not self.stop_flag.is_set():
                    numbers = range(played, min(played + job.slice(), job.units))
                    parts.append(job.play(numbers))
                    played += len(numbers)
                    done += len(numbers)
                    now = time.perf_counter()
                    if job.slice() > 1 or now - last >= PROGRESS_EVERY:
                        self.progress.value, last = done, now
                if self.stop_flag.is_set():
                    break
                results.append(job.combine(parts, played, time.perf_counter() - begun))
            self.progress.value = done
            seconds = time.perf_counter() - start
            if self.stop_flag.is_set():
                note = self.t("stopped", done=done, total=total, seconds=seconds)
            else:
                self.output.value = self._pre(self.describe(results))
                same = bool(self.stored) and [result_json(r) for r in results] == [result_json(r) for r in self.stored]
                note = self.t("played_same" if same else "played", seconds=seconds)
            self.note.value = f"<p><small>{html.escape(note)}</small></p>"
        except Exception as error:  # noqa: BLE001 - a run in a thread has no one else to tell
            translate = getattr(error, "text", None)
            failed = translate(self.lang) if callable(translate) else f"{type(error).__name__}: {error}"
            self.note.value = f"<p style='color:#a00'>{html.escape(self.t('failed', error=failed))}</p>"
        finally:
            self.thread = None
            self.live_button.disabled, self.stop_button.disabled = False, True
