#!/bin/sh
# SPDX-License-Identifier: MIT
# Benchmark of the fan-out merge: N GPU hosts (default 12,500, 8 NICs each) as one-device
# fragments, as 'collect --local' writes them, plus the switches as 4 snapshots collected
# with --shard I/4; then 'fabric-audit merge' of all of them.  Prints the merge's wall time
# and peak memory (GNU time), and checks the merge found every device.
#
#   make bench                         (FA_BENCH_HOSTS=N to change the size,
#   sh bench/bench-merge.sh [WORKDIR]   FA_BENCH_KEEP=1 to keep WORKDIR)
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
FA="$FA_BUILDDIR/fabric-audit"
GEN="$FA_BUILDDIR/bench/gen-fabric"
N="${FA_BENCH_HOSTS:-12500}"
W="${1:-$(mktemp -d "${TMPDIR:-/tmp}/fa-bench.XXXXXX")}"
[ -n "${FA_BENCH_KEEP:-}" ] || trap 'rm -rf "$W"' EXIT
[ -x /usr/bin/time ] || { echo "bench-merge: needs GNU time (/usr/bin/time)" >&2; exit 1; }

echo "bench-merge: generating a pod of $N hosts x 8 NICs in $W"
if [ ! -f "$W/pod/inventory.yaml" ]; then
	"$GEN" -o "$W/pod" --hosts "$N" --nics 8 --spines 4 --uplinks 4 >/dev/null
fi
cd "$W/pod"
sed '/^  gpu-hosts:/,$d' inventory.yaml >switches.yaml
sed '/^  spines:/,/^  gpu-hosts:/{/^  gpu-hosts:/!d}' inventory.yaml >hosts.yaml
"$FA" collect -i hosts.yaml -o "$W/hosts.json" --progress never 2>/dev/null
rm -rf "$W/frags" "$W/switches"
mkdir -p "$W/switches"
nfrag=$(python3 "$FA_SRCDIR/bench/split-fragments.py" "$W/hosts.json" "$W/frags" --kind host --spread 30)
for i in 1 2 3 4; do
	"$FA" collect -i switches.yaml --shard "$i/4" -o "$W/switches/shard$i.json" --progress never 2>/dev/null
done
inputs=$((nfrag + 4))
echo "bench-merge: $nfrag host fragments + 4 switch shards = $inputs inputs," \
	"$(du -sh "$W/frags" | cut -f1) of fragments"

sync
/usr/bin/time -f '%e %M' -o "$W/time" "$FA" merge -q -o "$W/merged.json" "$W/frags" "$W/switches" \
	2>"$W/merge.err" || { cat "$W/merge.err" "$W/time" >&2; exit 1; }
read -r secs kb <"$W/time"
summary=$(grep '^fabric-audit: merged' "$W/merge.err")
echo "bench-merge: $summary"
echo "bench-merge: merge of $inputs inputs: ${secs} s wall, peak RSS $((kb / 1024)) MiB"
links=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["links"]))' "$W/merged.json")
devices=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["devices"]))' "$W/merged.json")
expected=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["devices"]))' "$W/hosts.json")
echo "bench-merge: $devices devices ($expected hosts + switches) and $links links in the merged snapshot"
