#!/usr/bin/env bash
# Builds the misbehaving test bundles (Tests/Fixtures/Bundles/*.c) into OUTDIR, one .so each,
# plus files that only look like bundles. Used by the tests; handy for trying
# `widgethost bundles --bundles OUTDIR` by hand.
set -euo pipefail
out=${1:?usage: scripts/build-fixtures.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC:-cc}
mkdir -p "$out"
for source in "$root"/Tests/Fixtures/Bundles/*.c; do
    name=$(basename "$source" .c)
    "$cc" -std=c11 -Wall -Werror -shared -fPIC -pthread \
        -I "$root/sdk/WidgetABI/include" -I "$root/Tests/Fixtures/Bundles" \
        -o "$out/$name.so" "$source"
done
# Not an ELF file at all, though named like a bundle.
printf 'this is not a shared object\n' > "$out/not_elf.so"
