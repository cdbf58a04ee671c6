/* SPDX-License-Identifier: MIT */
/*
 * The report's topology section: a compact copy of the snapshot's devices and links, only the
 * facts the fabric map shows.  One object per device and per link, keys as in the snapshot,
 * absent values left out, so a 10k-GPU fabric adds a few MB to the JSON report.
 *
 * An InfiniBand fabric read from its subnet manager is one device (platform ib-fabric) whose
 * ports are the ports of every node of the subnet ("leaf01/5", "gpu001 mlx5_0/1", each with
 * ib.node_name and ib.node_type), and its links join two ports of that one device.  The map
 * draws the nodes: each node is a device of the topology, named by its node description
 * (with its port GUID when two nodes share one), "via" the snapshot device, a host for a
 * channel adapter and a switch otherwise; a channel adapter's tier is 0 and a switch's its
 * distance in links from the nearest adapter; the links join the nodes, ports named as in
 * the snapshot.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/topology.h"
#include "audit/util/xalloc.h"
#include "rules/topo.h"
#include "audit/util/banned.h"

/* The string at @obj.@key.@sub, or "" (never NULL, for strcmp). */
static const char *fa_report_str_at(const json_t *obj, const char *key, const char *sub)
{
	const char *s = json_string_value(json_object_get(json_object_get(obj, key), sub));

	return s ? s : "";
}

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

/*
 * End @key of @link as the map names it, a new reference: the snapshot's own {device, port}
 * (shared, not copied: a 100k-GPU fabric has 300,000 links), or, on an InfiniBand fabric
 * device, a copy naming the node its port is on.  NULL when the snapshot lacks the device,
 * or the InfiniBand port is on no known node.
 */
static json_t *fa_topology_end(const struct fa_topo *topo, const json_t *link, const char *key,
			       const json_t *ib, size_t *ret_dev)
{
	json_t *end = json_object_get(link, key);
	const char *dev = json_string_value(json_object_get(end, "device"));
	const char *port = json_string_value(json_object_get(end, "port"));
	const json_t *ports, *node;

	if (!dev || !port || !fa_topo_find_device(topo, dev, ret_dev))
		return NULL;
	/* most fabrics have no InfiniBand fabric device: no lookup per link end then */
	ports = json_object_size(ib) ? json_object_get(ib, dev) : NULL;
	if (!ports) {
		if (json_object_size(end) == 2)
			return json_incref(end);
		return json_pack("{s:s,s:s}", "device", dev, "port", port);
	}
	node = json_object_get(ports, port);
	if (!json_is_string(node))
		return NULL;
	return json_pack("{s:O,s:s}", "device", node, "port", port);
}

static json_t *fa_topology_links(const json_t *snapshot, const struct fa_topo *topo,
				 const json_t *ib)
{
	json_t *list = json_array(), *a, *b, *o, *source;
	const json_t *link, *port, *speed;
	size_t i, adev, bdev;

	json_array_foreach(json_object_get(snapshot, "links"), i, link) {
		source = json_object_get(link, "source");
		if (json_is_string(source) && strcmp(json_string_value(source), "plan") == 0)
			continue;
		a = fa_topology_end(topo, link, "a", ib, &adev);
		b = fa_topology_end(topo, link, "b", ib, &bdev);
		if (!a || !b) {
			json_decref(a);
			json_decref(b);
			continue;
		}
		/* not json_pack(): parsing its format costs more than the object, 300,000 times */
		o = json_object();
		json_object_set_new(o, "a", a);
		json_object_set_new(o, "b", b);
		if (json_is_string(source))
			json_object_set(o, "source", source);
		port = fa_topo_find_port(topo, adev, json_string_value(json_object_get(a, "port")));
		speed = json_object_get(port, "speed");
		if (json_is_integer(speed))
			json_object_set(o, "speed", (json_t *)speed);
		json_array_append_new(list, o);
	}
	return list;
}

/* The node of an InfiniBand port: its key (switches share a GUID on all ports) and name. */
static const char *fa_ib_node_key(const json_t *port, const char **ret_name, bool *ret_switch)
{
	const json_t *ib = json_object_get(port, "ib");
	const char *type = json_string_value(json_object_get(ib, "node_type"));

	*ret_name = json_string_value(json_object_get(ib, "node_name"));
	*ret_switch = type && strcmp(type, "switch") == 0;
	return json_string_value(json_object_get(ib, "port_guid"));
}

/* The nodes @a and @b that link @l joins on device @dev (node indices in @ports). */
static bool fa_topology_ib_link(const json_t *l, const char *dev, const json_t *ports,
				size_t *a, size_t *b)
{
	const json_t *va = json_object_get(ports, fa_report_str_at(l, "a", "port"));
	const json_t *vb = json_object_get(ports, fa_report_str_at(l, "b", "port"));

	if (strcmp(fa_report_str_at(l, "a", "device"), dev) != 0 ||
	    strcmp(fa_report_str_at(l, "b", "device"), dev) != 0 || !json_is_integer(va) ||
	    !json_is_integer(vb))
		return false;
	*a = (size_t)json_integer_value(va);
	*b = (size_t)json_integer_value(vb);
	return true;
}

/*
 * Add the nodes of InfiniBand device @i (named @dev) to @devices and record, in @ports, the
 * node name of each port.  Returns false (adding nothing) when its ports name no nodes.
 */
