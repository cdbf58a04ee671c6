/* SPDX-License-Identifier: MIT */
/*
 * ibstat: one block per channel adapter (CA), with one sub-block per port:
 *
 *   CA 'mlx5_0'
 *           CA type: MT4129
 *           Firmware version: 28.39.1002
 *           Node GUID: 0xa088c20300e3142a
 *           Port 1:
 *                   State: Active
 *                   Physical state: LinkUp
 *                   Rate: 400
 *                   Base lid: 0
 *                   SM lid: 0
 *                   Port GUID: 0xa288c2fffee3142a
 *                   Link layer: Ethernet
 *
 * Indentation is tabs, or spaces when pasted; it is not relied on: keys before the first
 * "Port N:" of a CA belong to the CA, later ones to the port.  CA fields (nic.model,
 * nic.firmware, nic.node_guid) are written on each of its ports.  Rate is in Gb/s, possibly
 * with a note ("40 (FDR10)").
 *
 * ibstat stops with an "ibpanic:" line when a device vanishes while it runs; what it printed
 * before is then an incomplete list, so the whole capture fails and no field is written.
 * Everything is therefore collected first and written at the end.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

/* Keys ibstat prints that the model has no field for. */
static const char *const fa_ibstat_ignored[] = {
	"Number of ports", "Hardware version", "System image GUID", "LMC", "Capability mask",
};

static bool fa_ibstat_is_ignored(struct fa_textscan_span key)
{
	size_t i;

	for (i = 0; i < sizeof(fa_ibstat_ignored) / sizeof(fa_ibstat_ignored[0]); i++)
		if (fa_textscan_eq(key, fa_ibstat_ignored[i]))
			return true;
	return false;
}

/* A "0x" followed by hex digits, lowercased; false for anything else. */
static bool fa_guid(struct fa_textscan_span v, char *buf, size_t size)
{
	size_t i;

	if (v.len < 3 || v.len >= size || v.ptr[0] != '0' || (v.ptr[1] != 'x' && v.ptr[1] != 'X'))
		return false;
	for (i = 0; i < v.len; i++) {
		if (i >= 2 && !isxdigit((unsigned char)v.ptr[i]))
			return false;
		buf[i] = (char)tolower((unsigned char)v.ptr[i]);
	}
	buf[v.len] = '\0';
	return true;
}

/* "CA 'mlx5_0'": the name between the quotes. */
static bool fa_ca_line(struct fa_textscan_span line, char *name, size_t size)
{
	struct fa_textscan_span n;

	if (!fa_textscan_starts(line, "CA '") || line.len < 6 || line.ptr[line.len - 1] != '\'')
		return false;
	n.ptr = line.ptr + 4;
	n.len = line.len - 5;
	return n.len > 0 && fa_textscan_copy(n, name, size);
}

/* "Port 1:": the port number. */
static bool fa_port_line(struct fa_textscan_span line, int64_t *ret)
{
	struct fa_textscan_span n;

	if (!fa_textscan_starts(line, "Port ") || line.ptr[line.len - 1] != ':')
		return false;
	n.ptr = line.ptr + 5;
	n.len = line.len - 6;
	return fa_textscan_int(n, ret) && *ret >= 1;
}

/* Set a CA-level field; false when the key is not one ibstat prints there. */
static bool fa_ibstat_ca_key(json_t *fields, struct fa_textscan_span key,
			     struct fa_textscan_span val)
{
	char buf[64];

	if (fa_textscan_eq(key, "CA type"))
		fa_linux_field_strn(fields, "nic.model", val.ptr, val.len);
	else if (fa_textscan_eq(key, "Firmware version"))
		fa_linux_field_strn(fields, "nic.firmware", val.ptr, val.len);
	else if (fa_textscan_eq(key, "Node GUID") && fa_guid(val, buf, sizeof(buf)))
		fa_linux_field_strn(fields, "nic.node_guid", buf, strlen(buf));
	else
		return fa_ibstat_is_ignored(key);
	return true;
}

