/* SPDX-License-Identifier: MIT */
/*
 * The report's topology section: a compact copy of the snapshot's devices and links, only the
 * facts the fabric map shows.  One object per device and per link, keys as in the snapshot,
 * absent values left out, so a 10k-GPU fabric adds a few MB to the JSON report.
 */
#include "config.h"

#include <string.h>

#include "audit/topology.h"
#include "rules/topo.h"
#include "audit/util/banned.h"

/* Copy the string at @key of @from to @to, when it is one. */
static void fa_topology_copy(json_t *to, const json_t *from, const char *key)
{
	json_t *v = json_object_get(from, key);

	if (json_is_string(v))
		json_object_set(to, key, v);
}

static int fa_topology_tier(const struct fa_topo *topo, size_t i, const json_t *dev)
{
	const char *kind = json_string_value(json_object_get(dev, "kind"));
	int tier = fa_topo_tier(topo, i);

	if (tier != FA_TOPO_NO_TIER || fa_topo_device_ok(topo, i))
		return tier;
	/* not collected: what its inventory entry says it is */
	if (kind && strcmp(kind, "host") == 0)
		return 0;
	return fa_topo_role_tier(json_string_value(json_object_get(dev, "role")));
}

static json_t *fa_topology_devices(const struct fa_topo *topo)
{
	json_t *list = json_array(), *o;
	const json_t *dev, *status;
	size_t i, n = fa_topo_ndevs(topo);
	int tier;

	for (i = 0; i < n; i++) {
		dev = fa_topo_device(topo, i);
		o = json_object();
		fa_topology_copy(o, dev, "name");
		fa_topology_copy(o, dev, "kind");
		fa_topology_copy(o, dev, "role");
		fa_topology_copy(o, dev, "platform");
		status = json_object_get(dev, "status");
		json_object_set_new(o, "status", json_string(json_is_string(status) ?
							     json_string_value(status) : "ok"));
		tier = fa_topology_tier(topo, i, dev);
		if (tier != FA_TOPO_NO_TIER)
			json_object_set_new(o, "tier", json_integer(tier));
		json_array_append_new(list, o);
	}
	return list;
}

/* {"device","port"} of end @key of @link, or NULL when the snapshot lacks its device. */
static json_t *fa_topology_end(const struct fa_topo *topo, const json_t *link, const char *key,
			       size_t *ret_dev)
{
	const json_t *end = json_object_get(link, key);
	const char *dev = json_string_value(json_object_get(end, "device"));
	const char *port = json_string_value(json_object_get(end, "port"));

	if (!dev || !port || !fa_topo_find_device(topo, dev, ret_dev))
		return NULL;
	return json_pack("{s:s,s:s}", "device", dev, "port", port);
}

static json_t *fa_topology_links(const json_t *snapshot, const struct fa_topo *topo)
{
	json_t *list = json_array(), *a, *b, *o;
	const json_t *link, *port, *speed;
	const char *source;
	size_t i, adev, bdev;

	json_array_foreach(json_object_get(snapshot, "links"), i, link) {
		source = json_string_value(json_object_get(link, "source"));
		if (source && strcmp(source, "plan") == 0)
			continue;
		a = fa_topology_end(topo, link, "a", &adev);
		b = fa_topology_end(topo, link, "b", &bdev);
		if (!a || !b) {
			json_decref(a);
			json_decref(b);
			continue;
		}
		o = json_pack("{s:o,s:o}", "a", a, "b", b);
		if (source)
			json_object_set_new(o, "source", json_string(source));
		port = fa_topo_find_port(topo, adev, json_string_value(json_object_get(a, "port")));
		speed = json_object_get(port, "speed");
		if (json_is_integer(speed))
			json_object_set(o, "speed", (json_t *)speed);
		json_array_append_new(list, o);
	}
	return list;
}

json_t *fa_topology_json(const json_t *snapshot, const struct fa_topo *topo)
{
	return json_pack("{s:o,s:o}", "devices", fa_topology_devices(topo), "links",
			 fa_topology_links(snapshot, topo));
}
