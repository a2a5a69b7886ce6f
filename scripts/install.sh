#!/usr/bin/env bash
# Installs widgethost for a desktop user, or removes it again.
#
#   scripts/install.sh [--prefix P] [--unit-dir D] [--dbus-service-dir S] [--from BUILD_DIR]
#   scripts/install.sh --sdk-only [--prefix P]
#   scripts/install.sh --uninstall [--prefix P] [--unit-dir D]
#
# Installs, under the prefix P (default ~/.local):
#   P/bin/widgethost, P/bin/widgethost-worker      the CLI and the worker beside it
#   P/lib/widgethost/bundles/                      the sample bundles (the CLI searches here)
#   P/include/widgethost/*.h                       the C headers
#   P/lib/pkgconfig/widgethost.pc                  for `pkg-config --cflags --libs widgethost`
#   P/share/widgethost/bundle.exports              the linker script that pkg-config's Libs names
#   P/share/widgethost/sdk/                        the Swift SDK package (sdk/: WidgetKit, SwiftUI,
#                                                  AppIntents, ...), which `widgethost new` names
#   P/share/doc/widgethost/README.md, docs/      the documentation, its links intact
# and D/widgethost.service (default ~/.config/systemd/user), a systemd user unit that runs
# `widgethost run` at login and restarts it on failure, and D/widgethost-desktop.service, which
# shows the home screen on the desktop for as long as the graphical session lasts:
#   systemctl --user daemon-reload && systemctl --user enable --now widgethost widgethost-desktop
# and S/dev.widgethost.WidgetHost1.service (default ~/.local/share/dbus-1/services), so that an
# app's first call on the session bus starts the daemon through that unit (docs/apps.md).
#
# Builds in release first, unless --from names a folder that already holds the built products
# (widgethost, widgethost-worker and the samples' lib*.so, as `swift build --show-bin-path`).
# The binaries use the Swift runtime of the toolchain that built them.
#
# --sdk-only installs only what authors build against (the headers, bundle.exports and
# widgethost.pc for C; the SDK package for Swift), builds nothing, and needs no Swift.
#
# --uninstall removes exactly the files an install listed in P/share/widgethost/installed-files
# and the unit; the data folder (~/.local/share/widgethost, your widgets' data) is left alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$HOME/.local"
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
dbus_service_dir="${XDG_DATA_HOME:-$HOME/.local/share}/dbus-1/services"
from=""
uninstall=false
sdk_only=false
samples=(CounterWidget MoviePlannerWidget PillarWidget FishGoWidget ClockWidget)

usage() { sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; }
while (($#)); do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --unit-dir) unit_dir=${2:?--unit-dir needs a folder}; shift 2 ;;
        --dbus-service-dir) dbus_service_dir=${2:?--dbus-service-dir needs a folder}; shift 2 ;;
        --from) from=${2:?--from needs a build folder}; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        --sdk-only) sdk_only=true; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1'; see --help" >&2; exit 64 ;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
manifest="$prefix/share/widgethost/installed-files"

if $uninstall; then
    [ -f "$manifest" ] || { echo "install.sh: nothing installed under $prefix (no $manifest)" >&2; exit 1; }
    while IFS= read -r file; do
        [ -n "$file" ] && rm -rf -- "$file"
    done <"$manifest"
    rm -f -- "$manifest"
    rmdir -p --ignore-fail-on-non-empty "$prefix/share/widgethost" "$prefix/lib/widgethost/bundles" \
        "$prefix/include/widgethost" "$prefix/share/doc/widgethost/docs" 2>/dev/null || true
    echo "widgethost removed from $prefix; your data folder was left as it was"
    command -v systemctl >/dev/null && systemctl --user daemon-reload 2>/dev/null || true
    exit 0
fi

swift=${SWIFT:-swift}
command -v "$swift" >/dev/null || swift=/opt/swift/usr/bin/swift
if ! $sdk_only; then
    if [ -z "$from" ]; then
        (cd "$root" && "$swift" build -c release)
        from=$(cd "$root" && "$swift" build -c release --show-bin-path)
    fi
    for product in widgethost widgethost-worker; do
        [ -x "$from/$product" ] || { echo "install.sh: $from/$product is missing; build first or drop --from" >&2; exit 1; }
    done
