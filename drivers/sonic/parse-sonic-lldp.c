/* SPDX-License-Identifier: MIT */
/*
 * lldpd's JSON ("docker exec lldp lldpctl -f json" on SONiC) into each port's lldp.*.
 *
 * lldpctl's "json" format collapses a list of one item into the item itself, so
 * "interface" is either a list of { "<port>": {...} } objects or one object keyed by port
 * names, and "chassis" is either { "<system name>": { "id": ... } } or, when the neighbour
 * sends no name, { "id": ... } directly.  Only the first neighbour of a port is kept; more
 * are reported as a warning.  MAC-typed chassis and port ids are written as lowercase
 * aa:bb:cc:dd:ee:ff; other ids as sent.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_LLDP_CMD "docker exec lldp lldpctl -f json"

/* Write @s to @path, as a lowercase colon MAC when @mac and it is one. */
static void fa_set_id(json_t *p, const char *path, const char *s, bool mac)
{
	char out[18];
	size_t i;

	if (mac && strlen(s) == 17) {
		for (i = 0; i < 17; i++) {
			char c = s[i];

			if (i % 3 == 2 ? c != ':' : !isxdigit((unsigned char)c))
				break;
			out[i] = (char)tolower((unsigned char)c);
		}
		if (i == 17) {
			out[17] = '\0';
			fa_set_str(p, path, out);
			return;
		}
	}
	fa_set_str(p, path, s);
}

static void fa_lldp_neighbor(json_t *device, const char *port, const json_t *n)
{
	json_t *chassis = json_object_get(n, "chassis");
	json_t *pid = json_object_get(json_object_get(n, "port"), "id");
	const char *pdescr =
	    json_string_value(json_object_get(json_object_get(n, "port"), "descr"));
	const char *name = NULL, *s, *type;
	json_t *p;

	if (!json_is_object(chassis) || !json_is_object(pid)) {
		fa_device_warn(device, FA_LLDP_CMD ": %s: neighbour without chassis or port id",
			       port);
		return;
	}
	if (!json_is_object(json_object_get(chassis, "id")) && json_object_size(chassis) == 1) {
		void *it = json_object_iter(chassis);

		name = json_object_iter_key(it);
		chassis = json_object_iter_value(it);
	}
	p = fa_device_port(device, port);
	if (name && *name)
		fa_set_str(p, "lldp.system_name", name);
	s = json_string_value(json_object_get(json_object_get(chassis, "id"), "value"));
	type = json_string_value(json_object_get(json_object_get(chassis, "id"), "type"));
	if (s)
		fa_set_id(p, "lldp.chassis_id", s, type && strcmp(type, "mac") == 0);
	s = json_string_value(json_object_get(pid, "value"));
	type = json_string_value(json_object_get(pid, "type"));
	if (s)
		fa_set_id(p, "lldp.port_id", s, type && strcmp(type, "mac") == 0);
	if (pdescr && *pdescr)
		fa_set_str(p, "lldp.port_description", pdescr);
}

/* One "<port>": {...} pair; a port seen before keeps its first neighbour. */
static void fa_lldp_entry(json_t *device, json_t *seen, const char *port, const json_t *n)
{
	if (!json_is_object(n)) {
		fa_device_warn(device, FA_LLDP_CMD ": %s: entry is not an object", port);
		return;
	}
	if (json_object_get(seen, port)) {
		fa_device_warn(device,
			       FA_LLDP_CMD ": %s: more than one neighbour; the first is "
					   "kept",
			       port);
		return;
	}
	json_object_set_new(seen, port, json_true());
	fa_lldp_neighbor(device, port, n);
}

int fa_parse_sonic_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_t *root, *lldp, *ifs, *seen, *v, *item;
	json_error_t jerr;
	const char *k;
	size_t i;

	root = fa_json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, FA_LLDP_CMD ": not JSON (line %d: %s)", jerr.line,
				  jerr.text);
	lldp = json_object_get(root, "lldp");
	if (!json_is_object(lldp)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, FA_LLDP_CMD ": no \"lldp\" object");
	}
	ifs = json_object_get(lldp, "interface");
	seen = json_object();
	if (json_is_array(ifs)) {
		json_array_foreach(ifs, i, item)
		{
			if (!json_is_object(item)) {
				fa_device_warn(device,
					       FA_LLDP_CMD ": interface entry %zu is not an "
							   "object",
					       i);
				continue;
			}
			json_object_foreach(item, k, v) fa_lldp_entry(device, seen, k, v);
		}
	} else if (json_is_object(ifs)) {
		json_object_foreach(ifs, k, v) fa_lldp_entry(device, seen, k, v);
	} else if (ifs) {
		fa_device_warn(device, FA_LLDP_CMD ": \"interface\" is neither a list nor an "
						   "object");
	}
	json_decref(seen);
	json_decref(root);
	return 0;
}
