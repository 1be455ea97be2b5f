"""The command line's numeric options are checked against stated limits before any work, and any argument
list ends with exit status 0 or 2, never a traceback."""

from __future__ import annotations

import gettext

import io
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach import cli
from pokerkit_teach.core.i18n import LANGUAGES, message
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import builtin_scenarios


def call(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` as the console script runs it: argparse's exits become a status."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = cli.main(argv, stdin=io.StringIO(""), out=out, err=err)
        except SystemExit as leaving:
            status = int(leaving.code or 0)
    return status, out.getvalue(), err.getvalue()


class NoWork(Exception):
    pass


@pytest.fixture
def no_simulation(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record the calls of ``simulate`` and play no game: a refusal must come before any work."""
    calls: list[dict[str, Any]] = []

    def record(game: str, **kwargs: Any) -> Any:
        calls.append({"game": game} | kwargs)
        raise NoWork()

    monkeypatch.setattr(cli, "simulate", record)
    return calls


@pytest.mark.parametrize("option, value, limits", [
    ("--players", "1000000000", "from 2 to 6"),
    ("--players", "1", "from 2 to 6"),
    ("--players", "four", "from 2 to 6"),
    ("--games", str(10**12), f"from 1 to {cli.GAMES_LIMIT:,}"),
    ("--games", "0", f"from 1 to {cli.GAMES_LIMIT:,}"),
    ("--games", "1e6", f"from 1 to {cli.GAMES_LIMIT:,}"),
    ("--workers", "10000", f"from 0 to {min(cli.cpu_count(), cli.MAX_WORKERS)}"),
    ("--workers", "-1", f"from 0 to {min(cli.cpu_count(), cli.MAX_WORKERS)}"),
    ("--seed", "-1", "from 0 to 9,223,372,036,854,775,807"),
    ("--seed", str(2**63), "from 0 to 9,223,372,036,854,775,807"),
    ("--seed", "9" * 5000, "from 0 to 9,223,372,036,854,775,807"),
])
def test_numbers_out_of_bounds_are_refused_before_any_work(no_simulation: list[dict[str, Any]], option: str, value: str,
                                                           limits: str) -> None:
    status, out, err = call(["simulate", "pokerface", option, value])
    assert (status, out, no_simulation) == (2, "", [])
    assert err.startswith(f"error: argument {option}: expected a whole number {limits}, got ") and err.count("\n") == 1
    assert len(err) < 200


def test_workers_are_limited_to_the_machines_processors(monkeypatch: pytest.MonkeyPatch, no_simulation: list[dict[str, Any]]) -> None:
    monkeypatch.setattr(cli, "cpu_count", lambda: 2)
    status, _, err = call(["simulate", "voces", "--workers", "24"])
    assert status == 2 and "argument --workers: expected a whole number from 0 to 2, got '24'" in err
    help_text = cli.build_parser()._subparsers._group_actions[0].choices["simulate"].format_help()  # type: ignore[union-attr]
    assert "number of CPUs of this machine (2)" in " ".join(help_text.split())
    with pytest.raises(NoWork):
        cli.main(["simulate", "voces", "--workers", "2", "--games", "1"])
    with pytest.raises(NoWork):
        cli.main(["simulate", "voces", "--workers", "2", "--games", "5", "--seed", str(2**63 - 1)])
    assert [(c["workers"], c["games"], c["seed"]) for c in no_simulation] == [(1, 1, 0), (2, 5, 2**63 - 1)]


def test_the_help_states_every_limit() -> None:
    sub = cli.build_parser()._subparsers._group_actions[0].choices["simulate"]  # type: ignore[union-attr]
    text = " ".join(sub.format_help().split())
    assert "3 to 6; PokerGuess: 2 to 6" in text
    assert f"1 to {cli.GAMES_LIMIT:,}" in text and "0 to 2**63-1" in text and "number of CPUs" in text


def test_argparse_errors_are_one_line() -> None:
    status, out, err = call(["simulate", "chess"])
    assert status == 2 and out == "" and err.count("\n") == 1 and "argument game" in err


# -- generated argument lists ----------------------------------------------------------------------------

GAMES = ["pokerface", "pokerguess", "voces"]
NAMES = [scenario.name for _, scenario in builtin_scenarios()]
numbers = st.one_of(st.integers(min_value=-3, max_value=8).map(str), st.sampled_from(["", "x", "1e3", "10**12", "9" * 40, " 3", "+2", "0x10",
                                                                                    "True", "\udcff\udcfe", "٣"]),
                    st.integers(min_value=10**18, max_value=10**60).map(str), st.text(min_size=200, max_size=3000))
card_words = st.one_of(st.sampled_from(["As", "Ks", "Qs", "Js", "Ts", "10h", "2c", "Xx", "", "A▲", "Ks3", "raccoon", "♦", "7", "\udcff"]),
                       st.text(min_size=100, max_size=500))


@st.composite
def argument_lists(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(["rank", "compare", "showdown", "examples", "replay", "simulate", "bogus", ""]))
    argv = [command] if command else []
    if command == "rank":
        argv += draw(st.lists(card_words, max_size=8))
        if draw(st.booleans()):
            argv += ["--game", draw(st.sampled_from(["holdem", "voces", "chess"]))]
    elif command in ("showdown", "compare"):
        if command == "showdown" or draw(st.booleans()):
            argv += ["--board", " ".join(draw(st.lists(card_words, max_size=6)))]
        for name in draw(st.lists(st.sampled_from(["Anna", "Ben", "Carla", "", "=x"]), max_size=7)):
            argv += ["--hand", f"{name}={' '.join(draw(st.lists(card_words, max_size=3)))}"]
    elif command == "replay":
        argv.append(draw(st.one_of(st.sampled_from(NAMES + ["nope", "", "/", ".", "x" * 300, "\udcff.json"]), st.text(max_size=2000))))
    elif command == "simulate":
        argv.append(draw(st.sampled_from(GAMES + ["chess"])))
        for option in draw(st.lists(st.sampled_from(["--players", "--games", "--seed", "--workers", "--variant", "--bots",
                                                     "--specials"]), max_size=4, unique=True)):
            if option in ("--variant", "--bots", "--specials"):
                words = ["soft-landing", "base", "turbo", "random", "estimator", "counter", "builder", "raccoon", "unicorn"]
                argv += [option, *draw(st.lists(st.sampled_from(words), min_size=1, max_size=3))]
            else:
                argv += [option, draw(numbers)]
    for flag in draw(st.lists(st.sampled_from(["--json", "--lang", "--help", "--version", "--zzz"]), max_size=2, unique=True)):
        argv += [flag, draw(st.sampled_from(["en", "de", "es", "fr"]))] if flag == "--lang" else [flag]
    if draw(st.booleans()):  # --lang before the command, or a second one (the last one counts)
        argv[:0] = ["--lang", draw(st.sampled_from(["de", "es", "en", "fr", ""]))]
    return argv


def requested(argv: list[str]) -> str:
    """The language the argument list asks for: the last ``--lang`` with a known language, else English."""
    chosen = "en"
    for option, value in zip(argv, argv[1:]):
        if option == "--lang":
            chosen = value if value in LANGUAGES else "en"
    return chosen


PREFIX = {lang: message("errors.cli.prefix", lang, problem="") for lang in LANGUAGES}
def naming(lang: str) -> tuple[str, str]:
    """How ``lang`` says "argument --x: ..." and "unrecognized arguments: ..." (argparse's words, through gettext)."""
    with cli.argparse_language(lang):
        return ((gettext.gettext("argument %(argument_name)s: %(message)s") % {"argument_name": "@", "message": ""}).split("@")[0],
                (gettext.gettext("unrecognized arguments: %s") % "").rstrip(": "))


NAMING = {lang: naming(lang) for lang in LANGUAGES}


def bad_numbers(argv: list[str]) -> list[str]:
    """The numeric options of ``argv`` whose value is out of bounds (or no number)."""
    limits = {"--players": (2, 6), "--games": (1, cli.GAMES_LIMIT), "--seed": (0, cli.SEED_LIMIT), "--workers": (0, cli.cpu_count())}
    bad = []
    for option, value in zip(argv, argv[1:]):
        if option in limits:
            low, high = limits[option]
            if not value.strip().lstrip("+-").isdigit() or len(value) > 30 or not low <= int(value) <= high:
                bad.append(option)
    return bad


def check_arguments(argv: list[str], calls: list[dict[str, Any]]) -> None:
    try:
        status, out, err = call(argv)  # a traceback fails the test
    except NoWork:  # simulate was reached: its bounds were checked first
        made = calls[-1]
        assert 2 <= made["players"] <= 6 and 1 <= made["games"] <= cli.GAMES_LIMIT
        assert 1 <= made["workers"] <= cli.cpu_count() and 0 <= made["seed"] <= cli.SEED_LIMIT
        assert not bad_numbers(argv), argv
        return
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err
    if status == 2:
        lang = requested(argv)
        assert err.startswith(PREFIX[lang]) and err.count("\n") >= 1, (argv, err)
        if lang != "en":
            assert not err.startswith("error:"), (argv, err)
        if argv and argv[0] == "simulate" and bad_numbers(argv):  # the refusal names an option or argument
            assert any(word in err for word in NAMING[lang]), (argv, err)


def simulate_checks_only(monkeypatch: pytest.MonkeyPatch, calls: list[dict[str, Any]]) -> None:
    """``simulate`` that checks its arguments as the real one does, then plays no game."""
    def checked(game: str, **kwargs: Any) -> Any:
        calls.append({"game": game} | kwargs)
        info = get_game(game)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in kwargs["options"].items() if v}
        info.new_rules(kwargs["players"], options)
        info.bots_for(tuple(kwargs["bots"]) or (info.default_bot,), kwargs["players"])
        raise NoWork()
    monkeypatch.setattr(cli, "simulate", checked)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argument_lists())
def test_generated_argument_lists_end_with_0_or_2(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    calls: list[dict[str, Any]] = []
    simulate_checks_only(monkeypatch, calls)
    check_arguments(argv, calls)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argument_lists())
def test_generated_argument_lists_2000_cases(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    calls: list[dict[str, Any]] = []
    simulate_checks_only(monkeypatch, calls)
    check_arguments(argv, calls)


@pytest.mark.parametrize("game", GAMES)
def test_a_small_simulation_of_every_game_runs_within_the_bounds(game: str) -> None:
    status, out, err = call(["simulate", game, "--players", "3", "--games", "1", "--workers", "1", "--seed", str(2**63 - 1)])
    assert status == 0, err
    assert out
