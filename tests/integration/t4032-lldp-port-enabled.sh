#!/bin/sh
# SPDX-License-Identifier: MIT
# An Onyx switch port that is up with LLDP receive or transmit disabled is a warning
# (lldp.port.enabled): links are found from LLDP, so such a port blinds the cabling and
# both-ends checks on its link.  Only Onyx reports the state ("show lldp interfaces |
# json-print"); the bundled example has no Onyx switch, so its Cumulus and Linux ports are
# not applicable, and an Onyx switch is added to its snapshot from the parser's output on
# the Onyx test files (tests/fixtures/onyx).
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fx="$FA_SRCDIR/tests/fixtures/onyx"

fa_run parse --list
fa_expect_grep "parse --list shows show lldp interfaces as an optional Onyx command" \
	'^  show lldp interfaces \| json-print  \(optional\)$' "$FA_TMP/out"
fa_expect_grep "and its Ethernet-only form as parse only" \
	'^  show lldp interfaces ethernet \| json-print  \(parse only, not sent\)$' "$FA_TMP/out"

fa_run parse --platform onyx --command 'show lldp interfaces | json-print' \
	"$fx/show-lldp-interfaces.json"
fa_expect_rc "parse of the json-print reply exits 0" 0
cp "$FA_TMP/out" "$FA_TMP/lldp.json"
fa_expect_grep "it records LLDP transmit disabled" '"transmit": false' "$FA_TMP/lldp.json"
fa_run parse --platform onyx --command 'show interfaces ethernet' \
	"$fx/show-interfaces-ethernet.txt"
fa_expect_rc "parse of the interfaces exits 0" 0
cp "$FA_TMP/out" "$FA_TMP/ifs.json"

printf 'Interface  Receive   Transmit  TLVs\nEth1/1     Enabled   Enabled   PD, SN\n' \
	>"$FA_TMP/text.txt"
fa_run parse --platform onyx --command 'show lldp interfaces | json-print' "$FA_TMP/text.txt"
fa_expect_rc "a text capture is not read: exit 65" 65
fa_expect_grep "the error asks for the json-print form" "json-print" "$FA_TMP/err"

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json" -S "$FA_TMP/snap.json"
fa_platform_na "$FA_TMP/clean.json" >"$FA_TMP/clean-na.txt"
fa_expect_grep "the example's Cumulus ports are not applicable on cumulus" \
	'^lldp.port.enabled cumulus [1-9][0-9]*$' "$FA_TMP/clean-na.txt"
fa_expect_grep "the example's Linux ports are not applicable on linux" \
	'^lldp.port.enabled linux 16$' "$FA_TMP/clean-na.txt"
fa_not_evaluable "$FA_TMP/clean.json" >"$FA_TMP/clean-ne.txt"
fa_expect_no_grep "and never not evaluable there" '^lldp.port.enabled ' "$FA_TMP/clean-ne.txt"

# sw01 (onyx): the ports of "show interfaces ethernet" with the LLDP states of "show lldp
# interfaces"; Eth1/2 (both disabled) and Eth1/3 (receive only) brought up, as if cabled.
# With $3 = drop, Eth1/1 loses its transmit state (a reply that did not give it).
add_onyx() {
	python3 - "$FA_TMP/snap.json" "$FA_TMP/ifs.json" "$FA_TMP/lldp.json" "$1" "$2" <<'PY'
import json, sys
snap, ifs, lldp, out, mode = sys.argv[1:]
s = json.load(open(snap))
ports = {p['name']: p for p in json.load(open(ifs))['device']['ports']}
for p in json.load(open(lldp))['device']['ports']:
    ports.setdefault(p['name'], {'name': p['name'], 'type': p['type']})['lldp'] = p['lldp']
for name in ('Eth1/2', 'Eth1/3'):
    ports[name]['oper_state'] = 'up'
if mode == 'drop':
    del ports['Eth1/1']['lldp']['transmit']
s['devices'].append({'name': 'sw01', 'hostname': 'sw01', 'kind': 'switch', 'platform': 'onyx',
                     'role': 'leaf', 'status': 'ok', 'ports': list(ports.values())})
json.dump(s, open(out, 'w'))
PY
}

add_onyx "$FA_TMP/onyx.json" keep
fa_run audit -s "$FA_TMP/onyx.json" --select lldp.port.enabled --format json \
	-o "$FA_TMP/onyx-report.json"
fa_expect_rc "an Onyx port that is up without LLDP is a warning, not an error: exit 0" 0
fa_run audit -s "$FA_TMP/onyx.json" --select lldp.port.enabled --fail-on warning
fa_expect_rc "it fails the run with --fail-on warning: exit 1" 1
fa_rule_findings "$FA_TMP/onyx-report.json" lldp.port.enabled >"$FA_TMP/onyx-findings.txt"
printf '%s\n' 'warning lldp.port.enabled sw01:Eth1/2' 'warning lldp.port.enabled sw01:Eth1/3' \
	>"$FA_TMP/expected.txt"
if diff -u "$FA_TMP/expected.txt" "$FA_TMP/onyx-findings.txt" >"$FA_TMP/findings.diff"; then
	fa_ok "warnings on Eth1/2 (both disabled) and Eth1/3 (transmit disabled) only"
else
	fa_fail "warnings on Eth1/2 (both disabled) and Eth1/3 (transmit disabled) only" \
		"$FA_TMP/findings.diff"
fi
fa_not_evaluable "$FA_TMP/onyx-report.json" >"$FA_TMP/onyx-ne.txt"
if [ ! -s "$FA_TMP/onyx-ne.txt" ]; then
	fa_ok "a port that is down or not reported up is not applicable, not unevaluable"
else
	fa_fail "a port that is down or not reported up is not applicable, not unevaluable" \
		"$FA_TMP/onyx-ne.txt"
fi
fa_run fix-plan "$FA_TMP/onyx-report.json"
fa_expect_rc "fix-plan reads the report" 0
fa_expect_grep "the fix turns LLDP on in Onyx syntax" 'interface ethernet 1/3 lldp transmit$' \
	"$FA_TMP/out"

add_onyx "$FA_TMP/drop.json" drop
fa_run audit -s "$FA_TMP/drop.json" --select lldp.port.enabled --format json \
	-o "$FA_TMP/drop-report.json"
fa_expect_rc "an Onyx port whose transmit state is missing makes the run incomplete: exit 2" 2
fa_not_evaluable "$FA_TMP/drop-report.json" >"$FA_TMP/drop-ne.txt"
fa_expect_grep "it is not evaluable on sw01:Eth1/1" '^lldp.port.enabled sw01:Eth1/1$' \
	"$FA_TMP/drop-ne.txt"

fa_run rules explain lldp.port.enabled
fa_expect_rc "rules explain knows the rule" 0
fa_expect_grep "rules explain shows it is Onyx only" '^  platforms onyx$' "$FA_TMP/out"
fa_expect_grep "and its rationale" 'Links are found from LLDP' "$FA_TMP/out"

fa_done
