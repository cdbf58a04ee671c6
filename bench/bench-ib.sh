#!/bin/sh
# SPDX-License-Identifier: MIT
# InfiniBand benchmark ("make bench-ib", also run by "make bench"; docs/performance.md): for
# each size in BENCH_IB_HCAS (default "512 2048 4096" host HCAs), a fat tree of 32 HCAs per
# leaf and 32 spines (bench/gen-ib-fabric.py) is simulated by ibsim with a real OpenSM
# (tests/integration/ib-lib.sh), then collected and audited by 'fabric-audit run' with the
# ib-fabric platform over the local transport, under /usr/bin/time.  Prints the time the
# subnet took to come up, each diagnostic alone, the whole run (wall, CPU, peak RSS), and
# checks that the audit passed with every check evaluated.  Then the full per-port picture
# both ways: the tools with the SM's partitions.conf in /etc/opensm (a private mount
# namespace), so smpquery reads every CA port's P_Key table, and the in-process discovery
# (ib_discovery: inprocess: libibnetdisc + libibmad, P_Keys and counters included).  Needs
# ibsim-utils, opensm, infiniband-diags, python3, unshare, root and GNU time; skipped (77)
# without them.
set -u

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
FA="$FA_BUILDDIR/fabric-audit"
. "$FA_SRCDIR/tests/integration/lib.sh"
. "$FA_SRCDIR/tests/integration/ib-lib.sh"
fa_ib_require
[ -x /usr/bin/time ] || fa_skip "needs GNU time (/usr/bin/time)"
command -v unshare >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] ||
	fa_skip "needs root and unshare (a private /etc/opensm for the tools' P_Key reads)"

# timed NAME INVENTORY [ETC_OPENSM]: 'fabric-audit run' on the subnet under GNU time; sets
# wall, cpu, rss (MiB) and checks, and fails the bench unless the audit passed.
timed() {
	rc=0
	if [ -n "${3:-}" ]; then
		(cd "$W" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO /usr/bin/time \
			-o "time-$1" -f '%e %U %S %M' unshare --mount sh -c \
			'mount --bind "$1" /etc/opensm && shift && exec "$@"' sh "$3" \
			"$FA" run -i "$2" --json "report-$1.json" >"out-$1" 2>"err-$1") || rc=$?
	else
		(cd "$W" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO /usr/bin/time \
			-o "time-$1" -f '%e %U %S %M' \
			"$FA" run -i "$2" --json "report-$1.json" >"out-$1" 2>"err-$1") || rc=$?
	fi
	grep -q '^PASS .* not evaluable 0$' "$W/out-$1" ||
		{ echo "bench-ib: $hcas HCAs, $1: the audit did not pass (exit $rc):" >&2
		  head -5 "$W/out-$1" "$W/err-$1" >&2; exit 1; }
	read -r wall user sys rss <"$W/time-$1"
	cpu=$(echo "$user + $sys" | bc)
	rss=$((rss / 1024))
	checks=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["checks"])' \
		"$W/report-$1.json")
}
FA_IB_WAIT=600
FA_IB_SIM_ARGS="-N 16384 -S 1024 -P 65536"

echo "bench-ib: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| HCAs | switches | active ports | subnet up (s) | ibnetdiscover -p (s) | iblinkinfo -l (s) | run: wall (s) | CPU (s) | peak RSS (MiB) | checks | tools with P_Keys: wall (s) | RSS (MiB) | checks | in process: wall (s) | CPU (s) | RSS (MiB) | checks |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for hcas in ${BENCH_IB_HCAS:-512 2048 4096}; do
	leaves=$(((hcas + 31) / 32))
	radix=72
	[ "$leaves" -le 72 ] || radix=$leaves
	W=$FA_TMP/$hcas
	python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$W" --spines 32 --leaves "$leaves" \
		--hcas-per-leaf 32 --radix "$radix" || exit 1
	t0=$(date +%s.%N)
	fa_ib_start "$W/net" "$W/partitions.conf"
	up=$(echo "$(date +%s.%N) - $t0" | bc)
	for c in ibnetdiscover iblinkinfo; do
		t0=$(date +%s.%N)
		fa_ib_run "$c" $([ "$c" = ibnetdiscover ] && echo -p || echo -l) >/dev/null 2>&1
		eval "t_$c=\$(echo \"\$(date +%s.%N) - \$t0\" | bc)"
	done
	printf 'devices:\n  - name: ib-fabric\n    platform: ib-fabric\n    transport: local\n' \
		>"$W/inv.yaml"
	sed 's/transport: local/&\n    ib_discovery: inprocess/' "$W/inv.yaml" >"$W/inv-inprocess.yaml"
	mkdir -p "$W/etc-opensm"
	cp "$W/partitions.conf" "$W/etc-opensm/"
	timed tools inv.yaml
	row="$wall $cpu $rss $checks"
	timed pkeys inv.yaml "$W/etc-opensm"
	row="$row $wall $rss $checks"
	timed inprocess inv-inprocess.yaml
	row="$row $wall $cpu $rss $checks"
	sw=$(grep -c '^Switch' "$W/net")
	echo "$hcas $sw $fa_ib_expect_active $up $t_ibnetdiscover $t_iblinkinfo $row" |
		awk '{ printf "| %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %d | %d | %.1f | %d | %d | %.1f | %.1f | %d | %d |\n",
		       $1 + 2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17 }'
	fa_ib_stop
	rm -rf "$W" "$FA_IB_DIR"
done
