"""The teacher's command line: ``rank``, ``compare``, ``showdown``, ``examples``, ``replay`` (a scenario or a
deal code), ``link`` (a scenario's deal code) and ``simulate``.

Problems with the input go to stderr with exit status 2 and one line that names them, in the language of
``--lang``: the ``error:`` prefix, argparse's own usage errors (a bad choice, a missing or unknown
argument), the limits of the numeric options, card and option errors and scenario files all come from the
catalogues (``messages/<lang>/errors.toml``). ``--lang`` is read before anything else, wherever it stands
on the line (``simulate chess --lang de`` is refused in German); the last ``--lang`` wins, as in argparse,
and an unknown language is refused in English. The help (``--help``) is said in that language too.
"""

from __future__ import annotations

import argparse
import atexit
import gettext
import json
import os
import re
import shutil
import sys
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

from pokerkit_teach.core.errors import InputError, KitError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, message
from pokerkit_teach.core.registry import all_games, game_names
from pokerkit_teach.core.dealcode import load_code, scenario_code
from pokerkit_teach.core.scenarios import builtin_scenarios, load_any_scenario
from pokerkit_teach.core.simulate import MAX_GAMES, MAX_WORKERS, simulate
from pokerkit_teach.core.limits import MAX_ARGUMENT_CHARS, MAX_SCENARIO_BYTES, quoted
from pokerkit_teach.holdem.explain import Comparison, HandRanking, describe_hand, explain_hand, rank_hands
from pokerkit_teach.holdem.ranking import STRENGTH_COUNT, HandResult, best_hand
from pokerkit_teach.games.pokerface.showdown import ShowdownResult, check_showdown, token_label
from pokerkit_teach.games.voces.ranking import rank_voces_hand

try:
    __version__ = version("pokerkit-teach")
except PackageNotFoundError:  # pragma: no cover - run from a folder without installing
    __version__ = "unknown"

EXIT_USAGE = 2

# The limits of ``simulate``'s options, checked before any work (and stated in each option's help).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
GAMES_LIMIT = min(MAX_GAMES, 1_000_000)
SEED_LIMIT = 2**63 - 1


