#!/bin/sh
# SPDX-License-Identifier: MIT
# "fabric-audit diff" on the example fabric before and after a firmware update: exit codes,
# the allow-list verdicts (allowed, not allowed, expected but missing), volatile fields, the
# JSON against docs/schema/diff.schema.json, determinism, HTML escaping, and input errors.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

SCHEMA="$FA_SRCDIR/docs/schema/diff.schema.json"

fa_fw_snapshot pre
# shellcheck disable=SC2046
fa_fw_snapshot post $(fa_fw_update_faults)
# shellcheck disable=SC2046
fa_fw_snapshot partial $(fa_fw_update_faults gpu03/mlx5_1) --fault mtu:gpu02/ens1f0np0=1500

fa_run diff --help
fa_expect_rc "diff --help succeeds" 0
fa_expect_grep "diff --help names the allow-list option" '--allow FILE' "$FA_TMP/out"
fa_run --help
fa_expect_grep "the command list names diff, gate and drift" '^  (diff|gate|drift) ' "$FA_TMP/out"

# 1. The same fabric collected twice: no change (created and inventory are never compared).
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/pre.json"
fa_expect_rc "a snapshot compared with itself exits 0" 0
fa_expect_grep "and says PASS with no change" '^PASS  changes 0 ' "$FA_TMP/out"
fa_fw_snapshot pre2
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/pre2.json"
fa_expect_rc "two collections of one fabric (other inventory path) have no change" 0

# 2. Without an allow-list every change fails.
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/post.json"
fa_expect_rc "a firmware update without an allow-list exits 1" 1
fa_expect_grep "each NIC's firmware is one change, old -> new" \
	'^  ens2f0np0  nic\.firmware  28\.39\.1002 -> 28\.41\.1000  NOT ALLOWED$' "$FA_TMP/out"
fa_expect_grep "the headline counts 8 changes on 4 devices" \
	'^FAIL  changes 8 \(allowed 0, not allowed 8\)  expected missing 0  regressions 0  devices changed 4$' \
	"$FA_TMP/out"

# 3. With the allow-list the complete update passes ...
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/post.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "the planned update, everywhere, passes" 0
fa_expect_grep "every change is allowed with its reason" \
	'allowed \(entry 1: CHG-2041 ConnectX-7 firmware update\)$' "$FA_TMP/out"
fa_expect_no_grep "nothing is NOT ALLOWED" 'NOT ALLOWED' "$FA_TMP/out"

# ... and a partial update with a side effect fails twice over.
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" -a "$FA_FW_ALLOW" -f json \
	-o "$FA_TMP/partial-diff.json"
fa_expect_rc "a partial update with an MTU reset exits 1" 1
fa_schema_ok "the diff JSON is valid against diff.schema.json" "$SCHEMA" "$FA_TMP/partial-diff.json"
summary=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
m = d["expected_missing"][0]
bad = [c for c in d["changes"] if not c["allowed"]][0]
print(s["verdict"], s["changes"], s["allowed"], s["disallowed"], s["expected_missing"],
      m["subject"], m["actual"], bad["subject"], bad["field"], bad["old"], bad["new"])
' "$FA_TMP/partial-diff.json")
if [ "$summary" = "fail 8 7 1 1 gpu03:ens2f0np0 28.39.1002 gpu02:ens1f0np0 mtu 9000 1500" ]; then
	fa_ok "the NIC left behind is expected-but-missing and the MTU reset is not allowed"
else
	fa_fail "the NIC left behind is expected-but-missing and the MTU reset is not allowed" \
		"$FA_TMP/partial-diff.json"
	echo "got: $summary"
fi

# The MTU reset is a regression, shown first with what is not allowed, then what is missing,
# then the allowed changes; in red even when an allow-list lets it through.
python3 - "$FA_TMP/partial-diff.json" >"$FA_TMP/regress.check" 2>&1 <<'PY' &&
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"]["regressions"] == 1, d["summary"]
reg = [c for c in d["changes"] if c.get("regression")]
assert [(c["subject"], c["field"], c["old"], c["new"]) for c in reg] == \
    [("gpu02:ens1f0np0", "mtu", 9000, 1500)], reg
