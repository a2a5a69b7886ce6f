#!/usr/bin/env bash
# Stress runs, outside the unit suite: the daemon's wake-ups on a loaded machine, every numeric
# option of every command with hostile values, the API's 200 subscribers, and the fault matrix's
# slow real-process cases. Each suite runs alone (one test process at a time), with the machine
# to itself, so that what it measures is the code and not the other tests.
#
#   scripts/stress.sh              # build if needed, then every stress suite
#   scripts/stress.sh Wake         # only the suites whose name matches (a `swift test --filter`)
#
# Time limit: STRESS_TIME_LIMIT seconds for the whole run (default 900); CI sets its own.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH=/opt/swift/usr/bin:$PATH

limit=${STRESS_TIME_LIMIT:-900}
filter=${1:-StressTests}
swift build --build-tests
started=$(date +%s)
# `.stressRun` suites run only with WIDGETHOST_STRESS=1 (Tests/TestSupport/StressRun.swift).
# --no-parallel: one case at a time, so a stress case never shares the machine with another.
status=0
WIDGETHOST_STRESS=1 timeout --signal=TERM --kill-after=30 "$limit" \
    swift test --skip-build --no-parallel --filter "$filter" || status=$?
if [ "$status" -ne 0 ]; then
    [ "$status" -eq 124 ] && echo "stress runs took longer than ${limit} s" >&2
    echo "stress runs failed" >&2
    exit "$status"
fi
echo "stress runs: $(( $(date +%s) - started )) s"
