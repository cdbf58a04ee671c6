#!/bin/sh
# SPDX-License-Identifier: MIT
# fabric-audit starts again once with glibc's malloc on transparent huge pages
# (audit/util/hugepages.h) where the kernel gives them on request: auditing a snapshot of
# 200 hosts then takes well under half the page faults it takes with FABRIC_AUDIT_HUGEPAGES=0
# (also when the user gives tunables of their own), and the process is still named
# fabric-audit (ps, pidof): one held by a FIFO it reads its snapshot from is looked at in /proc.
. "$(dirname "$0")/lib.sh"

grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null ||
	fa_skip "the kernel does not give transparent huge pages on request here"
case "${LD_PRELOAD:-}" in *vgpreload*) fa_skip "under valgrind" ;; esac
if nm -D "$FA" 2>/dev/null | grep -q __asan_init; then
	fa_skip "a sanitizer build: its malloc is the sanitizer's, not glibc's"
fi
: "${FA_BUILDDIR:=$(dirname "$FA")}"
"$FA_BUILDDIR/bench/bench-rules" --hosts 200 --write "$FA_TMP/snap.json" >/dev/null 2>&1 ||
	fa_skip "bench/bench-rules is not built"

# faults VAR=VALUE...: the minor page faults of one audit of the snapshot.
faults() {
	python3 - "$FA" "$FA_TMP/snap.json" "$@" <<'PY'
import os, resource, subprocess, sys
env = dict(os.environ)
env.pop("GLIBC_TUNABLES", None)
env.pop("FABRIC_AUDIT_HUGEPAGES", None)
for kv in sys.argv[3:]:
    k, v = kv.split("=", 1)
    env[k] = v
before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
subprocess.run([sys.argv[1], "audit", "-s", sys.argv[2], "--format", "json", "-o", os.devnull],
               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before)
PY
}
off=$(faults FABRIC_AUDIT_HUGEPAGES=0)
on=$(faults)
own=$(faults GLIBC_TUNABLES=glibc.malloc.tcache_count=7)
echo "page faults: $off off, $on on, $on with the user's tunables $own" >"$FA_TMP/faults.txt"
if [ "$((on * 2))" -lt "$off" ] && [ "$((own * 2))" -lt "$off" ]; then
	fa_ok "huge pages: well under half the page faults ($off -> $on, $own)"
else
	fa_fail "huge pages: well under half the page faults" "$FA_TMP/faults.txt"
fi

rm -f "$FA_TMP/fifo"
mkfifo "$FA_TMP/fifo"
"$FA" audit -s "$FA_TMP/fifo" >/dev/null 2>&1 &
pid=$!
i=0
# the last start waits on the FIFO for its snapshot (at most 10 s)
until [ "$(cat "/proc/$pid/wchan" 2>/dev/null)" = wait_for_partner ]; do
	[ $i -lt 50 ] || break
	sleep 0.2
	i=$((i + 1))
done
cat "/proc/$pid/comm" >"$FA_TMP/comm.txt"
echo '{}' >"$FA_TMP/fifo"
wait "$pid" 2>/dev/null
echo fabric-audit >"$FA_TMP/comm.want"
fa_expect_golden "started again, it is still named fabric-audit" "$FA_TMP/comm.want" \
	"$FA_TMP/comm.txt"

fa_done
