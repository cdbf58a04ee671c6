/* SPDX-License-Identifier: MIT */
/*
 * show_gids (mlnx-tools): the GID table of every RDMA device port, one GID per line:
 *
 *   DEV     PORT    INDEX   GID                                     IPv4            VER     DEV
 *   ---     ----    -----   ---                                     ------------    ---     ---
 *   mlx5_0  1       0       fe80:0000:0000:0000:0ac0:ebff:fe21:03da                 v1      rdma0
 *   mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:c0a8:d3f2 192.168.211.242 v2      rdma0
 *   n_gids_found=4
 *
 * The script prints tabs, and the IPv4 column is empty for GIDs not mapped from IPv4; pasted
 * copies have spaces instead, so the empty column vanishes.  Lines are therefore read as
 * words: device, port, index, GID, then an optional dotted IPv4 address, the version, and an
 * optional netdev (empty on InfiniBand ports).
 *
 * Each GID goes to gids[] of the port carrying nic.device/nic.port (ibdev2netdev ran before),
 * or of the RDMA-only port "<dev>/<port>".  The GID's netdev is kept per GID: VLAN and
 * macvlan interfaces add their own GIDs to the port of their parent.  The script prints
 * "v1" both for RoCE v1 and for InfiniBand (the kernel calls the type "IB/RoCE v1"): a v1 GID
 * with a netdev is RoCE v1, one without is "IB" on a port whose link layer is InfiniBand, and
 * has no type otherwise; "v2" is always RoCE v2.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_GID_WORDS 8

/* Four dot-separated decimal numbers 0-255. */
static bool fa_is_ipv4(struct fa_textscan_span w)
{
	unsigned parts = 0, digits = 0, value = 0;
	size_t i;

	for (i = 0; i < w.len; i++) {
		char c = w.ptr[i];

		if (c >= '0' && c <= '9') {
			value = value * 10 + (unsigned)(c - '0');
			if (++digits > 3 || value > 255)
				return false;
		} else if (c == '.' && digits > 0 && parts < 3) {
			parts++;
			digits = 0;
			value = 0;
		} else {
			return false;
		}
	}
	return parts == 3 && digits > 0;
}

/* Eight groups of hex digits separated by ':', as the kernel prints a GID. */
static bool fa_is_gid(struct fa_textscan_span w)
{
	unsigned groups = 1, digits = 0;
	size_t i;

	for (i = 0; i < w.len; i++) {
		char c = w.ptr[i];

		if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
			if (++digits > 4)
				return false;
		} else if (c == ':' && digits > 0) {
			groups++;
			digits = 0;
		} else {
			return false;
		}
	}
	return groups == 8 && digits > 0;
}

/*
 * The model's GID type for the script's "v1"/"v2" on @port; NULL when it cannot be told.  The
 * kernel gives a GID a netdev only on RoCE ports, so a v1 GID with a netdev is RoCE v1; one
 * without is InfiniBand when the port's link layer says so.
 */
const char *fa_linux_gid_type(struct fa_textscan_span ver, bool has_ndev, const json_t *port)
{
	const char *ll = fa_get_str(port, "ib.link_layer");
	const char *type = fa_get_str(port, "type");
	bool ib, eth;

	if (fa_textscan_eq(ver, "v2") || fa_textscan_eq(ver, "V2"))
		return "RoCE v2";
	if (!fa_textscan_eq(ver, "v1") && !fa_textscan_eq(ver, "V1"))
		return NULL;
	ib = (ll && strcmp(ll, "InfiniBand") == 0) || (type && strcmp(type, "infiniband") == 0);
	eth = (ll && strcmp(ll, "Ethernet") == 0) || (type && strcmp(type, "ethernet") == 0);
	if (has_ndev)
		return ib ? NULL : "RoCE v1";
	return ib && !eth ? "IB" : NULL;
}

/* One GID line; false when it is not one. */
static bool fa_gid_line(struct fa_textscan_span line, json_t *device)
{
	struct fa_textscan_span w[FA_GID_WORDS], ipv4 = { NULL, 0 }, ver, ndev = { NULL, 0 };
	size_t n = fa_textscan_words(line, w, FA_GID_WORDS), k = 4;
	int64_t port, index;
	char dev[64];
	json_t *p, *gids, *g;
	const char *type;

	if (n < 5 || n > 7 || !fa_textscan_int(w[1], &port) || port < 1 || port > 255 ||
	    !fa_textscan_int(w[2], &index) || index < 0 || index > 65535 || !fa_is_gid(w[3]) ||
	    !fa_linux_is_word(w[0]) || !fa_textscan_copy(w[0], dev, sizeof(dev)))
		return false;
	if (fa_is_ipv4(w[k]))
		ipv4 = w[k++];
	if (k >= n)
		return false;
	ver = w[k++];
	if (ver.len != 2 || (ver.ptr[0] != 'v' && ver.ptr[0] != 'V'))
		return false;
	if (k < n && !fa_linux_is_word(w[k]))
		return false;
	if (k < n)
		ndev = w[k++];
	if (k != n)
		return false;

	p = fa_linux_rdma_port(device, dev, port, NULL);
	gids = json_object_get(p, "gids");
	if (!json_is_array(gids)) {
		gids = json_array();
		json_object_set_new(p, "gids", gids);
	}
	g = json_object();
	json_object_set_new(g, "index", json_integer(index));
	json_object_set_new(g, "gid", fa_json_stringn(w[3].ptr, w[3].len));
	type = fa_linux_gid_type(ver, ndev.ptr != NULL, p);
	if (type)
		json_object_set_new(g, "type", json_string(type));
	if (ipv4.ptr)
		json_object_set_new(g, "ipv4", fa_json_stringn(ipv4.ptr, ipv4.len));
	if (ndev.ptr)
		json_object_set_new(g, "netdev", fa_json_stringn(ndev.ptr, ndev.len));
	json_array_append_new(gids, g);
	return true;
}

static bool fa_gid_header(struct fa_textscan_span line)
{
	struct fa_textscan_span w[2];

	if (fa_textscan_words(line, w, 2) < 2)
		return false;
	return (fa_textscan_eq(w[0], "DEV") && fa_textscan_eq(w[1], "PORT")) ||
	       (fa_textscan_eq(w[0], "---") && fa_textscan_eq(w[1], "----"));
}

int fa_parse_linux_show_gids(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "show_gids");
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_textscan ts;
	unsigned good = 0, bad = 0;
	bool header = false;
	int64_t found = -1;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_gid_header(line)) {
			header = true;
			continue;
		}
		if (fa_textscan_starts(line, "n_gids_found=")) {
			struct fa_textscan_span v = { line.ptr + 13, line.len - 13 };

			if (!fa_textscan_int(v, &found))
				fa_device_warn(device, "%s: line %u not understood: %.*s", cmd,
					       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		if (fa_gid_line(line, device)) {
			good++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (!header && good == 0 && bad == 0)
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	if (!header && good == 0)
		return fa_err_set(err, FA_EPARSE, "%s: not show_gids output: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	if (found >= 0 && found != (int64_t)good)
		fa_device_warn(device, "%s: n_gids_found=%lld but %u GID lines were read", cmd,
			       (long long)found, good);
	if (good == 0)
		fa_device_warn(device, "%s: no GIDs listed", cmd);
	return 0;
}