fi

version=$(sed -n 's/^#define WK_ABI_VERSION_STRING "\(.*\)"/\1/p' "$root/sdk/WidgetABI/include/widgethost/version.h")
installed=()
put() {  # put SOURCE DESTINATION MODE
    install -D -m "$3" "$1" "$2"
    installed+=("$2")
}
fill() {  # fill TEMPLATE DESTINATION: the template with @PREFIX@ and @VERSION@ filled in
    mkdir -p "$(dirname "$2")"
    sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" "$1" >"$2"
    installed+=("$2")
}

install_sdk() {
    for header in "$root"/sdk/WidgetABI/include/widgethost/*.h; do
        put "$header" "$prefix/include/widgethost/$(basename "$header")" 644
    done
    put "$root/sdk/bundle.exports" "$prefix/share/widgethost/bundle.exports" 644
    fill "$root/sdk/pkgconfig/widgethost.pc.in" "$prefix/lib/pkgconfig/widgethost.pc"
    # The Swift SDK package, sources and manifest as they are in sdk/ (git's files only: no
    # .build folder of a local build).
    local file
    while IFS= read -r file; do
        put "$root/sdk/$file" "$prefix/share/widgethost/sdk/$file" 644
    done < <(cd "$root/sdk" && { git ls-files 2>/dev/null || find . -type f -not -path './.build/*' | sed 's|^\./||'; })
}
# The manifest keeps what an earlier install under this prefix listed: --sdk-only adds to it.
record() {
    mkdir -p "$(dirname "$manifest")"
    { [ -f "$manifest" ] && cat "$manifest"; printf '%s\n' "${installed[@]}"; } | sort -u >"$manifest.new"
    mv "$manifest.new" "$manifest"
}

if $sdk_only; then
    install_sdk
    record
    cat <<DONE
widgethost's SDK ($version) installed under $prefix
  C:        PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs widgethost
  Swift:    .package(path: "$prefix/share/widgethost/sdk") in your Package.swift
  remove:   scripts/install.sh --uninstall --prefix $prefix
DONE
    exit 0
fi

put "$from/widgethost" "$prefix/bin/widgethost" 755
put "$from/widgethost-worker" "$prefix/bin/widgethost-worker" 755
for sample in "${samples[@]}"; do
    put "$from/lib$sample.so" "$prefix/lib/widgethost/bundles/lib$sample.so" 644
done
# Each sample's resources: its asset catalog, entitlements and Info.plist (docs/bundle-files.md).
for resources in "$from"/*_*Widget.resources; do
    [ -d "$resources" ] || continue
    target="$prefix/lib/widgethost/bundles/$(basename "$resources")"
    rm -rf "$target" && cp -R "$resources" "$target"
    installed+=("$target")
done
install_sdk
put "$root/README.md" "$prefix/share/doc/widgethost/README.md" 644
while IFS= read -r page; do
    put "$root/docs/$page" "$prefix/share/doc/widgethost/docs/$page" 644
done < <(cd "$root/docs" && find . -type f | sed 's|^\./||')
fill "$root/systemd/widgethost.service.in" "$unit_dir/widgethost.service"
fill "$root/systemd/widgethost-desktop.service.in" "$unit_dir/widgethost-desktop.service"
fill "$root/systemd/dev.widgethost.WidgetHost1.service.in" "$dbus_service_dir/dev.widgethost.WidgetHost1.service"
record

cat <<DONE
widgethost $version installed under $prefix
  CLI:      $prefix/bin/widgethost (put $prefix/bin on your PATH)
  bundles:  $prefix/lib/widgethost/bundles (samples; your own go in ~/.local/share/widgethost/bundles)
  C:        PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs widgethost
  services: $unit_dir/widgethost.service, $unit_dir/widgethost-desktop.service
  D-Bus:    $dbus_service_dir/dev.widgethost.WidgetHost1.service (an app's first call starts the daemon)
            systemctl --user daemon-reload && systemctl --user enable --now widgethost widgethost-desktop
  remove:   scripts/install.sh --uninstall --prefix $prefix
DONE
