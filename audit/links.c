/* SPDX-License-Identifier: MIT */
/*
 * LLDP neighbours to links.  Devices are indexed once by every name they answer to, so the
 * work is linear in the number of ports.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/links.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

/* "leaf01.example.com" -> "leaf01"; new string. */
static char *fa_short_name(const char *name)
{
	const char *dot = strchr(name, '.');

	return dot ? fa_xstrndup(name, (size_t)(dot - name)) : fa_xstrdup(name);
}

static void fa_index_name(json_t *index, const char *name, json_t *device)
{
	char *s;

	if (!name || !*name)
		return;
	if (!json_object_get(index, name))
		json_object_set(index, name, device);
	s = fa_short_name(name);
	if (!json_object_get(index, s))
		json_object_set(index, s, device);
	free(s);
}

static json_t *fa_find_device(const json_t *index, const char *name)
{
	json_t *d = json_object_get(index, name);
	char *s;

	if (d)
		return d;
	s = fa_short_name(name);
	d = json_object_get(index, s);
	free(s);
	return d;
}

static bool fa_mac_equal(const char *a, const char *b)
{
	if (!a || !b || strlen(a) != strlen(b))
		return false;
	for (; *a; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	return true;
}

/* The peer's port named by @port_id (name or MAC) or, failing that, by @descr (a name). */
static const char *fa_find_port(const json_t *device, const char *port_id, const char *descr)
{
	json_t *ports = json_object_get(device, "ports"), *p;
	size_t i;

	if (port_id && fa_device_find_port(device, port_id))
		return port_id;
	json_array_foreach(ports, i, p) {
		if (port_id && fa_mac_equal(fa_get_str(p, "mac"), port_id))
			return fa_get_str(p, "name");
	}
	if (descr && fa_device_find_port(device, descr))
		return descr;
	return NULL;
}

static json_t *fa_link_end(const char *device, const char *port)
{
	json_t *e = json_object();

	json_object_set_new(e, "device", json_string(device));
	json_object_set_new(e, "port", json_string(port));
	return e;
}

static int fa_end_cmp(const char *d1, const char *p1, const char *d2, const char *p2)
{
	int c = strcmp(d1, d2);

	return c ? c : fa_natural_cmp(p1, p2);
}

static int fa_link_cmp(const void *x, const void *y)
{
	const json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	int c = fa_end_cmp(fa_get_str(a, "a.device"), fa_get_str(a, "a.port"),
			   fa_get_str(b, "a.device"), fa_get_str(b, "a.port"));

	return c ? c : fa_end_cmp(fa_get_str(a, "b.device"), fa_get_str(a, "b.port"),
				  fa_get_str(b, "b.device"), fa_get_str(b, "b.port"));
}

void fa_links_sort(json_t *links)
{
	size_t i, n = json_array_size(links);
	json_t **sorted = fa_xcalloc(n ? n : 1, sizeof(*sorted));

	for (i = 0; i < n; i++)
		sorted[i] = json_incref(json_array_get(links, i));
	qsort(sorted, n, sizeof(*sorted), fa_link_cmp);
	json_array_clear(links);
	for (i = 0; i < n; i++)
		json_array_append_new(links, sorted[i]);
	free(sorted);
}

/* Add the link a-b once (ordered, deduplicated through @seen). */
static void fa_link_add(json_t *out, json_t *seen, const char *ad, const char *ap,
			const char *bd, const char *bp, const char *source)
{
	json_t *link;
	char *key;

	if (fa_end_cmp(ad, ap, bd, bp) > 0) {
		const char *t;

		t = ad, ad = bd, bd = t;
		t = ap, ap = bp, bp = t;
	}
	key = fa_xasprintf("%s\x1f%s\x1f%s\x1f%s", ad, ap, bd, bp);
	if (!json_object_get(seen, key)) {
		json_object_set_new(seen, key, json_true());
		link = json_object();
		json_object_set_new(link, "a", fa_link_end(ad, ap));
		json_object_set_new(link, "b", fa_link_end(bd, bp));
		json_object_set_new(link, "source", json_string(source));
		json_array_append_new(out, link);
	}
	free(key);
}

/* A chassis id as an index key: MACs are printed in either case. */
static char *fa_chassis_key(const char *id)
{
	char *k = fa_xstrdup(id), *c;

	for (c = k; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return k;
}

/* Devices by the chassis id they advertise; one that two devices claim names neither. */
static json_t *fa_index_chassis(const json_t *devices)
{
	json_t *index = json_object(), *d;
	size_t i;

	json_array_foreach(devices, i, d) {
		const char *id = fa_get_str(d, "lldp.chassis_id");
		char *k;

		if (!id || !*id)
			continue;
		k = fa_chassis_key(id);
		json_object_set(index, k, json_object_get(index, k) ? json_null() : d);
		free(k);
	}
	return index;
}

/* The device a port's neighbour is: by the system name it sent, else by its chassis id. */
static json_t *fa_find_neighbour(const json_t *names, const json_t *chassis, const json_t *port)
{
	const char *sys = fa_get_str(port, "lldp.system_name");
	const char *id = fa_get_str(port, "lldp.chassis_id");
	json_t *d = sys ? fa_find_device(names, sys) : NULL;
	char *k;

	if (d || !id)
		return d;
	k = fa_chassis_key(id);
	d = json_object_get(chassis, k);
	free(k);
	return json_is_object(d) ? d : NULL;
}

json_t *fa_links_from_lldp(const json_t *devices)
{
	json_t *index = json_object(), *seen = json_object(), *out = json_array();
	json_t *chassis = fa_index_chassis(devices);
	json_t *d, *p;
	size_t i, j;

	json_array_foreach(devices, i, d) {
		fa_index_name(index, fa_get_str(d, "name"), d);
	}
	json_array_foreach(devices, i, d) {
		fa_index_name(index, fa_get_str(d, "hostname"), d);
	}
	json_array_foreach(devices, i, d) {
		fa_index_name(index, fa_get_str(d, "lldp.system_name"), d);
	}
	json_array_foreach(devices, i, d) {
		const char *dname = fa_get_str(d, "name");

		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *pname = fa_get_str(p, "name"), *peer_port;
			json_t *peer;

			if (!pname)
				continue;
			peer = fa_find_neighbour(index, chassis, p);
			if (!peer || peer == d)
				continue;
			peer_port = fa_find_port(peer, fa_get_str(p, "lldp.port_id"),
						 fa_get_str(p, "lldp.port_description"));
			if (!peer_port)
				continue;
			fa_link_add(out, seen, dname, pname, fa_get_str(peer, "name"), peer_port,
				    "lldp");
		}
	}
	fa_links_sort(out);
	json_decref(index);
	json_decref(chassis);
	json_decref(seen);
	return out;
}

/* ---- InfiniBand --------------------------------------------------------------------- */

/* "0x...": the GUID's value, so "0x0002c9..." and "0x2c9..." are the same port. */
static bool fa_ib_guid_value(const char *s, unsigned long long *ret)
{
	char *end;

	if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !isxdigit((unsigned char)s[2]))
		return false;
	*ret = strtoull(s + 2, &end, 16);
	return *end == '\0';
}

