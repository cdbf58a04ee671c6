#!/bin/sh
# SPDX-License-Identifier: MIT
# A live InfiniBand subnet (ibsim + OpenSM, tests/integration/ib-lib.sh) collected by the
# ib-fabric platform with the local transport: the diagnostics really run against it, and a
# clean two-level fat tree with two rails audits PASS with every check evaluated.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

# 4 leaves in 2 rail groups, 2 spines, 2 hosts per group with 2 HCAs: 8 host HCAs + 2 SM
# hosts = 10 CA links, and 8 leaf-spine links.
python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"
fa_ok "ibsim and OpenSM bring the subnet up: $fa_ib_expect_active ports Active/LinkUp"

# The collector runs the platform's commands here; the preload reaches them through the
# environment, as a real SM host's /dev/infiniband would.
# the port counters twice, a second apart: the health rules judge them too
FA_IB_RUN_ARGS="--sample 1" fa_ib_audit report
cp "$FA_TMP/out" "$FA_TMP/err" "$FA_IB_DIR/" 2>/dev/null
fa_expect_rc "a clean subnet audits PASS (exit 0)" 0
fa_expect_grep "every check was evaluated" '^PASS .* not evaluable 0$' "$FA_TMP/out"
fa_expect_grep "ibnetdiscover ran against the subnet" 'gpu004 mlx5_1' \
	"$FA_TMP/caps-report/ib-fabric/ibnetdiscover-p.txt"

cat >"$FA_TMP/check.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
counts = {x["id"]: x["counts"] for x in r["rules"]}
def need(rule, key, n):
    got = counts[rule][key]
    if got != n:
        print("%s: %s %d, expected %d" % (rule, key, got, n))
        return 1
    return 0
bad = 0
bad += need("ib.link.rate.equal", "pass", 18)       # every link, both ends seen
bad += need("ib.sm.master.one", "pass", 1)
bad += need("ib.lid.unique", "pass", 6 + 10)          # one LID per switch and per CA port
bad += need("ib.node_name.unique", "pass", 6 + 10)    # one description per node
bad += need("ib.link.peer.discovered", "pass", 2 * 18)   # both ends of every link
if r["summary"]["not_evaluable"] != 0 or r["findings"]:
    print("not clean:", r["summary"])
    bad += 1
sys.exit(1 if bad else 0)
PY
if python3 "$FA_TMP/check.py" "$FA_TMP/report.json" >"$FA_TMP/check.out" 2>&1; then
	fa_ok "the InfiniBand rules checked every link, port and the SM, and passed"
else
	fa_fail "the InfiniBand rules checked every link, port and the SM, and passed" "$FA_TMP/check.out"
fi

fa_run parse --platform ib-fabric --command 'sminfo' "$FA_TMP/caps-report/ib-fabric/sminfo.txt"
fa_expect_grep "the master SM is OpenSM on sm01" '"guid": "0x248a070300d00011"' "$FA_TMP/out"
fa_expect_grep "... in state master" '"state": "master"' "$FA_TMP/out"

fa_run parse --platform ib-fabric --command 'iblinkinfo -l' "$FA_TMP/caps-report/ib-fabric/iblinkinfo-l.txt"
# gpu003 is the first host of the second rail group: its rail-1 HCA on leaf04, port 1.
python3 - "$FA_TMP/out" >"$FA_TMP/port.out" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["device"]
p = [x for x in d["ports"] if x["name"] == "gpu003 mlx5_1/1"][0]["ib"]
assert p["state"] == "active" and p["phys_state"] == "linkup", p
assert p["width"] == "12X" and p["rate"] == 120000000000, p
assert p["peer"]["node_name"] == "leaf04" and p["peer"]["port_number"] == 1, p
PY
if [ $? -eq 0 ]; then
	fa_ok "gpu003 mlx5_1 is Active 12X QDR on leaf04 port 1 (its rail's leaf)"
else
	fa_fail "gpu003 mlx5_1 is Active 12X QDR on leaf04 port 1 (its rail's leaf)" "$FA_TMP/port.out"
fi

# perfquery ran twice for every CA port LID: the replayed captures give each of the 10 CA
# ports its byte counters (ibsim's PMA has no error counters), read as 4-byte words times 4,
# and their growth between the readings.
fa_run collect -i "$FA_TMP/inv.yaml" --replay "$FA_TMP/caps-report" -o "$FA_TMP/snap.json"
fa_expect_rc "the captures replay" 0
python3 - "$FA_TMP/snap.json" "$FA_TMP/caps-report/ib-fabric" >"$FA_TMP/pq.out" 2>&1 <<'PY'
import json, os, re, sys
d = json.load(open(sys.argv[1]))["devices"][0]
ca = [p for p in d["ports"] if p.get("ib", {}).get("node_type") == "ca"]
assert len(ca) == 10, len(ca)
def words(lid, suffix):
    text = open(os.path.join(sys.argv[2], "perfquery-x-a-l-%d%s.txt" % (lid, suffix))).read()
    return int(re.search(r"^PortRcvData:\.*(\d+)$", text, re.M).group(1))
for p in ca:
    lid = p["ib"]["lid"]
    # the model holds the second reading, and what grew since the first
    first, second = words(lid, ""), words(lid, ".2")
    assert p["counters"]["rx_bytes"] == 4 * second, (p["name"], p["counters"], second)
    assert p["health"]["delta"]["rx_bytes"] == 4 * (second - first), (p["name"], p["health"])
assert not [w for w in d.get("warnings", []) if "perfquery" in w], d["warnings"]
PY
if [ $? -eq 0 ]; then
	fa_ok "perfquery gave every CA port its counters and their growth"
else
	fa_fail "perfquery gave every CA port its counters and their growth" "$FA_TMP/pq.out"
fi

fa_done
