#!/bin/sh
# SPDX-License-Identifier: MIT
# The parse budget (--parse-budget, docs/performance.md): a device whose output takes longer
# to parse than its budget ends as parse-error with a message naming the budget, quickly,
# and the other devices are collected as usual; with no budget the same output parses.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || fa_skip "needs python3"
ex="$FA_TMP/ex"
cp -r "$FA_SRCDIR/examples/roce-pod" "$ex"
# 20,000 interfaces (7 MB): about 0.6 s of CPU to parse, several times that under
# sanitizers; a budget of 0.1 s stops it, and leaves the other devices, whose outputs parse
# in milliseconds (tens of them under ASan on a loaded machine), room to finish
python3 "$FA_SRCDIR/bench/gen-parse-input.py" "$FA_SRCDIR" cumulus-interface 20000 \
	"$ex/captures/leaf01/nv-show-interface-o-json.txt"

start=$(date +%s)
fa_run collect -i "$ex/inventory.yaml" --require-complete --parse-budget 0.1 \
	-o "$FA_TMP/budget.json"
took=$(($(date +%s) - start))
fa_expect_rc "a device over its parse budget leaves the collection incomplete (exit 2 with --require-complete)" 2
fa_expect_grep "the device is named with the budget on stderr" \
	"leaf01.*parse-error.*over the parse budget" "$FA_TMP/err"
if python3 - "$FA_TMP/budget.json" >"$FA_TMP/check" 2>&1 <<'PY'
import json, sys
d = {x["name"]: x for x in json.load(open(sys.argv[1]))["devices"]}
leaf = d["leaf01"]
assert leaf["status"] == "parse-error", leaf["status"]
assert "nv show interface -o json: over the parse budget" in leaf["error"], leaf["error"]
assert len(leaf.get("ports", [])) < 20000, len(leaf.get("ports", []))
others = [x for x in d.values() if x["name"] != "leaf01"]
assert len(others) == 6 and all(x["status"] == "ok" for x in others), \
    [(x["name"], x["status"]) for x in others]
PY
then
	fa_ok "leaf01 is parse-error with the budget named; the 6 other devices are ok"
else
	fa_fail "leaf01 is parse-error with the budget named; the 6 other devices are ok" \
		"$FA_TMP/check"
fi
# the parse stopped early: well under what reading all 20,000 interfaces takes under ASan
if [ "$took" -le 30 ]; then
	fa_ok "the run with a spent budget ends quickly (${took} s)"
else
	fa_fail "the run with a spent budget took ${took} s" "$FA_TMP/err"
fi

fa_run collect -i "$ex/inventory.yaml" --parse-budget 0 -o "$FA_TMP/nobudget.json"
fa_expect_rc "with no budget the same output parses and every device is ok" 0
if python3 -c '
import json, sys
d = [x for x in json.load(open(sys.argv[1]))["devices"] if x["name"] == "leaf01"][0]
sys.exit(0 if d["status"] == "ok" and len(d["ports"]) >= 20000 else 1)' "$FA_TMP/nobudget.json"
then
	fa_ok "with no budget leaf01 has its 20,000 ports"
else
	fa_fail "with no budget leaf01 has its 20,000 ports" "$FA_TMP/err"
fi

fa_run collect -i "$ex/inventory.yaml" --parse-budget soon -o "$FA_TMP/bad.json"
fa_expect_rc "a budget that is not a number is a usage error" 64
fa_expect_grep "the usage error names the option" "parse-budget takes CPU seconds" "$FA_TMP/err"
fa_done
