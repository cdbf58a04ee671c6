#!/bin/sh
# SPDX-License-Identifier: MIT
# Parser benchmark ("make bench-parse", also run by "make bench"; docs/performance.md): one
# generated output of BENCH_PARSE_N interfaces (default 100,000) per parser family, read by
# 'fabric-audit parse' under /usr/bin/time; prints family, command, input size, wall and CPU
# time, peak RSS, and checks that every interface became a port.  Needs python3, GNU time.
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
FA="$FA_BUILDDIR/fabric-audit"
N=${BENCH_PARSE_N:-100000}
[ -x /usr/bin/time ] || { echo "bench-parse: needs GNU time (/usr/bin/time)" >&2; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/fa-bench-parse.XXXXXX")
trap 'rm -rf "$W"' EXIT

echo "bench-parse: $N interfaces per family, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| family | command | input (MiB) | ports | wall (s) | CPU (s) | peak RSS (MiB) |"
echo "|---|---|---|---|---|---|---|"
while IFS='|' read -r family platform command; do
	python3 "$FA_SRCDIR/bench/gen-parse-input.py" "$FA_SRCDIR" "$family" "$N" "$W/in"
	/usr/bin/time -o "$W/time" -f '%e %U %S %M' "$FA" parse --platform "$platform" \
		--command "$command" "$W/in" >"$W/out" 2>"$W/err" ||
		{ echo "bench-parse: $family failed:" >&2; tail -3 "$W/err" >&2; exit 1; }
	read -r wall user sys rss <"$W/time"
	ports=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["device"]["ports"]))' "$W/out")
	[ "$ports" -ge "$N" ] || { echo "bench-parse: $family gave $ports ports, not $N" >&2; exit 1; }
	size=$(wc -c <"$W/in")
	echo "$family $command $size $ports $wall $user $sys $rss" | awk '{
		n = NF; printf "| %s | `", $1
		for (i = 2; i <= n - 6; i++) printf "%s%s", $i, i < n - 6 ? " " : ""
		printf "` | %.1f | %d | %.2f | %.2f | %.0f |\n", $(n-5) / 1048576, $(n-4), $(n-3),
		       $(n-2) + $(n-1), $n / 1024 }'
	rm -f "$W/in" "$W/out"
done <<'LIST'
linux-ip-link|linux|ip -j -d link show
cumulus-interface|cumulus|nv show interface -o json
LIST
