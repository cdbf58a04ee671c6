/* SPDX-License-Identifier: MIT */
/*
 * RDMA devices as the kernel shows them in sysfs (Documentation/ABI/stable/
 * sysfs-class-infiniband), and the mlx5 DCQCN switches (/sys/class/net/<if>/ecn/).
 *
 * Every path is below @sysfs ("/sys" live, a copied tree in tests).  Per RDMA device port:
 *   the port is its network interface when it has one (ports/N/gid_attrs/ndevs/0, else the
 *   device's only net/ entry, else the net/ entry whose dev_port is N-1), otherwise
 *   "<device>/<N>" (docs/model.md);
 *   nic.device, nic.port, nic.firmware (fw_ver), nic.model (hca_type), nic.psid (board_id
 *   when it has the PSID form, e.g. MT_0000000838), nic.node_guid, nic.pci;
 *   ib.link_layer, ib.state, ib.phys_state, ib.rate, ib.width, ib.lid, ib.sm_lid;
 *   pkeys (0x0000 entries left out), gids (all-zero entries left out; type from
 *   gid_attrs/types, ipv4 for IPv4-mapped GIDs).
 * DCQCN: qos.dcqcn.rp_enabled and qos.dcqcn.np_enabled, the priorities whose
 * ecn/roce_rp/enable/<prio> and ecn/roce_np/enable/<prio> read 1, for every interface that
 * has those files.
 *
 * A file that cannot be read or says something unexpected is a warning on the device and its
 * field stays absent; no RDMA device at all is not an error.
 */
#ifndef FA_DRIVERS_SYSFS_RDMA_H
#define FA_DRIVERS_SYSFS_RDMA_H

#include <jansson.h>

#include "audit/util/err.h"

/* Read every RDMA device and port into @device.  Returns 0 (problems are warnings). */
int fa_sysfs_rdma_read(const char *sysfs, json_t *device, struct fa_err *err);

/* Read the DCQCN switches of every port of @device that has them.  Returns 0. */
int fa_sysfs_dcqcn_read(const char *sysfs, json_t *device, struct fa_err *err);

#endif /* FA_DRIVERS_SYSFS_RDMA_H */
