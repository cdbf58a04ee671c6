#!/bin/sh
# SPDX-License-Identifier: MIT
# A priority an Onyx switch port pauses (PFC on) but that sits in a lossy buffer pool gets no
# PFC headroom: pfc.pool.lossless is an error on each such port that is up.  "show roce"
# prints the pools and their switch priorities (RoCE buffer pools).  Two Onyx switches are
# replayed from the Onyx test files (tests/fixtures/onyx, "show version" from the real 3.6
# capture), Eth1/1 and Eth1/2 up with PFC on priority 3; on sw01 the pool table is changed so
# that priority 3 sits in lossy-default.  The negative variants (pools listed in the other
# order, priorities in another order) give no finding; without the table the rule is not
# evaluable, never a pass.
. "$(dirname "$0")/lib.sh"

fx="$FA_SRCDIR/tests/fixtures/onyx"
ver="$FIXTURES/QualiSystemsLab__Mellanox-OS-Shell/extracted/test_mellanox_os__show_version.txt"
[ -f "$ver" ] || fa_skip "the upstream Onyx show version capture is not there"

# fabric DIR ROCE1 ROCE2: inventory DIR/inventory.yaml, switches sw01 and sw02 answered from
# DIR/captures, "show roce" of sw01 from file ROCE1 and of sw02 from ROCE2.
fabric() {
	for sw in sw01 sw02; do
		mkdir -p "$1/captures/$sw"
		cp "$ver" "$1/captures/$sw/show-version.txt"
		cp "$fx/show-dcb-priority-flow-control.txt" "$1/captures/$sw/"
		sed 's/^\(  Operational state *: \)Down$/\1Up/' "$fx/show-interfaces-ethernet.txt" \
			>"$1/captures/$sw/show-interfaces-ethernet.txt"
	done
	cp "$2" "$1/captures/sw01/show-roce.txt"
	cp "$3" "$1/captures/sw02/show-roce.txt"
	printf '%s\n' 'defaults:' '  transport: replay' '  captures: captures' 'groups:' \
		'  leaves:' '    platform: onyx' '    role: leaf' '    hosts: ["sw[01-02]"]' \
		>"$1/inventory.yaml"
}

# audit DIR: collect DIR's fabric and audit it with the rule alone; report DIR/report.json.
audit() {
	fa_run collect -i "$1/inventory.yaml" -o "$1/snap.json"
	[ "$fa_rc" = 0 ] || fa_fail "the fabric of $(basename "$1") collects" "$FA_TMP/err"
	fa_run audit -s "$1/snap.json" --select pfc.pool.lossless --format json \
		-o "$1/report.json"
}

# priority 3 moved from roce-reserved to lossy-default
sed -e 's/^\(lossy-default .* \)0, 1, 2,   /\10, 1, 2, 3,/' \
	-e 's/^\(roce-reserved .* \)3          /\1-          /' "$fx/show-roce.txt" \
	>"$FA_TMP/lossy.txt"
fa_expect_grep "the changed table puts 3 in lossy-default" '^lossy-default .* 0, 1, 2, 3,' \
	"$FA_TMP/lossy.txt"
fa_expect_grep "and nothing in roce-reserved" '^roce-reserved +lossless +auto +- ' \
	"$FA_TMP/lossy.txt"

fabric "$FA_TMP/clean" "$fx/show-roce.txt" "$fx/show-roce.txt"
audit "$FA_TMP/clean"
fa_expect_rc "two switches with 3 in the lossless pool pass: exit 0" 0
fa_expect_grep "the snapshot records the lossless pool priorities" \
	'"lossless_pool_priorities": ?\[ *3 *\]' "$FA_TMP/clean/snap.json"
fa_rule_findings "$FA_TMP/clean/report.json" pfc.pool.lossless >"$FA_TMP/clean-findings.txt"
fa_not_evaluable "$FA_TMP/clean/report.json" >"$FA_TMP/clean-ne.txt"
if [ ! -s "$FA_TMP/clean-findings.txt" ] && [ ! -s "$FA_TMP/clean-ne.txt" ]; then
	fa_ok "no finding, nothing unevaluable"
else
	fa_fail "no finding, nothing unevaluable" "$FA_TMP/clean-findings.txt" \
		"$FA_TMP/clean-ne.txt"
fi

fabric "$FA_TMP/lossy" "$FA_TMP/lossy.txt" "$fx/show-roce.txt"
audit "$FA_TMP/lossy"
fa_expect_rc "a PFC priority in a lossy pool fails the run: exit 1" 1
python3 -c "
import json, sys
for d in json.load(open(sys.argv[1]))['devices']:
    print(d['name'], *sorted(set(str(p.get('qos', {}).get('lossless_pool_priorities'))
                                 for p in d['ports'] if p.get('oper_state') == 'up')),
          *[w for w in d.get('warnings', []) if 'buffer pool' in w])
