#!/bin/sh
# SPDX-License-Identifier: MIT
# ib.link.best on a live subnet (ibsim + OpenSM, ib-lib.sh): two links seeded below what both
# of their ends support (one trained 1X, one at SDR) are found, named by both ends, and no
# other link or rule is reported.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 --fault width:gpu002:mlx5_0 --fault speed:gpu003:mlx5_1 ||
	fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"

fa_ib_audit report
fa_expect_rc "the seeded faults fail the audit (exit 1)" 1
fa_expect_grep "iblinkinfo hints at the 1X link" '"leaf01" \(Could be 12X \)' \
	"$FA_TMP/caps-report/ib-fabric/iblinkinfo-l.txt"

# faults.tsv: fault, the HCA's port, the leaf's port.
cat >"$FA_TMP/check.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
want = set()
for line in open(sys.argv[2]):
    if line.startswith("#"):
        continue
    kind, a, b = line.rstrip("\n").split("\t")
    want.add(("ib.link.best", frozenset(("ib-fabric:" + a, "ib-fabric:" + b))))
got = set()
for f in r["findings"]:
    s = f["subject"]
    ends = frozenset(e["device"] + ":" + e["port"] for e in (s["a"], s["b"])) if "a" in s else s
    got.add((f["rule"], ends))
bad = 0
for x in sorted(got - want, key=str):
    print("unexpected finding:", x[0], sorted(x[1]))
    bad += 1
for x in sorted(want - got, key=str):
    print("missing finding:", x[0], sorted(x[1]))
    bad += 1
if len(r["findings"]) != len(want):
    print("%d findings for %d faults" % (len(r["findings"]), len(want)))
    bad += 1
c = {x["id"]: x["counts"] for x in r["rules"]}["ib.link.best"]
if (c["pass"], c["fail"], c["notevaluable"]) != (16, 2, 0):
    print("ib.link.best counts", c)
    bad += 1
if r["summary"]["not_evaluable"] != 0:
    print("not evaluable:", r["coverage"]["not_evaluable"])
    bad += 1
sys.exit(1 if bad else 0)
PY
if python3 "$FA_TMP/check.py" "$FA_TMP/report.json" "$FA_TMP/gen/faults.tsv" >"$FA_TMP/check.out" 2>&1
then
	fa_ok "exactly the two seeded links are reported, each by both ends; 16 links pass"
else
	fa_fail "exactly the two seeded links are reported, each by both ends; 16 links pass" \
		"$FA_TMP/check.out" "$FA_TMP/out"
fi
fa_expect_grep "the 1X link's finding says what both ends support" \
	'gpu002 mlx5_0/1 .*runs at 1X, 10000000000 bit/s, below the 12X, 120000000000 bit/s both ends support' \
	"$FA_TMP/out"
fa_expect_grep "the SDR link's finding: 12X at 2.5 Gb/s a lane" \
	'gpu003 mlx5_1/1 .*runs at 12X, 30000000000 bit/s, below the 12X, 120000000000 bit/s' "$FA_TMP/out"


# An up-link unplugged: leaf03 loses its link to spine02 (port 5, bench/gen-ib-fabric.py's
# layout); with a two-level fat tree declared, exactly leaf03 is reported.
printf 'Unlink "leaf03"[5]\n' >"$FA_TMP/unlink.txt"
fa_ib_console "$FA_TMP/unlink.txt"
fa_ib_wait_links '"  *leaf03" +[0-9]+ +5\[  \] ==\( +Down' ||
	fa_ib_fatal "leaf03 port 5 is still up 60 s after Unlink"
printf 'params:\n  ib_fattree_spread: true\n' >"$FA_TMP/spread.yaml"
FA_IB_RUN_ARGS="--policy spread.yaml --select ib.fattree.spread" fa_ib_audit spread
fa_expect_rc "the missing up-link fails the audit (exit 1)" 1
fa_expect_grep "leaf03 is named, with one link to spine01 and none to spine02" \
	'leaf03 has 1 to spine01, 0 to spine02' "$FA_TMP/out"
fa_ib_only "... and only leaf03: the three other leaves pass" \
	"$FA_TMP/spread.json" ib.fattree.spread item "leaf03" 3


# A rail miswired: gpu002's rail-1 HCA moved from leaf02 (rail 1) to a spare port of leaf01
# (rail 0) with ibsim's console; with the rail layout declared, exactly that HCA is reported.
printf '%s\n' 'Unlink "gpu002 mlx5_1"[1]' 'Link "gpu002 mlx5_1"[1] "leaf01"[10]' \
	>"$FA_TMP/recable.txt"
fa_ib_console "$FA_TMP/recable.txt"
fa_ib_wait_links '"  *leaf01" +[0-9]+ +10\[  \] ==\(.*Active/  LinkUp.*"gpu002 mlx5_1"' ||
	fa_ib_fatal "gpu002 mlx5_1 is not Active on leaf01 port 10 after 60 s"
printf 'params:\n  ib_rails: { mlx5_0: [leaf01, leaf03], mlx5_1: [leaf02, leaf04] }\n  ib_rail_hosts: [gpu]\n' \
	>"$FA_TMP/rails.yaml"
FA_IB_RUN_ARGS="--policy rails.yaml --select ib.rail.declared" fa_ib_audit rails
fa_expect_rc "the miswired rail fails the audit (exit 1)" 1
fa_expect_grep "gpu002 mlx5_1 is named with the leaf it reaches and its rail's leaves" \
	'gpu002 mlx5_1/1 is cabled to leaf01, not to a leaf of rail mlx5_1 \(leaf02, leaf04\)' \
	"$FA_TMP/out"
fa_ib_only "... and only it: the seven other GPU HCAs pass, the SM hosts are not in the layout" \
	"$FA_TMP/rails.json" ib.rail.declared port "gpu002 mlx5_1/1" 7

fa_done
