/* SPDX-License-Identifier: MIT */
/*
 * LLDP neighbours to links.  Devices are indexed once by every name they answer to, so the
 * work is linear in the number of ports.
 */
#include "config.h"

#include <ctype.h>
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

json_t *fa_links_from_lldp(const json_t *devices)
{
	json_t *index = json_object(), *seen = json_object(), *out = json_array();
	json_t *d, *p;
	size_t i, j;

	json_array_foreach(devices, i, d) {
		fa_index_name(index, fa_get_str(d, "name"), d);
	}
	json_array_foreach(devices, i, d) {
		fa_index_name(index, fa_get_str(d, "hostname"), d);
	}
	json_array_foreach(devices, i, d) {
		const char *dname = fa_get_str(d, "name");

		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *sys = fa_get_str(p, "lldp.system_name");
			const char *pname = fa_get_str(p, "name"), *peer_port;
			const char *ad, *ap, *bd, *bp;
			json_t *peer, *link;
			char *key;

			if (!sys || !pname)
				continue;
			peer = fa_find_device(index, sys);
			if (!peer || peer == d)
				continue;
			peer_port = fa_find_port(peer, fa_get_str(p, "lldp.port_id"),
						 fa_get_str(p, "lldp.port_description"));
			if (!peer_port)
				continue;
			ad = dname, ap = pname, bd = fa_get_str(peer, "name"), bp = peer_port;
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
				json_object_set_new(link, "source", json_string("lldp"));
				json_array_append_new(out, link);
			}
			free(key);
		}
	}
	fa_links_sort(out);
	json_decref(index);
	json_decref(seen);
	return out;
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
