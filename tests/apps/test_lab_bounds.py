"""The variant lab's bounds on one run: a cap on games x configurations shown to the learner,
larger requests clipped with a message, Run disabled and Stop offered while a run plays, the progress
and the seconds played moving during a run (even during one long game), and a run that neither keeps
the kernel from answering nor from shutting down. Every wait is for a named condition; how fast a run
goes is measured by benchmarks/, not here.
"""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import pytest
from jupyter_client.manager import KernelManager

from pokerkit_teach.core.simulate import simulate
from pokerkit_teach.widgets import lab
from pokerkit_teach.widgets.lab import BATCH_GAMES_PER_SECOND, GAMES_PER_SECOND, RUN_SECONDS, VariantLabApp, run_cap, variants_of


def text(value: str) -> str:
    return re.sub(r"<[^>]+>", "", value)


def base_game_only(app: VariantLabApp) -> VariantLabApp:
    """Untick the variants (all are ticked at the start): one configuration, the base game."""
    for box in app.variant_boxes.values():
        box.value = False
    return app


def test_the_cap_is_about_a_minute_of_play_for_every_bot_and_player_count() -> None:
    """On the path that plays the bots: the batch path for random and estimator bots, the engine for the reader."""
    assert sorted(BATCH_GAMES_PER_SECOND) == ["estimator", "random"]
    for bot, rates in GAMES_PER_SECOND.items():
        assert sorted(rates) == [3, 4, 5, 6]
        for players, rate in rates.items():
            rate = BATCH_GAMES_PER_SECOND[bot][players] if bot in BATCH_GAMES_PER_SECOND else rate
            assert run_cap(bot, players) == int(RUN_SECONDS * rate) >= 1
    assert RUN_SECONDS <= 60
    # slower bots and more players: never a larger cap
    for bot in GAMES_PER_SECOND:
        caps = [run_cap(bot, players) for players in (3, 4, 5, 6)]
        assert caps == sorted(caps, reverse=True)
    for players in (3, 4, 5, 6):
        assert run_cap("random", players) > run_cap("estimator", players) > run_cap("reader", players)


def test_the_learner_sees_the_cap_for_the_chosen_settings_in_both_languages() -> None:
    app = VariantLabApp(query="lang=en&players=6")
    app.bot.value = "reader"
    for box in app.variant_boxes.values():
        box.value = True
    shown = text(app.cap.value)
    assert shown.startswith("This run plays 75 games for each of the 4 configurations chosen (300 games in all).")
    assert "at most 300 games in all" in shown and "at most 75 games per configuration" in shown
    app.mode.value = "together"  # the base game and all variants at once
    assert "150 games for each of the 2 configurations chosen" in text(app.cap.value)
    app.language.value = "de"
    assert "150 Spiele für jede der 2 gewählten Einstellungen" in text(app.cap.value)
    assert "höchstens 150 Spiele pro Einstellung" in text(app.cap.value)
    app.language.value = "es"
    assert "como mucho 150 partidas por configuración" in text(app.cap.value)
    base_game_only(app)
    assert text(app.cap.value).startswith("Esta tanda juega 300 partidas. ")
    app.language.value = "en"
    assert text(app.cap.value) == "This run plays 300 games. With these bots and players one run plays at most 300 games (about 60 seconds)."
    app.language.value = "en"
    app.bot.value, app.players.value = "random", 3
    assert "at most 240,000 games (about 60 seconds)" in text(app.cap.value)
    app.language.value = "de"
    assert "höchstens 240.000 Spiele (etwa 60 Sekunden)" in text(app.cap.value)
    assert "(s)" not in app.cap.value and "(en)" not in app.cap.value
    app.close()


@pytest.mark.parametrize(("lang", "done"), [("en", r"1 configuration played in \d+\.\d s\."),
                                            ("de", r"1 Einstellung in \d+,\d s gespielt\."),
                                            ("es", r"1 configuración jugada en \d+,\d s\.")])
def test_the_lab_says_counts_and_seconds_by_the_languages_rules(lang: str, done: str) -> None:
    app = base_game_only(VariantLabApp(query=f"lang={lang}&players=3&seed=4"))
    app.bot.value, app.games.value = "random", 5
    app.run()
    assert re.search(done, text(app.message_area.value)), app.message_area.value
    app.close()


