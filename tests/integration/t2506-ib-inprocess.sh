#!/bin/sh
# SPDX-License-Identifier: MIT
# The in-process discovery (ib_discovery: inprocess, libibnetdisc + libibmad) against the
# tools (infiniband-diags) on one live subnet (ibsim + OpenSM, ib-lib.sh) with a link seeded
# at 1X: both snapshots agree on every field both produce for every port, the in-process
# audit reports exactly that link (ib.link.best) and nothing else, and its capture replays.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --spines 2 --leaves 4 \
	--hcas-per-leaf 2 --rails 2 --fault width:gpu002:mlx5_0 ||
	fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"

fa_ib_way tools
fa_expect_rc "the tools' audit finds the seeded fault (exit 1)" 1
fa_ib_way inproc inprocess
fa_expect_rc "the in-process audit finds the seeded fault (exit 1)" 1
fa_expect_grep "the in-process discovery is saved as a capture" '"format": "fabric-audit-ibnd/1"' \
	"$FA_TMP/caps-inproc/ib-fabric/ibnd-discover.txt"
fa_expect_no_grep "no infiniband-diags tool is run in process mode" 'ibnetdiscover\|iblinkinfo' \
	"$FA_TMP/caps-inproc/ib-fabric/meta.json"

# Every port of the tools' snapshot is in the in-process one, and every field both give
# (flattened to dotted paths) is equal; counters move on their own and are left out.
cat >"$FA_TMP/compare.py" <<'PY'
import json, sys

def dev(path):
    s = json.load(open(path))
    return [d for d in s["devices"] if d["name"] == "ib-fabric"][0]

def flat(o, prefix=""):
    out = {}
    for k, v in o.items():
        if isinstance(v, dict):
            out.update(flat(v, prefix + k + "."))
        else:
            out[prefix + k] = v
    return out

a, b = dev(sys.argv[1]), dev(sys.argv[2])
pa = {p["name"]: flat(p) for p in a["ports"]}
pb = {p["name"]: flat(p) for p in b["ports"]}
bad, same = 0, 0
for name in sorted(set(pa) | set(pb)):
    if name not in pa or name not in pb:
        print("port only in", "tools" if name in pa else "in-process", name)
        bad += 1
        continue
    for k in sorted(set(pa[name]) & set(pb[name])):
        if k.startswith("counters."):
            continue
        if pa[name][k] != pb[name][k]:
            print("%s %s: tools %r, in-process %r" % (name, k, pa[name][k], pb[name][k]))
            bad += 1
        else:
            same += 1
for k in ("ib_sm",):
    if a.get(k) != b.get(k):
        print("%s: tools %r, in-process %r" % (k, a.get(k), b.get(k)))
        bad += 1
# what the tools give that the in-process document does not
missing = sorted({k for n in pa if n in pb for k in set(pa[n]) - set(pb[n])})
if missing:
    print("only the tools give:", missing)
    bad += 1
print("%d ports, %d equal fields" % (len(pa), same))
sys.exit(1 if bad or same == 0 else 0)
PY
if python3 "$FA_TMP/compare.py" "$FA_TMP/tools.snap.json" "$FA_TMP/inproc.snap.json" \
	>"$FA_TMP/compare.out" 2>&1; then
	fa_ok "tools and in-process agree on every field of every port ($(tail -1 "$FA_TMP/compare.out"))"
else
	fa_fail "tools and in-process agree on every field of every port" "$FA_TMP/compare.out"
fi

# The in-process findings: ib.link.best on gpu002 mlx5_0/1 -- leaf01/N, nothing else.
cat >"$FA_TMP/findings.py" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
got = []
for f in r["findings"]:
    s = f["subject"]
    ends = sorted(e["port"] for e in (s["a"], s["b"])) if "a" in s else [str(s)]
    got.append((f["rule"], ends))
ok = (len(got) == 1 and got[0][0] == "ib.link.best" and got[0][1][0] == "gpu002 mlx5_0/1"
      and re.fullmatch(r"leaf01/\d+", got[0][1][1]))
if r["summary"]["not_evaluable"] != 0:
    print("not evaluable:", r["coverage"]["not_evaluable"])
    ok = False
print(got)
sys.exit(0 if ok else 1)
PY
if python3 "$FA_TMP/findings.py" "$FA_TMP/inproc.json" >"$FA_TMP/findings.out" 2>&1; then
	fa_ok "in process: ib.link.best on gpu002 mlx5_0/1 -- leaf01 only"
else
	fa_fail "in process: ib.link.best on gpu002 mlx5_0/1 -- leaf01 only" "$FA_TMP/findings.out" \
		"$FA_TMP/out-inproc"
