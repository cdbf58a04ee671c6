#!/bin/sh
# SPDX-License-Identifier: MIT
# collect --local for real, in a network namespace this test builds: veth pairs with MTUs
# 1500, 4200 and 9000, one link down, a bridge with a member, and a VLAN and a bond where the
# kernel has them.  The fragment must show exactly what the kernel has, field by field,
# compared with iproute2's own view (ip -j -d link show) of the same namespace; DCB over
# netlink is not supported on veth, which must fall back cleanly (no error, no QoS field).
# Needs root (network namespaces); skips (77) otherwise.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || fa_skip "needs root to create network namespaces"
command -v ip >/dev/null 2>&1 || fa_skip "iproute2 (ip) is not installed"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
NS="fa-local-$$"
ip netns add "$NS" 2>"$FA_TMP/netns.err" || fa_skip "cannot create a network namespace: $(cat "$FA_TMP/netns.err")"
trap 'ip netns del "$NS" 2>/dev/null; rm -rf "$FA_TMP"' EXIT

nsip() { ip -n "$NS" "$@"; }
nsip link add fa-veth-a0 mtu 1500 type veth peer name fa-veth-b0 mtu 1500
nsip link add fa-veth-a1 mtu 4200 type veth peer name fa-veth-b1 mtu 4200
nsip link add fa-veth-a2 mtu 9000 type veth peer name fa-veth-b2 mtu 9000
nsip link add fa-br0 type bridge
nsip link set fa-veth-b2 master fa-br0
for l in lo fa-veth-a0 fa-veth-b0 fa-veth-a1 fa-veth-b1 fa-veth-a2 fa-veth-b2 fa-br0; do
	nsip link set "$l" up
done
# One link down: administratively down, so its peer is lowerlayerdown... for veth, down.
nsip link set fa-veth-a1 down
have_vlan=0
have_bond=0
if nsip link add link fa-veth-a0 name fa-vlan100 type vlan id 100 2>"$FA_TMP/vlan.err"; then
	have_vlan=1
	nsip link set fa-vlan100 up
fi
if nsip link add fa-bond0 type bond mode active-backup 2>"$FA_TMP/bond.err"; then
	have_bond=1
	nsip link set fa-veth-b0 down
	nsip link set fa-veth-b0 master fa-bond0
	nsip link set fa-bond0 up
fi
# Operstate settles about a second after links come up.
sleep 1.5

ip netns exec "$NS" ip -j -d link show >"$FA_TMP/ip.json"
fa_rc=0
timeout 60 ip netns exec "$NS" "$FA" collect --local --name nshost -o "$FA_TMP/frag.json" \
	>"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null || fa_rc=$?
fa_expect_rc "collect --local in the namespace exits 0" 0

# compare FIELD: every link of ip -j has the same FIELD in the fragment, and no other port.
cat >"$FA_TMP/compare.py" <<'EOF'
import json, sys
ip = json.load(open(sys.argv[1]))
frag = json.load(open(sys.argv[2]))
field = sys.argv[3]
dev = frag["devices"][0]
ports = {p["name"]: p for p in dev["ports"]}
names = {l["ifname"]: l for l in ip}
kinds = {"bond": "bond", "team": "bond", "vlan": "vlan", "bridge": "bridge",
         "openvswitch": "bridge", "ipoib": "infiniband"}
def want(l):
    kind = l.get("linkinfo", {}).get("info_kind")
    if field == "names":
        return None
    if field == "mtu":
        return l["mtu"]
    if field == "admin_state":
        return "up" if "UP" in l["flags"] else "down"
    if field == "oper_state":
        return l["operstate"].lower()
    if field == "mac":
        return l["address"].lower() if l.get("link_type") == "ether" else None
    if field == "type":
        if kind:
            return kinds.get(kind, "virtual")
        return {"ether": "ethernet", "loopback": "loopback"}.get(l.get("link_type"), "other")
    if field == "master":
        return l.get("master")
    if field == "vlan_id":
        return l["linkinfo"]["info_data"]["id"] if kind == "vlan" else None
    if field == "parent":
        return l.get("link") if kind == "vlan" else None
bad = []
if sorted(ports) != sorted(names):
    bad.append("ports %s != links %s" % (sorted(ports), sorted(names)))
