#!/usr/bin/env bash
# The Python client's tests against a real `widgethost run`, on a private session bus.
#
#   clients/python/run-tests.sh [pytest options]
#
# WIDGETHOST: the widgethost binary (default: .build/debug/widgethost at the repository's root;
# `swift build` makes it and the sample bundles beside it). WIDGETHOST_BUNDLES: the folder of
# bundles the daemon loads (default: the binary's folder). PYTHON: the interpreter (default
# python3), which needs jeepney and pytest (`pip install jeepney pytest`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export WIDGETHOST="${WIDGETHOST:-$root/.build/debug/widgethost}"
python="${PYTHON:-python3}"
if ! "$python" -c 'import jeepney, pytest' 2>/dev/null; then
    echo "run-tests.sh: $python needs jeepney and pytest: $python -m pip install jeepney pytest" >&2
    exit 2
fi
cd "$here"
# dbus-run-session starts a bus for this command only and ends it after; the tests see it in
# DBUS_SESSION_BUS_ADDRESS, and WIDGETHOST_TEST_BUS tells them it is theirs alone.
exec dbus-run-session -- env WIDGETHOST_TEST_BUS=private "$python" -m pytest -p no:cacheprovider "$@"