static bool fa_topology_ib(const json_t *snapshot, const struct fa_topo *topo, size_t i,
			   const char *dev, json_t *devices, json_t *ports)
{
	const json_t *d = fa_topo_device(topo, i), *p, *l, *status = json_object_get(d, "status");
	json_t *keys = json_object(), *names = json_object(), *nodes = json_array(), *v;
	const char *key, *name;
	size_t k, n, *dist, *queue, head = 0, tail = 0, *first, *adj, *fill, a, b, e;
	bool sw;

	json_array_foreach(json_object_get(d, "ports"), k, p) {
		key = fa_ib_node_key(p, &name, &sw);
		if (!key || !name || !json_string_value(json_object_get(p, "name")))
			continue;
		v = json_object_get(keys, key);
		if (!v) {
			v = json_integer((json_int_t)json_array_size(nodes));
			json_object_set_new(keys, key, v);
			json_array_append_new(nodes, json_pack("{s:s,s:s,s:s,s:b}", "name", name,
							       "key", key, "platform", "ib-fabric",
							       "switch", sw));
			json_object_set_new(names, name, json_integer(json_integer_value(
							      json_object_get(names, name)) + 1));
		}
		json_object_set(ports, json_string_value(json_object_get(p, "name")), v);
	}
	n = json_array_size(nodes);
	if (n == 0)
		goto out;
	/* hop counts from the adapters, over the fabric's links */
	dist = fa_xcalloc(n + 1, sizeof(*dist));
	queue = fa_xcalloc(n + 1, sizeof(*queue));
	first = fa_xcalloc(n + 2, sizeof(*first));
	fill = fa_xcalloc(n + 1, sizeof(*fill));
	adj = fa_xcalloc(2 * json_array_size(json_object_get(snapshot, "links")) + 1, sizeof(*adj));
	/* the links between two of its nodes, counted, then placed (CSR) */
	for (k = 0; k < 2; k++) {
		json_array_foreach(json_object_get(snapshot, "links"), e, l) {
			if (!fa_topology_ib_link(l, dev, ports, &a, &b))
				continue;
			if (k == 0) {
				first[a + 1]++;
				first[b + 1]++;
			} else {
				adj[first[a] + fill[a]++] = b;
				adj[first[b] + fill[b]++] = a;
			}
		}
		if (k == 0)
			for (e = 1; e <= n; e++)
				first[e] += first[e - 1];
	}
	for (k = 0; k < n; k++)
		dist[k] = (size_t)-1;
	for (k = 0; k < n; k++)
		if (!json_is_true(json_object_get(json_array_get(nodes, k), "switch"))) {
			dist[k] = 0;
			queue[tail++] = k;
		}
	while (head < tail) {
		a = queue[head++];
		for (e = first[a]; e < first[a + 1]; e++)
			if (dist[adj[e]] == (size_t)-1) {
				dist[adj[e]] = dist[a] + 1;
				queue[tail++] = adj[e];
			}
	}
	json_array_foreach(nodes, k, v) {
		json_t *o = json_object();
		const char *nm = json_string_value(json_object_get(v, "name"));
		char *unique = NULL;

		/* two nodes of one description (a fault the rules report): tell them apart */
		if (json_integer_value(json_object_get(names, nm)) > 1)
			nm = unique = fa_xasprintf("%s %s", nm,
						   json_string_value(json_object_get(v, "key")));
		json_object_set_new(o, "name", json_string(nm));
		json_object_set_new(o, "kind", json_string(json_is_true(json_object_get(v, "switch")) ?
							   "switch" : "host"));
		json_object_set_new(o, "platform", json_string("ib-fabric"));
		json_object_set_new(o, "status", json_string(json_is_string(status) ?
							     json_string_value(status) : "ok"));
		if (dist[k] != (size_t)-1)
			json_object_set_new(o, "tier", json_integer((json_int_t)dist[k]));
		json_object_set_new(o, "via", json_string(dev));
		json_array_append(devices, o);
		json_array_set_new(nodes, k, o);
		free(unique);
	}
	/* port name -> node name */
	{
		const char *pn;
		json_t *ix, *tmp;

		json_object_foreach_safe(ports, tmp, pn, ix)
			json_object_set(ports, pn, json_object_get(json_array_get(nodes,
						(size_t)json_integer_value(ix)), "name"));
	}
	free(dist);
	free(queue);
	free(first);
	free(fill);
	free(adj);
out:
	json_decref(keys);
	json_decref(names);
	json_decref(nodes);
	return n > 0;
}

json_t *fa_topology_json(const json_t *snapshot, const struct fa_topo *topo)
{
	json_t *devices = fa_topology_devices(topo), *ib = json_object(), *ports, *links;
	const char *dev;
	size_t i, n = fa_topo_ndevs(topo);

	for (i = 0; i < n; i++) {
		dev = json_string_value(json_object_get(fa_topo_device(topo, i), "name"));
		if (!dev || !fa_topo_device_ok(topo, i))
			continue;
		ports = json_object();
		if (fa_topology_ib(snapshot, topo, i, dev, devices, ports))
			json_object_set_new(ib, dev, ports);
		else
			json_decref(ports);
	}
	links = fa_topology_links(snapshot, topo, ib);
	json_decref(ib);
	return json_pack("{s:o,s:o}", "devices", devices, "links", links);
}
