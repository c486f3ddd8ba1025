#!/usr/bin/env bash
# Measures the peak heap of decoding the largest allowed handoff envelope
# with valgrind's DHAT: t-gmax (the heap's high-water mark) of a probe that
# decodes, minus t-gmax of the same probe without the decode. The envelope
# is the largest valid golden vector, compiled in as a string literal, so the
# difference is what the decoder itself allocates at its peak.
#
#   bench/handoff-memory.sh            prints the t-gmax values, the decode's peak and its ratio
#                                      to the input, and the peak of rejecting it as too large
#
# Needs valgrind (Debian: valgrind). Work files go to fuzz/out/handoff-memory.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/fuzz/out/handoff-memory"
mkdir -p "$work"
cd "$work"

python3 - "$root/Tests/Fixtures/handoff-vectors.json" > LargestEnvelope.swift <<'PY'
import json, sys
vectors = json.load(open(sys.argv[1]))["vectors"]
largest = max((v for v in vectors if "ok" in v["expect"] and v["mode"] == "server"), key=lambda v: len(v["envelope"]))
print("let largestEnvelope = %s" % json.dumps(largest["envelope"]))
print("let probeNow: Int64 = %d" % largest["now"])
PY

flags=(-O -parse-as-library -swift-version 6)
swiftc "${flags[@]}" -wmo -module-name SafeText -emit-module -emit-module-path SafeText.swiftmodule \
    -c "$root"/Sources/SafeText/*.swift -o SafeText.o
mapfile -t sources < <(find "$root/Sources/BatonHandoff" -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name HandoffMemoryProbe -I . "${sources[@]}" \
    "$root/bench/handoff/HandoffMemoryProbe.swift" LargestEnvelope.swift SafeText.o -o probe

peak() {
    valgrind --tool=dhat --dhat-out-file=/dev/null ./probe "$1" 2>&1 >/dev/null \
        | sed -n 's/.*At t-gmax: *\([0-9,]*\) bytes.*/\1/p' | tr -d ,
}
./probe decode
./probe reject
baseline=$(peak baseline)
decoding=$(peak decode)
rejecting=$(peak reject)
size=$(python3 -c 'import sys; print(len(open(sys.argv[1]).read().split("\"")[1]))' LargestEnvelope.swift)
python3 - "$baseline" "$decoding" "$rejecting" "$size" <<'PY'
import sys
baseline, decoding, rejecting, size = map(int, sys.argv[1:])
print(f"t-gmax without decode: {baseline} B; with decode: {decoding} B; rejecting as too large: {rejecting} B")
print(f"peak heap of the decode: {decoding - baseline} B for a {size} B envelope = {(decoding - baseline) / size:.2f}x its size (budget 4x)")
print(f"peak heap of rejecting it as too large: {rejecting - baseline} B")
PY
