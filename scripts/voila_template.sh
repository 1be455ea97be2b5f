#!/usr/bin/env bash
# Makes the kit's Voila template findable by .venv's Voila (scripts/serve.sh, scripts/test.sh and
# scripts/hub_deps.sh run this after installing the kit). The template, share/jupyter/voila/templates/pokerkit
# (chosen in voila.json and in the Binder and JupyterHub server configs), is Voila's "lab" page without its
# links to a CDN, so the apps load nothing from the internet (docs/serving.md). Voila looks for templates in
# Jupyter's data folders, here .venv/share/jupyter: a regular install (pip install ., as on Binder) puts the
# template there with the package (pyproject's data-files); an editable install (pip install -e .) does not,
# so it is linked there from the repository. Run from anywhere: bash scripts/voila_template.sh
set -euo pipefail
cd "$(dirname "$0")/.."
templates=.venv/share/jupyter/voila/templates
if [ -d "$templates/pokerkit" ] && [ ! -L "$templates/pokerkit" ]; then
    exit 0  # installed with the package
fi
mkdir -p "$templates"
ln -sfn "$(pwd)/share/jupyter/voila/templates/pokerkit" "$templates/pokerkit"
