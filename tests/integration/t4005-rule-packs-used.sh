#!/bin/sh
# SPDX-License-Identifier: MIT
# Which rules a run used: -r adds a pack to the shipped ones, --no-default-rules starts from
# none, every report names the packs with their sha256, and a rule whose where matches no
# subject (a role typo) is reported as such in every format and fails 'rules check --strict'.
. "$(dirname "$0")/lib.sh"

cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/ex"
inv="$FA_TMP/ex/inventory.yaml"

cat >"$FA_TMP/extra.yaml" <<'YAML'
pack: site-extra
description: One site rule, with a role misspelled (gpu_host for gpu-host).
rules:
  - id: site.host.mtu
    title: GPU hosts run MTU 9000
    category: mtu
    severity: error
    scope: port
    where: device.role == 'gpu_host'
    expect: port.mtu == 9000
YAML

jget() {
	python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(json.dumps(v) if not isinstance(v, str) else v)
' "$1" "$2"
}

fa_run rules list -f json
shipped=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$FA_TMP/out")

# 1. -r adds to the shipped packs.
fa_run run -i "$inv" -r "$FA_TMP/extra.yaml" --json "$FA_TMP/add.json" \
	--html "$FA_TMP/add.html" --junit "$FA_TMP/add.xml" --prometheus "$FA_TMP/add.prom"
fa_expect_rc "the example with one more pack still has its findings: exit 1" 1
if [ "$(jget "$FA_TMP/add.json" summary.rules)" = "$((shipped + 1))" ]; then
	fa_ok "-r adds one rule to the $shipped shipped ones"
else
	fa_fail "-r adds one rule to the $shipped shipped ones" "$FA_TMP/add.json"
fi
fa_expect_grep "the shipped rules still find the seeded MTU fault" 'mtu\.rdma\.jumbo +gpu03:ens1f0np0' \
	"$FA_TMP/out"
python3 -c '
import hashlib, json, sys
r = json.load(open(sys.argv[1]))
packs = {p["name"]: p for p in r["packs"]}
assert len(packs) == 11, sorted(packs)
extra = packs["site-extra"]
assert extra["sha256"] == hashlib.sha256(open(sys.argv[2], "rb").read()).hexdigest(), extra
assert extra["rules"] == 1
lines = "".join("%s  %s\n" % (p["sha256"], p["name"]) for p in r["packs"])
assert r["summary"]["packs_digest"] == hashlib.sha256(lines.encode()).hexdigest()
' "$FA_TMP/add.json" "$FA_TMP/extra.yaml" 2>"$FA_TMP/py.err" &&
	fa_ok "JSON lists the 11 packs with the sha256 of each file and of the set" ||
	fa_fail "JSON lists the 11 packs with the sha256 of each file and of the set" "$FA_TMP/py.err"
python3 -c '
import json, os, sys
r = json.load(open(sys.argv[1]))
src = os.path.realpath(os.path.join(sys.argv[2], "rules", "packs"))
shipped = [p for p in r["packs"] if p["name"] != "site-extra"]
assert all(os.path.dirname(p["file"]) == src for p in shipped), [p["file"] for p in shipped]
' "$FA_TMP/add.json" "$FA_SRCDIR" 2>"$FA_TMP/py.err" &&
	fa_ok "the build tree binary runs its own source tree packs" ||
	fa_fail "the build tree binary runs its own source tree packs" "$FA_TMP/py.err"
fa_expect_grep "HTML lists the added pack" '<td class="k-name mono">site-extra</td>' "$FA_TMP/add.html"
fa_expect_grep "JUnit names the added pack and its digest" \
	'<property name="pack.site-extra" value="[^"]*extra.yaml sha256:[0-9a-f]{64}"/>' "$FA_TMP/add.xml"

# 2. The misspelled role: the rule applied to no subject, and every format says so.
fa_expect_grep "the text names the rule whose where matched nothing" \
	'^  where matched nothing \([0-9]+\):.* site\.host\.mtu' "$FA_TMP/out"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
