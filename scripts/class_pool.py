"""Voila options for a class: N learners open one app or one lesson in the same minute.

Voila preheats a pool of kernels for every notebook (voila.json: two for each app, one for each lesson).
A class that opens one page at once needs one kernel per learner, ready before the lesson: started on
demand, thirty kernels compete for the server's cores and every page waits for all of them. These options
give that notebook a pool of N + its own + one for every five learners (rounded up), for reloads and late
comers, and let Voila refill it 10 minutes after a kernel was taken instead of 5 s (voila.json). The long
delay keeps the refill away from the class's first minutes: with voila.json's 5 s, 30 learners who opened
the table at once waited 78 s in the median for their complete page (the 30 refill kernels started and
their pages were rendered by the same server), against half a second with the 10 minutes (benchmarks/
classroom_load.py --class-pool; the figures are in docs/serving.md). Its cost: Voila 0.5 hands a refill kernel
that still waits out its delay to the next page, so a learner who comes after the ready kernels are all
taken waits up to 10 minutes; hence the extra kernels. The server's ceiling on kernels
(``PageKernelManager.max_kernels``, docs/serving.md) is raised to hold the class's pool and two pages per
learner (an app and a lesson). A lesson is named with its folder, as in its address.

    python scripts/class_pool.py 30 table.ipynb                  # prints the options, one per line
    python scripts/class_pool.py 30 lessons/de/04_variants.ipynb

Used by ``scripts/serve.sh --class N [app or lesson]`` and ``benchmarks/classroom_load.py --class-pool``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REFILL_DELAY_S = 600
SPARE_PER_LEARNERS = 5  # one more ready kernel for every five learners (reloads, late comers)
PAGES_PER_LEARNER = 2  # pages a learner has open at once, for the ceiling: an app and a lesson


def voila_pools(config: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The preheated pools voila.json sets: ``VoilaKernelManager.kernel_pools_config`` (a pool size for
    ``"default"`` and for each notebook named), else ``VoilaConfiguration.default_pool_size`` for all."""
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config")
    if pools is None:
        return {"default": {"pool_size": int(config.get("VoilaConfiguration", {}).get("default_pool_size", 1))}}
    return {name: {"pool_size": int(entry.get("pool_size", 1))} for name, entry in pools.items()}


def preheated_kernels(config: dict[str, Any], notebook: Path, root: Path = ROOT) -> int:
    """How many kernels Voila 0.5 keeps preheated for ``notebook`` (an absolute path in ``root``/notebooks/)
    under ``config`` (voila.json's settings), as its kernel manager decides at start
    (voila_kernel_manager.py): none without ``VoilaConfiguration.preheat_kernel`` or for a notebook
    ``VoilaKernelManager.preheat_denylist`` names (a pattern found in its absolute path or matching it);
    else its pool size (:func:`voila_pools`, by its path in notebooks/, "default" for the others)."""
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return 0
    name = str(notebook)
    if any(pattern in name or re.match(pattern, name) for pattern in config.get("VoilaKernelManager", {}).get("preheat_denylist", [])):
        return 0
    return _pool_size(voila_pools(config), notebook.relative_to(root / "notebooks").as_posix())


def _pool_size(pools: dict[str, dict[str, int]], name: str) -> int:
    return pools.get(name, pools.get("default", {"pool_size": 1}))["pool_size"]


def class_pool_options(learners: int, app: str, root: Path = ROOT) -> list[str]:
    """The Voila command-line options for a class of ``learners`` opening ``app`` (an app in notebooks/,
    or a lesson named with its folder: ``lessons/de/04_variants.ipynb``). The other pools stay as
    voila.json sets them.

    >>> class_pool_options(30, "table.ipynb")[0]  # doctest: +ELLIPSIS
    '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, ..., "table.ipynb": {"pool_size": 38}, ...}'
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
    config = json.loads((root / "voila.json").read_text(encoding="utf-8"))
    pools = voila_pools(config)
    pools[app] = {"pool_size": learners + _pool_size(pools, app) + spare_kernels(learners)}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"--VoilaKernelManager.fill_delay={REFILL_DELAY_S}",
            f"--PageKernelManager.max_kernels={class_ceiling(config, pools, learners, root)}"]


def class_ceiling(config: dict[str, Any], pools: dict[str, dict[str, int]], learners: int, root: Path = ROOT) -> int:
    """The most kernels the server may hold for a class (``PageKernelManager.max_kernels``): every preheated
    kernel under ``pools`` and :data:`PAGES_PER_LEARNER` pages per learner (each page holds a kernel, and a
    page that takes a preheated one makes Voila start its replacement), but never less than voila.json's
    ceiling.

    >>> config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    >>> pools = json.loads(class_pool_options(30, "table.ipynb")[0].partition("=")[2])
    >>> class_ceiling(config, pools, 30)  # 74 preheated, 60 pages
    134
    >>> class_ceiling(config, voila_pools(config), 5)  # voila.json's 100 (38 preheated and 10 pages would be 48)
    100
    """
    served = dict(config) | {"VoilaKernelManager": config.get("VoilaKernelManager", {}) | {"kernel_pools_config": pools}}
    notebooks = [path for path in (root / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts]
    preheated = sum(preheated_kernels(served, path, root) for path in notebooks)
    return max(int(config.get("PageKernelManager", {}).get("max_kernels", 0)), preheated + PAGES_PER_LEARNER * learners)


def spare_kernels(learners: int) -> int:
    """Ready kernels beyond one per learner and the notebook's own pool.

    >>> spare_kernels(30), spare_kernels(1), spare_kernels(11)
    (6, 1, 3)
    """
    return -(-learners // SPARE_PER_LEARNERS)


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
