#!/bin/sh
# SPDX-License-Identifier: MIT
# The rules command for pack authors and operators: the committed rule reference is what
# the packs generate, explain and lint say what they should, a bad pack exits 65 naming
# file:line:column, and --policy, --select/--skip and --waivers change an audit as documented.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fx="$FA_SRCDIR/tests/fixtures/rules"

# docs/rules-reference.md is generated from the shipped packs and must not be stale.
fa_run rules list --format markdown -r "$FA_SRCDIR/rules/packs"
fa_expect_rc "rules list --format markdown exits 0" 0
if [ "${FA_TEST_UPDATE:-0}" = 1 ]; then
	cp "$FA_TMP/out" "$FA_SRCDIR/docs/rules-reference.md"
fi
if diff -u "$FA_SRCDIR/docs/rules-reference.md" "$FA_TMP/out" >"$FA_TMP/ref.diff"; then
	fa_ok "docs/rules-reference.md is current (regenerate: fabric-audit rules list --format markdown -r rules/packs > docs/rules-reference.md)"
else
	fa_fail "docs/rules-reference.md is stale: regenerate it with 'fabric-audit rules list --format markdown -r rules/packs'" "$FA_TMP/ref.diff"
fi
fa_expect_grep "the reference documents path rules" '^### `path.pfc.lossless`' "$FA_TMP/out"
fa_expect_grep "the reference lists pack parameters" '^\| `oversubscription_warn` \| `1` \|' "$FA_TMP/out"

fa_run rules check
fa_expect_rc "every shipped example holds" 0
fa_expect_grep "rules check counts the catalogue" '^[0-9]+ rules in 10 packs: all [0-9]+ examples hold$' "$FA_TMP/out"

fa_run rules explain mtu.path
fa_expect_rc "rules explain exits 0" 0
fa_expect_grep "explain shows the scope" '^  scope     path$' "$FA_TMP/out"
fa_expect_grep "explain shows the expression as written" 'a.port.mtu >= port.mtu and b.port.mtu >= port.mtu' "$FA_TMP/out"
fa_expect_grep "explain shows the examples" '^  fail \(line [0-9]+\): \{"devices"' "$FA_TMP/out"
fa_run rules explain no.such.rule
fa_expect_rc "explaining an unknown id exits 65" 65
fa_expect_grep "and says so" "no loaded rule has the id 'no.such.rule'" "$FA_TMP/err"
cat >"$FA_TMP/policy.yaml" <<'YAML'
params:
  oversubscription_warn: 2
YAML
fa_run rules explain topology.oversubscription.warn --policy "$FA_TMP/policy.yaml"
fa_expect_grep "explain shows a policy's value next to the default" '^  oversubscription_warn = 2 \(default 1\)$' "$FA_TMP/out"

# lint: every problem of a pack, each with its place.
cat >"$FA_TMP/draft.yaml" <<'YAML'
pack: draft
params: { limit: 9000 }
rules:
  - id: draft.mtu
    title: Ports use jumbo frames
    category: mtu
    severity: error
    scope: port
    expect: port.mtu >= params.limit
    examples:
      pass:
        - { device: { name: a }, port: { name: p, mtu: 1500 } }
  - id: draft.ok
    title: Ports have a name
    category: state
    severity: info
    scope: port
    expect: exists(port.name)
    rationale: Every port has a name.
    examples:
      pass: [ { device: { name: a }, port: { name: p } } ]
      fail: [ { device: { name: a }, port: { mtu: 1 } } ]
YAML
fa_run rules lint "$FA_TMP/draft.yaml"
fa_expect_rc "lint of a pack with problems exits 65" 65
fa_expect_grep "lint names a pass example that fails" 'draft.yaml:12:11: rule .draft.mtu.: this pass example fails' "$FA_TMP/out"
fa_expect_grep "lint asks for a rationale" "draft.yaml:4: rule 'draft.mtu' has no rationale" "$FA_TMP/out"
fa_expect_grep "lint asks for a fail example" "draft.yaml:4: rule 'draft.mtu' needs at least one pass and one fail example" "$FA_TMP/out"
fa_expect_no_grep "a good rule raises nothing" 'draft.ok' "$FA_TMP/out"
fa_run rules lint "$FA_SRCDIR/rules/packs/roce-lossless.yaml"
fa_expect_rc "lint of a shipped pack exits 0" 0
sed 's/severity: info/severty: info/' "$FA_TMP/draft.yaml" >"$FA_TMP/typo.yaml"
fa_run rules lint "$FA_TMP/typo.yaml"
fa_expect_rc "lint of a pack with an unknown key exits 65" 65
fa_expect_grep "and names file:line:column" "typo.yaml:16:5: unknown key 'severty' in a rule" "$FA_TMP/out"

