#!/usr/bin/env bash
# Follows the README's "your own widget" steps as a newcomer would, in Swift and in C:
#   swift run widgethost new NAME --path DIR   the package, outside this repository
#   build it                                   swift build, or make with pkg-config
#   see it                                     render --output -, and in a running daemon's gallery
#   edit the view, rebuild                     the preview redraws, and so does the gallery
#   the DocC tutorial's steps                  its first file is what new writes; the configurable
#                                              and interactive ones build, render, configure, perform
# Run from a checkout after `swift build` (CI does); takes a few minutes (a Swift package build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# Everything the host keeps, and the user's bundle folder, stay in the scratch folder.
export HOME="$work/home" XDG_DATA_HOME="" WIDGETHOST_DATA_DIR="$work/data"
mkdir -p "$HOME"
cd "$root"
host="$(swift build --show-bin-path)/widgethost"
# The DocC tutorial's code files, each step's whole HelloWidget.swift.
tutorial="$root/sdk/WidgetSDK/WidgetSDK.docc/Resources"

# waits_for FILE TEXT [SECONDS]: until FILE holds TEXT; fails showing FILE if it never does.
waits_for() {
    local deadline=$((SECONDS + ${3:-90}))
    until grep -qF -- "$2" "$1" 2>/dev/null; do
        if ((SECONDS > deadline)); then
            echo "check-authoring: '$2' never appeared in $1:" >&2
            cat "$1" >&2 || true
            exit 1
        fi
        sleep 0.2
    done
}
# api PATH [FILE]: a GET of the daemon's API, whole (never cut short by a reader that quits early).
api() { curl -sf -o "${2:-/dev/stdout}" "$(cat "$WIDGETHOST_DATA_DIR/http.address")${1#/}"; }
# shows PATH TEXT: the daemon's answer to PATH holds TEXT.
shows() { local body; body=$(api "$1") && grep -qF -- "$2" <<<"$body"; }

echo "== Swift: new, build, render"
swift run widgethost new HelloWidget --path "$work/hello"
(cd "$work/hello" && swift build)
"$host" render HelloWidget --bundles "$work/hello/.build/debug" --output - | tee "$work/hello.txt"
grep -q "Emoji:" "$work/hello.txt"
"$host" validate "$work/hello/.build/debug/libHelloWidget.so"
# The tutorial "Your first widget" starts from this very file.
diff -u "$tutorial/HelloWidget-01-scaffolded.swift" "$work/hello/Sources/HelloWidget/HelloWidget.swift" \
    || { echo "check-authoring: the tutorial's first step is not what new writes: update $tutorial/HelloWidget-01-scaffolded.swift" >&2; exit 1; }

echo "== C: the SDK for pkg-config, new, make, render"
scripts/install.sh --sdk-only --prefix "$work/sdk"
export PKG_CONFIG_PATH="$work/sdk/lib/pkgconfig"
"$host" new HelloC --language c --path "$work/helloc"
make -C "$work/helloc"
"$host" render HelloC --bundles "$work/helloc" --output - | tee "$work/helloc.txt"
grep -q "Time:" "$work/helloc.txt"
"$host" validate "$work/helloc/libHelloC.so"

echo "== the gallery: a daemon serving both builds"
"$host" run --bundles "$work/hello/.build/debug" --bundles "$work/helloc" --http 127.0.0.1:0 >"$work/daemon.log" 2>&1 &
pids+=($!)
waits_for "$work/daemon.log" "HelloC/systemSmall"
until [ -s "$WIDGETHOST_DATA_DIR/http.address" ]; do sleep 0.2; done
shows /v1/widgets/HelloWidget/systemSmall '"Emoji:"'
api /v1/widgets/HelloWidget/systemSmall/current.png "$work/hello.png"
[ "$(head -c 4 "$work/hello.png" | tail -c 3)" = "PNG" ] || { echo "check-authoring: the gallery's picture is no PNG" >&2; exit 1; }
shows / "<html"

