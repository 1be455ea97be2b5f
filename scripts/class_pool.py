"""Voila options for a class: N learners open one app in the same minute.

Voila preheats `default_pool_size` kernels per app (voila.json). A class that opens one app at once
needs one kernel per learner, ready before the lesson: started on demand, thirty kernels compete for the
server's cores and every page waits for all of them. These options give the app a pool of N + the
default (a few reloads also find a ready kernel) and let Voila refill the pool 10 minutes after it was
used instead of 5 s (voila.json), so the refill does not compete with the learners' first clicks.

    python scripts/class_pool.py 30 table.ipynb    # prints the options, one per line

Used by ``scripts/serve.sh --class N [app]`` and ``benchmarks/classroom_load.py --class-pool``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFILL_DELAY_S = 600


def class_pool_options(learners: int, app: str, root: Path = ROOT) -> list[str]:
    """The Voila command-line options for a class of ``learners`` opening ``app`` (in notebooks/).

    >>> class_pool_options(30, "table.ipynb")[0]
    '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 2}, "table.ipynb": {"pool_size": 32}}'
    >>> class_pool_options(0, "table.ipynb")
    Traceback (most recent call last):
    ValueError: a class has 1 to 200 learners, not 0
    >>> class_pool_options(30, "tabel.ipynb")
    Traceback (most recent call last):
    ValueError: no app notebooks/tabel.ipynb; the apps are: hand_ranker.ipynb, index.ipynb, ...
    """
    apps = sorted(path.name for path in (root / "notebooks").glob("*.ipynb"))
    if not 1 <= learners <= 200:
        raise ValueError(f"a class has 1 to 200 learners, not {learners}")
    if app not in apps:
        raise ValueError(f"no app notebooks/{app}; the apps are: {', '.join(apps)}")
    config = json.loads((root / "voila.json").read_text(encoding="utf-8"))
    default = int(config.get("VoilaConfiguration", {}).get("default_pool_size", 1))
    pools = {"default": {"pool_size": default}, app: {"pool_size": learners + default}}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"--VoilaKernelManager.fill_delay={REFILL_DELAY_S}"]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: class_pool.py LEARNERS APP   (e.g. 30 table.ipynb)", file=sys.stderr)
        return 2
    if not argv[0].isdigit():
        print(f"--class: the number of learners is a whole number from 1 to 200, not {argv[0]!r} "
              "(e.g. --class 30 table.ipynb)", file=sys.stderr)
        return 2
    try:
        options = class_pool_options(int(argv[0]), argv[1])
    except ValueError as error:
        print(f"--class: {error}", file=sys.stderr)
        return 2
    print("\n".join(options))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
