#!/usr/bin/env bash
# Writes N distinct C widget bundles into OUTDIR and compiles them, in parallel, with the flags
# of scripts/build-fixtures.sh. Bundle i (1-based) is `GeneratedNNNN` (NNNN = i, zero-padded)
# with two kinds, `GeneratedNNNNA` and `GeneratedNNNNB`, each in systemSmall and systemMedium;
# a timeline is four entries, 15 minutes apart from context->now, policy atEnd.
# The C template (OUTDIR/generated_bundle.c: descriptors and providers) is compiled once; each
# bundle is then compiled from OUTDIR/generated_names.c with -DINDEX='"NNNN"' (its names) and
# linked with it, so 1,000 bundles take about 20 s of CPU.
#
#   scripts/generate-bundles.sh N OUTDIR      e.g. scripts/generate-bundles.sh 1000 /tmp/gen
#
# CC (default cc) and JOBS (default nproc) may be set. Used by the CLI tests and Benchmarks/.
set -euo pipefail
count=${1:?usage: scripts/generate-bundles.sh N OUTDIR}
out=${2:?usage: scripts/generate-bundles.sh N OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC:-cc}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out"
template="$out/generated_bundle.c"
cat > "$template" <<'C'
#include "fixture_support.h"

#include <stdint.h>

/* Defined per bundle by generated_names.c. */
#define GENERATED_HIDDEN __attribute__((visibility("hidden")))
extern GENERATED_HIDDEN const char generated_bundle_name[];
extern GENERATED_HIDDEN const char generated_kind_a[];
extern GENERATED_HIDDEN const char generated_kind_b[];

/* Four entries 15 minutes apart from context->now, then ask again at the end. */
static void generated_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    char buffer[1024];
    fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
    long long now = (long long)context->now;
    fixture_json_text(&json, "{\"version\":1,\"entries\":[");
    for (int entry = 0; entry < 4; entry++) {
        if (entry > 0) fixture_json_text(&json, ",");
        fixture_json_text(&json, "{\"date\":");
        fixture_json_int(&json, now + 900LL * entry);
        fixture_json_text(&json, ",\"relevance\":null,\"content\":{\"kind\":");
        fixture_json_string(&json, widget->kind, strlen(widget->kind));
        fixture_json_text(&json, ",\"n\":");
        fixture_json_int(&json, entry);
        fixture_json_text(&json, "}}");
    }
    fixture_json_text(&json, "],\"policy\":{\"type\":\"atEnd\"}}");
    (void)request_token;
    fixture_complete(completion, request_token, json.overflowed ? "{}" : json.text);
}

FIXTURE_FAMILIES(generated_families, "systemSmall", "systemMedium");

static const wk_widget_t widget_a = {
    .struct_size = sizeof(wk_widget_t),
    .kind = generated_kind_a,
    .display_name = generated_kind_a,
    .description = "generated benchmark bundle",
    .supported_families = generated_families,
    .supported_family_count = 2,
    .placeholder = fixture_placeholder_ok,
    .snapshot = fixture_snapshot_ok,
    .timeline = generated_timeline,
};
static const wk_widget_t widget_b = {
    .struct_size = sizeof(wk_widget_t),
    .kind = generated_kind_b,
    .display_name = generated_kind_b,
    .description = "generated benchmark bundle",
    .supported_families = generated_families,
    .supported_family_count = 2,
    .placeholder = fixture_placeholder_ok,
    .snapshot = fixture_snapshot_ok,
    .timeline = generated_timeline,
};
static const wk_widget_t *const generated_widgets[] = {&widget_a, &widget_b};
static const wk_bundle_t generated_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH},
    .name = generated_bundle_name,
    .version = "0.0.1",
    .init = fixture_init_ok,
    .widgets = generated_widgets,
    .widget_count = 2,
};

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);
WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    return &generated_bundle;
}
C
cat > "$out/generated_names.c" <<'C'
/* One generated bundle's names; INDEX is a string literal such as "0001". */
#ifndef INDEX
#  error "compile with -DINDEX='\"0001\"'"
#endif
#define GENERATED_HIDDEN __attribute__((visibility("hidden")))
GENERATED_HIDDEN const char generated_bundle_name[] = "Generated" INDEX;
GENERATED_HIDDEN const char generated_kind_a[] = "Generated" INDEX "A";
GENERATED_HIDDEN const char generated_kind_b[] = "Generated" INDEX "B";
C
flags=(-std=c11 -Wall -Werror -fPIC -pthread
    -I "$root/sdk/WidgetABI/include" -I "$root/Tests/Fixtures/Bundles")
"$cc" "${flags[@]}" -c -o "$out/generated_bundle.o" "$template"
export cc out
export flags_string="${flags[*]}"
seq -f %04g 1 "$count" | xargs -P "$jobs" -n 50 sh -c '
    for index in "$@"; do
        $cc $flags_string -shared -DINDEX="\"$index\"" \
            -o "$out/Generated$index.so" "$out/generated_names.c" "$out/generated_bundle.o" || exit 255
    done' sh
rm -f "$out/generated_bundle.o"
