#!/bin/sh
# SPDX-License-Identifier: MIT
# collect --local reads the kernel's counters of each link over rtnetlink: in two network
# namespaces this test builds, joined by a veth pair, traffic between the two ends must show
# in rx_bytes and tx_bytes, and taking the link down and up between two collections must
# raise carrier_changes, as /sys/class/net/IF/carrier_changes says.  Needs root (network
# namespaces); skips (77) otherwise.  Traffic stays inside the namespaces.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || fa_skip "needs root to create network namespaces"
command -v ip >/dev/null 2>&1 || fa_skip "iproute2 (ip) is not installed"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"
NS="fa-ctr-$$"
PEER="fa-ctrp-$$"
ip netns add "$NS" 2>"$FA_TMP/netns.err" || fa_skip "cannot create a network namespace: $(cat "$FA_TMP/netns.err")"
trap 'ip netns del "$NS" 2>/dev/null; ip netns del "$PEER" 2>/dev/null; rm -rf "$FA_TMP"' EXIT
ip netns add "$PEER" || fa_fail "cannot create the peer namespace"

ip -n "$NS" link add fa-ctr0 type veth peer name fa-ctr1 netns "$PEER"
ip -n "$NS" addr add 192.0.2.1/24 dev fa-ctr0
ip -n "$PEER" addr add 192.0.2.2/24 dev fa-ctr1
ip -n "$NS" link set lo up
ip -n "$NS" link set fa-ctr0 up
ip -n "$PEER" link set fa-ctr1 up
sleep 1
# five UDP datagrams each way (the discard port: nothing needs to listen)
send() {
	ip netns exec "$1" python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(5):
    s.sendto(b"fabric-audit counter test", (sys.argv[1], 9))
    time.sleep(0.05)' "$2" >"$FA_TMP/send.out" 2>&1 || fa_fail "UDP to $2 from $1" "$FA_TMP/send.out"
}
send "$NS" 192.0.2.2
send "$PEER" 192.0.2.1

collect() {
	fa_rc=0
	timeout 60 ip netns exec "$NS" "$FA" collect --local --name nshost -o "$1" \
		>"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null || fa_rc=$?
}
# counter FILE NAME: port fa-ctr0's counters.NAME in the fragment FILE, or "none"
counter() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["devices"][0]
p = [p for p in d["ports"] if p["name"] == "fa-ctr0"][0]
print(p.get("counters", {}).get(sys.argv[2], "none"))' "$1" "$2"
}

collect "$FA_TMP/one.json"
fa_expect_rc "collect --local in the namespace exits 0" 0
rx=$(counter "$FA_TMP/one.json" rx_bytes)
tx=$(counter "$FA_TMP/one.json" tx_bytes)
c1=$(counter "$FA_TMP/one.json" carrier_changes)
sys1=$(ip netns exec "$NS" cat /sys/class/net/fa-ctr0/carrier_changes)
[ "$rx" != none ] && [ "$rx" -gt 0 ] && fa_ok "rx_bytes counts the datagrams received ($rx)" ||
	fa_fail "rx_bytes counts the datagrams received (got $rx)"
[ "$tx" != none ] && [ "$tx" -gt 0 ] && fa_ok "tx_bytes counts the datagrams sent ($tx)" ||
	fa_fail "tx_bytes counts the datagrams sent (got $tx)"
[ "$c1" = "$sys1" ] && fa_ok "carrier_changes is the kernel's ($c1)" ||
	fa_fail "carrier_changes is the kernel's (got $c1, sysfs $sys1)"
for f in rx_errors tx_errors rx_discards tx_discards crc_errors; do
	[ "$(counter "$FA_TMP/one.json" $f)" != none ] && fa_ok "$f is read" ||
		fa_fail "$f is read"
done

# A flap between two readings.
ip -n "$NS" link set fa-ctr0 down
ip -n "$NS" link set fa-ctr0 up
sleep 1
collect "$FA_TMP/two.json"
fa_expect_rc "the second collect --local exits 0" 0
c2=$(counter "$FA_TMP/two.json" carrier_changes)
[ "$c2" != none ] && [ "$c2" -gt "$c1" ] && fa_ok "carrier_changes grows with a flap ($c1 -> $c2)" ||
	fa_fail "carrier_changes grows with a flap ($c1 -> $c2)"
fa_expect_no_grep "no counter warning" 'netlink: no counters' "$FA_TMP/two.json"

fa_done
