#!/usr/bin/env bash
# Stress runs, outside the unit suite: the daemon's wake-ups on a loaded machine, every numeric
# option of every command with hostile values, the API's 200 subscribers, and the fault matrix's
# slow real-process cases. Each suite runs alone (one test process at a time), with the machine
# to itself, so that what it measures is the code and not the other tests.
#
#   scripts/stress.sh              # build if needed, then every stress suite
#   scripts/stress.sh Wake         # only the suites whose name matches (a `swift test --filter`)
#   scripts/stress.sh Churn        # only the churn soak (scripts/churn-soak.py)
#   scripts/stress.sh Fuzz         # only the D-Bus fuzzer's long pass (scripts/dbus-fuzz.py,
#                                  # DBUS_FUZZ_SECONDS, default 180)
#
# The churn soak (issue 38) runs last, CHURN_SOAK_SECONDS long (default 120) on the debug build,
# where its latency limit is a hang guard (1 s); its 100 ms goal is measured on a release build,
# 10 minutes: scripts/churn-soak.py "$(swift build -c release --show-bin-path)/widgethost".
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
if [ "$filter" != "Churn" ] && [ "$filter" != "Fuzz" ]; then
    WIDGETHOST_STRESS=1 timeout --signal=TERM --kill-after=30 "$limit" \
        swift test --skip-build --no-parallel --filter "$filter" || status=$?
fi
if [ "$status" -eq 0 ] && { [ "$filter" = "StressTests" ] || [ "$filter" = "Churn" ]; }; then
    soak=${CHURN_SOAK_SECONDS:-120}
    timeout --signal=TERM --kill-after=30 $((soak + 300)) \
        python3 scripts/churn-soak.py "$(swift build --show-bin-path)/widgethost" --seconds "$soak" --latency-limit 1 || status=$?
fi
if [ "$status" -eq 0 ] && { [ "$filter" = "StressTests" ] || [ "$filter" = "Fuzz" ]; }; then
    # The bus interface fuzzed longer than CI's short pass (issue 39), with a fresh seed each run:
    # the seed is printed, so a failure can be replayed with --seed.
    fuzz=${DBUS_FUZZ_SECONDS:-180}
    bin=$(swift build --show-bin-path)
    timeout --signal=TERM --kill-after=30 $((fuzz + 120)) \
        python3 scripts/dbus-fuzz.py --widgethost "$bin/widgethost" --bundles "$bin" --seconds "$fuzz" || status=$?
fi
if [ "$status" -ne 0 ]; then
    [ "$status" -eq 124 ] && echo "stress runs took longer than their limit" >&2
    echo "stress runs failed" >&2
    exit "$status"
fi
echo "stress runs: $(( $(date +%s) - started )) s"
