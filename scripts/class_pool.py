"""Voila options for a class: N learners open one app or one lesson in the same minute.

Voila preheats a pool of kernels for every notebook (voila.json: two for each app, one for each lesson).
A class that opens one page at once needs one kernel per learner, ready before the lesson: started on
demand, thirty kernels compete for the server's cores and every page waits for all of them. These options
give that notebook a pool of N + its own (a few reloads also find a ready kernel) and let Voila refill the
pool 10 minutes after it was used instead of 5 s (voila.json), so the refill does not compete with the
learners' first clicks. A lesson is named with its folder, as in its address.

    python scripts/class_pool.py 30 table.ipynb                  # prints the options, one per line
    python scripts/class_pool.py 30 lessons/de/04_variants.ipynb

Used by ``scripts/serve.sh --class N [app or lesson]`` and ``benchmarks/classroom_load.py --class-pool``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REFILL_DELAY_S = 600


def voila_pools(config: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The preheated pools voila.json sets: ``VoilaKernelManager.kernel_pools_config`` (a pool size for
    ``"default"`` and for each notebook named), else ``VoilaConfiguration.default_pool_size`` for all."""
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config")
    if pools is None:
        return {"default": {"pool_size": int(config.get("VoilaConfiguration", {}).get("default_pool_size", 1))}}
    return {name: {"pool_size": int(entry.get("pool_size", 1))} for name, entry in pools.items()}


def class_pool_options(learners: int, app: str, root: Path = ROOT) -> list[str]:
    """The Voila command-line options for a class of ``learners`` opening ``app`` (an app in notebooks/,
    or a lesson named with its folder: ``lessons/de/04_variants.ipynb``). The other pools stay as
    voila.json sets them.

    >>> class_pool_options(30, "table.ipynb")[0]  # doctest: +ELLIPSIS
    '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, ..., "table.ipynb": {"pool_size": 32}, ...}'
    >>> class_pool_options(0, "table.ipynb")
    Traceback (most recent call last):
    ValueError: a class has 1 to 200 learners, not 0
    >>> class_pool_options(30, "tabel.ipynb")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: no app or lesson notebooks/tabel.ipynb; the apps are: hand_ranker.ipynb, index.ipynb, ...
    """
    folder = root / "notebooks"
    apps = sorted(path.name for path in folder.glob("*.ipynb"))
    lessons = sorted(path.relative_to(folder).as_posix() for path in (folder / "lessons").rglob("*.ipynb")
                     if ".ipynb_checkpoints" not in path.parts)
    if not 1 <= learners <= 200:
        raise ValueError(f"a class has 1 to 200 learners, not {learners}")
    if app not in apps and app not in lessons:
        raise ValueError(f"no app or lesson notebooks/{app}; the apps are: {', '.join(apps)}; a lesson is named "
                         f"with its folder, e.g. lessons/en/04_variants.ipynb")
    pools = voila_pools(json.loads((root / "voila.json").read_text(encoding="utf-8")))
    own = pools.get(app, pools.get("default", {"pool_size": 1}))["pool_size"]
    pools[app] = {"pool_size": learners + own}
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
