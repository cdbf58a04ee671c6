/* SPDX-License-Identifier: MIT */
/*
 * The linux platform: the commands sent to a Linux GPU/CPU host with NVIDIA (Mellanox)
 * ConnectX NICs, and the parser of each (drivers/linux/parse-linux.h).
 *
 * Order matters: commands run and are parsed in table order.  ip link creates the ports,
 * ibdev2netdev then marks which of them are RDMA interfaces (nic.device, nic.port), which
 * is what ibstat needs to place its fields and what the per-interface (IF) and per-RDMA-
 * device (DEV) commands expand over; show_gids, the P_Key tables and nvidia-smi topo place
 * their fields by the same RDMA device names.  The two sysfs reads after ibdev2netdev and
 * show_gids fill only what those did not (a host without mlnx-tools), so the model is the same
 * either way.  Every command only reads.  Tools a host may
 * lack (GPU driver, mlnx-tools scripts, NCCL, lldpd) are optional: a failure is a warning.
 * Where mlnx_qos fails (not installed: inbox drivers), iproute2's dcb reads the same DCB
 * settings through the kernel's dcbnl.  Counter and module readings (ethtool -S/-m, mlxlink,
 * carrier changes) are optional too: a VM's NIC or an inbox host may lack them.
 */
#include "config.h"

#include "drivers/linux/parse-linux.h"
#include "drivers/platform-list.h"

/*
 * sysfs tables read with grep -H, so that each value comes with the path that says which
 * device, port and index it belongs to (the parsers explain the choice).
 */
#define FA_LINUX_PKEYS "grep -H -v -x 0x0000 /sys/class/infiniband/*/ports/*/pkeys/*"
/*
 * Without mlnx-tools (inbox drivers) ibdev2netdev and show_gids are missing; sysfs has the
 * same answers.  The glob matches nothing on a host without RDMA devices and some GID
 * attribute files cannot be read (unused entries, InfiniBand ports): grep's complaints and
 * its status 2 say nothing the output does not, so both are dropped.
 */
#define FA_LINUX_RDMA_NETDEVS                                                  \
	"grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/0 "         \
	"/sys/class/infiniband/*/device/net/*/dev_port 2>/dev/null || true"
#define FA_LINUX_RDMA_GIDS                                                     \
	"grep -H -v -x 0000:0000:0000:0000:0000:0000:0000:0000 "               \
	"/sys/class/infiniband/*/ports/*/gids/* "                              \
	"/sys/class/infiniband/*/ports/*/gid_attrs/types/* "                   \
	"/sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null || true"
/* counters (FA_CMD_COUNTERS): read twice by collect --sample */
#define FA_LINUX_CARRIER "grep -H . /sys/class/net/*/carrier_changes"
#define FA_LINUX_DCQCN                                                                        \
	"grep -H . /sys/class/net/*/ecn/roce_np/enable/* /sys/class/net/*/ecn/roce_rp/enable/* " \
	"/sys/class/net/*/ecn/roce_np/cnp_dscp"

