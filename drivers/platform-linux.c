/* SPDX-License-Identifier: MIT */
/*
 * The linux platform: the commands sent to a Linux GPU/CPU host with NVIDIA (Mellanox)
 * ConnectX NICs, and the parser of each (drivers/parse-linux.h).
 *
 * Order matters: commands run and are parsed in table order.  ip link creates the ports,
 * ibdev2netdev then marks which of them are RDMA interfaces (nic.device, nic.port), which
 * is what ibstat needs to place its fields and what the per-interface (IF) and per-RDMA-
 * device (DEV) commands expand over.  Every command only reads.
 */
#include "config.h"

#include "drivers/parse-linux.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_linux_commands[] = {
	{ "cat /etc/os-release", FA_EXPAND_NONE, 0, fa_parse_linux_os_release },
	{ "uname -r", FA_EXPAND_NONE, 0, fa_parse_linux_uname },
	{ "ip -j -d link show", FA_EXPAND_NONE, 0, fa_parse_linux_ip_link },
	{ "ibdev2netdev", FA_EXPAND_NONE, 0, fa_parse_linux_ibdev2netdev },
	{ "ibstat", FA_EXPAND_NONE, 0, fa_parse_linux_ibstat },
	{ "lldpctl -f json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_lldpctl },
	{ "ofed_info -s", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_ofed_info },
	{ "ethtool IF", FA_EXPAND_NETDEV, 0, fa_parse_linux_ethtool },
	{ "ethtool -i IF", FA_EXPAND_NETDEV, 0, fa_parse_linux_ethtool_i },
	{ "mlnx_qos -i IF", FA_EXPAND_NETDEV, 0, fa_parse_linux_mlnx_qos },
	{ "mlxconfig -d DEV q", FA_EXPAND_RDMADEV, 0, fa_parse_linux_mlxconfig },
	{ "ibv_devinfo", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ibv_devinfo },
	{ "mstconfig -d DEV q", FA_EXPAND_RDMADEV, FA_CMD_PARSE_ONLY, fa_parse_linux_mlxconfig },
};

const struct fa_platform fa_platform_linux = {
	.name = "linux",
	.kind = "host",
	.summary = "Linux GPU/CPU host with NVIDIA ConnectX NICs (MLNX_OFED / DOCA / inbox)",
	.commands = fa_linux_commands,
	.ncommands = sizeof(fa_linux_commands) / sizeof(fa_linux_commands[0]),
};
