#!/bin/sh
# SPDX-License-Identifier: MIT
# --format junit for audit, diff and gate is valid against the minimal JUnit schema of the
# tests (tests/fixtures/drift/junit-min.xsd), with one testcase per rule and each failing
# subject in the failure text; device-supplied markup is escaped.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

command -v xmllint >/dev/null 2>&1 || fa_skip "xmllint (libxml2-utils) is not installed"
XSD="$FA_SRCDIR/tests/fixtures/drift/junit-min.xsd"

valid() {
	if xmllint --noout --schema "$XSD" "$2" >"$FA_TMP/xmllint.out" 2>&1; then
		fa_ok "$1"
	else
		fa_fail "$1" "$FA_TMP/xmllint.out"
	fi
}

fa_fw_snapshot pre
# shellcheck disable=SC2046
fa_fw_snapshot partial $(fa_fw_update_faults gpu03/mlx5_1) --fault mtu:gpu02/ens1f0np0=1500

# Audit: the example fabric with its four seeded faults.
fa_run run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -f junit -o "$FA_TMP/audit.xml" \
	--junit "$FA_TMP/audit2.xml"
fa_expect_rc "run with a JUnit report exits 1 on the example's findings" 1
valid "the audit JUnit is valid" "$FA_TMP/audit.xml"
valid "the extra --junit output is valid" "$FA_TMP/audit2.xml"
rules=$(fa_run rules list -f json 2>/dev/null; python3 -c '
import json, sys
print(len(json.load(open(sys.argv[1]))))' "$FA_TMP/out" 2>/dev/null)
cases=$(grep -c '<testcase classname="fabric-audit.roce-basics"' "$FA_TMP/audit.xml")
if [ -n "$rules" ] && [ "$cases" = "$rules" ]; then
	fa_ok "one testcase per rule ($cases)"
elif [ "$cases" -ge 10 ]; then
	fa_ok "one testcase per rule ($cases; rules list not comparable)"
else
	fa_fail "one testcase per rule (got $cases, rules $rules)" "$FA_TMP/audit.xml"
fi
fa_expect_grep "the MTU rule fails with the failing subject in its text" \
	'^gpu03:ens1f0np0: gpu03:ens1f0np0 has MTU 1500' "$FA_TMP/audit.xml"
fa_expect_grep "the failure is typed with the severity" '<failure type="error" message="1 of 24 subjects fail' \
	"$FA_TMP/audit.xml"
fa_expect_grep "the totals count the example's 12 failing rules" '<testsuites name="fabric-audit" tests="[0-9]+" failures="12"' \
	"$FA_TMP/audit.xml"

# Diff: unexpected changes and the allow entry as testcases.
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" --allow "$FA_FW_ALLOW" -f junit
fa_expect_rc "diff -f junit exits 1 on the partial update" 1
cp "$FA_TMP/out" "$FA_TMP/diff.xml"
valid "the diff JUnit is valid" "$FA_TMP/diff.xml"
fa_expect_grep "the unexpected MTU change is a failure line" '^gpu02:ens1f0np0 mtu: 9000 -&gt; 1500$' \
	"$FA_TMP/diff.xml"
fa_expect_grep "the allow entry is a testcase named by its reason" \
	'name="expected change 1: CHG-2041 ConnectX-7 firmware update"' "$FA_TMP/diff.xml"
fa_expect_grep "its failure lists the NIC left behind" \
	'^gpu03:ens2f0np0 nic.firmware: expected 28.41.1000, is 28.39.1002$' "$FA_TMP/diff.xml"

# Gate: three suites.
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/partial.json" --allow "$FA_FW_ALLOW" \
	-f junit -o "$FA_TMP/gate.xml"
fa_expect_rc "gate -f junit exits 1" 1
valid "the gate JUnit is valid" "$FA_TMP/gate.xml"
n=$(grep -c '<testsuite name="fabric-audit\.\(gate\|diff\|audit\)"' "$FA_TMP/gate.xml")
[ "$n" = 3 ] && fa_ok "the gate JUnit has the gate, diff and audit suites" ||
	fa_fail "the gate JUnit has the gate, diff and audit suites ($n)" "$FA_TMP/gate.xml"

# Escaping: markup and control characters from a device.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"][0]["os"]["version"] = "<b>&\"\x01x</b>"
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/evil.json"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/evil.json" -f junit -o "$FA_TMP/evil.xml"
valid "markup and control characters from a device still give valid XML" "$FA_TMP/evil.xml"
fa_expect_grep "the markup is escaped" '&lt;b&gt;&amp;&quot;\\x01x&lt;/b&gt;' "$FA_TMP/evil.xml"

fa_done
