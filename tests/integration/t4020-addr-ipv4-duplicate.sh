#!/bin/sh
# SPDX-License-Identifier: MIT
# Two hosts with one RoCE v2 IPv4 address (hence one RoCE v2 GID) are one finding of
# roce.ipv4.unique naming both ports.  A copy of the bundled example where gpu03's first NIC
# took gpu01's address 10.0.0.1: show_gids and the sysfs GID table say so as the host prints
# them (::ffff:10.0.0.1 is 0000:...:ffff:0a00:0001).  Negative: every host's addresses moved
# to other subnets, still distinct.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/addr-lib.sh"

addr_run clean "$ex"
if grep -q '^roce\.ipv4\.unique' "$FA_TMP/clean.txt"; then
	fa_fail "the bundled example has no duplicate RoCE v2 address" "$FA_TMP/clean.txt"
else
	fa_ok "the bundled example has no duplicate RoCE v2 address"
fi

cap=$(addr_copy dup)
for f in $(addr_gid_files "$cap/gpu03"); do
	sed -i -e 's/ffff:0a00:0003/ffff:0a00:0001/' -e 's/\t10\.0\.0\.3 /\t10.0.0.1 /' "$f"
done
fa_expect_grep "show_gids prints gpu01's address on gpu03's mlx5_0" \
	'^mlx5_0	1	3	0000:0000:0000:0000:0000:ffff:0a00:0001	10\.0\.0\.1 ' "$cap/gpu03/show-gids.txt"
fa_expect_grep "the sysfs GID table says the same" \
	'mlx5_0/ports/1/gids/3:0000:0000:0000:0000:0000:ffff:0a00:0001$' \
	"$(addr_gid_files "$cap/gpu03" | tail -1)"
addr_run dup "$FA_TMP/dup"
fa_expect_rc "a duplicate address fails the run: exit 1" 1
addr_expect_new dup "the duplicate is exactly one new finding, on the address" \
	"roce.ipv4.unique	fabric[10.0.0.1]"
fa_expect_grep "the finding names both ports" \
	'10\.0\.0\.1 is used by gpu01:ens1f0np0 and gpu03:ens1f0np0$' "$FA_TMP/dup.txt"
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
f = [f for f in r['findings'] if f['rule'] == 'roce.ipv4.unique']
sys.exit(not (len(f) == 1 and f[0]['subject'] == {'type': 'fabric', 'item': '10.0.0.1'}
              and f[0]['actual'] == 'gpu01:ens1f0np0, gpu03:ens1f0np0'))
" "$FA_TMP/dup.json" && fa_ok "the JSON subject is the address, actual the two owners" ||
	fa_fail "the JSON subject is the address, actual the two owners" "$FA_TMP/dup.txt"

# The report with a for_each subject is valid against the published schema.
if python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null; then
	python3 -c "
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
schema = json.load(open(sys.argv[1]))
errors = list(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(
    json.load(open(sys.argv[2]))))
for e in errors[:5]:
    print(e.message)
sys.exit(1 if errors else 0)
" "$FA_SRCDIR/docs/schema/report.schema.json" "$FA_TMP/dup.json" >"$FA_TMP/schema.err" &&
		fa_ok "the report validates against docs/schema/report.schema.json" ||
		fa_fail "the report validates against docs/schema/report.schema.json" "$FA_TMP/schema.err"
fi

# Negative: 10.0.0.0/16 -> 10.2.0.0/16 and 10.1.0.0/16 -> 10.3.0.0/16 on every host.
cap=$(addr_copy moved)
for h in gpu01 gpu02 gpu03 gpu04; do
	for f in $(addr_gid_files "$cap/$h"); do
		sed -i -e 's/ffff:0a00:/ffff:0a02:/' -e 's/ffff:0a01:/ffff:0a03:/' \
			-e 's/\t10\.0\./\t10.2./' -e 's/\t10\.1\./\t10.3./' "$f"
	done
done
fa_expect_grep "gpu04's second NIC now has 10.3.0.4" '	10\.3\.0\.4 ' "$cap/gpu04/show-gids.txt"
addr_run moved "$FA_TMP/moved"
addr_expect_new moved "addresses renumbered but distinct give no new finding" ""
fa_expect_grep "the renumbered addresses were read" '"ipv4": ?"10\.3\.0\.4"' "$FA_TMP/moved-snap.json"

fa_run rules explain roce.ipv4.unique
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows what it walks" '^for_each:' "$FA_TMP/out"

fa_done
