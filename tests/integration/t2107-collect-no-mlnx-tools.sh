#!/bin/sh
# SPDX-License-Identifier: MIT
# A Linux host without mlnx-tools (inbox drivers): ibdev2netdev and show_gids answer 127 "not
# found", as a shell over SSH does.  The example's hosts are then collected from the sysfs
# forms: status ok, the same ports (nic.device mapping) and GIDs as with the tools, one
# concise warning per missing tool, and the audit evaluates as many checks as before.
. "$(dirname "$0")/lib.sh"

cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/with"
cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/without"
for h in gpu01 gpu02 gpu03 gpu04; do
	d="$FA_TMP/without/captures/$h"
	# what a shell prints for a missing tool goes to stderr: stdout is empty
	: >"$d/ibdev2netdev.txt"
	: >"$d/show-gids.txt"
	# keep the counter readings' times, so that both collections read the same counters
	python3 - "$d/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["commands"] = [{"command": "ibdev2netdev", "exit_status": 127},
                 {"command": "show_gids", "exit_status": 127}]
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
done

fa_run collect -i "$FA_TMP/with/inventory.yaml" -o "$FA_TMP/with.json"
fa_expect_rc "the example with mlnx-tools collects" 0
fa_run collect -i "$FA_TMP/without/inventory.yaml" -o "$FA_TMP/without.json"
fa_expect_rc "the example without ibdev2netdev and show_gids collects (exit 0)" 0
fa_expect_grep "every device is collected" 'collected 7 of 7 devices' "$FA_TMP/err"

check() {
	python3 - "$FA_TMP/with.json" "$FA_TMP/without.json" "$1" <<'PY'
import json, sys
a = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
b = {d["name"]: d for d in json.load(open(sys.argv[2]))["devices"]}
hosts = ["gpu01", "gpu02", "gpu03", "gpu04"]
what = sys.argv[3]
if what == "ok":
    sys.exit(0 if all(b[h]["status"] == "ok" for h in hosts) else 1)
if what == "ports":
    for h in hosts:
        rdma = [p for p in b[h]["ports"] if p.get("nic", {}).get("device")]
        gids = sum(len(p.get("gids", [])) for p in rdma)
        if a[h]["ports"] != b[h]["ports"] or len(rdma) != 2 or gids != 8:
            print(h, "differs", file=sys.stderr)
            sys.exit(1)
    sys.exit(0)
if what == "warnings":
    for h in hosts:
        w = b[h].get("warnings", [])
        if w != ["ibdev2netdev not installed (optional)",
                 "show_gids not installed (optional)"]:
            print(h, w, file=sys.stderr)
            sys.exit(1)
        if a[h].get("warnings"):
            print(h, "with the tools:", a[h]["warnings"], file=sys.stderr)
            sys.exit(1)
    sys.exit(0)
PY
}
if check ok; then
	fa_ok "gpu01..gpu04 have status ok without the tools"
else
	fa_fail "gpu01..gpu04 have status ok without the tools" "$FA_TMP/without.json"
fi
if check ports 2>"$FA_TMP/ports.err"; then
	fa_ok "sysfs gives the same ports, RDMA mapping (2 per host) and GIDs (8 per host)"
else
	fa_fail "sysfs gives the same ports, RDMA mapping and GIDs" "$FA_TMP/ports.err"
fi
if check warnings 2>"$FA_TMP/warn.err"; then
	fa_ok "exactly one concise warning per missing tool, none with the tools"
else
	fa_fail "exactly one concise warning per missing tool" "$FA_TMP/warn.err"
fi
fa_expect_no_grep "no grep exit status noise" 'exited with status' "$FA_TMP/without.json"

ne() {
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["not_evaluable"])' "$1"
}
fa_run audit -s "$FA_TMP/with.json" -f json -o "$FA_TMP/a-with.json"
fa_run audit -s "$FA_TMP/without.json" -f json -o "$FA_TMP/a-without.json"
if [ "$(ne "$FA_TMP/a-with.json")" = "$(ne "$FA_TMP/a-without.json")" ] &&
	[ "$(ne "$FA_TMP/a-without.json")" = 0 ]; then
	fa_ok "the audit without the tools has 0 not-evaluable checks, as with them"
else
	fa_fail "the audit without the tools evaluates as much as with them" "$FA_TMP/a-without.json"
fi

fa_done
