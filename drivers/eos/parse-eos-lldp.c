/* SPDX-License-Identifier: MIT */
/*
 * EOS "show lldp neighbors detail | json" into each port's lldp.*.
 *
 * "lldpNeighbors" maps a local port to "lldpNeighborInfo", a list (empty when nothing is
 * heard).  Variations: since about 4.22 "interfaceId" carries the port name in quotes
 * ("\"Ethernet1\"") and "interfaceId_v2" the bare name; older releases only the bare
 * "interfaceId".  MAC-typed ids come in Cisco notation (1ce7.1003.5413) and are written as
 * lowercase aa:bb:cc:dd:ee:ff; ids that are not twelve hex digits are kept as printed.
 * Only the first neighbour of a port is kept; more raise a warning.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_EOS_LLDP_CMD "show lldp neighbors detail | json"

/* Write @s (length @n) to @path; a MAC in any notation becomes aa:bb:cc:dd:ee:ff. */
static void fa_set_id(json_t *p, const char *path, const char *s, size_t n, bool mac)
{
	char hex[12], out[18];
	size_t i, h = 0;

	if (mac) {
		for (i = 0; i < n && h <= 12; i++) {
			if (isxdigit((unsigned char)s[i])) {
				if (h < 12)
					hex[h] = (char)tolower((unsigned char)s[i]);
				h++;
			} else if (s[i] != '.' && s[i] != ':' && s[i] != '-') {
				break;
			}
		}
		if (i == n && h == 12) {
			for (i = 0; i < 6; i++) {
				out[i * 3] = hex[i * 2];
				out[i * 3 + 1] = hex[i * 2 + 1];
				out[i * 3 + 2] = i < 5 ? ':' : '\0';
			}
			fa_set_str(p, path, out);
			return;
		}
	}
	fa_set_strn(p, path, s, n);
}

static void fa_eos_neighbor(json_t *device, const char *port, const json_t *n)
{
	const json_t *ni = json_object_get(n, "neighborInterfaceInfo");
	const char *name = json_string_value(json_object_get(n, "systemName"));
	const char *chassis = json_string_value(json_object_get(n, "chassisId"));
	const char *ctype = json_string_value(json_object_get(n, "chassisIdType"));
	const char *pid = json_string_value(json_object_get(ni, "interfaceId_v2"));
	const char *ptype = json_string_value(json_object_get(ni, "interfaceIdType"));
	const char *pdescr = json_string_value(json_object_get(ni, "interfaceDescription"));
	json_t *p = fa_device_port(device, port);

	if (name && *name)
		fa_set_str(p, "lldp.system_name", name);
	if (chassis && *chassis)
		fa_set_id(p, "lldp.chassis_id", chassis, strlen(chassis),
			  ctype && strcmp(ctype, "macAddress") == 0);
	if (!pid)
		pid = json_string_value(json_object_get(ni, "interfaceId"));
	if (pid && *pid) {
		size_t len = strlen(pid);

		if (len >= 2 && pid[0] == '"' && pid[len - 1] == '"') {
			pid++;
			len -= 2;
		}
		fa_set_id(p, "lldp.port_id", pid, len, ptype && strcmp(ptype, "macAddress") == 0);
	}
	if (pdescr && *pdescr)
		fa_set_str(p, "lldp.port_description", pdescr);
}

int fa_parse_eos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_error_t jerr;
	json_t *root, *nbrs, *v, *list;
	const char *k;

	root = fa_json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, FA_EOS_LLDP_CMD ": not JSON (line %d: %s)",
				  jerr.line, jerr.text);
	nbrs = json_object_get(root, "lldpNeighbors");
	if (!json_is_object(nbrs)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, FA_EOS_LLDP_CMD ": no \"lldpNeighbors\" object");
	}
	json_object_foreach(nbrs, k, v)
	{
		list = json_object_get(v, "lldpNeighborInfo");
		if (!json_is_array(list)) {
			fa_device_warn(device, FA_EOS_LLDP_CMD ": %s: no lldpNeighborInfo list", k);
			continue;
		}
		if (json_array_size(list) == 0)
			continue;
		if (json_array_size(list) > 1)
			fa_device_warn(device,
				       FA_EOS_LLDP_CMD ": %s: %zu neighbours; the first is "
						       "kept",
				       k, json_array_size(list));
		if (json_is_object(json_array_get(list, 0)))
			fa_eos_neighbor(device, k, json_array_get(list, 0));
		else
			fa_device_warn(device, FA_EOS_LLDP_CMD ": %s: neighbour is not an object",
				       k);
	}
	json_decref(root);
	return 0;
}
