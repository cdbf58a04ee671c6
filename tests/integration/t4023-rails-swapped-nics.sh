#!/bin/sh
# SPDX-License-Identifier: MIT
# Rails: the bundled pod is rail-optimised (every host's ens1f0np0 on leaf01, ens2f0np0 on
# leaf02).  A copy where gpu03's two cables are swapped (its LLDP view and both leaves'
# views changed as the devices print them) gives one topology.rail.majority finding per
# miswired NIC, naming the NIC, its leaf and the rail's leaf.  Negative: the whole fabric
# re-railed consistently (every host's NICs swapped) gives none.  With the layout declared
# in a site policy, topology.rail.declared names the same two links.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/addr-lib.sh"

# swap_host CAPTURES HOST: the host's lldpctl sees leaf02 on ens1f0np0 and leaf01 on ens2f0np0.
swap_host() {
	python3 -c "
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
swap = {'ens1f0np0': 'ens2f0np0', 'ens2f0np0': 'ens1f0np0'}
ifs = [{swap.get(k, k): v for k, v in e.items()} for e in doc['lldp']['interface']]
ifs.sort(key=lambda e: list(e)[0])
doc['lldp']['interface'] = ifs
open(path, 'w').write(json.dumps(doc, indent=2) + '\n')
" "$1/$2/lldpctl-f-json.txt"
}

# swap_leaves CAPTURES HOSTPATTERN: on leaf01 the neighbours matching HOSTPATTERN show their
# second NIC (MAC ...:01, ens2f0np0), on leaf02 their first.
swap_leaves() {
	sed -i "s/\"name\": \"\(b8:ce:f6:00:$2\):00\", \"description\": \"ens1f0np0\"/\"name\": \"\1:01\", \"description\": \"ens2f0np0\"/" \
		"$1/leaf01/nv-show-interface-view-lldp-detail-o-json.txt"
	sed -i "s/\"name\": \"\(b8:ce:f6:00:$2\):01\", \"description\": \"ens2f0np0\"/\"name\": \"\1:00\", \"description\": \"ens1f0np0\"/" \
		"$1/leaf02/nv-show-interface-view-lldp-detail-o-json.txt"
}

# rail_findings NAME: the rail findings of run NAME, "rule<TAB>subject<TAB>message".
rail_findings() {
	grep '^topology\.rail\.' "$FA_TMP/$1.txt" || :
}

addr_run clean "$ex"
if [ -z "$(rail_findings clean)" ]; then
	fa_ok "the bundled example is rail-optimised: no rail finding"
else
	fa_fail "the bundled example is rail-optimised: no rail finding" "$FA_TMP/clean.txt"
fi

cap=$(addr_copy swap)
swap_host "$cap" gpu03
swap_leaves "$cap" 02
fa_expect_grep "gpu03's ens1f0np0 now sees leaf02" '"leaf02"' "$cap/gpu03/lldpctl-f-json.txt"
fa_expect_grep "leaf01's swp3 sees gpu03's ens2f0np0" \
	'"swp3".*"name": "b8:ce:f6:00:02:01", "description": "ens2f0np0"' \
	"$cap/leaf01/nv-show-interface-view-lldp-detail-o-json.txt"
addr_run swap "$FA_TMP/swap"
fa_expect_rc "miswired rails fail the run: exit 1" 1
rail_findings swap | cut -f1,2 >"$FA_TMP/swap.rails"
printf 'topology.rail.majority\tgpu03:ens1f0np0 (group [["leaf01", "leaf02"], "ens1f0np0"])\ntopology.rail.majority\tgpu03:ens2f0np0 (group [["leaf01", "leaf02"], "ens2f0np0"])\n' \
	>"$FA_TMP/swap.want"
if diff -u "$FA_TMP/swap.want" "$FA_TMP/swap.rails" >"$FA_TMP/swap.diff"; then
	fa_ok "each of gpu03's two NICs is one rail finding"
