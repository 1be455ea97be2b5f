"""Write widgets/stored_runs.json: the results that lessons and the variant lab show at once.

A lesson's simulation shows the kit's stored result as soon as the page opens and plays it again live only
on request (widgets/stored_run.py). This script plays every stored run with the kit and writes the file;
tests/test_stored_runs.py plays them again and compares, so a stored result cannot drift from the code.
Run it after a change to a bot, a rule or a run below (a few minutes of one core):

    .venv/bin/python scripts/stored_runs.py
"""

from __future__ import annotations

import json
import time
from typing import Any

from pokerkit_teach.widgets.lab import DEFAULT_GAMES, VARIANTS
from pokerkit_teach.widgets.stored_run import STORED_RUNS, Games, Job, RandomTokenDeals, result_json

# What each lesson (and the variant lab as a lesson opens it) plays: lesson 2's blind team and bot teams,
# lesson 4's lab with seed 1, four players, estimator bots and the lab's default games, side by side.
RUNS: dict[str, list[Job]] = {
    "lesson-02": [RandomTokenDeals(3, 20_000, seed=1),
                  Games("pokerface", 3, ("random",), 1000, seed=1),
                  Games("pokerface", 3, ("estimator",), 1000, seed=1)],
    "variant-lab-4-estimator-seed-1": [Games("pokerface", 4, ("estimator",), DEFAULT_GAMES, seed=1,
                                             options=(("variants", variants),) if variants else ())
                                       for variants in [(), *((name,) for name in VARIANTS)]],
}


def play(job: Job) -> Any:
    return job.combine([job.play(range(job.units))], job.units, 0.0)


def main() -> None:
    data: dict[str, Any] = {"about": "written by scripts/stored_runs.py; checked by tests/test_stored_runs.py", "runs": {}}
    for name, jobs in RUNS.items():
        entries = []
        for job in jobs:
            start = time.perf_counter()
            entries.append({"spec": job.spec(), "result": result_json(play(job))})
            print(f"{name}: {job.spec()} in {time.perf_counter() - start:.1f} s")
        data["runs"][name] = entries
    STORED_RUNS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("wrote", STORED_RUNS)


if __name__ == "__main__":
    main()