PY
	fa_ok "the MTU reset, and only it, is a regression" ||
	fa_fail "the MTU reset, and only it, is a regression" "$FA_TMP/regress.check"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" -a "$FA_FW_ALLOW"
fa_expect_grep "the text marks the regression" \
	'^  ens1f0np0  mtu +9000 -> 1500 +REGRESSION NOT ALLOWED$' "$FA_TMP/out"
grep -n -e '^Changes not allowed (1)$' -e '^Expected changes missing (1)$' \
	-e '^Allowed changes (7)$' "$FA_TMP/out" | cut -d: -f2 >"$FA_TMP/order"
printf '%s\n' 'Changes not allowed (1)' 'Expected changes missing (1)' 'Allowed changes (7)' \
	>"$FA_TMP/order.want"
fa_expect_golden "the text lists not allowed, then missing, then allowed" "$FA_TMP/order.want" \
	"$FA_TMP/order"
cat "$FA_FW_ALLOW" >"$FA_TMP/allow-mtu.yaml"
cat >>"$FA_TMP/allow-mtu.yaml" <<'YAML'
  - selector: { device: gpu02, port: "ens*" }
    field: mtu
    reason: the MTU may change
YAML
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" -a "$FA_TMP/allow-mtu.yaml" -f html \
	-o "$FA_TMP/allowed-mtu.html"
tr -d '\n' <"$FA_TMP/allowed-mtu.html" >"$FA_TMP/allowed-mtu.flat"
fa_expect_grep "an allowed MTU reset is still a red regression in HTML" \
	'<tr class="regression"[^>]*>.{0,600}badge b-error">regression</span> <span class="badge b-ok">allowed' \
	"$FA_TMP/allowed-mtu.flat"
fa_expect_grep "the HTML puts not allowed, then missing, then allowed" \
	'id="changes-not-allowed".*id="expected-missing".*id="changes-allowed"' \
	"$FA_TMP/allowed-mtu.flat"

# 4. Deterministic: the same inputs give the same bytes (but for the created time).
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" -a "$FA_FW_ALLOW" -f json
sed '/"created"/d' "$FA_TMP/out" >"$FA_TMP/run1.json"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/partial.json" -a "$FA_FW_ALLOW" -f json
sed '/"created"/d' "$FA_TMP/out" >"$FA_TMP/run2.json"
fa_expect_golden "two runs of one diff give the same JSON" "$FA_TMP/run1.json" "$FA_TMP/run2.json"

# 5. Reordered ports and devices are no change.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"].reverse()
for dev in d["devices"]:
    dev["ports"].reverse()
d["links"].reverse()
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/reordered.json"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/reordered.json"
fa_expect_rc "devices, ports and links in another order are no change" 0

# 6. Volatile fields: built-in (warnings) and from a file (--volatile).
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for dev in d["devices"]:
    dev["warnings"] = ["ethtool: a line nobody understood"]
    for p in dev["ports"]:
        if "ib" in p:
            p["ib"]["lid"] = 42
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/lids.json"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/lids.json"
fa_expect_rc "new LIDs are a change" 1
fa_expect_no_grep "parse warnings are volatile" 'warnings' "$FA_TMP/out"
printf '# the subnet manager hands out LIDs\nport.ib.lid\n' >"$FA_TMP/volatile.txt"
fa_run diff --volatile "$FA_TMP/volatile.txt" "$FA_TMP/pre.json" "$FA_TMP/lids.json"
fa_expect_rc "with port.ib.lid volatile there is no change" 0
printf 'port.ib.lid\nib.lid\n' >"$FA_TMP/volatile-bad.txt"
fa_run diff --volatile "$FA_TMP/volatile-bad.txt" "$FA_TMP/pre.json" "$FA_TMP/lids.json"
fa_expect_rc "a volatile pattern without a scope exits 65" 65
fa_expect_grep "and names file:line:column" 'volatile-bad.txt:2:1: ' "$FA_TMP/err"

