#!/usr/bin/env bash
# Builds the benchmarks and what they run (release), then runs the suite.
#
#   Benchmarks/run.sh [benchmark flags...]
#
# Builds, in Benchmarks/.build/release (never the root .build): the benchmark executable,
# libTenEntryWidget.so, the widgethost CLI, widgethost-worker and the sample bundles, so the
# CLI finds the samples and its worker beside itself. Then runs
# `swift package benchmark --target WidgetHostBenchmarks` with any flags given, e.g.
#   --filter 'Timeline.*'          only some benchmarks (regex on the names)
#   --format markdown|jmh|text     output format (default text); --path DIR to write files
#   --no-progress
# Each figure's reference is a benchmark of its own in the same run (see README.md); divide
# the medians for the ratio.
#
# Environment: SWIFT (default swift on PATH, else /opt/swift/usr/bin/swift), WIDGETHOST_CLI
# (a widgethost executable for the cold-start figures; default the one built here).
# The set-up generates 1,000 C bundles (scripts/generate-bundles.sh) into a temp folder: ~20-40 s.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
swift=${SWIFT:-swift}
if ! command -v "$swift" >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then swift=/opt/swift/usr/bin/swift; fi
cd "$here"
# SwiftPM keeps the root package's file list in the build plan: a file added there since the
# last build is "not in scope" until the plan is made again.
rm -f .build/release.yaml
"$swift" build -c release
for product in widgethost widgethost-worker TenEntryWidget CounterWidget MoviePlannerWidget PillarWidget; do
    "$swift" build -c release --product "$product"
done
export WIDGETHOST_ROOT=$(cd .. && pwd)
exec "$swift" package benchmark --target WidgetHostBenchmarks --no-progress "$@"
