/* SPDX-License-Identifier: MIT */
/*
 * ibv_devices (rdma-core): one line per RDMA device under a two-line header.
 *
 *       device                 node GUID
 *       ------              ----------------
 *       mlx5_0              00155dfffe33ff18     -> nic.node_guid "0x00155dfffe33ff18"
 *
 * The node GUID is written on every port whose nic.device names the device (ibdev2netdev,
 * ibstat or ibv_devinfo placed them), in ibstat's form.  The output does not say which
 * ports a device has, so a device no port names is a warning, not a new port.  A line of
 * another form is a warning; output without the header fails the capture.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* "00155dfffe33ff18" -> "0x00155dfffe33ff18" in @buf (19 bytes); false unless 16 hex digits. */
static bool fa_ibv_devices_guid(struct fa_textscan_span s, char *buf)
{
	size_t i;

	if (s.len != 16)
		return false;
	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < 16; i++) {
		if (!isxdigit((unsigned char)s.ptr[i]))
			return false;
		buf[2 + i] = (char)tolower((unsigned char)s.ptr[i]);
	}
	buf[18] = '\0';
	return true;
}

int fa_parse_linux_ibv_devices(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ibv_devices");
	struct fa_textscan_span line, w[3];
	struct fa_textscan ts;
	json_t *guids = json_object(), *port;	/* device name -> GUID */
	json_t *used = json_object();		/* devices placed on a port */
	const char *name;
	json_t *v;
	bool header = false;
	size_t i, placed = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n = fa_textscan_words(fa_textscan_trim(line), w, 3);
		char guid[19], dev[64];

		if (n == 0)
			continue;
		if (n == 3 && fa_textscan_eq(w[0], "device") && fa_textscan_eq(w[1], "node") &&
		    fa_textscan_eq(w[2], "GUID")) {
			header = true;
			continue;
		}
		if (n == 2 && header && w[0].ptr[0] == '-' && w[1].ptr[0] == '-')
			continue;
		if (n == 2 && header && fa_linux_is_word(w[0]) &&
		    fa_textscan_copy(w[0], dev, sizeof(dev)) && fa_ibv_devices_guid(w[1], guid)) {
			json_object_set_new(guids, dev, json_string(guid));
			continue;
		}
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 120 ? 120 : line.len), line.ptr);
	}
	if (!header) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		json_decref(guids);
		json_decref(used);
		return fa_err_set(err, FA_EPARSE, "%s: no \"device node GUID\" header: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	/* one pass over the ports, each looking its device up */
	json_array_foreach(json_object_get(device, "ports"), i, port) {
		const char *dev = fa_get_str(port, "nic.device");
		json_t *g = dev ? json_object_get(guids, dev) : NULL;

		if (!g)
			continue;
		fa_set_str(port, "nic.node_guid", json_string_value(g));
		json_object_set_new(used, dev, json_true());
	}
	json_object_foreach(guids, name, v) {
		if (!json_object_get(used, name))
			fa_device_warn(device, "%s: no port has nic.device %s; its node GUID is not "
				       "recorded", cmd, name);
	}
	placed = json_object_size(used);
	json_decref(guids);
	json_decref(used);
	return placed ? 0 : FA_PARSED_EMPTY;
}
