#!/bin/sh
# SPDX-License-Identifier: MIT
# The gate's third state: nothing changed and nothing failed, but checks of the post-change
# audit could not be evaluated (a field missing before and after): the gate is INCOMPLETE,
# exit 2, in text, JSON (valid against gate.schema.json) and JUnit; --allow-incomplete
# accepts it (exit 0) and the gate says it was accepted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

fa_fw_snapshot pre
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
for d in s["devices"]:
    if d["name"] == "gpu01":
        for p in d["ports"]:
            p.pop("mtu", None)
json.dump(s, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/nomtu.json"
echo 'allow: []' >"$FA_TMP/none.yaml"

fa_run gate --before "$FA_TMP/nomtu.json" --after "$FA_TMP/nomtu.json" --allow "$FA_TMP/none.yaml" \
	--json "$FA_TMP/gate.json" --junit "$FA_TMP/gate.xml"
fa_expect_rc "checks not evaluable after the change: the gate exits 2" 2
fa_expect_grep "stderr says INCOMPLETE" '^fabric-audit gate: INCOMPLETE$' "$FA_TMP/err"
fa_expect_grep "the reason counts the checks" \
	'^fabric-audit gate: the audit of the post-change state is incomplete: [0-9]+ finding\(s\), [1-9][0-9]* check\(s\) not evaluable$' \
	"$FA_TMP/err"
fa_expect_grep "the text headline says GATE INCOMPLETE" '^GATE INCOMPLETE  diff pass  audit incomplete' \
	"$FA_TMP/out"
if [ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["verdict"])' \
	"$FA_TMP/gate.json")" = incomplete ]; then
	fa_ok "JSON summary.verdict is incomplete"
else
	fa_fail "JSON summary.verdict is incomplete" "$FA_TMP/gate.json"
fi
fa_schema_ok "the incomplete gate is valid against gate.schema.json" \
	"$FA_SRCDIR/docs/schema/gate.schema.json" "$FA_TMP/gate.json"
grep -A1 'name="post-change audit"' "$FA_TMP/gate.xml" >"$FA_TMP/case.xml"
fa_expect_grep "JUnit: the post-change audit is an error, not a failure" '<error type="incomplete"' \
	"$FA_TMP/case.xml"

fa_run gate --before "$FA_TMP/nomtu.json" --after "$FA_TMP/nomtu.json" --allow "$FA_TMP/none.yaml" \
	--allow-incomplete --json "$FA_TMP/acc.json"
fa_expect_rc "--allow-incomplete accepts it: exit 0" 0
fa_expect_grep "stderr says it was accepted" \
	'^fabric-audit gate: INCOMPLETE \(accepted: --allow-incomplete\)$' "$FA_TMP/err"
fa_expect_grep "so does the text headline" '^GATE INCOMPLETE \(accepted: --allow-incomplete\)' \
	"$FA_TMP/out"
fa_expect_grep "and the JSON" '"incomplete_accepted": true' "$FA_TMP/acc.json"
fa_schema_ok "the accepted gate is valid against gate.schema.json" \
	"$FA_SRCDIR/docs/schema/gate.schema.json" "$FA_TMP/acc.json"

fa_done
