#!/usr/bin/env bash
# A bundle's first build against the SDK package alone, as an author outside this repository
# has it: the sdk/ folder copied next to a package holding one sample's sources (no root package
# in sight), built from nothing; then a one-line edit rebuilt. Beside each, the floor on this
# machine in the same run: an empty dynamic library built from nothing, and its one-line edit.
#
#   scripts/sdk-build-time.sh [SAMPLE] [RUNS]      default CounterWidget, 1 run
#
# Prints "first build: S s", "one-line edit: S s" and the floors, and fails when the build
# warns or fails. BENCHMARKS.md ("The SDK as a package of its own") holds the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sample=${1:-CounterWidget}
runs=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v swift >/dev/null || export PATH=/opt/swift/usr/bin:$PATH

seconds() {  # seconds COMMAND...: runs it (output to $work/log), prints its wall time
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; echo "sdk-build-time: '$*' failed" >&2; exit 1; }
    end=$(date +%s.%N)
    python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$end"
}
no_warnings() {  # the author's build printed no warning
    if grep -q "warning:" "$work/log"; then
        cat "$work/log" >&2; echo "sdk-build-time: the $1 printed a warning (above)" >&2; exit 1
    fi
}

# The SDK package as git holds it (no .build of a local build).
mkdir -p "$work/sdk"
(cd "$root/sdk" && git ls-files -z | xargs -0 cp --parents -t "$work/sdk")

for run in $(seq "$runs"); do
    bundle="$work/run$run/$sample"
    mkdir -p "$bundle/Sources"
    cp -R "$root/samples/$sample" "$bundle/Sources/$sample"
    cat >"$bundle/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "$sample",
    products: [.library(name: "$sample", type: .dynamic, targets: ["$sample"])],
    dependencies: [.package(path: "../../sdk")],
    targets: [
        .target(
            name: "$sample",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"),
                .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppIntents", package: "sdk"),
                .product(name: "OSLog", package: "sdk"),
            ],
            resources: [.copy("Assets.xcassets"), .copy("$sample.entitlements"), .copy("$sample-Info.plist")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../sdk/bundle.exports"])]
        ),
    ]
)
MANIFEST
    floor="$work/run$run/Floor"
    mkdir -p "$floor/Sources/Floor"
    cat >"$floor/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Floor",
    products: [.library(name: "Floor", type: .dynamic, targets: ["Floor"])],
    targets: [.target(name: "Floor")]
)
MANIFEST
    echo 'public func floor() -> Int { 1 }' >"$floor/Sources/Floor/Floor.swift"

    floor_first=$(seconds swift build --package-path "$floor")
    first=$(seconds swift build --package-path "$bundle"); no_warnings "first build"
    # A one-line edit: a declaration appended to the sample's first Swift file (code, not a
    # comment, so the compiler has something to type-check and emit).
    file=$(cd "$bundle/Sources/$sample" && ls *.swift | head -1)
    echo "private let oneLineEdit = \"$run\"" >>"$bundle/Sources/$sample/$file"
    echo "private let oneLineEdit = \"$run\"" >>"$floor/Sources/Floor/Floor.swift"
    floor_edit=$(seconds swift build --package-path "$floor")
    edit=$(seconds swift build --package-path "$bundle"); no_warnings "rebuild"
    [ -f "$bundle/.build/debug/lib$sample.so" ] || { echo "sdk-build-time: no lib$sample.so" >&2; exit 1; }
    echo "run $run: $sample against the SDK package alone"
    echo "  first build: $first s (floor, an empty dynamic library: $floor_first s)"
    echo "  one-line edit: $edit s (floor: $floor_edit s)"
done
