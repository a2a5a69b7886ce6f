#!/usr/bin/env bash
# The SDK's reference and its tutorial (sdk/WidgetSDK/WidgetSDK.docc), built with the toolchain's
# own DocC, so the SDK package names no plugin and a bundle's build never resolves one:
#   scripts/build-docs.sh            the archive in sdk/.build/docs/WidgetSDK.doccarchive
#   scripts/build-docs.sh --preview  served at http://localhost:8080/documentation/widgetsdk
# DocC's warnings are errors.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v swift >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
scratch="$root/sdk/.build/docs"
graphs="$scratch/symbol-graphs"
archive="$scratch/WidgetSDK.doccarchive"
rm -rf "$graphs" "$archive"
mkdir -p "$graphs/all" "$graphs/WidgetSDK"
# A scratch folder of its own, so the module is compiled (and its symbol graph emitted) every time.
rm -rf "$scratch/build"
swift build --package-path "$root/sdk" --scratch-path "$scratch/build" --target WidgetSDK \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all"
# WidgetSDK's graphs only (its own symbols and its extensions of other modules' types).
cp "$graphs"/all/WidgetSDK.symbols.json "$graphs"/all/WidgetSDK@*.symbols.json "$graphs/WidgetSDK/"
options=(sdk/WidgetSDK/WidgetSDK.docc --additional-symbol-graph-dir "$graphs/WidgetSDK"
    --fallback-display-name WidgetSDK --fallback-bundle-identifier WidgetSDK --warnings-as-errors)
cd "$root"
if [ "${1:-}" = "--preview" ]; then
    exec docc preview "${options[@]}"
fi
docc convert "${options[@]}" --output-path "$archive"
echo "the SDK's documentation: $archive"