static void fa_ib_key(char *buf, size_t size, unsigned long long guid, json_int_t port)
{
	snprintf(buf, size, "%llx/%lld", guid, (long long)port);
}

/* An end of a link: device name and port name (borrowed). */
struct fa_link_endpoint {
	const char *device;
	const char *port;
};

/*
 * Index of the ports that own a GUID: "guid/port" -> {"d": device name, "p": port name} for
 * hosts (nic.port_guid + nic.port) and for ports with ib.port_guid + ib.port_number but no
 * ib.peer (a device that is itself the node, not a fabric view).
 */
static json_t *fa_ib_owner_index(const json_t *devices)
{
	json_t *index = json_object(), *d, *p;
	size_t i, j;

	json_array_foreach(devices, i, d) {
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *g = fa_get_str(p, "nic.port_guid");
			json_int_t n;
			unsigned long long v;
			char key[48];
			json_t *owner;

			if (!(g && fa_get_int(p, "nic.port", &n))) {
				g = fa_get_str(p, "ib.port_guid");
				if (!g || !fa_get_int(p, "ib.port_number", &n) ||
				    fa_obj_get_path(p, "ib.peer"))
					continue;
			}
			if (!fa_ib_guid_value(g, &v) || !fa_get_str(p, "name"))
				continue;
			fa_ib_key(key, sizeof(key), v, n);
			if (json_object_get(index, key))
				continue;
			owner = json_object();
			json_object_set_new(owner, "d", json_string(fa_get_str(d, "name")));
			json_object_set_new(owner, "p", json_string(fa_get_str(p, "name")));
			json_object_set_new(index, key, owner);
		}
	}
	return index;
}

