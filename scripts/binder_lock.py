"""Write binder/constraints.txt: the versions of everything the kit needs at run time, as installed here.

Binder (repo2docker) installs binder/requirements.txt, which installs the kit (".") under these
constraints, so a Binder build next year gets the versions the tests ran with. The lock holds the kit's
run-time dependencies and theirs, all the way down, as this environment has them (the test tools are
left out); markers are read for this Python and platform, as on Binder's Linux image.

    .venv/bin/python scripts/binder_lock.py          # rewrite binder/constraints.txt
    .venv/bin/python scripts/binder_lock.py --check  # exit 1 if the lock differs from this environment
"""

from __future__ import annotations

import argparse
import platform
import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "binder" / "constraints.txt"
KIT = "pokerkit-teach"


def closure(root: str) -> dict[str, str]:
    """Every distribution that ``root`` needs at run time (no extras of its own), with its installed
    version; a dependency asked for with extras brings what those extras need."""
    found: dict[str, str] = {}
    done: set[tuple[str, frozenset[str]]] = set()
    todo = [(canonicalize_name(root), frozenset[str]())]
    while todo:
        name, extras = todo.pop()
        if (name, extras) in done:
            continue
        done.add((name, extras))
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            raise SystemExit(f"{name} is needed but not installed here") from None
        found[name] = dist.version
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker and not any(req.marker.evaluate({"extra": extra}) for extra in {"", *extras}):
                continue
            todo.append((canonicalize_name(req.name), frozenset(req.extras)))
    found.pop(canonicalize_name(root))
    return dict(sorted(found.items()))


def lock_text() -> str:
    pins = closure(KIT)
    header = [
        "# The versions the kit's tests ran with (scripts/binder_lock.py wrote this from .venv; do not edit by hand).",
        f"# Python {platform.python_version()} on {platform.system()} {platform.machine()}; binder/runtime.txt asks Binder "
        f"for Python {sys.version_info.major}.{sys.version_info.minor}.",
        "# binder/requirements.txt installs the kit under these constraints.",
    ]
    return "\n".join([*header, *(f"{name}=={version}" for name, version in pins.items())]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    text = lock_text()
    if args.check:
        old = {line for line in LOCK.read_text().splitlines() if not line.startswith("#")}
        new = {line for line in text.splitlines() if not line.startswith("#")}
        for line in sorted(old - new):
            print(f"in the lock only: {line}")
        for line in sorted(new - old):
            print(f"in this environment only: {line}")
        raise SystemExit(1 if old != new else 0)
    LOCK.write_text(text)
    print(f"{LOCK.relative_to(ROOT)}: {text.count(chr(10)) - 3} packages")


if __name__ == "__main__":
    main()
