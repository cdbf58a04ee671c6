#!/bin/sh
# SPDX-License-Identifier: MIT
# "fabric-audit gate" around a firmware update of the example fabric: passes only when the
# diff passes and the post-change audit is clean; fails on unexpected or missing changes and
# on findings; fails closed on a device missing from the after snapshot or not collected;
# collects the after state with -i; writes a gate JSON valid against docs/schema/.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

SCHEMAS="$FA_SRCDIR/docs/schema"

fa_fw_snapshot pre
# shellcheck disable=SC2046
fa_fw_snapshot post $(fa_fw_update_faults)
# shellcheck disable=SC2046
fa_fw_snapshot partial $(fa_fw_update_faults gpu03/mlx5_1)
# shellcheck disable=SC2046
fa_fw_snapshot mtu $(fa_fw_update_faults) --fault mtu:gpu02/ens1f0np0=1500

# 1. Pass: the planned change everywhere and a clean audit.
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/post.json" --allow "$FA_FW_ALLOW" \
	-f json -o "$FA_TMP/gate-pass.json"
fa_expect_rc "the complete planned update passes the gate" 0
fa_expect_grep "stderr says pass" '^fabric-audit gate: pass$' "$FA_TMP/err"
fa_schema_ok "the gate JSON is valid against gate.schema.json" "$SCHEMAS/gate.schema.json" \
	"$FA_TMP/gate-pass.json"
fa_schema_ok "its diff is valid against diff.schema.json" "$SCHEMAS/diff.schema.json" \
	"$FA_TMP/gate-pass.json" diff
fa_schema_ok "its audit is valid against report.schema.json" "$SCHEMAS/report.schema.json" \
	"$FA_TMP/gate-pass.json" audit

# 2. Fail: an update that did not land everywhere (the audit also sees mixed firmware).
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/partial.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "an update missing on one NIC fails the gate" 1
fa_expect_grep "the reason is the missing expected change" \
	'^fabric-audit gate: 1 expected change did not happen$' "$FA_TMP/err"
fa_expect_grep "the text names the NIC left behind" '^  gpu03:ens2f0np0  nic\.firmware ' \
	"$FA_TMP/out"

# 3. Fail: an unplanned change; the audit flags the MTU too.
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/mtu.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "an MTU reset during the update fails the gate" 1
fa_expect_grep "as a change outside the allow-list" \
	'^fabric-audit gate: 1 change outside the allow-list$' "$FA_TMP/err"
# The MTU error, and the two oversubscription warnings every generated pod has (2:1 leaves).
fa_expect_grep "and as an audit finding" 'post-change state is fail: 3 finding' "$FA_TMP/err"

# 4. Fail closed: a device missing from the after snapshot.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"] = [x for x in d["devices"] if x["name"] != "gpu04"]
d["links"] = [l for l in d["links"] if "gpu04" not in (l["a"]["device"], l["b"]["device"])]
json.dump(d, open(sys.argv[2], "w"))
' "$FA_TMP/post.json" "$FA_TMP/post-missing.json"
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/post-missing.json" \
	--allow "$FA_FW_ALLOW" -f json -o "$FA_TMP/gate-missing.json"
fa_expect_rc "a device missing after the change fails the gate" 1
fa_expect_grep "the reason names it" \
	'device gpu04 is in the before snapshot but not in the after snapshot' "$FA_TMP/err"
fa_schema_ok "the failing gate JSON is valid too" "$SCHEMAS/gate.schema.json" \
	"$FA_TMP/gate-missing.json"

# 5. Fail closed: a device that could not be collected after the change (-i collects now).
# shellcheck disable=SC2046
"$FA_GEN" -o "$FA_TMP/down" $(fa_fw_update_faults)
rm -r "$FA_TMP/down/captures/leaf02"
fa_run gate --before "$FA_TMP/pre.json" -i "$FA_TMP/down/inventory.yaml" \
	--allow "$FA_FW_ALLOW" -S "$FA_TMP/down.json"
fa_expect_rc "a device not collected after the change fails the gate" 1
fa_expect_grep "the reason names it" '^fabric-audit gate: device leaf02 was not collected after' \
	"$FA_TMP/err"
if [ -s "$FA_TMP/down.json" ]; then
	fa_ok "-S keeps the collected after snapshot"
else
	fa_fail "-S keeps the collected after snapshot" "$FA_TMP/err"
fi

# 6. -i on a healthy after state passes, like --after.
# shellcheck disable=SC2046
"$FA_GEN" -o "$FA_TMP/live" $(fa_fw_update_faults)
fa_run gate --before "$FA_TMP/pre.json" -i "$FA_TMP/live/inventory.yaml" --allow "$FA_FW_ALLOW"
fa_expect_rc "collecting the after state now passes the same gate" 0

# 7. An empty allow-list: any change fails; no change passes.
printf 'allow: []\n' >"$FA_TMP/none.yaml"
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/pre.json" --allow "$FA_TMP/none.yaml"
fa_expect_rc "no change with an empty allow-list passes" 0
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/post.json" --allow "$FA_TMP/none.yaml"
fa_expect_rc "an unannounced firmware update fails" 1

# 8. HTML: the gate page has the verdict, the diff view and the audit.
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/mtu.json" --allow "$FA_FW_ALLOW" -f html
fa_expect_grep "the gate page shows the verdict" 'id="verdict">fail<' "$FA_TMP/out"
fa_expect_grep "it has the diff view grouped by device" '<h3 class="mono">gpu02 <span' "$FA_TMP/out"
fa_expect_grep "and the audit findings" 'id="findings-table"' "$FA_TMP/out"
if python3 - "$FA_TMP/out" >"$FA_TMP/sides.check" 2>&1 <<'PY'
import sys
page = open(sys.argv[1]).read()
sides = page.index('<div class="gate-sides">')
diff, audit = page.index('id="gate-diff"'), page.index('id="gate-audit"')
assert sides < diff < page.index('<h3 class="mono">gpu02') < audit, "diff column first"
assert audit < page.index('id="findings-table"'), "the findings in the audit column"
PY
then
	fa_ok "the diff and the post-change audit are side by side, diff first"
else
	fa_fail "the diff and the post-change audit are side by side" "$FA_TMP/sides.check"
fi

# 9. Usage errors.
fa_run gate --after "$FA_TMP/post.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "no --before is a usage error" 64
fa_run gate --before "$FA_TMP/pre.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "neither --after nor -i is a usage error" 64
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/post.json"
fa_expect_rc "no --allow is a usage error" 64
fa_expect_grep "and says how to write an empty one" "allow: \\[\\]" "$FA_TMP/err"
fa_run gate --before "$FA_TMP/pre.json" --after "$FA_TMP/post.json" --allow "$FA_FW_ALLOW" \
	-r "$FA_TMP/no-rules.yaml"
fa_expect_rc "missing rules exit 65" 65

fa_done