u = {x["rule"]: x for x in r["coverage"]["unmatched_rules"]}
assert u["site.host.mtu"]["reason"] == "where", u["site.host.mtu"]
assert u["site.host.mtu"]["notapplicable"] > 0
assert r["summary"]["rules_unmatched"] == len(u)
assert "mtu.rdma.jumbo" not in u
' "$FA_TMP/add.json" 2>"$FA_TMP/py.err" &&
	fa_ok "JSON lists it in coverage.unmatched_rules with reason where" ||
	fa_fail "JSON lists it in coverage.unmatched_rules with reason where" "$FA_TMP/py.err"
fa_expect_grep "HTML lists it" '<td class="k-rule mono">site.host.mtu</td>' "$FA_TMP/add.html"
grep -A1 'name="site.host.mtu"' "$FA_TMP/add.xml" >"$FA_TMP/case.xml"
fa_expect_grep "JUnit skips it, saying why" \
	'<skipped message="the rule applied to no subject of the snapshot"' "$FA_TMP/case.xml"
fa_expect_grep "Prometheus counts the rules that applied to nothing" \
	'^fabric_audit_rules_unmatched\{command="audit"\} [1-9][0-9]*$' "$FA_TMP/add.prom"

# 3. --no-default-rules -r: only that pack.
fa_run run -i "$inv" --no-default-rules -r "$FA_TMP/extra.yaml" -f json -o "$FA_TMP/only.json"
if [ "$(jget "$FA_TMP/only.json" summary.rules)" = 1 ] &&
	[ "$(jget "$FA_TMP/only.json" packs.0.name)" = site-extra ]; then
	fa_ok "--no-default-rules -r runs only the named pack"
else
	fa_fail "--no-default-rules -r runs only the named pack" "$FA_TMP/only.json" "$FA_TMP/err"
fi
fa_run run -i "$inv" --no-default-rules
fa_expect_rc "--no-default-rules without -r is refused" 65
fa_expect_grep "saying what is missing" 'no-default-rules needs rule packs' "$FA_TMP/err"

# 4. Naming the shipped folder or one of its packs with -r does not load it twice.
fa_run run -i "$inv" -r "$FA_SRCDIR/rules/packs" -r "$FA_SRCDIR/rules/packs/nic.yaml" \
	-f json -o "$FA_TMP/same.json"
if [ "$(jget "$FA_TMP/same.json" summary.rules)" = "$shipped" ]; then
	fa_ok "-r naming shipped packs adds nothing"
else
	fa_fail "-r naming shipped packs adds nothing" "$FA_TMP/same.json" "$FA_TMP/err"
fi
# A copy of a shipped pack is a duplicate: the error says how to run only -r.
cp "$FA_SRCDIR/rules/packs/nic.yaml" "$FA_TMP/nic-copy.yaml"
fa_run run -i "$inv" -r "$FA_TMP/nic-copy.yaml"
fa_expect_rc "a copy of a shipped pack is a duplicate: 65" 65
fa_expect_grep "the error points to --no-default-rules" 'no-default-rules' "$FA_TMP/err"

# 5. rules check on a snapshot: a warning; with --strict, an error naming the rule.
fa_run run -i "$inv" -S "$FA_TMP/snap.json" -f json -o /dev/null
fa_run rules check -r "$FA_TMP/extra.yaml" -s "$FA_TMP/snap.json"
fa_expect_rc "rules check -s lists a rule matching nothing but passes" 0
fa_expect_grep "as a warning naming it and its file" \
	"^warning: .*extra.yaml:[0-9]+: rule 'site.host.mtu' applied to no subject .*where matched none" \
	"$FA_TMP/err"
fa_run rules check -r "$FA_TMP/extra.yaml" -s "$FA_TMP/snap.json" --strict
fa_expect_rc "rules check --strict fails on it: 65" 65
fa_expect_grep "as an error" "^error: .*rule 'site.host.mtu' applied to no subject" "$FA_TMP/err"
sed "s/gpu_host/gpu-host/" "$FA_TMP/extra.yaml" >"$FA_TMP/fixed.yaml"
fa_run rules check -r "$FA_TMP/fixed.yaml" -s "$FA_TMP/snap.json" --strict
fa_expect_rc "the corrected role passes rules check --strict" 0
fa_run rules check --strict
fa_expect_rc "--strict without a snapshot is a usage error" 64

fa_done
