#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/ib-pod is real tool output: this test rebuilds its subnet live (ibsim + OpenSM,
# ib-lib.sh) with the same seeded faults, collects it as an SM host would (its own
# /etc/opensm/partitions.conf, in a private mount namespace; OpenSM runs an older one), and
# checks that the fresh captures and the bundled ones give the same findings, which are
# exactly the seeded faults; the same subnet discovered in process gives them too.
# FA_TEST_UPDATE=1 rewrites the bundled captures from the fresh ones.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require
command -v unshare >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] ||
	fa_skip "needs root and unshare (a private mount namespace for /etc/opensm)"

EX=$FA_SRCDIR/examples/ib-pod
# The example's fabric and faults (examples/ib-pod/README.md).
python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 --fault width:gpu002:mlx5_0 \
	--fault "dup-desc:gpu004:mlx5_1:gpu001 mlx5_1" \
	--fault dup-guid:gpu004:mlx5_0:gpu001:mlx5_0 || fa_ib_fatal "the generator failed"
# OpenSM runs a partitions.conf that leaves gpu003 out of the job partition; the SM host's
# file (collected) has it in: edited, but never applied.
python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/osm" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 --fault no-pkey:gpu003 || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/osm/partitions.conf"
# A second OpenSM on sm02 with another SM_Key: each ignores the other's SMInfo, and both
# stay master (saquery SMIR, from one master's SA, lists only that one).
fa_ib_opensm osm2 1 "sm02 mlx5_0" "sm_key 0x0000000000000002"
fa_ib_wait_master osm2 || fa_ib_fatal "the OpenSM on sm02 is not master after 60 s"
# gpu004 mlx5_0 takes gpu001 mlx5_0's GUID: discovery stops at whichever it meets second.
fa_ib_console "$FA_TMP/gen/console.txt"
fa_ib_wait_links 'Port not available' || fa_ib_fatal "the duplicate GUID is not seen after 60 s"

mkdir -p "$FA_TMP/etc-opensm"
cp "$FA_TMP/gen/partitions.conf" "$FA_TMP/etc-opensm/partitions.conf"
sed -e 's/^    transport: replay$/    transport: local/' -e '/^    captures: /d' \
	"$EX/inventory.yaml" >"$FA_TMP/inv-local.yaml"
# collect_live INVENTORY SNAPSHOT CAPTURES: collect the live subnet as the SM host would, with
# the counters read twice (--sample 2) while gpu002 mlx5_1's symbol errors rise.  Exit status
# in fa_rc.
collect_live() {
	fa_ib_bump "gpu002 mlx5_1"
	fa_rc=0
	(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
		unshare --mount sh -c 'mount --bind "$1" /etc/opensm && shift && exec "$@"' sh \
		"$FA_TMP/etc-opensm" "$FA" collect -i "$1" -o "$2" --save-captures "$3" --sample 2 \
		>out 2>err) || fa_rc=$?
	fa_ib_bump_stop
}
collect_live inv-local.yaml fresh.json caps
fa_expect_rc "the live subnet is collected" 0
fa_expect_grep "OpenSM's partitions.conf is read where an SM host keeps it" '^job=0x0a01' \
	"$FA_TMP/caps/ib-fabric/cat-etc-opensm-partitions-conf.txt"

if [ "${FA_TEST_UPDATE:-0}" = 1 ]; then
	rm -rf "$EX/captures"
	mkdir -p "$EX/captures"
	cp -r "$FA_TMP/caps/ib-fabric" "$EX/captures/"
	chmod 0644 "$EX/captures/ib-fabric/"*
	fa_ok "examples/ib-pod/captures rewritten"
fi

# findings REPORT: one line per finding, "severity rule subject", sorted.
findings() {
	python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
out = []
for f in r["findings"]:
    s = f["subject"]
    if s.get("type") == "link":
        subj = " -- ".join(sorted(e["device"] + ":" + e["port"] for e in (s["a"], s["b"])))
    elif s.get("type") == "fabric":
        subj = "fabric[%s]" % s["item"] if "item" in s else "fabric"
    else:
        subj = s.get("device", "") + (":" + s["port"] if s.get("port") else "")
    out.append("%s %s %s" % (f["severity"], f["rule"], subj))
print("\n".join(sorted(out)))
PY
}
fa_run run -i "$EX/inventory.yaml" --json "$FA_TMP/bundled.json"
fa_expect_rc "the bundled example fails on its seeded faults (exit 1)" 1
fa_expect_grep "... with every check evaluated" ' not evaluable 0$' "$FA_TMP/out"
cp "$FA_TMP/out" "$FA_TMP/bundled.txt"
fa_run run -i "$EX/inventory.yaml" --replay "$FA_TMP/caps" --json "$FA_TMP/fresh-report.json"
fa_expect_rc "the fresh captures fail the same way (exit 1)" 1
findings "$FA_TMP/bundled.json" >"$FA_TMP/bundled.findings"
findings "$FA_TMP/fresh-report.json" >"$FA_TMP/fresh.findings"
fa_expect_golden "the fresh captures give the bundled example's findings" \
	"$FA_TMP/bundled.findings" "$FA_TMP/fresh.findings"