fi

# The capture replays to the same findings, without the subnet.
fa_rc=0
(cd "$FA_TMP" && timeout 60 "$FA" run -i inv-inproc.yaml --replay caps-inproc \
	--json replay.json >out 2>err) || fa_rc=$?
fa_expect_rc "the in-process capture replays (exit 1: the same finding)" 1
if python3 "$FA_TMP/findings.py" "$FA_TMP/replay.json" >"$FA_TMP/findings.out" 2>&1; then
	fa_ok "the replayed capture gives the same finding"
else
	fa_fail "the replayed capture gives the same finding" "$FA_TMP/findings.out" "$FA_TMP/out"
fi

# The HCA port is chosen with ib_port: the simulated HCA by name gives the same findings; an
# HCA this host does not have is a device that could not be collected, named in the error.
ca=$(fa_ib_run ibstat -l 2>/dev/null | head -n 1)
printf 'devices:\n  - name: ib-fabric\n    platform: ib-fabric\n    transport: local\n    ib_discovery: inprocess\n    ib_port: "%s/1"\n' \
	"$ca" >"$FA_TMP/inv-port.yaml"
fa_rc=0
(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" run -i inv-port.yaml --json port.json >out 2>err) || fa_rc=$?
fa_expect_rc "ib_port $ca/1: the same audit (exit 1)" 1
if python3 "$FA_TMP/findings.py" "$FA_TMP/port.json" >"$FA_TMP/findings.out" 2>&1; then
	fa_ok "... and the same finding"
else
	fa_fail "... and the same finding" "$FA_TMP/findings.out" "$FA_TMP/out"
fi
sed 's|ib_port: ".*"|ib_port: "nosuch9/1"|' "$FA_TMP/inv-port.yaml" >"$FA_TMP/inv-nosuch.yaml"
fa_rc=0
(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" run -i inv-nosuch.yaml >out 2>err) || fa_rc=$?
fa_expect_rc "ib_port of an HCA this host lacks: nothing could be collected (exit 69)" 69
fa_expect_grep "... and the error names that HCA and port" 'from nosuch9 port 1' "$FA_TMP/err"

# collect --local --ib: the same discovery without an inventory, into a fragment of one
# ib-fabric device that audits like the inventory's.
fa_rc=0
(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" collect --local --ib="$ca/1" --name subnet-a -o frag.json >out 2>err) || fa_rc=$?
fa_expect_rc "collect --local --ib=$ca/1 writes a fragment" 0
fa_expect_no_grep "... with no progress line when standard error is no terminal" 'nodes discovered' \
	"$FA_TMP/err"
fa_rc=0
(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
	"$FA" collect --local --ib --progress always -o frag2.json >out 2>err) || fa_rc=$?
fa_expect_rc "collect --local --ib --progress always" 0
fa_expect_grep "... says it is discovering" \
	'ib-fabric: discovering the subnet from the first HCA\.\.\.' "$FA_TMP/err"
fa_expect_grep "... then counts the per-port queries up to the last of the 226 ports of 16 nodes" \
	'ib-fabric: 16 nodes discovered; P_Keys, counters, SMInfo: 226/226 ports, 0 skipped' \
	"$FA_TMP/err"
python3 - "$FA_TMP/frag.json" "$FA_TMP/inproc.snap.json" >"$FA_TMP/frag.out" 2>&1 <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))["devices"]
s = [d for d in json.load(open(sys.argv[2]))["devices"] if d["name"] == "ib-fabric"][0]
assert [(d["name"], d["platform"], d["status"]) for d in f] == [("subnet-a", "ib-fabric", "ok")], f
assert sorted(p["name"] for p in f[0]["ports"]) == sorted(p["name"] for p in s["ports"])
PY
if [ $? -eq 0 ]; then
	fa_ok "... of one device, subnet-a, with every port of the inventory's run"
else
	fa_fail "... of one device, subnet-a, with every port of the inventory's run" "$FA_TMP/frag.out"
fi
fa_run audit -s "$FA_TMP/frag.json" --select 'ib.link.best'
fa_expect_rc "... which audits to the same finding (exit 1)" 1
fa_expect_grep "... on the 1X link" 'subnet-a:gpu002 mlx5_0/1 -- subnet-a:leaf01/2' "$FA_TMP/out"

# FA_TEST_UPDATE=1: keep this capture as the parser's unit-test fixture.
if [ "${FA_TEST_UPDATE:-0}" = 1 ]; then
	cp "$FA_TMP/caps-inproc/ib-fabric/ibnd-discover.txt" \
		"$FA_SRCDIR/tests/fixtures/ib/ibnd/fat-tree-1x.json"
fi

fa_done
