#!/bin/sh
# SPDX-License-Identifier: MIT
# The model field registry (audit/fields.def) seen from outside: docs/model.md's field
# reference is what it generates; a rule, waiver, allow-list, policy or volatile file naming a
# field the model does not have exits 65 at file:line:column with the closest field; a
# waiver's field and a policy's skip_fields act on the rules reading those fields; rules lint
# flags rules on fields nothing fills; and the bundled example holds no field the registry
# does not list for its platform.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
fx="$FA_SRCDIR/tests/fixtures/rules"

# docs/model.md carries the generated reference between two markers; it must not be stale.
fa_run fields --format markdown
fa_expect_rc "fields --format markdown exits 0" 0
sed -n '/^<!-- fields:begin -->$/,/^<!-- fields:end -->$/p' "$FA_SRCDIR/docs/model.md" |
	sed '1d;$d' >"$FA_TMP/doc-section.md"
if [ "${FA_TEST_UPDATE:-0}" = 1 ]; then
	awk -v gen="$FA_TMP/out" '
		/^<!-- fields:begin -->$/ { print; while ((getline l < gen) > 0) print l; skip = 1; next }
		/^<!-- fields:end -->$/ { skip = 0 }
		!skip' "$FA_SRCDIR/docs/model.md" >"$FA_TMP/model.md" &&
		cp "$FA_TMP/model.md" "$FA_SRCDIR/docs/model.md" &&
		cp "$FA_TMP/out" "$FA_TMP/doc-section.md"
fi
if [ -s "$FA_TMP/doc-section.md" ] && diff -u "$FA_TMP/doc-section.md" "$FA_TMP/out" >"$FA_TMP/ref.diff"; then
	fa_ok "docs/model.md's field reference is current"
else
	fa_fail "docs/model.md's field reference is stale: run FA_TEST_UPDATE=1 make check TESTS=tests/integration/t4006-fields.sh, or paste 'fabric-audit fields --format markdown' between its markers" "$FA_TMP/ref.diff"
fi
fa_expect_grep "the reference lists port.mtu with its unit and fillers" '^\| `port.mtu` \| integer \| bytes \| .* \| linux: `ip-link`' "$FA_TMP/out"
fa_expect_grep "and marks volatile fields" '^\| `device.warnings` \| .*\*\*volatile\*\*' "$FA_TMP/out"

fa_run fields --unfilled
fa_expect_rc "fields --unfilled exits 0" 0
fa_expect_grep "the NCCL version is filled by nothing yet" '^device.software.nccl ' "$FA_TMP/out"
fa_expect_no_grep "port.mtu is filled" '^port.mtu ' "$FA_TMP/out"

# Every field the bundled example's parsers write is registered, with a source of its platform.
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/example.json"
fa_expect_rc "the example collects" 0
fa_run fields --check "$FA_TMP/example.json" "$fx/snapshot-clos.json" "$fx/snapshot-small.json"
fa_expect_rc "the example and the test snapshots hold only registered fields" 0
sed 's/"mtu":9000/"mut":9000/' "$FA_TMP/example.json" >"$FA_TMP/odd.json"
fa_run fields --check "$FA_TMP/odd.json"
fa_expect_rc "a snapshot with a field the registry lacks fails the check" 65
fa_expect_grep "naming the device and field" 'device gpu0[1-4]: port.mut is not in audit/fields.def' "$FA_TMP/out"

# A rule with a misspelt field is refused where it is written.
cat >"$FA_TMP/typo.yaml" <<'YAML'
pack: site
rules:
  - id: site.mtu
    title: Jumbo frames
    category: mtu
    severity: error
    scope: port
    where: exists(port.nic.device)
    expect: port.mut >= 9000
YAML
fa_run audit -s "$fx/snapshot-clos.json" -r "$FA_TMP/typo.yaml"
fa_expect_rc "a rule on an unknown field exits 65" 65
fa_expect_grep "at file:line:column, with the closest field" \
	"typo.yaml:9:18: rule 'site.mtu': expect: unknown field 'port.mut' \(did you mean port.mtu\?\)" "$FA_TMP/err"
fa_run rules check -r "$FA_TMP/typo.yaml"
fa_expect_rc "rules check refuses it too" 65

# Comprehension variables are checked when what they walk over is known.
cat >"$FA_TMP/comp.yaml" <<'YAML'
pack: site
rules:
  - id: site.fabric
    title: Host port GUIDs
    category: topology
    severity: error
    scope: fabric
    over: fabric
    expect: >-
      len([p.nic.port_gid for p in flatten([d.ports for d in fabric.devices])]) >= 0
YAML
fa_run rules check -r "$FA_TMP/comp.yaml"
fa_expect_rc "a misspelt field inside a comprehension exits 65" 65
fa_expect_grep "naming it as written" "comp.yaml:10:18: rule 'site.fabric': expect: unknown field 'p.nic.port_gid' \(did you mean p.nic.port_guid\?\)" "$FA_TMP/err"

