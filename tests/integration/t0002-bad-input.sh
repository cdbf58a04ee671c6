#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad input never crashes: one clear line naming the file (and line:column where there is
# one) and exit 65; bad command lines exit 64.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/snap.json"

one_line() {
	if [ "$(wc -l <"$FA_TMP/err")" -eq 1 ] && grep -Eq -- "$2" "$FA_TMP/err"; then
		fa_ok "$1"
	else
		fa_fail "$1 (want one line matching /$2/)" "$FA_TMP/err"
	fi
}

# Rules
printf 'pack: x\nrules:\n  - id: a.b\n    title: t\n    category: mtu\n    severty: error\n' >"$FA_TMP/typo.yaml"
fa_run audit -s "$FA_TMP/snap.json" -r "$FA_TMP/typo.yaml"
fa_expect_rc "a rule with an unknown key exits 65" 65
one_line "the unknown key is named with its position" "typo.yaml:6:5: .*severty"

printf 'pack: x\nrules:\n  - id: a.b\n    title: [unclosed\n' >"$FA_TMP/broken.yaml"
fa_run audit -s "$FA_TMP/snap.json" -r "$FA_TMP/broken.yaml"
fa_expect_rc "malformed YAML rules exit 65" 65
one_line "malformed YAML is reported with file:line:column" "broken.yaml:[0-9]+:[0-9]+: "

printf 'pack: x\nrules:\n  - id: a.b\n    title: t\n    category: mtu\n    severity: error\n    scope: port\n    expect: port.mtu >== 9000\n    message: m\n' >"$FA_TMP/expr.yaml"
fa_run audit -s "$FA_TMP/snap.json" -r "$FA_TMP/expr.yaml"
fa_expect_rc "a bad expression exits 65" 65
one_line "a bad expression points into the file" "expr.yaml:8:[0-9]+: "

fa_run audit -s "$FA_TMP/snap.json" -r "$FA_TMP/no-such-rules.yaml"
fa_expect_rc "a missing rules file exits 65" 65

# Snapshots
head -c 300 "$FA_TMP/snap.json" >"$FA_TMP/cut.json"
fa_run audit -s "$FA_TMP/cut.json"
fa_expect_rc "a truncated snapshot exits 65" 65
one_line "a truncated snapshot is reported with file:line:column" "cut.json:[0-9]+:[0-9]+: "
echo '{"format": "something/else"}' >"$FA_TMP/other.json"
fa_run audit -s "$FA_TMP/other.json"
fa_expect_rc "a JSON file that is not a snapshot exits 65" 65
one_line "it says what it is not" "other.json: not a fabric-audit snapshot"
: >"$FA_TMP/empty.json"
fa_run audit -s "$FA_TMP/empty.json"
fa_expect_rc "an empty snapshot file exits 65" 65

# Inventories
printf 'devices:\n  - name: leaf01\n    plaform: cumulus\n' >"$FA_TMP/inv.yaml"
fa_run run -i "$FA_TMP/inv.yaml"
fa_expect_rc "an inventory typo exits 65" 65
one_line "the typo is named with a suggestion" "inv.yaml:3:5: unknown key 'plaform' \\(did you mean 'platform'\\?\\)"
printf 'devices: [\n' >"$FA_TMP/inv2.yaml"
fa_run collect -i "$FA_TMP/inv2.yaml" -o "$FA_TMP/x.json"
fa_expect_rc "malformed YAML inventory exits 65" 65

# Usage
fa_run audit
fa_expect_rc "audit without a snapshot exits 64" 64
fa_run audit -s "$FA_TMP/snap.json" --fail-on fatal
fa_expect_rc "an unknown severity exits 64" 64
fa_run audit -s "$FA_TMP/snap.json" --format pdf
fa_expect_rc "an unknown format exits 64" 64
fa_run run -i "$ex/inventory.yaml" --timeout -1
fa_expect_rc "a negative timeout exits 64" 64

# Outputs that cannot be written: exit 74, nothing half-written.
fa_run audit -s "$FA_TMP/snap.json" -o /nonexistent-dir/report.txt
fa_expect_rc "an unwritable report path exits 74" 74

fa_done
