#!/usr/bin/env bash
# Builds the handoff decoder fuzzer (libFuzzer + AddressSanitizer) and runs it
# for a bounded time.
#
#   fuzz/run-handoff.sh [SECONDS]      default 60
#
# Environment: BATON_FUZZ_DIR (build and working corpus, default
# fuzz/out/handoff), BATON_FUZZ_JOBS (parallel workers, default 1).
# The committed seeds in fuzz/handoff/corpus are read, never written: new
# inputs go to the working corpus, crashes to $BATON_FUZZ_DIR/crash-*.
# Exit status is libFuzzer's: non-zero when it found a crash.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${BATON_FUZZ_DIR:-$root/fuzz/out/handoff}"
jobs="${BATON_FUZZ_JOBS:-1}"
flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6)

mkdir -p "$work/corpus"
cd "$work"

# SafeText is its own module, as in the package: build it first.
swiftc "${flags[@]}" -wmo -module-name SafeText -emit-module -emit-module-path SafeText.swiftmodule \
    -c "$root"/Sources/SafeText/*.swift -o SafeText.o

# BatonHandoff and the entry point form one module, so the entry reaches internal types.
mapfile -t sources < <(find "$root/Sources/BatonHandoff" -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name BatonHandoffFuzz -I . "${sources[@]}" \
    "$root/fuzz/handoff/HandoffFuzzEntry.swift" SafeText.o -o handoff-fuzzer

# -max_len covers the 64 KiB limit and a little beyond, so the size check is fuzzed too.
# With more than one job libFuzzer runs workers and logs to fuzz-N.log here.
parallel=()
if [ "$jobs" -gt 1 ]; then parallel=(-jobs="$jobs" -workers="$jobs"); fi
./handoff-fuzzer -max_total_time="$seconds" -max_len=65600 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "${parallel[@]}" -artifact_prefix="$work/" \
    "$work/corpus" "$root/fuzz/handoff/corpus"
