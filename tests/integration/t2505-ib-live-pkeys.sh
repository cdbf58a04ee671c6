#!/bin/sh
# SPDX-License-Identifier: MIT
# ib.pkey.partitions on a live subnet (ibsim + OpenSM, ib-lib.sh): the P_Key table of every
# CA port (smpquery pkeys, one per port) is compared with the partitions.conf of the SM host.
# OpenSM runs a file that leaves gpu004 out of the job partition while the SM host's file
# (read in a private mount namespace, as /etc/opensm/partitions.conf) has it in: gpu004's two
# ports are the only findings.  With the file OpenSM really runs, the audit passes.  A file
# kept elsewhere is read from where the inventory's ib_partitions_file says.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require
command -v unshare >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] ||
	fa_skip "needs root and unshare (a private mount namespace for /etc/opensm)"

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/clean" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 || fa_ib_fatal "the generator failed"
python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/left-out" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 --fault no-pkey:gpu004 || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/left-out/net" "$FA_TMP/left-out/partitions.conf"

# pkeys_audit NAME PARTITIONS: collect and audit with PARTITIONS as the SM host's file.
pkeys_audit() {
	mkdir -p "$FA_TMP/etc-$1"
	cp "$2" "$FA_TMP/etc-$1/partitions.conf"
	fa_ib_audit "$1" "$FA_TMP/etc-$1"
}

cat >"$FA_TMP/findings.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r["findings"], key=lambda f: (f["rule"], f["subject"].get("port", ""))):
    s = f["subject"]
    print(f["rule"], s.get("device", ""), s.get("port", ""), "|", f["actual"], "|", f["expected"])
c = {x["id"]: x["counts"] for x in r["rules"]}["ib.pkey.partitions"]
print("ib.pkey.partitions pass %(pass)d fail %(fail)d notevaluable %(notevaluable)d" % c)
print("not evaluable", r["summary"]["not_evaluable"])
PY

pkeys_audit stale "$FA_TMP/clean/partitions.conf"
fa_expect_rc "a port table that differs from partitions.conf fails the audit (exit 1)" 1
fa_expect_grep "smpquery read gpu004's table: the default partition only" '^   0: 0xffff 0x0000 ' \
	"$FA_TMP/caps-stale/ib-fabric/smpquery-pkeys-15.txt"
python3 "$FA_TMP/findings.py" "$FA_TMP/stale.json" >"$FA_TMP/stale.txt"
printf '%s\n' \
	'ib.pkey.partitions ib-fabric gpu004 mlx5_0/1 | P_Keys ["0xffff"] | ["Default 0x7fff full", "job 0x0a01 full"]' \
	'ib.pkey.partitions ib-fabric gpu004 mlx5_1/1 | P_Keys ["0xffff"] | ["Default 0x7fff full", "job 0x0a01 full"]' \
	'ib.pkey.partitions pass 8 fail 2 notevaluable 0' 'not evaluable 0' >"$FA_TMP/stale.want"
fa_expect_golden "exactly gpu004's two ports lack the job partition; 8 ports agree" \
	"$FA_TMP/stale.want" "$FA_TMP/stale.txt"

pkeys_audit same "$FA_TMP/left-out/partitions.conf"
fa_expect_rc "with the file OpenSM runs, every table agrees: PASS (exit 0)" 0
python3 "$FA_TMP/findings.py" "$FA_TMP/same.json" >"$FA_TMP/same.txt"
printf '%s\n' 'ib.pkey.partitions pass 10 fail 0 notevaluable 0' 'not evaluable 0' >"$FA_TMP/same.want"
fa_expect_golden "all 10 CA ports checked and passed" "$FA_TMP/same.want" "$FA_TMP/same.txt"

# An SM host that keeps its file elsewhere (RHEL's /etc/rdma, UFM's folder): the inventory's
# ib_partitions_file names it, no mount needed, and the stale file is found the same way.
mkdir -p "$FA_TMP/rdma"
cp "$FA_TMP/clean/partitions.conf" "$FA_TMP/rdma/partitions.conf"
printf '    ib_partitions_file: %s\n' "$FA_TMP/rdma/partitions.conf" >"$FA_TMP/extra.yaml"
fa_rc=0
(cd "$FA_TMP" && { cat inv.yaml extra.yaml >inv-file.yaml; } &&
	IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" run -i inv-file.yaml --save-captures caps-file --json file.json >out 2>err) ||
	fa_rc=$?
fa_expect_rc "ib_partitions_file: the stale file fails the audit the same way (exit 1)" 1
python3 "$FA_TMP/findings.py" "$FA_TMP/file.json" >"$FA_TMP/file.txt"
fa_expect_golden "... on exactly gpu004's two ports" "$FA_TMP/stale.want" "$FA_TMP/file.txt"
fa_expect_grep "... read with cat from where the inventory says" \
	"\"command\": \"cat $FA_TMP/rdma/partitions.conf\"" "$FA_TMP/caps-file/ib-fabric/meta.json"

fa_done
