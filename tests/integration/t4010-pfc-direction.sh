#!/bin/sh
# SPDX-License-Identifier: MIT
# PFC per direction.  A copy of the bundled example whose leaf02 applies, in its NVUE
# configuration ("nv config show -o json"), a PFC profile with "rx": "disable" on swp2 (to
# gpu02's second NIC): the port still sends pause frames for priority 3 and still reports
# PFC on 3, but ignores the pause frames gpu02 sends.  Exactly that port
# (pfc.lossless.both_directions) and that link (pfc.link.pause_honoured) are named, and
# nothing else changes.  The negative variant applies a profile stating both directions on:
# no finding.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
rules="pfc.lossless.both_directions pfc.link.pause_honoured"

# Copy the example to $1 with leaf02's swp2 on a PFC profile of priority 3 whose rx is $2
# and tx $3 (as "nv set qos pfc NAME rx|tx enable|disable" store them).
mutate() {
	cp -r "$ex" "$1"
	python3 - "$ex/captures/leaf02/nv-config-show-o-json.txt" \
		"$1/captures/leaf02/nv-config-show-o-json.txt" "$2" "$3" <<'PY'
import json, sys
blocks = json.load(open(sys.argv[1]))
tree = blocks[1]['set']
tree['qos']['pfc']['pfc-lossless'] = {'switch-priority': {'3': {}}, 'rx': sys.argv[3],
                                      'tx': sys.argv[4]}
tree['interface']['swp2']['qos']['pfc'] = {'profile': 'pfc-lossless'}
with open(sys.argv[2], 'w') as f:
    json.dump(blocks, f, indent=2)
    f.write('\n')
PY
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
fa_expect_rc "the example has its seeded findings: exit 1" 1
fa_findings_messages "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"
fa_expect_no_rule_findings "$FA_TMP/clean.txt" $rules

mutate "$FA_TMP/rxoff" disable enable
fa_expect_grep "the capture has the rx-disabled profile on swp2" '"rx": "disable"' \
	"$FA_TMP/rxoff/captures/leaf02/nv-config-show-o-json.txt"
fa_run run -i "$FA_TMP/rxoff/inventory.yaml" --json "$FA_TMP/rxoff.json" \
	-S "$FA_TMP/rxoff-snap.json"
fa_expect_rc "rx disabled on a leaf port fails the run: exit 1" 1
fa_findings_messages "$FA_TMP/rxoff.json" >"$FA_TMP/rxoff.txt"
# what the fault adds to the clean example's findings, exactly
grep -vxF -f "$FA_TMP/clean.txt" "$FA_TMP/rxoff.txt" >"$FA_TMP/new.txt"
cat >"$FA_TMP/want.txt" <<'EOF'
pfc.link.pause_honoured | gpu02:ens2f0np0 -- leaf02:swp2 | gpu02:ens2f0np0 sends pause on 3, leaf02:swp2 ignores it
pfc.lossless.both_directions | leaf02:swp2 | leaf02:swp2 has PFC on the lossless priority 3 in one direction only: rx is off (it ignores the pause frames it receives)
EOF
if cmp -s "$FA_TMP/want.txt" "$FA_TMP/new.txt"; then
	fa_ok "exactly leaf02:swp2 and its link to gpu02 are named, in the right direction"
else
	diff -u "$FA_TMP/want.txt" "$FA_TMP/new.txt" >"$FA_TMP/new.diff"
	fa_fail "exactly leaf02:swp2 and its link to gpu02 are named" "$FA_TMP/new.diff"
fi
if grep -vxF -f "$FA_TMP/rxoff.txt" "$FA_TMP/clean.txt" >"$FA_TMP/gone.txt"; then
	fa_fail "no finding of the clean example disappears" "$FA_TMP/gone.txt"
else
	fa_ok "no finding of the clean example disappears"
fi
python3 - "$FA_TMP/rxoff-snap.json" >"$FA_TMP/swp2.txt" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
d = next(d for d in s['devices'] if d['name'] == 'leaf02')
q = next(p for p in d['ports'] if p['name'] == 'swp2')['qos']
print('enabled', q['pfc_enabled'], 'rx', q['pfc_rx'], 'tx', q['pfc_tx'])
PY
fa_expect_grep "the snapshot keeps PFC on 3 and records rx off, tx on" \
	'^enabled \[3\] rx \[\] tx \[3\]$' "$FA_TMP/swp2.txt"

# negative: the same profile stating both directions on changes nothing
mutate "$FA_TMP/both" enable enable
fa_run run -i "$FA_TMP/both/inventory.yaml" --json "$FA_TMP/both.json"
fa_expect_rc "a profile with rx and tx on: still only the seeded findings, exit 1" 1
fa_findings_messages "$FA_TMP/both.json" >"$FA_TMP/both.txt"
if cmp -s "$FA_TMP/clean.txt" "$FA_TMP/both.txt"; then
	fa_ok "a profile with both directions on gives the clean example's findings"
else
	diff -u "$FA_TMP/clean.txt" "$FA_TMP/both.txt" >"$FA_TMP/both.diff"
	fa_fail "a profile with both directions on gives the clean example's findings" \
		"$FA_TMP/both.diff"
fi

for r in $rules; do
	fa_run rules explain "$r"
	fa_expect_rc "rules explain knows $r" 0
done
fa_expect_grep "rules explain shows the rationale" 'honour received ones' "$FA_TMP/out"

fa_done
