#!/bin/sh
# SPDX-License-Identifier: MIT
# ib.link.tier.uniform on the bundled InfiniBand example (examples/ib-pod, real diagnostics
# output): one leaf-spine link rewritten the way the diagnostics print a link whose two ends
# both support 4X only (4X on both ends in iblinkinfo, no "Could be"; 4x in ibnetdiscover)
# is exactly one finding, on the spine's end, and nothing else changes; the same change on
# every leaf-spine link is the tier's design and no finding.  No subnet needed.
. "$(dirname "$0")/lib.sh"

EX=$FA_SRCDIR/examples/ib-pod
# narrow LEAF SPINE_PORT CAPS: the link leaf:4 -- spine01:SPINE_PORT made 4X in CAPS.
narrow() {
	sed -i -e "/\"  *$1\" .* 4\[  \] ==(12X .* \"spine01\"/s/==(12X /==( 4X /" \
		-e "/\"  *spine01\" .* $2\[  \] ==(12X .* \"$1\"/s/==(12X /==( 4X /" \
		"$3/ib-fabric/iblinkinfo-l.txt"
	sed -i -e "/( '$1' - 'spine01' )/s/ 12x QDR / 4x QDR /" \
		-e "/( 'spine01' - '$1' )/s/ 12x QDR / 4x QDR /" "$3/ib-fabric/ibnetdiscover-p.txt"
}

fa_run run -i "$EX/inventory.yaml" --json "$FA_TMP/bundled.json"
fa_expect_rc "the bundled example fails on its seeded faults (exit 1)" 1
fa_expect_no_grep "its one 1X link is ib.link.best's finding, not this rule's" \
	'ib.link.tier.uniform' "$FA_TMP/out"

cp -r "$EX/captures" "$FA_TMP/one"
narrow leaf03 3 "$FA_TMP/one"
[ "$(grep -c '==( 4X ' "$FA_TMP/one/ib-fabric/iblinkinfo-l.txt")" = 2 ] &&
	[ "$(grep -c ' 4x QDR ' "$FA_TMP/one/ib-fabric/ibnetdiscover-p.txt")" = 2 ] ||
	fa_fail "the captures were not rewritten on both ends" "$FA_TMP/one/ib-fabric/iblinkinfo-l.txt"
fa_run run -i "$EX/inventory.yaml" --replay "$FA_TMP/one" --json "$FA_TMP/one.json"
fa_new_findings "$FA_TMP/bundled.json" "$FA_TMP/one.json" >"$FA_TMP/one.new"
printf '%s\n' "error ib.link.tier.uniform ib-fabric:spine01/3 (group tier 1-2)" >"$FA_TMP/one.want"
fa_expect_golden "one narrow leaf-spine link: one finding, on the spine's end" \
	"$FA_TMP/one.want" "$FA_TMP/one.new"
fa_expect_grep "... naming the leaf, its rate and the tier's" \
	'spine01/3 \(to leaf03\) runs at 4X 40G; most tier 1-2 links run at 12X 120G' "$FA_TMP/out"
python3 - "$FA_TMP/one.json" >"$FA_TMP/counts" <<'PY'
import json, sys
c = {x["id"]: x["counts"] for x in json.load(open(sys.argv[1]))["rules"]}["ib.link.tier.uniform"]
print("pass %(pass)d fail %(fail)d notevaluable %(notevaluable)d" % c)
PY
echo "pass 15 fail 1 notevaluable 0" >"$FA_TMP/counts.want"
fa_expect_golden "... and every other link passes: 7 CA links, 8 leaf-spine links" \
	"$FA_TMP/counts.want" "$FA_TMP/counts"

cp -r "$EX/captures" "$FA_TMP/all"
for leaf in 1 2 3 4; do
	narrow leaf0$leaf $leaf "$FA_TMP/all"
done
sed -i -e '/"  *spine02" .*\[  \] ==(12X .* "leaf0[1-4]"/s/==(12X /==( 4X /' \
	-e '/"  *leaf0[1-4]" .*\[  \] ==(12X .* "spine02"/s/==(12X /==( 4X /' \
	"$FA_TMP/all/ib-fabric/iblinkinfo-l.txt"
sed -i -e "/( 'leaf0[1-4]' - 'spine02' )/s/ 12x QDR / 4x QDR /" \
	-e "/( 'spine02' - 'leaf0[1-4]' )/s/ 12x QDR / 4x QDR /" \
	"$FA_TMP/all/ib-fabric/ibnetdiscover-p.txt"
fa_run run -i "$EX/inventory.yaml" --replay "$FA_TMP/all" --json "$FA_TMP/all.json"
fa_new_findings "$FA_TMP/bundled.json" "$FA_TMP/all.json" >"$FA_TMP/all.new"
: >"$FA_TMP/all.want"
fa_expect_golden "every leaf-spine link at 4X is the tier's design: no new finding" \
	"$FA_TMP/all.want" "$FA_TMP/all.new"

fa_done
