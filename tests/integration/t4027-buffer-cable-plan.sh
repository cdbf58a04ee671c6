#!/bin/sh
# SPDX-License-Identifier: MIT
# A cable longer than the length a port sizes its PFC headroom for: buffer.cable.plan names
# exactly that planned link.  The fault is made in the cabling plan: gpu01's first NIC is
# planned on a 30 m AOC (and its module is one), while its mlnx_qos says "Cable len: 7" (the
# mlx5 default).  The negative variant tells the NIC the real length (mlnx_qos --cable_len 30,
# which its 262016-byte buffer still covers at 400G): no finding at all.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
qos=captures/gpu01/mlnx-qos-i-ens1f0np0.txt

fa_run run -i "$ex/inventory.yaml" --plan "$ex/cabling.csv" --json "$FA_TMP/clean.json"
python3 -c "
import json, sys
for f in json.load(open(sys.argv[1]))['findings']:
    print(f['rule'], f['subject_text'])
" "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"
if grep -q '^buffer\.cable\.plan ' "$FA_TMP/clean.txt"; then
	fa_fail "the bundled plan's cables are within the ports' headroom" "$FA_TMP/clean.txt"
else
	fa_ok "the bundled plan's cables are within the ports' headroom"
fi

cp -r "$ex" "$FA_TMP/long"
sed 's/^gpu01,ens1f0np0,leaf01,swp1,DAC,3$/gpu01,ens1f0np0,leaf01,swp1,AOC,30/' "$ex/cabling.csv" \
	>"$FA_TMP/long/cabling.csv"
fa_expect_grep "the plan has the 30 m cable" '^gpu01,ens1f0np0,leaf01,swp1,AOC,30$' \
	"$FA_TMP/long/cabling.csv"
# the module in gpu01's NIC is that 30 m AOC too (both counter readings of ethtool -m), so
# the plan and the hardware agree and only the headroom is short
for f in "$FA_TMP"/long/captures/gpu01/ethtool-m-ens1f0np0*.txt; do
	sed -i -e 's/^\(\tCable assembly length *: \)3.00m$/\130.00m/' \
		-e 's/^\(\tTransmitter technology *: \)0x0a (Copper cable unequalized)$/\10x00 (850 nm VCSEL)/' \
		-e 's/^\(\tVendor PN *: \)MCP4Y10-N003$/\1MFA7U10-H030/' "$f"
done
fa_expect_grep "the module is a 30 m AOC" '^	Cable assembly length +: 30.00m$' \
	"$FA_TMP/long/captures/gpu01/ethtool-m-ens1f0np0.txt"
fa_run run -i "$FA_TMP/long/inventory.yaml" --plan "$FA_TMP/long/cabling.csv" \
	--json "$FA_TMP/long.json"
fa_expect_rc "a cable beyond the headroom fails the run: exit 1" 1
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/long.json" >"$FA_TMP/long.txt"
echo "error buffer.cable.plan gpu01:ens1f0np0 -- leaf01:swp1" >"$FA_TMP/want.txt"
fa_expect_golden "exactly gpu01:ens1f0np0 -- leaf01:swp1 is named" "$FA_TMP/want.txt" \
	"$FA_TMP/long.txt"
fa_expect_grep "the finding gives both ends' lengths" \
	'7 m on gpu01:ens1f0np0, 100 m on leaf01:swp1' "$FA_TMP/long.json"

# negative: the NIC is told the real length
sed 's/^Cable len: 7$/Cable len: 30/' "$ex/$qos" >"$FA_TMP/long/$qos"
fa_expect_grep "the capture says 30 m" '^Cable len: 30$' "$FA_TMP/long/$qos"
fa_run run -i "$FA_TMP/long/inventory.yaml" --plan "$FA_TMP/long/cabling.csv" \
	--json "$FA_TMP/told.json"
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/told.json" >"$FA_TMP/told.txt"
if [ -s "$FA_TMP/told.txt" ]; then
	fa_fail "a NIC told the planned length adds no finding" "$FA_TMP/told.txt"
else
	fa_ok "a NIC told the planned length adds no finding"
fi

fa_done
