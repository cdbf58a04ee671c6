#!/bin/sh
# SPDX-License-Identifier: MIT
# Benchmark of the rule catalogue (run by 'make bench'; not a test): every shipped rule on a
# synthetic three-tier Clos of 64-port switches, at 10k, 50k and 100k GPUs (1,250, 6,250 and
# 12,500 hosts x 8 NIC ports), reporting the time (wall and CPU) and the peak memory.
#
#   load + evaluate  bench/bench-rules --load FILE: the snapshot file loaded as the command
#                    line loads it, then the rules evaluated, each step timed on its own.
#   end to end       'fabric-audit audit -s FILE --format json': what an operator runs.
#
# Environment: FA_BUILDDIR (default: the source tree), BENCH_SIZES (host counts, default
# "1250 6250 12500"), BENCH_THREADS (default: the engine's choice), TMPDIR for the snapshots.
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
: "${BENCH_SIZES:=1250 6250 12500}"
: "${BENCH_THREADS:=}"
bench="$FA_BUILDDIR/bench/bench-rules"
fa="$FA_BUILDDIR/fabric-audit"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fa-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

[ -x /usr/bin/time ] || { echo "bench-rules: /usr/bin/time (GNU time) is needed" >&2; exit 1; }
[ -x "$bench" ] || { echo "bench-rules: build bench/bench-rules first (make)" >&2; exit 1; }

# measure LABEL CMD...: wall, user+sys CPU and peak RSS of CMD, from GNU time.
measure() {
	label=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || {
		rc=$?
		# 1 is an audit that has findings, which the seeded faults are.
		if [ "$rc" != 1 ]; then
			printf '%-34s not measured (exit %s): %s\n' "$label" "$rc" \
				"$(grep -v '^Command exited' "$tmp/err" | head -n 1)"
			return 0
		fi
	}
	# GNU time puts "Command exited with non-zero status N" first; the numbers are last.
	read -r wall user sys rss <<EOF_TIME
$(tail -n 1 "$tmp/time")
EOF_TIME
	cpu=$(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }')
	mib=$(echo "$rss" | awk '{ printf "%.0f", $1 / 1024 }')
	printf '%-34s wall %7.2f s  cpu %7s s  peak %6s MiB\n' "$label" "$wall" "$cpu" "$mib"
	grep -E '^(fabric|snapshot|rules):' "$tmp/err" | sed 's/^/    /' || true
}

echo "bench-rules: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
threads=${BENCH_THREADS:+--threads $BENCH_THREADS}
for hosts in $BENCH_SIZES; do
	gpus=$((hosts * 8))
	"$bench" --hosts "$hosts" --write "$tmp/snap.json" 2>/dev/null
	printf '%s GPUs: snapshot file %s MiB\n' "$gpus" "$(du -m "$tmp/snap.json" | cut -f1)"
	# shellcheck disable=SC2086 # $threads is empty or two words
	measure "$gpus GPUs, load + evaluate" "$bench" --load "$tmp/snap.json" $threads
	# shellcheck disable=SC2086
	measure "$gpus GPUs, fabric-audit audit" "$fa" audit -s "$tmp/snap.json" $threads \
		--format json -o "$tmp/report.json"
	rm -f "$tmp/snap.json" "$tmp/report.json"
done
