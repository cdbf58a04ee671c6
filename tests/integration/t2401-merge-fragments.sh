#!/bin/sh
# SPDX-License-Identifier: MIT
# Fan-out and merge: a generated pod of 1,000 GPU hosts and 65 switches.  Switches are
# collected in two shards (--shard 1/2, 2/2), hosts as 1,000 one-device fragments (what
# 'collect --local' writes on each host).  'merge' must give back exactly the devices and
# the LLDP links of collecting everything at once; duplicates, clock skew and unreadable
# fragments are reported without stopping the merge.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
GEN="${FA_BUILDDIR:-$FA_SRCDIR}/bench/gen-fabric"
[ -x "$GEN" ] || fa_skip "bench/gen-fabric is not built"
SPLIT="$FA_SRCDIR/bench/split-fragments.py"
T="$FA_TMP"

"$GEN" -o "$T/pod" --hosts 1000 --nics 2 >/dev/null || fa_fail "gen-fabric writes the pod"
cd "$T/pod" || fa_skip "no generated pod"
# Switch-only and host-only inventories of the same pod.
sed '/^  gpu-hosts:/,$d' inventory.yaml >switches.yaml
sed '/^  spines:/,/^  gpu-hosts:/{/^  gpu-hosts:/!d}' inventory.yaml >hosts.yaml

fa_run collect -i inventory.yaml -o "$T/all.json" --progress never
fa_expect_rc "the whole pod is collected at once (the reference)" 0

fa_run collect -i switches.yaml --shard 1/2 -o "$T/sw1.json" --progress never
fa_expect_rc "switch shard 1/2 is collected" 0
fa_expect_grep "the shard says what part it took" '^fabric-audit: shard 1/2: [0-9]+ of 65 devices' \
	"$T/err"
fa_run collect -i switches.yaml --shard 2/2 -o "$T/sw2.json" --progress never
fa_expect_rc "switch shard 2/2 is collected" 0
if python3 -c '
import json, sys
a = {d["name"] for d in json.load(open(sys.argv[1]))["devices"]}
b = {d["name"] for d in json.load(open(sys.argv[2]))["devices"]}
sys.exit(0 if not (a & b) and len(a | b) == 65 and a and b else 1)' "$T/sw1.json" "$T/sw2.json"; then
	fa_ok "the two shards are disjoint, non-empty, and together hold all 65 switches"
else
	fa_fail "the two shards are disjoint, non-empty, and together hold all 65 switches"
fi
fa_run collect -i switches.yaml --shard 1/2 -o "$T/sw1b.json" --progress never
python3 -c 'import json,sys; print(sorted(d["name"] for d in json.load(open(sys.argv[1]))["devices"]))' \
	"$T/sw1.json" >"$T/sw1.names"
python3 -c 'import json,sys; print(sorted(d["name"] for d in json.load(open(sys.argv[1]))["devices"]))' \
	"$T/sw1b.json" >"$T/sw1b.names"
fa_expect_golden "the same shard of the same inventory is the same devices every time" \
	"$T/sw1.names" "$T/sw1b.names"
fa_run collect -i switches.yaml --shard 3/2 -o "$T/x.json"
fa_expect_rc "--shard 3/2 is a usage error" 64

fa_run collect -i hosts.yaml -o "$T/hosts.json" --progress never
fa_expect_rc "the hosts are collected" 0
n=$(python3 "$SPLIT" "$T/hosts.json" "$T/frags" --kind host --spread 20)
[ "$n" = 1000 ] && fa_ok "1,000 host fragments are written" ||
	fa_fail "1,000 host fragments are written (got $n)"

fa_run merge -o "$T/merged.json" "$T/frags" "$T/sw1.json" "$T/sw2.json"
fa_expect_rc "merge of 1,000 fragments and 2 switch shards exits 0" 0
fa_expect_grep "merge reports what it joined" \
	'merged 1065 devices from 1002 inputs \(0 unreadable, 0 duplicate devices, 0 with clock skew, 0 not ok\)' \
	"$T/err"
