#!/bin/sh
# SPDX-License-Identifier: MIT
# Fixes on the bundled example: fix-plan gives each seeded configuration fault its exact
# lines on the right device, in a plan that says nothing was applied; applying each line to a
# copy of the captures (edited as the device prints after the command) makes the fault and
# what it explains disappear, and nothing new appears.  --explain and the HTML report show
# the same lines; rules lint asks a configuration rule for a fix on every platform.
. "$(dirname "$0")/lib.sh"

ex="$FA_TMP/pod"
cp -r "$FA_SRCDIR/examples/roce-pod" "$ex"

rules_of() {
	python3 -c "
import json, sys
for f in json.load(open(sys.argv[1]))['findings']:
    print(f['rule'], f['subject_text'])
" "$1" | sort
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/before.json" --explain
fa_expect_rc "the example fails before the fixes" 1
fa_expect_grep "--explain prints the host's fix under its finding" \
	'^      fix \(linux\): ip link set dev ens1f0np0 mtu 9000$' "$FA_TMP/out"
fa_expect_grep "--explain prints the leaf's fix under its finding" \
	'^      fix \(cumulus\): nv unset interface swp3 qos pfc$' "$FA_TMP/out"

fa_run fix-plan "$FA_TMP/before.json" -o "$FA_TMP/plan.txt"
fa_expect_rc "fix-plan writes the plan" 0
fa_expect_grep "the plan opens by saying nothing was applied" \
	'^# fabric-audit fix plan: NOTHING IN IT HAS BEEN APPLIED\.$' "$FA_TMP/plan.txt"
# Every line of the plan is a comment, a command of a fix, or a session line.
if python3 - "$FA_TMP/plan.txt" "$FA_TMP/before.json" >"$FA_TMP/plan.check" 2>&1 <<'PY'
import json, sys
plan = open(sys.argv[1]).read().split("\n")
report = json.load(open(sys.argv[2]))
cmds = {c for f in report["findings"] for c in f.get("fix", {}).get("commands", [])}
session = {"nv config apply -y", ""}
for line in plan:
    assert line.startswith("#") or line in cmds or line in session, repr(line)
# sections: the switch before the hosts, each host once
heads = [l.split()[2] for l in plan
         if l.startswith("# ==== ") and not l.startswith("# ==== by hand")]
assert heads == ["leaf02", "gpu02", "gpu03", "gpu04"], heads
leaf = plan.index("# ==== leaf02 (cumulus): 1 finding; run on it in its shell (NVUE)")
assert plan[leaf + 5:leaf + 8] == ["nv unset interface swp3 qos pfc",
    "nv set qos pfc default-global switch-priority 3", "nv config apply -y"], plan[leaf:leaf + 8]
assert sum(l.startswith("#   also fixes ") for l in plan) == 3
PY
then
	fa_ok "the leaf's lines end with nv config apply; switches come before hosts; the 3 explained findings are under their cause"
else
	fa_fail "the plan's sections and lines" "$FA_TMP/plan.check" "$FA_TMP/plan.txt"
fi
fa_expect_grep "the MTU fault's line is in the plan" '^ip link set dev ens1f0np0 mtu 9000$' \
	"$FA_TMP/plan.txt"
fa_expect_grep "the firmware fault is a step by hand naming the version to install" \
	'^# update the firmware of mlx5_1 .* from 28\.37\.1014 to 28\.39\.1002' "$FA_TMP/plan.txt"
fa_expect_grep "the speed fault is a step by hand naming the speed of its twins" \
	'^# gpu04:ens1f0np0 runs at 200G, its MT_0000000838 twins at 400G' "$FA_TMP/plan.txt"
fa_expect_grep "health findings are left for the operator, at the end" \
	'^# health.link.flaps on gpu01:ens2f0np0' "$FA_TMP/plan.txt"

# Apply the plan: each capture as its device prints it after the line.
python3 - "$ex/captures" <<'PY'
import glob, json, sys
cap = sys.argv[1]
# nv unset interface swp3 qos pfc; nv set qos pfc default-global switch-priority 3
p = cap + "/leaf02/nv-config-show-o-json.txt"
s = open(p).read()
s = s.replace('"qos": {"pfc-watchdog": {}, "pfc": {"profile": "pfc-prio4"}}',
              '"qos": {"pfc-watchdog": {}}', 1)
s = s.replace('"pfc": {"pfc-prio4": {"switch-priority": {"4": {}}}}',
              '"pfc": {"pfc-prio4": {"switch-priority": {"4": {}}}, '
              '"default-global": {"switch-priority": {"3": {}}}}', 1)
open(p, "w").write(s)
# ip link set dev ens1f0np0 mtu 9000
p = cap + "/gpu03/ip-j-d-link-show.txt"
links = json.load(open(p))
for l in links:
    if l["ifname"] == "ens1f0np0":
        l["mtu"] = 9000
open(p, "w").write(json.dumps(links))
# the firmware update to 28.39.1002
for p in glob.glob(cap + "/gpu02/*.txt"):
    s = open(p).read()
    if "28.37.1014" in s:
        open(p, "w").write(s.replace("28.37.1014", "28.39.1002"))
# gpu04's step: its switch port leaf01:swp4 was configured for 200G; set to 400G, the link
# comes up at 400G on both ends (both readings of both devices)
for p in glob.glob(cap + "/gpu04/ethtool-ens1f0np0*.txt"):
    s = open(p).read()
    open(p, "w").write(s.replace("Speed: 200000Mb/s", "Speed: 400000Mb/s"))
for p in glob.glob(cap + "/leaf01/nv-*.txt"):
    s = open(p).read()
    i = s.find('"swp4"')
    j = s.find('"speed": "200G"', i)
    if i >= 0 and j >= 0 and j - i < 2000:
        open(p, "w").write(s[:j] + '"speed": "400G"' + s[j + 15:])
PY
fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/after.json"
rules_of "$FA_TMP/before.json" >"$FA_TMP/before.rules"
rules_of "$FA_TMP/after.json" >"$FA_TMP/after.rules"
comm -23 "$FA_TMP/before.rules" "$FA_TMP/after.rules" >"$FA_TMP/gone"
comm -13 "$FA_TMP/before.rules" "$FA_TMP/after.rules" >"$FA_TMP/new"
cat >"$FA_TMP/gone.expected" <<'EOF'
firmware.nic.uniform gpu02:ens2f0np0 (group MT_0000000838)
mtu.rdma.jumbo gpu03:ens1f0np0
nccl.path.lossless gpu03:ens2f0np0 -- leaf02:swp3 (path from gpu03:ens2f0np0)
path.pfc.lossless gpu03:ens2f0np0 -- leaf02:swp3 (path from gpu03:ens2f0np0)
pfc.link.equal gpu03:ens2f0np0 -- leaf02:swp3
pfc.lossless.enabled leaf02:swp3
speed.rdma.uniform gpu04:ens1f0np0 (group MT_0000000838)
EOF
if diff -u "$FA_TMP/gone.expected" "$FA_TMP/gone" >"$FA_TMP/gone.diff" && [ ! -s "$FA_TMP/new" ]; then
	fa_ok "after the plan, the 4 configuration faults and the 3 findings explained are gone, nothing new"
else
	fa_fail "after the plan, the configuration faults are gone and nothing new appears" \
		"$FA_TMP/gone.diff" "$FA_TMP/new"
fi

# Refusals: a diff has no fixes; a missing file.
printf '{"format": "fabric-audit/diff/v1"}\n' >"$FA_TMP/diff.json"
fa_run fix-plan "$FA_TMP/diff.json"
fa_expect_rc "a diff document is refused (65)" 65
fa_expect_grep "the refusal names the file and says why" \
	'diff.json: a fabric-audit/diff/v1 document has no fixes' "$FA_TMP/err"
fa_run fix-plan
fa_expect_rc "no report is a usage error (64)" 64

# rules lint: a configuration rule without a fix, and one missing a platform.
cat >"$FA_TMP/site.yaml" <<'EOF'
pack: site
rules:
  - id: site.mtu
    title: t
    category: mtu
    severity: error
    scope: port
    expect: port.mtu >= 9000
    rationale: Jumbo frames carry RDMA at full size.
    examples: { pass: [ { port: { mtu: 9000 } } ], fail: [ { port: { mtu: 1500 } } ] }
  - id: site.trust
    title: t
    category: trust
    severity: error
    scope: port
    expect: port.qos.trust == 'dscp'
    rationale: RoCE is marked by DSCP, so the ports must trust it.
    fix:
      linux: mlnx_qos -i {port.name} --trust dscp
    examples: { pass: [ { port: { qos: { trust: dscp } } } ], fail: [ { port: { qos: { trust: pcp } } } ] }
EOF
fa_run rules lint "$FA_TMP/site.yaml"
fa_expect_rc "rules lint fails on missing fixes (65)" 65
fa_expect_grep "a configuration rule without a fix is named" \
	"site.yaml:3: rule 'site.mtu' \(category mtu\) is fixed by a configuration change but has no 'fix'" \
	"$FA_TMP/out"
fa_expect_grep "a platform that prints the field but has no fix is named" \
	"rule 'site.trust' has no fix for platform cumulus, which prints what it checks" "$FA_TMP/out"
fa_expect_no_grep "a platform that cannot print the field is not asked for" \
	"site.trust' has no fix for platform (junos|ib-fabric)" "$FA_TMP/out"

# The HTML report shows the fix with its copy button once its script ran.
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$CHROMIUM" ]; then
	fa_run report --format html -o "$FA_TMP/before.html" "$FA_TMP/before.json"
	profile=$(mktemp -d "$FA_TMP/profile.XXXXXX")
	HOME="$profile" timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update --disable-sync \
		--no-first-run --user-data-dir="$profile" --dump-dom "$FA_TMP/before.html" \
		>"$FA_TMP/dom.html" 2>"$FA_TMP/browser.err"
	fa_expect_grep "the HTML report shows the host's fix" \
		'<pre class="fix-cmds">ip link set dev ens1f0np0 mtu 9000' "$FA_TMP/dom.html"
	fa_expect_grep "its copy button is shown by the report's script" \
		'<button type="button" class="copy">Copy</button>' "$FA_TMP/dom.html"
fi
fa_done
