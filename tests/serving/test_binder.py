"""Binder's steps, locally: a fresh virtual environment from binder/, then Jupyter Server with the Voila
server extension renders the index app at the Binder badge's address (voila/render/notebooks/index.ipynb).

repo2docker runs ``pip install -r binder/requirements.txt`` and then ``binder/postBuild`` from the
repository root; so does this test (pip from the repo root, postBuild with JUPYTER_CONFIG_DIR pointing
into tmp_path instead of ~/.jupyter). It needs the package index (slow-ish: about a minute).
binder/requirements.txt installs the kit under binder/constraints.txt, the lock of the versions the tests
ran with: the fresh environment must hold exactly the locked versions of everything the kit needs
(scripts/binder_lock.py --check, run with the fresh environment's Python).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support import ROOT, listening_port, stop_group


@pytest.mark.slow
def test_binder_environment_serves_the_index_app(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "install", "--upgrade", "pip", "setuptools", "wheel"], check=True, timeout=300, cwd=ROOT)
    # copy the tree the way repo2docker sees it (no .venv, build/), then install from the copy's root
    repo = tmp_path / "repo"
    subprocess.run(["git", "-C", str(ROOT), "ls-files", "-co", "--exclude-standard", "-z"], check=True, timeout=60,
                   stdout=(tmp_path / "files").open("wb"))
    for name in (tmp_path / "files").read_bytes().decode().split("\0"):
        if name and (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / name).write_bytes((ROOT / name).read_bytes())
    env = os.environ | {"JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"), "PYTHONUNBUFFERED": "1",
                        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    env.pop("VIRTUAL_ENV", None)
    subprocess.run([*pip, "install", "-r", "binder/requirements.txt"], check=True, timeout=900, cwd=repo)
    lock = subprocess.run([str(python), "scripts/binder_lock.py", "--check"], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=120)
    assert lock.returncode == 0, f"the Binder environment differs from binder/constraints.txt:\n{lock.stdout}{lock.stderr}"
    subprocess.run(["bash", "binder/postBuild"], check=True, timeout=120, cwd=repo, env=env)
    assert (tmp_path / "jupyter-config" / "jupyter_server_config.json").exists()

    log = tmp_path / "server.log"
    server = subprocess.Popen(  # port 0: the system gives the server a free port as it binds (read back below)
        [str(venv / "bin" / "jupyter"), "server", "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0",
         "--ServerApp.open_browser=False", "--IdentityProvider.token=", f"--ServerApp.root_dir={repo}",
         *(["--allow-root"] if os.geteuid() == 0 else [])],  # CI runs as root; Binder does not
        cwd=repo, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True,
        env=env | {"PATH": f"{venv / 'bin'}:{os.environ.get('PATH', '')}"},
    )
    page = ""
    try:
        port = listening_port(server, 120, "Jupyter Server")  # `jupyter server` runs jupyter-server in its own process
        deadline = time.monotonic() + 120
        for _ in range(120):  # at most 120 requests, about one a second
            if time.monotonic() > deadline or server.poll() is not None:
                break
            try:
                url = f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb"
                with urllib.request.urlopen(url, timeout=90) as response:
                    assert response.status == 200
                    page = response.read().decode("utf-8")
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(1)
    finally:
        stop_group(server, grace=30)
    text = log.read_text(errors="replace")
    assert page, f"Jupyter Server with Voila did not render the index app within 120 s:\n{text[-3000:]}"
    assert "application/vnd.jupyter.widget-view+json" in page, "the index app did not show its widgets"
    assert "Traceback" not in page


def test_every_dependency_of_the_kit_is_in_the_binder_lock() -> None:
    """The quick tier's early warning for the Binder build: each run-time dependency named in
    pyproject.toml has a pinned version in binder/constraints.txt (a new one needs scripts/binder_lock.py)."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {canonicalize_name(Requirement(text).name) for text in project["dependencies"]}
    pinned = {
        canonicalize_name(line.split("==")[0])
        for line in (ROOT / "binder" / "constraints.txt").read_text(encoding="utf-8").splitlines()
        if "==" in line and not line.startswith("#")
    }
    assert needed - pinned == set(), f"run scripts/binder_lock.py: not in binder/constraints.txt: {needed - pinned}"
