#!/bin/sh
# SPDX-License-Identifier: MIT
# collect --local --sample reads the kernel's counters of each link over rtnetlink twice: in
# two network namespaces this test builds, joined by a veth pair, traffic between the two
# readings must show in the growth of rx_bytes and tx_bytes, and taking the link down and up
# between them must show in carrier_changes, as /sys/class/net/IF/carrier_changes says.  Needs root (network
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
	timeout 60 ip netns exec "$NS" "$FA" collect --local --name nshost -o "$@" \
		>"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null || fa_rc=$?
}
# value FILE EXPR: EXPR (Python, over port fa-ctr0 as p) in the fragment FILE, or "none"
value() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["devices"][0]
p = [p for p in d["ports"] if p["name"] == "fa-ctr0"][0]
try:
    print(eval(sys.argv[2]))
except (KeyError, TypeError):
    print("none")' "$1" "$2"
}

# A configuration audit reads no counter.
collect "$FA_TMP/plain.json"
fa_expect_rc "collect --local in the namespace exits 0" 0
[ "$(value "$FA_TMP/plain.json" 'p["counters"]')" = none ] &&
	fa_ok "without --sample no counter is read" ||
	fa_fail "without --sample no counter is read" "$FA_TMP/plain.json"

# Two readings 8 s apart; between them, a flap of the link and traffic both ways.  The
# first reading comes within a second on a quiet machine; 2 s of wait and 6 s of room after
# it keep both events between the readings on a loaded one (an ASan build, starting Python
# for the datagrams).
sys1=$(ip netns exec "$NS" cat /sys/class/net/fa-ctr0/carrier_changes)
collect "$FA_TMP/sampled.json" --sample 8 &
pid=$!
sleep 2
ip -n "$NS" link set fa-ctr0 down
ip -n "$NS" link set fa-ctr0 up
send "$NS" 192.0.2.2
send "$PEER" 192.0.2.1
wait "$pid" || fa_fail "collect --local --sample 8 exits 0" "$FA_TMP/err"
[ -s "$FA_TMP/sampled.json" ] || fa_fail "collect --local --sample 8 wrote its fragment" "$FA_TMP/err"
sys2=$(ip netns exec "$NS" cat /sys/class/net/fa-ctr0/carrier_changes)

iv=$(value "$FA_TMP/sampled.json" 'p["health"]["interval_s"]')
python3 -c 'import sys; sys.exit(0 if 7.9 < float(sys.argv[1]) < 30 else 1)' "$iv" 2>/dev/null &&
	fa_ok "the readings are about 8 s apart ($iv s)" || fa_fail "the readings are about 8 s apart ($iv)"
rx=$(value "$FA_TMP/sampled.json" 'p["health"]["delta"]["rx_bytes"]')
tx=$(value "$FA_TMP/sampled.json" 'p["health"]["delta"]["tx_bytes"]')
[ "$rx" != none ] && [ "$rx" -gt 0 ] && fa_ok "rx_bytes grew by the datagrams received ($rx)" ||
	fa_fail "rx_bytes grew by the datagrams received (got $rx)"
[ "$tx" != none ] && [ "$tx" -gt 0 ] && fa_ok "tx_bytes grew by the datagrams sent ($tx)" ||
	fa_fail "tx_bytes grew by the datagrams sent (got $tx)"
c=$(value "$FA_TMP/sampled.json" 'p["counters"]["carrier_changes"]')
dc=$(value "$FA_TMP/sampled.json" 'p["health"]["delta"]["carrier_changes"]')
[ "$c" = "$sys2" ] && fa_ok "carrier_changes is the kernel's ($c)" ||
	fa_fail "carrier_changes is the kernel's (got $c, sysfs $sys2)"
[ "$dc" = $((sys2 - sys1)) ] && [ "$dc" -ge 2 ] &&
	fa_ok "the flap shows as $dc carrier changes between the readings" ||
	fa_fail "the flap shows as carrier changes between the readings (got $dc, sysfs $sys1 -> $sys2)"
for f in rx_errors tx_errors rx_discards tx_discards crc_errors; do
	[ "$(value "$FA_TMP/sampled.json" "p['health']['delta']['$f']")" = 0 ] &&
		fa_ok "$f is read twice and did not grow" || fa_fail "$f is read twice and did not grow"
done
fa_expect_no_grep "no counter warning" 'netlink: no counters' "$FA_TMP/sampled.json"

# The health rules name the flap.
fa_run audit -s "$FA_TMP/sampled.json" --select health --format json -o "$FA_TMP/report.json"
python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print("\n".join(f["rule"] + " " + f["subject_text"] for f in r["findings"]))' \
	"$FA_TMP/report.json" >"$FA_TMP/findings"
fa_expect_grep "health.link.flaps finds the flap on nshost:fa-ctr0" \
	'^health.link.flaps nshost:fa-ctr0$' "$FA_TMP/findings"

fa_done
