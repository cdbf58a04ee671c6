#!/bin/sh
# SPDX-License-Identifier: MIT
# A leaf in a lossy RoCE mode drops the lossless class its neighbours protect: roce.mode.lossless
# names each of its RDMA-carrying ports, and nothing outside that leaf changes.  The fault is
# made the way NVUE prints it: "nv show qos roce -o json" of leaf01 with "mode": "lossy" and,
# as the lossy mode's defaults say (Cumulus RoCE guide: no PFC on switch priority 3), PFC
# disabled in both directions.  The negative variant is the 5.12 "lossless-single-ipool" mode,
# which is lossless: no finding, and no finding at all that the clean example lacks.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"

# "severity rule subject" of every finding of report $1, sorted (of rule $2 only when given)
findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: (f['rule'], f['subject_text'])):
    if len(sys.argv) < 3 or f['rule'] == sys.argv[2]:
        print(f['severity'], f['rule'], f['subject_text'])
" "$@"
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
findings "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"
if grep -q ' roce.mode.lossless ' "$FA_TMP/clean.txt"; then
	fa_fail "the bundled example runs every switch lossless" "$FA_TMP/clean.txt"
else
	fa_ok "the bundled example runs every switch lossless"
fi

# leaf01 switched to lossy
cp -r "$ex" "$FA_TMP/lossy"
roce="$FA_TMP/lossy/captures/leaf01/nv-show-qos-roce-o-json.txt"
sed -e 's/"mode": "lossless"/"mode": "lossy"/' \
	-e 's/"rx-enabled": "enabled", "tx-enabled": "enabled"/"rx-enabled": "disabled", "tx-enabled": "disabled"/' \
	"$ex/captures/leaf01/nv-show-qos-roce-o-json.txt" >"$roce"
fa_expect_grep "the capture says lossy" '"mode": "lossy"' "$roce"
fa_expect_grep "the capture has PFC off" '"rx-enabled": "disabled"' "$roce"

fa_run run -i "$FA_TMP/lossy/inventory.yaml" --json "$FA_TMP/lossy.json" -S "$FA_TMP/lossy-snap.json"
fa_expect_rc "a lossy leaf fails the run: exit 1" 1
findings "$FA_TMP/lossy.json" roce.mode.lossless >"$FA_TMP/lossy.txt"
# every up Ethernet port of leaf01, as the snapshot has them
python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
for d in s['devices']:
    if d['name'] != 'leaf01':
        continue
    for p in sorted(d['ports'], key=lambda p: p['name']):
        if p.get('type') == 'ethernet' and p.get('oper_state') == 'up':
            print('error roce.mode.lossless leaf01:' + p['name'])
" "$FA_TMP/lossy-snap.json" | sort >"$FA_TMP/want.txt"
sort "$FA_TMP/lossy.txt" >"$FA_TMP/got.txt"
if [ -s "$FA_TMP/want.txt" ] && cmp -s "$FA_TMP/want.txt" "$FA_TMP/got.txt"; then
	fa_ok "roce.mode.lossless names exactly leaf01's $(wc -l <"$FA_TMP/got.txt") up ports"
else
	diff -u "$FA_TMP/want.txt" "$FA_TMP/got.txt" >"$FA_TMP/mode.diff"
	fa_fail "roce.mode.lossless names exactly leaf01's up ports" "$FA_TMP/mode.diff"
fi
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/lossy.json" | grep -v 'leaf01:' >"$FA_TMP/elsewhere.txt"
if [ -s "$FA_TMP/elsewhere.txt" ]; then
	fa_fail "every new finding is on leaf01" "$FA_TMP/elsewhere.txt"
else
	fa_ok "every new finding is on leaf01 (the mode, and the PFC it turned off)"
fi
fa_expect_grep "the finding says the mode" 'RoCE mode lossy' "$FA_TMP/lossy.json"

# the negative variant: lossless-single-ipool is lossless
cp -r "$ex" "$FA_TMP/ipool"
sed 's/"mode": "lossless"/"mode": "lossless-single-ipool"/' \
	"$ex/captures/leaf01/nv-show-qos-roce-o-json.txt" \
	>"$FA_TMP/ipool/captures/leaf01/nv-show-qos-roce-o-json.txt"
fa_run run -i "$FA_TMP/ipool/inventory.yaml" --json "$FA_TMP/ipool.json" -S "$FA_TMP/ipool-snap.json"
fa_expect_grep "the snapshot records the single-ipool mode" '"roce_mode": ?"lossless-single-ipool"' \
	"$FA_TMP/ipool-snap.json"
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/ipool.json" >"$FA_TMP/ipool.txt"
if [ -s "$FA_TMP/ipool.txt" ]; then
	fa_fail "a lossless-single-ipool leaf adds no finding" "$FA_TMP/ipool.txt"
else
	fa_ok "a lossless-single-ipool leaf adds no finding"
fi

fa_run rules explain roce.mode.lossless
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows its rationale" 'lossy switch drops' "$FA_TMP/out"

fa_done
