#!/bin/sh
# SPDX-License-Identifier: MIT
# "fabric-audit report": re-renders a saved JSON report; refuses other documents and bad JSON
# with exit 65 and a file:line:column message; writes -o FILE atomically; colour on request.
. "$(dirname "$0")/lib.sh"

SAMPLES="$FA_SRCDIR/tests/fixtures/reports"

fa_run report --help
fa_expect_rc "report --help succeeds" 0
fa_expect_grep "report --help lists the formats" 'text \(default\), json, html, junit or prometheus' "$FA_TMP/out"

fa_run --help
fa_expect_grep "the command list names report" '^  report ' "$FA_TMP/out"

# Text on standard output equals the golden the unit tests use.
for f in clean findings incomplete; do
	fa_run report "$SAMPLES/$f.json"
	fa_expect_rc "report $f.json succeeds" 0
	fa_expect_golden "report $f.json prints the golden text" "$SAMPLES/$f.txt" "$FA_TMP/out"
done
fa_expect_no_grep "text on a pipe has no colour" "$(printf '\033')" "$FA_TMP/out"

fa_run report --color=always "$SAMPLES/findings.json"
fa_expect_grep "--color=always colours the verdict" "$(printf '\033')\\[1;31mFAIL" "$FA_TMP/out"

# -o FILE: atomic write, nothing on stdout, same bytes as on stdout, no temporary left over.
mkdir "$FA_TMP/outdir"
fa_run report --format json -o "$FA_TMP/outdir/report.json" "$SAMPLES/findings.json"
fa_expect_rc "report -o FILE succeeds" 0
if [ ! -s "$FA_TMP/out" ] && [ "$(ls "$FA_TMP/outdir")" = report.json ]; then
	fa_ok "-o FILE writes only FILE and leaves no temporary file"
else
	fa_fail "-o FILE writes only FILE and leaves no temporary file" "$FA_TMP/out"
fi
cp "$FA_TMP/outdir/report.json" "$FA_TMP/file.json"
fa_run report --format json -o - "$SAMPLES/findings.json"
fa_expect_golden "-o - writes the same bytes to standard output" "$FA_TMP/file.json" "$FA_TMP/out"

fa_run report --format html -o "$FA_TMP/outdir/report.html" "$FA_TMP/outdir/report.json"
fa_expect_rc "a JSON report written by report renders again as HTML" 0
fa_expect_grep "the HTML page is a whole document" '^</html>$' "$FA_TMP/outdir/report.html"

# Input errors: 65 with the file named.
fa_run report "$SAMPLES/snapshot-all-fields.json"
fa_expect_rc "a snapshot is refused with exit 65" 65
fa_expect_grep "the refusal names the file and the format found" \
	'snapshot-all-fields.json: not a fabric-audit report \(format fabric-audit/snapshot/v1\)$' \
	"$FA_TMP/err"

printf '{\n  "format": "fabric-audit/report/v1",\n  "findings": [1, 2,,]\n}\n' >"$FA_TMP/bad.json"
fa_run report "$FA_TMP/bad.json"
fa_expect_rc "malformed JSON is refused with exit 65" 65
fa_expect_grep "the JSON error names file:line:column" 'bad.json:3:[0-9]+: ' "$FA_TMP/err"

printf '{"format": "fabric-audit/report/v1", "format": "x"}' >"$FA_TMP/dup.json"
fa_run report "$FA_TMP/dup.json"
fa_expect_rc "a report with a duplicate key is refused with exit 65" 65

: >"$FA_TMP/empty.json"
fa_run report "$FA_TMP/empty.json"
fa_expect_rc "an empty file is refused with exit 65" 65

fa_run report "$FA_TMP/does-not-exist.json"
fa_expect_rc "a missing file is refused with exit 65" 65
fa_expect_grep "the missing file is named" 'does-not-exist.json: ' "$FA_TMP/err"

# Output errors: 74; usage errors: 64.
fa_run report -o "$FA_TMP/no/such/dir/r.html" "$SAMPLES/clean.json"
fa_expect_rc "an output that cannot be written exits 74" 74

fa_run report
fa_expect_rc "report without a file is a usage error" 64
fa_run report --format xml "$SAMPLES/clean.json"
fa_expect_rc "an unknown format is a usage error" 64
fa_expect_grep "the usage error names the known formats" 'known: text, json, html' "$FA_TMP/err"
fa_run report --color=sometimes "$SAMPLES/clean.json"
fa_expect_rc "an unknown --color value is a usage error" 64
fa_run report "$SAMPLES/clean.json" "$SAMPLES/findings.json"
fa_expect_rc "two reports are a usage error" 64

fa_done
