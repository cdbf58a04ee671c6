#!/bin/sh
# SPDX-License-Identifier: MIT
# --format prometheus (node_exporter textfile) for audit, diff, gate and drift passes
# "promtool check metrics" and carries the documented series; written atomically.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

command -v promtool >/dev/null 2>&1 || fa_skip "promtool (Debian package prometheus) is not installed"

check() {
	if promtool check metrics <"$2" >"$FA_TMP/promtool.out" 2>&1; then
		fa_ok "$1"
	else
		fa_fail "$1" "$FA_TMP/promtool.out" "$2"
	fi
}

fa_fw_snapshot pre
# shellcheck disable=SC2046
fa_fw_snapshot partial $(fa_fw_update_faults gpu03/mlx5_1) --fault mtu:gpu02/ens1f0np0=1500
mkdir "$FA_TMP/textfile"

fa_run run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -f prometheus \
	-o "$FA_TMP/textfile/fabric-audit.prom"
fa_expect_rc "run -f prometheus exits 1 on the example's findings" 1
P="$FA_TMP/textfile/fabric-audit.prom"
check "the audit metrics pass promtool" "$P"
fa_expect_grep "findings by rule and severity" \
	'^fabric_audit_findings\{command="audit",rule="mtu.rdma.jumbo",severity="error"\} 1$' "$P"
fa_expect_grep "rules without findings are exported as 0" \
	'^fabric_audit_findings\{command="audit",rule="trust.dscp",severity="error"\} 0$' "$P"
fa_expect_grep "devices by status" '^fabric_audit_devices\{command="audit",status="ok"\} 7$' "$P"
fa_expect_grep "the last run time" '^fabric_audit_last_run_timestamp_seconds\{command="audit"\} [0-9]{10}$' "$P"
fa_expect_grep "the last run duration" '^fabric_audit_last_run_duration_seconds\{command="audit"\} [0-9]+\.[0-9]{3}$' "$P"
fa_expect_grep "the FEC-corrected bits of the example's NICs, under a name promtool takes" \
	'^fabric_audit_port_corrected_bit_errors_total\{command="audit",device="gpu01",port="ens1f0np0"\} [0-9]+$' "$P"
fa_expect_grep "HELP lines" '^# HELP fabric_audit_findings ' "$P"
fa_expect_grep "TYPE lines" '^# TYPE fabric_audit_findings gauge$' "$P"
if [ "$(ls -A "$FA_TMP/textfile")" = fabric-audit.prom ]; then
	fa_ok "only the .prom file is in the textfile folder (no temporary left)"
else
	fa_fail "only the .prom file is in the textfile folder (no temporary left)"
fi

fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" --allow "$FA_FW_ALLOW" -f prometheus
cp "$FA_TMP/out" "$FA_TMP/diff.prom"
check "the diff metrics pass promtool" "$FA_TMP/diff.prom"
fa_expect_grep "drift change counts by kind and op" \
	'^fabric_audit_drift_changes\{command="diff",kind="port",op="changed"\} 8$' "$FA_TMP/diff.prom"
fa_expect_grep "changes outside the allow-list" \
	'^fabric_audit_drift_disallowed_changes\{command="diff"\} 1$' "$FA_TMP/diff.prom"
fa_expect_grep "expected changes missing" \
	'^fabric_audit_drift_expected_missing\{command="diff"\} 1$' "$FA_TMP/diff.prom"
fa_expect_grep "the run failed" '^fabric_audit_last_run_success\{command="diff"\} 0$' "$FA_TMP/diff.prom"

fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/partial.json" --allow "$FA_FW_ALLOW" \
	--prometheus "$FA_TMP/gate.prom" -o /dev/null
check "the gate metrics pass promtool" "$FA_TMP/gate.prom"
fa_expect_grep "the gate exports drift and audit series" \
	'^fabric_audit_findings\{command="gate",rule="mtu.rdma.jumbo",severity="error"\} 1$' \
	"$FA_TMP/gate.prom"

fa_run drift -H "$FA_TMP/h" --snapshot "$FA_TMP/pre.json" --prometheus "$FA_TMP/drift.prom"
check "the drift metrics pass promtool" "$FA_TMP/drift.prom"
fa_expect_grep "labelled command=drift" '^fabric_audit_last_run_success\{command="drift"\} 1$' \
	"$FA_TMP/drift.prom"

# Several jobs' files in one textfile folder never export the same series twice.
cat "$P" "$FA_TMP/diff.prom" "$FA_TMP/gate.prom" "$FA_TMP/drift.prom" | grep -v '^#' |
	sed 's/ [^ ]*$//' | sort | uniq -d >"$FA_TMP/dups"
if [ ! -s "$FA_TMP/dups" ]; then
	fa_ok "audit, diff, gate and drift files share no series"
else
	fa_fail "audit, diff, gate and drift files share no series" "$FA_TMP/dups"
fi

fa_done
