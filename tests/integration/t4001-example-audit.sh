#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job on the bundled example: exactly the four seeded faults are found, nothing
# else, with the exit codes a pipeline gates on; the same snapshot audited alone agrees.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
golden="$FA_SRCDIR/tests/integration/t4001"

# rule and subject of every finding, one per line, sorted
findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: (f['rule'], f['subject_text'])):
    print(f['severity'], f['rule'], f['subject_text'], '|', f['expected'], '|', f['actual'])
" "$1"
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/report.json" --html "$FA_TMP/report.html" \
	-S "$FA_TMP/snap.json"
fa_expect_rc "the example has findings: exit 1" 1
findings "$FA_TMP/report.json" >"$FA_TMP/findings.txt"
fa_expect_golden "exactly the seeded faults are found" "$golden/findings.txt" "$FA_TMP/findings.txt"
fa_expect_grep "the text report says FAIL with 13 findings, 10 errors" '^FAIL  findings 13 \(error 10' "$FA_TMP/out"
fa_expect_grep "the text report names the PFC hop" 'pfc.lossless.enabled +leaf02:swp3' "$FA_TMP/out"
fa_expect_grep "the HTML report is written" '<html' "$FA_TMP/report.html"

# One root cause per fault: the leaf port with PFC on the wrong priority explains the link
# and the two path findings of its hop; the other nine findings stand alone.
if python3 - "$FA_TMP/report.json" >"$FA_TMP/groups.check" 2>&1 <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["summary"]["root_causes"] == 10, r["summary"]
groups = {}
for f in r["findings"]:
    groups.setdefault(f["group"], []).append(f)
assert len(groups) == 10, groups.keys()
root = [f for f in r["findings"] if f["rule"] == "pfc.lossless.enabled"][0]
members = sorted(f["rule"] for f in groups[root["group"]] if f is not root)
assert members == ["nccl.path.lossless", "path.pfc.lossless", "pfc.link.equal"], members
assert len(root["explains"]) == 3, root
for f in groups[root["group"]]:
    if f is not root:
        assert f["explained_by"] == [{"rule": "pfc.lossless.enabled", "subject_text": "leaf02:swp3"}], f
assert all(len(g) == 1 for k, g in groups.items() if k != root["group"]), groups
PY
then
	fa_ok "the PFC fault is one root cause explaining its link and path findings"
else
	fa_fail "the PFC fault is one root cause explaining its link and path findings" \
		"$FA_TMP/groups.check"
fi
fa_expect_grep "the text report counts the root causes" '  root causes 10  ' "$FA_TMP/out"
fa_expect_grep "the text report says what the PFC finding explains" \
	'explains 3 findings: nccl.path.lossless on gpu03:ens2f0np0' "$FA_TMP/out"
fa_expect_grep "the text report says what explains the link finding" \
	'explained by: pfc.lossless.enabled on leaf02:swp3' "$FA_TMP/out"
fa_expect_grep "coverage counts every device" '"ok": 7' "$FA_TMP/report.json"

# What the binary writes is valid against the published schemas.
if python3 -c "import jsonschema" 2>/dev/null; then
	for pair in "snap.json snapshot" "report.json report"; do
		set -- $pair
		if python3 -c "
import json, sys, jsonschema
schema = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[1])))
" "$FA_TMP/$1" "$FA_SRCDIR/docs/schema/$2.schema.json" 2>"$FA_TMP/schema.err"; then
			fa_ok "the example's $2 is valid against docs/schema/$2.schema.json"
		else
			fa_fail "the example's $2 is valid against docs/schema/$2.schema.json" "$FA_TMP/schema.err"
		fi
	done
fi

# The same snapshot through 'audit' gives the same findings.
fa_run audit -s "$FA_TMP/snap.json" --format json -o "$FA_TMP/report2.json"
fa_expect_rc "audit of the kept snapshot exits 1" 1
findings "$FA_TMP/report2.json" >"$FA_TMP/findings2.txt"
fa_expect_golden "audit of the snapshot finds the same" "$golden/findings.txt" "$FA_TMP/findings2.txt"

# Threads share the subjects out; the report does not show it (only its times differ).
for n in 1 3 8; do
	fa_run audit -s "$FA_TMP/snap.json" --format json -o "$FA_TMP/report-t$n.json" --threads "$n"
	fa_expect_rc "audit on $n threads exits 1" 1
	grep -v -e '"created"' -e '"duration' "$FA_TMP/report-t$n.json" >"$FA_TMP/report-t$n.cmp"
done
for n in 3 8; do
	fa_expect_golden "the report on $n threads is the one on 1" "$FA_TMP/report-t1.cmp" \
		"$FA_TMP/report-t$n.cmp"
done
fa_run audit -s "$FA_TMP/snap.json" --threads 0
fa_expect_rc "--threads 0 is a usage error" 64
fa_expect_grep "--threads says what it takes" 'threads takes 1 to 64' "$FA_TMP/err"

# --fail-on: errors are findings at every threshold; a rules folder without the failing
# rules is clean.
fa_run audit -s "$FA_TMP/snap.json" --fail-on info
fa_expect_rc "--fail-on info still exits 1" 1
mkdir "$FA_TMP/rules"
cat >"$FA_TMP/rules/only-ecn.yaml" <<'YAML'
pack: only-ecn
params: { lossless_priority: 3 }
rules:
  - id: ecn.lossless.enabled
    title: Switch ports mark ECN on the lossless traffic class
    category: ecn
    severity: error
    scope: port
    where: device.kind == 'switch' and port.oper_state == 'up' and exists(port.qos)
    expect: params.lossless_priority in port.qos.ecn.enabled_tcs
    message: "{port} does not mark ECN on TC {params.lossless_priority}"
YAML
fa_run audit -s "$FA_TMP/snap.json" --no-default-rules -r "$FA_TMP/rules"
fa_expect_rc "a clean audit exits 0" 0
fa_expect_grep "a clean audit says PASS" '^PASS' "$FA_TMP/out"

# A device that could not be collected fails closed: incomplete, exit 2 (--require-complete is
# the default, kept for scripts); --allow-incomplete accepts it explicitly.
cp -r "$ex/captures" "$FA_TMP/caps"
rm -r "$FA_TMP/caps/gpu02"
fa_run run -i "$ex/inventory.yaml" --replay "$FA_TMP/caps" --no-default-rules -r "$FA_TMP/rules" \
	--require-complete
fa_expect_rc "a missing device with --require-complete exits 2" 2
fa_expect_grep "the report lists the failed device" 'gpu02' "$FA_TMP/out"
fa_run run -i "$ex/inventory.yaml" --replay "$FA_TMP/caps" --no-default-rules -r "$FA_TMP/rules"
fa_expect_rc "without options the same run exits 2 too" 2
fa_expect_grep "and says INCOMPLETE" '^INCOMPLETE  ' "$FA_TMP/out"
fa_run run -i "$ex/inventory.yaml" --replay "$FA_TMP/caps" --no-default-rules -r "$FA_TMP/rules" \
	--allow-incomplete
fa_expect_rc "--allow-incomplete accepts it: exit 0" 0

fa_done