for n, l in names.items():
    if field == "names" or n not in ports:
        continue
    if ports[n].get(field) != want(l):
        bad.append("%s: %s is %r, the kernel says %r" % (n, field, ports[n].get(field), want(l)))
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
for field in names mtu admin_state oper_state mac type master vlan_id parent; do
	if python3 "$FA_TMP/compare.py" "$FA_TMP/ip.json" "$FA_TMP/frag.json" "$field" \
		>"$FA_TMP/cmp.out" 2>&1; then
		fa_ok "the fragment's $field is exactly the kernel's for every link"
	else
		fa_fail "the fragment's $field is exactly the kernel's for every link" "$FA_TMP/cmp.out"
	fi
done

# Named values, so a wrong comparison script cannot hide a wrong fragment.
val() { python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["devices"][0]
p = [p for p in d["ports"] if p["name"] == sys.argv[2]][0]
print(p.get(sys.argv[3]))' "$FA_TMP/frag.json" "$1" "$2"; }
[ "$(val fa-veth-a0 mtu)" = 1500 ] && [ "$(val fa-veth-a1 mtu)" = 4200 ] &&
	[ "$(val fa-veth-a2 mtu)" = 9000 ] && fa_ok "the veth MTUs are 1500, 4200 and 9000" ||
	fa_fail "the veth MTUs are 1500, 4200 and 9000" "$FA_TMP/frag.json"
[ "$(val fa-veth-a1 admin_state)" = down ] && [ "$(val fa-veth-a1 oper_state)" = down ] &&
	fa_ok "the link set down is admin and oper down" ||
	fa_fail "the link set down is admin and oper down" "$FA_TMP/frag.json"
[ "$(val fa-veth-a2 oper_state)" = up ] && fa_ok "a link that is up is oper up" ||
	fa_fail "a link that is up is oper up" "$FA_TMP/frag.json"
[ "$(val fa-veth-b2 master)" = fa-br0 ] && [ "$(val fa-br0 type)" = bridge ] &&
	fa_ok "the bridge member names its bridge as master" ||
	fa_fail "the bridge member names its bridge as master" "$FA_TMP/frag.json"
if [ $have_vlan = 1 ]; then
	[ "$(val fa-vlan100 vlan_id)" = 100 ] && [ "$(val fa-vlan100 parent)" = fa-veth-a0 ] &&
		fa_ok "the VLAN has id 100 on fa-veth-a0" ||
		fa_fail "the VLAN has id 100 on fa-veth-a0" "$FA_TMP/frag.json"
else
	echo "# no VLAN check: this kernel cannot create one ($(cat "$FA_TMP/vlan.err")); VLAN decoding is covered by the netlink unit tests"
fi
if [ $have_bond = 1 ]; then
	[ "$(val fa-veth-b0 master)" = fa-bond0 ] && [ "$(val fa-bond0 type)" = bond ] &&
		fa_ok "the bond member names its bond as master" ||
		fa_fail "the bond member names its bond as master" "$FA_TMP/frag.json"
else
	echo "# no bond check: this kernel cannot create one ($(cat "$FA_TMP/bond.err")); bond decoding is covered by the netlink unit tests"
fi

fa_expect_no_grep "veth has no DCB: no QoS field and no DCB error" '"qos"|DCB of' "$FA_TMP/frag.json"
fa_expect_grep "the device is the name given with --name" '"name": ?"nshost"' "$FA_TMP/frag.json"

if python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null; then
	if python3 -c '
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
schema = json.load(open(sys.argv[1]))
errs = list(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(json.load(open(sys.argv[2]))))
for e in errs: print(e.json_path, e.message)
sys.exit(1 if errs else 0)' "$FA_SRCDIR/docs/schema/snapshot.schema.json" "$FA_TMP/frag.json" \
		>"$FA_TMP/schema.out" 2>&1; then
		fa_ok "the fragment is valid against the snapshot schema"
	else
		fa_fail "the fragment is valid against the snapshot schema" "$FA_TMP/schema.out"
	fi
fi

fa_run collect --local -i x.yaml -o "$FA_TMP/x.json"
fa_expect_rc "--local with an inventory is a usage error" 64
fa_run collect --name foo -i x.yaml -o "$FA_TMP/x.json"
fa_expect_rc "--name without --local is a usage error" 64

fa_done
