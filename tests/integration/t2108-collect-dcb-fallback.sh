#!/bin/sh
# SPDX-License-Identifier: MIT
# A Linux host without mlnx_qos (inbox drivers): mlnx_qos answers 127 "not found", and the
# collector then sends iproute2's dcb (dcb -j pfc/ets/app/buffer show dev IF) for those
# interfaces only.  The example's hosts are collected ok with the same PFC, ETS, priority-to-TC,
# trust, DSCP map and receive buffer settings, one warning for the missing tool; with
# mlnx_qos, dcb is never sent.
. "$(dirname "$0")/lib.sh"

cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/with"
fa_run collect -i "$FA_TMP/with/inventory.yaml" -o "$FA_TMP/with.json" \
	--save-captures "$FA_TMP/with-saved"
fa_expect_rc "the example with mlnx_qos collects" 0
if ls "$FA_TMP/with-saved/gpu01" | grep -q '^dcb-'; then
	fa_fail "with mlnx_qos, dcb is not sent" "$FA_TMP/with-saved/gpu01"
else
	fa_ok "with mlnx_qos, dcb is not sent"
fi

# Without mlnx_qos: its captures empty with exit 127, and the dcb -j answers the same
# settings would give (the print format of iproute2's dcb, as tests/fixtures/linux/dcb).
cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/without"
python3 - "$FA_TMP/with.json" "$FA_TMP/without/captures" <<'PY'
import json, os, sys
snap = json.load(open(sys.argv[1]))
for d in snap["devices"]:
    if not d["name"].startswith("gpu"):
        continue
    folder = os.path.join(sys.argv[2], d["name"])
    cmds = []
    for p in d["ports"]:
        q = p.get("qos")
        if not q or "/" in p["name"]:
            continue
        ifname = p["name"]
        open(os.path.join(folder, "mlnx-qos-i-%s.txt" % ifname), "w").close()
        cmds.append({"command": "mlnx_qos -i " + ifname, "exit_status": 127})
        pfc = {"pfc_cap": 8, "macsec_bypass": False, "delay": 0,
               "prio_pfc": [i in q["pfc_enabled"] for i in range(8)]}
        ets = {"willing": False, "ets_cap": 8, "cbs": False,
               "tc_bw": q["ets"]["bandwidth"], "pg_bw": [0] * 8,
               "tc_tsa": q["ets"]["tsa"], "prio_tc": q["priority_to_tc"],
               "reco_tc_bw": [0] * 8, "reco_tc_tsa": ["strict"] * 8, "reco_prio_tc": [0] * 8}
        # mlx5 lists all 64 DSCPs in the APP table while it trusts DSCP, none otherwise
        app = {}
        if q.get("trust") == "dscp":
            app["dscp_prio"] = [[d, p, " "] for d, p in enumerate(q["dscp_to_priority"])]
        b = q["buffer"]
        buf = {"prio_buffer": b["prio_to_buffer"], "buffer_size": b["size"],
               "total_size": b["max_size"]}
        for what, obj in (("pfc", pfc), ("ets", ets), ("app", app), ("buffer", buf)):
            with open(os.path.join(folder, "dcb-j-%s-show-dev-%s.txt" % (what, ifname)), "w") as f:
                f.write(json.dumps(obj, separators=(",", ":")))
    with open(os.path.join(folder, "meta.json"), "w") as f:
        json.dump({"commands": cmds}, f)
PY
fa_run collect -i "$FA_TMP/without/inventory.yaml" -o "$FA_TMP/without.json"
fa_expect_rc "the example without mlnx_qos collects (exit 0)" 0
fa_expect_grep "every device is collected" 'collected 7 of 7 devices' "$FA_TMP/err"

check() {
	python3 - "$FA_TMP/with.json" "$FA_TMP/without.json" "$1" <<'PY'
import json, sys
a = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
b = {d["name"]: d for d in json.load(open(sys.argv[2]))["devices"]}
hosts = ["gpu01", "gpu02", "gpu03", "gpu04"]
what = sys.argv[3]
def qos(d):
    out = {}
    for p in d["ports"]:
        q = p.get("qos", {})
        if "pfc_enabled" in q:
            out[p["name"]] = (q["pfc_enabled"], q["priority_to_tc"], q["ets"], q["trust"],
                              q.get("dscp_to_priority"), q["buffer"])
    return out
if what == "qos":
    for h in hosts:
        if b[h]["status"] != "ok" or qos(a[h]) != qos(b[h]) or len(qos(b[h])) != 2:
            print(h, qos(a[h]), qos(b[h]), file=sys.stderr)
            sys.exit(1)
    sys.exit(0)
if what == "warnings":
    for h in hosts:
        if b[h].get("warnings") != ["mlnx_qos not installed (optional)"] * 2:
            print(h, b[h].get("warnings"), file=sys.stderr)
            sys.exit(1)
    sys.exit(0)
PY
}
if check qos 2>"$FA_TMP/qos.err"; then
	fa_ok "dcb gives the same PFC, ETS, priority-to-TC, trust, DSCP and buffer settings on both RDMA ports of each host"
else
	fa_fail "dcb gives the same PFC, ETS, priority-to-TC, trust, DSCP and buffer settings" "$FA_TMP/qos.err"
fi
if check warnings 2>"$FA_TMP/warn.err"; then
	fa_ok "one 'not installed' warning per interface mlnx_qos was asked for, nothing else"
else
	fa_fail "one 'not installed' warning per interface" "$FA_TMP/warn.err"
fi

# dcb failing too (veth-like: "Attribute read: Operation not supported", exit 1) is a warning.
for h in gpu01; do
	d="$FA_TMP/without/captures/$h"
	: >"$d/dcb-j-pfc-show-dev-ens1f0np0.txt"
	python3 - "$d/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["commands"].append({"command": "dcb -j pfc show dev ens1f0np0", "exit_status": 1})
json.dump(m, open(sys.argv[1], "w"))
PY
done
fa_run collect -i "$FA_TMP/without/inventory.yaml" -o "$FA_TMP/fail.json"
fa_expect_rc "a failing dcb does not fail the collection" 0
fa_expect_grep "its failure is an optional warning" \
	"'dcb -j pfc show dev ens1f0np0' exited with status 1 \\(optional\\)" "$FA_TMP/fail.json"

fa_done