# A bad pack given to an audit: exit 65, one line with file:line:column.
fa_run audit -s "$fx/snapshot-clos.json" -r "$FA_TMP/typo.yaml"
fa_expect_rc "an audit with a bad pack exits 65" 65
fa_expect_grep "naming file:line:column" "typo.yaml:16:5: unknown key 'severty'" "$FA_TMP/err"

# --select / --skip by id, category or tag (path is a tag); -r still names rule files.
fa_run audit -s "$fx/snapshot-clos.json" --select path --select 'topology.*' --skip '*.warn' \
	--format json -o "$FA_TMP/sel.json"
fa_expect_rc "a selected audit with findings exits 1" 1
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
print(' '.join(sorted(x['id'] for x in r['rules'])))
" "$FA_TMP/sel.json" >"$FA_TMP/sel.txt"
echo "mtu.path nccl.path.lossless path.cnp.priority path.pfc.lossless path.trust.dscp topology.leaf.uplinks topology.oversubscription.error topology.rail.declared topology.rail.distinct topology.rail.majority" >"$FA_TMP/sel.want"
fa_expect_golden "--select and --skip keep exactly the matching rules" "$FA_TMP/sel.want" "$FA_TMP/sel.txt"

# --policy overrides a pack parameter without editing the pack.
fa_run run -i "$ex/inventory.yaml" --select topology --format json -o "$FA_TMP/topo.json"
fa_expect_grep "the example's leaves are above 1:1" '"rule": "topology.oversubscription.warn"' "$FA_TMP/topo.json"
fa_run run -i "$ex/inventory.yaml" --select topology --policy "$FA_TMP/policy.yaml"
fa_expect_rc "with the policy's 2:1 limit they pass" 0
printf 'params:\n  oversubscription_wrn: 2\n' >"$FA_TMP/badpolicy.yaml"
fa_run run -i "$ex/inventory.yaml" --policy "$FA_TMP/badpolicy.yaml"
fa_expect_rc "a policy naming an unknown parameter exits 65" 65
fa_expect_grep "at its line" "badpolicy.yaml:2:3: no loaded rule pack has a parameter 'oversubscription_wrn'" "$FA_TMP/err"

# --waivers: waived findings are shown with their reason and do not fail the run; an
# expired waiver is reported and covers nothing.
cat >"$FA_TMP/waivers.yaml" <<'YAML'
waivers:
  - rule: topology.oversubscription.*
    subject: leaf0?
    reason: 2:1 by design in this pod (NET-42)
    expires: 2999-12-31
  - rule: mtu.*
    reason: forgotten
    expires: 2000-01-01
YAML
fa_run run -i "$ex/inventory.yaml" --select topology --waivers "$FA_TMP/waivers.yaml" \
	--json "$FA_TMP/w.json"
fa_expect_rc "with every finding waived the run exits 0" 0
fa_expect_grep "the text report lists waived findings" '^Waived findings \(2\)' "$FA_TMP/out"
fa_expect_grep "with the reason" 'leaf01 +2999-12-31 +2:1 by design in this pod \(NET-42\)' "$FA_TMP/out"
fa_expect_grep "and reports the expired waiver" '^  expired +mtu\.\* +\* +2000-01-01 +0 +forgotten' "$FA_TMP/out"
fa_expect_grep "the JSON report counts them" '"waived": 2' "$FA_TMP/w.json"
printf 'waivers:\n  - rule: x\n    reason: r\n    expires: soon\n' >"$FA_TMP/badw.yaml"
fa_run run -i "$ex/inventory.yaml" --waivers "$FA_TMP/badw.yaml"
fa_expect_rc "a bad waiver file exits 65" 65
fa_expect_grep "naming the line" "badw.yaml:4:14: expires 'soon' is not a date" "$FA_TMP/err"

fa_done
