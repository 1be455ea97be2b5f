#!/usr/bin/env bash
# Serve the apps with Voila on http://127.0.0.1:8866 (from a fresh clone on a fresh machine).
# Makes .venv (once), installs the kit, then serves the notebooks folder. Stop with Ctrl-C.
# How the apps are served (address, preheated kernels, kernel culling, kernel shutdown on page close)
# is set in voila.json at the repo root, which Voila reads from its working directory.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools wheel
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
echo "Open http://127.0.0.1:8866/voila/render/index.ipynb"
exec .venv/bin/voila notebooks/ "$@"
