/* SPDX-License-Identifier: MIT */
/*
 * lldpctl -f json: lldpd's neighbour table.  The "json" format collapses lists of one item:
 *
 *   {"lldp": {"interface": [{"eth0": {...}}, {"eth1": {...}}]}}    several interfaces
 *   {"lldp": {"interface": {"eth0": {...}}}}                        one interface
 *   {"lldp": {}}                                                    no neighbour
 *
 * and inside an interface, "chassis" is {"<system name>": {"id": ..., ...}} when the
 * neighbour sent a system name, or {"id": ..., ...} when it did not.  Per local interface:
 * lldp.system_name, lldp.chassis_id (chassis.id.value), lldp.port_id (port.id.value) and
 * lldp.port_description (port.descr).  Other top-level keys next to "lldp" are ignored, so a
 * document that bundles lldpctl's output with other data still reads.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "audit/util/banned.h"

/* Borrowed: the value of the one-key object @obj, its key in *ret_key; NULL otherwise. */
static json_t *fa_only_member(const json_t *obj, const char **ret_key)
{
	void *it;

	if (!json_is_object(obj) || json_object_size(obj) != 1)
		return NULL;
	it = json_object_iter((json_t *)obj);
	*ret_key = json_object_iter_key(it);
	return json_object_iter_value(it);
}

static void fa_set_json_str(json_t *port, const char *path, const json_t *v)
{
	const char *s = json_string_value(v);

	if (s && *s)
		fa_set_str(port, path, s);
}

static void fa_lldp_neighbour(json_t *device, const char *cmd, const char *ifname,
			      const json_t *nb)
{
	json_t *chassis = json_object_get(nb, "chassis");
	json_t *portobj = json_object_get(nb, "port");
	const char *sysname = NULL;
	json_t *named, *port;

	if (!json_is_object(nb)) {
		fa_device_warn(device, "%s: interface %s is not an object", cmd, ifname);
		return;
	}
	port = fa_device_port(device, ifname);
	if (json_object_get(port, "lldp")) {
		fa_device_warn(device, "%s: more than one neighbour on %s; the first is kept",
			       cmd, ifname);
		return;
	}
	/* A chassis keyed by name has no "id" of its own at the top. */
	if (!json_object_get(chassis, "id") && (named = fa_only_member(chassis, &sysname)) &&
	    json_is_object(named)) {
		fa_set_str(port, "lldp.system_name", sysname);
		chassis = named;
	}
	fa_set_json_str(port, "lldp.chassis_id",
			json_object_get(json_object_get(chassis, "id"), "value"));
	fa_set_json_str(port, "lldp.port_id", json_object_get(json_object_get(portobj, "id"),
							      "value"));
	fa_set_json_str(port, "lldp.port_description", json_object_get(portobj, "descr"));
}

/* One {"ifname": {...}} object (a list item, or the collapsed form with several keys). */
static void fa_lldp_interfaces(json_t *device, const char *cmd, const json_t *obj)
{
	const char *ifname;
	json_t *nb;

	json_object_foreach((json_t *)obj, ifname, nb)
		fa_lldp_neighbour(device, cmd, ifname, nb);
}

int fa_parse_linux_lldpctl(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "lldpctl -f json");
	json_t *root = NULL, *lldp, *ifs, *item;
	size_t i;
	int r;

	r = fa_linux_json_load(cap, cmd, &root, err);
	if (r < 0)
		return r;
	lldp = json_object_get(root, "lldp");
	if (!json_is_object(lldp)) {
		r = fa_err_set(err, FA_EPARSE, "%s: no \"lldp\" object", cmd);
		goto out;
	}
	ifs = json_object_get(lldp, "interface");
	if (json_is_array(ifs)) {
		json_array_foreach(ifs, i, item) {
			if (json_is_object(item))
				fa_lldp_interfaces(device, cmd, item);
			else
				fa_device_warn(device, "%s: interface #%zu is not an object", cmd,
					       i);
		}
	} else if (json_is_object(ifs)) {
		fa_lldp_interfaces(device, cmd, ifs);
	} else if (ifs) {
		fa_device_warn(device, "%s: \"interface\" is neither a list nor an object", cmd);
	}
	/* {"lldp": {}} is lldpctl's answer when no neighbour was heard */
	r = !ifs || ((json_is_array(ifs) || json_is_object(ifs)) && json_array_size(ifs) == 0 &&
		     json_object_size(ifs) == 0) ? FA_PARSED_EMPTY : 0;
out:
	json_decref(root);
	return r;
}
