#!/bin/sh
# SPDX-License-Identifier: MIT
# drift audits too: a fabric that was already broken when its baseline was taken has its
# findings reported on every run (exit 1), beside "no drift"; the drift JSON carries the audit;
# a run whose faults are skipped is clean (exit 0); an incomplete collection exits 2.
. "$(dirname "$0")/lib.sh"

cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/ex"
inv="$FA_TMP/ex/inventory.yaml"
H="$FA_TMP/history"
SEEDED="--skip firmware.nic.uniform --skip speed.rdma.uniform --skip pfc.lossless.enabled
	--skip mtu.rdma.jumbo --skip path.pfc.lossless --skip pfc.link.equal
	--skip nccl.path.lossless"
# drift reads the counters (docs/health.md): its first run cannot measure health, and the
# example's seeded link-health faults are findings of their own.  This test is about the
# configuration audit, so the health category is left out of every run.
NOHEALTH="--skip health"

# 1. The first run: the baseline is recorded, and the seeded faults are reported.
# shellcheck disable=SC2086
fa_run drift -H "$H" -i "$inv" --json "$FA_TMP/d1.json" $NOHEALTH
fa_expect_rc "a baseline that already has faults: the first run exits 1" 1
fa_expect_grep "stderr says the baseline was recorded" 'no baseline yet: .* is the baseline now' \
	"$FA_TMP/err"
fa_expect_grep "stderr gives the audit verdict" \
	'^fabric-audit drift: audit of the new snapshot: FAIL: 9 finding\(s\), 0 check\(s\) not evaluable, 0 device\(s\) not collected$' \
	"$FA_TMP/err"
fa_expect_grep "the text headline combines drift and audit" '^DRIFT CHECK FAIL  drift pass  audit fail$' \
	"$FA_TMP/out"
fa_expect_grep "the text lists the seeded MTU fault" 'mtu\.rdma\.jumbo +gpu03:ens1f0np0' "$FA_TMP/out"

# 2. The next run: no drift, the baseline moves on, and the faults are still reported.
# shellcheck disable=SC2086
fa_run drift -H "$H" -i "$inv" --json "$FA_TMP/d2.json" --prometheus "$FA_TMP/d2.prom" \
	--junit "$FA_TMP/d2.xml" $NOHEALTH
fa_expect_rc "no drift, but the faults are still there: exit 1" 1
fa_expect_grep "stderr says there is no drift" 'no drift since .*baseline is now' "$FA_TMP/err"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
assert (s["verdict"], s["audit"], s["overall"]) == ("pass", "fail", "fail"), s
assert d["audit"]["summary"]["findings"] == 9, d["audit"]["summary"]
assert "mtu.rdma.jumbo" in {f["rule"] for f in d["audit"]["findings"]}
' "$FA_TMP/d2.json" 2>"$FA_TMP/py.err" &&
	fa_ok "the drift JSON carries the audit: drift pass, audit fail, overall fail" ||
	fa_fail "the drift JSON carries the audit: drift pass, audit fail, overall fail" "$FA_TMP/py.err"
fa_schema_ok() {
	if ! python3 -c 'import jsonschema' 2>/dev/null; then
		fa_ok "$1 (not checked: python3-jsonschema is not installed)"
		return
	fi
	python3 -c '
import json, sys, jsonschema
doc = json.load(open(sys.argv[2]))
if len(sys.argv) > 3:
    doc = doc[sys.argv[3]]
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(doc)
' "$2" "$3" ${4:+"$4"} 2>"$FA_TMP/schema.err" && fa_ok "$1" || fa_fail "$1" "$FA_TMP/schema.err"
}
fa_schema_ok "the drift JSON is valid against diff.schema.json" \
	"$FA_SRCDIR/docs/schema/diff.schema.json" "$FA_TMP/d2.json"
fa_schema_ok "its audit is valid against report.schema.json" \
	"$FA_SRCDIR/docs/schema/report.schema.json" "$FA_TMP/d2.json" audit
fa_expect_grep "Prometheus exports the drift run's verdict as fail" \
	'^fabric_audit_verdict\{command="drift",verdict="fail"\} 1$' "$FA_TMP/d2.prom"
fa_expect_grep "Prometheus exports the audit's findings" \
	'^fabric_audit_findings\{command="drift",rule="mtu.rdma.jumbo",severity="error"\} 1$' \
	"$FA_TMP/d2.prom"
fa_expect_grep "JUnit has the audit suite after the diff suite" \
	'<testsuite name="fabric-audit.audit"' "$FA_TMP/d2.xml"

# 3. With the seeded faults skipped there is nothing left: exit 0.
# shellcheck disable=SC2086
fa_run drift -H "$H" -i "$inv" $SEEDED $NOHEALTH
fa_expect_rc "no drift and a clean audit exit 0" 0
fa_expect_grep "the text headline says so" '^DRIFT CHECK PASS  drift pass  audit pass$' "$FA_TMP/out"

# 4. Rules that cannot be loaded stop the run before anything is stored.
n=$(ls "$H" | grep -c '^snapshot-')
fa_run drift -H "$H" -i "$inv" -r "$FA_TMP/no-such-pack.yaml"
fa_expect_rc "a missing rule pack exits 65" 65
if [ "$(ls "$H" | grep -c '^snapshot-')" = "$n" ]; then
	fa_ok "and no snapshot is stored"
else
	fa_fail "and no snapshot is stored" "$FA_TMP/err"
fi

# 5. A first run in a new history with a device not collected: incomplete, exit 2.
rm -r "$FA_TMP/ex/captures/gpu03"
# shellcheck disable=SC2086
fa_run drift -H "$FA_TMP/h2" -i "$inv" $SEEDED $NOHEALTH
fa_expect_rc "a device not collected exits 2" 2
fa_expect_grep "the audit says INCOMPLETE" 'audit of the new snapshot: INCOMPLETE: .* 1 device\(s\) not collected' \
	"$FA_TMP/err"
# shellcheck disable=SC2086
fa_run drift -H "$FA_TMP/h3" -i "$inv" $SEEDED $NOHEALTH --allow-incomplete
fa_expect_rc "--allow-incomplete accepts it: exit 0" 0

fa_done