echo "== Swift: preview, edit the view, rebuild: the preview and the gallery redraw"
"$host" preview "$work/hello" >"$work/preview-swift.log" 2>&1 &
pids+=($!)
waits_for "$work/preview-swift.log" "validate libHelloWidget.so: passed"
sed -i 's/Text("Emoji:")/Text("Feeling:")/' "$work/hello/Sources/HelloWidget/HelloWidget.swift"
(cd "$work/hello" && swift build)
waits_for "$work/preview-swift.log" "Feeling:" 30
waits_for "$work/preview-swift.log" "HelloWidget redraws from this build" 60
deadline=$((SECONDS + 30))
until shows /v1/widgets/HelloWidget/systemSmall '"Feeling:"'; do
    ((SECONDS < deadline)) || { echo "check-authoring: the gallery did not redraw HelloWidget" >&2; cat "$work/daemon.log" >&2; exit 1; }
    sleep 0.5
done
grep -F "ms after the build" "$work/preview-swift.log" | tail -1

echo "== C: preview, edit the view, make: the preview and the gallery redraw"
"$host" preview "$work/helloc" >"$work/preview-c.log" 2>&1 &
pids+=($!)
waits_for "$work/preview-c.log" "validate libHelloC.so: passed"
sed -i 's/Time:/Now:/' "$work/helloc/HelloC.c"
make -C "$work/helloc"
waits_for "$work/preview-c.log" "Now:" 30
waits_for "$work/preview-c.log" "HelloC redraws from this build" 60
deadline=$((SECONDS + 30))
until shows /v1/widgets/HelloC/systemSmall '"Now:"'; do
    ((SECONDS < deadline)) || { echo "check-authoring: the gallery did not redraw HelloC" >&2; cat "$work/daemon.log" >&2; exit 1; }
    sleep 0.5
done
grep -F "ms after the build" "$work/preview-c.log" | tail -1

echo "== the tutorial (sdk/WidgetSDK/WidgetSDK.docc): configurable, then interactive"
cd "$work/hello"
bundles=(--bundles .build/debug)
cp "$tutorial/HelloWidget-02-configurable.swift" Sources/HelloWidget/HelloWidget.swift
swift build
instance=$("$host" instances add HelloWidget "${bundles[@]}" --set favoriteEmoji=🦊 --format json \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
"$host" render "${bundles[@]}" --instance "$instance" --output - | tee "$work/fox.txt"
grep -q "🦊" "$work/fox.txt"
if "$host" instances add HelloWidget "${bundles[@]}" --set emoji=🦊 2>"$work/refused.txt"; then
    echo "check-authoring: a configuration with an unknown parameter was stored" >&2; exit 1
fi
grep -q "favoriteEmoji" "$work/refused.txt" || { cat "$work/refused.txt" >&2; exit 1; }
cp "$tutorial/HelloWidget.entitlements" Sources/HelloWidget/HelloWidget.entitlements
sed -i 's/resources: \[/resources: [.copy("HelloWidget.entitlements"), /' Package.swift
grep -q '.copy("HelloWidget.entitlements")' Package.swift || { echo "check-authoring: the tutorial's resources step no longer applies to Package.swift" >&2; exit 1; }
cp "$tutorial/HelloWidget-03-interactive.swift" Sources/HelloWidget/HelloWidget.swift
swift build
"$host" validate .build/debug/libHelloWidget.so
"$host" perform HelloWidget CountTapIntent "${bundles[@]}"
"$host" perform HelloWidget CountTapIntent "${bundles[@]}" --instance "$instance"
timeline=$("$host" timeline "${bundles[@]}" --instance "$instance" --format json)
grep -q '"taps" : 2' <<<"$timeline" || { echo "check-authoring: two taps did not count: $timeline" >&2; exit 1; }
grep -q '"emoji" : "🦊"' <<<"$timeline" || { echo "check-authoring: the instance lost its emoji: $timeline" >&2; exit 1; }
"$host" render "${bundles[@]}" --instance "$instance" --output - | tee "$work/taps.txt"
grep -q "Tapped 2" "$work/taps.txt"
echo "authoring: ok"
