#!/bin/sh
# SPDX-License-Identifier: MIT
# Two RDMA ports with one MAC are one finding of roce.mac.unique naming both.  A copy of the
# bundled example where gpu03's first NIC carries gpu01's MAC b8:ce:f6:00:00:00, printed
# consistently: "ip -j -d link show", the link-local GIDs made from the MAC (show_gids and
# sysfs), and leaf01's LLDP view of its neighbour port (NVUE names a host port by MAC).
# Negative: gpu03's NIC given a MAC nobody else has, printed as consistently.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/addr-lib.sh"

# set_mac CAPTURES NEW_MAC NEW_GID_SUFFIX: gpu03 ens1f0np0 (b8:ce:f6:00:02:00) becomes NEW_MAC.
set_mac() {
	sed -i "s/\"address\":\"b8:ce:f6:00:02:00\"/\"address\":\"$2\"/" "$1/gpu03/ip-j-d-link-show.txt"
	for f in $(addr_gid_files "$1/gpu03"); do
		sed -i "s/bace:f6ff:fe00:0200/$3/" "$f"
	done
	sed -i "s/\"name\": \"b8:ce:f6:00:02:00\"/\"name\": \"$2\"/" \
		"$1/leaf01/nv-show-interface-view-lldp-detail-o-json.txt"
}

addr_run clean "$ex"
if grep -q '^roce\.mac\.unique' "$FA_TMP/clean.txt"; then
	fa_fail "the bundled example has no duplicate MAC" "$FA_TMP/clean.txt"
else
	fa_ok "the bundled example has no duplicate MAC"
fi

cap=$(addr_copy dup)
set_mac "$cap" b8:ce:f6:00:00:00 bace:f6ff:fe00:0000
fa_expect_grep "ip link prints gpu01's MAC on gpu03's ens1f0np0" \
	'"ifname":"ens1f0np0",[^}]*"address":"b8:ce:f6:00:00:00"' "$cap/gpu03/ip-j-d-link-show.txt"
fa_expect_grep "leaf01 sees that MAC as its swp3 neighbour's port" \
	'"swp3".*"name": "b8:ce:f6:00:00:00", "description": "ens1f0np0"' \
	"$cap/leaf01/nv-show-interface-view-lldp-detail-o-json.txt"
addr_run dup "$FA_TMP/dup"
fa_expect_rc "a duplicate MAC fails the run: exit 1" 1
addr_expect_new dup "the duplicate is exactly one new finding, on the MAC" \
	"roce.mac.unique	fabric[b8:ce:f6:00:00:00]"
fa_expect_grep "the finding names both ports" \
	'MAC b8:ce:f6:00:00:00 is used by gpu01:ens1f0np0 and gpu03:ens1f0np0$' "$FA_TMP/dup.txt"
fa_expect_grep "the link gpu03 -- leaf01 is still discovered" \
	'"device": ?"gpu03",[[:space:]]*"port": ?"ens1f0np0"' "$FA_TMP/dup-snap.json"

cap=$(addr_copy other)
set_mac "$cap" b8:ce:f6:00:02:80 bace:f6ff:fe00:0280
addr_run other "$FA_TMP/other"
addr_expect_new other "a changed but unique MAC gives no new finding" ""
fa_expect_grep "the new MAC was read" '"mac": ?"b8:ce:f6:00:02:80"' "$FA_TMP/other-snap.json"

fa_done