# 7. Device-supplied text is escaped in the HTML diff view.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"][0]["os"]["version"] = "<script>alert(1)</script>"
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/evil.json"
fa_run diff -f html "$FA_TMP/pre.json" "$FA_TMP/evil.json"
fa_expect_rc "the HTML diff of a change exits 1" 1
fa_expect_grep "the HTML diff shows the change escaped" '&lt;script&gt;alert\(1\)&lt;/script&gt;' \
	"$FA_TMP/out"
fa_expect_no_grep "and never the raw markup" '<script>alert' "$FA_TMP/out"
fa_expect_grep "the HTML page is a whole document" '^</html>$' "$FA_TMP/out"
if command -v xmllint >/dev/null 2>&1; then
	if xmllint --html --noout "$FA_TMP/out" 2>"$FA_TMP/xmllint.err"; then
		fa_ok "the HTML diff parses without errors"
	else
		fa_fail "the HTML diff parses without errors" "$FA_TMP/xmllint.err"
	fi
fi

# 8. -o writes atomically: only the file, no temporary left.
mkdir "$FA_TMP/outdir"
fa_run diff -f json -o "$FA_TMP/outdir/d.json" "$FA_TMP/pre.json" "$FA_TMP/post.json"
if [ ! -s "$FA_TMP/out" ] && [ "$(ls -A "$FA_TMP/outdir")" = d.json ]; then
	fa_ok "-o FILE writes only FILE"
else
	fa_fail "-o FILE writes only FILE" "$FA_TMP/out"
fi

# 9. Input and usage errors.
fa_run diff "$FA_TMP/pre.json"
fa_expect_rc "one snapshot is a usage error" 64
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/nope.json"
fa_expect_rc "a missing snapshot exits 65" 65
fa_expect_grep "naming it" 'nope.json' "$FA_TMP/err"
fa_run diff -a "$FA_TMP/nope.yaml" "$FA_TMP/pre.json" "$FA_TMP/post.json"
fa_expect_rc "a missing allow-list exits 65" 65
printf 'allow:\n  - selector: { role: gpu-host }\n    feild: nic.firmware\n    reason: x\n' \
	>"$FA_TMP/typo.yaml"
fa_run diff -a "$FA_TMP/typo.yaml" "$FA_TMP/pre.json" "$FA_TMP/post.json"
fa_expect_rc "an allow-list with an unknown key exits 65" 65
fa_expect_grep "with file:line:column" "typo.yaml:3:5: unknown key 'feild'" "$FA_TMP/err"
fa_run diff -f xml "$FA_TMP/pre.json" "$FA_TMP/post.json"
fa_expect_rc "an unknown format is a usage error" 64
fa_run diff -o "$FA_TMP/no/such/dir/d.txt" "$FA_TMP/pre.json" "$FA_TMP/post.json"
fa_expect_rc "an output that cannot be written exits 74" 74
printf '{"format": "fabric-audit/snapshot/v1", "devices": [{"name": "a", "ports": []},' \
	>"$FA_TMP/trunc.json"
fa_run diff "$FA_TMP/pre.json" "$FA_TMP/trunc.json"
fa_expect_rc "a truncated snapshot exits 65" 65
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"].append(d["devices"][0])
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/pre.json" "$FA_TMP/dup.json"
# A saved JSON diff renders again with 'report', in any format.
fa_run report -f html -o "$FA_TMP/d.html" "$FA_TMP/outdir/d.json"
fa_expect_rc "report re-renders a saved diff" 0
fa_expect_grep "the re-rendered diff is an HTML page" '<html' "$FA_TMP/d.html"
fa_run report -f junit "$FA_TMP/outdir/d.json"
fa_expect_rc "report renders a saved diff as JUnit" 0
fa_expect_grep "the JUnit rendering has a test suite" '<testsuite' "$FA_TMP/out"

fa_run diff "$FA_TMP/pre.json" "$FA_TMP/dup.json"
fa_expect_rc "a snapshot naming a device twice exits 65" 65
fa_expect_grep "and the device is named" "device 'gpu01' appears twice" "$FA_TMP/err"

fa_done
