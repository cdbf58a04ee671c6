#!/bin/sh
# SPDX-License-Identifier: MIT
# ETS.  A copy of the bundled example where gpu02's first NIC was given another ETS table
# with mlnx_qos (TC 0 26%, TC 3 0%; the others untouched), as "mlnx_qos -i ens1f0np0" then
# prints it: TC 3 carries the lossless priority 3, so the lossless class has no guaranteed
# share (ets.lossless.share), and the NIC drifts from the other hosts' table (ets.uniform).
# Exactly that port is named, by those two rules, and nothing else changes.  The negative
# variant changes the shares of two other classes the same way on every host NIC: no finding.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
rules="ets.lossless.share ets.link.equal ets.uniform"

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json"
fa_expect_rc "the example has its seeded findings: exit 1" 1
fa_findings_messages "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"
fa_expect_no_rule_findings "$FA_TMP/clean.txt" $rules

cp -r "$ex" "$FA_TMP/zero"
qos="captures/gpu02/mlnx-qos-i-ens1f0np0.txt"
sed -e 's/^tc: 0 ratelimit: unlimited, tsa: ets, bw: 13%/tc: 0 ratelimit: unlimited, tsa: ets, bw: 26%/' \
	-e 's/^tc: 3 ratelimit: unlimited, tsa: ets, bw: 13%/tc: 3 ratelimit: unlimited, tsa: ets, bw: 0%/' \
	"$ex/$qos" >"$FA_TMP/zero/$qos"
fa_expect_grep "the capture gives TC 3 no share" '^tc: 3 ratelimit: unlimited, tsa: ets, bw: 0%$' \
	"$FA_TMP/zero/$qos"
fa_run run -i "$FA_TMP/zero/inventory.yaml" --json "$FA_TMP/zero.json"
fa_expect_rc "a lossless class without a share fails the run: exit 1" 1
fa_findings_messages "$FA_TMP/zero.json" >"$FA_TMP/zero.txt"
grep -vxF -f "$FA_TMP/clean.txt" "$FA_TMP/zero.txt" >"$FA_TMP/new.txt"
cat >"$FA_TMP/want.txt" <<'EOF'
ets.lossless.share | gpu02:ens1f0np0 | gpu02:ens1f0np0 gives the lossless traffic class 3 (priority 3) an ETS share of 0%
ets.uniform | gpu02:ens1f0np0 (group gpu-host) | gpu02:ens1f0np0 schedules its traffic classes ["ets", "ets", "ets", "ets", "ets", "ets", "ets", "ets"] with shares [26, 13, 13, 0, 12, 12, 12, 12]; most gpu-host ports use [13, 13, 13, 13, 12, 12, 12, 12]
EOF
if cmp -s "$FA_TMP/want.txt" "$FA_TMP/new.txt"; then
	fa_ok "exactly gpu02:ens1f0np0 is named, by ets.lossless.share and ets.uniform"
else
	diff -u "$FA_TMP/want.txt" "$FA_TMP/new.txt" >"$FA_TMP/new.diff"
	fa_fail "exactly gpu02:ens1f0np0 is named" "$FA_TMP/new.diff"
fi
if grep -vxF -f "$FA_TMP/zero.txt" "$FA_TMP/clean.txt" >"$FA_TMP/gone.txt"; then
	fa_fail "no finding of the clean example disappears" "$FA_TMP/gone.txt"
else
	fa_ok "no finding of the clean example disappears"
fi

# negative: TC 2 and TC 4 swap their shares (13% and 12%) on every host NIC alike
cp -r "$ex" "$FA_TMP/same"
for f in "$ex"/captures/gpu*/mlnx-qos-i-*.txt; do
	rel=${f#"$ex"/}
	sed -e 's/^tc: 2 ratelimit: unlimited, tsa: ets, bw: 13%/tc: 2 ratelimit: unlimited, tsa: ets, bw: 12%/' \
		-e 's/^tc: 4 ratelimit: unlimited, tsa: ets, bw: 12%/tc: 4 ratelimit: unlimited, tsa: ets, bw: 13%/' \
		"$f" >"$FA_TMP/same/$rel"
done
n=$(grep -l '^tc: 4 ratelimit: unlimited, tsa: ets, bw: 13%$' "$FA_TMP"/same/captures/gpu*/mlnx-qos-i-*.txt | wc -l)
if [ "$n" -eq 8 ]; then
	fa_ok "all 8 host NICs have the new shares"
else
	fa_fail "all 8 host NICs have the new shares ($n)"
fi
fa_run run -i "$FA_TMP/same/inventory.yaml" --json "$FA_TMP/same.json"
fa_expect_rc "the same shares everywhere: still only the seeded findings, exit 1" 1
fa_findings_messages "$FA_TMP/same.json" >"$FA_TMP/same.txt"
if cmp -s "$FA_TMP/clean.txt" "$FA_TMP/same.txt"; then
	fa_ok "a change made on every host alike gives the clean example's findings"
else
	diff -u "$FA_TMP/clean.txt" "$FA_TMP/same.txt" >"$FA_TMP/same.diff"
	fa_fail "a change made on every host alike gives the clean example's findings" \
		"$FA_TMP/same.diff"
fi

for r in $rules; do
	fa_run rules explain "$r"
	fa_expect_rc "rules explain knows $r" 0
done

fa_done
