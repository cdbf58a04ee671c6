#!/bin/sh
# SPDX-License-Identifier: MIT
# collect --local on the machine running the tests: a valid one-device fragment (checked with
# the snapshot schema), with every interface the kernel lists, and missing tools reported as
# warnings rather than failures.  Needs no root.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
python3 -c 'from jsonschema import Draft202012Validator, FormatChecker' 2>/dev/null ||
	fa_skip "python3-jsonschema (with Draft 2020-12) is not installed"

fa_run collect --local -o "$FA_TMP/self.json"
fa_expect_rc "collect --local on this machine exits 0" 0
if python3 -c '
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
schema = json.load(open(sys.argv[1]))
errs = list(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(json.load(open(sys.argv[2]))))
for e in errs: print(e.json_path, e.message)
sys.exit(1 if errs else 0)' "$FA_SRCDIR/docs/schema/snapshot.schema.json" "$FA_TMP/self.json" \
	>"$FA_TMP/schema.out" 2>&1; then
	fa_ok "the fragment is valid against the snapshot schema"
else
	fa_fail "the fragment is valid against the snapshot schema" "$FA_TMP/schema.out"
fi
ls /sys/class/net | sort >"$FA_TMP/kernel.list"
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
assert len(s["devices"]) == 1 and s["devices"][0]["kind"] == "host"
for p in sorted(p["name"] for p in s["devices"][0]["ports"] if "/" not in p["name"]): print(p)' \
	"$FA_TMP/self.json" >"$FA_TMP/frag.list" 2>&1
fa_expect_golden "the fragment has one host with exactly the interfaces in /sys/class/net" \
	"$FA_TMP/kernel.list" "$FA_TMP/frag.list"
fa_expect_grep "the device is this host" "\"name\": ?\"$(hostname)\"" "$FA_TMP/self.json"
fa_expect_grep "the device's status is ok" '"status": ?"ok"' "$FA_TMP/self.json"
# A tool this test hides from PATH is a warning, not a failure.
timeout 60 env PATH=/nonexistent "$FA" collect --local -o "$FA_TMP/nopath.json" >"$FA_TMP/out" \
	2>"$FA_TMP/err" </dev/null && fa_ok "with no tool on PATH collect --local still exits 0" ||
	fa_fail "with no tool on PATH collect --local still exits 0" "$FA_TMP/err"
fa_expect_grep "a missing tool is a warning" 'ofed_info is not installed' "$FA_TMP/nopath.json"

fa_done
