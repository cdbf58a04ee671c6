#!/bin/sh
# SPDX-License-Identifier: MIT
# Parser benchmark ("make bench-parse", also run by "make bench"; docs/performance.md): one
# generated output of BENCH_PARSE_N interfaces (default 100,000) per parser family, read by
# 'fabric-audit parse' under /usr/bin/time; prints family, command, input size, ports, wall
# and CPU time, peak RSS, and fails when a family gives fewer ports than interfaces generated.
# The families are those of bench/gen-parse-input.py --list; BENCH_PARSE_FAMILIES="a b" runs
# only some.  Needs python3, GNU time.
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
echo "| family | command | input (MiB) | interfaces | ports | wall (s) | CPU (s) | peak RSS (MiB) |"
echo "|---|---|---|---|---|---|---|---|"
fail=0
python3 "$FA_SRCDIR/bench/gen-parse-input.py" --list >"$W/families"
while IFS='|' read -r family platform command; do
	case " ${BENCH_PARSE_FAMILIES:-$family} " in
	*" $family "*) ;;
	*) continue ;;
	esac
	# the interfaces written: N, or as many as fit in 60 MiB (under the 64 MiB --max-output)
	n=$(python3 "$FA_SRCDIR/bench/gen-parse-input.py" "$FA_SRCDIR" "$family" "$N" "$W/in")
	if ! /usr/bin/time -o "$W/time" -f '%e %U %S %M' "$FA" parse --platform "$platform" \
		--command "$command" "$W/in" >"$W/out" 2>"$W/err"; then
		echo "| $family | \`$command\` | FAILED: $(tail -1 "$W/err") |"
		fail=1
		continue
	fi
	read -r wall user sys rss <"$W/time"
	ports=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["device"].get("ports", [])))' "$W/out")
	size=$(wc -c <"$W/in")
	echo "$size $n $ports $wall $user $sys $rss" | awk -v f="$family" -v c="$command" '{
		printf "| %s | `%s` | %.1f | %d | %d | %.2f | %.2f | %.0f |\n", f, c, $1 / 1048576,
		       $2, $3, $4, $5 + $6, $7 / 1024 }'
	if [ "$ports" -lt "$n" ]; then
		echo "bench-parse: $family gave $ports ports, not $n" >&2
		fail=1
	fi
	rm -f "$W/in" "$W/out"
done <"$W/families"
[ "$fail" = 0 ] || { echo "bench-parse: FAILED (see above)" >&2; exit 1; }
