/* SPDX-License-Identifier: MIT */
/*
 * ibv_devinfo: tab-aligned "key: value" per RDMA device (hca_id) and per port, a blank line
 * between devices:
 *
 *   hca_id: mlx5_0
 *           fw_ver:                 20.31.1014          -> nic.firmware
 *           node_guid:              0015:5dff:fe33:ff18 -> nic.node_guid "0x00155dfffe33ff18"
 *           board_id:               MT_0000000223       -> nic.psid
 *                   port:   1
 *                           state:          PORT_ACTIVE (4)   -> ib.state "active"
 *                           active_mtu:     4096 (5)          -> ib.active_mtu 4096
 *                           sm_lid:         228               -> ib.sm_lid
 *                           port_lid:       383               -> ib.lid (as ibstat's "Base lid")
 *                           link_layer:     InfiniBand        -> ib.link_layer
 *
 * ibv_devinfo -v adds keys (phys_state: LINK_UP (5) -> ib.phys_state; the others, GID[ n]
 * lines included, are not read), flag names on lines of their own under the *_flags keys and
 * a few atomic capabilities without a colon: skipped.  Device fields are
 * written on each of its ports; ports are matched as for ibstat (drivers/linux/parse-linux.h).
 * "No IB devices found" or output without an hca_id fails the capture.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* "0015:5dff:fe33:ff18" -> "0x00155dfffe33ff18"; false unless 16 hex digits. */
static bool fa_guid_from_verbs(struct fa_textscan_span v, char *buf, size_t size)
{
	size_t i, n = 2;

	if (size < 19)
		return false;
	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < v.len; i++) {
		unsigned char c = (unsigned char)v.ptr[i];

		if (c == ':')
			continue;
		if (!isxdigit(c) || n >= 18)
			return false;
		buf[n++] = (char)tolower(c);
	}
	buf[n] = '\0';
	return n == 18;
}

static bool fa_devinfo_dev_key(json_t *fields, struct fa_textscan_span key,
			       struct fa_textscan_span val)
{
	char buf[32];

	if (fa_textscan_eq(key, "fw_ver"))
		fa_linux_field_strn(fields, "nic.firmware", val.ptr, val.len);
	else if (fa_textscan_eq(key, "board_id"))
		fa_linux_field_strn(fields, "nic.psid", val.ptr, val.len);
	else if (fa_textscan_eq(key, "node_guid")) {
		if (!fa_guid_from_verbs(val, buf, sizeof(buf)))
			return false;
		fa_linux_field_strn(fields, "nic.node_guid", buf, strlen(buf));
	}
	return true;
}

/* Port keys; false when a value of interest is not understood. */
static bool fa_devinfo_port_key(json_t *fields, struct fa_textscan_span key,
				struct fa_textscan_span val)
{
	struct fa_textscan_span w[2];
	char buf[64];
	const char *s;
	int64_t v;

	if (fa_textscan_eq(key, "state")) {
		if (!(s = fa_linux_ib_state(val)))
			return false;
		fa_linux_field_strn(fields, "ib.state", s, strlen(s));
	} else if (fa_textscan_eq(key, "phys_state")) {
		if (!(s = fa_linux_ib_phys_state(val, buf, sizeof(buf))))
			return false;
		fa_linux_field_strn(fields, "ib.phys_state", s, strlen(s));
	} else if (fa_textscan_eq(key, "active_mtu")) {
		if (fa_textscan_words(val, w, 2) < 1 || !fa_textscan_int(w[0], &v) || v <= 0)
			return false;
		fa_linux_field_int(fields, "ib.active_mtu", v);
	} else if (fa_textscan_eq(key, "link_layer")) {
		fa_linux_field_strn(fields, "ib.link_layer", val.ptr, val.len);
	} else if (fa_textscan_eq(key, "port_lid") || fa_textscan_eq(key, "sm_lid")) {
		if (!fa_textscan_int(val, &v) || v < 0 || v > 0xffff)
			return false;
		fa_linux_field_int(fields, key.ptr[0] == 'p' ? "ib.lid" : "ib.sm_lid", v);
	}
	return true;
}

/*
 * Lines of -v that hold no "key:": the names of the set bits under a flags key
 * (device_cap_flags, device_cap_flags_ex, supported_qp: "BAD_PKEY_CNTR"), and the atomic
 * capabilities MLNX_OFED prints without a colon.  Nothing the model holds.
 */
static bool fa_devinfo_is_verbose_line(struct fa_textscan_span line)
{
	static const char *const prefixes[] = {"log atomic arg sizes", "masked_log_atomic_arg_sizes",
					       "max fetch and add bit boundary",
					       "log max atomic inline"};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (fa_textscan_starts(line, prefixes[i]))
			return true;
	for (i = 0; i < line.len; i++)
		if (!isupper((unsigned char)line.ptr[i]) && !isdigit((unsigned char)line.ptr[i]) &&
		    line.ptr[i] != '_')
			return false;
	return line.len > 0;
}

int fa_parse_linux_ibv_devinfo(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ibv_devinfo");
	json_t *recs = json_array(), *dev_fields = NULL, *fields = NULL;
	struct fa_textscan_span line, key, val;
	struct fa_textscan ts;
	char dev[64] = "";
	int64_t port;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (!fa_textscan_keyval(line, ':', &key, &val)) {
			if (dev_fields && fa_devinfo_is_verbose_line(line))
				continue;
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
			continue;
		}
		if (fa_textscan_eq(key, "hca_id")) {
			json_decref(dev_fields);
			dev_fields = NULL;
			fields = NULL;
			if (!fa_textscan_copy(val, dev, sizeof(dev)) || val.len == 0) {
				fa_device_warn(device, "%s: line %u: bad hca_id", cmd, ts.lineno);
				continue;
			}
			dev_fields = json_object();
			continue;
		}
		if (!dev_fields) {
			fa_device_warn(device, "%s: line %u outside a device ignored: %.*s", cmd,
				       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		if (fa_textscan_eq(key, "port")) {
			json_t *rec;

			fields = NULL;
			if (!fa_textscan_int(val, &port) || port < 1) {
				fa_device_warn(device, "%s: line %u: bad port number", cmd,
					       ts.lineno);
				continue;
			}
			rec = json_object();
			fields = json_object();
			json_object_set_new(rec, "dev", fa_json_stringn(dev, strlen(dev)));
			json_object_set_new(rec, "port", json_integer(port));
			json_object_set(rec, "dev_fields", dev_fields);
			json_object_set_new(rec, "fields", fields);
			json_array_append_new(recs, rec);
			continue;
		}
		if (fields ? fa_devinfo_port_key(fields, key, val)
			   : fa_devinfo_dev_key(dev_fields, key, val))
			continue;
		fa_device_warn(device, "%s: line %u: value not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (json_array_size(recs) == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		r = first.len ? fa_err_set(err, FA_EPARSE, "%s: no device port listed: %.*s", cmd,
					   (int)(first.len > 120 ? 120 : first.len), first.ptr)
			      : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	fa_linux_write_rdma_records(device, recs);
out:
	json_decref(dev_fields);
	json_decref(recs);
	return r;
}