printf '%s\n' \
	"error health.symbol_errors ib-fabric:gpu002 mlx5_1/1" \
	"error ib.link.best ib-fabric:gpu002 mlx5_0/1 -- ib-fabric:leaf01/2" \
	"error ib.link.peer.discovered ib-fabric:leaf01/1" \
	"error ib.pkey.partitions ib-fabric:gpu003 mlx5_0/1" \
	"error ib.pkey.partitions ib-fabric:gpu003 mlx5_1/1" \
	"error ib.sm.master.one fabric" \
	"warning ib.node_name.unique fabric[gpu001 mlx5_1]" >"$FA_TMP/want.findings"
fa_expect_golden "exactly the seeded faults: the 1X link, the duplicate GUID, gpu003 out of the partition, the second master, the rising symbol errors, the duplicate description" \
	"$FA_TMP/want.findings" "$FA_TMP/bundled.findings"

# The same subnet discovered in process (ib_discovery: inprocess): the same findings.
sed 's/^    transport: local$/&\n    ib_discovery: inprocess/' "$FA_TMP/inv-local.yaml" \
	>"$FA_TMP/inv-inproc.yaml"
collect_live inv-inproc.yaml inproc.json caps-inproc
fa_expect_rc "the live subnet is collected in process" 0
fa_run audit -s "$FA_TMP/inproc.json" --json "$FA_TMP/inproc-report.json"
fa_expect_rc "... and fails the audit (exit 1)" 1
fa_expect_grep "... with every check evaluated" ' not evaluable 0$' "$FA_TMP/out"
findings "$FA_TMP/inproc-report.json" >"$FA_TMP/inproc.findings"
fa_expect_golden "in process: exactly the same seeded faults on the same ports" \
	"$FA_TMP/want.findings" "$FA_TMP/inproc.findings"


# A site that designs its fat tree non-blocking (1:1): leaf04, which carries sm02 beside its
# two HCAs, is over it.  leaf01 carries sm01 too, but its 1X HCA link counts at its trained
# 10G and the link behind which discovery stopped (the duplicate GUID) has no known peer.
printf 'params:\n  ib_oversubscription_max: 1\n' >"$FA_TMP/nonblocking.yaml"
fa_run run -i "$EX/inventory.yaml" --policy "$FA_TMP/nonblocking.yaml" \
	--select ib.fattree.oversubscription --json "$FA_TMP/fattree.json"
findings "$FA_TMP/fattree.json" >"$FA_TMP/fattree.findings"
printf '%s\n' "error ib.fattree.oversubscription fabric[leaf04]" >"$FA_TMP/fattree.want"
fa_expect_golden "at 1:1, exactly the leaf with a third CA at full rate is oversubscribed" \
	"$FA_TMP/fattree.want" "$FA_TMP/fattree.findings"
fa_expect_grep "... by the bandwidth its links carry" \
	'leaf04 has 360G of links towards the CAs over 240G of links away from them' "$FA_TMP/out"


# A host beside the subnet: gpu002 collected too (its rail-0 port as ibv_devinfo reports it,
# active_mtu 1024), joined to the subnet's leaf01/2 by its port GUID.  The job partition's
# mtu=4 (2048) is read from the subnet device at the other end of the host's link.
fa_run collect -i "$EX/inventory.yaml" -o "$FA_TMP/sub.json"
python3 - "$FA_TMP/sub.json" "$FA_TMP/joined.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["devices"].append({"name": "gpu002", "kind": "host", "platform": "linux",
                     "address": "127.0.0.1", "status": "ok",
                     "ports": [{"name": "ibp1", "type": "infiniband",
                                "nic": {"device": "mlx5_0", "port_guid": "0x248a070300c00031"},
                                "ib": {"active_mtu": 1024, "state": "active",
                                       "phys_state": "linkup"}}]})
for l in s["links"]:
    for e in ("a", "b"):
        if l[e]["port"] == "gpu002 mlx5_0/1":
            l[e] = {"device": "gpu002", "port": "ibp1"}
json.dump(s, open(sys.argv[2], "w"))
PY
fa_run audit -s "$FA_TMP/joined.json" --select 'ib.mtu.*' --json "$FA_TMP/mtu.json"
fa_expect_rc "a host port below its partition's MTU fails (exit 1)" 1
fa_expect_grep "... named on the host, with the partition it is below" \
	'gpu002:ibp1 runs an active MTU of 1024 below the MTU of its partitions: job 2048' "$FA_TMP/out"

fa_done
