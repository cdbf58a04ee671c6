/* SPDX-License-Identifier: MIT */
/*
 * Parsers of the linux platform (drivers/linux/platform-linux.c): what a Linux GPU/CPU host with
 * NVIDIA (Mellanox) ConnectX NICs prints, turned into model fields (docs/model.md).
 *
 * Each is an fa_parse_fn (drivers/platform.h): pure, capture bytes in, fields of @device out,
 * warnings for what it does not understand, -FA_EPARSE when the output as a whole is not what
 * the command prints.  Per-interface parsers (IF) write to the port named cap->arg; per-RDMA-
 * device parsers (DEV) write to every port whose nic.device is cap->arg; both return
 * -FA_EINVAL when cap->arg is missing.  (mlxconfig/mstconfig also accept a PCI address as
 * DEV and then match the port's nic.pci.)
 *
 * RDMA ports are matched, never guessed: ibdev2netdev names the netdev of each RDMA device
 * port (nic.device, nic.port).  ibstat and ibv_devinfo write to the port carrying that pair,
 * or, when no netdev backs it, to a port named "<device>/<port>" (e.g. "mlx5_0/1").
 */
#ifndef FA_DRIVERS_PARSE_LINUX_H
#define FA_DRIVERS_PARSE_LINUX_H

#include "drivers/platform.h"

/* cat /etc/os-release: os.name (NAME), os.version (VERSION_ID). */
fa_parse_fn fa_parse_linux_os_release;
/* uname -r: os.kernel. */
fa_parse_fn fa_parse_linux_uname;
/* ip -j -d link show: one port per link (type, admin/oper state, mtu, mac). */
fa_parse_fn fa_parse_linux_ip_link;
/* ip link show, ip -d link show, ip addr show (text): the fields of ip_link's JSON form. */
fa_parse_fn fa_parse_linux_ip_link_text;
/* ibdev2netdev: nic.device and nic.port of each netdev backed by an RDMA device. */
fa_parse_fn fa_parse_linux_ibdev2netdev;
/* ibstat: nic.model/firmware/guids and ib.* per RDMA device port. */
fa_parse_fn fa_parse_linux_ibstat;
/* lldpctl -f json: lldp.* neighbour of each local interface. */
fa_parse_fn fa_parse_linux_lldpctl;
/* ofed_info -s: software.ofed. */
fa_parse_fn fa_parse_linux_ofed_info;
/* show_gids: gids[] of each RDMA device port (index, gid, type, ipv4, netdev). */
fa_parse_fn fa_parse_linux_show_gids;
/* grep -H of sysfs gid_attrs/ndevs/0 and device/net: nic.device/port where ibdev2netdev left none. */
fa_parse_fn fa_parse_linux_rdma_netdevs;
/* grep -H of the sysfs GID tables: gids[] of the ports show_gids did not fill. */
fa_parse_fn fa_parse_linux_rdma_gids;
/* grep -H of the sysfs P_Key tables: pkeys[] of each RDMA device port. */
fa_parse_fn fa_parse_linux_pkeys;
/* grep -H of the sysfs DCQCN switches: qos.dcqcn.np_enabled, rp_enabled, cnp_dscp. */
fa_parse_fn fa_parse_linux_dcqcn;
/* nvidia-smi -q -x: software.nvidia_driver, software.cuda. */
fa_parse_fn fa_parse_linux_nvidia_smi;
/* nvidia-smi and nvidia-smi -q (text): software.nvidia_driver, software.cuda. */
fa_parse_fn fa_parse_linux_nvidia_smi_text;
/* nvidia-smi topo -m: nic.gpus and nic.numa of the ports of each NIC. */
fa_parse_fn fa_parse_linux_nvidia_topo;
/* cat /etc/nccl.conf: nccl.* (one key per NCCL_ variable). */
fa_parse_fn fa_parse_linux_nccl_conf;
/* cat FILE, each nccl_env file of the inventory: nccl.*, nccl_source.* (overrides nccl.conf). */
fa_parse_fn fa_parse_linux_nccl_env;
/* cat /sys/class/dmi/id/bios_version: software.bios. */
fa_parse_fn fa_parse_linux_bios;
/* ethtool IF: speed, autoneg. */
fa_parse_fn fa_parse_linux_ethtool;
/* ethtool -i IF: nic.driver, driver_version, firmware, psid, pci. */
fa_parse_fn fa_parse_linux_ethtool_i;
/*
 * PFC directions.  Linux DCB holds PFC as one enable bit per priority (struct ieee_pfc
 * pfc_en in <linux/dcbnl.h>; dcb-pfc(8) "prio-pfc", mlnx_qos "enabled"), and IEEE 802.1Qbb
 * enables PFC per priority, not per direction: the port sends pause frames for the priority
 * and obeys those it receives.  The mlx5 driver programs both from that one bit
 * (mlx5e_dcbnl_ieee_setpfc: mlx5_set_port_pfc(mdev, pfc_en, pfc_en), tx and rx).  So a
 * host's qos.pfc_rx and qos.pfc_tx are qos.pfc_enabled, a fact rather than a guess.
 */

/* mlnx_qos -i IF: qos.trust, pfc_enabled/rx/tx, dscp_to_priority, priority_to_tc, ets,
 * cable_length. */
fa_parse_fn fa_parse_linux_mlnx_qos;
/* rdma link show: nic.device/port of each netdev, ib.state, phys_state, lid, sm_lid. */
fa_parse_fn fa_parse_linux_rdma_link;
/* dcb [-j] pfc show dev IF (iproute2): qos.pfc_enabled, pfc_rx, pfc_tx. */
fa_parse_fn fa_parse_linux_dcb_pfc;
/* dcb [-j] ets show dev IF (iproute2): qos.ets.tsa, qos.ets.bandwidth, qos.priority_to_tc. */
fa_parse_fn fa_parse_linux_dcb_ets;
/* dcb [-j] app show dev IF (iproute2): qos.trust, qos.dscp_to_priority. */
fa_parse_fn fa_parse_linux_dcb_app;
/* dcb [-j] buffer show dev IF (iproute2): qos.buffer.prio_to_buffer, size, max_size. */
fa_parse_fn fa_parse_linux_dcb_buffer;
/* mlxconfig -d DEV q (and mstconfig): nic.mlxconfig. */
fa_parse_fn fa_parse_linux_mlxconfig;
/* ibv_devices: nic.node_guid of the ports of each RDMA device. */
fa_parse_fn fa_parse_linux_ibv_devices;
/* ibv_devinfo: nic.firmware/psid/node_guid, ib.state/link_layer/active_mtu. */
fa_parse_fn fa_parse_linux_ibv_devinfo;
/* ethtool -S IF: counters.* (pause per priority, drops, errors, bytes; mlx5, bnxt_en, ice). */
fa_parse_fn fa_parse_linux_ethtool_stats;
/* ethtool -m IF: transceiver.* (module identity, cable, readings and thresholds). */
fa_parse_fn fa_parse_linux_ethtool_module;
/* mlxlink -d DEV -c: phy.raw_ber, phy.effective_ber, fec, counters.symbol_errors and
 * link_down_events of port 1 of DEV. */
fa_parse_fn fa_parse_linux_mlxlink;
/* grep -H . /sys/class/net/<glob>/carrier_changes: counters.carrier_changes of known ports. */
fa_parse_fn fa_parse_linux_carrier;

#endif /* FA_DRIVERS_PARSE_LINUX_H */
