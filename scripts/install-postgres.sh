#!/usr/bin/env bash
# Install Debian's PostgreSQL server binaries for the store tests (tests/store/test_postgres.py
# starts a throwaway server of its own; nothing is left running). Idempotent. Without root (and
# outside CI) it only warns: those tests are then skipped.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "postgresql: already installed ($(ls -d /usr/lib/postgresql/*/ | head -1))"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if [ "${CI:-}" = "true" ]; then
        echo "error: PostgreSQL is missing and this is not root" >&2
        exit 1
    fi
    echo "warning: PostgreSQL is not installed and this is not root: its store tests will skip"
    exit 0
fi
echo "postgresql: installing with apt-get"
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql
