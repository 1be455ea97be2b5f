#!/usr/bin/env bash
# Run the whole test suite from a fresh clone on a fresh machine.
# Makes .venv (once), installs the kit with its test tools, then runs pytest over the tests, the
# doctests of the package and the notebooks (nbval). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools wheel
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "scripts/test.sh: pytest collected no tests; that is a failure here" >&2
    exit 1
fi
exit "$status"
