#!/bin/sh
# SPDX-License-Identifier: MIT
# RoCE disabled on a switch that carries RDMA traffic is an error finding on that switch,
# not a reason to leave its QoS unchecked.  A copy of the bundled example whose leaf02 says
# "enable": "off" in "nv show qos roce -o json", as NVUE prints a disabled RoCE.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
fa_rule_findings "$FA_TMP/clean.json" roce.enabled >"$FA_TMP/clean.txt"
if [ -s "$FA_TMP/clean.txt" ]; then
	fa_fail "the bundled example has RoCE enabled everywhere" "$FA_TMP/clean.txt"
else
	fa_ok "the bundled example has RoCE enabled everywhere"
fi

cp -r "$ex" "$FA_TMP/pod"
roce="$FA_TMP/pod/captures/leaf02/nv-show-qos-roce-o-json.txt"
sed 's/"enable": "on"/"enable": "off"/' "$ex/captures/leaf02/nv-show-qos-roce-o-json.txt" >"$roce"
fa_expect_grep "the capture says RoCE is disabled" '"enable": "off"' "$roce"

fa_run run -i "$FA_TMP/pod/inventory.yaml" --json "$FA_TMP/off.json" -S "$FA_TMP/off-snap.json"
fa_expect_rc "RoCE disabled on a leaf fails the run: exit 1" 1
fa_rule_findings "$FA_TMP/off.json" roce.enabled >"$FA_TMP/off.txt"
if [ -s "$FA_TMP/off.txt" ] && ! grep -qv '^error roce.enabled leaf02:' "$FA_TMP/off.txt"; then
	fa_ok "every roce.enabled finding is an error on leaf02 ($(wc -l <"$FA_TMP/off.txt") ports)"
else
	fa_fail "every roce.enabled finding is an error on leaf02" "$FA_TMP/off.txt"
fi
fa_expect_grep "the device is collected, not failed" '"ok": 7' "$FA_TMP/off.json"
fa_expect_grep "the snapshot records RoCE off on leaf02's ports" '"roce_mode": ?"off"' \
	"$FA_TMP/off-snap.json"

fa_run rules explain roce.enabled
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows its rationale" 'applies none of its RoCE QoS' "$FA_TMP/out"

fa_done
