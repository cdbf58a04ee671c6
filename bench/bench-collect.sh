#!/bin/sh
# SPDX-License-Identifier: MIT
# Collection benchmark ("make bench"; docs/performance.md): the same commands on the same
# emulated devices (tests/emulator/emu.sh: real OpenSSH sshd, private network namespace) by
#   1. fabric-audit collect (libssh, one session per device, --jobs workers)
#   2. pdsh -R ssh -f 64, one pdsh run per command, OpenSSH's default key exchange
#   3. the same with -o KexAlgorithms=curve25519-sha256 (libssh's key exchange: like for like)
#   4. a sequential loop of ssh, one per device and command (curve25519-sha256)
# reporting wall time and client CPU (user+system of the client and all its children, from
# /usr/bin/time; the servers are not children of the clients).  Then the peak RSS of
# fabric-audit at BENCH_DEVICES and BENCH_BIG devices, next to a --replay of the same
# captures (what the model alone takes).  Needs root, openssh-server, pdsh, /usr/bin/time.
#
# Environment: BENCH_DEVICES (500), BENCH_BIG (2000), BENCH_JOBS (64), BENCH_SAMPLE (2: the
# seconds of the --sample run), BENCH_SEQUENTIAL (1: run the sequential loop),
# BENCH_PDSH_DEFAULT (1: run pdsh with the default key exchange).
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
: "${FA:=$FA_BUILDDIR/fabric-audit}"
export FA_SRCDIR FA_BUILDDIR
N=${BENCH_DEVICES:-500}
BIG=${BENCH_BIG:-2000}
JOBS=${BENCH_JOBS:-64}
EMU_SH=$FA_SRCDIR/tests/emulator/emu.sh

[ "$(id -u)" = 0 ] || { echo "bench-collect: needs root (network namespace)" >&2; exit 77; }
for t in /usr/sbin/sshd /usr/bin/time; do
	[ -x "$t" ] || { echo "bench-collect: needs $t" >&2; exit 77; }
done
command -v pdsh >/dev/null 2>&1 || { echo "bench-collect: needs pdsh (apt-get install pdsh)" >&2; exit 77; }

W=$(mktemp -d "${TMPDIR:-/tmp}/fa-bench.XXXXXX")
chmod 755 "$W"
trap 'sh "$EMU_SH" stop "$W/small" >/dev/null 2>&1 || true
      sh "$EMU_SH" stop "$W/big" >/dev/null 2>&1 || true
      rm -rf "$W"' EXIT

# "%e %U %S %M": wall, user, system seconds, peak RSS (KiB) of the largest process
TIMEFMT="%e %U %S %M"
# measure NAME CMD...: run CMD in the namespace of $EMU under /usr/bin/time
measure() {
	name=$1
	shift
	sh "$EMU_SH" run "$EMU" /usr/bin/time -o "$W/time.$name" -f "$TIMEFMT" "$@" \
		>"$W/out.$name" 2>"$W/err.$name" || {
		echo "bench-collect: $name failed:" >&2
		tail -5 "$W/err.$name" >&2
		exit 1
	}
	read -r wall user sys rss <"$W/time.$name"
	cpu=$(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }')
	echo "$name $wall $cpu $rss" >>"$W/results"
	echo "  $name: wall ${wall} s, client CPU ${cpu} s, peak RSS ${rss} KiB" >&2
}

echo "bench-collect: writing $N emulated devices" >&2
sh "$EMU_SH" fabric "$W/small" "$N"
sh "$EMU_SH" start "$W/small"
EMU=$W/small
"$FA" parse --list --platform cumulus | sed -n 's/^  //p' | grep -v '(parse only\|(counters' |
	sed 's/  (optional)$//' >"$W/commands"
ncmd=$(wc -l <"$W/commands")
cut -f1 "$EMU/map.tsv" >"$W/hosts"
echo "bench-collect: $N devices x $ncmd commands, $(nproc) CPUs" >&2

measure fabric-audit "$FA" collect -i "$EMU/inventory.yaml" -j "$JOBS" --progress never \
	--ssh-config "$EMU/ssh_config" --known-hosts "$EMU/known_hosts" -t 60 \
	-o "$W/snapshot.json"
grep -q "collected $N of $N devices" "$W/err.fabric-audit" ||
	{ echo "bench-collect: fabric-audit did not collect every device" >&2; exit 1; }
# --sample: the counter commands a second time, SAMPLE seconds after the first reading; the
# target (docs/health.md) is at most SAMPLE seconds + 20% over the plain collection
SAMPLE=${BENCH_SAMPLE:-2}
measure fabric-audit-sample-$SAMPLE "$FA" collect -i "$EMU/inventory.yaml" -j "$JOBS" \
	--progress never --ssh-config "$EMU/ssh_config" --known-hosts "$EMU/known_hosts" -t 60 \
	--sample "$SAMPLE" -o "$W/snapshot-sample.json"