else
	fa_fail "each of gpu03's two NICs is one rail finding" "$FA_TMP/swap.diff"
fi
fa_expect_grep "the finding names the NIC, its leaf and the rail's leaf" \
	'gpu03:ens1f0np0 is cabled to leaf02:swp3; ens1f0np0 of the other hosts on leaf01, leaf02 is on leaf01$' \
	"$FA_TMP/swap.txt"
# Besides the rails, only the example's PFC fault on leaf02 swp3 moves with the cable: the
# link and path findings on that port now name gpu03's other NIC.
grep -v '^topology\.rail\.' "$FA_TMP/swap.new" >"$FA_TMP/swap.other" || :
if ! grep -qv 'leaf02:swp3' "$FA_TMP/swap.other"; then
	fa_ok "nothing else new but the findings of leaf02 swp3's existing PFC fault"
else
	fa_fail "nothing else new but the findings of leaf02 swp3's existing PFC fault" \
		"$FA_TMP/swap.other"
fi

# The layout declared by the site: the same two NICs, as links.
cat >"$FA_TMP/rails.yaml" <<'POLICY'
params:
  rails: { ens1f0np0: [leaf01], ens2f0np0: [leaf02] }
POLICY
fa_run run -i "$FA_TMP/swap/inventory.yaml" --policy "$FA_TMP/rails.yaml" --json "$FA_TMP/decl.json"
addr_findings "$FA_TMP/decl.json" | grep '^topology\.rail\.' | cut -f1,2 >"$FA_TMP/decl.rails"
printf 'topology.rail.declared\tgpu03:ens1f0np0 -- leaf02:swp3\ntopology.rail.declared\tgpu03:ens2f0np0 -- leaf01:swp3\n' \
	>"$FA_TMP/decl.want"
if diff -u "$FA_TMP/decl.want" "$FA_TMP/decl.rails" >"$FA_TMP/decl.diff"; then
	fa_ok "a declared layout names the two links instead (the majority rule is off)"
else
	fa_fail "a declared layout names the two links instead (the majority rule is off)" \
		"$FA_TMP/decl.diff"
fi
fa_run run -i "$ex/inventory.yaml" --policy "$FA_TMP/rails.yaml" --json "$FA_TMP/decl-clean.json"
if addr_findings "$FA_TMP/decl-clean.json" | grep -q '^topology\.rail\.'; then
	fa_fail "the clean example matches the declared layout" "$FA_TMP/decl-clean.json"
else
	fa_ok "the clean example matches the declared layout"
fi

# Negative: every host re-railed the same way.
cap=$(addr_copy rerail)
for h in gpu01 gpu02 gpu03 gpu04; do
	swap_host "$cap" $h
done
swap_leaves "$cap" '0[0-3]'
fa_expect_grep "leaf02 now sees every host's ens1f0np0 (gpu04 as a sample)" \
	'"name": "b8:ce:f6:00:03:00", "description": "ens1f0np0"' \
	"$cap/leaf02/nv-show-interface-view-lldp-detail-o-json.txt"
addr_run rerail "$FA_TMP/rerail"
if [ -z "$(rail_findings rerail)" ]; then
	fa_ok "a fabric re-railed consistently gives no rail finding"
else
	fa_fail "a fabric re-railed consistently gives no rail finding" "$FA_TMP/rerail.txt"
fi
fa_expect_grep "the re-railed links were discovered (gpu01 ens1f0np0 -- leaf02)" \
	'"device": ?"gpu01",[[:space:]]*"port": ?"ens1f0np0"[[:space:]]*\},[[:space:]]*"b": ?\{[[:space:]]*"device": ?"leaf02"' \
	"$FA_TMP/rerail-snap.json"

fa_run rules explain topology.rail.majority
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows its rationale" 'rail-optimised fabric' "$FA_TMP/out"

fa_done
