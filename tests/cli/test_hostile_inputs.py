"""The probes of a careless or hostile user, each refused by the installed program with exit status 2 and
one line naming the problem, within 5 s of processor time and 200 MB: a deal code of a 28-digit version,
a file name too long for the system, an 80 MB file, bytes that are not UTF-8 on standard input, an
argument of 100,000 characters, an unknown option before the command."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from pokerkit_teach.core.limits import MAX_SCENARIO_BYTES

PROGRAM = [sys.executable, "-m", "pokerkit_teach"]


# Runs the program and writes what it used: a child's peak memory counts its life before it became the
# program too (a fork of a large pytest worker), so the program is started from this small process.
MEASURED = """
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:], timeout=60)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as out:
    out.write(f"{used.ru_maxrss} {used.ru_utime + used.ru_stime}")
sys.exit(code)
"""


def refused(args: list[str], stdin: bytes = b"", env: dict[str, str] | None = None) -> str:
    """Run the program; check exit status 2, one line on stderr, nothing on stdout, and the bounds; the line.

    The bounds are the program's own use, as the operating system accounts for it: at most 200 MB
    resident and 5 s of processor time (starting Python and the kit takes about one), so a hostile input
    that made it work much harder fails whatever else the machine is doing.
    """
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "used"
        done = subprocess.run([sys.executable, "-c", MEASURED, str(report), *PROGRAM, *args], input=stdin,
                              capture_output=True, timeout=90, env=env)
        peak_kb, seconds = report.read_text(encoding="utf-8").split()
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and done.stdout == b"", (args[:3], done.returncode, err[:300])
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 400, err[:400]
    assert float(seconds) < 5, seconds
    assert int(peak_kb) < 200 * 1024, peak_kb  # kilobytes on Linux
    return err


@pytest.mark.parametrize("args, words", [
    (["replay", "--deal", "9999999999999999999999999999.x"], "version 9999999999999999999…"),
    (["replay", "x" * 256], "no built-in scenario and no file named"),
    (["link", "x" * 256], "no built-in scenario and no file named"),
    (["-x"], "unrecognized arguments: -x"),
    (["--lang", "de", "-x"], "unbekannte Argumente: -x"),
    (["replay", "--deal", "1." + "A" * 100_000], "an argument is too long"),
])
def test_a_bad_argument_is_named_in_one_line(args: list[str], words: str) -> None:
    assert words in refused(args)


def test_a_file_of_80_mb_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(80 * 1024 * 1024)  # 80 MB the program must not read
    err = refused(["replay", str(big)])
    assert "too large" in err and f"{MAX_SCENARIO_BYTES:,}" in err


def test_bytes_that_are_not_utf8_on_standard_input_are_named() -> None:
    import os

    err = refused(["rank", "--lang", "de"], stdin=b"\xff\xfe 7d 6h", env=os.environ | {"PYTHONIOENCODING": "utf-8"})
    assert "kein Text in UTF-8" in err


def test_standard_input_over_the_limit_is_refused() -> None:
    err = refused(["rank"], stdin=b"7d 6h Qc 8h 8s\n" * (MAX_SCENARIO_BYTES // 10))
    assert "standard input is too large" in err
