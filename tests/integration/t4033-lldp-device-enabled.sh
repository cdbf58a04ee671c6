#!/bin/sh
# SPDX-License-Identifier: MIT
# An Onyx switch with LLDP off as a whole is a warning (lldp.device.enabled): none of its
# links can be found, whatever its ports are set to.  "show lldp local" gives the state and
# what the switch advertises (chassis id, system name).  The bundled example has no Onyx
# switch, so an Onyx switch is added to its snapshot from the parser's output on the Onyx
# test files (tests/fixtures/onyx).
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fx="$FA_SRCDIR/tests/fixtures/onyx"

fa_run parse --list
fa_expect_grep "parse --list shows show lldp local as an optional Onyx command" \
	'^  show lldp local  \(optional\)$' "$FA_TMP/out"
fa_expect_grep "and its json-print form as parse only" \
	'^  show lldp local \| json-print  \(parse only, not sent\)$' "$FA_TMP/out"

fa_run parse --platform onyx --command 'show lldp local' "$fx/show-lldp-local.txt"
fa_expect_rc "parse of the manual's text output exits 0" 0
fa_expect_grep "it reads LLDP enabled" '"enabled": true' "$FA_TMP/out"
fa_expect_grep "the chassis id" '"chassis_id": "00:11:22:33:44:55"' "$FA_TMP/out"
fa_expect_grep "and the system name without its quotes" '"system_name": "switch-111111"' \
	"$FA_TMP/out"

fa_run parse --platform onyx --command 'show lldp local | json-print' "$fx/show-lldp-local.json"
fa_expect_rc "parse of the json-print reply exits 0" 0
fa_expect_grep "it reads the chassis id as printed" '"chassis_id": "7C:FE:90:A1:B2:00"' \
	"$FA_TMP/out"

printf 'switch (config) # show lldp local\n\nLLDP is Disabled\n' >"$FA_TMP/off.txt"
fa_run parse --platform onyx --command 'show lldp local' "$FA_TMP/off.txt"
fa_expect_rc "a switch with LLDP off parses: exit 0" 0
cp "$FA_TMP/out" "$FA_TMP/off.json"
fa_expect_grep "it records LLDP disabled" '"enabled": false' "$FA_TMP/off.json"

printf '%% Unrecognized command "local".\n' >"$FA_TMP/refused.txt"
fa_run parse --platform onyx --command 'show lldp local' "$FA_TMP/refused.txt"
fa_expect_rc "a device error is a parse error: exit 65" 65
fa_expect_grep "the error quotes the device" 'Unrecognized command' "$FA_TMP/err"

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json" -S "$FA_TMP/snap.json"
fa_run audit -s "$FA_TMP/snap.json" --select lldp.device.enabled --format json \
	-o "$FA_TMP/clean-report.json"
fa_expect_rc "the example (no Onyx switch) passes: exit 0" 0
fa_rule_findings "$FA_TMP/clean-report.json" lldp.device.enabled >"$FA_TMP/clean-findings.txt"
fa_not_evaluable "$FA_TMP/clean-report.json" >"$FA_TMP/clean-ne.txt"
if [ ! -s "$FA_TMP/clean-findings.txt" ] && [ ! -s "$FA_TMP/clean-ne.txt" ]; then
	fa_ok "its Cumulus switches are not applicable: no finding, nothing unevaluable"
else
	fa_fail "its Cumulus switches are not applicable: no finding, nothing unevaluable" \
		"$FA_TMP/clean-findings.txt"
fi

# Snapshot $3 = the example with Onyx switches sw01 (lldp of parse output $1) and sw02
# (lldp of parse output $2, or none when $2 is "none").
add_onyx() {
	python3 - "$FA_TMP/snap.json" "$1" "$2" "$3" <<'PY'
import json, sys
snap, one, two, out = sys.argv[1:]
s = json.load(open(snap))
for name, src in (('sw01', one), ('sw02', two)):
    d = {'name': name, 'hostname': name, 'kind': 'switch', 'platform': 'onyx',
         'role': 'leaf', 'status': 'ok', 'ports': []}
    if src != 'none':
        d['lldp'] = json.load(open(src))['device']['lldp']
    s['devices'].append(d)
json.dump(s, open(out, 'w'))
PY
}

fa_run parse --platform onyx --command 'show lldp local' "$fx/show-lldp-local.txt"
cp "$FA_TMP/out" "$FA_TMP/on.json"

add_onyx "$FA_TMP/on.json" "$FA_TMP/on.json" "$FA_TMP/both-on.json"
fa_run audit -s "$FA_TMP/both-on.json" --select lldp.device.enabled --fail-on warning
fa_expect_rc "two Onyx switches with LLDP on pass even with --fail-on warning: exit 0" 0

add_onyx "$FA_TMP/on.json" "$FA_TMP/off.json" "$FA_TMP/one-off.json"
fa_run audit -s "$FA_TMP/one-off.json" --select lldp.device.enabled --format json \
	-o "$FA_TMP/off-report.json"
fa_expect_rc "a switch with LLDP off is a warning, not an error: exit 0" 0
fa_rule_findings "$FA_TMP/off-report.json" lldp.device.enabled >"$FA_TMP/off-findings.txt"
printf '%s\n' 'warning lldp.device.enabled sw02' >"$FA_TMP/expected.txt"
if diff -u "$FA_TMP/expected.txt" "$FA_TMP/off-findings.txt" >"$FA_TMP/findings.diff"; then
	fa_ok "the one warning names sw02, the switch with LLDP off"
else
	fa_fail "the one warning names sw02, the switch with LLDP off" "$FA_TMP/findings.diff"
fi
fa_run audit -s "$FA_TMP/one-off.json" --select lldp.device.enabled --fail-on warning
fa_expect_rc "it fails the run with --fail-on warning: exit 1" 1

add_onyx "$FA_TMP/on.json" none "$FA_TMP/unread.json"
fa_run audit -s "$FA_TMP/unread.json" --select lldp.device.enabled --format json \
	-o "$FA_TMP/unread-report.json"
fa_expect_rc "an Onyx switch whose LLDP state was not read makes the run incomplete: exit 2" 2
fa_not_evaluable "$FA_TMP/unread-report.json" >"$FA_TMP/unread-ne.txt"
fa_expect_grep "it is not evaluable on sw02" '^lldp.device.enabled sw02$' "$FA_TMP/unread-ne.txt"

fa_run rules explain lldp.device.enabled
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows it is Onyx only" '^  platforms onyx$' "$FA_TMP/out"
fa_expect_grep "and its rationale" 'A switch with LLDP off sends nothing' "$FA_TMP/out"

fa_done
