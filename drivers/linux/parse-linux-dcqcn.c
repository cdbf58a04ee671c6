/* SPDX-License-Identifier: MIT */
/*
 * DCQCN switches of mlx5 netdevs, read from sysfs with one command (globs written [star]):
 *
 *   grep -H . /sys/class/net/[star]/ecn/roce_np/enable/[star]
 *             /sys/class/net/[star]/ecn/roce_rp/enable/[star]
 *             /sys/class/net/[star]/ecn/roce_np/cnp_dscp
 *
 * which prints "PATH:VALUE" per file:
 *
 *   /sys/class/net/ens1f0np0/ecn/roce_np/enable/3:1
 *   /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3:1
 *   /sys/class/net/ens1f0np0/ecn/roce_np/cnp_dscp:48
 *
 * roce_np is the notification point (the receiver sends CNPs for ECN-marked packets), roce_rp
 * the reaction point (the sender slows down on CNPs); each has one switch per priority.  The
 * "label: PATH = VALUE" lines that configuration scripts echo (NVIDIA's and Spiderpool's
 * rdma-qos) carry the same data and are read too; other lines are warnings.
 *
 * Per port: qos.dcqcn.np_enabled / rp_enabled, the sorted priorities whose switch is 1 (only
 * when that port's switches were printed; a warning when not all eight were), and
 * qos.dcqcn.cnp_dscp.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_dcqcn_if {
	char name[64];
	unsigned np_seen, np_on, rp_seen, rp_on;
	int64_t cnp_dscp;	/* -1 when not printed */
};

struct fa_dcqcn {
	struct fa_dcqcn_if *v;
	size_t n, alloc;
};

static struct fa_dcqcn_if *fa_dcqcn_if(struct fa_dcqcn *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->v[i].name, name) == 0)
			return &d->v[i];
	if (d->n == d->alloc) {
		d->alloc = d->alloc ? 2 * d->alloc : 8;
		d->v = fa_xrealloc(d->v, d->alloc * sizeof(*d->v));
	}
	memset(&d->v[d->n], 0, sizeof(d->v[d->n]));
	snprintf(d->v[d->n].name, sizeof(d->v[d->n].name), "%s", name);
	d->v[d->n].cnp_dscp = -1;
	return &d->v[d->n++];
}

/* One line; false when it is not a DCQCN sysfs line. */
static bool fa_dcqcn_line(struct fa_textscan_span line, struct fa_dcqcn *d)
{
	struct fa_textscan_span prefix, path, value, ifname, point, last;
	struct fa_dcqcn_if *e;
	int64_t v, prio;
	char name[64];

	if (!fa_linux_sysfs_line(line, "/sys/class/net/", &prefix, &path, &value))
		return false;
	if (!fa_linux_path_word(&path, "sys", NULL) || !fa_linux_path_word(&path, "class", NULL) ||
	    !fa_linux_path_word(&path, "net", NULL) || !fa_linux_path_word(&path, NULL, &ifname) ||
	    !fa_linux_path_word(&path, "ecn", NULL) || !fa_linux_path_word(&path, NULL, &point) ||
	    !fa_linux_path_word(&path, NULL, &last) || !fa_linux_is_word(ifname) ||
	    !fa_textscan_copy(ifname, name, sizeof(name)) || !fa_textscan_int(value, &v))
		return false;
	if (fa_textscan_eq(point, "roce_np") && fa_textscan_eq(last, "cnp_dscp") &&
	    path.len == 0) {
		if (v < 0 || v > 63)
			return false;
		fa_dcqcn_if(d, name)->cnp_dscp = v;
		return true;
	}
	if (!fa_textscan_eq(last, "enable") || !fa_linux_path_word(&path, NULL, &last) ||
	    path.len != 0 || !fa_textscan_int(last, &prio) || prio < 0 || prio > 7 ||
	    (v != 0 && v != 1))
		return false;
	if (fa_textscan_eq(point, "roce_np")) {
		e = fa_dcqcn_if(d, name);
		e->np_seen |= 1u << prio;
		e->np_on |= (unsigned)v << prio;
	} else if (fa_textscan_eq(point, "roce_rp")) {
		e = fa_dcqcn_if(d, name);
		e->rp_seen |= 1u << prio;
		e->rp_on |= (unsigned)v << prio;
	} else {
		return false;
	}
	return true;
}

static void fa_dcqcn_set(json_t *device, const char *cmd, json_t *port, const char *ifname,
			 const char *key, unsigned seen, unsigned on)
{
	json_t *a = json_array();
	char path[64];
	int i;

	for (i = 0; i < 8; i++)
		if (on & (1u << i))
			json_array_append_new(a, json_integer(i));
	snprintf(path, sizeof(path), "qos.dcqcn.%s", key);
	fa_set(port, path, a);
	if (seen != 0xff)
		fa_device_warn(device, "%s: %s: %s switches printed for only some priorities",
			       cmd, ifname, key);
}

int fa_parse_linux_dcqcn(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	/* The command is long; warnings name what it reads. */
	const char *cmd = "DCQCN sysfs";
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_dcqcn d = { NULL, 0, 0 };
	struct fa_textscan ts;
	unsigned good = 0, bad = 0;
	size_t i;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_dcqcn_line(line, &d)) {
			good++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (good == 0) {
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: no DCQCN sysfs value: %.*s", cmd,
				     (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	for (i = 0; i < d.n; i++) {
		struct fa_dcqcn_if *e = &d.v[i];
		json_t *p = fa_device_port(device, e->name);

		if (e->np_seen)
			fa_dcqcn_set(device, cmd, p, e->name, "np_enabled", e->np_seen, e->np_on);
		if (e->rp_seen)
			fa_dcqcn_set(device, cmd, p, e->name, "rp_enabled", e->rp_seen, e->rp_on);
		if (e->cnp_dscp >= 0)
			fa_set_int(p, "qos.dcqcn.cnp_dscp", e->cnp_dscp);
	}
out:
	free(d.v);
	return r;
}