/* Set a port-level field; false when the key or its value is not understood. */
static bool fa_ibstat_port_key(json_t *fields, struct fa_textscan_span key,
			       struct fa_textscan_span val)
{
	char buf[64];
	const char *s;
	int64_t v;

	if (fa_textscan_eq(key, "State")) {
		if (!(s = fa_linux_ib_state(val)))
			return false;
		fa_linux_field_strn(fields, "ib.state", s, strlen(s));
	} else if (fa_textscan_eq(key, "Physical state")) {
		if (!(s = fa_linux_ib_phys_state(val, buf, sizeof(buf))))
			return false;
		fa_linux_field_strn(fields, "ib.phys_state", s, strlen(s));
	} else if (fa_textscan_eq(key, "Rate")) {
		if (!fa_textscan_copy(val, buf, sizeof(buf)) ||
		    !fa_parse_speed(buf, 1000000000LL, &v))
			return false;
		fa_linux_field_int(fields, "ib.rate", v);
	} else if (fa_textscan_eq(key, "Base lid")) {
		if (!fa_textscan_int(val, &v))
			return false;
		fa_linux_field_int(fields, "ib.lid", v);
	} else if (fa_textscan_eq(key, "SM lid")) {
		if (!fa_textscan_int(val, &v))
			return false;
		fa_linux_field_int(fields, "ib.sm_lid", v);
	} else if (fa_textscan_eq(key, "Port GUID")) {
		if (!fa_guid(val, buf, sizeof(buf)))
			return false;
		fa_linux_field_strn(fields, "nic.port_guid", buf, strlen(buf));
	} else if (fa_textscan_eq(key, "Link layer")) {
		fa_linux_field_strn(fields, "ib.link_layer", val.ptr, val.len);
	} else {
		return fa_ibstat_is_ignored(key);
	}
	return true;
}

int fa_parse_linux_ibstat(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ibstat");
	json_t *recs = json_array(), *ca_fields = NULL, *fields = NULL;
	struct fa_textscan_span line, key, val;
	struct fa_textscan ts;
	char ca[64] = "";
	unsigned ncas = 0;
	int64_t port;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_textscan_find(line, "ibpanic:") >= 0) {
			r = fa_err_set(err, FA_EPARSE, "%s: stopped on line %u: %.*s", cmd,
				       ts.lineno, (int)(line.len > 200 ? 200 : line.len), line.ptr);
			goto out;
		}
		if (fa_textscan_starts(line, "ibwarn:")) {
			fa_device_warn(device, "%s: %.*s", cmd, (int)line.len, line.ptr);
			continue;
		}
		if (fa_ca_line(line, ca, sizeof(ca))) {
			json_decref(ca_fields);
			ca_fields = json_object();
			fields = NULL;
			ncas++;
			continue;
		}
		if (!ca_fields) {
			fa_device_warn(device, "%s: line %u before any CA ignored: %.*s", cmd,
				       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		if (fa_port_line(line, &port)) {
			json_t *rec = json_object();

			fields = json_object();
			json_object_set_new(rec, "dev", fa_json_stringn(ca, strlen(ca)));
			json_object_set_new(rec, "port", json_integer(port));
			json_object_set(rec, "dev_fields", ca_fields);
			json_object_set_new(rec, "fields", fields);
			json_array_append_new(recs, rec);
			continue;
		}
		if (fa_textscan_keyval(line, ':', &key, &val) &&
		    (fields ? fa_ibstat_port_key(fields, key, val)
			    : fa_ibstat_ca_key(ca_fields, key, val)))
			continue;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (ncas == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		r = first.len ? fa_err_set(err, FA_EPARSE, "%s: no CA in the output: %.*s", cmd,
					   (int)(first.len > 120 ? 120 : first.len), first.ptr)
			      : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	fa_linux_write_rdma_records(device, recs);
out:
	json_decref(ca_fields);
	json_decref(recs);
	return r;
}
