#!/bin/sh
# SPDX-License-Identifier: MIT
# A host whose RDMA port lost its IPv4 address has no RoCE v2 IPv4 GID on that rail while its
# other NIC has one: roce.gid.ipv4.rails names that port.  A copy of the bundled example
# where gpu02's ens2f0np0 has no IPv4 address, so the kernel lists no ::ffff:10.1.0.2 GIDs
# (v1 index 2 and v2 index 3 of mlx5_1) in show_gids or in sysfs.  Negative: the same on
# every NIC of gpu02 (a host with no IPv4 GID at all passes: it is left to the NCCL rules).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/addr-lib.sh"

# drop_ipv4 CAPTURES HOST RDMA_DEVICE: remove the IPv4 GIDs (indexes 2 and 3) of one device.
drop_ipv4() {
	sed -i -e "/^$3	1	[23]	/d" "$1/$2/show-gids.txt"
	sed -i -e "\\#^/sys/class/infiniband/$3/ports/1/\\(gids\\|gid_attrs/types\\|gid_attrs/ndevs\\)/[23]:#d" \
		"$(addr_gid_files "$1/$2" | tail -1)"
	n=$(grep -c '^mlx5_' "$1/$2/show-gids.txt")
	sed -i "s/^n_gids_found=.*/n_gids_found=$n/" "$1/$2/show-gids.txt"
}

addr_run clean "$ex"
if grep -q '^roce\.gid\.ipv4\.rails' "$FA_TMP/clean.txt"; then
	fa_fail "every RDMA port of the bundled example has a RoCE v2 IPv4 GID" "$FA_TMP/clean.txt"
else
	fa_ok "every RDMA port of the bundled example has a RoCE v2 IPv4 GID"
fi

cap=$(addr_copy rail)
drop_ipv4 "$cap" gpu02 mlx5_1
fa_expect_grep "show_gids counts 6 GIDs" '^n_gids_found=6$' "$cap/gpu02/show-gids.txt"
fa_expect_no_grep "mlx5_1 has no IPv4 GID left in sysfs" 'mlx5_1/ports/1/gids/[23]:' \
	"$(addr_gid_files "$cap/gpu02" | tail -1)"
addr_run rail "$FA_TMP/rail"
fa_expect_rc "a rail without an IPv4 GID fails the run: exit 1" 1
# NCCL_IB_GID_INDEX=3 (the example's nccl.conf) no longer names a RoCE v2 GID there either.
addr_expect_new rail "exactly that port is named, by this rule and the NCCL GID rule" \
	"nccl.gid_index.rocev2	gpu02:ens2f0np0
roce.gid.ipv4.rails	gpu02:ens2f0np0"
fa_expect_grep "the message names the NIC and the host" \
	'gpu02:ens2f0np0 \(mlx5_1\) has no RoCE v2 IPv4 GID, while other RDMA ports of gpu02' \
	"$FA_TMP/rail.txt"

cap=$(addr_copy none)
drop_ipv4 "$cap" gpu02 mlx5_0
drop_ipv4 "$cap" gpu02 mlx5_1
addr_run none "$FA_TMP/none"
if grep -q '^roce\.gid\.ipv4\.rails' "$FA_TMP/none.txt"; then
	fa_fail "a host with no IPv4 GID on any rail is not a rail finding" "$FA_TMP/none.txt"
else
	fa_ok "a host with no IPv4 GID on any rail is not a rail finding"
fi

fa_done
