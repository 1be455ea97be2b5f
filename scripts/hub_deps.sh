#!/usr/bin/env bash
# What a JupyterHub for the apps needs (deploy/jupyterhub/, tests/serving/test_jupyterhub.py,
# benchmarks/hub_load.py): the kit, JupyterHub and its idle culler from PyPI, and the hub's proxy,
# configurable-http-proxy, from the npm registry (it runs on Node.js, which must be installed).
# Installs only what is missing, into .venv: the proxy goes to .venv/node with a link in .venv/bin, so
# nothing is installed system-wide. Prints the proxy's path. Run from anywhere:
#
#   bash scripts/hub_deps.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
if ! .venv/bin/python -c "import pokerkit_teach" 2>/dev/null; then
    echo "scripts/hub_deps.sh: installing the kit into .venv" >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
fi
bash scripts/voila_template.sh  # the apps' Voila template (binder/ and learner server configs)
if ! .venv/bin/python -c "import jupyterhub, jupyterhub_idle_culler" 2>/dev/null; then
    echo "scripts/hub_deps.sh: installing jupyterhub and jupyterhub-idle-culler into .venv" >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "jupyterhub>=5.3" "jupyterhub-idle-culler>=1.4"
fi
proxy=.venv/bin/configurable-http-proxy
if [ ! -x "$proxy" ]; then
    if command -v configurable-http-proxy >/dev/null 2>&1; then
        ln -sf "$(command -v configurable-http-proxy)" "$proxy"
    else
        command -v npm >/dev/null 2>&1 || { echo "scripts/hub_deps.sh: npm is missing; install Node.js (Debian: apt-get install nodejs npm)" >&2; exit 1; }
        echo "scripts/hub_deps.sh: installing configurable-http-proxy from the npm registry into .venv/node" >&2
        npm install --silent --no-audit --no-fund --prefix .venv/node configurable-http-proxy@^5 >&2
        ln -sf "../node/node_modules/.bin/configurable-http-proxy" "$proxy"
    fi
fi
echo "$(pwd)/$proxy"
