#!/usr/bin/env bash
# Install what the browser tests (`pytest -m browser`) need: Debian's chromium and Playwright for
# Python in the project's venv. Idempotent: skips whatever is already installed. Playwright's own
# browser download (`playwright install`) is NOT used: the tests drive /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV_PY="${VENV_PY:-.venv/bin/python}"

if [ -x /usr/bin/chromium ]; then
    echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo present))"
else
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    echo "chromium: installing with apt-get"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi

if [ ! -x "$VENV_PY" ]; then
    echo "error: $VENV_PY not found; create the venv first (make test does)" >&2
    exit 1
fi
if "$VENV_PY" -c "import playwright" 2>/dev/null; then
    echo "playwright: already installed in $VENV_PY"
else
    echo "playwright: installing into the venv"
    "$VENV_PY" -m pip install --quiet playwright
fi