# A waiver, a policy, an allow-list and a volatile file naming an unknown field.
cat >"$FA_TMP/waivers.yaml" <<'YAML'
waivers:
  - rule: "*"
    field: port.mut
    reason: NET-7
    expires: 2999-12-31
YAML
fa_run audit -s "$fx/snapshot-clos.json" --waivers "$FA_TMP/waivers.yaml"
fa_expect_rc "a waiver on an unknown field exits 65" 65
fa_expect_grep "at its line and column" "waivers.yaml:3:12: unknown field 'port.mut' \(did you mean port.mtu\?\)" "$FA_TMP/err"
printf 'skip_fields:\n  - port.mut\n' >"$FA_TMP/policy.yaml"
fa_run audit -s "$fx/snapshot-clos.json" --policy "$FA_TMP/policy.yaml"
fa_expect_rc "a policy on an unknown field exits 65" 65
fa_expect_grep "at its line and column" "policy.yaml:2:5: unknown field 'port.mut' \(did you mean port.mtu\?\)" "$FA_TMP/err"
cat >"$FA_TMP/allow.yaml" <<'YAML'
allow:
  - selector: { role: gpu-host, port: "ens*" }
    field: mut
    reason: CHG-1
YAML
fa_run diff "$fx/snapshot-clos.json" "$fx/snapshot-clos.json" --allow "$FA_TMP/allow.yaml"
fa_expect_rc "an allow-list on an unknown field exits 65" 65
fa_expect_grep "at its line and column" "allow.yaml:3:12: unknown port field 'mut' \(did you mean mtu\?\)" "$FA_TMP/err"
printf 'port.ib.lidd\n' >"$FA_TMP/volatile.txt"
fa_run diff "$fx/snapshot-clos.json" "$fx/snapshot-clos.json" --volatile "$FA_TMP/volatile.txt"
fa_expect_rc "a volatile pattern naming no field exits 65" 65
fa_expect_grep "with the closest field" "volatile.txt:1:1: .*did you mean port.ib.lid\?" "$FA_TMP/err"

# A waiver's field covers the findings of the rules reading it, and no others.
cat >"$FA_TMP/waivers.yaml" <<'YAML'
waivers:
  - rule: "*"
    field: port.qos.pfc_enabled
    reason: NET-7 PFC profile until the window
    expires: 2999-12-31
YAML
fa_run audit -s "$fx/snapshot-clos.json" --waivers "$FA_TMP/waivers.yaml" --format json -o "$FA_TMP/w.json"
fa_expect_rc "the topology findings still fail the audit" 1
fa_expect_grep "the PFC findings are waived" '"waived": 3' "$FA_TMP/w.json"
fa_expect_grep "the report shows the waiver's field" '"field": "port.qos.pfc_enabled"' "$FA_TMP/w.json"

# A policy's skip_fields drops the rules reading those fields.
printf 'skip_fields: [port.speed]\n' >"$FA_TMP/policy.yaml"
fa_run audit -s "$fx/snapshot-clos.json" --policy "$FA_TMP/policy.yaml" --format json -o "$FA_TMP/p.json"
fa_expect_no_grep "rules reading port.speed do not run" '"topology.oversubscription' "$FA_TMP/p.json"
fa_expect_grep "the others do" '"rule": "pfc.lossless.enabled"' "$FA_TMP/p.json"

# rules lint flags a rule on a field no shipped parser fills.
cat >"$FA_TMP/unfilled.yaml" <<'YAML'
pack: site
rules:
  - id: site.nccl
    title: One NCCL release
    category: software
    severity: warning
    scope: device
    where: exists(device.software.nccl)
    expect: device.software.nccl == '2.21.5'
    rationale: Site standard.
    examples:
      pass:
        - device: { name: gpu001, kind: host, software: { nccl: "2.21.5" } }
      fail:
        - device: { name: gpu001, kind: host, software: { nccl: "2.18.1" } }
YAML
fa_run rules lint "$FA_TMP/unfilled.yaml"
fa_expect_rc "lint of a rule on an unfilled field exits 65" 65
fa_expect_grep "and says which field nothing fills" "unfilled.yaml:3: rule 'site.nccl' reads device.software.nccl, which no shipped parser fills" "$FA_TMP/out"

# An example naming an unknown field is refused too.
sed 's/nccl: "2.18.1"/ncl: "2.18.1"/' "$FA_TMP/unfilled.yaml" >"$FA_TMP/badex.yaml"
fa_run rules check -r "$FA_TMP/badex.yaml"
fa_expect_rc "an example with an unknown field exits 65" 65
fa_expect_grep "at its key" "badex.yaml:15:59: rule 'site.nccl': example: unknown field 'device.software.ncl' \(did you mean device.software.nccl\?\)" "$FA_TMP/err"

fa_done
