/* SPDX-License-Identifier: MIT */
/*
 * Local collection: this host audits itself, without an inventory (fabric-audit collect
 * --local), for fan-out under Slurm, pdsh, Ansible or a Kubernetes DaemonSet.
 *
 * The result is one device (kind host, platform linux) whose authoritative state comes from
 * the kernel, in this order:
 *   1. os from /etc/os-release and the kernel release from uname(2), read by the linux
 *      platform's parsers of "cat /etc/os-release" and "uname -r";
 *   2. links from rtnetlink (drivers/transport/netlink.h): a failure here fails the device;
 *   3. RDMA devices, ports, GIDs, PKEYs from sysfs, and DCQCN switches (drivers/transport/sysfs-rdma.h);
 *   4. IEEE DCB (PFC, ETS, DSCP map) over rtnetlink for every Ethernet or RDMA interface;
 *   5. what only tools know: the linux platform's commands that the kernel cannot replace
 *      (ethtool, ethtool -i, ethtool -S, ethtool -m, mlnx_qos where DCB netlink gave nothing,
 *      mlxconfig, lldpctl, ofed_info), run through the local collector when the tool is
 *      installed.  A missing tool, a tool that fails or output a parser refuses is a
 *      warning, never a failure;
 *   6. with --sample only (docs/health.md), two readings of the counters SECONDS apart: the
 *      kernel's (bytes, errors, drops, CRC errors, carrier changes over rtnetlink) and the
 *      counter tools' (ethtool -S, ethtool -m, mlxlink), and each port's health from them.
 */
#ifndef FA_DRIVERS_LOCAL_H
#define FA_DRIVERS_LOCAL_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/util/err.h"
#include "drivers/collector.h"

struct fa_local_opts {
	const char *name;	/* device name; NULL = this host's name (gethostname) */
	const char *sysfs;	/* sysfs root; NULL = "/sys" */
	const char *os_release;	/* NULL = "/etc/os-release" */
	bool run_tools;		/* step 5 */
	/* --sample: read the counters twice, this many seconds apart (docs/health.md); 0: none */
	double sample;
	struct fa_collect_limits lim;	/* per tool run */
};

/*
 * Collect this host into *ret_device (new reference, a device object with "status"; also
 * when the status is not ok).  Returns 0, or -FA_EINVAL when the host's name cannot be had.
 */
int fa_local_collect(const struct fa_local_opts *o, json_t **ret_device, struct fa_err *err);

#endif /* FA_DRIVERS_LOCAL_H */