# Same devices and links as collecting everything at once (times aside).
strip() { python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(json.dumps({"devices": s["devices"], "links": s["links"]}, sort_keys=True, indent=1))' "$1"; }
strip "$T/all.json" >"$T/all.cmp"
strip "$T/merged.json" >"$T/merged.cmp"
fa_expect_golden "the merged snapshot has exactly the devices and links of one collection" \
	"$T/all.cmp" "$T/merged.cmp"
links=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["links"]))' "$T/merged.json")
[ "$links" -gt 1000 ] && fa_ok "LLDP links between host fragments and switch shards are resolved ($links)" ||
	fa_fail "LLDP links between host fragments and switch shards are resolved ($links)"

# A duplicate (older, unreachable), a fragment from a host whose clock is 2 h ahead, a broken
# fragment and a file that is not a snapshot.
mkdir "$T/bad"
python3 - "$T/frags/gpu00001.json" "$T/frags/gpu00002.json" "$T/bad" <<'EOF'
import datetime, json, sys
one, two, bad = sys.argv[1:4]
s = json.load(open(one))
t = datetime.datetime.strptime(s["created"], "%Y-%m-%dT%H:%M:%SZ")
s["created"] = (t - datetime.timedelta(seconds=60)).strftime("%Y-%m-%dT%H:%M:%SZ")
d = s["devices"][0]
d["status"] = "unreachable"; d["error"] = "collected again from elsewhere"; d["ports"] = []
json.dump(s, open(bad + "/dup-gpu00001.json", "w"))
s = json.load(open(two))
s["created"] = (t + datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
json.dump(s, open(bad + "/skewed-gpu00002.json", "w"))
open(bad + "/truncated.json", "w").write('{"format": "fabric-audit/snapshot/v1", "devi')
json.dump({"format": "something/else"}, open(bad + "/other.json", "w"))
EOF
rm "$T/frags/gpu00002.json"
fa_run merge -o "$T/merged2.json" "$T/frags" "$T/bad" "$T/sw1.json" "$T/sw2.json"
fa_expect_rc "an unreadable input stops the merge (exit 65)" 65
fa_expect_grep "naming the first unreadable input" \
	'cannot merge: input .*bad/other.json.*\(2 of 1005 inputs unreadable; --skip-unreadable' \
	"$T/err"
if [ -e "$T/merged2.json" ]; then
	fa_fail "no output is written when an input is unreadable" "$T/err"
else
	fa_ok "no output is written when an input is unreadable"
fi
fa_run merge --skip-unreadable -o "$T/merged2.json" "$T/frags" "$T/bad" "$T/sw1.json" \
	"$T/sw2.json"
fa_expect_rc "with --skip-unreadable merge goes on past bad inputs (exit 0)" 0
fa_expect_grep "a truncated fragment is reported and left out" 'truncated.json' "$T/err"
fa_expect_grep "a file that is not a snapshot is reported" 'other.json.*not a fabric-audit snapshot' "$T/err"
fa_expect_grep "the duplicate is reported, the ok copy kept" \
	"device 'gpu00001' is in .* kept the one from .*frags/gpu00001.json \\(its status is ok\\)" "$T/err"
fa_expect_grep "the host 2 h ahead is reported for clock skew" \
	'skewed-gpu00002.json: created 7[12][0-9][0-9] s (in the future of this machine.s clock|after the median of all inputs): clock skew' \
	"$T/err"
fa_expect_grep "the summary counts them" \
	'merged 1065 devices from 1005 inputs \(2 unreadable and skipped, 1 duplicate devices, 1 with clock skew, 0 not ok\)' "$T/err"
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
d = {d["name"]: d for d in s["devices"]}
assert d["gpu00001"]["status"] == "ok"
assert any("also in" in w and "dup-gpu00001" in w for w in d["gpu00001"]["warnings"])
assert any("clock skew" in w for w in d["gpu00002"]["warnings"])
' "$T/merged2.json" 2>"$T/py.err" && fa_ok "the kept devices carry the duplicate and skew warnings" ||
	fa_fail "the kept devices carry the duplicate and skew warnings" "$T/py.err"
fa_run merge --skip-unreadable --require-complete -o "$T/merged3.json" "$T/frags" "$T/bad"
fa_expect_rc "--require-complete makes unreadable inputs exit 2" 2
fa_run merge -o "$T/none.json" "$T/bad/truncated.json"
fa_expect_rc "nothing readable exits 65" 65
fa_run merge "$T/frags"
fa_expect_rc "merge without -o is a usage error" 64

fa_done