static const struct fa_command fa_linux_commands[] = {
	{ "cat /etc/os-release", FA_EXPAND_NONE, 0, fa_parse_linux_os_release },
	{ "uname -r", FA_EXPAND_NONE, 0, fa_parse_linux_uname },
	{ "ip -j -d link show", FA_EXPAND_NONE, 0, fa_parse_linux_ip_link },
	{ "ibdev2netdev", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_ibdev2netdev },
	{ FA_LINUX_RDMA_NETDEVS, FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_rdma_netdevs },
	{ "ibstat", FA_EXPAND_NONE, 0, fa_parse_linux_ibstat },
	{ "lldpctl -f json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_lldpctl },
	{ "ofed_info -s", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_ofed_info },
	{ "show_gids", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_show_gids },
	{ FA_LINUX_RDMA_GIDS, FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_rdma_gids },
	{ FA_LINUX_PKEYS, FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_pkeys },
	{ FA_LINUX_DCQCN, FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_dcqcn },
	{ FA_LINUX_CARRIER, FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	  fa_parse_linux_carrier },
	{ "nvidia-smi -q -x", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_nvidia_smi },
	{ "nvidia-smi topo -m", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_nvidia_topo },
	{ "cat /etc/nccl.conf", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_linux_nccl_conf },
	{ "cat /sys/class/dmi/id/bios_version", FA_EXPAND_NONE, FA_CMD_OPTIONAL,
	  fa_parse_linux_bios },
	{ "ethtool IF", FA_EXPAND_NETDEV, 0, fa_parse_linux_ethtool },
	{ "ethtool -i IF", FA_EXPAND_NETDEV, 0, fa_parse_linux_ethtool_i },
	{ "mlnx_qos -i IF", FA_EXPAND_NETDEV, FA_CMD_OPTIONAL, fa_parse_linux_mlnx_qos },
	{ "dcb -j pfc show dev IF", FA_EXPAND_NETDEV, FA_CMD_OPTIONAL | FA_CMD_FALLBACK,
	  fa_parse_linux_dcb_pfc },
	{ "dcb -j ets show dev IF", FA_EXPAND_NETDEV, FA_CMD_OPTIONAL | FA_CMD_FALLBACK,
	  fa_parse_linux_dcb_ets },
	{ "dcb -j app show dev IF", FA_EXPAND_NETDEV, FA_CMD_OPTIONAL | FA_CMD_FALLBACK,
	  fa_parse_linux_dcb_app },
	{ "dcb -j buffer show dev IF", FA_EXPAND_NETDEV, FA_CMD_OPTIONAL | FA_CMD_FALLBACK,
	  fa_parse_linux_dcb_buffer },
	{ "ethtool -S IF", FA_EXPAND_NETDEV, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	  fa_parse_linux_ethtool_stats },
	{ "ethtool -m IF", FA_EXPAND_NETDEV, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	  fa_parse_linux_ethtool_module },
	{ "mlxconfig -d DEV q", FA_EXPAND_RDMADEV, 0, fa_parse_linux_mlxconfig },
	{ "mlxlink -d DEV -c", FA_EXPAND_RDMADEV, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	  fa_parse_linux_mlxlink },
	/* after /etc/nccl.conf, which the environment overrides; a missing file is no failure */
	{ "cat FILE", FA_EXPAND_NCCL_ENV, FA_CMD_OPTIONAL, fa_parse_linux_nccl_env },
	{ "ip link show", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ip_link_text },
	{ "ip -d link show", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ip_link_text },
	{ "ip addr show", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ip_link_text },
	{ "ibv_devinfo", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ibv_devinfo },
	{ "ibv_devices", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_ibv_devices },
	{ "rdma link show", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_rdma_link },
	{ "dcb pfc show dev IF", FA_EXPAND_NETDEV, FA_CMD_PARSE_ONLY, fa_parse_linux_dcb_pfc },
	{ "dcb ets show dev IF", FA_EXPAND_NETDEV, FA_CMD_PARSE_ONLY, fa_parse_linux_dcb_ets },
	{ "dcb app show dev IF", FA_EXPAND_NETDEV, FA_CMD_PARSE_ONLY, fa_parse_linux_dcb_app },
	{ "dcb buffer show dev IF", FA_EXPAND_NETDEV, FA_CMD_PARSE_ONLY, fa_parse_linux_dcb_buffer },
	{ "mstconfig -d DEV q", FA_EXPAND_RDMADEV, FA_CMD_PARSE_ONLY, fa_parse_linux_mlxconfig },
	{ "nvidia-smi", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_nvidia_smi_text },
	{ "nvidia-smi -q", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_linux_nvidia_smi_text },
};

const struct fa_platform fa_platform_linux = {
	.name = "linux",
	.kind = "host",
	.summary = "Linux GPU/CPU host with NVIDIA ConnectX NICs (MLNX_OFED / DOCA / inbox)",
	.commands = fa_linux_commands,
	.ncommands = sizeof(fa_linux_commands) / sizeof(fa_linux_commands[0]),
};
