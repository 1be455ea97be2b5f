"""Store a lesson's checked outputs: run the notebook and keep the outputs of the cells nbval compares.

Lessons are committed without outputs, except the cells whose code starts with ``# NBVAL_CHECK_OUTPUT``:
their stored output is what nbval (``--nbval-lax``) checks when the test suite runs the lesson. After
changing such a cell (or the kit behind it), run

    .venv/bin/python scripts/lesson_outputs.py notebooks/lessons/en/01_cards_and_hand_ranking.ipynb [...]

Each notebook is executed from its own folder in a fresh kernel; then every other cell's outputs and
execution count are removed, and the notebook's metadata is kept as it was. A cell that raises stops the
run and leaves the file unchanged.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

CHECK_OUTPUT = "# NBVAL_CHECK_OUTPUT"


def store_checked_outputs(path: Path, timeout: int = 600) -> int:
    """Execute ``path`` and write it back with only the checked cells' outputs; the number of those cells."""
    original = nbformat.read(path, as_version=4)
    notebook = copy.deepcopy(original)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    checked = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if cell.source.lstrip().startswith(CHECK_OUTPUT):
            checked += 1
        else:
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    notebook.metadata = original.metadata
    nbformat.write(notebook, path)
    return checked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--timeout", type=int, default=600, help="seconds a cell may take (default 600)")
    args = parser.parse_args()
    status = 0
    for path in args.notebooks:
        try:
            checked = store_checked_outputs(path, args.timeout)
        except CellExecutionError as error:
            print(f"{path}: a cell failed, file left unchanged:\n{error}", file=sys.stderr)
            status = 1
            continue
        print(f"{path}: outputs kept in {checked} checked cell{'s' if checked != 1 else ''}")
    return status


if __name__ == "__main__":
    sys.exit(main())
