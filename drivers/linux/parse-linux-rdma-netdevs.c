/* SPDX-License-Identifier: MIT */
/*
 * Which netdev backs each RDMA device port, read from sysfs where ibdev2netdev (mlx-tools) is
 * not installed:
 *
 *   grep -H . /sys/class/infiniband/[star]/ports/[star]/gid_attrs/ndevs/0 \
 *             /sys/class/infiniband/[star]/device/net/[star]/dev_port 2>/dev/null || true
 *
 * ([star] standing for '*'), which prints
 *
 *   /sys/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/0:ens1f0np0
 *   /sys/class/infiniband/mlx5_0/device/net/ens1f0np0/dev_port:0
 *
 * The netdev of GID 0 is the one ibdev2netdev names for a RoCE port (a bond for a RoCE LAG
 * device, whose PCI function lists the slaves).  InfiniBand ports have no GID netdev; their
 * IPoIB interface is under the PCI function, dev_port numbering its ports from 0.  So GID 0
 * decides, dev_port is the fallback, and the first netdev in name order wins a tie.
 *
 * Only RDMA device ports that no port carries yet (ibdev2netdev did not run or did not list
 * them) are mapped, so with or without ibdev2netdev the model is the same.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/platform.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_rdma_netdev {
	char dev[64];
	int64_t port;
	int from_gid;	/* 1: gid_attrs/ndevs/0, 0: device/net/IF/dev_port */
	char netdev[64];
};

/* Same RDMA port together, GID-derived first, then netdev name. */
static int fa_rdma_netdev_cmp(const void *x, const void *y)
{
	const struct fa_rdma_netdev *a = x, *b = y;
	int c = strcmp(a->dev, b->dev);

	if (c)
		return c;
	if (a->port != b->port)
		return a->port < b->port ? -1 : 1;
	if (a->from_gid != b->from_gid)
		return b->from_gid - a->from_gid;
	return strcmp(a->netdev, b->netdev);
}

/* One "PATH:VALUE" line into @e; false when it is not one of the two sysfs forms. */
static bool fa_rdma_netdev_line(struct fa_textscan_span line, struct fa_rdma_netdev *e)
{
	struct fa_textscan_span prefix, path, value, dev, w, ifname;
	int64_t n;

	if (!fa_linux_sysfs_line(line, "/sys/class/infiniband/", &prefix, &path, &value) ||
	    prefix.len != 0)
		return false;
	if (!fa_linux_path_word(&path, "sys", NULL) || !fa_linux_path_word(&path, "class", NULL) ||
	    !fa_linux_path_word(&path, "infiniband", NULL) ||
	    !fa_linux_path_word(&path, NULL, &dev) || !fa_linux_path_word(&path, NULL, &w) ||
	    !fa_linux_is_word(dev) || !fa_textscan_copy(dev, e->dev, sizeof(e->dev)))
		return false;
	value = fa_textscan_trim(value);
	if (fa_textscan_eq(w, "ports")) {
		/* ports/N/gid_attrs/ndevs/0:IF */
		if (!fa_linux_path_word(&path, NULL, &w) || !fa_textscan_int(w, &n) || n < 1 ||
		    n > 255 || !fa_linux_path_word(&path, "gid_attrs", NULL) ||
		    !fa_linux_path_word(&path, "ndevs", NULL) ||
		    !fa_linux_path_word(&path, "0", NULL) || path.len != 0)
			return false;
		ifname = value;
		e->port = n;
		e->from_gid = 1;
	} else if (fa_textscan_eq(w, "device")) {
		/* device/net/IF/dev_port:N-1 */
		if (!fa_linux_path_word(&path, "net", NULL) ||
		    !fa_linux_path_word(&path, NULL, &ifname) ||
		    !fa_linux_path_word(&path, "dev_port", NULL) || path.len != 0 ||
		    !fa_textscan_int(value, &n) || n < 0 || n > 254)
			return false;
		e->port = n + 1;
		e->from_gid = 0;
	} else {
		return false;
	}
	return fa_linux_is_word(ifname) && fa_textscan_copy(ifname, e->netdev, sizeof(e->netdev));
}

/* Does a port of @device carry an RDMA device (ibdev2netdev mapped it)? */
static bool fa_linux_any_rdma_port(const json_t *device)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p)
		if (fa_get_str(p, "nic.device"))
			return true;
	return false;
}

int fa_parse_linux_rdma_netdevs(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "grep -H . /sys/class/infiniband/.../ndevs/0");
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_rdma_netdev *e = NULL;
	struct fa_textscan ts;
	size_t n = 0, cap_n = 0, i;
	unsigned bad = 0, mapped = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (n == cap_n) {
			cap_n = cap_n ? cap_n * 2 : 16;
			e = fa_xreallocarray(e, cap_n, sizeof(*e));
		}
		if (fa_rdma_netdev_line(line, &e[n])) {
			n++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (n == 0 && bad > 0) {
		free(e);
		return fa_err_set(err, FA_EPARSE, "%s: not sysfs RDMA netdev lines: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	if (n)
		qsort(e, n, sizeof(*e), fa_rdma_netdev_cmp);
	for (i = 0; i < n; i++) {
		json_t *p;

		/* the first entry of each RDMA port is the one that decides */
		if (i > 0 && strcmp(e[i].dev, e[i - 1].dev) == 0 && e[i].port == e[i - 1].port)
			continue;
		if (fa_linux_rdma_port_find(device, e[i].dev, e[i].port))
			continue;
		p = fa_device_port(device, e[i].netdev);
		if (fa_get_str(p, "nic.device"))
			continue;
		fa_set_str(p, "nic.device", e[i].dev);
		fa_set_int(p, "nic.port", e[i].port);
		mapped++;
	}
	free(e);
	if (n == 0 && !fa_linux_any_rdma_port(device)) {
		fa_device_warn(device, "no RDMA device in sysfs");
		return FA_PARSED_EMPTY;
	}
	/* understood, but ibdev2netdev had already said all of it */
	return mapped ? 0 : FA_PARSED_EMPTY;
}