" "$FA_TMP/lossy/snap.json" >"$FA_TMP/lossy-pools.txt"
printf '%s\n' 'sw01 []' 'sw02 [3]' >"$FA_TMP/expected.txt"
if diff -u "$FA_TMP/expected.txt" "$FA_TMP/lossy-pools.txt" >"$FA_TMP/pools.diff"; then
	fa_ok "the snapshot has no lossless priority on sw01, 3 on sw02, and no pool warning"
else
	fa_fail "the snapshot has no lossless priority on sw01, 3 on sw02, and no pool warning" \
		"$FA_TMP/pools.diff"
fi
fa_rule_findings "$FA_TMP/lossy/report.json" pfc.pool.lossless >"$FA_TMP/lossy-findings.txt"
printf '%s\n' 'error pfc.pool.lossless sw01:Eth1/1' 'error pfc.pool.lossless sw01:Eth1/2' \
	>"$FA_TMP/expected.txt"
if diff -u "$FA_TMP/expected.txt" "$FA_TMP/lossy-findings.txt" >"$FA_TMP/findings.diff"; then
	fa_ok "the errors name sw01's two PFC-on ports that are up, nothing on sw02"
else
	fa_fail "the errors name sw01's two PFC-on ports that are up, nothing on sw02" \
		"$FA_TMP/findings.diff"
fi
fa_expect_grep "the message names the priority" \
	'sw01:Eth1/1 pauses priorities \[3\], which no lossless buffer pool holds' \
	"$FA_TMP/lossy/report.json"

# the negative variants: the same pools in the other order, the priorities in another order
awk '/^lossy-default/ { held = $0; getline cont; next }
	{ print } /^roce-reserved/ { print held; print cont }' "$fx/show-roce.txt" \
	>"$FA_TMP/reordered.txt"
fa_expect_grep "the reordered table lists roce-reserved first" \
	'^roce-reserved' "$FA_TMP/reordered.txt"
sed -e 's/0, 1, 2,   /7, 6, 5,   /' -e 's/^\( *\)4, 5, 6, 7$/\14, 2, 1, 0/' \
	"$fx/show-roce.txt" >"$FA_TMP/prio-order.txt"
fa_expect_grep "the other file lists the lossy priorities backwards" '^ +4, 2, 1, 0$' \
	"$FA_TMP/prio-order.txt"
fabric "$FA_TMP/negative" "$FA_TMP/reordered.txt" "$FA_TMP/prio-order.txt"
audit "$FA_TMP/negative"
fa_expect_rc "pools or priorities in another order pass: exit 0" 0
fa_rule_findings "$FA_TMP/negative/report.json" pfc.pool.lossless >"$FA_TMP/neg-findings.txt"
fa_not_evaluable "$FA_TMP/negative/report.json" >"$FA_TMP/neg-ne.txt"
if [ ! -s "$FA_TMP/neg-findings.txt" ] && [ ! -s "$FA_TMP/neg-ne.txt" ]; then
	fa_ok "they give no finding and nothing unevaluable"
else
	fa_fail "they give no finding and nothing unevaluable" "$FA_TMP/neg-findings.txt" \
		"$FA_TMP/neg-ne.txt"
fi

# sw01 prints no pool table: not evaluable on its PFC-on ports, never a pass
sed '/^RoCE buffer pools:$/,$d' "$fx/show-roce.txt" >"$FA_TMP/no-pools.txt"
fabric "$FA_TMP/unread" "$FA_TMP/no-pools.txt" "$fx/show-roce.txt"
audit "$FA_TMP/unread"
fa_expect_rc "a switch without the pool table makes the run incomplete: exit 2" 2
fa_not_evaluable "$FA_TMP/unread/report.json" | sort >"$FA_TMP/unread-ne.txt"
printf '%s\n' 'pfc.pool.lossless sw01:Eth1/1' 'pfc.pool.lossless sw01:Eth1/2' \
	>"$FA_TMP/expected.txt"
if diff -u "$FA_TMP/expected.txt" "$FA_TMP/unread-ne.txt" >"$FA_TMP/ne.diff"; then
	fa_ok "the rule is not evaluable on sw01's PFC-on ports, and only there"
else
	fa_fail "the rule is not evaluable on sw01's PFC-on ports, and only there" "$FA_TMP/ne.diff"
fi
fa_rule_findings "$FA_TMP/unread/report.json" pfc.pool.lossless >"$FA_TMP/unread-findings.txt"
fa_expect_no_grep "and gives no finding" 'pfc.pool.lossless' "$FA_TMP/unread-findings.txt"

fa_run rules explain pfc.pool.lossless
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows it is Onyx only" '^  platforms onyx$' "$FA_TMP/out"
fa_expect_grep "and its rationale" 'A priority mapped to a lossy pool' "$FA_TMP/out"

fa_done
