#!/bin/sh
# SPDX-License-Identifier: MIT
# A three-level fat tree on a live subnet (ibsim + OpenSM, ib-lib.sh): 2 pods of 2 leaves
# and 2 spines, 2 core switches over the 4 spines, 2 hosts with 2 HCAs (2 rails).  Collected
# with the diagnostics and in process, every node gets its tier (CAs 0, leaves 1, spines 2,
# cores 3); the clean subnet audits PASS, non-blocking (1:1) declared, with every check
# evaluated.  Unplugging one spine-core link makes exactly that spine oversubscribed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --pods 2 --spines 2 --leaves 2 \
	--cores 2 --hcas-per-leaf 1 --rails 2 || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"
fa_ok "the three-level subnet is up: $fa_ib_expect_active ports Active/LinkUp"

printf 'params:\n  ib_oversubscription_max: 1\n' >"$FA_TMP/nonblocking.yaml"
# tiers SNAPSHOT: "node tier" of every switch and CA of the subnet, sorted; and the tiers
# each port's peer is given, checked against the peer's own.
cat >"$FA_TMP/tiers.py" <<'PY'
import json, sys
d = [d for d in json.load(open(sys.argv[1]))["devices"] if d["name"] == "ib-fabric"][0]
node, bad = {}, []
for p in d["ports"]:
    ib = p.get("ib", {})
    if "tier" in ib:
        node.setdefault(ib["node_name"], set()).add(ib["tier"])
for p in d["ports"]:
    peer = p.get("ib", {}).get("peer", {})
    if "tier" in peer and {peer["tier"]} != node.get(peer["node_name"]):
        bad.append(p["name"])
for n in sorted(node):
    print(n, *sorted(node[n]))
print("peer tiers that differ from the peer's own:", bad)
PY
{
	for l in 01 02 03 04; do echo "leaf$l 1"; done
	for s in 01 02 03 04; do echo "spine$s 2"; done
	echo "core01 3"; echo "core02 3"
	for h in gpu001 gpu002; do echo "$h mlx5_0 0"; echo "$h mlx5_1 0"; done
	echo "sm01 mlx5_0 0"; echo "sm02 mlx5_0 0"
	echo "peer tiers that differ from the peer's own: []"
} | sort >"$FA_TMP/tiers.want"

for way in tools inprocess; do
	if [ $way = tools ]; then w=tools; else w="inproc inprocess"; fi
	# shellcheck disable=SC2086 # w: the run's name and its discovery
	FA_IB_RUN_ARGS="--policy nonblocking.yaml" fa_ib_way $w
	fa_expect_rc "$way: the clean three-level subnet audits PASS at 1:1 (exit 0)" 0
	fa_expect_grep "... with every check evaluated" '^PASS .* not evaluable 0$' "$FA_TMP/out"
	[ $way = tools ] || way=inproc
	python3 "$FA_TMP/tiers.py" "$FA_TMP/$way.snap.json" | sort >"$FA_TMP/tiers.$way"
	fa_expect_golden "$way: leaves tier 1, spines 2, cores 3, CAs 0, on both ends of every link" \
		"$FA_TMP/tiers.want" "$FA_TMP/tiers.$way"
done
python3 - "$FA_TMP/tools.json" >"$FA_TMP/counts" <<'PY'
import json, sys
c = {x["id"]: x["counts"] for x in json.load(open(sys.argv[1]))["rules"]}
for rule in ("ib.fattree.oversubscription", "ib.link.tier.uniform"):
    print(rule, "pass %(pass)d fail %(fail)d" % c[rule])
PY
printf '%s\n' "ib.fattree.oversubscription pass 8 fail 0" \
	"ib.link.tier.uniform pass 22 fail 0" >"$FA_TMP/counts.want"
fa_expect_golden "4 leaves and 4 spines measured; 6 CA, 8 leaf-spine and 8 spine-core links uniform" \
	"$FA_TMP/counts.want" "$FA_TMP/counts"

# spine01 loses its link to core01 (port 3: after its 2 leaf ports, bench/gen-ib-fabric.py).
printf 'Unlink "spine01"[3]\n' >"$FA_TMP/unlink.txt"
fa_ib_console "$FA_TMP/unlink.txt"
fa_ib_wait_links '"  *spine01" +[0-9]+ +3\[  \] ==\( +Down' ||
	fa_ib_fatal "spine01 port 3 is still up 60 s after Unlink"
FA_IB_RUN_ARGS="--policy nonblocking.yaml" fa_ib_way unlinked
fa_expect_rc "the spine with one up-link left fails the audit (exit 1)" 1
fa_expect_grep "spine01 is named: 240G towards the leaves, 120G towards the cores" \
	'spine01 has 240G of links towards the CAs over 120G of links away from them' "$FA_TMP/out"
fa_ib_only "... and only spine01: 4 leaves and 3 spines pass" \
	"$FA_TMP/unlinked.json" ib.fattree.oversubscription item "spine01" 7

fa_done