def cpu_count() -> int:
    """The processors this program may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _one_line(text: object) -> str:
    """An error message on one line: line breaks in a name or a file name are shown as ``\\n``."""
    return str(text).replace("\r", "\\r").replace("\n", "\\n")


def _error_text(error: BaseException, lang: str) -> str:
    """An error's message on one line in ``lang`` (every error of the kit speaks every language), also
    where a scenario error quotes a refused move or a card error at its end."""
    if isinstance(error, KitError) and error.key is not None:
        return _one_line(error.text(lang))
    text, reason = str(error), error.__context__
    if isinstance(reason, ValueError) and str(reason) and text.endswith(str(reason)):
        text = text[: len(text) - len(str(reason))] + _error_text(reason, lang)
    return _one_line(text)


def _whole_number(low: int, high: int, lang: str = DEFAULT_LANGUAGE) -> Any:
    """An argparse ``type``: a whole number from ``low`` to ``high``; anything else is refused with the
    limits, in ``lang``."""
    def parse(text: str) -> int:
        shown = text if len(text) <= 30 else text[:27] + "..."
        digits = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,30}", digits, re.ASCII) or not low <= int(digits) <= high:
            raise argparse.ArgumentTypeError(message("errors.cli.whole_number", lang, low=low, high=high, got=quoted(shown)))
        return int(digits)
    return parse


def _complain(err: TextIO, lang: str, problem: object) -> int:
    """Print one error line (``error: ...`` in ``lang``) and return the usage exit status."""
    print(message("errors.cli.prefix", lang, problem=_one_line(problem)), file=err)
    return EXIT_USAGE


def _at_line(line_number: int | None, problem: str, lang: str) -> str:
    return problem if line_number is None else message("errors.cli.line", lang, line=line_number, problem=problem)


def _cards_json(cards: Sequence[Any]) -> list[str]:
    return [card.ascii for card in cards]


def hand_json(result: HandResult, lang: str) -> dict[str, Any]:
    """What ``rank --json`` prints for one hand."""
    return {
        "cards": _cards_json(result.cards),
        "category": result.category.key_name,
        "category_name": result.category.localized(lang, "name"),
        "description": describe_hand(result, lang),
        "best_five": _cards_json(result.best_five),
        "left_out": _cards_json(result.left_out),
        "key": [rank.symbol(lang) for rank in result.key],
        "strength": result.strength,
        "explanation": explain_hand(result).lines(lang),
    }


def _comparison_json(comparison: Comparison | None, lang: str) -> dict[str, Any] | None:
    if comparison is None:
        return None
    return {
        "result": {"a": "stronger", "b": "weaker", "tie": "equal"}[comparison.winner],
        "deciding": comparison.role,
        "deciding_cards": _cards_json(comparison.deciding_a),
        "previous_deciding_cards": _cards_json(comparison.deciding_b),
        "reason": comparison.reason(lang),
    }


def showdown_json(result: ShowdownResult, lang: str) -> dict[str, Any]:
    """What ``showdown --json`` prints."""
    broken = None
    if result.broken_at is not None:
        hand = result.steps[result.broken_at].hand
        before = result.steps[result.broken_at - 1].hand
        broken = {"index": result.broken_at, "name": hand.name, "token": hand.token, "previous": before.name}
    return {
        "success": result.success,
        "board": _cards_json(result.board),
        "hands": [
            {
                "name": step.hand.name,
                "token": step.hand.token,
                "token_label": token_label(step.hand.token),
                "hole": _cards_json(step.hand.hole),
                "category": step.hand.result.category.key_name,
                "description": describe_hand(step.hand.result, lang),
                "best_five": _cards_json(step.hand.result.best_five),
                "strength": step.hand.result.strength,
                "compared_with_previous": _comparison_json(step.comparison, lang),
                "explanation": step.verdict.text(lang),
                "ok": step.ok,
            }
            for step in result.steps
        ],
        "broken_by": broken,
        "summary": result.summary.text(lang),
    }


def _rank_text(result: HandResult, lang: str) -> str:
    lines = [" ".join(card.text(lang) for card in result.cards)]
    explanation = explain_hand(result).lines(lang)
    lines.append(f"  {explanation[0]} ({result.strength}/{STRENGTH_COUNT})")
    lines += [f"  {line}" for line in explanation[1:]]
    return "\n".join(lines)


def _rank_voces(text: str, args: argparse.Namespace, out: TextIO) -> None:
    hand = rank_voces_hand(text, ace_low_straight=args.ace_low)
    if args.json:
        data = {
            "game": "voces",
            "cards": [card.text(args.lang) for card in hand.cards],
            "category": hand.category.name.lower(),
            "key": list(hand.key),
            "wilds": [{"card": wild.text(args.lang), "stands_for": card.text(args.lang)} for wild, card in hand.wilds],
            "description": hand.describe(args.lang),
        }
        print(json.dumps(data, ensure_ascii=False), file=out)
    else:
        print(" ".join(card.text(args.lang) for card in hand.cards), file=out)
        print(f"  {hand.describe(args.lang)}", file=out)


def _stdin_lines(stdin: TextIO) -> list[tuple[str, int]]:
    """The non-empty lines of standard input with their numbers; more than the limit, or bytes that are not
    UTF-8, are refused (InputError) before a line is read."""
    raw = getattr(stdin, "buffer", None)
    data: str | bytes = raw.read(MAX_SCENARIO_BYTES + 1) if raw is not None else stdin.read(MAX_SCENARIO_BYTES + 1)
    if len(data) > MAX_SCENARIO_BYTES:
        raise InputError(key="errors.cli.stdin_too_large", limit=MAX_SCENARIO_BYTES)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(key="errors.cli.stdin_not_utf8") from None
    return [(line, n) for n, line in enumerate(data.splitlines(), start=1) if line.strip()]


def _rank(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    try:
        lines = [] if args.cards else _stdin_lines(stdin)
    except InputError as error:
        return _complain(err, args.lang, _error_text(error, args.lang))
    if args.game == "voces":
        sources_v: list[tuple[str, int | None]] = [(" ".join(args.cards), None)] if args.cards else list(lines)
        status_v = 0
        for text, line_number in sources_v:
            try:
                _rank_voces(text, args, out)
            except ValueError as error:
                status_v = _complain(err, args.lang, _at_line(line_number, _error_text(error, args.lang), args.lang))
        if not sources_v:
            return _complain(err, args.lang, message("errors.cli.no_voces_cards", args.lang))
        return status_v
    if args.cards:
        sources: list[tuple[str, int | None]] = [(" ".join(args.cards), None)]
    else:
        sources = list(lines)
        if not sources:
            return _complain(err, args.lang, message("errors.cli.no_cards", args.lang))
    status = 0
    for text, line_number in sources:
        try:
            result = best_hand(text)
        except ValueError as error:
            status = _complain(err, args.lang, _at_line(line_number, _error_text(error, args.lang), args.lang))
            continue
        if args.json:
            print(json.dumps(hand_json(result, args.lang), ensure_ascii=False), file=out)
        else:
            print(_rank_text(result, args.lang), file=out)
    return status


def _parse_hand_option(text: str) -> tuple[str, str]:
    name, sep, cards = text.partition("=")
    if not sep or not name.strip():
        raise InputError(key="errors.cli.hand_option", text=quoted(text))
    return name.strip(), cards


def _hands_command(args: argparse.Namespace, out: TextIO, err: TextIO, judge: Callable[[list[Any]], Any],
                   as_json: Callable[[Any, str], dict[str, Any]]) -> int:
    """``showdown`` and ``compare``: read the ``--hand`` options, judge them, print text or JSON."""
    try:
        result = judge([_parse_hand_option(text) for text in args.hand or []])
    except ValueError as error:
        return _complain(err, args.lang, _error_text(error, args.lang))
    if args.json:
        print(json.dumps(as_json(result, args.lang), ensure_ascii=False, indent=2), file=out)
    else:
        print(result.text(args.lang), file=out)
    return 0


def _showdown(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    return _hands_command(args, out, err, lambda hands: check_showdown(args.board, hands), showdown_json)


def compare_json(ranking: HandRanking, lang: str) -> dict[str, Any]:
    """What ``compare --json`` prints."""
    return {
        "board": _cards_json(ranking.board),
        "hands": [
            {
                "name": hand.name,
                "place": hand.place,
                "hole": _cards_json(hand.hole),
                "category": hand.result.category.key_name,
                "description": describe_hand(hand.result, lang),
                "best_five": _cards_json(hand.result.best_five),
                "strength": hand.result.strength,
            }
            for hand in ranking.hands
        ],
        "winners": list(ranking.winners),
        "comparisons": [_comparison_json(comparison, lang) for comparison in ranking.comparisons],
        "explanation": ranking.lines(lang),
    }


def _compare(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    return _hands_command(args, out, err, lambda hands: rank_hands(hands, args.board or ()), compare_json)


def _examples(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    scenarios = builtin_scenarios()
    if args.json:
        print(json.dumps([{"name": s.name, "game": game, "title": s.title(args.lang)} for game, s in scenarios], ensure_ascii=False), file=out)
    else:
        width = max(len(s.name) for _, s in scenarios)
        for _, scenario in scenarios:
            print(f"{scenario.name:<{width}}  {scenario.title(args.lang)}", file=out)
    return 0


def _replay(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    if (args.scenario is None) == (args.deal is None):
        return _complain(err, args.lang, message("errors.cli.usage_hint", args.lang, problem=message("dealcode.cli_source", args.lang),
                                                 command="pokerkit-teach replay"))
    try:
        # a code's errors name the problem (cut short, changed, a refused step); a file's the file and the field
        scenario = load_code(args.deal) if args.deal is not None else load_any_scenario(args.scenario)
    except ValueError as error:
        return _complain(err, args.lang, _error_text(error, args.lang))
    try:
        replay = scenario.replay()
    except ValueError as error:  # a step the rules refuse: name the file (or the built-in scenario) too
        return _complain(err, args.lang, f"{args.scenario or scenario.name}: {_error_text(error, args.lang)}")
    if args.json:
        print(json.dumps(replay.as_json(args.lang), ensure_ascii=False, indent=2), file=out)
    else:
        print(replay.text(args.lang), file=out)
    return 0


def _link(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    try:
        scenario = load_any_scenario(args.scenario)
        code = scenario_code(scenario)
    except ValueError as error:
        return _complain(err, args.lang, _error_text(error, args.lang))
    if args.json:
        print(json.dumps({"scenario": scenario.name, "game": scenario.game, "code": code, "length": len(code)}, ensure_ascii=False), file=out)
    else:
        print(code, file=out)
    return 0


def _simulate(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    from tqdm import tqdm  # imported on first use, so that the command line starts quickly

    # a bar on a terminal only (a log or a pipe gets none); its words are the catalogue's, its numbers plain
    bar = tqdm(total=args.games, file=err, disable=args.games < 200 or not err.isatty(), leave=False, unit_scale=False,
               desc=message("errors.cli.progress", args.lang), bar_format="{desc}: {percentage:3.0f}% |{bar}| {n}/{total}")

    def progress(done: int, total: int) -> None:
        bar.update(done - bar.n)

    variants = [v for v in (args.variant or []) if v.lower() not in ("base", "none")]
    try:
        result = simulate(
            args.game, players=args.players, bots=args.bots or (), games=args.games, seed=args.seed,
            workers=min(args.workers or 2, cpu_count(), args.games), engine=args.engine,
            progress=progress,
            options={"variants": variants, "specials": args.specials or [], "max_rounds": args.max_rounds},
        )
    except ValueError as error:
        return _complain(err, args.lang, _error_text(error, args.lang))
    finally:
        bar.close()
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False), file=out)
    else:
        print(result.text(args.lang), file=out)
    return 0


def _room_serve(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    from pokerkit_teach.rooms.server import run

    return run(args.data, args.host, args.port, hub=args.hub)


def _room_create(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    from urllib.error import HTTPError, URLError
    from urllib.request import Request, urlopen

    body: dict[str, Any] = {"game": args.game, "players": args.players}
    if args.seed is not None:
        body["seed"] = args.seed
    request = Request(args.server.rstrip("/") + "/rooms", data=json.dumps(body).encode(), method="POST",
                      headers={"Content-Type": "application/json"})
    try:
        with urlopen(request, timeout=30) as response:  # the room server's own address, given by the teacher
            created = json.loads(response.read())
    except HTTPError as error:
        from pokerkit_teach.rooms.protocol import refusal_text

        try:
            refusal = json.loads(error.read() or b"{}")
            return _complain(err, args.lang, refusal_text(refusal, args.lang))
        except (ValueError, KeyError, TypeError):
            return _complain(err, args.lang, message("rooms.refused.http", args.lang, status=error.code))
    except (URLError, OSError, ValueError):
        return _complain(err, args.lang, message("cli.help.room_unreachable", args.lang, url=args.server))
    if args.json:
        print(json.dumps(created, ensure_ascii=False), file=out)
        return 0
    game = next(game for game in all_games() if game.name == created["game"])
    print(message("cli.help.room_created", args.lang, room=created["room"], game=game.title(args.lang), seed=created["seed"]), file=out)
    print(message("cli.help.room_teacher", args.lang, token=created["teacher"]), file=out)
    for seat in created["seats"]:
        print(message("cli.help.room_seat", args.lang, seat=seat["seat"] + 1, name=seat["name"], link=seat["link"]), file=out)
    return 0


ARGPARSE_DOMAIN = "pokerkit_teach_argparse"
"""The gettext domain of argparse's own messages in the kit's languages (``messages/<lang>/argparse.po``)."""


@lru_cache(maxsize=1)
def _argparse_catalogues() -> str:
    """A folder of compiled catalogues (``<lang>/LC_MESSAGES/<domain>.mo``), made once a process from the
    ``.po`` files with Babel, where gettext finds them; removed when the process ends."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    folder = tempfile.mkdtemp(prefix="pokerkit-teach-argparse-")
    atexit.register(shutil.rmtree, folder, True)
    for lang in LANGUAGES:
        source = resources.files("pokerkit_teach").joinpath("messages", lang, "argparse.po")
        if source.is_file():
            target = Path(folder, lang, "LC_MESSAGES")
            target.mkdir(parents=True)
            with source.open("rb") as po, open(target / f"{ARGPARSE_DOMAIN}.mo", "wb") as mo:
                write_mo(mo, read_po(po))
    return folder


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """argparse's own words (usage, the help's headings, its errors) in ``lang`` while the parser is built
    and reads the arguments: argparse says them through gettext's current domain, so the kit's catalogue is
    that domain for the while (and the language gettext reads from ``LANGUAGE``); both are set back after."""
    gettext.bindtextdomain(ARGPARSE_DOMAIN, _argparse_catalogues())
    domain, language = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.textdomain(ARGPARSE_DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line in ``lang``, with exit status 2 (argparse's own part of
    the message is translated by gettext, :func:`argparse_language`)."""

    def __init__(self, *args: Any, lang: str = DEFAULT_LANGUAGE, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang

    def error(self, message_text: str) -> Any:  # argparse's own errors: exit status 2 with one line
        problem = message("errors.cli.usage_hint", self.lang, problem=message_text, command=self.prog)
        self.exit(EXIT_USAGE, message("errors.cli.prefix", self.lang, problem=_one_line(problem)) + "\n")


def requested_language(argv: Sequence[str]) -> str:
    """The language a command line asks for with ``--lang`` (or ``--lang=``, or an abbreviation such as
    ``--la``), wherever it stands, read before the arguments are checked so that their errors are said in
    it; the last one counts, and an unknown language (which argparse then refuses) gives English.

    >>> requested_language(["simulate", "chess", "--lang", "de"]), requested_language(["rank", "--lang=es"])
    ('de', 'es')
    >>> requested_language(["rank", "--lang", "fr"]), requested_language(["rank", "--", "--lang", "de"])
    ('en', 'en')
    """
    chosen = DEFAULT_LANGUAGE
    for index, word in enumerate(argv):
        if word == "--":
            break
        option, equals, value = word.partition("=")
        if len(option) >= 3 and "--lang".startswith(option):
            if not equals:
                value = argv[index + 1] if index + 1 < len(argv) else ""
            chosen = value if value in LANGUAGES else DEFAULT_LANGUAGE
    return chosen


def build_parser(lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The command line's parser; its help and its errors are said in ``lang``."""
    def say(key: str, **values: Any) -> str:  # a help text (argparse reads % in help texts as a format)
        return message(f"cli.help.{key}", lang, **values).replace("%", "%%")

    def text(key: str) -> str:  # a description: not formatted by argparse
        return message(f"cli.help.{key}", lang)

    parser = _Parser(prog="pokerkit-teach", description=text("description"), lang=lang, epilog=text("epilog"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=say("version"))
    languages = say("lang", languages=", ".join(LANGUAGES))
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help=languages)
    commands = parser.add_subparsers(dest="command", metavar=text("command"), parser_class=_Parser)  # required: main

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--json", action="store_true", help=say("json"))
        sub.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=languages)  # before or after the command

    rank = commands.add_parser("rank", lang=lang, help=say("rank"), description=text("rank_description"))
    rank.add_argument("cards", nargs="*", metavar="CARDS")
    rank.add_argument("--game", choices=["holdem", "voces"], default="holdem", help=say("rank_game"))
    rank.add_argument("--ace-low", action="store_true", help=say("ace_low"))
    common(rank)
    rank.set_defaults(run=_rank)

    showdown = commands.add_parser("showdown", lang=lang, help=say("showdown"), description=text("showdown_description"))
    showdown.add_argument("--board", required=True, help=say("showdown_board"))
    showdown.add_argument("--hand", action="append", metavar="NAME=CARDS", help=say("showdown_hand"))
    common(showdown)
    showdown.set_defaults(run=_showdown)

    compare = commands.add_parser("compare", lang=lang, help=say("compare"), description=text("compare_description"))
    compare.add_argument("--board", help=say("compare_board"))
    compare.add_argument("--hand", action="append", metavar="NAME=CARDS", help=say("compare_hand"))
    common(compare)
    compare.set_defaults(run=_compare)

    examples = commands.add_parser("examples", lang=lang, help=say("examples"))
    common(examples)
    examples.set_defaults(run=_examples)

    replay = commands.add_parser("replay", lang=lang, help=say("replay"), description=text("replay_description"))
    replay.add_argument("scenario", metavar="NAME|FILE", nargs="?")
    replay.add_argument("--deal", metavar="CODE", help=say("replay_deal"))
    common(replay)
    replay.set_defaults(run=_replay)

    link = commands.add_parser("link", lang=lang, help=say("link"), description=text("link_description"))
    link.add_argument("scenario", metavar="NAME|FILE")
    common(link)
    link.set_defaults(run=_link)

    simulate = commands.add_parser("simulate", lang=lang, help=say("simulate"), description=text("simulate_description"))
    simulate.add_argument("game", choices=game_names())
    simulate.add_argument("--players", type=_whole_number(MIN_PLAYERS, MAX_PLAYERS, lang), default=4, help=say("players"))
    simulate.add_argument("--variant", nargs="*", action="extend", metavar="NAME", help=say("variant"))
    bots = "; ".join(message("cli.help.bots_game", lang, game=game.name, names=", ".join(game.bot_names), bot=game.default_bot)
                     for game in all_games())
    simulate.add_argument("--bots", nargs="+", metavar="NAME", help=say("bots", games=bots))
    simulate.add_argument("--specials", nargs="*", metavar="NAME", help=say("specials"))
    simulate.add_argument("--max-rounds", type=_whole_number(1, 100_000, lang), metavar="N", help=say("max_rounds"))
    simulate.add_argument("--games", type=_whole_number(1, GAMES_LIMIT, lang), default=1000,
                          help=say("games", limit=GAMES_LIMIT, default=1000))
    simulate.add_argument("--seed", type=_whole_number(0, SEED_LIMIT, lang), default=0, help=say("seed"))
    cpus = min(cpu_count(), MAX_WORKERS)
    simulate.add_argument("--workers", type=_whole_number(0, cpus, lang), default=0, help=say("workers", cpus=cpus))
    simulate.add_argument("--engine", action="store_true", help=say("engine"))
    common(simulate)
    simulate.set_defaults(run=_simulate)

    room = commands.add_parser("room", lang=lang, help=say("room"), description=text("room_description"))
    rooms = room.add_subparsers(dest="room_command", metavar=text("room_command"), parser_class=_Parser, required=True)
    serve = rooms.add_parser("serve", lang=lang, help=say("room_serve"))
    serve.add_argument("--port", type=_whole_number(0, 65535, lang), default=8867, help=say("room_port", port=8867))
    serve.add_argument("--host", default="127.0.0.1", help=say("room_host"))
    data = os.environ.get("PKT_ROOMS_DATA") or "~/.local/share/pokerkit-teach/rooms"
    serve.add_argument("--data", type=Path, default=None, help=say("room_data", folder=data))
    serve.add_argument("--hub", action="store_true", help=argparse.SUPPRESS)  # started by JupyterHub (docs/rooms.md)
    serve.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=languages)
    serve.set_defaults(run=_room_serve)
    create = rooms.add_parser("create", lang=lang, help=say("room_create"))
    create.add_argument("--game", choices=game_names(), default="pokerface", help=say("room_game"))
    create.add_argument("--players", type=_whole_number(2, 6, lang), default=4, help=say("room_players"))
    create.add_argument("--seed", type=_whole_number(0, SEED_LIMIT, lang), default=None, help=say("room_seed"))
    url = os.environ.get("PKT_ROOMS_URL") or "http://127.0.0.1:8867"
    create.add_argument("--server", default=url, help=say("room_server", url="http://127.0.0.1:8867"))
    common(create)
    create.set_defaults(run=_room_create)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    lang = requested_language(arguments)
    with argparse_language(lang):
        parser = build_parser(lang)
        too_long = next((word for word in arguments if len(word) > MAX_ARGUMENT_CHARS), None)
        if too_long is not None:  # before any parsing
            parser.error(message("errors.cli.argument_too_long", lang, length=len(too_long), limit=MAX_ARGUMENT_CHARS))
        args, unknown = parser.parse_known_args(arguments)
        if unknown:  # named even before a missing command (``pokerkit-teach -x``)
            parser.error(gettext.gettext("unrecognized arguments: %s") % quoted(" ".join(unknown))[1:-1])
        if args.command is None:
            parser.error(gettext.gettext("the following arguments are required: %s") % message("cli.help.command", lang))
    try:
        status: int = args.run(args, stdin or sys.stdin, out or sys.stdout, err or sys.stderr)
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
