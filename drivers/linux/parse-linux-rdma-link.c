/* SPDX-License-Identifier: MIT */
/*
 * rdma link show (iproute2's rdma tool, on any host with the RDMA stack, inbox or not): one
 * line per RDMA device port, its link state and the netdev it backs:
 *
 *   link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens6f0np0
 *   link mlx5_2/1 subnet_prefix fe80:0000:0000:0000 lid 13 sm_lid 1 lmc 0 state ACTIVE
 *        physical_state LINK_UP                                        (InfiniBand, one line)
 *
 * -> nic.device, nic.port on the netdev's port (as ibdev2netdev), ib.state ("active",
 *    "down", "init", "armed"), ib.phys_state ("linkup", "polling", ...), ib.lid and ib.sm_lid.
 * A port without netdev is the port "<dev>/<port>" (as ibstat).  Other lines (a pasted
 * prompt, a "......." cut) are warnings; output without any link line fails the capture.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_RDMA_LINK_MAX_WORDS 32

/* rdma's state words (link_state_to_str in iproute2's rdma/link.c) as the model's ib.state. */
static const char *fa_rdma_link_state(struct fa_textscan_span w)
{
	static const struct {
		const char *word, *state;
	} states[] = {
	    {"ACTIVE", "active"}, {"ACTIVE_DEFER", "active"}, {"DOWN", "down"},
	    {"INIT", "init"},	  {"ARMED", "armed"},
	};
	size_t i;

	for (i = 0; i < sizeof(states) / sizeof(states[0]); i++)
		if (fa_textscan_eq(w, states[i].word))
			return states[i].state;
	return NULL;
}

/* "mlx5_0/1" -> device name in @dev, port number; false unless both are there. */
static bool fa_rdma_link_name(struct fa_textscan_span w, char *dev, size_t size, int64_t *port)
{
	long slash = fa_textscan_find(w, "/");
	struct fa_textscan_span d = w, p = w;

	if (slash <= 0)
		return false;
	d.len = (size_t)slash;
	p.ptr += slash + 1;
	p.len -= (size_t)slash + 1;
	return fa_linux_is_word(d) && fa_textscan_copy(d, dev, size) && fa_textscan_int(p, port) &&
	       *port > 0 && *port < 256;
}

/* One "link" line; false when it is not understood. */
static bool fa_rdma_link_line(json_t *device, const struct fa_textscan_span *w, size_t n)
{
	json_t *fields = json_object(), *port;
	char dev[64], ifname[64] = "", buf[32];
	const char *s;
	int64_t portnum, v;
	size_t i;

	if (!fa_rdma_link_name(w[1], dev, sizeof(dev), &portnum))
		goto bad;
	for (i = 2; i + 1 < n; i += 2) {
		struct fa_textscan_span key = w[i], val = w[i + 1];

		if (fa_textscan_eq(key, "state")) {
			if (!(s = fa_rdma_link_state(val)))
				goto bad;
			fa_linux_field_strn(fields, "ib.state", s, strlen(s));
		} else if (fa_textscan_eq(key, "physical_state")) {
			if (!(s = fa_linux_ib_phys_state(val, buf, sizeof(buf))))
				goto bad;
			fa_linux_field_strn(fields, "ib.phys_state", s, strlen(s));
		} else if (fa_textscan_eq(key, "lid") || fa_textscan_eq(key, "sm_lid")) {
			if (!fa_textscan_int(val, &v) || v < 0 || v > 0xffff)
				goto bad;
			fa_linux_field_int(fields, key.len == 3 ? "ib.lid" : "ib.sm_lid", v);
		} else if (fa_textscan_eq(key, "netdev")) {
			if (!fa_linux_is_word(val) || !fa_textscan_copy(val, ifname, sizeof(ifname)))
				goto bad;
		}
		/* subnet_prefix, lmc, netdev_index (-d) and the like are not read */
	}
	if (i != n)
		goto bad;
	if (*ifname) {
		port = fa_device_port(device, ifname);
		fa_set_str(port, "nic.device", dev);
		fa_set_int(port, "nic.port", portnum);
	} else {
		port = fa_linux_rdma_port(device, dev, portnum, NULL);
	}
	fa_linux_apply(port, fields);
	json_decref(fields);
	return true;
bad:
	json_decref(fields);
	return false;
}

int fa_parse_linux_rdma_link(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "rdma link show");
	struct fa_textscan_span line, w[FA_RDMA_LINK_MAX_WORDS];
	struct fa_textscan ts;
	size_t links = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		n = fa_textscan_words(line, w, FA_RDMA_LINK_MAX_WORDS);
		if (n >= 2 && n <= FA_RDMA_LINK_MAX_WORDS && fa_textscan_eq(w[0], "link") &&
		    fa_rdma_link_line(device, w, n)) {
			links++;
			continue;
		}
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (links == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no link line: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	return 0;
}
