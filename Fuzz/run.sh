#!/usr/bin/env bash
# Builds one libFuzzer target and fuzzes it.
#
#   Fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]
#
# TARGET is `payload` (ReplyDecoder), `frames` (FrameCodec.Decoder + worker messages) or
# `contents-json` (asset catalog Contents.json) or `bundle-plist` (a bundle's entitlements and
# Info.plist, BundleInfoFiles); SECONDS
# defaults to 300. Seeds come from Fuzz/Corpus/TARGET (read only); what the fuzzer learns
# accumulates in Fuzz/.build/corpus/TARGET, so git stays clean. Crashing, hanging or
# memory-hungry inputs land in Fuzz/Crashes/TARGET/. Extra flags go to libFuzzer, e.g. -jobs=2.
# Reproduce one input with: Fuzz/.build/release/fuzz-TARGET Fuzz/Crashes/TARGET/crash-...
set -euo pipefail
target=${1:?usage: Fuzz/run.sh payload|frames|contents-json|bundle-plist [SECONDS] [libFuzzer flags...]}
seconds=${2:-300}
shift $(( $# >= 2 ? 2 : 1 ))
case "$target" in
    payload) max_len=16384 ;;
    frames) max_len=8192 ;;
    contents-json) max_len=8192 ;;
    bundle-plist) max_len=16384 ;;
    *) echo "unknown target '$target'; expected payload, frames, contents-json or bundle-plist" >&2; exit 64 ;;
esac
fuzz=$(cd "$(dirname "$0")" && pwd)
swift=${SWIFT:-swift}
if ! command -v "$swift" >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then swift=/opt/swift/usr/bin/swift; fi

# -sanitize=fuzzer instruments every module (the host's layers too) and links libFuzzer; the harness
# has its own @main calling LLVMFuzzerRunDriver. gold crashes linking this; lld does not.
(cd "$fuzz" && "$swift" build -c release --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld)

corpus="$fuzz/.build/corpus/$target"
crashes="$fuzz/Crashes/$target"
mkdir -p "$corpus" "$crashes"
exec "$fuzz/.build/release/fuzz-$target" \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len="$max_len" \
    -dict="$fuzz/$target.dict" \
    -use_value_profile=1 \
    -print_final_stats=1 \
    -artifact_prefix="$crashes/" \
    "$@" \
    "$corpus" "$fuzz/Corpus/$target"