grep -q "collected $N of $N devices" "$W/err.fabric-audit-sample-$SAMPLE" ||
	{ echo "bench-collect: fabric-audit --sample did not collect every device" >&2; exit 1; }
awk -v s="$SAMPLE" '$1 == "fabric-audit" { plain = $2 } $1 ~ /^fabric-audit-sample/ { sampled = $2 }
	END { printf "  --sample %s: %.1f s against %.1f s plain: %.1f s more, target <= %.1f s\n",
		     s, sampled, plain, sampled - plain, s + 0.2 * plain > "/dev/stderr"
	      if (sampled > plain * 1.2 + s) exit 1 }' "$W/results" ||
	{ echo "bench-collect: --sample costs more than SECONDS + 20%" >&2; exit 1; }

# pdsh: one run per command, as a pdsh-based collector would; the same client key,
# configuration and known_hosts as fabric-audit
cat >"$W/pdsh.sh" <<EOF
#!/bin/sh
set -e
export PDSH_SSH_ARGS="-F $EMU/ssh_config -o UserKnownHostsFile=$EMU/known_hosts -o BatchMode=yes \$1 -i $EMU/client_key -p 2222 -l faemu %h"
while IFS= read -r c; do
	pdsh -R ssh -f 64 -w ^$W/hosts "\$c"
done <$W/commands
EOF
cat >"$W/seq.sh" <<EOF
#!/bin/sh
while IFS= read -r h; do
	while IFS= read -r c; do
		ssh -n -F $EMU/ssh_config -o UserKnownHostsFile=$EMU/known_hosts -o BatchMode=yes \
			-o KexAlgorithms=curve25519-sha256 -i $EMU/client_key -p 2222 faemu@\$h "\$c" ||
			echo "FAILED \$h \$c" >&2
	done <$W/commands
done <$W/hosts
EOF
if [ "${BENCH_PDSH_DEFAULT:-1}" = 1 ]; then
	measure pdsh-default-kex sh "$W/pdsh.sh" ""
fi
measure pdsh-curve25519 sh "$W/pdsh.sh" "-o KexAlgorithms=curve25519-sha256"
if [ "${BENCH_SEQUENTIAL:-1}" = 1 ]; then
	measure ssh-sequential sh "$W/seq.sh"
	! grep -q FAILED "$W/err.ssh-sequential" ||
		{ echo "bench-collect: the sequential loop had failures" >&2; exit 1; }
fi
lines=$(wc -l <"$W/out.pdsh-curve25519")
[ "$lines" -gt "$N" ] || { echo "bench-collect: pdsh printed only $lines lines" >&2; exit 1; }
measure replay-$N "$FA" collect -i "$EMU/inventory.yaml" --replay "$EMU/captures" \
	--progress never -o "$W/replay.json"
sh "$EMU_SH" stop "$EMU"

echo "bench-collect: writing $BIG emulated devices" >&2
sh "$EMU_SH" fabric "$W/big" "$BIG"
sh "$EMU_SH" start "$W/big"
EMU=$W/big
measure fabric-audit-$BIG "$FA" collect -i "$EMU/inventory.yaml" -j "$JOBS" --progress never \
	--ssh-config "$EMU/ssh_config" --known-hosts "$EMU/known_hosts" -t 60 \
	-o "$W/snapshot-big.json"
grep -q "collected $BIG of $BIG devices" "$W/err.fabric-audit-$BIG" ||
	{ echo "bench-collect: fabric-audit did not collect every device" >&2; exit 1; }
measure replay-$BIG "$FA" collect -i "$EMU/inventory.yaml" --replay "$EMU/captures" \
	--progress never -o "$W/replay-big.json"

# the table for docs/performance.md
awk -v n="$N" -v ncmd="$ncmd" -v jobs="$JOBS" '
	{ wall[$1] = $2; cpu[$1] = $3; rss[$1] = $4; order[NR] = $1 }
	END {
		printf "%d devices x %d commands (cumulus table), fabric-audit --jobs %d\n\n", n, ncmd, jobs
		print "| client | wall (s) | client CPU (s) | wall / pdsh | CPU / pdsh | peak RSS (MiB) |"
		print "|---|---|---|---|---|---|"
		ref = "pdsh-curve25519"
		for (i = 1; i <= NR; i++) {
			k = order[i]
			printf "| %s | %.1f | %.2f | %.2f | %.3f | %.0f |\n", k, wall[k], cpu[k],
			       wall[k] / wall[ref], cpu[k] / cpu[ref], rss[k] / 1024
		}
	}' "$W/results"
