#!/usr/bin/env bash
# Serve the apps with Voila on http://127.0.0.1:8866 (from a fresh clone on a fresh machine).
# Makes .venv (once), installs the kit, then serves the notebooks folder. Stop with Ctrl-C.
# How the apps are served (address, preheated kernels, kernel culling, kernel shutdown on page close)
# is set in voila.json at the repo root, which Voila reads from its working directory.
#
#   bash scripts/serve.sh                      # two preheated kernels for each app, one for each lesson
#   bash scripts/serve.sh --class 30 [APP]     # and a kernel ready for each of 30 learners who open
#                                              # APP (default table.ipynb; a lesson: lessons/de/04_variants.ipynb)
#                                              # at once; see scripts/class_pool.py
# Other arguments go to Voila (the kit's Voila server, widgets/voila_app.py, takes every Voila option).
# The room server (docs/rooms.md: a table played by several learners from their own devices) runs beside
# Voila on http://127.0.0.1:8867 (PKT_ROOMS_PORT), its rooms' files in rooms/ (PKT_ROOMS_DATA), and stops with it.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
class_options=()
if [ "${1:-}" = "--class" ]; then
  learners=${2:-}
  shift $(( $# >= 2 ? 2 : 1 ))
  app=table.ipynb
  if [ $# -ge 1 ] && [ "${1#-}" = "$1" ]; then app=$1; shift; fi
  options=$("$python" scripts/class_pool.py "$learners" "$app") || exit 2
  mapfile -t class_options <<< "$options"
  echo "Preheating a kernel for each of $learners learners, and a spare for every five, for $app (about 90 MiB and 1 s of CPU each) before the class."
fi
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools wheel
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
bash scripts/voila_template.sh  # the apps' page without links to the internet (voila.json: template)
rooms_port=${PKT_ROOMS_PORT:-8867}
export PKT_ROOMS_URL=${PKT_ROOMS_URL:-http://127.0.0.1:$rooms_port}  # where the apps find the room server
.venv/bin/python -m pokerkit_teach room serve --port "$rooms_port" --data "${PKT_ROOMS_DATA:-rooms}" &
rooms_pid=$!
voila_pid=
# the room server stops with Voila: when Voila ends, and when this script is stopped (Ctrl-C, a TERM)
trap 'kill $voila_pid "$rooms_pid" 2>/dev/null; wait 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo "Open http://127.0.0.1:8866/voila/render/index.ipynb (rooms: $PKT_ROOMS_URL)"
# the kit's Voila (widgets/voila_app.py): Voila with its template files answering 404 for what is not one
.venv/bin/python -m pokerkit_teach.widgets.voila_app notebooks/ "${class_options[@]}" "$@" &
voila_pid=$!
wait "$voila_pid"
