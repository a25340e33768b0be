#!/bin/sh
# Fuzzes the parsers that read bytes from outside (docs/DESIGN.md "Fuzzing").
#   Tests/Fuzz/run.sh [TARGET] [SECONDS]   one target (all of them, one after another, without TARGET)
# Builds the libFuzzer shim into .build-fuzz, seeds a scratch corpus from Fixtures, Tests/Fuzz/Seeds and the regression
# corpus, and runs in this one process (one core). A crash input is left in .build-fuzz/crashes/TARGET: fix its cause,
# then add it to Tests/Fuzz/Regressions/TARGET, which `swift test` replays.
set -eu
cd "$(dirname "$0")/../.."
seconds=${2:-60}
targets=${1:-"message frontmatter thread-name revision refs cache packed-caches packs anchor-notes sse anthropic openai json claude-code llm chatgpt threadai-json aider"}

# A release build: the optimizer keeps Swift's overflow and bounds checks, and runs the decoders ten
# times faster than a debug build, so a minute covers more.
build="swift build --scratch-path .build-fuzz -c release --sanitize fuzzer"
$build --product threadai-fuzz -Xswiftc -DTHREADAI_FUZZ >&2
fuzzer=$($build --show-bin-path)/threadai-fuzz

# The fixtures each target starts from.
seeds() {
    case $1 in
        message|frontmatter) echo Fixtures/format Fixtures/golden Fixtures/conformance/objects ;;
        thread-name|revision|refs) echo Fixtures/refs Fixtures/renames Fixtures/tags Fixtures/conformance/names ;;
        cache|packed-caches) echo Fixtures/cache Fixtures/conformance/cache ;;
        packs) echo Fixtures/conformance/packs ;;
        anchor-notes) echo Fixtures/conformance/anchors ;;
        sse|anthropic|openai) echo Fixtures/streams Fixtures/provider-e2e ;;
        json|claude-code|llm|chatgpt|aider) echo Fixtures/import ;;
        threadai-json) echo Fixtures/import Fixtures/conformance/export ;;
        *) echo "unknown target: $1" >&2; exit 64 ;;
    esac
}

for target in $targets; do
    corpus=.build-fuzz/corpus/$target
    crashes=.build-fuzz/crashes/$target
    mkdir -p "$corpus" "$crashes"
    for folder in $(seeds "$target") Tests/Fuzz/Seeds/$target Tests/Fuzz/Regressions/$target; do
        [ -d "$folder" ] || continue
        find "$folder" -type f -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
    done
    echo "== $target ($seconds s)" >&2
    THREADAI_FUZZ_TARGET=$target "$fuzzer" "$corpus" -max_total_time="$seconds" \
        -max_len=65536 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/"
done
