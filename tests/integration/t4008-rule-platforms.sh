#!/bin/sh
# SPDX-License-Identifier: MIT
# A rule selects only devices of the platforms it declares ("platforms:"), so that a
# platform which cannot report a field is "not applicable on platform X", while a device of
# a declared platform whose data is missing is "not evaluable" (incomplete), never skipped.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json" -S "$FA_TMP/snap.json"
fa_expect_rc "the example has its seeded findings: exit 1" 1
fa_not_evaluable "$FA_TMP/clean.json" >"$FA_TMP/clean-ne.txt"
if [ -s "$FA_TMP/clean-ne.txt" ]; then
	fa_fail "the example has no not-evaluable check" "$FA_TMP/clean-ne.txt"
else
	fa_ok "the example has no not-evaluable check"
fi
fa_platform_na "$FA_TMP/clean.json" >"$FA_TMP/clean-na.txt"
fa_expect_grep "roce.enabled (Cumulus, Onyx) does not select the Linux hosts' 16 ports" \
	'^roce.enabled linux 16$' "$FA_TMP/clean-na.txt"

# A Cumulus leaf whose RoCE mode was lost (a parser or capture that dropped it): before,
# an exists() guard skipped the leaf and the rule passed; now it is not evaluable there.
python3 - "$FA_TMP/snap.json" "$FA_TMP/lost.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for d in s['devices']:
    if d['name'] == 'leaf01':
        for p in d.get('ports', []):
            p.get('qos', {}).pop('roce_mode', None)
json.dump(s, open(sys.argv[2], 'w'))
PY
fa_run audit -s "$FA_TMP/lost.json" --select roce.enabled --format json -o "$FA_TMP/lost-report.json"
fa_expect_rc "a leaf without its RoCE mode is incomplete: exit 2" 2
fa_expect_grep "the verdict says incomplete" '"verdict": "incomplete"' "$FA_TMP/lost-report.json"
fa_not_evaluable "$FA_TMP/lost-report.json" >"$FA_TMP/lost-ne.txt"
if [ -s "$FA_TMP/lost-ne.txt" ] && ! grep -qv '^roce.enabled leaf01:' "$FA_TMP/lost-ne.txt"; then
	fa_ok "roce.enabled is not evaluable on leaf01's ports only ($(wc -l <"$FA_TMP/lost-ne.txt"))"
else
	fa_fail "roce.enabled is not evaluable on leaf01's ports only" "$FA_TMP/lost-ne.txt"
fi
fa_run audit -s "$FA_TMP/snap.json" --select roce.enabled --format json -o "$FA_TMP/kept.json"
fa_expect_rc "the same snapshot with the RoCE mode passes: exit 0" 0

# A site rule narrowed to Onyx selects no Cumulus or Linux device of the example.
cat >"$FA_TMP/onyx.yaml" <<'YAML'
pack: site-onyx
description: Onyx-only site rule
rules:
  - id: site.onyx.mtu
    title: Onyx ports use jumbo frames
    category: mtu
    severity: error
    scope: port
    platforms: [onyx]
    expect: port.mtu >= 9000
YAML
fa_run audit -s "$FA_TMP/snap.json" --no-default-rules -r "$FA_TMP/onyx.yaml" --format json \
	-o "$FA_TMP/onyx.json"
fa_expect_rc "an Onyx rule on a fabric without Onyx checks nothing and passes: exit 0" 0
fa_platform_na "$FA_TMP/onyx.json" >"$FA_TMP/onyx-na.txt"
fa_expect_grep "its Cumulus ports are counted as not applicable on cumulus" \
	'^site.onyx.mtu cumulus [1-9][0-9]*$' "$FA_TMP/onyx-na.txt"
fa_expect_grep "its Linux ports are counted as not applicable on linux" \
	'^site.onyx.mtu linux 16$' "$FA_TMP/onyx-na.txt"
fa_expect_grep "no check ran" '"checks": 0' "$FA_TMP/onyx.json"
fa_run rules explain site.onyx.mtu -r "$FA_TMP/onyx.yaml"
fa_expect_grep "rules explain shows the platforms" '^  platforms onyx$' "$FA_TMP/out"

# A misspelt platform is refused at its line and column, with the closest name.
sed 's/\[onyx\]/[onix]/' "$FA_TMP/onyx.yaml" >"$FA_TMP/typo.yaml"
fa_run rules check -r "$FA_TMP/typo.yaml"
fa_expect_rc "an unknown platform is bad input: exit 65" 65
fa_expect_grep "the error names file, line, column and the closest platform" \
	"typo.yaml:9:[0-9]+: unknown platform 'onix' \(did you mean onyx\?\)" "$FA_TMP/err"

# Every shipped rule reads only fields some shipped parser fills: lint is clean.
fa_run rules lint "$FA_SRCDIR"/rules/packs/*.yaml
fa_expect_rc "rules lint over the shipped packs exits 0" 0
cat "$FA_TMP/out" "$FA_TMP/err" >"$FA_TMP/lint.txt"
fa_expect_no_grep "and reports no rule on a field nothing fills" 'no shipped parser fills' \
	"$FA_TMP/lint.txt"

fa_done
