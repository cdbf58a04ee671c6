#!/bin/sh
# SPDX-License-Identifier: MIT
# Two NICs of one host on one leaf: topology.rail.distinct names the host.  A copy of the
# bundled example where gpu03's second cable went from leaf02 swp3 into leaf01 swp5: gpu03's
# LLDP sees leaf01 swp5 on ens2f0np0, leaf01's swp5 comes up with gpu03 as its neighbour,
# and leaf02's swp3 goes down with no neighbour.  The bundled example (every host on two
# leaves) gives no finding of the rule.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/addr-lib.sh"

addr_run clean "$ex"
if grep -q '^topology\.rail\.distinct' "$FA_TMP/clean.txt"; then
	fa_fail "every host of the bundled example is on two leaves" "$FA_TMP/clean.txt"
else
	fa_ok "every host of the bundled example is on two leaves"
fi

cap=$(addr_copy plug)
python3 -c "
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
for e in doc['lldp']['interface']:
    if 'ens2f0np0' in e:
        n = e['ens2f0np0']
        n['rid'] = '1'
        n['chassis'] = {'leaf01': {'id': {'type': 'mac', 'value': '1c:34:da:00:00:00'},
                                   **{k: v for k, v in n['chassis']['leaf02'].items() if k != 'id'}}}
        n['chassis']['leaf01']['mgmt-ip'] = '192.168.200.10'
        n['port']['id']['value'] = 'swp5'
        n['port']['descr'] = 'swp5'
open(path, 'w').write(json.dumps(doc, indent=2) + '\n')
" "$cap/gpu03/lldpctl-f-json.txt"
l1="$cap/leaf01/nv-show-interface-view-lldp-detail-o-json.txt"
l2="$cap/leaf02/nv-show-interface-view-lldp-detail-o-json.txt"
sed -i 's/^  "swp5": {"lldp": {}},$/  "swp5": {"lldp": {"neighbor": {"gpu03": {"chassis": {"chassis-id": "b8:ce:f6:00:02:fe", "system-name": "gpu03"}, "port": {"name": "b8:ce:f6:00:02:01", "description": "ens2f0np0", "type": "mac", "ttl": 120}, "age": 86405, "lldp-med": {}}}}},/' "$l1"
sed -i 's/^  "swp3": {"lldp": {"neighbor": {"gpu03".*}},$/  "swp3": {"lldp": {}},/' "$l2"
# both counter readings of the interfaces (the second one keeps the port's counters)
for f in "$cap"/leaf01/nv-show-interface-o-json*.txt; do
	sed -i 's/^\(  "swp5": {"type": "swp", "link": {"admin-status": "up", "oper-status": \)"down", \("mtu": 9216, "mac-address": "1c:34:da:00:00:05", "state": {"up": {}}\)/\1"up", \2, "speed": "400G", "fec": "rs", "auto-negotiate": "off"/' "$f"
done
for f in "$cap"/leaf02/nv-show-interface-o-json*.txt; do
	sed -i 's/^\(  "swp3": {"type": "swp", "link": {"admin-status": "up", "oper-status": \)"up", \("mtu": 9216, "mac-address": "1c:34:da:00:01:03", "state": {"up": {}}\), "speed": "400G", "fec": "rs", "auto-negotiate": "off"/\1"down", \2/' "$f"
done
fa_expect_grep "gpu03's ens2f0np0 sees leaf01 swp5" '"value": "swp5"' "$cap/gpu03/lldpctl-f-json.txt"
fa_expect_grep "leaf01 swp5 sees gpu03's ens2f0np0" '^  "swp5": \{"lldp": \{"neighbor": \{"gpu03"' "$l1"
fa_expect_grep "leaf01 swp5 is up" '^  "swp5": \{"type": "swp", "link": \{"admin-status": "up", "oper-status": "up"' \
	"$cap/leaf01/nv-show-interface-o-json.txt"
fa_expect_grep "leaf02 swp3 has no neighbour" '^  "swp3": \{"lldp": \{\}\},$' "$l2"
fa_expect_grep "leaf02 swp3 is down" '^  "swp3": \{"type": "swp", "link": \{"admin-status": "up", "oper-status": "down"' \
	"$cap/leaf02/nv-show-interface-o-json.txt"

addr_run plug "$FA_TMP/plug"
fa_expect_rc "two NICs on one leaf fail the run: exit 1" 1
grep '^topology\.rail\.' "$FA_TMP/plug.txt" | cut -f1,2 >"$FA_TMP/plug.rails" || :
printf 'topology.rail.distinct\tgpu03 (group ["gpu-host"])\n' >"$FA_TMP/plug.want"
if diff -u "$FA_TMP/plug.want" "$FA_TMP/plug.rails" >"$FA_TMP/plug.diff"; then
	fa_ok "the host is the one rail finding"
else
	fa_fail "the host is the one rail finding" "$FA_TMP/plug.diff"
fi
fa_expect_grep "the finding names the leaves" \
	'gpu03 has its RDMA NICs on 1 leaves \(leaf01\); most hosts of its role use 2$' "$FA_TMP/plug.txt"
# The only other new finding: leaf01 now serves five 400G host ports over two uplinks.
grep -v '^topology\.rail\.' "$FA_TMP/plug.new" >"$FA_TMP/plug.other" || :
printf 'topology.oversubscription.error\tleaf01\n' >"$FA_TMP/plug.other.want"
if diff -u "$FA_TMP/plug.other.want" "$FA_TMP/plug.other" >"$FA_TMP/plug.other.diff"; then
	fa_ok "nothing else new but leaf01's oversubscription (2.5:1 now)"
else
	fa_fail "nothing else new but leaf01's oversubscription (2.5:1 now)" "$FA_TMP/plug.other.diff"
fi
fa_expect_grep "the new link is discovered" \
	'"device": ?"gpu03",[[:space:]]*"port": ?"ens2f0np0"[[:space:]]*\},[[:space:]]*"b": ?\{[[:space:]]*"device": ?"leaf01",[[:space:]]*"port": ?"swp5"' \
	"$FA_TMP/plug-snap.json"

fa_done
