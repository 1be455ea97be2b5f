"""The import contracts of pyproject.toml ([tool.importlinter]) hold, and each of them can fail.

import-linter reads the package the way Python finds it. In this repository the widgets live in
``widgets/`` and are installed as ``pokerkit_teach.widgets`` ([tool.setuptools.package-dir]), so the
package directory ``pokerkit_teach/`` alone has no ``widgets`` subpackage and a contract that names
``pokerkit_teach.widgets`` could not be checked there. The tests (and ``scripts/test.sh``) therefore lay
out a copy as it is installed, ``pokerkit_teach/`` with ``widgets/`` inside it, and run ``lint-imports``
on that copy with the repository's pyproject.toml. To prove that a contract can fail, one file of a copy
gets one forbidden import and the contract must report that very import.

import-linter's ``acyclic_siblings`` contract finds cycles between the children of each package; a cycle
between a package's ``__init__`` and one of its own modules is not among them, so
``test_no_module_of_the_package_is_in_an_import_cycle`` looks for every cycle between modules with
grimp, import-linter's graph library.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support import ROOT

PYPROJECT = ROOT / "pyproject.toml"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def contracts() -> list[dict[str, object]]:
    return list(tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"])


def stage(tmp_path: Path) -> Path:
    """A copy of the package laid out as it is installed: each entry of [tool.setuptools.package-dir]
    copied to its place (``widgets/`` becomes ``pokerkit_teach/widgets/``)."""
    package_dir = {"pokerkit_teach": "pokerkit_teach"} | tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-dir"]
    site = tmp_path / "site"
    for package, folder in sorted(package_dir.items()):  # parents before children
        shutil.copytree(ROOT / folder, site.joinpath(*package.split(".")), dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    assert (site / "pokerkit_teach" / "widgets" / "__init__.py").is_file()
    return site


def add_line(site: Path, module: str, line: str) -> None:
    """Append one line to a module (or a package's __init__) of the copy; an import at the end is as real
    to the linter as one at the top."""
    path = site.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    assert path.is_file(), f"{module} is not in the package any more: choose another module for this test"
    path.write_text(path.read_text() + f"\n{line}\n")


def lint(site: Path, *contract_ids: str) -> subprocess.CompletedProcess[str]:
    """lint-imports with the repository's configuration, run on the copy (it puts its working directory
    first on sys.path, so the copy is the package it reads)."""
    args = [str(LINT_IMPORTS), "--no-cache", "--no-logo", str(PYPROJECT)]
    for contract_id in contract_ids:
        args += ["--contract", contract_id]
    return subprocess.run(args, cwd=site, capture_output=True, text=True, timeout=120)


def test_the_package_keeps_every_import_contract(tmp_path: Path) -> None:
    result = lint(stage(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in result.stdout


def test_every_contract_is_proved_able_to_fail() -> None:
    # a contract added to pyproject.toml gets a case in BREAKS below
    assert {contract["id"] for contract in contracts()} == {case.values[0] for case in BREAKS}


BREAKS = [
    pytest.param("engine-without-jupyter", "pokerkit_teach.core.rng", "import ipywidgets",
                 "pokerkit_teach.core.rng -> ipywidgets", id="core-imports-ipywidgets"),
    pytest.param("engine-without-jupyter", "pokerkit_teach.holdem.cards", "from pokerkit_teach.widgets import app",
                 "pokerkit_teach.holdem.cards -> pokerkit_teach.widgets.app", id="holdem-imports-the-widgets"),
    pytest.param("engine-without-jupyter", "pokerkit_teach.cli", "import traitlets.config",
                 "pokerkit_teach.cli -> traitlets", id="cli-imports-traitlets"),
    pytest.param("rooms-without-jupyter-or-games", "pokerkit_teach.rooms.room", "import pokerkit_teach.games.pokerface",
                 "pokerkit_teach.rooms.room -> pokerkit_teach.games.pokerface", id="the-room-server-imports-a-game"),
    pytest.param("rooms-without-jupyter-or-games", "pokerkit_teach.rooms.server", "import jupyter_server.serverapp",
                 "pokerkit_teach.rooms.server -> jupyter_server", id="the-room-server-imports-jupyter-server"),
    pytest.param("engine-layers", "pokerkit_teach.rooms.protocol", "import pokerkit_teach.cli",
                 "pokerkit_teach.rooms.protocol -> pokerkit_teach.cli", id="the-room-server-imports-the-cli"),
    pytest.param("root-without-jupyter", "pokerkit_teach", "import pokerkit_teach.widgets.app",
                 "pokerkit_teach -> pokerkit_teach.widgets.app", id="root-imports-the-widgets"),
    pytest.param("app-shell-without-games", "pokerkit_teach.widgets.scenario_desk", "import pokerkit_teach.games.voces.rules",
                 "pokerkit_teach.widgets.scenario_desk -> pokerkit_teach.games.voces.rules", id="the-scenario-desk-imports-a-game"),
    pytest.param("games-independent", "pokerkit_teach.games.pokerguess.check", "import pokerkit_teach.games.voces",
                 "pokerkit_teach.games.pokerguess.check -> pokerkit_teach.games.voces", id="pokerguess-imports-voces"),
    pytest.param("engine-layers", "pokerkit_teach.holdem.ranking", "from pokerkit_teach.games.pokerface import rules",
                 "pokerkit_teach.holdem.ranking -> pokerkit_teach.games.pokerface.rules", id="holdem-imports-a-game"),
    pytest.param("engine-layers", "pokerkit_teach.core.rng", "import pokerkit_teach.holdem.cards",
                 "pokerkit_teach.core.rng -> pokerkit_teach.holdem.cards", id="core-imports-holdem"),
    pytest.param("engine-layers", "pokerkit_teach.games.voces.cards", "import pokerkit_teach.cli",
                 "pokerkit_teach.games.voces.cards -> pokerkit_teach.cli", id="a-game-imports-the-cli"),
    pytest.param("no-cycles", "pokerkit_teach.holdem.render", "import pokerkit_teach.holdem.ranking",
                 "No cycles are allowed in pokerkit_teach.holdem", id="render-and-ranking-import-each-other"),
]


@pytest.mark.parametrize(("contract_id", "module", "line", "reported"), BREAKS)
def test_a_forbidden_import_breaks_its_contract(tmp_path: Path, contract_id: str, module: str, line: str, reported: str) -> None:
    site = stage(tmp_path)
    assert lint(site, contract_id).returncode == 0  # kept before the change
    add_line(site, module, line)
    result = lint(site, contract_id)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "BROKEN" in result.stdout and reported in result.stdout, result.stdout + result.stderr


def test_an_import_only_for_type_checking_breaks_nothing(tmp_path: Path) -> None:
    # exclude_type_checking_imports: annotations may name widget types without importing them at run time
    site = stage(tmp_path)
    add_line(site, "pokerkit_teach.core.rng", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import ipywidgets")
    result = lint(site, "engine-without-jupyter")
    assert result.returncode == 0, result.stdout + result.stderr


# The import graph of a copy, as grimp sees it (without TYPE_CHECKING imports): module -> modules it imports.
GRAPH_SCRIPT = """
import json, grimp
graph = grimp.build_graph("pokerkit_teach", exclude_type_checking_imports=True, cache_dir=None)
print(json.dumps({module: sorted(graph.find_modules_directly_imported_by(module)) for module in sorted(graph.modules)}))
"""


def import_graph(site: Path) -> dict[str, list[str]]:
    result = subprocess.run([sys.executable, "-c", GRAPH_SCRIPT], cwd=site, capture_output=True, text=True, timeout=120,
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site)})
    assert result.returncode == 0, result.stderr
    graph: dict[str, list[str]] = json.loads(result.stdout)
    assert "pokerkit_teach.widgets.app" in graph, "the copy was not the package grimp read"
    return graph


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, and modules that import themselves
    (Tarjan's algorithm, iterative); each sorted, the list sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = graph.get(node, [])
            for target_position in range(position, len(targets)):
                target = targets[target_position]
                if target not in index:
                    work.append((node, target_position + 1))
                    work.append((target, 0))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph.get(node, []):
                        found.append(sorted(component))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return sorted(found)


def test_cycles_finds_components_and_self_imports() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["d"], "e": ["a"], "f": []}
    assert cycles(graph) == [["a", "b", "c"], ["d"]]
    assert cycles({"x": ["y"], "y": []}) == []


def test_no_module_of_the_package_is_in_an_import_cycle(tmp_path: Path) -> None:
    found = cycles(import_graph(stage(tmp_path)))
    assert found == [], "import cycles between modules of pokerkit_teach:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_a_cycle_between_a_package_and_its_module_is_found(tmp_path: Path) -> None:
    # pokerface/__init__ imports pokerface.view; views importing the package closes a cycle that
    # the acyclic_siblings contract does not look at (it compares siblings only)
    site = stage(tmp_path)
    add_line(site, "pokerkit_teach.games.pokerface.view", "from pokerkit_teach.games.pokerface import PokerfaceRules")
    found = cycles(import_graph(site))
    assert any({"pokerkit_teach.games.pokerface", "pokerkit_teach.games.pokerface.view"} <= set(cycle) for cycle in found), found
