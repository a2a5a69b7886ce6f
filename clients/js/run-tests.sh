#!/bin/sh
# The JavaScript client's tests, against a real `widgethost run` each test file starts and stops.
#
#     clients/js/run-tests.sh            # the repository's debug build
#     WIDGETHOST=/usr/bin/widgethost WIDGETHOST_BUNDLES=/path/to/sample/bundles clients/js/run-tests.sh
#
# Needs Node 20 or later ($NODE, else node on PATH) and widgethost with the sample bundles beside
# it: `swift build` builds both into .build/debug.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
binary=${WIDGETHOST:-$repo/.build/debug/widgethost}
if [ ! -x "$binary" ]; then
    echo "run-tests.sh: no widgethost at $binary: run \`swift build\` in $repo, or set WIDGETHOST" >&2
    exit 2
fi
export WIDGETHOST="$binary"
node=${NODE:-node}
# One file at a time: each starts a daemon, and the machine may have two cores.
exec "$node" --test --test-concurrency=1 "$here"/test/*.test.js
