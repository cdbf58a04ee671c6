#!/bin/sh
# SPDX-License-Identifier: MIT
# Subnet-manager rules on a live subnet (ibsim, ib-lib.sh) with two real OpenSMs: a standby
# at the master's priority is one ib.sm.priority.distinct finding on the fabric device, and
# nothing else; with distinct priorities (master 5, standby 0) and one master it passes.  saquery SMIR gives every SM, sminfo the master.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"

cat >"$FA_TMP/findings.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    s = f["subject"]
    print(f["rule"], s.get("device", s.get("type")))
c = {x["id"]: x["counts"] for x in r["rules"]}
for rule in ("ib.sm.master.one", "ib.sm.priority.distinct"):
    print(rule, "pass %(pass)d fail %(fail)d notevaluable %(notevaluable)d" % c[rule])
PY

# sm01 is master at priority 0; a second OpenSM on sm02, also at priority 0, stays standby.
fa_ib_opensm osm2 0 "sm02 mlx5_0"
fa_ib_wait_sms 'd00011 3 0 .*d00021 2 0' || fa_ib_fatal "no standby SM on sm02 after 60 s"
fa_ib_audit equal
fa_expect_rc "a standby at the master's priority fails the audit at warning level only (exit 0)" 0
python3 "$FA_TMP/findings.py" "$FA_TMP/equal.json" >"$FA_TMP/equal.txt"
printf '%s\n' "ib.sm.priority.distinct ib-fabric" \
	"ib.sm.master.one pass 1 fail 0 notevaluable 0" \
	"ib.sm.priority.distinct pass 0 fail 1 notevaluable 0" >"$FA_TMP/equal.want"
fa_expect_golden "one finding: the two SMs share priority 0; one master" "$FA_TMP/equal.want" \
	"$FA_TMP/equal.txt"
fa_expect_grep "the finding names both SMs with state and priority" \
	'share priority \[0\] \(GUID, state, priority: \["0x248a070300d00011 master 0", "0x248a070300d00021 standby 0"\]\)' \
	"$FA_TMP/out"

# A fresh subnet whose master on sm01 runs at priority 5, with a standby at 0 on sm02.
# (A handover to a standby started later at a higher priority is not waited for: under load
# the simulated subnet took over a minute for it.)
fa_ib_stop
FA_IB_SM_PRIORITY=5
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"
fa_ib_opensm osm3 0 "sm02 mlx5_0"
fa_ib_wait_sms 'd00011 3 5 .*d00021 2 0' || fa_ib_fatal "no standby SM on sm02 after 60 s"
fa_ib_audit distinct
fa_expect_rc "distinct priorities and one master: PASS (exit 0)" 0
fa_expect_grep "... with nothing left unchecked" '^PASS .* not evaluable 0$' "$FA_TMP/out"
python3 "$FA_TMP/findings.py" "$FA_TMP/distinct.json" >"$FA_TMP/distinct.txt"
printf '%s\n' "ib.sm.master.one pass 1 fail 0 notevaluable 0" \
	"ib.sm.priority.distinct pass 1 fail 0 notevaluable 0" >"$FA_TMP/distinct.want"
fa_expect_golden "no finding; both SM rules checked and passed" "$FA_TMP/distinct.want" \
	"$FA_TMP/distinct.txt"
fa_expect_grep "sminfo names the master at priority 5" 'sm guid 0x248a070300d00011, .* priority 5 state 3' \
	"$FA_TMP/caps-distinct/ib-fabric/sminfo.txt"


# A rival master: a third subnet, whose second OpenSM (sm02, priority 1) has another SM_Key,
# so each SM ignores the other and both stay master.  saquery SMIR (one master's SA) lists
# one of them; saquery -s lists both SM ports and "sminfo LID" asks each: two masters, with
# the diagnostics and in process alike.
fa_ib_stop
FA_IB_SM_PRIORITY=0
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"
fa_ib_opensm osm4 1 "sm02 mlx5_0" "sm_key 0x0000000000000002"
fa_ib_wait_master osm4 || fa_ib_fatal "the OpenSM on sm02 is not master after 60 s"
fa_ib_audit rival
fa_expect_rc "two masters fail the audit (exit 1)" 1
fa_expect_grep "... both named" 'masters: \["0x248a070300d00011", "0x248a070300d00021"\]' \
	"$FA_TMP/out"
python3 "$FA_TMP/findings.py" "$FA_TMP/rival.json" >"$FA_TMP/rival.txt"
printf '%s\n' "ib.sm.master.one fabric" "ib.sm.master.one pass 0 fail 1 notevaluable 0" \
	"ib.sm.priority.distinct pass 1 fail 0 notevaluable 0" >"$FA_TMP/rival.want"
fa_expect_golden "one finding: the two masters (their priorities differ)" "$FA_TMP/rival.want" \
	"$FA_TMP/rival.txt"
fa_expect_grep "saquery -s lists both SM ports" 'base_lid\.*[0-9]' \
	"$FA_TMP/caps-rival/ib-fabric/saquery-s.txt"
{ cat "$FA_TMP/inv.yaml"; printf '    ib_discovery: inprocess\n'; } >"$FA_TMP/inv-inproc.yaml"
fa_rc=0
(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" run -i inv-inproc.yaml --json rival-inproc.json >out 2>err) || fa_rc=$?
fa_expect_rc "in process: two masters fail the audit (exit 1)" 1
fa_expect_grep "... both named" 'masters: \["0x248a070300d00011", "0x248a070300d00021"\]' \
	"$FA_TMP/out"

# The site wants the master on a named node: sm02 is refused (the master runs on sm01), sm01
# passes; the captures of the distinct-priority run above, replayed.
printf 'params:\n  ib_sm_master: "sm02 mlx5_0"\n' >"$FA_TMP/on-sm02.yaml"
fa_run run -i "$FA_TMP/inv.yaml" --replay "$FA_TMP/caps-distinct" --policy "$FA_TMP/on-sm02.yaml" \
	--select ib.sm.master.node --fail-on warning
fa_expect_rc "a master on another node than the policy's is reported (exit 1 with --fail-on warning)" 1
fa_expect_grep "... naming where it runs" \
	'master subnet manager \(0x248a070300d00011\) runs on sm01 mlx5_0, not on sm02 mlx5_0' "$FA_TMP/out"
printf 'params:\n  ib_sm_master: "sm01 mlx5_0"\n' >"$FA_TMP/on-sm01.yaml"
fa_run run -i "$FA_TMP/inv.yaml" --replay "$FA_TMP/caps-distinct" --policy "$FA_TMP/on-sm01.yaml" \
	--select ib.sm.master.node --fail-on warning
fa_expect_rc "the master where the policy wants it passes" 0
fa_expect_grep "... checked, not skipped" '^PASS .*checks 1 ' "$FA_TMP/out"

fa_done
