#!/bin/sh
# SPDX-License-Identifier: MIT
# Path, fabric and plan rules on data with known faults, with exact findings: the bundled
# example with its cabling plan (one deliberate miswire, the PFC fault on a path, 2:1
# leaves), and the hand-made Clos of tests/fixtures/rules (a spine port without PFC on the
# lossless priority, a 4:1 leaf, every plan status, in CSV and DOT).
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fx="$FA_SRCDIR/tests/fixtures/rules"
golden="$FA_SRCDIR/tests/integration/t4003"

# rule, subject, actual and message of every finding, sorted; the source tree's path and the
# plan's extension (the CSV and DOT plans have their links on the same lines) left out.
findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: (f['rule'], f['subject_text'])):
    line = ' '.join([f['severity'], f['rule'], f['subject_text'], '|', f['actual'], '|', f['message']])
    print(line.replace(sys.argv[2] + '/', '').replace('plan-clos.dot', 'plan-clos.csv'))
" "$1" "$FA_SRCDIR"
}

fa_run run -i "$ex/inventory.yaml" --plan "$ex/cabling.csv" --select 'path.*' \
	--select 'mtu.path' --select topology --select cabling --select state \
	--format json -o "$FA_TMP/ex.json"
fa_expect_rc "the example with its plan has findings: exit 1" 1
findings "$FA_TMP/ex.json" >"$FA_TMP/ex.txt"
fa_expect_golden "the example's path, fabric and plan findings are exact" "$golden/example.txt" \
	"$FA_TMP/ex.txt"

# The plan can also come from the pack parameter, set by a site policy.
printf 'params:\n  cabling_plan: %s\n' "$ex/cabling.csv" >"$FA_TMP/policy.yaml"
# (JSON: the text report cuts a message over 200 characters, which a long checkout path makes)
fa_run run -i "$ex/inventory.yaml" --policy "$FA_TMP/policy.yaml" --select cabling -f json
fa_expect_rc "a plan given by policy finds the miswire" 1
fa_expect_grep "the miswire is named with its plan line" 'is miswired: gpu04:ens2f0np0 -- leaf02:swp4, leaf02:swp5 -- nothing \(.*cabling.csv:12\)' "$FA_TMP/out"

for plan in plan-clos.csv plan-clos.dot; do
	fa_run audit -s "$fx/snapshot-clos.json" --plan "$fx/$plan" --format json \
		-o "$FA_TMP/clos.json"
	fa_expect_rc "the Clos fixture with $plan has findings: exit 1" 1
	findings "$FA_TMP/clos.json" >"$FA_TMP/clos.txt"
	fa_expect_golden "the Clos findings with $plan are exact" "$golden/clos.txt" "$FA_TMP/clos.txt"
done

# What the binary writes with waivers and plans is valid against the report schema.
if python3 -c "import jsonschema" 2>/dev/null; then
	if python3 -c "
import json, sys, jsonschema
schema = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[1])))
" "$FA_TMP/clos.json" "$FA_SRCDIR/docs/schema/report.schema.json" 2>"$FA_TMP/schema.err"; then
		fa_ok "the report is valid against docs/schema/report.schema.json"
	else
		fa_fail "the report is valid against docs/schema/report.schema.json" "$FA_TMP/schema.err"
	fi
fi

fa_run audit -s "$fx/snapshot-clos.json" --plan "$FA_TMP/nonexistent.csv"
fa_expect_rc "a missing plan file is bad input: exit 65" 65
printf 'leaf1,swp1,spine1\n' >"$FA_TMP/bad.csv"
fa_run audit -s "$fx/snapshot-clos.json" --plan "$FA_TMP/bad.csv"
fa_expect_rc "a malformed plan exits 65" 65
fa_expect_grep "naming file:line" 'bad.csv:1:1: expected a_device,a_port,b_device,b_port' "$FA_TMP/err"

fa_done
