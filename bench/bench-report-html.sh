#!/bin/sh
# SPDX-License-Identifier: MIT
# HTML report benchmark (docs/performance.md): a generated fabric of BENCH_HTML_HOSTS hosts
# of 8 GPUs (default 1250: 10,000 GPUs, 2,050 devices, 30,480 links, three tiers) with the
# faults bench-rules seeds, audited into an HTML report; prints the report's size (the budget
# is 25 MB) and how long headless Chromium takes to load it and to paint its first screen
# (the budget is 5 s), then to draw one pod of the aggregated map.  Chromium is driven over
# the DevTools protocol (tests/integration/cdp.py); the times run from the navigation, after
# the browser has started.
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
: "${BENCH_HTML_HOSTS:=1250}"
fa="$FA_BUILDDIR/fabric-audit"
bench="$FA_BUILDDIR/bench/bench-rules"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fa-bench-html.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "bench-report-html: chromium is needed" >&2; exit 1; }
[ -x "$bench" ] || { echo "bench-report-html: build bench/bench-rules first (make)" >&2; exit 1; }

echo "bench-report-html: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for hosts in $BENCH_HTML_HOSTS; do
	gpus=$((hosts * 8))
	"$bench" --hosts "$hosts" --write "$tmp/snap.json" 2>"$tmp/gen.err"
	sed 's/^/    /' "$tmp/gen.err"
	start=$(date +%s.%N)
	rc=0
	"$fa" audit -s "$tmp/snap.json" --format html -o "$tmp/report.html" --json "$tmp/report.json" \
		2>"$tmp/audit.err" || rc=$?
	# 1 is an audit that has findings, which the seeded faults are
	[ "$rc" -le 1 ] || { cat "$tmp/audit.err" >&2; exit 1; }
	end=$(date +%s.%N)
	html=$(wc -c <"$tmp/report.html")
	json=$(wc -c <"$tmp/report.json")
	printf '%s GPUs: audit + reports %.2f s; HTML report %.1f MB (budget 25 MB), JSON report %.1f MB\n' \
		"$gpus" "$(echo "$end - $start" | bc)" "$(echo "$html / 1000000" | bc -l)" \
		"$(echo "$json / 1000000" | bc -l)"
	for run in 1 2 3; do
		mkdir "$tmp/profile$run"
		python3 "$FA_SRCDIR/tests/integration/cdp.py" "$chromium" "$tmp/profile$run" \
			"file://$tmp/report.html" "view:$tmp/first.png" time:painted \
			'click:#map-svg g.box[data-nodes]' "view:$tmp/pod.png" time:pod >"$tmp/times" \
			2>"$tmp/cdp.err" || { cat "$tmp/cdp.err" >&2; exit 1; }
		printf '    Chromium run %s: loaded %s s, first screen painted %s s (budget 5 s), one pod drawn %s s\n' \
			"$run" "$(awk '$1 == "load" { print $2 }' "$tmp/times")" \
			"$(awk '$1 == "painted" { print $2 }' "$tmp/times")" \
			"$(awk '$1 == "pod" { print $2 }' "$tmp/times")"
	done
	rm -f "$tmp/snap.json" "$tmp/report.json" "$tmp/report.html"
done
