/* SPDX-License-Identifier: MIT */
/*
 * "net show lldp json": lldpd's neighbour table in its "json0" form, where every value is a
 * list, even of one item, and every leaf an object with a "value":
 *
 *   {"lldp": [{"interface": [{"name": "swp1", "via": "LLDP",
 *              "chassis": [{"id": [{"type": "mac", "value": "52:54:00:11:7d:b8"}],
 *                           "name": [{"value": "leaf01"}], ...}],
 *              "port": [{"id": [{"type": "ifname", "value": "swp2"}],
 *                        "descr": [{"value": "swp2"}], ...}]}, ...]}]}
 *
 * Per local interface: lldp.system_name (chassis name), lldp.chassis_id, lldp.port_id and
 * lldp.port_description.  A port with two neighbours lists its name twice; the first is kept
 * and the second is a warning.  No "interface" list, or an empty one, is no neighbour.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu-int.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "audit/util/banned.h"

#define FA_CMD_LLDP "net show lldp json"

/* Borrowed: the first item of the json0 list @obj[@key] ({} when a plain object), or NULL. */
static json_t *fa_json0_first(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	return json_is_array(v) ? json_array_get(v, 0) : json_is_object(v) ? v : NULL;
}

/* The string of @obj[@key][0].value, written at @path of @port when not empty. */
static void fa_json0_put(json_t *port, const char *path, const json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(fa_json0_first(obj, key), "value"));

	if (s && *s)
		fa_set_str(port, path, s);
}

static void fa_nclu_neighbour(json_t *device, const json_t *nb, size_t i, const char *cmd)
{
	const char *name = json_string_value(json_object_get(nb, "name"));
	const json_t *chassis, *portobj;
	json_t *port;

	if (!name || !*name) {
		fa_device_warn(device, "%s: interface #%zu has no name", cmd, i);
		return;
	}
	port = fa_device_port(device, name);
	if (json_object_get(port, "lldp")) {
		fa_device_warn(device, "%s: more than one neighbour on %s; the first is kept", cmd,
			       name);
		return;
	}
	chassis = fa_json0_first(nb, "chassis");
	portobj = fa_json0_first(nb, "port");
	fa_json0_put(port, "lldp.system_name", chassis, "name");
	fa_json0_put(port, "lldp.chassis_id", chassis, "id");
	fa_json0_put(port, "lldp.port_id", portobj, "id");
	fa_json0_put(port, "lldp.port_description", portobj, "descr");
	if (!json_object_get(port, "lldp"))
		fa_device_warn(device, "%s: %s: a neighbour with no chassis or port", cmd, name);
}

int fa_parse_cumulus_nclu_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_nclu_cmd(cap, FA_CMD_LLDP);
	json_t *root = NULL, *lldp, *ifs, *nb;
	size_t i;
	int r;

	r = fa_nclu_load(cap, FA_CMD_LLDP, &root, err);
	if (r)
		return r;
	lldp = json_object_get(root, "lldp");
	if (!json_is_array(lldp) && !json_is_object(lldp)) {
		r = fa_err_set(err, FA_EPARSE, "%s: no \"lldp\" list", cmd);
		goto out;
	}
	ifs = json_object_get(fa_json0_first(root, "lldp"), "interface");
	if (ifs && !json_is_array(ifs)) {
		fa_device_warn(device, "%s: \"interface\" is not a list", cmd);
		goto out;
	}
	json_array_foreach(ifs, i, nb) {
		if (json_is_object(nb))
			fa_nclu_neighbour(device, nb, i, cmd);
		else
			fa_device_warn(device, "%s: interface #%zu is not an object", cmd, i);
	}
	r = json_array_size(ifs) ? 0 : FA_PARSED_EMPTY;
out:
	json_decref(root);
	return r;
}
