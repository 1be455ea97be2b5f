#!/usr/bin/env bash
# The checks and the whole test suite, from a fresh clone on a fresh machine (nothing beside the clone
# is needed). First it makes .venv (once) and installs the kit with its test tools (-e ".[test]").
# The browser tests (tests/browser) drive Debian's Chromium through Playwright; Playwright never
# downloads a browser. If /usr/bin/chromium is missing it is installed with apt-get (as root, as in CI).
#
#   bash scripts/test.sh            every step below, in this order:
#       ruff        ruff check pokerkit_teach widgets tests benchmarks scripts  (rules: [tool.ruff] in pyproject.toml)
#       mypy        mypy --strict over the package and the widgets, as tests/serving/test_types.py runs it
#       imports     lint-imports ([tool.importlinter] in pyproject.toml) on a copy laid out as installed:
#                   pokerkit_teach/ with widgets/ inside it as pokerkit_teach/widgets (see tests/serving/test_import_contracts.py)
#       quick tier  pytest -m "not slow": the engine and widget tests, the doctests, the notebooks (nbval)
#       slow tier   pytest -m slow: fuzzers, exhaustive checks, packaging, Binder, Voila and kernels, browsers
#                   (tests/serving/test_types.py is left out here: the mypy step ran the same command)
#     Each tier runs in two worker processes (pytest-xdist, -n 2, --dist loadfile): every test file in one
#     worker (a notebook's cells run in order), and all browser tests in one worker (one Voila server, one
#     Chromium, page journeys in order; tests/scheduling.py), so the other worker runs the fuzzers,
#     notebooks, packaging, Binder and JupyterHub meanwhile.
#     The slow tier ends with the number of Voila pages the browser tests loaded. docs/testing.md says more.
#     Every step runs even when an earlier one failed; each failure is named, and at the end the failed
#     steps are listed and the script exits 1.
#
#   bash scripts/test.sh ARGS...    the setup, then only pytest, once, with ARGS: e.g.
#       bash scripts/test.sh -m "not slow"        the quick tier
#       bash scripts/test.sh -m slow              the slow tier, mypy test included
#       bash scripts/test.sh tests/engine/holdem/test_cards.py -x
#     and its exit status.
#
# In every pytest run, "no tests collected" (pytest's exit status 5) counts as a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools wheel
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
bash scripts/voila_template.sh  # the apps' Voila template (voila.json), linked into .venv
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "scripts/test.sh: installing chromium for the browser tests" >&2
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    else
        echo "scripts/test.sh: /usr/bin/chromium is missing (run as root on Debian to install it); the browser tests will fail" >&2
    fi
fi

run_pytest() {  # pytest with the given arguments; "no tests collected" is a failure
    local status=0
    .venv/bin/python -m pytest "$@" || status=$?
    if [ "$status" -eq 5 ]; then
        echo "scripts/test.sh: pytest $* collected no tests; that is a failure here" >&2
        return 1
    fi
    return "$status"
}

if [ "$#" -gt 0 ]; then
    run_pytest "$@"
    exit
fi

lint_imports() {  # import-linter on a copy of the package as it is installed ([tool.setuptools.package-dir])
    local root stage status=0
    root=$(pwd)
    stage=$(mktemp -d)
    { cp -R pokerkit_teach "$stage/pokerkit_teach" && cp -R widgets "$stage/pokerkit_teach/widgets" &&
        (cd "$stage" && "$root/.venv/bin/lint-imports" --no-cache --no-logo "$root/pyproject.toml"); } || status=$?
    rm -rf "$stage"
    return "$status"
}

failed=()
step() {  # step NAME WHAT-IT-MEANS COMMAND...: run one step, name it if it fails, go on
    local name=$1 meaning=$2
    shift 2
    echo "==> scripts/test.sh: $name" >&2
    if "$@"; then
        echo "==> scripts/test.sh: $name passed" >&2
    else
        echo "==> scripts/test.sh: FAILED: $name ($meaning)" >&2
        failed+=("$name")
    fi
}

step "ruff" "lint errors in the code, see above; rules in [tool.ruff] of pyproject.toml" \
    .venv/bin/ruff check pokerkit_teach widgets tests benchmarks scripts
step "mypy" "type errors in the package or the widgets, see above" \
    .venv/bin/python -m mypy --strict --no-incremental --cache-dir /dev/null pokerkit_teach widgets
step "import contracts" "an import breaks a contract of [tool.importlinter] in pyproject.toml, see above" \
    lint_imports
step "quick tier" "pytest -m \"not slow\" failed or collected nothing" \
    run_pytest -m "not slow" -n 2 --dist loadfile --durations=20
step "slow tier" "pytest -m slow failed or collected nothing" \
    run_pytest -m slow -n 2 --dist loadfile --durations=40 --deselect tests/serving/test_types.py::test_package_passes_mypy_strict

if [ "${#failed[@]}" -gt 0 ]; then
    joined=$(printf '%s, ' "${failed[@]}")
    echo "scripts/test.sh: failed steps: ${joined%, }" >&2
    exit 1
fi
echo "scripts/test.sh: all steps passed" >&2
