"""Every error the command line prints follows ``--lang``: the ``error:`` prefix, argparse's own usage
errors, the limits of the numeric options, input errors (cards, options, hands) and scenario files; and
every command runs in every language."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tests.support import RULEBOOK_BOARD
from pokerkit_teach import cli
from pokerkit_teach.core.i18n import LANGUAGES, message
from pokerkit_teach.games.voces.ranking import rank_voces_hand

PREFIX = {lang: message("errors.cli.prefix", lang, problem="").strip() for lang in LANGUAGES}


def call(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``main(argv)`` as the console script runs it: argparse's exits become a status."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = cli.main(argv, stdin=io.StringIO(stdin), out=out, err=err)
        except SystemExit as leaving:
            status = int(leaving.code or 0)
    return status, out.getvalue(), err.getvalue()


def refused(argv: list[str], stdin: str = "") -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = call(argv, stdin)
    assert (status, out) == (2, ""), (argv, status, out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    return err.rstrip("\n")


def test_the_prefixes_differ_from_english() -> None:
    assert PREFIX["en"] == "error:"
    assert PREFIX["de"] == "Fehler:" and PREFIX["es"] == "Error:"


@pytest.mark.parametrize("argv, english, german, spanish", [
    (["simulate", "chess"], "invalid choice: 'chess'", "ungültige Auswahl: 'chess'", "opción no válida: 'chess'"),
    (["simulate", "voces", "--players", "9"], "expected a whole number from 2 to 6, got '9'",
     "muss eine ganze Zahl von 2 bis 6 sein, ist aber '9'", "se esperaba un número entero del 2 al 6"),
    (["simulate", "voces", "--games", "0"], "from 1 to 1,000,000", "von 1 bis 1.000.000", "del 1 al 1.000.000"),
    (["showdown", "--hand", "Anna=7d 6h"], "the following arguments are required: --board",
     "diese Argumente fehlen: --board", "faltan estos argumentos: --board"),
    (["rank", "--zzz"], "unrecognized arguments: --zzz", "unbekannte Argumente: --zzz", "argumentos desconocidos: --zzz"),
    (["simulate", "voces", "--games"], "argument --games: expected one argument", "Argument --games: braucht einen Wert",
     "argumento --games: se esperaba un valor"),
    (["bogus"], "invalid choice: 'bogus'", "ungültige Auswahl: 'bogus'", "opción no válida: 'bogus'"),
])
def test_argparse_errors_follow_lang_wherever_it_stands(argv: list[str], english: str, german: str, spanish: str) -> None:
    line = refused(argv)
    assert line.startswith("error: ") and english in line
    for lang, words in (("de", german), ("es", spanish)):
        for where in ("after", "before"):
            args = [*argv, "--lang", lang] if where == "after" else ["--lang", lang, *argv] if argv[0] == "bogus" else \
                [argv[0], "--lang", lang, *argv[1:]]
            line = refused(args)
            assert line.startswith(PREFIX[lang] + " ") and words in line, (args, line)
            assert not line.startswith("error:")


def test_lang_with_an_equals_sign_and_an_unknown_language() -> None:
    assert refused(["simulate", "chess", "--lang=de"]).startswith("Fehler: ")
    assert refused(["--lang", "es", "bogus"]).startswith("Error: argumento ORDEN: opción no válida: 'bogus' (elige entre 'rank', ")
    assert refused(["--lang", "de"]).startswith("Fehler: diese Argumente fehlen: BEFEHL")
    line = refused(["rank", "--lang", "fr", "As Ks Qs Js Ts"])  # an unknown language: English, naming the choices
    assert line.startswith("error: ") and "'fr'" in line and "'es'" in line


def test_the_usage_hint_follows_lang() -> None:
    assert "(see 'pokerkit-teach simulate --help')" in refused(["simulate", "voces", "--players", "9"])
    assert "(siehe 'pokerkit-teach simulate --help')" in refused(["simulate", "voces", "--players", "9", "--lang", "de"])
    assert "(consulta 'pokerkit-teach simulate --help')" in refused(["simulate", "voces", "--players", "9", "--lang", "es"])


@pytest.mark.parametrize("argv, stdin, english, german", [
    (["rank", "As", "Ks"], "", "a hand needs 5 to 7 cards, got 2", "eine Hand braucht"),
    (["rank"], "", "no cards given", "keine Karten"),
    (["rank", "--game", "voces"], "", "no cards given", "keine Karten"),
    (["rank"], "As Ks\n", "line 1: a hand needs 5 to 7 cards", "Zeile 1: eine Hand braucht"),
    (["showdown", "--board", RULEBOOK_BOARD, "--hand", "Anna 7d 6h"], "", "must look like NAME=CARDS", "muss die Form NAME=KARTEN"),
    (["simulate", "voces", "--bots", "foo", "--games", "1"], "", "bots: expected one of random", "bots: erwartet einer von random"),
    (["simulate", "voces", "--bots", "random", "random", "--games", "1"], "", "bots: expected one name, or one for each of the 4 seats",
     "bots: erwartet ein Name oder einer für jeden der 4 Plätze"),
])
def test_input_errors_follow_lang(argv: list[str], stdin: str, english: str, german: str) -> None:
    line = refused(argv, stdin)
    assert line.startswith("error: ") and english in line, line
    line = refused([*argv, "--lang", "de"], stdin)
    assert line.startswith("Fehler: ") and german in line, line
    assert english not in line


@pytest.mark.parametrize("count", [2, 7])
def test_a_showdown_of_2_or_7_hands_is_refused_in_one_line_in_each_language(count: int) -> None:
    hands = ["7d 6h", "As Jd", "Qd Ts", "5s 5h", "2c 2d", "9c 9d", "Kc Kd"][:count]
    argv = ["showdown", "--board", RULEBOOK_BOARD]
    for number, cards in enumerate(hands, start=1):
        argv += ["--hand", f"P{number}={cards}"]
    lines = {lang: refused([*argv, "--lang", lang]) for lang in LANGUAGES}
    assert lines["en"] == f"error: a Pokerface showdown has 3 to 6 hands, one per player, got {count}"
    for lang in LANGUAGES:
        assert lines[lang].startswith(PREFIX[lang] + " ") and str(count) in lines[lang]
    assert len(set(lines.values())) == len(LANGUAGES)


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


POKERFACE = {"players": ["A", "B", "C"], "deals": [{"hole": {"A": "Ac Kd"}, "board": "2c 3c 4c", "moves": []}]}


@pytest.mark.parametrize("change, english, german, spanish", [
    ({"deals": [{"board": 5}]}, "deals[0].board: expected a text, got 5", "deals[0].board: muss ein Text sein, ist aber 5",
     "deals[0].board: se esperaba un texto, pero es 5"),
    ({"players": ["A", "B"]}, "players: expected 3 to 6 players, got 2", "players: muss 3 bis 6 Spieler haben, hat aber 2",
     "players: debe tener de 3 a 6 jugadores, pero tiene 2"),
    ({"deals": []}, "deals: expected at least 1 deal, got 0", "deals: muss mindestens 1 Durchgang haben, hat aber 0",
     "deals: debe tener al menos 1 reparto, pero tiene 0"),
    ({"colour": "red"}, "colour: unknown field 'colour'", "colour: unbekanntes Feld 'colour'", "colour: campo desconocido 'colour'"),
    ({"seed": 2**64}, "seed: expected a whole number from 0 to 9,223,372,036,854,775,807",
     "seed: muss eine ganze Zahl von 0 bis 9.223.372.036.854.775.807 sein", "seed: se esperaba un número entero del 0 al"),
    ({"dealer": True}, "dealer: expected a text, got true", "dealer: muss ein Text sein, ist aber true", "dealer: se esperaba un texto, pero es true"),
    ({"variants": [1]}, "variants[0]: expected one of \"free-for-all\"", "variants[0]: muss einer der Werte \"free-for-all\"",
     "variants[0]: se esperaba uno de estos valores: \"free-for-all\""),
])
def test_scenario_file_errors_follow_lang(tmp_path: Path, change: dict[str, object], english: str, german: str, spanish: str) -> None:
    path = write(tmp_path, POKERFACE | change)
    for lang, words in (("en", english), ("de", german), ("es", spanish)):
        line = refused(["replay", path, "--lang", lang])
        assert line.startswith(f"{PREFIX[lang]} {path}: ") and words in line, line
        assert lang == "en" or english not in line


def test_scenario_files_that_cannot_be_read_are_named_in_each_language(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"players": ["Jürgen"]}'.encode("latin-1"))
    assert refused(["replay", str(latin), "--lang", "de"]) == f"Fehler: {latin}: keine Textdatei in UTF-8"
    broken = tmp_path / "broken.json"
    broken.write_text('{"players": [}', encoding="utf-8")
    assert refused(["replay", str(broken)]) == f"error: {broken}: not valid JSON: line 1, column 14: Expecting value"
    assert refused(["replay", str(broken), "--lang", "de"]) == f"Fehler: {broken}: kein gültiges JSON: Zeile 1, Spalte 14: ein Wert fehlt"
    line = refused(["replay", "no-such-lesson", "--lang", "es"])
    assert line.startswith("Error: no hay ningún escenario incorporado ni ningún archivo llamado 'no-such-lesson'") and "token-round" in line


COMMANDS = [
    ["examples"], ["examples", "--json"],
    ["rank", "7d", "6h", "Qc", "8h", "8s", "5d", "3c"], ["rank", "--json", "As Ks Qs Js Ts"],
    ["rank", "--game", "voces", "Ks1", "Ks2", "Ks3", "Ks4", "raccoon"], ["rank", "--game", "voces", "--json", "raccoon dove Qs1 Js1 10s1"],
    ["showdown", "--board", RULEBOOK_BOARD, "--hand", "Anna=7d 6h", "--hand", "Ben=As Jd", "--hand", "Carla=Qd Ts"],
    ["showdown", "--json", "--board", RULEBOOK_BOARD, "--hand", "Anna=7d 6h", "--hand", "Ben=As Jd", "--hand", "Carla=Qd Ts"],
    ["compare", "--board", RULEBOOK_BOARD, "--hand", "Anna=7d 6h", "--hand", "Ben=As Jd"],
    ["compare", "--json", "--hand", "Anna=7d 6h 2c 3c 9s", "--hand", "Ben=As Jd 2d 3d 4h"],
    ["replay", "token-round"], ["replay", "pokerguess-example", "--json"], ["replay", "voces-round-example"],
    ["simulate", "pokerface", "--games", "2", "--players", "3", "--workers", "1"],
    ["simulate", "pokerguess", "--games", "1", "--players", "3", "--workers", "1", "--max-rounds", "20"],
    ["simulate", "voces", "--games", "1", "--players", "3", "--workers", "1"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: "-".join(argv[:2]))
def test_every_command_runs_in_spanish(argv: list[str]) -> None:
    status, out, err = call([*argv, "--lang", "es"])
    assert status == 0, err
    assert out.strip()
    if "--json" in argv:
        for line in [out] if argv[0] in ("showdown", "replay", "compare") else out.splitlines():
            json.loads(line)


def test_rank_voces_uses_the_engines_describer_in_every_language() -> None:
    """One describer: ``rank --game voces`` says what the engine says (in English too, where it used to say
    "high card J" and "high card none")."""
    for cards in (["Js1", "9s2", "7s3", "5s4", "3s1"], ["Ks1", "Ks2", "Ks3", "Ks4", "raccoon"]):
        hand = rank_voces_hand(" ".join(cards))
        for lang in LANGUAGES:
            status, out, _ = call(["rank", "--game", "voces", *cards, "--lang", lang])
            assert status == 0 and out.splitlines()[1] == f"  {hand.localized(lang)}"
            status, out, _ = call(["rank", "--game", "voces", "--json", *cards, "--lang", lang])
            assert json.loads(out)["description"] == hand.localized(lang)
    status, out, _ = call(["rank", "--game", "voces", "Js1", "9s2", "7s3", "5s4", "3s1"])
    assert "high card J\n" not in out and "Jack" in out


def test_compare_ranks_any_number_of_hands_with_the_reason() -> None:
    """Two hands are no Pokerface showdown: ``compare`` ranks them (or any number) and says what decides."""
    argv = ["compare", "--board", RULEBOOK_BOARD, "--hand", "Anna=7d 6h", "--hand", "Ben=As Jd"]
    status, out, _ = call(argv)
    assert status == 0 and out.splitlines()[0].startswith("Ben has the strongest hand")
    assert "the Ace beats the Queen as first side card" in out
    status, out, _ = call([*argv, "--lang", "de"])
    assert status == 0 and "das Ass schlägt die Dame als erste Beikarte" in out
    status, out, _ = call([*argv, "--json"])
    data = json.loads(out)
    assert data["winners"] == ["Ben"] and [h["place"] for h in data["hands"]] == [1, 2]
    assert data["comparisons"][0]["deciding"] == "kicker1"
    status, out, _ = call(["compare", "--hand", "A=As Ks Qs Js Ts", "--hand", "B=Ah Kh Qh Jh Th", "--hand", "C=2c 3d 4h 5s 7c"])
    assert status == 0 and [h["place"] for h in json.loads(call(["compare", "--json", "--hand", "A=As Ks Qs Js Ts", "--hand",
                                                                  "B=Ah Kh Qh Jh Th", "--hand", "C=2c 3d 4h 5s 7c"])[1])["hands"]] == [1, 1, 3]


@pytest.mark.parametrize("argv", [["compare"], ["compare", "--hand", "A=7d"], ["compare", "--hand", "A 7d 6h"],
                                  ["compare", "--board", "Qc 8h 8s 5d 3c", "--hand", "A=Qc 6h", "--hand", "B=2d 3d"]])
def test_compare_refuses_bad_hands_in_one_line(argv: list[str]) -> None:
    assert refused(argv).startswith("error: ")
    assert refused([*argv, "--lang", "de"]).startswith("Fehler: ")


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["rank", "--help"], ["compare", "--help"]])
def test_the_help_is_said_in_the_language_asked_for(argv: list[str]) -> None:
    words = {"en": ("usage: ", "options:", "show this help message and exit"),
             "de": ("Aufruf: ", "Optionen:", "diese Hilfe zeigen und beenden"),
             "es": ("uso: ", "opciones:", "muestra esta ayuda y termina")}
    for lang in LANGUAGES:
        status, out, err = call([*argv, "--lang", lang] if argv[0] != "--help" else ["--lang", lang, *argv])
        assert (status, err) == (0, "")
        usage, options, help_line = words[lang]
        assert out.startswith(usage) and f"\n{options}\n" in out and help_line in out, (lang, out)
        assert "%%" not in out
    status, out, _ = call(["simulate", "--help", "--lang", "de"])
    assert "95-%-Konfidenzintervall" in " ".join(out.split()) and "1 bis 1.000.000 (Standard: 1.000)" in " ".join(out.split())


def test_every_argparse_message_the_catalogues_translate_is_one_argparse_says() -> None:
    """The .po catalogues translate argparse's own texts, found by msgid: a msgid argparse no longer says (a
    change upstream) would go untranslated without a word, so every one must appear in argparse's source;
    and each user-facing message argparse says has a translation in every language but English."""
    import argparse
    import inspect
    import re

    from babel.messages.pofile import read_po

    from pokerkit_teach.core.i18n import LANGUAGES
    from tests.support import ROOT

    source = inspect.getsource(argparse)
    said = set(re.findall(r"_\('((?:[^'\\]|\\.)*)'\)", source)) | {one for one, _ in re.findall(
        r"ngettext\('((?:[^'\\]|\\.)*)',\s*'((?:[^'\\]|\\.)*)'", source)}
    for lang in LANGUAGES[1:]:
        with (ROOT / "pokerkit_teach" / "messages" / lang / "argparse.po").open("rb") as po:
            catalogue = read_po(po)
        ids = {message.id if isinstance(message.id, str) else message.id[0] for message in catalogue if message.id}
        assert ids <= said, sorted(ids - said)
        user_facing = {"usage: ", "options", "positional arguments", "show this help message and exit",
                       "argument %(argument_name)s: %(message)s", "invalid choice: %(value)r (choose from %(choices)s)",
                       "invalid %(type)s value: %(value)r", "the following arguments are required: %s",
                       "unrecognized arguments: %s", "expected one argument", "expected at least one argument",
                       "ambiguous option: %(option)s could match %(matches)s"}
        assert user_facing <= ids and all(message.string for message in catalogue if message.id)