def test_the_issues_request_of_4_x_20000_reader_games_at_6_players_is_clipped() -> None:
    """A run of more than two hours of a core (the issue measured about 8 with the reader of then) is clipped
    to the cap (and stopped at once)."""
    app = VariantLabApp(query="lang=en&players=6&seed=3")
    app.bot.value, app.games.value = "reader", 20000
    for box in app.variant_boxes.values():
        box.value = True
    app.background = True
    app.run()
    app.stop()
    assert app.wait(30)
    assert app.progress.max == 4 * 75 == run_cap("reader", 6)
    message = text(app.message_area.value)
    assert "at most 75 games per configuration" in message and "Stopped after" in message
    app.close()


@pytest.mark.parametrize(("lang", "expected"), [("en", "at most 10 games per configuration with these settings, so 10 were played"),
                                                ("de", "höchstens 10 Spiele pro Einstellung, also wurden 10 gespielt")])
def test_a_larger_request_is_clipped_with_a_message(lang: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(lab.BATCH_GAMES_PER_SECOND["random"], 3, 20 / RUN_SECONDS)  # a cap of 20 games
    app = VariantLabApp(query=f"lang={lang}&players=3&seed=4")
    app.bot.value, app.games.value = "random", 500
    base_game_only(app).variant_boxes["soft-landing"].value = True
    app.run()
    assert [(variants_of(r), r.games) for r in app.results] == [((), 10), (("soft-landing",), 10)]
    assert app.results[0].totals == simulate("pokerface", 3, ["random"], 10, 4).totals
    assert expected in text(app.message_area.value) and "pkt-error" not in app.message_area.value
    assert app.games.value == 500, "the learner's number stays; the table's caption says what was played"
    app.close()


def watch_progress(app: VariantLabApp, moves_wanted: int) -> tuple[list[int], threading.Event]:
    """The progress bar's values as they come, and an event set once it has moved ``moves_wanted`` times."""
    moves: list[int] = []
    moved = threading.Event()

    def seen(change: dict[str, Any]) -> None:
        if change["new"] > 0:
            moves.append(change["new"])
            if len(moves) >= moves_wanted:
                moved.set()
    app.progress.observe(seen, names="value")
    return moves, moved


def test_a_background_run_disables_run_offers_stop_and_moves_the_progress_as_it_plays() -> None:
    """20,000 estimator games at 6 players on the batch path: many slices, so the bar moves many times.
    Every wait is for a named condition (bounded generously); nothing here depends on the machine's speed."""
    app = base_game_only(VariantLabApp(query="lang=en&players=6&seed=9"))
    app.bot.value, app.games.value = "estimator", 20000
    app.background = True
    moves, moved = watch_progress(app, 3)
    app.run()
    assert app.running and app.run_button.disabled and not app.stop_button.disabled and app.games.disabled
    app.run()  # a second Run while one plays does nothing
    assert moved.wait(120), f"the progress bar moved {len(moves)} times"
    assert app.running, "the bar moved three times before the last of 20,000 games"
    app.stop_button.click()
    assert app.wait(120), "the run ends after Stop (after the slice being played)"
    assert not app.run_button.disabled and app.stop_button.disabled and not app.games.disabled
    assert moves == sorted(moves), "the progress only grows"
    [result] = app.results
    assert result.path == "batch" and "The games were played in batches" in text(app.results_html.value)
    assert 0 < result.games == app.progress.value < 20000
    assert result.totals == simulate("pokerface", 6, ["estimator"], result.games, 9).totals, "the first games of the run"
    assert f"Stopped after {result.games:,} of 20,000 games" in text(app.message_area.value)
    assert f"{int(result.totals['won'])} / {result.games}" in text(app.results_html.value)
    app.run()  # Run works again after a stop
    app.stop()
    assert app.wait(120), "the run ends after Stop (after the slice being played)"
    app.close()


def test_closing_the_app_stops_its_run() -> None:
    app = VariantLabApp(query="lang=de&players=6&seed=1")
    app.bot.value, app.games.value = "estimator", 20000
    app.background = True
    app.run()
    thread = app.thread
    assert thread is not None and thread.daemon, "a daemon thread never keeps the kernel's process alive"
    app.close()
    thread.join(120)  # a bound: the run ends after the slice being played
    assert not thread.is_alive()


def in_thread(body: Any, timeout: float = 120) -> None:
    """Run ``body`` in a thread of its own (the session's browser keeps an event loop in the main thread)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            body()
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"the kernel test did not finish in {timeout} s"
    if failure:
        raise failure[0]


START_A_LONG_RUN = """
from pokerkit_teach.widgets.lab import VariantLabApp
app = VariantLabApp(query="players=6&seed=2")
app.bot.value, app.games.value = "estimator", 20000
app.run()
print(app.background, app.running, app.progress.max)
"""


def test_in_a_kernel_a_run_leaves_the_kernel_answering_and_free_to_shut_down() -> None:
    """In a real kernel the run plays in the background: the kernel is idle and answers at once (so the
    page's Stop click is taken), Stop ends the run, and a shutdown during a run ends the kernel at once."""

    def body() -> None:
        manager = KernelManager(kernel_name="python3")
        manager.start_kernel()
        client = manager.client()
        try:
            client.start_channels()
            client.wait_for_ready(timeout=60)
            outputs: list[str] = []
            reply = client.execute_interactive(START_A_LONG_RUN, timeout=60,
                                               output_hook=lambda msg: outputs.append(msg["content"].get("text", "")))
            assert reply["content"]["status"] == "ok" and "".join(outputs).split() == ["True", "True", str(run_cap("estimator", 6))]
            outputs.clear()
            reply = client.execute_interactive("print(app.running)", timeout=60,
                                               output_hook=lambda msg: outputs.append(msg["content"].get("text", "")))
            assert "".join(outputs).split() == ["True"], "the kernel answers while the run still plays"
            outputs.clear()
            # app.wait returns when the run's thread has ended (after the slice being played); 60 s is a bound
            reply = client.execute_interactive("app.stop(); print(app.wait(60), app.running)", timeout=90,
                                               output_hook=lambda msg: outputs.append(msg["content"].get("text", "")))
            assert "".join(outputs).split() == ["True", "False"]
            client.execute_interactive("app.run()", timeout=10)
            process = manager.provisioner.process
            # jupyter_client waits shutdown_wait_time (5 s) for the kernel to end by itself, then signals it; a
            # loaded machine may need longer. The wait ends as soon as the process has ended.
            manager.shutdown_wait_time = 60
            manager.shutdown_kernel(now=False)
            assert not manager.is_alive()
            # a run in progress does not hold up the shutdown: the kernel ended by itself (status 0) before
            # jupyter_client's wait ran out and it was killed (a negative status, the signal)
            assert process.returncode == 0, process.returncode
        finally:
            client.stop_channels()
            if manager.has_kernel:
                manager.shutdown_kernel(now=True)
            manager.context.destroy(linger=0)

    in_thread(body)


def test_the_seconds_played_move_during_one_long_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game on the engine can take more than a second (an earlier reader took several at 6 players):
    the seconds beside the progress bar still move, one by one, while a game holds the interpreter. The
    first game here is Python work that lasts until "2 s" (or a later second) is shown (bounded), so the clock must tick while
    that game plays; the first game's result is then counted as usual."""
    real = lab.play_games
    two_seconds = threading.Event()

    def long_game(*args: Any, **kwargs: Any) -> Any:
        end = time.monotonic() + 60  # a bound only: the wait is for the clock's "2 s"
        while not two_seconds.is_set() and time.monotonic() < end:
            pass
        return real(*args, **kwargs)

    monkeypatch.setattr(lab, "play_games", long_game)
    app = VariantLabApp(query="lang=de&players=6&seed=5")
    app.bot.value, app.games.value = "reader", 60
    app.background = True
    ticks: list[tuple[str, int]] = []

    def seen(change: dict[str, Any]) -> None:
        if change["new"]:
            ticks.append((change["new"], app.progress.value))
            if int(change["new"].split()[0]) >= 2:
                two_seconds.set()
    app.progress.observe(seen, names="description")
    app.run()
    assert two_seconds.wait(90), ticks
    app.stop()
    assert app.wait(60)
    # the seconds shown while the first game played: from "0 s" up to "2 s", each later than the one before (a
    # clock thread woken late on a loaded machine shows the second it is in, and may skip one)
    seconds = [int(text.split()[0]) for text, _ in ticks]
    shown = ticks[:next(index for index, second in enumerate(seconds) if second >= 2) + 1]
    seconds = seconds[:len(shown)]
    assert seconds[0] == 0 and seconds == sorted(set(seconds)) and {done for _, done in shown} == {0}, ticks
    app.close()
