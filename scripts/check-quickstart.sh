#!/usr/bin/env bash
# Follows the author quick start of docs/authoring.md to the letter: a bundle in its own package outside
# this repository, built against the SDK package alone, its timeline shown by the host.
# The package's files are taken from docs/authoring.md's `<!-- quickstart: PATH -->` code blocks.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ln -s "$root" "$work/widgethost"
mkdir -p "$work/MyWidgets"
awk -v dest="$work/MyWidgets" '
    /^<!-- quickstart: .* -->$/ { file = $3; next }
    file != "" && /^```/ && !inside { inside = 1; path = dest "/" file; system("mkdir -p \"$(dirname \"" path "\")\""); printf "" > path; next }
    inside && /^```/ { inside = 0; close(path); file = ""; next }
    inside { print >> path }
' "$root/docs/authoring.md"
test -s "$work/MyWidgets/Package.swift"
test -s "$work/MyWidgets/Sources/MyWidgets/Hello.swift"
test -s "$work/MyWidgets/Sources/MyWidgets/MyWidgets.entitlements"

cd "$work/MyWidgets"
swift build
(cd ../widgethost && swift build --product widgethost)
host=$(cd ../widgethost && swift build --show-bin-path)/widgethost
export WIDGETHOST_DATA_DIR="$work/data"
show() { "$host" timeline HelloWidget --bundles .build/debug --no-default-bundles --now 2026-01-01T08:00:00Z --format json; }
output=$(show)
echo "$output"
grep -q '"greeting" : "Good afternoon, friend"' <<<"$output"
grep -q '"date" : "2026-01-01T09:00:00Z"' <<<"$output"
# What the app writes to its App Group, the widget reads through the host.
"$host" defaults write group.com.example.hello name Ada
output=$(show)
echo "$output"
grep -q '"greeting" : "Good afternoon, Ada"' <<<"$output"
# Its view, drawn: a 2x PNG of systemSmall (170 x 170 points) and an SVG holding its text.
"$host" render HelloWidget --bundles .build/debug --no-default-bundles --now 2026-01-01T08:00:00Z --output "$work/hello.png"
png_size() { python3 -c 'import struct, sys; print(*struct.unpack(">II", open(sys.argv[1], "rb").read(24)[16:24]))' "$1"; }
test "$(png_size "$work/hello.png")" = "340 340"
"$host" render HelloWidget --bundles .build/debug --no-default-bundles --now 2026-01-01T08:00:00Z --output "$work/hello.svg"
grep -q "Good morning, Ada" "$work/hello.svg"
echo "quick start: ok"
