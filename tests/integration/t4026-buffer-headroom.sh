#!/bin/sh
# SPDX-License-Identifier: MIT
# A NIC whose lossless receive buffer is too small for its PFC headroom: buffer.headroom.size
# names exactly that port.  The fault is made the way mlnx_qos prints it: gpu01's ens2f0np0
# after "mlnx_qos --buffer_size 130944,130944,..." (the sizes of a 100G port), at 400G over
# the 7 m its "Cable len" says, with MTU 9000 (it needs (301 + 2.16 x 7) x 400 + 2.72 x 9000
# + 9000 = 159928 bytes).  The negative variant moves the lossless priority to buffer 0 and
# swaps the two sizes (the same buffers, numbered the other way): no finding at all.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
qos=captures/gpu01/mlnx-qos-i-ens2f0np0.txt

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
python3 -c "
import json, sys
for f in json.load(open(sys.argv[1]))['findings']:
    print(f['rule'], f['subject_text'])
" "$FA_TMP/clean.json" >"$FA_TMP/clean-findings.txt"
if grep -q '^buffer\.' "$FA_TMP/clean-findings.txt"; then
	fa_fail "the bundled example's NIC buffers hold their headroom" "$FA_TMP/clean-findings.txt"
else
	fa_ok "the bundled example's NIC buffers hold their headroom"
fi

cp -r "$ex" "$FA_TMP/small"
sed 's/^Receive buffer size (bytes): 130944,262016,/Receive buffer size (bytes): 130944,130944,/' \
	"$ex/$qos" >"$FA_TMP/small/$qos"
fa_expect_grep "the capture prints the smaller buffer" '^Receive buffer size \(bytes\): 130944,130944,0' \
	"$FA_TMP/small/$qos"
fa_run run -i "$FA_TMP/small/inventory.yaml" --json "$FA_TMP/small.json"
fa_expect_rc "a buffer without its headroom fails the run: exit 1" 1
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/small.json" >"$FA_TMP/small.txt"
cat >"$FA_TMP/want.txt" <<'END'
error buffer.headroom.size gpu01:ens2f0np0
warning buffer.host.uniform gpu01:ens2f0np0 (group gpu-host)
END
fa_expect_golden "exactly gpu01:ens2f0np0 is named: too small, and unlike its role" \
	"$FA_TMP/want.txt" "$FA_TMP/small.txt"
fa_expect_grep "the finding gives what the formula needs" 'needs 159928' "$FA_TMP/small.json"
fa_expect_grep "and what the buffer has" '"actual": "130944 bytes \(buffer 1\)"' "$FA_TMP/small.json"

# negative: the same buffers numbered the other way round
cp -r "$ex" "$FA_TMP/swapped"
sed -e 's/^Receive buffer size (bytes): 130944,262016,/Receive buffer size (bytes): 262016,130944,/' \
	-e 's/^\tbuffer      0   0   0   1   0   0   0   0/\tbuffer      1   1   1   0   1   1   1   1/' \
	"$ex/$qos" >"$FA_TMP/swapped/$qos"
fa_expect_grep "the capture maps priority 3 to buffer 0" '^	buffer      1   1   1   0' \
	"$FA_TMP/swapped/$qos"
fa_run run -i "$FA_TMP/swapped/inventory.yaml" --json "$FA_TMP/swapped.json" \
	-S "$FA_TMP/swapped-snap.json"
fa_expect_grep "the snapshot has the swapped map" '"prio_to_buffer": ?\[ ?1, ?1, ?1, ?0' \
	"$FA_TMP/swapped-snap.json"
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/swapped.json" >"$FA_TMP/swapped.txt"
if [ -s "$FA_TMP/swapped.txt" ]; then
	fa_fail "renumbered buffers add no finding" "$FA_TMP/swapped.txt"
else
	fa_ok "renumbered buffers add no finding"
fi

fa_run rules explain buffer.headroom.size
fa_expect_grep "rules explain gives the vendor's formula" 'xoff = \(301 \+ 2\.16 x cable length' "$FA_TMP/out"

fa_done
