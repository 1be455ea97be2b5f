#!/usr/bin/env bash
# Run the whole test suite from a fresh clone on a fresh machine.
# Makes .venv (once), installs the kit with its test tools, then runs pytest over the tests, the
# doctests of the package and the notebooks (nbval). Extra arguments go to pytest.
# The browser tests (tests/browser) drive Debian's Chromium through Playwright; Playwright never
# downloads a browser. If /usr/bin/chromium is missing it is installed with apt-get (as root, as in CI).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip setuptools wheel
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "scripts/test.sh: installing chromium for the browser tests" >&2
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    else
        echo "scripts/test.sh: /usr/bin/chromium is missing (run as root on Debian to install it); the browser tests will fail" >&2
    fi
fi
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "scripts/test.sh: pytest collected no tests; that is a failure here" >&2
    exit 1
fi
exit "$status"
