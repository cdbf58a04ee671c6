/* SPDX-License-Identifier: MIT */
/*
 * ibdev2netdev: which netdev each RDMA device port backs.  Lines look like
 *
 *   mlx5_0 port 1 ==> ens1f0np0 (Up)
 *   mlx5_4 port 1 ==> ibp24s0 (Down)
 *   mlx4_0 port 1 <===> eth2                                    (old style)
 *   0000:17:00.0 mlx5_0 (MT4129 - MCX75310AAS-NEAT) ... port 1 (ACTIVE) ==> ens1f0np0 (Up)  (-v)
 *
 * The netdev port gets nic.device and nic.port (and is created when ip link did not list
 * it).  A port with no netdev after the arrow has nothing to attach to and is skipped; the
 * "(Up)"/"(Down)" state is left to ip link, which reports it with more precision.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_IBDEV_MAX_WORDS 32

/* Looks like a PCI address ("0000:17:00.0"), which -v prints before the device name. */
static bool fa_is_pci(struct fa_textscan_span w)
{
	return fa_textscan_find(w, ":") >= 0 && fa_textscan_find(w, ".") >= 0;
}

/* Parse one line; false when it is not an ibdev2netdev line. */
static bool fa_ibdev_line(struct fa_textscan_span line, json_t *device)
{
	struct fa_textscan_span left, right, w[FA_IBDEV_MAX_WORDS], nd[2];
	const char *arrow = "==>";
	long at = fa_textscan_find(line, "<===>");
	size_t n, i, dev = 0;
	int64_t port = -1;
	char devname[64], ifname[64];
	json_t *p;

	if (at >= 0)
		arrow = "<===>";
	else
		at = fa_textscan_find(line, arrow);
	if (at < 0)
		return false;
	left.ptr = line.ptr;
	left.len = (size_t)at;
	right.ptr = line.ptr + at + strlen(arrow);
	right.len = line.len - (size_t)at - strlen(arrow);

	n = fa_textscan_words(left, w, FA_IBDEV_MAX_WORDS);
	if (n < 3 || n > FA_IBDEV_MAX_WORDS)
		return false;
	if (fa_is_pci(w[0]))
		dev = 1;
	/* "port N" on the left names the port; -v adds the model and "(ACTIVE)" around it. */
	for (i = dev + 1; i + 1 < n; i++)
		if (fa_textscan_eq(w[i], "port") && fa_textscan_int(w[i + 1], &port))
			break;
	if (i + 1 >= n || port < 1 || !fa_textscan_copy(w[dev], devname, sizeof(devname)))
		return false;

	if (fa_textscan_words(right, nd, 2) == 0 || nd[0].ptr[0] == '(')
		return true;
	if (!fa_textscan_copy(nd[0], ifname, sizeof(ifname)))
		return false;
	p = fa_device_port(device, ifname);
	fa_set_str(p, "nic.device", devname);
	fa_set_int(p, "nic.port", port);
	return true;
}

int fa_parse_linux_ibdev2netdev(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ibdev2netdev");
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_textscan ts;
	unsigned good = 0, bad = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_ibdev_line(line, device)) {
			good++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (good == 0 && bad > 0)
		return fa_err_set(err, FA_EPARSE, "%s: not ibdev2netdev output: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	if (good == 0)
		fa_device_warn(device, "%s: no RDMA devices listed", cmd);
	return 0;
}
