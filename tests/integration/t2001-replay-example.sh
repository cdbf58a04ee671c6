#!/bin/sh
# SPDX-License-Identifier: MIT
# Collection through the replay transport on the bundled example fabric: every device ends ok,
# links are found, captures saved again are byte-for-byte what was replayed, and broken
# captures give definite statuses without losing the previous snapshot.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"

fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/snap.json" --save-captures "$FA_TMP/caps"
fa_expect_rc "collect of the example exits 0" 0
fa_expect_grep "collect reports 7 of 7 devices" 'collected 7 of 7 devices' "$FA_TMP/err"

count() { python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print($2)" "$1"; }
if [ "$(count "$FA_TMP/snap.json" "sum(d['status']=='ok' for d in s['devices'])")" = 7 ]; then
	fa_ok "every device of the example has status ok"
else
	fa_fail "every device of the example has status ok" "$FA_TMP/snap.json"
fi
if [ "$(count "$FA_TMP/snap.json" "len(s['links'])")" = 12 ]; then
	fa_ok "the 12 cabled links are found from LLDP"
else
	fa_fail "the 12 cabled links are found from LLDP"
fi
if [ "$(count "$FA_TMP/snap.json" "[p['mtu'] for d in s['devices'] if d['name']=='gpu03' for p in d['ports'] if p['name']=='ens1f0np0'][0]")" = 1500 ]; then
	fa_ok "gpu03 ens1f0np0 reads MTU 1500 from its capture"
else
	fa_fail "gpu03 ens1f0np0 reads MTU 1500 from its capture"
fi

# Saved captures are the replayed bytes, and each device has a meta.json.
if diff -r -x meta.json "$ex/captures" "$FA_TMP/caps" >"$FA_TMP/caps.diff"; then
	fa_ok "--save-captures writes exactly the bytes each command printed"
else
	fa_fail "--save-captures writes exactly the bytes each command printed" "$FA_TMP/caps.diff"
fi
fa_expect_grep "meta.json records each command" '"command": "ibstat"' "$FA_TMP/caps/gpu01/meta.json"

# Replaying the saved captures gives the same snapshot, times aside.
fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/caps" -o "$FA_TMP/snap2.json"
fa_expect_rc "collect --replay exits 0" 0
strip() { python3 -c "import json,sys; s=json.load(open(sys.argv[1])); s.pop('created'); print(json.dumps(s, sort_keys=True))" "$1"; }
if [ "$(strip "$FA_TMP/snap.json")" = "$(strip "$FA_TMP/snap2.json")" ]; then
	fa_ok "a replay of saved captures gives the same snapshot"
else
	fa_fail "a replay of saved captures gives the same snapshot"
fi

# 'collect' streams devices to the snapshot as they complete; 'run -S' keeps the snapshot it
# built in memory.  Both write the same bytes, times aside.
fa_run run -i "$ex/inventory.yaml" -S "$FA_TMP/run.json" -o "$FA_TMP/run.txt"
if [ "$(sed 's/"created":"[^"]*"//' "$FA_TMP/snap.json")" = "$(sed 's/"created":"[^"]*"//' "$FA_TMP/run.json")" ]; then
	fa_ok "a streamed snapshot is byte for byte the in-memory one"
else
	fa_fail "a streamed snapshot is byte for byte the in-memory one"
fi
if ls -a "$FA_TMP" | grep -q fabric-audit-spool; then
	fa_fail "no spool file is left beside the snapshot"
else
	fa_ok "no spool file is left beside the snapshot"
fi

# Broken captures: one missing, one truncated.  The run goes on; each gets its status.
cp -r "$FA_TMP/caps" "$FA_TMP/broken"
rm "$FA_TMP/broken/gpu02/ibstat.txt"
head -c 200 "$ex/captures/leaf02/nv-show-interface-o-json.txt" >"$FA_TMP/broken/leaf02/nv-show-interface-o-json.txt"
rm -r "$FA_TMP/broken/spine01"
fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/broken" -o "$FA_TMP/snap3.json"
fa_expect_rc "collect with broken captures still exits 0" 0
fa_expect_grep "a missing capture is a failed command naming it" "gpu02: command-failed: no capture of 'ibstat'" "$FA_TMP/err"
fa_expect_grep "a truncated JSON capture is a parse error naming the command" "leaf02: parse-error: nv show interface -o json" "$FA_TMP/err"
fa_expect_grep "a device without captures is named" "spine01: command-failed: no capture folder" "$FA_TMP/err"
fa_expect_grep "the other devices are still collected" 'collected 4 of 7 devices' "$FA_TMP/err"

fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/broken" -o "$FA_TMP/snap3.json" --require-complete
fa_expect_rc "--require-complete with failed devices exits 2" 2

# Nothing collected: exit 69 and the previous snapshot stays as it was.
cp "$FA_TMP/snap.json" "$FA_TMP/keep.json"
mkdir "$FA_TMP/empty"
fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/empty" -o "$FA_TMP/keep.json"
fa_expect_rc "nothing collected exits 69" 69
if cmp -s "$FA_TMP/snap.json" "$FA_TMP/keep.json"; then
	fa_ok "nothing collected leaves the previous snapshot untouched"
else
	fa_fail "nothing collected leaves the previous snapshot untouched"
fi

fa_run collect -o "$FA_TMP/x.json"
fa_expect_rc "collect without an inventory exits 64" 64
fa_run collect -i "$ex/inventory.yaml"
fa_expect_rc "collect without -o exits 64" 64
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/x.json" --jobs 0
fa_expect_rc "--jobs 0 exits 64" 64

fa_done
