#!/bin/sh
# SPDX-License-Identifier: MIT
# ETS between switches.  The bundled leaves and spine report no full ETS table (NVUE lists
# scheduler weights only for the traffic classes in use), so this copy of the example first
# gives all three switches the same egress scheduler in their NVUE configuration
# ("nv set qos egress-scheduler default-global traffic-class ..."): the negative variant, a
# table set alike everywhere, gives no ETS finding.  Then leaf02's uplink swp33 gets an
# egress-scheduler profile of its own (TC 0 80%, TC 3 20%): exactly the link leaf02:swp33 --
# spine01:swp3 (ets.link.equal) and that port among the leaf ports (ets.uniform) are named.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"

# Copy the example to $1 with the same default-global egress scheduler on every switch;
# with $2 = uplink, leaf02's swp33 also gets a profile with other shares.
mutate() {
	cp -r "$ex" "$1"
	for sw in leaf01 leaf02 spine01; do
		python3 - "$ex/captures/$sw/nv-config-show-o-json.txt" \
			"$1/captures/$sw/nv-config-show-o-json.txt" "$sw" "${2:-}" <<'PY'
import json, sys
blocks = json.load(open(sys.argv[1]))
tree = blocks[1]['set']
sched = tree['qos'].setdefault('egress-scheduler', {})
sched['default-global'] = {'traffic-class': {
    '0': {'mode': 'dwrr', 'bw-percent': 50}, '3': {'mode': 'dwrr', 'bw-percent': 50},
    '1-2,4-5,7': {'mode': 'dwrr', 'bw-percent': 0}, '6': {'mode': 'strict'}}}
if sys.argv[3] == 'leaf02' and sys.argv[4] == 'uplink':
    sched['uplink-ets'] = {'traffic-class': {
        '0': {'mode': 'dwrr', 'bw-percent': 80}, '3': {'mode': 'dwrr', 'bw-percent': 20},
        '1-2,4-5,7': {'mode': 'dwrr', 'bw-percent': 0}, '6': {'mode': 'strict'}}}
    tree['interface']['swp33']['qos']['egress-scheduler'] = {'profile': 'uplink-ets'}
with open(sys.argv[2], 'w') as f:
    json.dump(blocks, f, indent=2)
    f.write('\n')
PY
	done
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
fa_expect_rc "the example has its seeded findings: exit 1" 1
fa_findings_messages "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"

# negative: one ETS table on every switch
mutate "$FA_TMP/same"
fa_run run -i "$FA_TMP/same/inventory.yaml" --json "$FA_TMP/same.json" -S "$FA_TMP/same-snap.json"
fa_expect_rc "one ETS table on every switch: still only the seeded findings, exit 1" 1
fa_findings_messages "$FA_TMP/same.json" >"$FA_TMP/same.txt"
if cmp -s "$FA_TMP/clean.txt" "$FA_TMP/same.txt"; then
	fa_ok "the same ETS table on every switch gives the clean example's findings"
else
	diff -u "$FA_TMP/clean.txt" "$FA_TMP/same.txt" >"$FA_TMP/same.diff"
	fa_fail "the same ETS table on every switch gives the clean example's findings" \
		"$FA_TMP/same.diff"
fi
python3 - "$FA_TMP/same.json" >"$FA_TMP/counts.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for x in r['rules']:
    if x['id'] == 'ets.link.equal':
        print('pass', x['counts']['pass'])
PY
fa_expect_grep "ets.link.equal checked the four leaf-spine links" '^pass 4$' "$FA_TMP/counts.txt"

# the fault: leaf02's uplink swp33 on its own scheduler profile
mutate "$FA_TMP/uplink" uplink
fa_run run -i "$FA_TMP/uplink/inventory.yaml" --json "$FA_TMP/uplink.json"
fa_expect_rc "an uplink with another ETS table fails the run: exit 1" 1
fa_findings_messages "$FA_TMP/uplink.json" >"$FA_TMP/uplink.txt"
grep -vxF -f "$FA_TMP/clean.txt" "$FA_TMP/uplink.txt" >"$FA_TMP/new.txt"
cat >"$FA_TMP/want.txt" <<'EOF'
ets.link.equal | leaf02:swp33 -- spine01:swp3 | leaf02:swp33 schedules its traffic classes ["ets", "ets", "ets", "ets", "ets", "ets", "strict", "ets"] with shares [80, 0, 0, 20, 0, 0, 0, 0] but spine01:swp3 ["ets", "ets", "ets", "ets", "ets", "ets", "strict", "ets"] with shares [50, 0, 0, 50, 0, 0, 0, 0]
ets.uniform | leaf02:swp33 (group leaf) | leaf02:swp33 schedules its traffic classes ["ets", "ets", "ets", "ets", "ets", "ets", "strict", "ets"] with shares [80, 0, 0, 20, 0, 0, 0, 0]; most leaf ports use [50, 0, 0, 50, 0, 0, 0, 0]
EOF
if cmp -s "$FA_TMP/want.txt" "$FA_TMP/new.txt"; then
	fa_ok "exactly leaf02:swp33 and its link to spine01 are named"
else
	diff -u "$FA_TMP/want.txt" "$FA_TMP/new.txt" >"$FA_TMP/new.diff"
	fa_fail "exactly leaf02:swp33 and its link to spine01 are named" "$FA_TMP/new.diff"
fi

fa_done
