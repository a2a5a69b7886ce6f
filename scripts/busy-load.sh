#!/usr/bin/env bash
# Keeps both cores busy the way issue 41's "busier machine" runs were made: the SDK package
# (sdk/) built from nothing into a scratch folder, again and again, with two jobs, until stopped.
# Run it beside `.ci/run` (or the test command) to see whether a result depends on a quiet machine.
#
#   scripts/busy-load.sh [SECONDS]      default: until killed (Ctrl-C, or kill its process group)
#
# Prints one line per finished build (its number and seconds), and removes its scratch folder
# when it ends.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-0}
work=$(mktemp -d)
# Stopped by a signal, the build's compilers are stopped and waited for before their folder goes.
# A compiler killed with the build may still be writing for a moment: try again until the folder goes.
trap 'for _ in 1 2 3 4 5; do rm -rf "$work" 2>/dev/null && break; sleep 1; done' EXIT
trap 'trap - TERM INT; kill -- $(jobs -p) 2>/dev/null; wait; exit 143' TERM INT
command -v swift >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
# SwiftPM leaves a TemporaryDirectory.* folder per build in TMPDIR: keep them in the scratch
# folder, so they go with it (and nobody cleaning the machine's /tmp deletes one in use).
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
cp -R "$root/sdk" "$work/sdk"
rm -rf "$work/sdk/.build"
started=$(date +%s)
build=0
while (( limit == 0 || $(date +%s) - started < limit )); do
    rm -rf "$work/scratch"
    build_started=$(date +%s)
    swift build --package-path "$work/sdk" --scratch-path "$work/scratch" -j 2 >"$work/log" 2>&1 &
    wait $! || { tail -20 "$work/log" >&2; echo "busy-load: the build failed (above)" >&2; exit 1; }
    build=$((build + 1))
    echo "busy-load: build $build took $(( $(date +%s) - build_started )) s"
done