/* The owner of fabric port @p of device @d, or @d/@p itself. */
static struct fa_link_endpoint fa_ib_resolve(const json_t *owners, const json_t *d, const json_t *p)
{
	struct fa_link_endpoint e = { fa_get_str(d, "name"), fa_get_str(p, "name") };
	unsigned long long v;
	json_int_t n;
	char key[48];
	json_t *o;

	if (fa_ib_guid_value(fa_get_str(p, "ib.port_guid"), &v) &&
	    fa_get_int(p, "ib.port_number", &n)) {
		fa_ib_key(key, sizeof(key), v, n);
		o = json_object_get(owners, key);
		if (o && strcmp(json_string_value(json_object_get(o, "d")), e.device) != 0) {
			e.device = json_string_value(json_object_get(o, "d"));
			e.port = json_string_value(json_object_get(o, "p"));
		}
	}
	return e;
}

/* The port of @d that @p's ib.peer names, or NULL.  @by_guid and @by_lid index @d's ports. */
static const json_t *fa_ib_peer_port(const json_t *p, const json_t *by_guid, const json_t *by_lid)
{
	const char *g = fa_get_str(p, "ib.peer.port_guid");
	unsigned long long v;
	json_int_t n, lid;
	char key[48];

	if (!fa_get_int(p, "ib.peer.port_number", &n))
		return NULL;
	if (fa_ib_guid_value(g, &v)) {
		fa_ib_key(key, sizeof(key), v, n);
		return json_object_get(by_guid, key);
	}
	if (!fa_get_int(p, "ib.peer.lid", &lid))
		return NULL;
	snprintf(key, sizeof(key), "%lld/%lld", (long long)lid, (long long)n);
	return json_object_get(by_lid, key);
}

json_t *fa_links_from_ib(const json_t *devices)
{
	json_t *owners = fa_ib_owner_index(devices), *seen = json_object(), *out = json_array();
	json_t *d, *p;
	size_t i, j;

	json_array_foreach(devices, i, d) {
		json_t *by_guid = json_object(), *by_lid = json_object(), *dup = json_object();
		const char *dupkey;
		json_t *dupv;

		/* Index this device's fabric ports; a LID/port pair printed twice is not used. */
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			unsigned long long v;
			json_int_t n, lid;
			char key[48];

			if (!fa_get_int(p, "ib.port_number", &n))
				continue;
			if (fa_ib_guid_value(fa_get_str(p, "ib.port_guid"), &v)) {
				fa_ib_key(key, sizeof(key), v, n);
				json_object_set(by_guid, key, p);
			}
			if (fa_get_int(p, "ib.lid", &lid)) {
				snprintf(key, sizeof(key), "%lld/%lld", (long long)lid, (long long)n);
				if (json_object_get(by_lid, key))
					json_object_set_new(dup, key, json_true());
				json_object_set(by_lid, key, p);
			}
		}
		json_object_foreach(dup, dupkey, dupv)
			json_object_del(by_lid, dupkey);
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const json_t *q;
			struct fa_link_endpoint a, b;

			if (!fa_obj_get_path(p, "ib.peer") || !fa_get_str(p, "name"))
				continue;
			q = fa_ib_peer_port(p, by_guid, by_lid);
			if (!q || q == p || !fa_get_str(q, "name"))
				continue;
			a = fa_ib_resolve(owners, d, p);
			b = fa_ib_resolve(owners, d, q);
			if (strcmp(a.device, b.device) == 0 && strcmp(a.port, b.port) == 0)
				continue;
			fa_link_add(out, seen, a.device, a.port, b.device, b.port, "ib");
		}
		json_decref(by_guid);
		json_decref(by_lid);
		json_decref(dup);
	}
	fa_links_sort(out);
	json_decref(owners);
	json_decref(seen);
	return out;
}

void fa_links_merge(json_t *links, json_t *more)
{
	json_array_extend(links, more);
	json_decref(more);
	fa_links_sort(links);
}
